"""The home page: the upload dialog and the signed-in user's recent uploads."""

from __future__ import annotations

from litestar import Request, get, post
from litestar.plugins.htmx import HTMXRequest, HTMXTemplate
from litestar.response import Redirect, Template

from app import queue
from app.routes.api import receive_upload
from app.web import DB, Config, current_user, page


@get("/", sync_to_thread=False)
def home(request: Request, db: DB) -> Template:
    user = current_user(request)
    return page("home.html", user=user, batches=queue.recent_batches(db, user["id"]))


@get("/recent", sync_to_thread=False)
def recent_uploads(request: Request, db: DB) -> Template:
    return page(
        "_recent_uploads.html", batches=queue.recent_batches(db, current_user(request)["id"])
    )


@post("/upload", request_max_body_size=None, status_code=200)
async def upload(request: HTMXRequest, db: DB, settings: Config) -> Template | Redirect:
    """The dialog's form: answers with the new batch's pill and tells the page to refresh."""
    batch_id = await receive_upload(request, db, settings)
    if not request.htmx:
        return Redirect(path="/", status_code=303)
    return HTMXTemplate(
        template_name="_upload_result.html",
        context={"batch": queue.get_batch(db, batch_id)},
        trigger_event="batch-uploaded",
        after="settle",
    )


@get("/nav-counts", sync_to_thread=False)
def nav_counts() -> Template:
    """The navigation bar's numbers, refreshed every 30 s."""
    return page("_nav_counts.html")


route_handlers = [home, recent_uploads, upload, nav_counts]
