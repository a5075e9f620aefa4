"""Alerts: a dead batch told to a person, by a Slack-compatible webhook and by email.

Both channels are outbox systems, so an alert is queued in the transaction
that killed the batch and is neither lost nor sent twice by a crash after the
other side answered. The webhook gets `{"text": ...}` per dead batch. Email is
spaced: at most one per INTAKE_ALERT_DIGEST_SECONDS (15 minutes), and the dead
batches of the meantime join the next one, a digest. Neither channel can be
asked whether it already has a message, so a send whose outcome was unknown
is sent again (an email of the same alerts with the same Message-ID, which mail
programs show once).
"""

from __future__ import annotations

import hashlib
import json
import smtplib
import socket
import ssl
import time
from datetime import datetime, timedelta
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from sqlite_utils import Database

from app.config import Settings
from app.outbox import store, systems, transport
from app.outbox.states import Answer
from app.outbox.store import Attempt, Claim

BATCH_DEAD = "alert.batch_dead"


def queue_batch_dead(
    db: Database, batch_id: str, filename: str, error: str, now: datetime
) -> list[dict]:
    """Inside the transaction that killed the batch: an alert on each configured channel."""
    link = systems.link(f"/batches/{batch_id}")
    queued = []
    for system in systems.ALERTS:
        if not systems.enabled(system):
            continue
        # Numbered: a batch retried and dead again is a new alert.
        n = store.count_writes(db, system, BATCH_DEAD, "batch", batch_id) + 1
        key = f"{system}:batch:{batch_id}:dead:{n}"
        if system == systems.ALERT_WEBHOOK:
            request = {"text": f"Intake could not import {filename}: {error} {link}"}
        else:
            request = {"batch_id": batch_id, "filename": filename, "error": error, "link": link}
        queued.append(
            store.queue_write(
                db,
                system=system,
                action=BATCH_DEAD,
                entity="batch",
                record_id=batch_id,
                key=key,
                request=request,
                now=now,
            )
        )
    return queued


class Webhook:
    """A Slack-compatible incoming webhook: POST {"text": ...}; any 2xx means it took it."""

    system = systems.ALERT_WEBHOOK
    spacing = None

    def __init__(self, settings: Settings):
        self.url = settings.alert_webhook_url
        self.timeout = settings.outbox_timeout

    def send(self, claim: Claim) -> Attempt:
        headers = {"Content-Type": "application/json", "Idempotency-Key": claim.key}
        reply = transport.exchange("POST", self.url, claim.request.encode(), headers, self.timeout)
        if reply.succeeded:
            answer, error = Answer.ACCEPTED, ""
        else:
            refusal = f"The webhook refused the alert ({reply.status})."
            answer, error = transport.not_taken(reply, "The webhook", refusal)
        return Attempt(
            "send",
            answer,
            reply.status,
            reply.text,
            error,
            reply.duration_ms,
            # A chat message has no id of its own here: the key is what the channel took.
            external_id=claim.key if answer == Answer.ACCEPTED else None,
        )


class Email:
    """Alert emails over SMTP (`smtp://[user:password@]host[:port]`, or `smtps://`), spaced."""

    system = systems.ALERT_EMAIL

    def __init__(self, settings: Settings):
        self.url = urlsplit(settings.smtp_url)
        self.to = [address.strip() for address in settings.alert_email_to.split(",") if address]
        self.sender = settings.alert_email_from or f"intake@{socket.getfqdn()}"
        self.timeout = settings.outbox_timeout
        self.spacing = timedelta(seconds=settings.alert_digest_seconds)

    def message(self, claims: list[Claim]) -> EmailMessage:
        alerts = [json.loads(claim.request) for claim in claims]
        message = EmailMessage()
        if len(alerts) == 1:
            message["Subject"] = f"Intake could not import {alerts[0]['filename']}"
        else:
            message["Subject"] = f"Intake could not import {len(alerts)} documents"
        message["From"] = self.sender
        message["To"] = ", ".join(self.to)
        # The same alerts sent again are the same email: mail programs show one.
        keys = "|".join(sorted(claim.key for claim in claims))
        message["Message-ID"] = f"<{hashlib.sha256(keys.encode()).hexdigest()[:40]}@intake>"
        lines = ["These documents could not be imported and wait for a person:", ""]
        for alert in alerts:
            lines += [f"- {alert['filename']}", f"  {alert['error']}", f"  {alert['link']}", ""]
        message.set_content("\n".join(lines))
        return message

    def send_all(self, claims: list[Claim]) -> Attempt:
        """One email for every claimed alert: the digest."""
        message = self.message(claims)
        started = time.monotonic()
        answer, code, error = self._deliver(message)
        return Attempt(
            "send",
            answer,
            code,
            f"{len(claims)} alert(s) in one email",
            error,
            round((time.monotonic() - started) * 1000),
            external_id=message["Message-ID"] if answer == Answer.ACCEPTED else None,
        )

    def _deliver(self, message: EmailMessage) -> tuple[Answer, int | None, str]:
        host, port = self.url.hostname or "", self.url.port
        secure = self.url.scheme == "smtps"
        kind = smtplib.SMTP_SSL if secure else smtplib.SMTP
        try:
            client = kind(host, port or (465 if secure else 25), timeout=self.timeout)
        except OSError as exc:
            return Answer.NOT_RECEIVED, None, f"Could not connect to {self.url.netloc}: {exc}."
        try:
            with client:
                self._sign_in(client)
                client.send_message(message)
            return Answer.ACCEPTED, 250, ""
        except smtplib.SMTPAuthenticationError as exc:
            return Answer.REFUSED, exc.smtp_code, f"The mail server refused the sign-in: {exc}."
        except smtplib.SMTPRecipientsRefused as exc:
            return Answer.REFUSED, None, f"The mail server refused the recipients: {exc}."
        except smtplib.SMTPResponseException as exc:
            answer = Answer.NOT_RECEIVED if 400 <= exc.smtp_code < 500 else Answer.REFUSED
            return answer, exc.smtp_code, f"The mail server answered {exc.smtp_code}: {exc}."
        except (OSError, smtplib.SMTPException) as exc:
            return Answer.UNKNOWN, None, f"The mail server stopped answering: {exc}."

    def _sign_in(self, client: smtplib.SMTP) -> None:
        if not self.url.username:
            return
        if not isinstance(client, smtplib.SMTP_SSL):
            client.starttls(context=ssl.create_default_context())
        client.login(unquote(self.url.username), unquote(self.url.password or ""))
