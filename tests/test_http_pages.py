"""The pages: signing in, set-up, the home page's pill and list, and the PO pages."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from litestar.testing import TestClient

from app import auth, clock, queue_reads
from app.web import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE
from tests.conftest import PASSWORD, make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_batch


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


@pytest.mark.parametrize("path", ["/", "/purchasing", "/purchasing/aaaaaaaaaaaaaaa", "/recent"])
def test_pages_send_a_signed_out_visitor_to_sign_in(anonymous, admin, path):
    response = anonymous.get(path, follow_redirects=False)
    assert response.status_code in (302, 303)
    assert response.headers["location"].startswith("/login")


def test_a_signed_out_htmx_request_is_redirected_by_header(anonymous, admin):
    headers = {"hx-request": "true", "hx-current-url": "http://testserver.local/purchasing"}
    response = anonymous.get("/recent", headers=headers, follow_redirects=False)
    assert response.headers["hx-redirect"] == "/login?next=%2Fpurchasing"


def test_first_visit_goes_to_setup_which_makes_the_first_admin(anonymous, db):
    assert anonymous.get("/", follow_redirects=True).url.path == "/setup"
    form = {
        "email": "Boss@Example.com",
        "name": "Boss",
        "password": PASSWORD,
        "password_again": PASSWORD,
    }
    response = anonymous.post(
        "/setup",
        data=form,
        headers={CSRF_HEADER: anonymous.cookies[CSRF_COOKIE]},
        follow_redirects=False,
    )
    assert (response.status_code, response.headers["location"]) == (303, "/")
    home = anonymous.get("/")
    assert soup(home).select_one(".who").get_text(strip=True) == "Boss(admin)"
    user = db.execute("SELECT email, role FROM users").fetchall()
    assert user == [("boss@example.com", "admin")]


def test_setup_is_closed_once_someone_has_an_account(anonymous, admin):
    assert anonymous.get("/setup", follow_redirects=False).headers["location"] == "/login"
    form = {"email": "intruder@example.com", "password": PASSWORD, "password_again": PASSWORD}
    anonymous.post(
        "/setup", data=form, headers={CSRF_HEADER: anonymous.cookies.get(CSRF_COOKIE, "")}
    )
    assert anonymous.get("/login").status_code == 200


@pytest.mark.parametrize(
    ("form", "message"),
    [
        (
            {"email": "a@b.co", "password": "short", "password_again": "short"},
            "at least 10 characters",
        ),
        (
            {"email": "a@b.co", "password": PASSWORD, "password_again": "other thing"},
            "not the same",
        ),
        (
            {"email": "not-an-email", "password": PASSWORD, "password_again": PASSWORD},
            "not an email",
        ),
    ],
)
def test_setup_explains_what_is_wrong(anonymous, form, message):
    anonymous.get("/setup")
    response = anonymous.post(
        "/setup", data=form, headers={CSRF_HEADER: anonymous.cookies[CSRF_COOKIE]}
    )
    assert response.status_code == 400
    assert message in soup(response).select_one(".error").get_text()


def test_a_wrong_password_is_refused_in_words(anonymous, admin):
    anonymous.get("/login")
    response = anonymous.post(
        "/login",
        data={"email": admin["email"], "password": "wrong password!"},
        headers={CSRF_HEADER: anonymous.cookies[CSRF_COOKIE]},
    )
    assert response.status_code == 400
    assert "do not match" in soup(response).select_one(".error").get_text()
    assert SESSION_COOKIE not in anonymous.cookies


def test_sign_in_sets_a_new_http_only_session_and_honours_next(app, admin):
    with TestClient(app) as client:
        client.cookies.set(SESSION_COOKIE, "forged.value", domain="testserver.local")
        client.get("/login")
        response = client.post(
            "/login",
            data={"email": admin["email"], "password": PASSWORD, "next": "/purchasing"},
            headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
            follow_redirects=False,
        )
        assert response.headers["location"] == "/purchasing"
        cookie = response.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie
        assert client.cookies[SESSION_COOKIE] != "forged.value"


@pytest.mark.parametrize("target", ["//evil.example", "https://evil.example", "/\\evil"])
def test_next_never_leaves_the_site(app, admin, target):
    with TestClient(app) as client:
        client.get("/login")
        response = client.post(
            "/login",
            data={"email": admin["email"], "password": PASSWORD, "next": target},
            headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
            follow_redirects=False,
        )
        assert response.headers["location"] == "/"


def test_sign_out_ends_the_session(admin_client):
    cookie = admin_client.cookies[SESSION_COOKIE]
    assert admin_client.post("/logout", follow_redirects=False).headers["location"] == "/login"
    admin_client.cookies.set(SESSION_COOKIE, cookie)  # even a kept copy no longer works
    assert admin_client.get("/", follow_redirects=False).status_code in (302, 303)


def test_a_form_without_the_csrf_token_is_refused(admin_client):
    del admin_client.headers[CSRF_HEADER]
    response = admin_client.post("/logout")
    assert response.status_code == 403
    assert "Reload the page" in response.text


# --- the pill ----------------------------------------------------------------------


def pill(client, batch_id):
    return soup(client.get(f"/batches/{batch_id}/pill")).select_one(".pill")


def set_row(db, batch_id, **values):
    assignments = ", ".join(f"{key} = :{key}" for key in values)
    db.conn.execute(
        f"UPDATE data_import_batches SET {assignments} WHERE id = :id", {"id": batch_id, **values}
    )


@pytest.fixture
def batch_id(settings, db, admin):
    return store_batch(settings, db, po_pdf_bytes(po_fields("PILL1")), uploaded_by=admin["id"])


def test_pill_pending_and_processing_poll(admin_client, db, batch_id):
    queued = pill(admin_client, batch_id)
    assert queued.get_text(strip=True) == "Queued"
    # just uploaded: it asks often, so a document read in a moment shows at once
    assert queued["hx-trigger"] == "every 500ms" and queued["hx-get"] == f"/batches/{batch_id}/pill"
    set_row(db, batch_id, status="processing", attempts=1, date_uploaded="2026-08-19T10:00:00.000Z")
    processing = pill(admin_client, batch_id)
    assert processing.get_text(strip=True) == "Processing…"
    assert processing["hx-trigger"] == "every 2s"


def test_pill_failed_says_when_it_retries(admin_client, db, batch_id):
    set_row(
        db,
        batch_id,
        status="failed",
        attempts=1,
        last_error="The server was busy.",
        next_retry_at="2026-08-19T10:42:00.000Z",
    )
    failed = pill(admin_client, batch_id)
    text = " ".join(failed.get_text().split())
    assert text.startswith("Failed: The server was busy. — retrying at ")
    assert failed.has_attr("hx-trigger")


def test_pill_failed_offers_its_uploader_a_retry_now(app, db, settings, staff):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("PILL2")), uploaded_by=staff["id"])
    retry_at = "2026-08-19T10:42:00.000Z"
    set_row(db, batch_id, status="failed", attempts=1, last_error="busy", next_retry_at=retry_at)
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        button = pill(client, batch_id).select_one("button")
        assert button.get_text() == "Retry now"
        assert button["hx-post"] == f"/batches/{batch_id}/retry"
        retried = soup(client.post(button["hx-post"])).select_one(".pill")
    assert "Imported as PO #PILL2" in retried.get_text()  # immediate mode: it ran again at once


def test_pill_dead_offers_retry_and_stops_polling(admin_client, db, batch_id):
    set_row(db, batch_id, status="dead", attempts=3, last_error="This PDF is password-protected.")
    dead = pill(admin_client, batch_id)
    text = " ".join(dead.get_text().split())
    assert "Needs attention after 3 attempts: This PDF is password-protected." in text
    assert "tried again" not in text
    assert not dead.has_attr("hx-trigger")
    button = dead.select_one("button")
    assert button.get_text() == "Retry" and button["hx-post"] == f"/batches/{batch_id}/retry"
    retried = soup(admin_client.post(f"/batches/{batch_id}/retry")).select_one(".pill")
    assert "Imported as PO #PILL1" in retried.get_text()  # immediate mode: it ran again at once


def test_a_pill_of_a_document_no_attempt_can_read_offers_what_can_be_done(
    admin_client, db, batch_id
):
    # dead on its first attempt: the error was one waiting cannot fix
    set_row(db, batch_id, status="dead", attempts=1, last_error="This file is damaged.")
    dead = pill(admin_client, batch_id)
    text = " ".join(dead.get_text().split())
    assert "Reading it again would fail the same way." in text
    assert [b.get_text() for b in dead.select("button")] == ["Discard"]
    assert dead.select_one("a")["href"] == f"/batches/{batch_id}/enter"


def test_staff_are_offered_no_retry_on_another_persons_batch(staff_client, db, batch_id):
    set_row(db, batch_id, status="dead", attempts=3, last_error="Timed out.")
    dead = pill(staff_client, batch_id)
    assert dead.select("button") == []
    assert "they or an administrator can retry it" in dead.get_text()
    set_row(db, batch_id, attempts=1)  # one no attempt can read: not theirs to enter either
    assert [a["href"] for a in pill(staff_client, batch_id).select("a")] == []


def test_retrying_a_batch_that_is_not_stuck_is_refused_in_words(admin_client, db, batch_id):
    response = admin_client.post(f"/batches/{batch_id}/retry")
    assert response.status_code == 409
    assert "only a failed or dead batch can be retried" in response.text


def test_pill_processed_links_the_po_and_stops_polling(admin_client, db, batch_id, settings):
    from app import pipeline

    pipeline.run_batch(settings, batch_id)
    done = pill(admin_client, batch_id)
    link = done.select_one("a")
    assert link.get_text() == "Imported as PO #PILL1"
    assert (
        link["href"] == f"/purchasing/{queue_reads.get_batch(db, batch_id)['processed_record_id']}"
    )
    assert "the project code matches no site" in done.get_text()
    assert not done.has_attr("hx-trigger")


def test_a_failed_pill_offers_retry_only_to_whoever_may_retry_it(app, db, settings, staff):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("PILL3")), uploaded_by=staff["id"])
    retry_at = "2026-08-19T10:42:00.000Z"
    set_row(db, batch_id, status="failed", attempts=1, last_error="busy", next_retry_at=retry_at)
    other = make_user(db, "other.clerk@example.com")
    with TestClient(app) as client:
        sign_in(client, other["email"])
        seen = pill(client, batch_id)
    assert seen.get_text().split()[0] == "Failed:"  # they see how it stands
    assert seen.select_one("button") is None  # but nothing they would be refused


def test_home_lists_only_my_uploads(app, admin_client, db, settings, staff, batch_id):
    store_batch(settings, db, po_pdf_bytes(po_fields("THEIRS")), uploaded_by=staff["id"])
    rows = soup(admin_client.get("/")).select("#recent-uploads tbody tr")
    assert len(rows) == 1
    assert rows[0].select_one(".pill")["data-batch"] == batch_id
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        assert len(soup(client.get("/recent")).select("tbody tr")) == 1


def test_older_uploads_are_shown_on_asking(staff_client, db, staff):
    for n in range(23):
        add_batch(
            db, status="processed", filename=f"old-{n:02}.pdf", uploaded_by=staff["id"], minutes=n
        )
    first = soup(staff_client.get("/"))
    assert len(first.select("#recent-uploads tbody tr")) == 10
    more = first.select_one("#recent-uploads .more a")
    assert (more.get_text(), more["hx-get"]) == ("Show 10 older uploads", "/recent?recent=20")
    second = soup(staff_client.get(more["hx-get"]))
    assert (
        second.select_one("#recent-uploads")["hx-get"] == "/recent?recent=20"
    )  # kept after an upload
    third = soup(staff_client.get(second.select_one(".more a")["hx-get"]))
    names = [td.get_text() for td in third.select("tbody .filename")]
    assert (len(names), names[-1], third.select(".more")) == (23, "old-00.pdf", [])


# --- purchasing --------------------------------------------------------------------


def test_po_list_and_detail(admin_client, db, settings, batch_id):
    from app import pipeline

    pipeline.run_batch(settings, batch_id)
    listing = soup(admin_client.get("/purchasing"))
    cells = [td.get_text(" ", strip=True) for td in listing.select("tbody tr")[0].select("td")]
    assert cells[:8] == [
        "PILL1",
        "2026-08-19",
        "Acme Steel (Pty) Ltd",
        "CP09 (no site)",
        "ZAR 1\u00a0388.05",
        "No",
        "Not delivered",
        "⚠ 1 warning: the project code matches no site",
    ]
    po_id = queue_reads.get_batch(db, batch_id)["processed_record_id"]
    detail = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert [td.get_text() for td in detail.select("tbody tr")[0].select("td")][:3] == [
        "1",
        "HB-M8",
        "Hex bolt M8x40",
    ]
    document = admin_client.get(f"/purchasing/{po_id}/document")
    assert document.headers["content-type"] == "application/pdf"
    assert document.headers["content-disposition"].startswith("inline")
    assert document.content == po_pdf_bytes(po_fields("PILL1"))


@pytest.mark.parametrize(
    ("path", "code"), [("/purchasing/bad", 400), ("/purchasing/zzzzzzzzzzzzzzz", 404)]
)
def test_po_page_errors_are_pages(admin_client, path, code):
    response = admin_client.get(path)
    assert response.status_code == code
    assert soup(response).select_one(".error")


def test_times_show_in_the_configured_zone(tmp_path, db):
    from app.config import Settings
    from app.web import template_engine

    engine = template_engine(
        Settings.from_env(env={"INTAKE_TIMEZONE": "Africa/Johannesburg"}, data_dir=tmp_path)
    )
    localtime = engine.engine.filters["localtime"]
    assert localtime(clock.iso(clock.parse("2026-08-19T08:42:00.000Z")), "%H:%M") == "10:42"


@pytest.mark.parametrize(
    ("current", "address"),
    [
        ("http://testserver/users/abc", "/users/abc"),
        ("http://testserver/purchasing?q=CP09&sort=-total", "/purchasing?q=CP09&sort=-total"),
        ("https://elsewhere.example/users", "/users"),  # only a path is ever taken
        ("http://testserver//elsewhere.example/users", None),
        ("not a url", None),
    ],
)
def test_a_boosted_form_answer_keeps_the_address_of_its_page(admin_client, staff, current, address):
    boosted = {"HX-Request": "true", "HX-Boosted": "true", "HX-Current-URL": current}
    answer = admin_client.post(f"/users/{staff['id']}/tokens", data={"name": "t"}, headers=boosted)
    assert answer.status_code == 200
    assert answer.headers.get("hx-replace-url") == address
    plain = admin_client.post(f"/users/{staff['id']}/tokens", data={"name": "t"})
    assert "hx-replace-url" not in plain.headers


def test_staff_change_their_own_password(staff_client, db, staff):
    wrong = staff_client.post(
        "/account/password",
        data={"current": "not it at all", "password": NEW, "password_again": NEW},
    )
    assert wrong.status_code == 400
    assert soup(wrong).select_one("p.error").get_text() == "That is not your present password."
    done = staff_client.post(
        "/account/password",
        data={"current": PASSWORD, "password": NEW, "password_again": NEW},
        follow_redirects=False,
    )
    assert (done.status_code, done.headers["location"]) == (303, "/account/password?changed=1")
    assert "Your password is changed." in staff_client.get(done.headers["location"]).text
    assert auth.authenticate(db, staff["email"], NEW) is not None


NEW = "a brand new password"
