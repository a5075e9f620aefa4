"""Batches, for administrators: the filtered list with live counts, one batch in full,
retry-all-matching, discard, and pausing processing. (The status pill and its Retry,
which everyone has, are in `home.py`.)
"""

from __future__ import annotations

from functools import partial
from typing import Annotated

from litestar import Request, Router, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath, FromQuery
from litestar.plugins.htmx import HTMXRequest
from litestar.response import File, Redirect, Template
from sqlite_utils import Database

from app import batch_actions, batch_admin, chart, clock, keyset, pausing, queue_reads, storage
from app.batches import TERMINAL_STATUSES
from app.config import Settings
from app.enqueue import enqueue_all, release_due
from app.routes.api import Conflict
from app.routes.home import changed_row
from app.web import (
    DB,
    Config,
    HtmxPage,
    admin_only,
    current_user,
    document_file,
    found,
    page,
    parse_id,
)

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]
_FILTER_PARAMS = ("status", "type", "uploader", "from", "to", "q")


def _filter(values, settings: Settings) -> batch_admin.BatchFilter:
    return batch_admin.BatchFilter.from_query(
        {name: values.get(name) for name in _FILTER_PARAMS}, settings.timezone
    )


def _live_mark(batch: dict) -> str:
    """What the live refresh compares: a row is sent again only when this changes."""
    return f"{batch['id']}.{batch['status']}.{batch['attempts']}"


def _poll_every(rows: list[dict], counts: dict[str, int]) -> str:
    """Often while a row on screen, or a batch the filter matches, can still change."""
    moving = any(b["status"] not in TERMINAL_STATUSES for b in rows) or any(
        counts[status] for status in ("pending", "processing", "failed")
    )
    return "2s" if moving else "5s"


def _results(db: Database, flt: batch_admin.BatchFilter, after=None, before=None, **extra) -> dict:
    problems = list(flt.problems)
    results = keyset.asked_or_first(
        partial(batch_admin.list_batches, db, flt), after, before, problems
    )
    counts = batch_admin.status_counts(db, flt)
    return {
        "flt": flt,
        "results": results,
        "problems": problems,
        "counts": counts,
        "retryable": batch_admin.retryable_count(db, flt),
        "paused": pausing.processing_paused(db),
        "paged": bool(after or before),
        "every": _poll_every(results.rows, counts),
        **extra,
    }


@get("/", sync_to_thread=False)
def batches_page(request: HTMXRequest, db: DB, settings: Config) -> Template:
    """The whole page, or for htmx (a tab, a filter, a page link) just the results."""
    flt = _filter(request.query_params, settings)
    after, before = request.query_params.get("after"), request.query_params.get("before")
    context = _results(db, flt, after, before)
    if request.htmx:
        here = flt.link("/batches", after=after or "", before=before or "")
        return HtmxPage(template_name="_batch_results.html", context=context, push_url=here)
    return page("batches.html", **_page_extras(db), **context)


def _page_extras(db: Database) -> dict:
    return {
        "uploaders": batch_admin.uploaders(db),
        "types": batch_admin.BATCH_TYPES,
        "chart": chart.hourly_chart(batch_admin.hourly_outcomes(db, clock.now())),
    }


@get("/live", sync_to_thread=False)
def batches_live(
    request: Request,
    db: DB,
    settings: Config,
    shown: FromQuery[list[str] | None] = None,
    first: FromQuery[bool] = False,
) -> Template:
    """Every few seconds, and at once after an action on a row: fresh counts, and the rows
    on screen (`shown`: id.status.attempts each) that changed since. On the first page, a
    batch that now matches the filter and is not on screen brings the whole list again."""
    flt = _filter(request.query_params, settings)
    marks = [mark for mark in shown or [] if mark.count(".") == 2][: batch_admin.PAGE_SIZE + 1]
    on_screen = {mark.split(".")[0]: mark for mark in marks}
    if first:
        newest = batch_admin.list_batches(db, flt).rows
        if any(batch["id"] not in on_screen for batch in newest):
            return page("_batches_live.html", **_results(db, flt), whole_list=True)
    current = batch_admin.batch_rows(db, list(on_screen))
    counts = batch_admin.status_counts(db, flt)
    return page(
        "_batches_live.html",
        flt=flt,
        counts=counts,
        retryable=batch_admin.retryable_count(db, flt),
        paused=pausing.processing_paused(db),
        paged=not first,
        changed=[b for b in current if _live_mark(b) != on_screen[b["id"]]],
        every=_poll_every(current, counts),
    )


# --- retry everything that matches --------------------------------------------------


@get("/retry-all", sync_to_thread=False)
def retry_all_confirm(request: HTMXRequest, db: DB, settings: Config) -> Template:
    """Ask first, with the count as it is now: "Retry 37 dead batches?"."""
    flt = _filter(request.query_params, settings)
    context = {
        "flt": flt,
        "count": batch_admin.retryable_count(db, flt),
        "in_dialog": bool(request.htmx),
    }
    return page("_retry_confirm.html" if request.htmx else "retry_confirm.html", **context)


@post("/retry-all", status_code=200, sync_to_thread=True)
def retry_all(request: HTMXRequest, db: DB, settings: Config, data: Form) -> Template:
    flt = _filter(data, settings)
    if flt.problems:
        # A filter that lost a part would match more than the person was asked about.
        notice = "Nothing was retried: " + " ".join(flt.problems)
        retried = []
    else:
        retried = batch_admin.retry_matching(db, flt, clock.now(), current_user(request)["id"])
        enqueue_all(retried)
        notice = _retried_notice(len(retried), data.get("count", ""))
    context = _results(db, flt, notice=notice)
    if request.htmx:
        return page("_batch_results.html", **context)
    return page("batches.html", **_page_extras(db), **context)


def _retried_notice(n: int, asked: str) -> str:
    if not n:
        return "Nothing matching could be retried; the list changed since you asked."
    text = f"{n} batch{'es' if n != 1 else ''} queued to run again."
    if asked.isdigit() and int(asked) != n:
        text += f" (You were asked about {asked}; the list changed in the meantime.)"
    return text


# --- pausing ------------------------------------------------------------------------


def _paused_answer(request: HTMXRequest, db: Database) -> Template | Redirect:
    if not request.htmx:
        return Redirect(path="/batches", status_code=303)
    return page("_pause_banner.html", paused=pausing.processing_paused(db), oob_nav=True)


@post("/pause", status_code=200, sync_to_thread=True)
def pause(request: HTMXRequest, db: DB) -> Template | Redirect:
    pausing.pause_processing(db, clock.now(), current_user(request)["id"])
    return _paused_answer(request, db)


@post("/resume", status_code=200, sync_to_thread=True)
def resume(request: HTMXRequest, db: DB) -> Template | Redirect:
    if pausing.resume_processing(db):
        release_due()
    return _paused_answer(request, db)


# --- one batch ----------------------------------------------------------------------


def _batch(db: Database, batch_id: str) -> dict:
    return found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "batch")


@get("/{batch_id:str}", sync_to_thread=False)
def batch_detail(batch_id: FromPath[str], db: DB, settings: Config) -> Template:
    batch = _batch(db, batch_id)
    events = batch_admin.events_with_actors(db, batch["id"])
    removed = next((e for e in events if e["event"] == "file_removed"), None)
    has_file = removed is None and storage.resolve(settings, batch["file_path"]).exists()
    return page(
        "batch_detail.html",
        batch=batch,
        events=events,
        uploader=next(
            (u for u in batch_admin.uploaders(db) if u["id"] == batch["uploaded_by"]), None
        ),
        file_removed=removed,
        has_file=has_file,
    )


@get("/{batch_id:str}/file", sync_to_thread=False)
def batch_file(batch_id: FromPath[str], db: DB, settings: Config) -> File:
    batch = _batch(db, batch_id)
    return document_file(
        settings,
        batch["file_path"],
        batch["content_type"],
        batch["original_filename"],
        inline=False,
        missing="This batch's file is no longer stored.",
    )


@post("/{batch_id:str}/discard", status_code=200, sync_to_thread=True)
def batch_discard(
    request: Request, batch_id: FromPath[str], db: DB, view: FromQuery[str | None] = None
) -> Template | Redirect:
    """Discard from a table row (answered by the row, a refusal inside it) or the batch's page."""
    batch = _batch(db, batch_id)
    try:
        batch_actions.discard(db, current_user(request), batch, clock.now())
    except batch_actions.NotNow as exc:
        if view != "row":
            raise Conflict(str(exc)) from None
        row = batch_admin.batch_rows(db, [batch["id"]])[0]
        return page("_batch_row.html", batch=row, error=str(exc), status_code=409)
    if view == "page":
        return Redirect(path=f"/batches/{batch['id']}", status_code=303)
    if view == "row":
        return changed_row(db, batch["id"])
    return page("_batch_pill.html", batch=queue_reads.get_batch(db, batch["id"]))


# Every page here is an administrator's: the rule is stated once, for the area.
batches_admin = Router(
    path="/batches",
    guards=[admin_only],
    route_handlers=[
        batches_page,
        batches_live,
        retry_all_confirm,
        retry_all,
        pause,
        resume,
        batch_detail,
        batch_file,
        batch_discard,
    ],
)
route_handlers = [batches_admin]
