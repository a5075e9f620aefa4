"""The home page and a person's own uploads: the upload dialog, recent uploads, and the
live status pill with its Retry button (which the admin pages share)."""

from __future__ import annotations

from litestar import Request, get, post
from litestar.params import FromPath, FromQuery
from litestar.plugins.htmx import HTMXRequest
from litestar.response import Redirect, Template

from app import batch_admin, queue_reads, uploads
from app.routes.api import Conflict, receive_upload, retry
from app.web import DB, Config, HtmxPage, admin_views, current_user, found, page, parse_id


@get("/", sync_to_thread=False)
def home(request: Request, db: DB) -> Template:
    user = current_user(request)
    return page("home.html", user=user, batches=queue_reads.recent_batches(db, user["id"]))


@get("/recent", sync_to_thread=False)
def recent_uploads(request: Request, db: DB) -> Template:
    return page(
        "_recent_uploads.html",
        batches=queue_reads.recent_batches(db, current_user(request)["id"]),
    )


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
def batch_pill(batch_id: FromPath[str], db: DB) -> Template:
    batch = found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")
    return page("_batch_pill.html", batch=batch)


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
        row = batch_admin.batch_rows(db, [batch["id"]])[0]
        return page("_batch_row.html", batch=row)
    return page("_batch_pill.html", batch=batch)


route_handlers = [home, recent_uploads, upload, nav_counts, batch_pill, batch_retry]
