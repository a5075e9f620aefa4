"""Who is asking: the request's database connection, its user, the guards, and CSRF.

A request with an Authorization header is judged by its token alone, never
by a cookie: that is what lets CSRF checks skip bearer requests safely. Every
route needs a signed-in user unless it is marked public; an admin area states
`admin_only` once, on its Router.
"""

from __future__ import annotations

from http.cookies import SimpleCookie

from litestar import Request
from litestar.config.csrf import CSRFConfig
from litestar.connection import ASGIConnection
from litestar.datastructures import Headers
from litestar.di import NamedDependency
from litestar.enums import ScopeType
from litestar.exceptions import NotAuthorizedException, PermissionDeniedException
from litestar.handlers import BaseRouteHandler
from litestar.middleware import ASGIMiddleware
from litestar.middleware.csrf import CSRFMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send
from sqlite_utils import Database

from app import auth, clock
from app.config import Settings
from app.db import connect

# What handlers ask for: the request's connection and the app's settings.
DB = NamedDependency[Database]
Config = NamedDependency[Settings]

SESSION_COOKIE = "intake_session"
CSRF_COOKIE = "intake_csrf"
CSRF_HEADER = "x-csrftoken"
SCOPE_DB = "intake.db"


class AuthMiddleware(ASGIMiddleware):
    """Opens the request's database connection and finds its user."""

    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/static/",)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        settings: Settings = scope["litestar_app"].state.settings
        db = connect(settings.db_path, settings.busy_timeout_ms)
        scope[SCOPE_DB] = db  # type: ignore[typeddict-unknown-key]
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


def provide_db(request: Request) -> Database:
    return request.scope[SCOPE_DB]  # type: ignore[typeddict-item]


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


def admin_views(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """A batch action's row and page views are the admin pages'; its pill is everyone's."""
    if connection.query_params.get("view") in ("row", "page"):
        admin_only(connection, handler)


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
