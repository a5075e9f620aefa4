"""The JSON API: upload, batch status and retry, the external extractor's
process-batch, and reading POs. Errors are {error, detail} with the status
codes DESIGN.md lists; bad input is never a 500.
"""

from __future__ import annotations

import hmac
import json
import logging
import sqlite3
import time
from typing import Any

import anyio
from litestar import Request, get, post
from litestar.exceptions import (
    ClientException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
)
from litestar.params import FromPath, FromQuery
from sqlite_utils import Database

from app import clock, purchasing, queue, uploads
from app.config import Settings
from app.web import DB, Config, current_user, found, parse_id
from tasks.jobs import process_batch

log = logging.getLogger("intake")


class Conflict(ClientException):
    status_code = 409


def enqueue(batch_id: str) -> None:
    """Announce a committed batch to the workers. Should that fail (the queue's own
    database busy or full), the batch row is already safe and the sweep finds it."""
    try:
        process_batch(batch_id)
    except (sqlite3.Error, OSError):
        log.warning(
            "could not enqueue batch %s; the sweep will pick it up", batch_id, exc_info=True
        )


async def receive_upload(request: Request, db: Database, settings: Settings) -> str:
    """Stream the upload to disk, write its pending batch, enqueue it: the batch id.

    Shared by the API and the upload dialog; raises UploadRejected for a bad file.
    """
    started = time.monotonic()
    received = await uploads.receive_file(
        settings,
        request.headers.get("content-type", ""),
        request.content_length,
        request.stream(),
    )
    user = current_user(request)

    def register_and_enqueue() -> str:
        batch_id = uploads.register(db, settings, received, user["id"], clock.now())
        enqueue(batch_id)
        return batch_id

    try:
        batch_id = await anyio.to_thread.run_sync(register_and_enqueue)
    finally:
        received.abandon()  # a request cut short before its row was written leaves no file
    log.info(
        "[po-upload] %s",
        json.dumps(
            {
                "batch_id": batch_id,
                "filename": received.original_filename,
                "size": received.size,
                "contentType": received.content_type,
                "duration_ms": round((time.monotonic() - started) * 1000),
            }
        ),
    )
    return batch_id


@post("/api/purchase-orders/upload", request_max_body_size=None, status_code=202)
async def api_upload(request: Request, db: DB, settings: Config) -> dict:
    batch_id = await receive_upload(request, db, settings)
    return {"batch_id": batch_id, "status": "queued"}


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
    batch = found(queue.get_batch(db, parse_id(batch_id, "batch")), "batch")
    return batch_status(batch)


def retry(db: Database, user: dict, batch_id: str) -> dict:
    """A person's retry, with the rule on whose batches staff may retry."""
    batch = found(queue.get_batch(db, parse_id(batch_id, "batch")), "batch")
    if user["role"] != "admin" and batch["uploaded_by"] != user["id"]:
        raise PermissionDeniedException("Staff can retry only their own uploads.")
    if not queue.retry_batch(db, batch["id"], clock.now(), user["id"]):
        raise Conflict(
            f"This batch is {batch['status']}; only a failed or dead batch can be retried."
        )
    enqueue(batch["id"])
    return queue.get_batch(db, batch["id"])


@post("/api/data-import-batches/{batch_id:str}/retry", status_code=200, sync_to_thread=True)
def api_retry(request: Request, batch_id: FromPath[str], db: DB) -> dict:
    batch = retry(db, current_user(request), batch_id)
    return {"id": batch["id"], "status": "pending"}


# Authenticated by its own secret header, never by a cookie: no user, and no CSRF to check.
@post(
    "/api/purchase-orders/process-batch",
    opt={"public": True, "exclude_from_csrf": True},
    status_code=200,
)
async def api_process_batch(request: Request, db: DB, settings: Config) -> dict:
    """An outside extractor (n8n, a script) hands in what it read for a processing batch."""
    if not settings.ingest_secret:
        raise NotFoundException("The process-batch API is off: INTAKE_INGEST_SECRET is not set.")
    given = request.headers.get("x-ingest-secret", "")
    if not hmac.compare_digest(given.encode(), settings.ingest_secret.encode()):
        raise NotAuthorizedException("The x-ingest-secret header is missing or wrong.")
    try:
        body = json.loads(await request.body() or b"null")
    except ValueError:
        raise ClientException("The body must be JSON: {batch_id, extracted}.") from None
    if not isinstance(body, dict) or not isinstance(body.get("batch_id"), str):
        raise ClientException("The body must be JSON: {batch_id, extracted}.")
    return await anyio.to_thread.run_sync(_process_batch, db, settings, body)


def _process_batch(db: Database, settings: Settings, body: dict) -> dict:
    batch_id = parse_id(body["batch_id"], "batch")
    batch = found(queue.get_batch(db, batch_id), "batch")
    if batch["status"] != "processing":
        raise Conflict(
            f"This batch is {batch['status']}; results are accepted only while it is processing."
        )
    claim = queue.current_claim(db, batch_id)
    if claim is None:
        raise Conflict("This batch stopped processing just now; fetch its status.")
    try:
        outcome = purchasing.process(db, settings, claim, body.get("extracted"), clock.now())
    except purchasing.InvalidPayload as exc:
        raise ClientException("The extracted data is not a valid PO.", extra=exc.problems) from None
    except purchasing.ClaimLost:
        raise Conflict("This batch stopped processing just now; fetch its status.") from None
    log.info(
        "[po-process-batch] %s",
        json.dumps(
            {
                "batch_id": batch_id,
                "po_id": outcome.po_id,
                "warnings": outcome.warnings,
                "via": "api",
            }
        ),
    )
    return {"ok": True, "po_id": outcome.po_id, "warnings": outcome.warnings}


@get("/api/purchase-orders", sync_to_thread=False)
def api_find_po(db: DB, po_number: FromQuery[str | None] = None) -> dict[str, Any]:
    if not (po_number or "").strip():
        raise ClientException("Give the PO number to look up: ?po_number=...")
    po_id = purchasing.get_po_id_by_number(db, po_number)
    if po_id is None:
        raise NotFoundException(f"There is no PO numbered {po_number.strip()}.")
    return _po_json(db, po_id)


@get("/api/purchase-orders/{po_id:str}", sync_to_thread=False)
def api_get_po(po_id: FromPath[str], db: DB) -> dict[str, Any]:
    return _po_json(db, parse_id(po_id, "purchase order"))


def _po_json(db: Database, po_id: str) -> dict[str, Any]:
    po = found(purchasing.get_po(db, po_id), "purchase order")
    return purchasing.po_as_json(po, purchasing.po_items(db, po_id))


route_handlers = [
    api_upload,
    api_batch_status,
    api_retry,
    api_process_batch,
    api_find_po,
    api_get_po,
]
