"""How an extracted document becomes a record: once, under its batch's claim, its file moved.

Every document type (purchase orders, delivery notes) says how to write its
own record; `land()` runs that inside one transaction fenced by the batch's
claim, marks the batch processed and closes its dead-batch review. The
document is copied to its record's folder during the write and the upload
removed only after the commit; if anything fails, the copy goes and the
upload stays, so a retry finds it. It also reads a payload's plain fields
the same way for every type. It knows nothing of what a record holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from app import numbers, queue, review_items, storage
from app.config import Settings
from app.db import immediate
from app.queue import Claim


class InvalidPayload(ValueError):
    """The extracted data cannot become a record; `problems` lists each reason."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(" ".join(problems))


class ClaimLost(Exception):
    """The batch was reset and claimed again while this attempt ran: write nothing."""


@dataclass
class Filing:
    """The document of one import under way, and where it was copied to (if it was)."""

    settings: Settings
    claim: Claim
    placed: str | None = None

    def place(self, folder: str, record_id: str) -> str:
        """Copy the upload to the new record's folder; the copy goes again if the import fails."""
        name = storage.stored_name(record_id, self.claim.content_type)
        self.placed = storage.place_copy(self.settings, self.claim.file_path, folder, name)
        return self.placed


@dataclass(frozen=True)
class Landed:
    record_id: str
    created: bool  # False: the number was known, and nothing new was written for it
    warnings: list[str]  # as the batch keeps them


def land(
    db: Database,
    filing: Filing,
    write: Callable[[], tuple[str, list[str]]],
    *,
    batch_type: str,
    payload: dict,
    now: datetime,
    actor: str | None = None,
) -> Landed:
    """Run `write` (it returns the record's id and the batch's warnings) as the batch's import.

    `actor` is the person who typed the document in, if one did.
    """
    claim = filing.claim
    try:
        with immediate(db):
            if not queue.holds_claim(db, claim):
                raise ClaimLost(claim.batch_id)
            record_id, warnings = write()
            if not queue.mark_processed(
                db,
                claim,
                record_id=record_id,
                warnings=warnings,
                extracted=payload,
                file_path=filing.placed or claim.file_path,
                now=now,
                batch_type=batch_type,
            ):
                raise ClaimLost(claim.batch_id)
            review_items.close_open(
                db,
                "batch.dead",
                "batch",
                claim.batch_id,
                resolution="entered_by_hand" if actor else "processed",
                actor=actor,
                now=now,
            )
    except BaseException:
        if filing.placed:
            storage.remove(filing.settings, filing.placed)
        raise
    if filing.placed:
        storage.remove(filing.settings, claim.file_path)
    return Landed(record_id, filing.placed is not None, warnings)


@dataclass
class ItemLine:
    """What an item line of any document type holds; each type adds its own figures."""

    line_no: int
    item_code: str
    description: str
    quantity: str
    unit: str


def revision_received(
    db: Database,
    record_history: Callable[..., None],
    claim: Claim,
    now: datetime,
    *,
    kind: str,
    entity: str,
    record_id: str,
    evidence: dict,
    money: int = 0,
    currency: str | None = None,
) -> str:
    """Inside the import: a known record arrived with other contents. Its review item opens
    (`evidence` says what `changed`) and the owner's `record_history` notes it."""
    review_items.open_item(db, kind, entity, record_id, evidence, money, now, currency)
    record_history(
        db,
        record_id,
        "revision_received",
        now,
        actor=claim.uploaded_by,
        note=f"batch {claim.batch_id} differs: {', '.join(evidence['changed'])}",
    )
    return "revision"


# --- reading a payload's fields --------------------------------------------------------


def fields(payload: object) -> dict:
    """The payload's fields; InvalidPayload when it is not a JSON object."""
    if not isinstance(payload, dict):
        raise InvalidPayload(["The extracted data must be a JSON object."])
    return payload


def text(payload: dict, key: str, limit: int = 500) -> str:
    """A text field, trimmed and cut to `limit` characters; "" when absent."""
    value = payload.get(key)
    return "" if value is None else str(value).strip()[:limit]


def day(payload: dict, key: str, what: str, problems: list[str]) -> str | None:
    """A date field as YYYY-MM-DD; None when absent, a problem (naming `what`) when unreadable."""
    if not text(payload, key):
        return None
    try:
        return numbers.parse_date(text(payload, key))
    except ValueError:
        problems.append(f"The {what} {payload[key]!r} is not a date.")
        return None


def item_list(payload: dict, problems: list[str]) -> list:
    """The payload's items as it gave them; a problem when they are not a list."""
    raw_items = payload.get("items") or []
    if not isinstance(raw_items, list):
        problems.append("The items must be a list.")
        return []
    return raw_items


def numbered_items(raw_items: list, problems: list[str]) -> Iterator[tuple[int, dict]]:
    """(line number, item) for each item that is an object; a problem for each that is not."""
    for line_no, raw in enumerate(raw_items, start=1):
        if isinstance(raw, dict):
            yield line_no, raw
        else:
            problems.append(f"Item {line_no} must be an object.")


def item_words(raw: dict) -> dict:
    """An item's code, description and unit, as every document type keeps them."""
    return {
        "item_code": text(raw, "item_code", 100),
        "description": text(raw, "description", 2000),
        "unit": text(raw, "unit", 40),
    }


def quantity(raw: dict, key: str, line_no: int, problems: list[str]) -> str | None:
    """An item's quantity as decimal text; None, and a problem, when it is not a number."""
    try:
        return numbers.parse_quantity(raw.get(key))
    except ValueError:
        problems.append(f"Item {line_no}: the quantity {raw.get(key)!r} is not a number.")
        return None
