"""The extraction loop's API, for extractors outside the worker (n8n, a script, or
`intake worker --remote` on another machine): the due batches, a claim, the
document (and the office's site codes and supplier names it is checked
against), and then the result (process-batch) or the failure.

One guard covers every route here, stated on the Router: the x-ingest-secret
header, or an administrator's API token. Never a session cookie, which is why
these routes need no CSRF token and are public to the sign-in check. Every
refusal is logged as a `[po-process-batch]` line.
"""

from __future__ import annotations

import hmac
import json

import anyio
from litestar import Request, Response, Router, get, post
from litestar.connection import ASGIConnection
from litestar.exceptions import (
    ClientException,
    HTTPException,
    NotAuthorizedException,
    PermissionDeniedException,
)
from litestar.handlers import BaseRouteHandler
from litestar.params import FromPath, FromQuery
from litestar.response import File
from sqlite_utils import Database

from app import attempt_log, clock, extraction_loop, pipeline, queue_reads
from app.batch_admin import BATCH_TYPES
from app.config import Settings
from app.routes.api import Conflict
from app.web import DB, Config, bodies, document_file, found, parse_id
from app.web.errors import handle_http_error

MAX_DUE = 100
NO_CREDENTIALS = "Send the x-ingest-secret header, or an administrator's API token."


def ingest_or_admin(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    """The ingest secret when one is sent, else an administrator's bearer token."""
    secret = connection.app.state.settings.ingest_secret
    given = connection.headers.get("x-ingest-secret")
    if given is not None:
        if not secret:
            raise NotAuthorizedException(
                "This server takes no x-ingest-secret (INTAKE_INGEST_SECRET is not set);"
                " use an administrator's API token."
            )
        if not hmac.compare_digest(given.encode(), secret.encode()):
            raise NotAuthorizedException("The x-ingest-secret header is wrong.")
        return
    user = connection.scope.get("user")
    if connection.scope.get("auth") != "token" or user is None:
        raise NotAuthorizedException(NO_CREDENTIALS)
    if user["role"] != "admin":
        raise PermissionDeniedException(
            "Only an administrator's API token, or the x-ingest-secret, opens the extraction loop."
        )


def log_refusal(request: Request, exc: HTTPException) -> Response:
    """Every refusal of the loop's API is logged, then answered as any other."""
    batch_id = request.path_params.get("batch_id") or request.scope.get("intake.batch_id")
    attempt_log.refused(exc.status_code, str(exc.detail), batch_id, route=request.url.path)
    return handle_http_error(request, exc)


@get("/data-import-batches/due", sync_to_thread=False)
def due(db: DB, limit: FromQuery[int] = 10, batch_type: FromQuery[str] = "") -> list[dict]:
    """Due batches, oldest first: `?batch_type=purchase_orders,documents` for only those."""
    if not 1 <= limit <= MAX_DUE:
        raise ClientException(f"The limit must be from 1 to {MAX_DUE}.")
    types = tuple(kind.strip() for kind in batch_type.split(",") if kind.strip())
    unknown = [kind for kind in types if kind not in BATCH_TYPES]
    if unknown:
        raise ClientException(
            f"{unknown[0][:40]!r} is not a batch type; the types are {', '.join(BATCH_TYPES)}."
        )
    return queue_reads.due_batches(db, clock.now(), limit, types)


@get("/data-import-batches/office-names", sync_to_thread=False)
def office_names(db: DB) -> dict:
    """The site codes and supplier names a reading is checked against, as the worker's are."""
    return pipeline.office_names(db)


@post("/data-import-batches/{batch_id:str}/claim", status_code=200, sync_to_thread=True)
def claim(batch_id: FromPath[str], db: DB) -> dict:
    """The batch's next attempt, fenced like the worker's: 409 when another has it."""
    found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    try:
        taken = extraction_loop.claim(db, batch_id, clock.now())
    except extraction_loop.NotNow as exc:
        raise Conflict(str(exc)) from None
    return {
        "id": taken.batch_id,
        "claim": taken.claim_no,
        "attempts": taken.attempt,
        "batch_type": taken.batch_type,
        "content_type": taken.content_type,
        "original_filename": taken.original_filename,
        "file_url": f"/api/data-import-batches/{taken.batch_id}/file?claim={taken.claim_no}",
    }


@get("/data-import-batches/{batch_id:str}/file", sync_to_thread=False)
def batch_file(
    batch_id: FromPath[str], db: DB, settings: Config, claim: FromQuery[int | None] = None
) -> File:
    """The document, for the holder of the batch's current claim only."""
    found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    if claim is None:
        raise ClientException("Give the claim this batch was claimed with: ?claim=N.")
    try:
        held = extraction_loop.held(db, batch_id, claim)
    except extraction_loop.NotNow as exc:
        raise Conflict(str(exc)) from None
    return document_file(
        settings, held.file_path, held.content_type, held.original_filename, inline=False
    )


@post(
    "/data-import-batches/{batch_id:str}/fail",
    request_max_body_size=bodies.PAYLOAD,  # `kept` may hold every word of the document
    status_code=200,
)
async def fail(request: Request, batch_id: FromPath[str], db: DB) -> dict:
    """The extractor could not read the batch: `{claim, error, retryable, step, kept}`.

    `kept` (optional) is what the built-in engine keeps of a document it refused (its words),
    so that a PO typed by hand beside it teaches its layout."""
    body = await anyio.to_thread.run_sync(
        _json_object, await request.body(), "{claim, error, retryable}"
    )
    claim_no, error = body.get("claim"), body.get("error")
    if not _is_int(claim_no) or not isinstance(error, str) or not error.strip():
        raise ClientException("Send {claim, error, retryable}: the claim number and a sentence.")
    retryable = body.get("retryable", True)
    step = body.get("step", "extract")
    if not isinstance(retryable, bool) or step not in attempt_log.STEPS:
        raise ClientException(
            f"retryable is true or false, and step one of {', '.join(attempt_log.STEPS)}."
        )
    kept = body.get("kept")
    if kept is not None and not isinstance(kept, dict):
        raise ClientException("kept, when sent, is a JSON object: what was read of the document.")
    found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    try:
        state = await anyio.to_thread.run_sync(
            extraction_loop.fail, db, batch_id, claim_no, error.strip(), retryable, step, kept
        )
    except extraction_loop.NotNow as exc:
        raise Conflict(str(exc)) from None
    next_retry = clock.iso(state.next_retry_at) if state.next_retry_at else None
    return {"id": batch_id, "status": state.status, "next_retry_at": next_retry}


@post("/purchase-orders/process-batch", request_max_body_size=bodies.PAYLOAD, status_code=200)
async def process_batch(request: Request, db: DB, settings: Config) -> dict:
    """What an outside extractor read: `{batch_id, claim, extracted}` (claim optional)."""
    body = await anyio.to_thread.run_sync(
        _json_object, await request.body(), "{batch_id, claim, extracted}"
    )
    if not isinstance(body.get("batch_id"), str) or not _is_int(body.get("claim", 0)):
        raise ClientException("The body must be JSON: {batch_id, claim, extracted}.")
    batch_id = parse_id(body["batch_id"], "batch")
    request.scope["intake.batch_id"] = batch_id  # type: ignore[typeddict-unknown-key]
    return await anyio.to_thread.run_sync(
        _process, db, settings, batch_id, body.get("claim"), body.get("extracted")
    )


def _process(db: Database, settings: Settings, batch_id: str, claim_no, extracted) -> dict:
    found(queue_reads.get_batch(db, batch_id), "batch")
    try:
        outcome = extraction_loop.hand_in(db, settings, batch_id, claim_no, extracted)
    except extraction_loop.InvalidResult as exc:
        raise ClientException(str(exc), extra=exc.problems) from None
    except extraction_loop.NotNow as exc:
        raise Conflict(str(exc)) from None
    if hasattr(outcome, "dn_id"):
        return {"ok": True, "dn_id": outcome.dn_id, "warnings": outcome.warnings}
    return {"ok": True, "po_id": outcome.po_id, "warnings": outcome.warnings}


def _json_object(raw: bytes, shape: str) -> dict:
    try:
        body = json.loads(raw or b"null")
    except (ValueError, RecursionError):  # not JSON, or nested deeper than any payload is
        body = None
    if not isinstance(body, dict):
        raise ClientException(f"The body must be JSON: {shape}.")
    return body


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Public to the sign-in check and exempt from CSRF: the guard judges the secret or token.
extraction_api = Router(
    path="/api",
    guards=[ingest_or_admin],
    opt={"public": True, "exclude_from_csrf": True},
    exception_handlers={HTTPException: log_refusal},
    route_handlers=[due, office_names, claim, batch_file, fail, process_batch],
)

route_handlers = [extraction_api]
