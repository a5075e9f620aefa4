"""One HTTP exchange with another system, told apart by how far it got.

Whether a write may be sent again depends on whether the other side could
have received it: a connection that was never made certainly delivered
nothing, while a timeout or a dropped connection after the request went out
may have delivered it. So the connection is made first, on its own, and a
failure there is reported as `connected=False`. Never raises for the network.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.outbox.states import Answer

# More of an answer than this is not kept: an id and an error sentence fit many times over.
MAX_ANSWER = 64 * 1024


@dataclass(frozen=True)
class Exchange:
    connected: bool
    status: int | None = None
    body: bytes = b""
    error: str = ""
    duration_ms: int = 0

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    @property
    def succeeded(self) -> bool:
        """The other side answered 2xx."""
        return self.status is not None and 200 <= self.status < 300


def not_taken(reply: Exchange, who: str, refusal: str) -> tuple[Answer, str]:
    """What a reply that did not take the write means, and the sentence a person reads.

    `who` names the other side in a sentence ("The webhook"); `refusal` is the
    sentence for a 4xx, which says the write itself was refused.
    """
    if not reply.connected:
        return Answer.NOT_RECEIVED, reply.error
    if reply.status is None:
        return Answer.UNKNOWN, reply.error
    if reply.status == 429:
        return Answer.NOT_RECEIVED, f"{who} asked Intake to slow down (429)."
    if reply.status >= 500:
        return Answer.UNKNOWN, f"{who} answered {reply.status}."
    return Answer.REFUSED, refusal


def signature(secret: str, payload: bytes) -> str:
    """`sha256=<hex>`: the HMAC-SHA256 of the payload under the shared secret."""
    return "sha256=" + hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()


def exchange(
    method: str, url: str, body: bytes | None, headers: dict[str, str], timeout: float
) -> Exchange:
    parts = urlsplit(url)
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    connection = kind(parts.hostname or "", parts.port, timeout=timeout)
    started = time.monotonic()

    def took() -> int:
        return round((time.monotonic() - started) * 1000)

    try:
        connection.connect()
    except OSError as exc:
        return Exchange(False, error=f"Could not connect to {parts.netloc}: {_reason(exc)}.")
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request(method, target, body=body, headers={"User-Agent": "Intake"} | headers)
        response = connection.getresponse()
        data = response.read(MAX_ANSWER)
        return Exchange(True, response.status, data, duration_ms=took())
    except TimeoutError:
        return Exchange(True, error=f"No answer within {timeout:g} s.", duration_ms=took())
    except (OSError, http.client.HTTPException) as exc:
        error = f"The connection broke before an answer: {_reason(exc)}."
        return Exchange(True, error=error, duration_ms=took())
    finally:
        connection.close()


def _reason(exc: BaseException) -> str:
    text = getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__
    return text.rstrip(".")
