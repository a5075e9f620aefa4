"""The outside systems Intake writes to, and which of them this installation uses.

A write is queued only for a system that is configured (an office without an
accounting webhook piles up nothing). The changes that queue writes (a PO
verified, a batch gone dead) run deep inside domain functions that are not
handed Settings, so each process states its systems once at start-up
(`configure`, called with the Huey instance's own: the web app, the worker
and `intake sweep` all make it). The sweep and the sender take Settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.config import Settings

ACCOUNTING = "accounting"
ALERT_WEBHOOK = "alert_webhook"
ALERT_EMAIL = "alert_email"
ALL = (ACCOUNTING, ALERT_WEBHOOK, ALERT_EMAIL)
ALERTS = (ALERT_WEBHOOK, ALERT_EMAIL)
NAMES = {
    ACCOUNTING: "Accounting system",
    ALERT_WEBHOOK: "Alert webhook",
    ALERT_EMAIL: "Alert email",
}


@dataclass(frozen=True)
class Configured:
    systems: frozenset[str] = frozenset()
    # Where a link in an alert points: INTAKE_PUBLIC_URL, else the link is a path.
    public_url: str = ""


_configured = Configured()


def enabled_in(settings: Settings) -> frozenset[str]:
    """The systems these settings give an address to."""
    addresses = {
        ACCOUNTING: settings.accounting_url,
        ALERT_WEBHOOK: settings.alert_webhook_url,
        ALERT_EMAIL: settings.smtp_url and settings.alert_email_to,
    }
    return frozenset(system for system, address in addresses.items() if address)


def configure(settings: Settings) -> None:
    global _configured
    _configured = Configured(enabled_in(settings), settings.public_url)


def enabled(system: str) -> bool:
    return system in _configured.systems


def link(path: str) -> str:
    """A link to one of Intake's pages, for a message read outside Intake."""
    return _configured.public_url + path
