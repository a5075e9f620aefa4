"""The headers every response carries, whatever produced it: pages, fragments,
JSON, documents, static files and errors.

The Content-Security-Policy allows scripts and styles from this site only, so
an injected `<script>` or `onclick=` never runs: pages keep their behaviour in
static/app.js and configure htmx with a meta tag. A response that set its own
policy (a stored document) keeps it. Over https, responses also carry
Strict-Transport-Security.
"""

from __future__ import annotations

from litestar.types import Message, Scope

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ]
)
# A stored document is shown by the browser's own viewer: nothing else may load in it.
DOCUMENT_POLICY = "default-src 'none'; object-src 'self'; frame-ancestors 'self'"

HEADERS = {
    b"content-security-policy": CONTENT_SECURITY_POLICY.encode(),
    b"x-content-type-options": b"nosniff",
    b"x-frame-options": b"SAMEORIGIN",  # frame-ancestors for browsers that predate it
    b"referrer-policy": b"same-origin",
}


# Sent only over https (directly, or as a trusted proxy says): browsers then refuse plain
# http to this site for a year.
HSTS = (b"strict-transport-security", b"max-age=31536000")


async def add_security_headers(message: Message, scope: Scope) -> None:
    """Litestar before_send hook: add the headers a response does not already carry."""
    if message["type"] != "http.response.start":
        return
    headers = list(message.get("headers") or [])
    present = {name.lower() for name, _ in headers}
    headers.extend((name, value) for name, value in HEADERS.items() if name not in present)
    if scope.get("scheme") == "https":
        headers.append(HSTS)
    message["headers"] = headers  # type: ignore[typeddict-unknown-key]
