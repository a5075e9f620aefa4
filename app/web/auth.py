"""Who is asking: the request's database connection, its user, the guards.

A request with an Authorization header is judged by its token alone, never
by a cookie: that is what lets CSRF checks skip bearer requests safely. Every
route needs a signed-in user unless it is marked public, and that is checked
on the headers, before anything reads the body: a stranger's upload is
refused without its bytes ever being taken in. An admin area states
`admin_only` once, on its Router.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

import anyio
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.datastructures import Headers
from litestar.di import NamedDependency
from litestar.enums import ScopeType
from litestar.exceptions import NotAuthorizedException, PermissionDeniedException
from litestar.handlers import BaseRouteHandler
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send
from sqlite_utils import Database

from app import auth, clock
from app.config import Settings
from app.db import connect

# What handlers ask for: the request's connection and the app's settings.
DB = NamedDependency[Database]
Config = NamedDependency[Settings]

SESSION_COOKIE = "intake_session"
SCOPE_DB = "intake.db"


class AuthMiddleware(ASGIMiddleware):
    """Opens the request's database connection, finds its user, and turns strangers away."""

    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/static/",)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        settings: Settings = scope["litestar_app"].state.settings
        headers = Headers.from_scope(scope)
        # In a thread: a token's use is written down, and a write may wait for the lock.
        db, (scope["user"], scope["auth"]) = await anyio.to_thread.run_sync(
            _open_and_identify, settings, headers
        )
        scope[SCOPE_DB] = db  # type: ignore[typeddict-unknown-key]
        try:
            signed_in(ASGIConnection(scope), scope["route_handler"])
            await next_app(scope, receive, send)
        finally:
            db.close()


def _open_and_identify(
    settings: Settings, headers: Headers
) -> tuple[Database, tuple[dict | None, str | None]]:
    db = connect(settings.db_path, settings.busy_timeout_ms)
    try:
        return db, _identify(db, settings, headers)
    except BaseException:
        db.close()
        raise


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


def provide_db(request: Request) -> Database:
    return request.scope[SCOPE_DB]  # type: ignore[typeddict-item]


def provide_settings(request: Request) -> Settings:
    return request.app.state.settings


def current_user(request: Request) -> dict:
    return request.scope["user"]


def signed_in(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """Every route needs a user, except those marked public (sign-in, set-up, static files).

    Checked by `AuthMiddleware` for every request, before the body is read.
    """
    if handler.opt.get("public"):
        return
    if connection.scope.get("user") is None:
        raise NotAuthorizedException("Sign in to continue.")


def admin_only(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    user = connection.scope.get("user")
    if not user or user["role"] != "admin":
        raise PermissionDeniedException("Only an administrator can do this.")


def admin_views(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """A batch action's row and page views are the admin pages'; its pill is everyone's."""
    if connection.query_params.get("view") in ("row", "page"):
        admin_only(connection, handler)
