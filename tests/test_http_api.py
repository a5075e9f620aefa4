"""The JSON API: batch status and retry, reading POs, and who may call them."""

from __future__ import annotations

import pytest
from litestar.testing import TestClient

from app import auth, clock, queue_reads
from tests.conftest import make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes


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
    batch = queue_reads.get_batch(db, batch_id)
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
