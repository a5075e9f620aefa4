"""A real `intake serve` under hostile or slow requests: nobody outside grows the web
process or stalls other requests.

The web process's memory is read from /proc/<pid>/status (VmRSS). Times are
functional bounds, generous on a shared machine: a stall these tests catch
lasts seconds (the body read and parsed on the event loop, a write waiting
for the lock); a request that goes on answers in milliseconds.
"""

from __future__ import annotations

import io
import os
import select
import socket
import sqlite3
import stat
import struct
import threading
import time
import zlib
from pathlib import Path

import httpx
import pytest
from PIL import Image

from app import auth, clock, lockout, sites, storage
from app.db import open_database
from app.web import CSRF_COOKIE, CSRF_HEADER
from tests.conftest import PASSWORD
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_po
from tests.server import RunningIntake

pytestmark = pytest.mark.slow

MB = 1024 * 1024
UPLOAD = "/api/purchase-orders/upload"
# Far below the seconds a stalled event loop takes; far above a shared machine's hiccups.
PROMPT = 1.0


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for {pid}")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = RunningIntake(
        tmp_path_factory.mktemp("limits") / "data", "--no-worker", INTAKE_BUSY_TIMEOUT_MS="2000"
    )
    db = open_database(running.settings.db_path)
    auth.create_user(db, "admin@example.com", "admin", PASSWORD, clock.now())
    db.close()
    yield running
    log = running.stop()
    assert "Traceback" not in log, log


def signed_in(server: RunningIntake) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    client.get("/login")
    token = client.cookies[CSRF_COOKIE]
    client.headers[CSRF_HEADER] = token
    response = client.post("/login", data={"email": "admin@example.com", "password": PASSWORD})
    assert response.status_code == 303, response.text
    return client


def post_raw(port: int, path: str, head: bytes, announced: int, timeout: float = 30) -> tuple:
    """POST `head` and then filler bytes (up to `announced` in all) until the server answers.

    Returns (body bytes sent, the answer's first bytes). Sending stops at the
    answer: what was sent by then is what the sockets' buffers took in.
    """
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {announced}\r\n".encode()
        + head
    )
    sock.setblocking(False)
    filler, sent, answer = b"a" * 65536, 0, b""
    deadline = time.monotonic() + timeout
    try:
        while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
            readable, writable, _ = select.select([sock], [sock] if sent < announced else [], [], 1)
            if readable:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
            elif writable:
                try:
                    sent += sock.send(filler[: announced - sent])
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    time.sleep(0.01)
    finally:
        sock.close()
    return sent, answer


def multipart_head(disposition: bytes) -> bytes:
    return (
        b"Content-Type: multipart/form-data; boundary=XyZ\r\n\r\n"
        b"--XyZ\r\nContent-Disposition: form-data; " + disposition + b"\r\n\r\n"
    )


def test_a_strangers_500_mb_field_is_answered_before_it_is_read(server):
    port = server.port
    pid = server.process.pid
    field, document = b'name="note"', b'name="file"; filename="po.pdf"'
    post_raw(port, UPLOAD, multipart_head(field), 1 * MB)  # a first request warms the process
    before = rss_mb(pid)
    for path, part in ((UPLOAD, field), ("/upload", field), (UPLOAD, document)):
        sent, answer = post_raw(port, path, multipart_head(part), 500 * MB)
        status_line, _, headers = answer.partition(b"\r\n")
        assert status_line.split()[1] in (b"401", b"302"), answer
        assert b"connection: close" in headers.lower()
        assert sent < 50 * MB, f"{sent / MB:.0f} MB taken in before the answer"
    grown = rss_mb(pid) - before
    assert grown < 5, f"the web process grew by {grown:.1f} MB"


def test_a_500_mb_sign_in_form_is_refused_before_it_is_read(server):
    head = b"Content-Type: application/x-www-form-urlencoded\r\n\r\n"
    before = rss_mb(server.process.pid)
    sent, answer = post_raw(server.port, "/login", head, 500 * MB)
    assert answer.split()[1] == b"413", answer
    assert sent < 50 * MB
    assert rss_mb(server.process.pid) - before < 5


def time_static(server: RunningIntake, until: threading.Event) -> list[float]:
    """Fetch /static/app.js again and again until `until` is set; each fetch's seconds."""
    times = []
    with httpx.Client(base_url=server.url, timeout=30) as client:
        while not until.is_set() or not times:
            started = time.monotonic()
            assert client.get("/static/app.js").status_code == 200
            times.append(time.monotonic() - started)
    return times


def test_a_form_of_many_tiny_fields_stalls_nobody(server):
    body = b"&".join(b"f%d=" % n for n in range(1_100_000))[:9_500_000]
    assert len(body) > 9 * MB
    done, answers, times = threading.Event(), [], []
    timer = threading.Thread(target=lambda: times.extend(time_static(server, done)))
    timer.start()
    try:
        for framed in ("sized", "chunked"):
            content = (
                body
                if framed == "sized"
                else iter([body[i : i + MB] for i in range(0, len(body), MB)])
            )
            response = httpx.post(
                server.url + "/login",
                content=content,
                headers={"content-type": "application/x-www-form-urlencoded"},
                timeout=30,
            )
            answers.append(response.status_code)
    finally:
        done.set()
        timer.join()
    assert max(times) < PROMPT, f"/static/app.js took up to {max(times):.2f} s"
    assert answers == [413, 413]


def hold_the_write_lock(path: Path):
    """Another connection in a write transaction on the real data file."""
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=30)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def writes_to_make(server: RunningIntake) -> list[tuple[str, str, dict]]:
    """(method, path, headers) of requests that each write, of every kind the pages make."""
    db = open_database(server.settings.db_path)
    admin = auth.get_user_by_email(db, "admin@example.com")
    site_id = sites.add_site(db, "LOCK1", "Lock Street", clock.now())
    sites.add_alias(db, site_id, "LK-1", admin["id"], clock.now())
    alias_id = sites.aliases_of(db, site_id)[0]["id"]
    auth.create_api_token(db, admin["id"], clock.now(), name="to revoke")
    revoked = auth.list_api_tokens(db, admin["id"])[0]["id"]
    token = auth.create_api_token(db, admin["id"], clock.now(), name="first use is written down")
    db.close()
    bearer = {"authorization": f"Bearer {token}"}
    return [
        ("GET", "/api/purchase-orders?po_number=NONE", bearer),
        ("POST", "/logout", {}),
        ("POST", "/batches/pause", {}),
        ("POST", f"/users/{admin['id']}/tokens", {}),
        ("POST", f"/users/{admin['id']}/tokens/{revoked}/revoke", {}),
        ("POST", f"/sites/{site_id}/deactivate", {}),
        ("POST", f"/sites/{site_id}/aliases/{alias_id}/delete", {}),
    ]


def test_a_held_write_lock_stalls_no_read(server):
    writes = writes_to_make(server)
    reader, writers = signed_in(server), [signed_in(server) for _ in writes]
    answers: list[int] = []

    def write(client: httpx.Client, method: str, path: str, headers: dict) -> None:
        answers.append(client.request(method, path, headers=headers).status_code)

    lock = hold_the_write_lock(server.settings.db_path)
    try:
        threads = [
            threading.Thread(target=write, args=(client, *request))
            for client, request in zip(writers, writes, strict=True)
        ]
        for thread in threads:
            thread.start()
        time.sleep(0.3)  # every write is waiting for the lock by now
        times = {}
        for path in ("/static/app.js", "/purchasing", "/static/app.css", "/"):
            started = time.monotonic()
            assert reader.get(path).status_code == 200
            times[path] = time.monotonic() - started
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    for thread in threads:
        thread.join()
    assert max(times.values()) < PROMPT, times
    assert len(answers) == len(writes) and set(answers) <= {200, 303, 404, 503}, answers


def large_png(path: Path, side: int = 9450) -> Path:
    """An RGB PNG of side x side pixels (89 megapixels at 9450), a few hundred KB on disk,
    written row by row so this test never holds the image itself."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    packer, row = (
        zlib.compressobj(1),
        b"\0" + bytes(range(256)) * (side * 3 // 256) + b"\0" * (side * 3 % 256),
    )
    compressed = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", compressed)
        + chunk(b"IEND", b"")
    )
    return path


def photographed_pos(server: RunningIntake, count: int, source: Path) -> list[str]:
    db = open_database(server.settings.db_path)
    po_ids = []
    for n in range(count):
        po_id = add_po(db, f"PHOTO-BIG-{n}")
        path = storage.folder(server.settings, storage.PURCHASE_ORDERS) / f"{po_id}.png"
        os.link(source, path)
        db.conn.execute(
            "UPDATE purchase_orders SET file_path = :p, content_type = 'image/png' WHERE id = :id",
            {"p": storage.relative(server.settings, path), "id": po_id},
        )
        po_ids.append(po_id)
    db.close()
    return po_ids


def test_two_large_photo_previews_at_once_leave_the_web_process_small(server, tmp_path):
    po_ids = photographed_pos(server, 2, large_png(tmp_path / "big.png"))
    client, pid = signed_in(server), server.process.pid
    before, peak, done = rss_mb(pid), [0.0], threading.Event()

    def watch() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], rss_mb(pid))
            time.sleep(0.02)

    answers: list[httpx.Response] = []
    threads = [
        threading.Thread(
            target=lambda u=f"/purchasing/{po_id}/preview": answers.append(client.get(u))
        )
        for po_id in po_ids
    ]
    watcher = threading.Thread(target=watch)
    watcher.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    done.set()
    watcher.join()
    assert [a.status_code for a in answers] == [200, 200], [a.text[:200] for a in answers]
    assert {Image.open(io.BytesIO(a.content)).size for a in answers} == {(1600, 1600)}
    assert peak[0] - before < 20, f"the web process grew by {peak[0] - before:.0f} MB"


def sign_in_from(client: httpx.Client, email: str, password: str, **headers: str) -> httpx.Response:
    """Sign in as a browser behind `headers` would; the CSRF cookie is sent by hand, for a
    Secure one that httpx would keep back over plain http (the proxy's https is pretended)."""
    if CSRF_COOKIE not in client.cookies:
        client.get("/login", headers=headers)
    token = client.cookies[CSRF_COOKIE]
    headers |= {CSRF_HEADER: token, "cookie": f"{CSRF_COOKIE}={token}"}
    return client.post("/login", data={"email": email, "password": password}, headers=headers)


def guess_from(server: RunningIntake, address: str) -> int:
    """Every failure the address limit allows, from `address` as X-Forwarded-For says:
    the status of one more sign-in, with the right password, from the same address."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for n in range(lockout.LIMITS["address"]):
            wrong = sign_in_from(client, f"guess{n}@example.com", "not it at all", **{XFF: address})
            assert wrong.status_code in (400, 429)
        return sign_in_from(client, "admin@example.com", PASSWORD, **{XFF: address}).status_code


XFF = "x-forwarded-for"


def test_the_lockout_behind_a_proxy_counts_clients_apart(tmp_path):
    proxied = RunningIntake(tmp_path / "data", "--no-worker", INTAKE_TRUSTED_PROXIES="127.0.0.1")
    try:
        db = open_database(proxied.settings.db_path)
        auth.create_user(db, "admin@example.com", "admin", PASSWORD, clock.now())
        db.close()
        assert guess_from(proxied, "203.0.113.7") == 429
        with httpx.Client(base_url=proxied.url, timeout=30) as client:
            elsewhere = {XFF: "198.51.100.9", "x-forwarded-proto": "https"}
            signed = sign_in_from(client, "admin@example.com", PASSWORD, **elsewhere)
        assert signed.status_code == 303
        assert all("secure" in c.lower() for c in signed.headers.get_list("set-cookie"))
        assert signed.headers["strict-transport-security"] == "max-age=31536000"
    finally:
        log = proxied.stop()
    assert "Traceback" not in log, log


def test_without_a_trusted_proxy_x_forwarded_for_is_not_believed(server):
    try:
        assert guess_from(server, "203.0.113.7") == 429
        with httpx.Client(base_url=server.url, timeout=30) as client:
            another = sign_in_from(client, "admin@example.com", PASSWORD, **{XFF: "198.51.100.9"})
        assert another.status_code == 429  # the same address as far as Intake can tell
        assert "strict-transport-security" not in another.headers
    finally:
        db = open_database(server.settings.db_path)
        db.conn.execute("DELETE FROM sign_in_failures")  # for the tests that sign in after
        db.close()


def test_what_the_server_writes_is_for_its_own_user_only(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        client.headers["authorization"] = f"Bearer {token_for(server)}"
        upload = client.post(
            UPLOAD, files={"file": ("po.pdf", po_pdf_bytes(po_fields("MODES")), "application/pdf")}
        )
    assert upload.status_code == 202
    data = server.settings.data_dir
    # (The -wal files come and go with the last connection; SQLite gives them the db's mode.)
    written = [data / "intake.db", data / "huey.db", data / "secret_key"]
    written += list((data / "files" / "incoming").iterdir())
    assert {p.name: oct(stat.S_IMODE(p.stat().st_mode)) for p in written} == {
        p.name: "0o600" for p in written
    }
    assert oct(stat.S_IMODE(data.stat().st_mode)) == "0o700"


def token_for(server: RunningIntake) -> str:
    db = open_database(server.settings.db_path)
    admin = auth.get_user_by_email(db, "admin@example.com")
    token = auth.create_api_token(db, admin["id"], clock.now(), name="modes")
    db.close()
    return token
