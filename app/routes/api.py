"""The JSON API: upload, batch status and retry, and reading POs (the extraction
loop's, process-batch among them, is in `extraction.py`). Errors are {error,
detail} with the status codes DESIGN.md lists; bad input is never a 500. Each
handler parses, calls one domain function and answers.
"""

from __future__ import annotations

from typing import Any

from litestar import Request, get, post
from litestar.exceptions import (
    ClientException,
    NotFoundException,
    PermissionDeniedException,
)
from litestar.params import FromPath, FromQuery
from sqlite_utils import Database

from app import batch_actions, clock, queue_reads, uploads
from app.config import Settings
from app.purchase_orders import record, store
from app.web import DB, Config, csrf, current_user, found, parse_id


class Conflict(ClientException):
    status_code = 409


# The upload keeps its own limit as it streams (app.uploads); a form's token is one of its fields.
@post(
    "/api/purchase-orders/upload",
    request_max_body_size=None,
    opt={"csrf_in_upload": True},
    status_code=202,
)
async def api_upload(request: Request, db: DB, settings: Config) -> dict:
    batch_id = await receive_upload(request, db, settings)
    return {"batch_id": batch_id, "status": "queued"}


async def receive_upload(
    request: Request, db: Database, settings: Settings, batch_type: str = "purchase_orders"
) -> str:
    """The upload in this request, streamed to disk as a new batch of this type: its id."""
    return await uploads.receive_upload(
        db,
        settings,
        request.headers.get("content-type", ""),
        request.content_length,
        request.stream(),
        current_user(request)["id"],
        batch_type,
        check_fields=csrf.upload_field_check(request),
    )


def batch_status(batch: dict) -> dict:
    return {
        "id": batch["id"],
        "batch_type": batch["batch_type"],
        "status": batch["status"],
        "attempts": batch["attempts"],
        "last_error": batch["last_error"],
        "next_retry_at": batch["next_retry_at"],
        "processed_record_id": batch["processed_record_id"],
        "warnings": batch["warnings"],
    }


@get("/api/data-import-batches/{batch_id:str}/status", sync_to_thread=False)
def api_batch_status(batch_id: FromPath[str], db: DB) -> dict:
    batch = found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    return batch_status(batch)


def retry(db: Database, user: dict, batch_id: str) -> dict:
    """A person's retry, as the pill, the admin pages and the API ask for it."""
    batch = found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    try:
        return batch_actions.retry(db, user, batch, clock.now())
    except batch_actions.NotYours as exc:
        raise PermissionDeniedException(str(exc)) from None
    except batch_actions.NotNow as exc:
        raise Conflict(str(exc)) from None


@post("/api/data-import-batches/{batch_id:str}/retry", status_code=200, sync_to_thread=True)
def api_retry(request: Request, batch_id: FromPath[str], db: DB) -> dict:
    batch = retry(db, current_user(request), batch_id)
    return {"id": batch["id"], "status": "pending"}


@get("/api/purchase-orders", sync_to_thread=False)
def api_find_po(db: DB, po_number: FromQuery[str | None] = None) -> dict[str, Any]:
    if not (po_number or "").strip():
        raise ClientException("Give the PO number to look up: ?po_number=...")
    po_id = store.get_po_id_by_number(db, po_number)
    if po_id is None:
        raise NotFoundException(f"There is no PO numbered {po_number.strip()}.")
    return _po_json(db, po_id)


@get("/api/purchase-orders/{po_id:str}", sync_to_thread=False)
def api_get_po(po_id: FromPath[str], db: DB) -> dict[str, Any]:
    return _po_json(db, parse_id(po_id, "purchase order"))


def _po_json(db: Database, po_id: str) -> dict[str, Any]:
    return record.as_json(found(record.po_record(db, po_id), "purchase order"))


route_handlers = [
    api_upload,
    api_batch_status,
    api_retry,
    api_find_po,
    api_get_po,
]
