"""The Litestar glue every route shares: who is asking, their database
connection, the guards, CSRF, templates, and errors people can read.

Nothing here knows about purchase orders or batches; the domain modules do.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from datetime import datetime
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit
from zoneinfo import ZoneInfo

from jinja2 import Environment, FileSystemLoader, select_autoescape
from litestar import Litestar, Request, Response
from litestar.config.csrf import CSRFConfig
from litestar.connection import ASGIConnection
from litestar.datastructures import Headers
from litestar.di import NamedDependency
from litestar.enums import ScopeType
from litestar.exceptions import (
    HTTPException,
    NotAuthorizedException,
    NotFoundException,
    PermissionDeniedException,
    ValidationException,
)
from litestar.handlers import BaseRouteHandler
from litestar.middleware import ASGIMiddleware
from litestar.middleware.csrf import CSRFMiddleware
from litestar.plugins.htmx import ClientRedirect
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.response import File, Redirect, Template
from litestar.types import ASGIApp, Receive, Scope, Send
from sqlite_utils import Database

from app import (
    auth,
    batch_admin,
    clock,
    health,
    ids,
    numbers,
    po_list,
    purchasing,
    queue,
    security,
    storage,
)
from app.config import ROOT, Settings
from app.db import connect, is_busy, is_disk_full
from app.uploads import UploadRejected, remove_abandoned
from tasks import huey_app

log = logging.getLogger("intake")

# What handlers ask for: the request's connection and the app's settings.
DB = NamedDependency[Database]
Config = NamedDependency[Settings]

SESSION_COOKIE = "intake_session"
CSRF_COOKIE = "intake_csrf"
CSRF_HEADER = "x-csrftoken"
_DB = "intake.db"


# --- who is asking -------------------------------------------------------------


class AuthMiddleware(ASGIMiddleware):
    """Opens the request's database connection and finds its user.

    A request with an Authorization header is judged by its token alone, never
    by a cookie: that is what lets CSRF checks skip bearer requests safely.
    """

    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/static/",)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        settings: Settings = scope["litestar_app"].state.settings
        db = connect(settings.db_path, settings.busy_timeout_ms)
        scope[_DB] = db  # type: ignore[typeddict-unknown-key]
        try:
            scope["user"], scope["auth"] = _identify(db, settings, Headers.from_scope(scope))
            await next_app(scope, receive, send)
        finally:
            db.close()


def _identify(db: Database, settings: Settings, headers: Headers) -> tuple[dict | None, str | None]:
    now = clock.now()
    authorization = headers.get("authorization")
    if authorization is not None:
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            return auth.token_user(db, token.strip(), now), "token"
        return None, "token"
    cookies = SimpleCookie()
    try:
        cookies.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header means: no session
        return None, None
    morsel = cookies.get(SESSION_COOKIE)
    if morsel is None:
        return None, None
    return auth.session_user(db, morsel.value, settings.secret_key, now), "session"


def remove_abandoned_uploads(app: Litestar) -> None:
    """At start-up: files a killed web process left in files/incoming (see app.uploads)."""
    settings: Settings = app.state.settings
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        removed = remove_abandoned(db, settings)
    finally:
        db.close()
    if removed:
        log.warning("removed %d abandoned upload(s): %s", len(removed), ", ".join(removed))


def provide_db(request: Request) -> Database:
    return request.scope[_DB]  # type: ignore[typeddict-item]


def provide_settings(request: Request) -> Settings:
    return request.app.state.settings


def current_user(request: Request) -> dict:
    return request.scope["user"]


def signed_in(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """Every route needs a user, except those marked public (sign-in, set-up, static files)."""
    if handler.opt.get("public"):
        return
    if connection.scope.get("user") is None:
        raise NotAuthorizedException("Sign in to continue.")


def admin_only(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    user = connection.scope.get("user")
    if not user or user["role"] != "admin":
        raise PermissionDeniedException("Only an administrator can do this.")


def parse_id(value: str, what: str) -> str:
    """Record ids in paths: a malformed one is a 400, before any lookup."""
    if not ids.is_valid(value):
        raise ValidationException(f"{value[:40]!r} is not a valid {what} id.")
    return value


def found(record: dict | None, what: str) -> dict:
    if record is None:
        raise NotFoundException(f"There is no {what} with that id.")
    return record


# --- CSRF --------------------------------------------------------------------


class CSRF(CSRFMiddleware):
    """Litestar's CSRF check, skipped for bearer-token requests (no cookie counts for them)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == ScopeType.HTTP and scope.get("auth") == "token":
            await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


def csrf_config(settings: Settings) -> CSRFConfig:
    return CSRFConfig(
        secret=settings.secret_key,
        cookie_name=CSRF_COOKIE,
        header_name=CSRF_HEADER,
        cookie_samesite="lax",
    )


# --- templates -----------------------------------------------------------------


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
    env.filters["warning_text"] = purchasing.describe_warning
    env.filters["first_line"] = first_line
    env.filters["pretty_json"] = pretty_json
    env.globals["nav_counts"] = nav_counts
    env.globals["queue_paused"] = queue_paused
    env.globals["worker_running"] = worker_running
    env.globals["max_upload_mb"] = settings.max_upload_mb
    env.globals["max_upload_bytes"] = settings.max_upload_bytes
    return JinjaTemplateEngine.from_environment(env)


def first_line(text: str | None, limit: int = 160) -> str:
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def pretty_json(raw: str | None) -> str:
    """Stored JSON, indented for reading; text that is not JSON is shown as it is."""
    if not raw:
        return ""
    try:
        return json.dumps(json.loads(raw), indent=2, ensure_ascii=False)
    except ValueError:
        return raw


def nav_counts(request: Request) -> dict:
    """The numbers the navigation bar shows: what is waiting for this person."""
    user = request.scope.get("user")
    db = request.scope.get(_DB)  # type: ignore[call-overload]
    if not user or db is None:
        return {}
    try:
        counts = {"unverified": po_list.unverified_count(db)}
        if user["role"] == "admin":
            stuck = batch_admin.needs_attention(db)
            counts["attention"] = stuck["failed"] + stuck["dead"]
            counts["attention_tab"] = "dead" if stuck["dead"] else "failed"
            counts["paused"] = queue.processing_paused(db) is not None
    except sqlite3.Error:  # an error page drawn after the request's connection closed
        return {}
    return counts


def queue_paused(request: Request) -> bool:
    """Whether an admin has paused processing: a queued pill says so."""
    db = request.scope.get(_DB)  # type: ignore[call-overload]
    try:
        return db is not None and queue.processing_paused(db) is not None
    except sqlite3.Error:
        return False


def worker_running(request: Request) -> bool:
    """Whether a worker sent a heartbeat lately (asked once per request): the nav and a
    queued pill say so when none did."""
    if huey_app.huey.immediate:  # tasks run inside the request (tests): no worker is needed
        return True
    key = "intake.worker_running"
    if key not in request.scope:
        settings: Settings = request.app.state.settings
        request.scope[key] = health.worker_alive(settings, clock.now())  # type: ignore[literal-required]
    return request.scope[key]  # type: ignore[literal-required]


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


def page(name: str, /, status_code: int = 200, **context: Any) -> Template:
    return Template(template_name=name, context=context, status_code=status_code)


# --- errors --------------------------------------------------------------------

_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "payload_too_large",
    503: "unavailable",
    507: "insufficient_storage",
}


def is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def error_response(
    request: Request,
    status_code: int,
    detail: str,
    headers: dict[str, str] | None = None,
    problems: list[str] | None = None,
) -> Response:
    """JSON {error, detail[, problems]} for the API; a readable page or fragment for a person."""
    if problems:
        detail = f"{detail} {' '.join(problems)}"
    if is_api(request):
        body = {"error": _CODES.get(status_code, "error"), "detail": detail}
        if problems:
            body["problems"] = problems
        return Response(body, status_code=status_code, headers=headers)
    name = "_error.html" if request.headers.get("hx-request") else "error.html"
    return Response(
        content=_render_error(request, name, status_code, detail),
        status_code=status_code,
        media_type="text/html",
        headers=headers,
    )


def _render_error(request: Request, name: str, status_code: int, detail: str) -> str:
    engine: JinjaTemplateEngine = request.app.template_engine  # type: ignore[assignment]
    template = engine.get_template(name)
    return template.render(request=request, status=status_code, detail=detail)


def _problems(exc: HTTPException) -> list[str]:
    """The list a 400 carries in `extra`: our own sentences, or Litestar's validation items."""
    if not isinstance(exc.extra, list):
        return []
    return [
        str(item.get("message", item)) if isinstance(item, dict) else str(item)
        for item in exc.extra
    ]


def _login_url(back_to: str) -> str:
    if not back_to or back_to in ("/", "/login"):
        return "/login"
    return "/login?" + urlencode({"next": back_to})


def handle_http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code == 401 and not is_api(request):
        if request.headers.get("hx-request"):
            # a fragment asked: come back to the page it was on, not to the fragment
            here = urlsplit(request.headers.get("hx-current-url", "")).path
            return ClientRedirect(redirect_to=_login_url(here))
        return Redirect(path=_login_url(request.url.path if request.method == "GET" else ""))
    detail = exc.detail
    if exc.status_code == 403 and detail == "CSRF token verification failed":
        detail = "This form has expired. Reload the page and try again."
    return error_response(request, exc.status_code, detail, exc.headers, _problems(exc))


def handle_upload_rejected(request: Request, exc: UploadRejected) -> Response:
    return error_response(request, exc.status_code, exc.message)


def handle_database_error(request: Request, exc: sqlite3.OperationalError) -> Response:
    if is_busy(exc):
        log.warning("database busy: %s %s", request.method, request.url.path)
        return error_response(
            request,
            503,
            "The database is busy; try again in a few seconds.",
            headers={"Retry-After": "5"},
        )
    if is_disk_full(exc):
        log.error("disk full: %s %s", request.method, request.url.path)
        return error_response(request, 507, DISK_FULL)
    return handle_unexpected(request, exc)


DISK_FULL = "The server's disk is full, so nothing was saved. Tell an administrator."


def handle_unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(
        request, 500, "Something went wrong on our side. The error is logged; try again."
    )
