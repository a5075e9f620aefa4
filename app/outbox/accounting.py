"""The accounting system's webhook: what is sent, and what its answers mean.

`POST {INTAKE_ACCOUNTING_URL}` with the write's JSON body, headers
`Idempotency-Key` and, with INTAKE_ACCOUNTING_SECRET, `X-Intake-Signature:
sha256=<HMAC of the body>`. A 2xx answer `{"id": ...}` (or 409 with the id:
it had the write already) means it has it. The look-up `GET
{url}?idempotency_key=<key>` answers 200 `{"id": ...}` when it has the write
and 404 when it never had it. The contract is in docs/outbox.md.

What the PO and DN events carry is decided here too (`po_verified`,
`dn_verified`), called inside the transaction that verifies the record.
"""

from __future__ import annotations

import json
from datetime import datetime
from urllib.parse import urlencode

from sqlite_utils import Database

from app.config import Settings
from app.delivery_notes import record as dn_record
from app.delivery_notes import store as dn_store
from app.outbox import store, systems, transport
from app.outbox.states import Answer
from app.outbox.store import Attempt, Claim
from app.purchase_orders import record as po_record
from app.purchase_orders import store as po_store

PO_VERIFIED = "purchase_order.verified"
DN_VERIFIED = "delivery_note.verified"


# --- what is queued --------------------------------------------------------------------


def po_verified(db: Database, po_id: str, actor: str | None, now: datetime) -> dict | None:
    """Inside the verification: the PO as the API shows it, for the accounting system.

    Its key counts the PO's verifications, so a PO verified again after an edit is a new write.
    """
    if not systems.enabled(systems.ACCOUNTING):
        return None
    key = f"po:{po_id}:v{po_store.verification_count(db, po_id)}"
    body = po_record.as_json(po_record.po_record(db, po_id))
    return _queue(db, PO_VERIFIED, "purchase_order", po_id, key, body, actor, now)


def dn_verified(db: Database, dn_id: str, actor: str | None, now: datetime) -> dict | None:
    """Inside the verification: the delivery note as the API shows it."""
    if not systems.enabled(systems.ACCOUNTING):
        return None
    key = f"dn:{dn_id}:v{dn_store.verification_count(db, dn_id)}"
    body = dn_record.as_json(dn_record.dn_record(db, dn_id))
    return _queue(db, DN_VERIFIED, "delivery_note", dn_id, key, body, actor, now)


def _queue(db, action, entity, record_id, key, body, actor, now) -> dict:
    request = {"event": action, "idempotency_key": key, entity: body}
    return store.queue_write(
        db,
        system=systems.ACCOUNTING,
        action=action,
        entity=entity,
        record_id=record_id,
        key=key,
        request=request,
        now=now,
        created_by=actor,
    )


# --- sending ---------------------------------------------------------------------------


class Accounting:
    """The adapter the sender uses for the accounting system."""

    system = systems.ACCOUNTING
    spacing = None

    def __init__(self, settings: Settings):
        self.url = settings.accounting_url
        self.secret = settings.accounting_secret
        self.timeout = settings.outbox_timeout

    def _headers(self, key: str, signed: bytes) -> dict[str, str]:
        headers = {"Idempotency-Key": key}
        if self.secret:
            headers["X-Intake-Signature"] = transport.signature(self.secret, signed)
        return headers

    def send(self, claim: Claim) -> Attempt:
        body = claim.request.encode()
        headers = self._headers(claim.key, body) | {"Content-Type": "application/json"}
        reply = transport.exchange("POST", self.url, body, headers, self.timeout)
        return _attempt("send", reply, _sent(reply))

    def look_up(self, claim: Claim) -> Attempt:
        """Does the other side have this write? The signature is over the key itself."""
        separator = "&" if "?" in self.url else "?"
        url = self.url + separator + urlencode({"idempotency_key": claim.key})
        reply = transport.exchange(
            "GET", url, None, self._headers(claim.key, claim.key.encode()), self.timeout
        )
        if reply.status == 404:
            return _attempt("lookup", reply, (Answer.NOT_FOUND, None, ""))
        found = _id(reply) if reply.status == 200 else None
        if found:
            return _attempt("lookup", reply, (Answer.ACCEPTED, found, ""))
        return _attempt("lookup", reply, (Answer.UNKNOWN, None, _unclear(reply, "look-up")))


def _id(reply: transport.Exchange) -> str | None:
    """The id in a JSON answer `{"id": ...}`, as text; None when there is none."""
    try:
        found = json.loads(reply.body).get("id")
    except (ValueError, AttributeError):
        return None
    return str(found) if found not in (None, "") and not isinstance(found, (dict, list)) else None


def _sent(reply: transport.Exchange) -> tuple[Answer, str | None, str]:
    """What a send's reply means: (answer, external id, error sentence)."""
    if reply.succeeded or reply.status == 409:
        found = _id(reply)
        if found:
            return Answer.ACCEPTED, found, ""
        return Answer.UNKNOWN, None, _unclear(reply, "write")
    refusal = f"The accounting system refused the write ({reply.status}): {reply.text[:300]}"
    answer, error = transport.not_taken(reply, "The accounting system", refusal)
    return answer, None, error


def _unclear(reply: transport.Exchange, what: str) -> str:
    if reply.status is None:
        return reply.error
    return f"The accounting system answered the {what} with {reply.status} and no id."


def _attempt(kind: str, reply: transport.Exchange, meaning) -> Attempt:
    answer, external_id, error = meaning
    return Attempt(
        kind=kind,
        answer=answer,
        status_code=reply.status,
        text=reply.text,
        error=error,
        duration_ms=reply.duration_ms,
        external_id=external_id,
    )
