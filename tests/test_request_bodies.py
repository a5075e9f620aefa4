"""Request bodies: every route's limit, a stranger refused on the headers, and the
CSRF token found in a header, a form field, or an upload's own field.

What the event loop and the process's memory do under a hostile body is in
test_server_limits.py, against a real server.
"""

from __future__ import annotations

from app import queue_reads
from app.web import CSRF_COOKIE, CSRF_HEADER, bodies
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.test_http_upload import UPLOAD, stored_files


def pdf_file() -> dict:
    return {"file": ("po.pdf", po_pdf_bytes(po_fields("FIELD1")), "application/pdf")}


def test_an_upload_whose_token_is_a_form_field_is_answered(admin_client, db):
    token = admin_client.headers.pop(CSRF_HEADER)
    response = admin_client.post(UPLOAD, files=pdf_file(), data={"_csrf_token": token})
    assert response.status_code == 202
    assert queue_reads.get_batch(db, response.json()["batch_id"])["status"] == "processed"


def test_an_upload_with_a_wrong_token_field_is_403_and_leaves_nothing(admin_client, settings, db):
    admin_client.headers.pop(CSRF_HEADER)
    response = admin_client.post(UPLOAD, files=pdf_file(), data={"_csrf_token": "forged" * 30})
    assert response.status_code == 403
    assert response.json()["detail"] == "This form has expired. Reload the page and try again."
    assert stored_files(settings) == []
    assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0


def test_a_plain_form_sends_its_token_as_a_field(admin_client):
    token = admin_client.headers.pop(CSRF_HEADER)
    response = admin_client.post(
        "/sites", data={"code": "CP1", "name": "Cape Point", "_csrf_token": token}
    )
    assert response.status_code == 200
    assert "Site CP1 added." in response.text


def test_a_stranger_is_refused_and_the_connection_closed(anonymous):
    for path in (UPLOAD, "/upload"):
        response = anonymous.post(path, files=pdf_file(), follow_redirects=False)
        assert response.status_code in (401, 302), path
        assert response.headers["connection"] == "close"


def test_a_form_over_its_routes_limit_is_413_in_words(admin_client, anonymous):
    response = admin_client.post("/sites", data={"code": "C" * bodies.FORM, "name": "x"})
    assert response.status_code == 413
    assert "larger than the 64 KB this page accepts" in response.text
    assert response.headers["connection"] == "close"
    anonymous.get("/login")
    sign_in = anonymous.post(
        "/login",
        data={"email": "a@example.com", "password": "p" * bodies.SIGN_IN},
        headers={CSRF_HEADER: anonymous.cookies[CSRF_COOKIE]},
    )
    assert sign_in.status_code == 413
    assert "larger than the 16 KB this page accepts" in sign_in.text


def test_a_form_of_thousands_of_fields_is_refused(admin_client):
    fields = "&".join(f"f{n}=" for n in range(bodies.MAX_FIELDS + 1))
    response = admin_client.post(
        "/sites",
        content=fields,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 400
    assert f"more than {bodies.MAX_FIELDS} fields" in response.text


def test_a_form_field_sent_twice_reaches_the_handler_as_before(admin_client):
    """The threaded parse hands handlers what Litestar's own did."""
    assert bodies.parse_form(b"a=1&b=x%20y&a=2&c=") == {"a": ["1", "2"], "b": "x y", "c": ""}
    response = admin_client.post("/sites", data={"code": "CP2", "name": "Two"})
    assert "Site CP2 added." in response.text
