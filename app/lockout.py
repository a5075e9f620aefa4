"""Sign-in lockout: too many failed sign-ins for one account, or from one address,
and sign-in is refused until a stated time.

A sliding window: each failure is a row, and a key (an email, or an address)
is locked while it has LIMIT failures within WINDOW; the lock ends WINDOW
after the oldest of those. Unknown emails are counted like known ones, so a
lockout tells nobody whether an account exists. Rows older than the window
are deleted as new ones arrive. A successful sign-in clears its account's
failures, never its address's, so one valid account cannot reset the address
limit for guessing at others.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlite_utils import Database

from app import clock
from app.auth import normalise_email
from app.db import immediate, rows

WINDOW = timedelta(minutes=15)
LIMITS = {"account": 5, "address": 20}


def _keys(email: str, address: str | None) -> dict[str, str]:
    keys = {"account": normalise_email(email)}
    if address:
        keys["address"] = address
    return keys


def locked_until(db: Database, email: str, address: str | None, now: datetime) -> datetime | None:
    """When sign-in opens again for this email or address; None when it is open now."""
    until = None
    for scope, key in _keys(email, address).items():
        limit = LIMITS[scope]
        recent = rows(
            db,
            "SELECT at FROM sign_in_failures WHERE scope = :scope AND key = :key AND at > :since"
            " ORDER BY at DESC LIMIT :limit",
            {"scope": scope, "key": key, "since": clock.iso(now - WINDOW), "limit": limit},
        )
        if len(recent) >= limit:
            opens = clock.parse(recent[-1]["at"]) + WINDOW
            until = max(until, opens) if until else opens
    return until


def record_failure(db: Database, email: str, address: str | None, now: datetime) -> None:
    with immediate(db):
        db.conn.execute(
            "DELETE FROM sign_in_failures WHERE at <= :cutoff", {"cutoff": clock.iso(now - WINDOW)}
        )
        for scope, key in _keys(email, address).items():
            db.conn.execute(
                "INSERT INTO sign_in_failures (scope, key, at) VALUES (:scope, :key, :at)",
                {"scope": scope, "key": key, "at": clock.iso(now)},
            )


def clear_account(db: Database, email: str) -> None:
    db.conn.execute(
        "DELETE FROM sign_in_failures WHERE scope = 'account' AND key = :key",
        {"key": normalise_email(email)},
    )
