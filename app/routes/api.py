"""The JSON API: upload, batch status and retry, and reading, correcting and
verifying POs (the extraction loop's, process-batch among them, is in
`extraction.py`). Errors are {error, detail} with the status codes DESIGN.md
lists; bad input is never a 500. Each handler parses, calls one domain function
and answers.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
from litestar import Request, get, patch, post
from litestar.exceptions import (
    ClientException,
    NotFoundException,
    PermissionDeniedException,
)
from litestar.params import FromPath, FromQuery
from sqlite_utils import Database

from app import batch_actions, clock, queue_reads, uploads
from app.config import Settings
from app.enqueue import send_writes
from app.purchase_orders import edit, forms, record, store
from app.web import DB, Config, bodies, csrf, current_user, found, parse_id


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


@patch("/api/purchase-orders/{po_id:str}", status_code=200, request_max_body_size=bodies.PAYLOAD)
async def api_edit_po(request: Request, po_id: FromPath[str], db: DB) -> dict[str, Any]:
    """Correct a PO's fields and, optionally, its whole item list, as a person does on its page."""
    po_id = parse_id(po_id, "purchase order")
    actor = current_user(request)["id"]
    return await anyio.to_thread.run_sync(_edit_po, db, po_id, await request.body(), actor)


def _edit_po(db: Database, po_id: str, raw: bytes, actor: str) -> dict[str, Any]:
    try:
        body = json.loads(raw or b"null")
    except (ValueError, RecursionError):
        raise ClientException('The body must be JSON: e.g. {"total": "1150.00"}.') from None
    found(store.get_po(db, po_id), "purchase order")
    try:
        edit.edit_po(db, po_id, body, actor, clock.now())
    except forms.InvalidEdit as exc:
        raise ClientException("The change cannot be saved.", extra=exc.problems) from None
    except forms.NumberTaken as exc:
        raise Conflict(str(exc)) from None
    except forms.EditError as exc:  # removed while the change waited
        raise NotFoundException(str(exc)) from None
    return _po_json(db, po_id)


@post("/api/purchase-orders/{po_id:str}/verify", status_code=200, sync_to_thread=True)
def api_verify_po(request: Request, po_id: FromPath[str], db: DB) -> dict[str, Any]:
    """Mark a PO checked against its document; verifying it again changes nothing."""
    po = found(store.get_po(db, parse_id(po_id, "purchase order")), "purchase order")
    try:
        edit.verify_po(db, po["id"], current_user(request)["id"], clock.now())
    except forms.NoNumberYet as exc:
        raise Conflict(str(exc)) from None
    except forms.EditError as exc:
        raise NotFoundException(str(exc)) from None
    send_writes()  # to the accounting system, as the page's Mark verified does
    po = _po_json(db, po["id"])
    return {key: po[key] for key in ("id", "is_verified", "verified_by", "verified_at")}


route_handlers = [
    api_upload,
    api_batch_status,
    api_retry,
    api_find_po,
    api_get_po,
    api_edit_po,
    api_verify_po,
]
