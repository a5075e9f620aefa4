"""Errors people can read: JSON {error, detail} for the API, a page or fragment for a person.

Also the two checks every record route makes before it reads: an id in a
path that is not an id is a 400, a record that is not there a 404.
"""

from __future__ import annotations

import logging
import sqlite3
from urllib.parse import urlencode, urlsplit

from litestar import Request, Response
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.plugins.htmx import ClientRedirect
from litestar.plugins.jinja import JinjaTemplateEngine
from litestar.response import Redirect

from app import ids
from app.db import is_busy, is_disk_full
from app.file_types import UploadRejected
from app.web.bodies import too_large
from app.web.csrf import FAILED
from app.web.templating import navigation

log = logging.getLogger("intake")


def parse_id(value: str, what: str) -> str:
    """Record ids in paths: a malformed one is a 400, before any lookup."""
    if not ids.is_valid(value):
        raise ValidationException(f"{value[:40]!r} is not a valid {what} id.")
    return value


def found(record: dict | None, what: str) -> dict:
    if record is None:
        raise NotFoundException(f"There is no {what} with that id.")
    return record


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
    nav = navigation(request) if name == "error.html" else {}
    return template.render(request=request, status=status_code, detail=detail, nav=nav)


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


def _closing(request: Request, headers: dict[str, str] | None = None) -> dict[str, str]:
    """An error may come before the body was read (a stranger's upload, a form over its
    limit): close the connection rather than take in the rest of a body nobody wants."""
    headers = dict(headers or {})
    if request.headers.get("content-length", "0") != "0" or "transfer-encoding" in request.headers:
        headers["Connection"] = "close"
    return headers


def handle_http_error(request: Request, exc: HTTPException) -> Response:
    headers = _closing(request, exc.headers)
    if exc.status_code == 401 and not is_api(request):
        if request.headers.get("hx-request"):
            # a fragment asked: come back to the page it was on, not to the fragment
            here = urlsplit(request.headers.get("hx-current-url", "")).path
            response = ClientRedirect(redirect_to=_login_url(here))
            response.headers.update(headers)
            return response
        back_to = request.url.path if request.method == "GET" else ""
        return Redirect(path=_login_url(back_to), headers=headers)
    detail = exc.detail
    if exc.status_code == 403 and detail == FAILED:
        detail = "This form has expired. Reload the page and try again."
    if isinstance(exc, RequestEntityTooLarge):
        detail = too_large(request.route_handler.resolve_request_max_body_size())
    return error_response(request, exc.status_code, detail, headers, _problems(exc))


def handle_upload_rejected(request: Request, exc: UploadRejected) -> Response:
    return error_response(request, exc.status_code, exc.message, _closing(request))


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
