"""CSRF: a browser's change must carry the token its own pages were given.

The token is a signed random value in the `intake_csrf` cookie, set on the
first page a browser sees; a change (POST and the like) must send the same
token back. htmx sends it in the `x-csrftoken` header, so most requests are
judged on their headers alone. A plain HTML form sends it as the
`_csrf_token` field: that body is read only within its route's limit (a few
KB for a form) and parsed in a worker thread. An upload streams, so its
field is checked by the upload itself once the form is read
(`upload_field_check`). Bearer-token requests, and the one route that
authenticates by its own secret, are exempt: no cookie counts for them.

Runs after `AuthMiddleware`, so a stranger on a route that needs a user has
been answered before any body is read.
"""

from __future__ import annotations

from collections.abc import Callable
from secrets import compare_digest

from litestar import Request
from litestar.datastructures import Cookie, MutableScopeHeaders
from litestar.enums import RequestEncodingType, ScopeType
from litestar.exceptions import PermissionDeniedException
from litestar.middleware import ASGIMiddleware
from litestar.middleware.csrf import CSRF_SECRET_LENGTH, generate_csrf_hash, generate_csrf_token
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from litestar.utils.scope.state import ScopeState

CSRF_COOKIE = "intake_csrf"
CSRF_HEADER = "x-csrftoken"
CSRF_FIELD = "_csrf_token"
FAILED = "CSRF token verification failed"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# Set in the scope when an upload's token is to be found among its form fields.
_IN_UPLOAD = "intake.csrf_in_upload"
_FORMS = {RequestEncodingType.URL_ENCODED, RequestEncodingType.MULTI_PART}


def _unsigned(token: object, secret: str) -> str | None:
    """The random part of a token whose signature is good, else None."""
    if not isinstance(token, str) or len(token) <= CSRF_SECRET_LENGTH:
        return None
    value, signature = token[:CSRF_SECRET_LENGTH], token[CSRF_SECRET_LENGTH:]
    return value if compare_digest(signature, generate_csrf_hash(value, secret)) else None


def tokens_match(given: object, cookie: str | None, secret: str) -> bool:
    sent, kept = _unsigned(given, secret), _unsigned(cookie, secret)
    return sent is not None and kept is not None and compare_digest(sent, kept)


class CSRFMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/static/",)
    exclude_opt_key = "exclude_from_csrf"

    def __init__(self, secret: str) -> None:
        self.secret = secret

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        if scope.get("auth") == "token":
            await next_app(scope, receive, send)
            return
        request: Request = scope["litestar_app"].request_class(scope, receive)
        cookie = request.cookies.get(CSRF_COOKIE)
        state = ScopeState.from_scope(scope)
        if request.method in SAFE_METHODS:
            state.csrf_token = cookie or generate_csrf_token(self.secret)
            if cookie is None:
                send = _setting_cookie(send, state.csrf_token, scope.get("scheme") == "https")
            await next_app(scope, receive, send)
            return
        given = request.headers.get(CSRF_HEADER)
        kind = request.content_type[0]
        if given is None and scope["route_handler"].opt.get("csrf_in_upload"):
            if kind == RequestEncodingType.MULTI_PART:  # the upload checks its own field
                scope[_IN_UPLOAD] = True  # type: ignore[typeddict-unknown-key]
                await next_app(scope, receive, send)
                return
        elif given is None and kind in _FORMS:
            given = (await request.form()).get(CSRF_FIELD)
        if not tokens_match(given, cookie, self.secret):
            raise PermissionDeniedException(FAILED)
        state.csrf_token = given
        await next_app(scope, receive, send)


def _setting_cookie(send: Send, token: str, secure: bool) -> Send:
    """`send`, with the new token's cookie added to the response's headers."""

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            cookie = Cookie(key=CSRF_COOKIE, value=token, path="/", samesite="lax", secure=secure)
            MutableScopeHeaders.from_message(message).add("set-cookie", cookie.to_header(header=""))
        await send(message)

    return wrapped


def upload_field_check(request: Request) -> Callable[[dict[str, str]], None] | None:
    """For an upload that sent no header: the check its form fields must pass; else None."""
    if not request.scope.get(_IN_UPLOAD):
        return None
    cookie = request.cookies.get(CSRF_COOKIE)
    secret = request.app.state.settings.secret_key

    def check(fields: dict[str, str]) -> None:
        if not tokens_match(fields.get(CSRF_FIELD), cookie, secret):
            raise PermissionDeniedException(FAILED)

    return check
