"""Who gets in: every route is checked by enumerating the app's own route table, so a
route added later is covered without anyone remembering to add it here.

One test per rule: signed-out visitors are sent to sign in (pages) or answered 401
(API); staff get 403 on every admin route; a cross-site form post is refused;
every response carries the security headers; sign-in failures lock out; the
session changes at sign-in; a second user's batch cannot be retried by staff.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from bs4 import BeautifulSoup
from litestar import Litestar, get
from litestar.routes import HTTPRoute
from litestar.testing import TestClient

from app import auth, clock, lockout, queue_reads
from app.routes.extraction import ingest_or_admin
from app.web import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, admin_only
from tests.conftest import PASSWORD, make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
# A well-formed id that matches no record: the route's own checks run, then 404.
_PARAM_VALUES = {"str": "a" * 15, "int": "1", "uuid": "00000000-0000-0000-0000-000000000000"}


@get("/probe/admin-only", guards=[admin_only], sync_to_thread=False)
def probe_admin_route() -> str:
    """Registered by these tests only: proves the enumeration finds admin routes at all."""
    return "ok"


def routes(app: Litestar) -> list[tuple[str, str, object]]:
    """(method, concrete path, handler) for every HTTP route the app serves."""
    found = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue  # the static files router: public by design
        path = re.sub(r"\{(\w+):(\w+)\}", lambda m: _PARAM_VALUES.get(m.group(2), "x"), route.path)
        for method, (handler, _) in route.route_handler_map.items():
            if method != "OPTIONS":
                found.append((method, path, handler))
    return sorted(found, key=lambda r: (r[1], r[0]))


def is_public(handler) -> bool:
    return bool(handler.opt.get("public"))


def is_admin_only(handler) -> bool:
    return any(admin_only in (layer.guards or []) for layer in handler.ownership_layers)


def call(client: TestClient, method: str, path: str, **kwargs):
    return client.request(method, path, follow_redirects=False, **kwargs)


@pytest.fixture
def probed_app(app):
    app.register(probe_admin_route)
    return app


def test_the_route_table_is_enumerated(probed_app):
    found = {(method, path) for method, path, _ in routes(probed_app)}
    assert {("GET", "/"), ("POST", "/api/purchase-orders/upload")} <= found
    assert [path for _, path, h in routes(probed_app) if is_admin_only(h)] != []


def test_signed_out_visitors_are_sent_to_sign_in_on_every_route(probed_app, admin):
    with TestClient(probed_app) as client:
        client.get("/login")  # a CSRF cookie, so what answers is the sign-in rule, not CSRF
        client.headers[CSRF_HEADER] = client.cookies[CSRF_COOKIE]
        wrong = []
        for method, path, handler in routes(probed_app):
            if is_public(handler):
                continue
            response = call(client, method, path)
            if path.startswith("/api/"):
                ok = response.status_code == 401 and response.json()["error"] == "unauthorized"
            else:
                ok = response.status_code in (302, 303) and response.headers["location"].startswith(
                    "/login"
                )
            if not ok:
                wrong.append((method, path, response.status_code))
    assert wrong == []


def test_staff_get_403_on_every_admin_route(probed_app, admin, staff):
    admin_routes = [(m, p) for m, p, h in routes(probed_app) if is_admin_only(h)]
    with TestClient(probed_app) as client:
        sign_in(client, staff["email"])
        as_staff = {(m, p): call(client, m, p).status_code for m, p in admin_routes}
    with TestClient(probed_app) as client:
        sign_in(client, admin["email"])
        as_admin = {(m, p): call(client, m, p).status_code for m, p in admin_routes}
    assert set(as_staff.values()) == {403}, as_staff
    assert not {401, 403} & set(as_admin.values()), as_admin


def test_a_cross_site_form_post_is_refused_on_every_state_changing_route(app, admin):
    with TestClient(app) as client:
        sign_in(client, admin["email"])
        del client.headers[CSRF_HEADER]  # what a form on another site cannot know
        refused, exempt = [], []
        for method, path, handler in routes(app):
            if method not in STATE_CHANGING:
                continue
            if handler.opt.get("exclude_from_csrf"):
                exempt.append(path)
                continue
            response = call(
                client,
                method,
                path,
                data={"email": admin["email"], "password": PASSWORD},
                headers={"origin": "https://evil.example", "referer": "https://evil.example/"},
            )
            refused.append((path, response.status_code, "Reload the page" in response.text))
    assert refused and all(code == 403 and said for _, code, said in refused), refused
    # the exemptions are the extraction loop's: a secret header or a token, never a cookie
    assert exempt == [
        "/api/data-import-batches/aaaaaaaaaaaaaaa/claim",
        "/api/data-import-batches/aaaaaaaaaaaaaaa/fail",
        "/api/purchase-orders/process-batch",
    ]


def test_every_route_exempt_from_csrf_takes_a_secret_or_a_token_only(app):
    exempt = [h for _, _, h in routes(app) if h.opt.get("exclude_from_csrf")]
    assert exempt and all(
        any(ingest_or_admin in (layer.guards or []) for layer in h.ownership_layers) for h in exempt
    )


def test_an_api_request_without_any_credentials_is_answered_401_before_csrf(app, admin):
    with TestClient(app) as client:  # no session, no token, no CSRF cookie: nothing at all
        wrong = []
        for method, path, _ in routes(app):
            if not path.startswith("/api/") or method not in STATE_CHANGING:
                continue
            response = call(client, method, path, files={"file": ("a.pdf", b"%PDF-1.4")})
            if response.status_code != 401:
                wrong.append((method, path, response.status_code))
    assert wrong == []


SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "SAMEORIGIN",
}


def assert_secure_headers(response) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (response.url, name)
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'self'" in policy, response.url
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy


def test_every_response_carries_the_security_headers(probed_app, admin, settings, db):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("HDR1")), uploaded_by=admin["id"])
    with TestClient(probed_app) as client:
        responses = [
            client.get("/login"),
            client.get("/static/app.js"),
            client.get("/no/such/page"),
        ]
        sign_in(client, admin["email"])
        responses += [call(client, m, p) for m, p, _ in routes(probed_app)]
        responses += [
            client.get(f"/batches/{batch_id}/pill", headers={"hx-request": "true"}),
            client.get("/purchasing/bad"),
        ]
    for response in responses:
        assert_secure_headers(response)
    page = next(r for r in responses if r.request.url.path == "/login")
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_pages_have_no_inline_script_or_handlers(admin_client, settings, db, admin):
    """What the policy forbids must not be in the markup in the first place."""
    from app.config import ROOT

    for template in sorted((ROOT / "templates").glob("*.html")):
        markup = BeautifulSoup(template.read_text(), "html.parser")
        for tag in markup.find_all(True):
            assert not (tag.name == "script" and not tag.get("src")), template.name
            handlers = [a for a in tag.attrs if a.lower().startswith("on")]
            assert handlers == [] and "style" not in tag.attrs, (template.name, tag.name)
    script = (ROOT / "static" / "app.js").read_text()
    assert not re.search(r"\beval\(|new Function\(|\.innerHTML\s*=|setTimeout\(\s*['\"]", script)


def test_documents_only_to_signed_in_users_with_their_stored_type(
    app, admin_client, anonymous, settings, db, admin
):
    from app import pipeline

    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("DOC1")), uploaded_by=admin["id"])
    pipeline.run_batch(settings, batch_id)
    po_id = queue_reads.get_batch(db, batch_id)["processed_record_id"]
    url = f"/purchasing/{po_id}/document"
    assert call(anonymous, "GET", url).status_code in (302, 303)
    document = admin_client.get(url)
    assert document.headers["content-type"] == "application/pdf"
    assert document.headers["content-disposition"] == 'inline; filename="PO-DOC1.pdf"'
    assert document.headers["content-security-policy"].startswith("default-src 'none'")
    # a row whose type is not one an upload can have is never shown by the browser
    db.conn.execute("UPDATE purchase_orders SET content_type = 'text/html' WHERE id = ?", [po_id])
    forced = admin_client.get(url)
    assert forced.headers["content-type"] == "application/octet-stream"
    assert forced.headers["content-disposition"].startswith("attachment")


def test_staff_cannot_retry_another_users_batch_from_the_page(app, settings, db, admin, staff):
    theirs = store_batch(settings, db, po_pdf_bytes(po_fields("OTHER1")), uploaded_by=admin["id"])
    db.conn.execute("UPDATE data_import_batches SET status = 'dead' WHERE id = ?", [theirs])
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        response = client.post(f"/batches/{theirs}/retry", headers={"hx-request": "true"})
    assert response.status_code == 403
    assert "only their own uploads" in response.text


# --- signing in --------------------------------------------------------------------


def try_password(client: TestClient, email: str, password: str):
    client.get("/login")
    return client.post(
        "/login",
        data={"email": email, "password": password},
        headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
        follow_redirects=False,
    )


def test_failed_sign_ins_lock_the_account_and_say_until_when(anonymous, admin):
    for _ in range(lockout.LIMITS["account"] - 1):
        assert try_password(anonymous, admin["email"], "wrong password!").status_code == 400
    locked = try_password(anonymous, admin["email"], "wrong password!")
    assert locked.status_code == 429
    message = BeautifulSoup(locked.text, "html.parser").select_one(".error").get_text(" ")
    assert re.search(r"Try again after \d\d:\d\d \(in 15 minutes\)", " ".join(message.split()))
    assert 14 * 60 < int(locked.headers["retry-after"]) <= 15 * 60
    # even the right password waits: the lock is checked before the password is
    assert try_password(anonymous, admin["email"], PASSWORD).status_code == 429
    assert SESSION_COOKIE not in anonymous.cookies


def test_failures_from_one_address_lock_every_account_from_it(anonymous, admin):
    for n in range(lockout.LIMITS["address"]):
        try_password(anonymous, f"guess{n}@example.com", "wrong password!")
    assert try_password(anonymous, admin["email"], PASSWORD).status_code == 429


def test_the_lock_ends_after_the_window_and_success_clears_the_account(db):
    now = clock.now()
    for _ in range(lockout.LIMITS["account"]):
        lockout.record_failure(db, "ann@example.com", "10.0.0.1", now)
    until = lockout.locked_until(db, "ANN@example.com ", "10.0.0.9", now)
    assert until == now.replace(microsecond=now.microsecond // 1000 * 1000) + lockout.WINDOW
    assert lockout.locked_until(db, "ann@example.com", None, until + timedelta(seconds=1)) is None
    lockout.clear_account(db, "ann@example.com")
    assert lockout.locked_until(db, "ann@example.com", None, now) is None


def test_a_good_sign_in_clears_the_account_failures(anonymous, admin):
    for _ in range(lockout.LIMITS["account"] - 1):
        try_password(anonymous, admin["email"], "wrong password!")
    assert try_password(anonymous, admin["email"], PASSWORD).status_code == 303
    assert try_password(anonymous, admin["email"], "wrong password!").status_code == 400


def test_the_session_id_changes_at_sign_in(admin_client, admin, db):
    before = admin_client.cookies[SESSION_COOKIE]
    response = try_password(admin_client, admin["email"], PASSWORD)
    after = admin_client.cookies[SESSION_COOKIE]
    assert response.status_code == 303 and after != before
    key = admin_client.app.state.settings.secret_key
    assert auth.session_user(db, before, key, clock.now()) is None  # the old one is ended
    assert auth.session_user(db, after, key, clock.now())["id"] == admin["id"]


def test_passwords_have_a_minimum_length(db):
    with pytest.raises(auth.AccountError, match="at least 10 characters"):
        auth.create_user(db, "short@example.com", "staff", "nine char", clock.now())
    assert make_user(db, "long@example.com")["email"] == "long@example.com"


def test_a_token_is_stored_only_as_its_hash(db, admin):
    token = auth.create_api_token(db, admin["id"], clock.now(), name="n8n")
    stored = db.conn.execute("SELECT * FROM api_tokens").fetchall()
    assert token not in repr(stored)
    assert auth.token_user(db, token, clock.now())["id"] == admin["id"]


def test_two_set_up_forms_at_once_make_one_admin(settings):
    """The 'nobody has an account yet' check and the insert share one write lock."""
    import threading

    from app.db import open_database

    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def set_up(email: str) -> None:
        db = open_database(settings.db_path)
        barrier.wait(timeout=30)  # a thread that failed to open must not hang the other
        try:
            auth.create_first_admin(db, email, PASSWORD, "", clock.now())
            outcomes.append("created")
        except auth.AccountError as exc:
            outcomes.append(str(exc))
        finally:
            db.close()

    threads = [threading.Thread(target=set_up, args=(f"a{n}@example.com",)) for n in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["Intake is already set up; sign in instead.", "created"]


def test_a_new_database_opened_from_two_connections_at_once(tmp_path):
    """The app and its worker start together: neither may be refused the switch to WAL."""
    import threading

    from app.db import open_database

    errors: list[str] = []
    for round_ in range(20):
        path = tmp_path / f"intake-{round_}.db"
        barrier = threading.Barrier(2)

        def open_it(path=path, barrier=barrier) -> None:
            try:
                barrier.wait(timeout=30)
                open_database(path).close()
            except Exception as exc:  # what went wrong is the finding
                errors.append(f"{type(exc).__name__}: {exc}")

        threads = [threading.Thread(target=open_it) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
