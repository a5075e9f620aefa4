"""Time as Intake stores it: UTC, ISO-8601, one fixed-width format.

One format everywhere means stored times compare correctly as strings.
"""

from __future__ import annotations

from datetime import UTC, datetime

FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """2026-08-19T10:42:00.123Z: milliseconds, always 24 characters."""
    return moment.astimezone(UTC).strftime(FORMAT)[:-4] + "Z"


def parse(text: str) -> datetime:
    return datetime.strptime(text[:-1] + "000Z", FORMAT).replace(tzinfo=UTC)
