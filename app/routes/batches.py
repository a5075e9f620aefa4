"""A batch's live status pill, and the Retry button inside it."""

from __future__ import annotations

from litestar import Request, get, post
from litestar.params import FromPath
from litestar.response import Template

from app import queue
from app.routes.api import retry
from app.web import DB, current_user, found, page, parse_id


@get("/batches/{batch_id:str}/pill", sync_to_thread=False)
def batch_pill(batch_id: FromPath[str], db: DB) -> Template:
    batch = found(queue.get_batch(db, parse_id(batch_id, "batch")), "batch")
    return page("_batch_pill.html", batch=batch)


@post("/batches/{batch_id:str}/retry", status_code=200, sync_to_thread=True)
def batch_retry(request: Request, batch_id: FromPath[str], db: DB) -> Template:
    return page("_batch_pill.html", batch=retry(db, current_user(request), batch_id))


route_handlers = [batch_pill, batch_retry]
