"""Request bodies: how large each kind of route accepts, and forms read off the event loop.

Every route has a limit that fits what it takes, enforced while the body
streams in (Litestar's `request_max_body_size`: a Content-Length over it is
refused before a byte is read, a body without one is cut off at it). The
app's default is a small form; the routes that take more say so. Uploads
stream to disk and keep their own limit, INTAKE_MAX_UPLOAD_MB (`app.uploads`).

A form is parsed in a worker thread, never on the event loop, and without
Litestar's cache of parsed forms (which would keep up to a thousand bodies):
`FormReader` reads it before the handler runs, which then finds it parsed.
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import parse_qsl

import anyio
from litestar import Request
from litestar.datastructures import FormMultiDict
from litestar.enums import RequestEncodingType, ScopeType
from litestar.exceptions import ClientException
from litestar.middleware import ASGIMiddleware
from litestar.plugins.htmx import HTMXRequest
from litestar.types import ASGIApp, Empty, Receive, Scope, Send

KB = 1024
MB = 1024 * KB
# What a page's form or an API call without a document needs; the app's default.
FORM = 64 * KB
# Sign-in and set-up, which anyone may post to: an email, a password or two, the token.
SIGN_IN = 16 * KB
# Typing a PO by hand: up to 200 item rows.
HAND_ENTRY = 512 * KB
# A PO or DN as JSON (a reading handed in, a correction, a refused document's words): a few
# hundred bytes an item for up to 500 items, with room for long descriptions.
PAYLOAD = 2 * MB
# More fields than any of our forms has: a body of thousands of tiny fields is refused.
MAX_FIELDS = 2000


def urlencoded(content_bytes: int) -> int:
    """The limit for a form that carries `content_bytes` of text: percent-encoding can
    triple a byte, and the other fields need room too."""
    return 3 * content_bytes + FORM


def too_large(limit: int | None) -> str:
    """The 413 sentence for a body over a route's limit."""
    size = f"{limit // MB} MB" if limit and limit >= MB else f"{(limit or 0) // KB} KB"
    return f"What was sent is larger than the {size} this page accepts; send less at a time."


def parse_form(body: bytes) -> dict[str, str | list[str]]:
    """An urlencoded body as Litestar hands forms to handlers: a field sent twice is a list."""
    try:
        pairs = parse_qsl(body.decode("latin-1"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except ValueError:
        raise ClientException(f"The form has more than {MAX_FIELDS} fields.") from None
    fields: defaultdict[str, list[str]] = defaultdict(list)
    for name, value in pairs:
        fields[name].append(value)
    return {name: values if len(values) > 1 else values[0] for name, values in fields.items()}


class IntakeRequest(HTMXRequest):
    """The app's request: an urlencoded form is parsed in a worker thread."""

    async def form(self) -> FormMultiDict:
        state = self._connection_state
        if state.form is Empty and self.content_type[0] == RequestEncodingType.URL_ENCODED:
            body = await self.body()
            state.form = await anyio.to_thread.run_sync(parse_form, body)  # type: ignore[assignment]
        return await super().form()


class FormReader(ASGIMiddleware):
    """Reads an urlencoded body, within its route's limit, and parses it in a thread."""

    scopes = (ScopeType.HTTP,)
    exclude_path_pattern = ("^/static/",)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        request: Request = scope["litestar_app"].request_class(scope, receive)
        if request.content_type[0] == RequestEncodingType.URL_ENCODED:
            await request.form()
        await next_app(scope, receive, send)
