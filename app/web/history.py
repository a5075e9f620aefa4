"""The address a boosted form's answer leaves in the address bar.

htmx pushes a boosted form's own URL into the history, so after a POST the bar
reads `/users/…/tokens`, and a reload or a bookmark asks it with GET (405).
Every page a boosted form answers with is shown at the address of the page the
form was on instead (`HX-Replace-Url`): a reload there shows that page as it is
now, and never sends the form again. A handler that names an address itself
(a redirect, `HX-Push-Url`) is left alone.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from litestar.types import Message, Scope

_NAMED = {b"hx-push-url", b"hx-replace-url", b"hx-redirect", b"hx-location", b"hx-push"}


def page_address(current_url: str) -> str | None:
    """The path and query of the page a form was on, or None when it is not one of ours."""
    parts = urlsplit(current_url)
    if not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    address = parts.path + (f"?{parts.query}" if parts.query else "")
    return address if address.isascii() and address.isprintable() else None


async def keep_the_page_address(message: Message, scope: Scope) -> None:
    """Litestar before_send hook: a boosted POST's page answer names the form's page."""
    if message["type"] != "http.response.start" or scope.get("method") != "POST":
        return
    if 300 <= message["status"] < 400:
        return
    asked = dict(scope.get("headers") or [])
    if asked.get(b"hx-boosted") != b"true" or b"hx-current-url" not in asked:
        return
    headers = list(message.get("headers") or [])
    if {name.lower() for name, _ in headers} & _NAMED:
        return
    address = page_address(asked[b"hx-current-url"].decode("latin-1"))
    if address is not None:
        headers.append((b"hx-replace-url", address.encode("ascii")))
        message["headers"] = headers  # type: ignore[typeddict-unknown-key]
