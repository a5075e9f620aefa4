"""Pages and fragments: the Jinja environment, its filters, and the navigation's numbers.

Templates only show what they are given. The navigation bar's numbers (what
is waiting for this person) are read once per response by `Page`, for the
templates that show them, never by a template calling into the database.
"""

from __future__ import annotations

import functools
import itertools
import json
import sqlite3
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import PurePath
from typing import Any
from zoneinfo import ZoneInfo

import anyio
from jinja2 import Environment, FileSystemLoader, meta, select_autoescape
from litestar import Request
from litestar.background_tasks import BackgroundTask, BackgroundTasks
from litestar.datastructures import Cookie
from litestar.enums import MediaType
from litestar.exceptions import NotFoundException, ServiceUnavailableException
from litestar.plugins.htmx import HTMXTemplate
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.response import File, Template
from litestar.response.base import ASGIResponse
from litestar.types import Receive, Scope, Send
from sqlite_utils import Database

from app import (
    batch_actions,
    batch_admin,
    batches,
    clock,
    health,
    numbers,
    pausing,
    previews,
    security,
    storage,
)
from app.config import ROOT, Settings
from app.outbox import reads as outbox_reads
from app.purchase_orders import store
from app.purchase_orders.intake import describe_warning, field_words
from app.web.auth import SCOPE_DB
from tasks import huey_app


def template_engine(settings: Settings) -> JinjaTemplateEngine:
    zone = ZoneInfo(settings.timezone) if settings.timezone else None

    def local(moment: str | None) -> datetime | None:
        return clock.parse(moment).astimezone(zone) if moment else None

    def localtime(moment: str | None, fmt: str = "%Y-%m-%d %H:%M") -> str:
        value = local(moment)
        return value.strftime(fmt) if value else ""

    env = Environment(
        loader=FileSystemLoader(ROOT / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = numbers.format_money
    env.filters["localtime"] = localtime
    env.filters["warning_text"] = describe_warning
    env.filters["first_line"] = first_line
    env.filters["pretty_json"] = pretty_json
    env.filters["poll_every"] = poll_every
    env.filters["named"] = named
    env.filters["po_number"] = po_number
    env.filters["sentence"] = sentence
    env.filters["field_words"] = field_words
    env.tests["never_succeeding"] = never_succeeding
    env.globals["may_act"] = may_act
    env.globals["max_upload_mb"] = settings.max_upload_mb
    env.globals["max_upload_bytes"] = settings.max_upload_bytes
    return JinjaTemplateEngine.from_environment(env)


def first_line(text: str | None, limit: int = 160) -> str:
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def sentence(text: str) -> str:
    """Its first letter upper case, the rest as written ('PO number' stays so)."""
    return text[:1].upper() + text[1:]


# What shows for a PO imported without a number, until a person types it.
NO_NUMBER_YET = "(no number yet)"


def po_number(number: str | None) -> str:
    return number or NO_NUMBER_YET


def named(number: str | None, kind: str) -> str:
    """A document's number as a title: 'PO 5283', but 'PO-2026-5283' as it is, not 'PO PO-…'."""
    if not number:
        return f"{kind} {NO_NUMBER_YET}"
    prefix, rest = number[: len(kind)], number[len(kind) :]
    printed = prefix.upper() == kind and not rest[:1].isalpha()
    return number if printed else f"{kind} {number}"


def poll_every(uploaded_at: str) -> str:
    """How often a live pill asks again, by its document's age (`batches.poll_every`)."""
    return batches.poll_every(clock.parse(uploaded_at), clock.now())


def never_succeeding(batch: dict) -> bool:
    """`{% if batch is never_succeeding %}`: another attempt would fail the same way."""
    state = batches.QueueState(batches.Status(batch["status"]), batch["attempts"])
    return batches.never_succeeds(state)


def may_act(user: dict | None, batch: dict) -> bool:
    """`{% if may_act(me, batch) %}`: this person may retry the batch or enter it by hand."""
    return bool(user) and batch_actions.may_act(user, batch)


def pretty_json(raw: str | None) -> str:
    """Stored JSON, indented for reading; text that is not JSON is shown as it is."""
    if not raw:
        return ""
    try:
        return json.dumps(json.loads(raw), indent=2, ensure_ascii=False)
    except ValueError:
        return raw


def nav_counts(db: Database, user: dict | None, worker_running: bool = True) -> dict:
    """The numbers the navigation bar shows: what is waiting for this person."""
    if not user:
        return {}
    counts = {"unverified": store.unverified_count(db), "no_worker": not worker_running}
    if user["role"] == "admin":
        stuck = batch_admin.needs_attention(db)
        counts["attention"] = stuck["failed"] + stuck["dead"]
        counts["attention_tab"] = "dead" if stuck["dead"] else "failed"
        counts["paused"] = pausing.processing_paused(db) is not None
        counts["failed_writes"] = outbox_reads.failed_count(db)
    return counts


@functools.cache
def showing(partial: str) -> frozenset[str]:
    """The templates that show `partial`: itself, and every template that extends or
    includes one of them, however deep."""
    env = Environment(loader=FileSystemLoader(ROOT / "templates"), autoescape=True)
    uses = {
        name: set(meta.find_referenced_templates(env.parse(env.loader.get_source(env, name)[0])))
        for name in env.list_templates()
    }
    found = {partial}
    while grown := {name for name, used in uses.items() if used & found} - found:
        found |= grown
    return frozenset(found)


def worker_running(request: Request) -> bool:
    """Whether a worker sent a heartbeat lately (tasks run inside the request in tests)."""
    if huey_app.huey.immediate:
        return True
    return health.worker_alive(request.app.state.settings, clock.now())


def navigation(request: Request) -> dict:
    """The navigation bar's numbers for this request's user, from its connection."""
    db = request.scope.get(SCOPE_DB)  # type: ignore[call-overload]
    try:
        return nav_counts(db, request.scope.get("user"), worker_running(request)) if db else {}
    except sqlite3.Error:  # an error page drawn after the request's connection closed
        return {}


def queue_state(request: Request) -> dict:
    """What a queued pill says beside "Queued": processing paused, or no worker running."""
    db = request.scope.get(SCOPE_DB)  # type: ignore[call-overload]
    return {
        "paused": db is not None and pausing.processing_paused(db) is not None,
        "worker_running": worker_running(request),
    }


class Page(Template):
    """A template response that gives the navigation bar and the status pills what they
    show (once per response, only to the templates that show them), and is rendered in a
    worker thread as it is sent: a long page (a PO of hundreds of items, every site there
    is) holds up no other request."""

    def create_template_context(self, request: Request) -> dict[str, Any]:
        context = super().create_template_context(request)
        if "nav" not in context and self.template_name in showing("_nav_counts.html"):
            context["nav"] = navigation(request)
        if "queue" not in context and self.template_name in showing("_batch_pill.html"):
            context["queue"] = queue_state(request)
        return context

    def to_asgi_response(
        self,
        app: Any,
        request: Request,
        *,
        background: BackgroundTask | BackgroundTasks | None = None,
        cookies: Iterable[Cookie] | None = None,
        headers: dict[str, str] | None = None,
        status_code: int | None = None,
        **_: Any,
    ) -> ASGIResponse:
        template = request.app.template_engine.get_template(self.template_name)

        def render() -> bytes:
            return template.render(**self.create_template_context(request)).encode(self.encoding)

        return _RenderedInThread(
            render,
            background=self.background or background,
            cookies=itertools.chain(self.cookies, cookies or ()),
            headers={**(headers or {}), **self.headers},
            media_type=self.media_type or MediaType.HTML,
            status_code=self.status_code or status_code,
            encoding=self.encoding,
        )


class _RenderedInThread(ASGIResponse):
    """A response whose body is made by `render()` in a worker thread when it is sent."""

    def __init__(self, render: Callable[[], bytes], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.render = render

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.body = await anyio.to_thread.run_sync(self.render)
        self.headers["content-length"] = str(len(self.body))
        await super().__call__(scope, receive, send)


class HtmxPage(Page, HTMXTemplate):
    """A fragment for htmx with its response headers (push_url, trigger_event, ...),
    rendered like a Page."""


def document_file(
    settings: Settings,
    file_path: str | None,
    content_type: str,
    filename: str,
    inline: bool = True,
    missing: str = "The document is no longer stored.",
) -> File:
    """A stored document for the browser: its own type and name, never run as a page.

    Only the types an upload can have are shown inline (by the browser's own
    viewer, under a policy that loads nothing else); anything else downloads.
    """
    path = storage.resolve(settings, file_path) if file_path else None
    if path is None or not path.exists():
        raise NotFoundException(missing)
    shown = content_type in storage.EXTENSIONS
    return File(
        path=path,
        filename=storage.display_filename(filename),
        media_type=content_type if shown else "application/octet-stream",
        content_disposition_type="inline" if shown and inline else "attachment",
        headers={
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": security.DOCUMENT_POLICY,
        },
    )


def preview_file(settings: Settings, record: dict, filename: str, missing: str) -> File:
    """A photographed document scaled for its page (the original stays a download).

    `record` is the PO or DN whose document it is; `missing` says that it has no photo.
    """
    if not record["file_path"] or record["content_type"] not in previews.IMAGE_TYPES:
        raise NotFoundException(missing)
    try:
        path = previews.preview(settings, record["file_path"])
    except previews.PreviewError as exc:
        raise NotFoundException(str(exc)) from None
    except previews.PreviewsBusy as exc:
        raise ServiceUnavailableException(str(exc), headers={"Retry-After": "5"}) from None
    return File(
        path=path,
        filename=filename,
        media_type="image/jpeg",
        content_disposition_type="inline",
        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "private, max-age=3600"},
    )


def record_file(
    settings: Settings, record: dict, prefix: str, number: str, what: str, preview: bool = False
) -> File:
    """A PO's or DN's own document, named by its number (`prefix` "PO-": PO-4711.pdf), or with
    `preview` its photo scaled for the page; `what` the record in words when there is none."""
    if preview:
        name = f"{prefix}{storage.display_filename(number)}-preview.jpg"
        return preview_file(settings, record, name, missing=f"This {what} has no photo to preview.")
    name = f"{prefix}{number}{PurePath(record['file_path'] or '').suffix}"
    missing = f"This {what} has no stored document."
    return document_file(
        settings, record["file_path"], record["content_type"], name, missing=missing
    )


def page(name: str, /, status_code: int = 200, **context: Any) -> Page:
    return Page(template_name=name, context=context, status_code=status_code)
