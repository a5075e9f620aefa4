"""A person's Retry and Discard on one batch, with the rule on whose batches staff may act.

Staff act on the batches of their own uploads, administrators on any: a
dead batch is retried or its PO entered by hand (the review queue's
`hand_entry`) by the person who uploaded it or by an administrator, never
by another member of staff. Discarding is an administrator's only.

Shared by the status pill, the admin pages, the review queue and the API.
The state change is the queue's fenced one; a retried batch is announced to
the workers. A refusal is a sentence: `NotYours` (someone else's upload) or
`NotNow` (the batch's state does not allow it).
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import queue, queue_reads
from app.enqueue import enqueue


class NotYours(PermissionError):
    """Staff act only on their own uploads."""


def may_act(user: dict, batch: dict) -> bool:
    """Whether this person may retry the batch or enter its PO by hand."""
    return user["role"] == "admin" or batch["uploaded_by"] == user["id"]


def check_may_act(user: dict, batch: dict) -> None:
    if not may_act(user, batch):
        raise NotYours(
            "Staff can retry or enter by hand only their own uploads;"
            " the uploader or an administrator can do it."
        )


class NotNow(ValueError):
    """The batch's state does not allow this now; the message says which state it is in."""


def retry(db: Database, user: dict, batch: dict, now: datetime) -> dict:
    """Retry a failed or dead batch with fresh attempts; the batch as it is afterwards."""
    check_may_act(user, batch)
    if not queue.retry_batch(db, batch["id"], now, user["id"]):
        raise NotNow(
            f"This batch is {batch['status']}; only a failed or dead batch can be retried."
        )
    enqueue(batch["id"])
    return queue_reads.get_batch(db, batch["id"])


def discard(db: Database, user: dict, batch: dict, now: datetime) -> dict:
    """Give up on a failed or dead batch for good; the batch as it is afterwards."""
    if not queue.discard_batch(db, batch["id"], now, user["id"]):
        status = queue_reads.get_batch(db, batch["id"])["status"]
        raise NotNow(f"This batch is {status}; only a failed or dead batch can be discarded.")
    return queue_reads.get_batch(db, batch["id"])
