"""The home page and a person's own uploads: the upload dialog, recent uploads, and the
live status pill with its Retry button (which the admin pages share)."""

from __future__ import annotations

from litestar import Request, get, post
from litestar.exceptions import NotFoundException
from litestar.params import FromPath, FromQuery
from litestar.plugins.htmx import HTMXRequest
from litestar.response import Redirect, Template

from app import batch_admin, queue_reads, review_items, uploads
from app.routes.api import Conflict, receive_upload, retry
from app.web import DB, Config, HtmxPage, admin_views, current_user, found, page, parse_id

# "My recent uploads" shows this many, and as many more each time a person asks for more.
RECENT_STEP, RECENT_MOST = 10, 1000


def _recent(db, user: dict, shown: int) -> dict:
    """A person's latest `shown` uploads, and whether older ones are left to show."""
    shown = min(max(shown, RECENT_STEP), RECENT_MOST)
    batches = queue_reads.recent_batches(db, user["id"], limit=shown + 1)
    return {"batches": batches[:shown], "shown": shown, "more": len(batches) > shown}


@get("/", sync_to_thread=False)
def home(request: Request, db: DB, recent: FromQuery[int] = RECENT_STEP) -> Template:
    user = current_user(request)
    return page("home.html", user=user, **_recent(db, user, recent), step=RECENT_STEP)


@get("/recent", sync_to_thread=False)
def recent_uploads(request: Request, db: DB, recent: FromQuery[int] = RECENT_STEP) -> Template:
    """The list again (after an upload, or with older uploads: `recent` is how many)."""
    extra = _recent(db, current_user(request), recent)
    return page("_recent_uploads.html", **extra, step=RECENT_STEP)


# The upload keeps its own limit as it streams (app.uploads); a form's token is one of its fields.
@post("/upload", request_max_body_size=None, opt={"csrf_in_upload": True}, status_code=200)
async def upload(request: HTMXRequest, db: DB, settings: Config) -> Template | Redirect:
    """The dialog's form: answers with the new batch's pill and tells the page to refresh."""
    batch_id = await receive_upload(request, db, settings, uploads.FROM_FORM)
    if not request.htmx:
        return Redirect(path="/", status_code=303)
    return HtmxPage(
        template_name="_upload_result.html",
        context={"batch": queue_reads.get_batch(db, batch_id)},
        trigger_event="batch-uploaded",
        after="settle",
    )


@get("/nav-counts", sync_to_thread=False)
def nav_counts() -> Template:
    """The navigation bar's numbers, refreshed every 30 s."""
    return page("_nav_counts.html")


@get("/batches/{batch_id:str}/pill", sync_to_thread=False)
def batch_pill(batch_id: FromPath[str], db: DB, compact: FromQuery[bool] = False) -> Template:
    """The pill again; `compact` (a batch's own page) without the error and the buttons."""
    batch = found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    return page("_batch_pill.html", batch=batch, compact=compact)


@get("/batches/{batch_id:str}/enter", sync_to_thread=False)
def batch_enter(batch_id: FromPath[str], db: DB) -> Redirect:
    """Enter by hand, from the pill or a batch's row: the review queue's form for it."""
    batch = found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    item = review_items.open_item_for(db, "batch.dead", "batch", batch["id"])
    if item is None:
        raise NotFoundException("This document is not waiting to be entered by hand.")
    return Redirect(path=f"/review/{item['id']}/enter", status_code=303)


@post("/batches/{batch_id:str}/retry", guards=[admin_views], status_code=200, sync_to_thread=True)
def batch_retry(
    request: Request, batch_id: FromPath[str], db: DB, view: FromQuery[str | None] = None
) -> Template | Redirect:
    """Retry from the pill (the batch's uploader or an admin), an admin table row or page.

    In a table row a refusal is shown inside the row, which stays a row.
    """
    try:
        batch = retry(db, current_user(request), batch_id)
    except Conflict as exc:
        if view != "row":
            raise
        row = batch_admin.batch_rows(db, [parse_id(batch_id, "batch")])[0]
        return page("_batch_row.html", batch=row, error=exc.detail, status_code=409)
    if view == "page":
        return Redirect(path=f"/batches/{batch['id']}", status_code=303)
    if view == "row":
        return changed_row(db, batch["id"])
    return page("_batch_pill.html", batch=batch)


def changed_row(db, batch_id: str) -> Template:
    """An admin table's row after an action, which also tells the table's live poll to ask
    at once: the counts follow, and the row keeps changing as the worker takes it."""
    return HtmxPage(
        template_name="_batch_row.html",
        context={"batch": batch_admin.batch_rows(db, [batch_id])[0]},
        trigger_event="batch-changed",
        after="settle",
    )


@get("/favicon.ico", opt={"public": True}, sync_to_thread=False, include_in_schema=False)
def favicon() -> Redirect:
    """Browsers and tools that ask for the icon at its old address get the page's icon."""
    return Redirect(path="/static/favicon.svg", status_code=301)


route_handlers = [
    favicon,
    home,
    recent_uploads,
    upload,
    nav_counts,
    batch_pill,
    batch_enter,
    batch_retry,
]
