"""The extraction loop's API, called over HTTP: what a remote worker says to the server.

Each call is one request with the x-ingest-secret header. An answer the loop
expects (a 409 when another extractor won, a 400 for a result that was not
valid) comes back as a value; a server that cannot be reached, or answers
5xx, raises `Unreachable` (try again later); a refused secret raises `Refused`
(a setting to fix, not a moment to wait out); any other answer raises `Unexpected`.
"""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

LOOP = "/api/data-import-batches"


class Unreachable(Exception):
    """The server did not answer, or answered with an error of its own (5xx)."""


class Refused(Exception):
    """The server refused the secret (401) or the caller (403)."""


class Unexpected(Exception):
    """An answer the loop has no use for (a 404 for a batch just listed, say)."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict | list | None


class IntakeServer:
    def __init__(self, url: str, secret: str, timeout: float = 60):
        self.url = url.rstrip("/")
        self.secret = secret
        self.timeout = timeout

    def due(self, batch_types: tuple[str, ...], limit: int) -> list[dict]:
        query = urllib.parse.urlencode({"limit": limit, "batch_type": ",".join(batch_types)})
        return self._call("GET", f"{LOOP}/due?{query}").body or []

    def office_names(self) -> dict:
        """The site codes and supplier names a reading is checked against."""
        return self._call("GET", f"{LOOP}/office-names").body or {}

    def claim(self, batch_id: str) -> dict | None:
        """The claim, or None when another extractor won or the batch is no longer due."""
        answer = self._call("POST", f"{LOOP}/{batch_id}/claim", expected=(409,))
        return answer.body if answer.status == 200 else None

    def download(self, file_url: str, dest: Path) -> bool:
        """The document into `dest`; False when this claim no longer holds the batch."""
        try:
            with self._open("GET", file_url) as response, dest.open("wb") as out:
                shutil.copyfileobj(response, out)
        except urllib.error.HTTPError as exc:
            if exc.code == 409:
                return False
            raise self._failure(exc) from None
        except OSError as exc:  # the connection dropped while the bytes came
            raise Unreachable(f"{self.url} stopped sending the document ({exc}).") from None
        return True

    def hand_in(self, batch_id: str, claim: int, extracted: dict) -> Answer:
        body = {"batch_id": batch_id, "claim": claim, "extracted": extracted}
        path = "/api/purchase-orders/process-batch"
        return self._call("POST", path, body, expected=(400, 409, 413))

    def fail(
        self,
        batch_id: str,
        claim: int,
        error: str,
        retryable: bool,
        step: str,
        kept: dict | None = None,
    ) -> Answer:
        body = {"claim": claim, "error": error, "retryable": retryable, "step": step}
        if kept:
            body["kept"] = kept
        return self._call("POST", f"{LOOP}/{batch_id}/fail", body, expected=(409,))

    def _call(
        self, method: str, path: str, body: dict | None = None, expected: tuple[int, ...] = ()
    ) -> Answer:
        try:
            with self._open(method, path, body) as response:
                return Answer(response.status, _json(response.read()))
        except urllib.error.HTTPError as exc:
            if exc.code in expected:
                return Answer(exc.code, _json(exc.read()))
            raise self._failure(exc) from None
        except OSError as exc:  # refused, reset or timed out, before or during the answer
            raise Unreachable(f"{self.url} did not answer ({exc}).") from None

    def _open(self, method: str, path: str, body: dict | None = None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(  # noqa: S310 - the URL is the operator's own setting
            self.url + path,
            data=data,
            method=method,
            headers={"x-ingest-secret": self.secret, "content-type": "application/json"},
        )
        return urllib.request.urlopen(request, timeout=self.timeout)  # noqa: S310

    def _failure(self, exc: urllib.error.HTTPError) -> Exception:
        body = _json(exc.read())
        detail = body.get("detail") if isinstance(body, dict) else exc.reason
        if exc.code in (401, 403):
            return Refused(f"{self.url} refused this worker: {detail}")
        if exc.code >= 500:
            return Unreachable(f"{self.url} answered {exc.code}: {detail}")
        return Unexpected(f"{self.url} answered {exc.code}: {detail}")


def _json(raw: bytes) -> dict | list | None:
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None
