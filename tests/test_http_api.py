"""The JSON API: batch status and retry, process-batch, reading POs, and who may call them."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from app import auth, clock, queue, sites
from app.config import Settings
from app.main import create_app
from tests.conftest import make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

SECRET = "ingest-secret-for-tests"


def set_status(db, batch_id, status, attempts=1):
    retry_at = clock.iso(clock.now()) if status == "failed" else None
    db.conn.execute(
        "UPDATE data_import_batches SET status = ?, attempts = ?, next_retry_at = ?,"
        " last_error = 'x' WHERE id = ?",
        (status, attempts, retry_at, batch_id),
    )


@pytest.fixture
def batch_id(settings, db, admin):
    return store_batch(settings, db, po_pdf_bytes(po_fields()), uploaded_by=admin["id"])


def test_status_of_a_batch(admin_client, batch_id):
    response = admin_client.get(f"/api/data-import-batches/{batch_id}/status")
    assert response.status_code == 200
    assert response.json() == {
        "id": batch_id,
        "batch_type": "purchase_orders",
        "status": "pending",
        "attempts": 0,
        "last_error": None,
        "next_retry_at": None,
        "processed_record_id": None,
        "warnings": [],
    }


@pytest.mark.parametrize(
    ("batch", "code"), [("nope", 400), ("ABCDEFGHIJKLMNO", 400), ("a" * 15, 404)]
)
def test_status_of_a_bad_or_unknown_id(admin_client, batch, code):
    response = admin_client.get(f"/api/data-import-batches/{batch}/status")
    assert response.status_code == code
    assert set(response.json()) == {"error", "detail"}


@pytest.mark.parametrize("status", ["failed", "dead"])
def test_retry_a_failed_or_dead_batch(admin_client, db, batch_id, status):
    set_status(db, batch_id, status, attempts=3)
    response = admin_client.post(f"/api/data-import-batches/{batch_id}/retry")
    assert response.status_code == 200
    assert response.json() == {"id": batch_id, "status": "pending"}
    batch = queue.get_batch(db, batch_id)
    assert (batch["status"], batch["attempts"]) == ("processed", 1)  # ran again at once


@pytest.mark.parametrize("status", ["pending", "processing", "processed"])
def test_retry_refuses_other_states(admin_client, db, batch_id, status):
    set_status(db, batch_id, status)
    response = admin_client.post(f"/api/data-import-batches/{batch_id}/retry")
    assert response.status_code == 409
    assert response.json()["error"] == "conflict"


def test_staff_retry_only_their_own(app, db, settings, batch_id, staff):
    set_status(db, batch_id, "dead", attempts=3)
    own = store_batch(settings, db, po_pdf_bytes(po_fields("OWN1")), uploaded_by=staff["id"])
    set_status(db, own, "dead", attempts=3)
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        assert client.post(f"/api/data-import-batches/{batch_id}/retry").status_code == 403
        assert client.post(f"/api/data-import-batches/{own}/retry").status_code == 200


def test_the_api_needs_a_user(anonymous, batch_id):
    response = anonymous.get(f"/api/data-import-batches/{batch_id}/status")
    assert response.status_code == 401
    assert response.json()["error"] == "unauthorized"


def test_bearer_tokens_work_without_csrf_and_revoked_ones_do_not(anonymous, db, admin, batch_id):
    token = auth.create_api_token(db, admin["id"], clock.now())
    headers = {"authorization": f"Bearer {token}"}
    assert (
        anonymous.get(f"/api/data-import-batches/{batch_id}/status", headers=headers).status_code
        == 200
    )
    response = anonymous.post(
        "/api/purchase-orders/upload",
        files={"file": ("po.pdf", po_pdf_bytes(po_fields("TOK1")), "application/pdf")},
        headers=headers,
    )
    assert response.status_code == 202
    token_id = auth.list_api_tokens(db, admin["id"])[0]["id"]
    auth.revoke_api_token(db, token_id, clock.now())
    assert (
        anonymous.get(f"/api/data-import-batches/{batch_id}/status", headers=headers).status_code
        == 401
    )


def test_a_bearer_request_ignores_the_session_cookie(admin_client, batch_id):
    response = admin_client.get(
        f"/api/data-import-batches/{batch_id}/status", headers={"authorization": "Bearer itk_wrong"}
    )
    assert response.status_code == 401


# --- process-batch: results from an outside extractor ------------------------------


@pytest.fixture
def ingest(tmp_path):
    settings = Settings.from_env(env={"INTAKE_INGEST_SECRET": SECRET}, data_dir=tmp_path / "ingest")
    with TestClient(create_app(settings, immediate_tasks=True)) as client:
        yield client, settings


@pytest.fixture
def processing(ingest):
    client, settings = ingest
    from app.db import open_database

    db = open_database(settings.db_path)
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
    queue.claim_batch(db, batch_id, clock.now())  # the outside extractor holds it
    yield client, db, batch_id
    db.close()


def post_result(client, body, secret=SECRET):
    return client.post(
        "/api/purchase-orders/process-batch", json=body, headers={"x-ingest-secret": secret}
    )


def test_process_batch_creates_the_po(processing):
    client, db, batch_id = processing
    response = post_result(client, {"batch_id": batch_id, "extracted": po_fields("EXT1")})
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True and body["warnings"] == ["site_unmatched"]
    assert queue.get_batch(db, batch_id)["processed_record_id"] == body["po_id"]
    po = client.get("/api/purchase-orders?po_number=EXT1", headers={"x-ingest-secret": SECRET})
    assert po.status_code == 401  # the secret opens process-batch only


def test_process_batch_with_a_known_site_and_a_duplicate(processing, ingest):
    client, db, batch_id = processing
    _, settings = ingest
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    first = post_result(client, {"batch_id": batch_id, "extracted": po_fields("DUP1")}).json()
    assert first["warnings"] == []
    again = store_batch(settings, db, po_pdf_bytes(po_fields("DUP1")))
    queue.claim_batch(db, again, clock.now())
    second = post_result(client, {"batch_id": again, "extracted": po_fields("DUP1")}).json()
    assert second == {"ok": True, "po_id": first["po_id"], "warnings": ["already_imported"]}


@pytest.mark.parametrize(
    ("body", "secret", "code"),
    [
        ({"batch_id": "a" * 15, "extracted": {}}, "wrong", 401),
        ({"batch_id": "a" * 15, "extracted": {}}, "", 401),
        ({"extracted": {}}, SECRET, 400),
        ({"batch_id": "bad id", "extracted": {}}, SECRET, 400),
        ({"batch_id": "a" * 15, "extracted": po_fields()}, SECRET, 404),
    ],
)
def test_process_batch_refusals(ingest, body, secret, code):
    client, _ = ingest
    response = post_result(client, body, secret)
    assert response.status_code == code
    assert set(response.json()) == {"error", "detail"}


def test_process_batch_lists_every_problem(processing):
    client, db, batch_id = processing
    extracted = {**po_fields(), "po_number": "", "total": "lots", "items": [{"quantity": "x"}]}
    response = post_result(client, {"batch_id": batch_id, "extracted": extracted})
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert "The document has no PO number." in detail
    assert "The total 'lots' is not an amount of money." in detail
    assert "Item 1: the quantity 'x' is not a number." in detail
    assert queue.get_batch(db, batch_id)["status"] == "processing"  # the extractor may try again


def test_process_batch_refuses_a_batch_that_is_not_processing(processing):
    client, db, batch_id = processing
    post_result(client, {"batch_id": batch_id, "extracted": po_fields()})
    response = post_result(client, {"batch_id": batch_id, "extracted": po_fields()})
    assert response.status_code == 409


def test_process_batch_is_off_without_a_secret(admin_client):
    response = post_result(admin_client, {"batch_id": "a" * 15, "extracted": {}})
    assert response.status_code == 404


def test_process_batch_needs_json(ingest):
    client, _ = ingest
    response = client.post(
        "/api/purchase-orders/process-batch",
        content=b"{not json",
        headers={"x-ingest-secret": SECRET},
    )
    assert response.status_code == 400


# --- reading POs -------------------------------------------------------------------


def test_read_a_po_by_id_and_by_number(admin_client):
    admin_client.post(
        "/api/purchase-orders/upload",
        files={"file": ("po.pdf", po_pdf_bytes(po_fields("READ1")), "application/pdf")},
    )
    by_number = admin_client.get("/api/purchase-orders", params={"po_number": "READ1"})
    assert by_number.status_code == 200
    po = by_number.json()
    assert (po["po_number"], po["total"], po["items"][1]["unit_price"]) == (
        "READ1",
        "1388.05",
        "98.50",
    )
    assert admin_client.get(f"/api/purchase-orders/{po['id']}").json() == po


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("/api/purchase-orders?po_number=NOPE", 404),
        ("/api/purchase-orders", 400),
        ("/api/purchase-orders/not-an-id", 400),
        ("/api/purchase-orders/aaaaaaaaaaaaaaa", 404),
    ],
)
def test_read_a_po_refusals(admin_client, url, code):
    assert admin_client.get(url).status_code == code


def test_staff_use_the_api_too(app, db):
    make_user(db, "clerk@example.com")
    with TestClient(app) as client:
        sign_in(client, "clerk@example.com")
        response = client.post(
            "/api/purchase-orders/upload",
            files={"file": ("po.pdf", po_pdf_bytes(po_fields("STAFF1")), "application/pdf")},
        )
        assert response.status_code == 202
