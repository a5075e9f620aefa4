"""A receiving system for the outbox tests: a real HTTP server on 127.0.0.1, and a real SMTP one.

`Receiver` implements the accounting contract (docs/outbox.md, *The contract
a receiving system implements*): POST a write with its Idempotency-Key,
answered 201 `{id}`; a key it already has is answered 409 `{id}` and counted
in `repeats` (a write Intake sent again after the receiver had it: the tests
expect none); the look-up `GET ?idempotency_key=` answers 200 `{id}` or 404.
With a secret it checks `X-Intake-Signature` and answers 401 to a wrong one.

It can be told how to answer the next POSTs (`script`) or every POST (`mode`):
ok, conflict (409 `{id}`: it had it already), error (500, nothing kept),
error_after_record (kept, then 500), bad (400), busy (429), hang (kept, then
no answer until long past the sender's timeout), drop (the body read, the
connection closed with no answer, nothing kept); and it can go `down` (its
port refuses connections) and come `up` again on the same port.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
import time
from collections import Counter
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from aiosmtpd.controller import Controller

from tests.server import free_port

MODES = ("ok", "conflict", "error", "error_after_record", "bad", "busy", "hang", "drop")


class Receiver:
    def __init__(self, secret: str = "", hang_seconds: float = 3.0):
        self.secret = secret
        self.hang_seconds = hang_seconds
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/writes"
        self.lock = threading.Lock()
        self.mode = "ok"
        self.scripted: list[str] = []
        self.records: dict[str, dict] = {}  # idempotency key -> {id, body}
        self.repeats: Counter[str] = Counter()
        self.posts: list[tuple[str, str]] = []  # (key, mode) of every POST, in order
        self.lookups: list[str] = []
        self.bad_signatures = 0
        self.arrived = threading.Event()  # set when a POST's body has been read
        self.server: ThreadingHTTPServer | None = None
        self.up()

    # --- running -----------------------------------------------------------------------

    def up(self) -> None:
        if self.server is not None:
            return
        handler = type("Handler", (_Handler,), {"receiver": self})
        server = ThreadingHTTPServer(("127.0.0.1", self.port), handler, bind_and_activate=False)
        server.allow_reuse_address = True
        server.daemon_threads = True
        server.server_bind()
        server.server_activate()
        threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        self.server = server

    def down(self) -> None:
        """Stop listening: a connection to the port is refused until `up()`."""
        if self.server is None:
            return
        self.server.shutdown()
        self.server.server_close()
        self.server = None

    def script(self, *modes: str) -> None:
        """How to answer the next POSTs, one mode each; then `mode` again."""
        with self.lock:
            self.scripted.extend(modes)

    def next_mode(self) -> str:
        with self.lock:
            return self.scripted.pop(0) if self.scripted else self.mode

    # --- what it holds -----------------------------------------------------------------

    def keep(self, key: str, body: dict) -> tuple[str, bool]:
        """Record a write once: (its id, whether it was new)."""
        with self.lock:
            if key in self.records:
                self.repeats[key] += 1
                return self.records[key]["id"], False
            record_id = f"ACC-{len(self.records) + 1}"
            self.records[key] = {"id": record_id, "body": body}
            return record_id, True

    def signed(self, header: str | None, payload: bytes) -> bool:
        if not self.secret:
            return True
        digest = hmac.new(self.secret.encode(), payload, hashlib.sha256).hexdigest()
        return hmac.compare_digest(header or "", f"sha256={digest}")


class _Handler(BaseHTTPRequestHandler):
    receiver: Receiver
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # quiet: the tests read the counts instead
        pass

    def _answer(self, status: int, body: dict | None = None) -> None:
        data = json.dumps(body or {}).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the sender gave up waiting (a hang): as in life

    def do_GET(self) -> None:
        receiver = self.receiver
        key = (parse_qs(urlsplit(self.path).query).get("idempotency_key") or [""])[0]
        if not receiver.signed(self.headers.get("X-Intake-Signature"), key.encode()):
            receiver.bad_signatures += 1
            return self._answer(401, {"error": "bad signature"})
        receiver.lookups.append(key)
        found = receiver.records.get(key)
        if found:
            return self._answer(200, {"id": found["id"]})
        return self._answer(404, {"error": "no such write"})

    def do_POST(self) -> None:
        receiver = self.receiver
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        key = self.headers.get("Idempotency-Key", "")
        mode = receiver.next_mode()
        receiver.posts.append((key, mode))
        receiver.arrived.set()
        if not receiver.signed(self.headers.get("X-Intake-Signature"), raw):
            receiver.bad_signatures += 1
            return self._answer(401, {"error": "bad signature"})
        if mode == "drop":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return None
        if mode in ("error", "bad", "busy"):
            return self._answer({"error": 500, "bad": 400, "busy": 429}[mode], {"error": mode})
        record_id, new = receiver.keep(key, json.loads(raw))
        if mode == "hang":
            time.sleep(receiver.hang_seconds)
        if mode == "error_after_record":
            return self._answer(500, {"error": "stored, then failed"})
        status = 201 if new and mode != "conflict" else 409
        return self._answer(status, {"id": record_id})


class Inbox:
    """A real SMTP server (aiosmtpd) on 127.0.0.1 that keeps every message it is sent."""

    def __init__(self):
        self.messages: list = []
        self.port = free_port()
        self.url = f"smtp://127.0.0.1:{self.port}"
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    async def handle_DATA(self, server, session, envelope) -> str:
        self.messages.append(message_from_bytes(envelope.content))
        return "250 Message accepted"

    def stop(self) -> None:
        self.controller.stop()
