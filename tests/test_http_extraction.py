"""The extraction loop's API through the test client: due, claim, file, process-batch, fail,
and who may call them (the ingest secret or an administrator's token, never a cookie)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from litestar.testing import TestClient

from app import auth, clock, pausing, queue, queue_reads, sites, suppliers
from app.config import Settings
from app.db import open_database, rows
from app.main import create_app
from tests.conftest import make_user, sign_in, store_batch
from tests.fixtures.dn_pdf import dn_fields
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

SECRET = "ingest-secret-for-tests"
HEADERS = {"x-ingest-secret": SECRET}
LOOP = "/api/data-import-batches"


@pytest.fixture
def ingest(tmp_path):
    settings = Settings.from_env(env={"INTAKE_INGEST_SECRET": SECRET}, data_dir=tmp_path / "ingest")
    db = open_database(settings.db_path)
    with TestClient(create_app(settings, immediate_tasks=True)) as client:
        client.headers.update(HEADERS)
        yield client, settings, db
    db.close()


@pytest.fixture
def client(ingest):
    return ingest[0]


@pytest.fixture
def db(ingest):
    return ingest[2]


@pytest.fixture
def pending(ingest):
    _, settings, db = ingest
    return store_batch(settings, db, po_pdf_bytes(po_fields()))


def claim(client, batch_id):
    return client.post(f"{LOOP}/{batch_id}/claim")


def hand_in(client, batch_id, extracted, claim_no=None):
    body = {"batch_id": batch_id, "extracted": extracted}
    if claim_no is not None:
        body["claim"] = claim_no
    return client.post("/api/purchase-orders/process-batch", json=body)


def fail(client, batch_id, claim_no, retryable=True, error="The OCR service is down."):
    body = {"claim": claim_no, "error": error, "retryable": retryable}
    return client.post(f"{LOOP}/{batch_id}/fail", json=body)


def batch(db, batch_id):
    return queue_reads.get_batch(db, batch_id)


def test_the_loop_as_written(client, db, pending):
    [listed] = client.get(f"{LOOP}/due?limit=10").json()
    assert listed["id"] == pending
    assert set(listed) == {"id", "batch_type", "content_type", "attempts", "date_uploaded"}
    taken = claim(client, pending).json()
    assert taken["claim"] == 1 and taken["attempts"] == 1
    assert taken["file_url"] == f"{LOOP}/{pending}/file?claim=1"
    document = client.get(taken["file_url"])
    assert document.headers["content-type"] == "application/pdf"
    assert document.content == po_pdf_bytes(po_fields())
    done = hand_in(client, pending, po_fields("LOOP1"), taken["claim"])
    assert done.status_code == 200 and done.json()["ok"] is True
    assert batch(db, pending)["status"] == "processed"
    assert client.get(f"{LOOP}/due").json() == []


def test_a_claim_raced_by_two_extractors_goes_to_one(client, pending):
    assert claim(client, pending).status_code == 200
    second = claim(client, pending)
    assert second.status_code == 409
    assert second.json()["detail"] == "Another extractor claimed this batch first."


@pytest.mark.parametrize(
    ("row", "says"),
    [
        ({"status": "processed"}, "This batch is processed; there is nothing to claim."),
        ({"status": "failed", "next_retry_at": "2999-01-01T00:00:00.000Z"}, "due again at 2999"),
    ],
)
def test_a_batch_that_is_not_due_is_not_claimed(client, db, pending, row, says):
    db.table("data_import_batches").update(pending, row)
    response = claim(client, pending)
    assert response.status_code == 409 and says in response.json()["detail"]


def test_nothing_is_claimed_while_processing_is_paused(client, db, pending):
    pausing.pause_processing(db, clock.now(), None)
    response = claim(client, pending)
    assert response.status_code == 409 and "paused" in response.json()["detail"]


def test_the_file_goes_to_the_current_claim_only(client, db, pending):
    taken = claim(client, pending).json()
    assert client.get(f"{LOOP}/{pending}/file").status_code == 400  # no claim given
    assert client.get(f"{LOOP}/{pending}/file?claim=7").status_code == 409
    hand_in(client, pending, po_fields(), taken["claim"])
    assert client.get(taken["file_url"]).status_code == 409  # processed: no longer handed out


def test_a_late_result_after_the_watchdog_writes_nothing(client, db, pending):
    stale = claim(client, pending).json()["claim"]
    later = clock.now() + timedelta(minutes=16)
    queue.reset_stuck_batches(db, later, timedelta(minutes=15))
    fresh = queue.claim_batch(db, pending, later)
    response = hand_in(client, pending, po_fields("LATE1"), stale)
    assert response.status_code == 409
    assert "no longer this batch's current one" in response.json()["detail"]
    assert rows(db, "SELECT count(*) AS n FROM purchase_orders") == [{"n": 0}]
    assert fail(client, pending, stale).status_code == 409
    assert batch(db, pending)["status"] == "processing"
    assert hand_in(client, pending, po_fields("LATE1"), fresh.claim_no).status_code == 200


def test_a_result_without_a_claim_is_for_the_current_one(client, db, pending):
    claim(client, pending)
    assert hand_in(client, pending, po_fields("NOCLAIM")).json()["ok"] is True


def test_an_invalid_result_fails_the_attempt_at_once(client, db, pending):
    taken = claim(client, pending).json()
    extracted = {**po_fields(), "po_number": "", "total": "lots", "items": [{"quantity": "x"}]}
    response = hand_in(client, pending, extracted, taken["claim"])
    assert response.status_code == 400
    problems = response.json()["problems"]
    assert "Item 1: the quantity 'x' is not a number." in problems
    failed = batch(db, pending)
    assert failed["status"] == "failed"  # retried after the usual wait, not left processing
    assert failed["last_error"].startswith("The extracted data is not a valid purchase order.")
    assert "The total 'lots' is not an amount of money." in failed["last_error"]
    assert json.loads(failed["extracted"]) == extracted  # kept for a person to start from
    retry_at = clock.parse(failed["next_retry_at"]) - clock.now()
    assert timedelta(seconds=50) < retry_at <= timedelta(minutes=1)


def test_failures_back_off_then_die_as_the_workers_do(client, db, pending):
    expected = [("failed", timedelta(minutes=1)), ("failed", timedelta(minutes=5)), ("dead", None)]
    for status, wait in expected:
        db.table("data_import_batches").update(pending, {"next_retry_at": clock.iso(clock.now())})
        taken = claim(client, pending).json()
        before = clock.now()
        answer = fail(client, pending, taken["claim"]).json()
        assert answer["status"] == status
        if wait:
            assert clock.parse(answer["next_retry_at"]) - before >= wait - timedelta(seconds=1)
    assert batch(db, pending)["last_error"] == "The OCR service is down."
    [review] = rows(db, "SELECT kind FROM review_items WHERE record_id = ?", [pending])
    assert review == {"kind": "batch.dead"}


def test_a_failure_waiting_cannot_fix_is_dead_at_once(client, db, pending):
    taken = claim(client, pending).json()
    assert fail(client, pending, taken["claim"], retryable=False).json()["status"] == "dead"


@pytest.mark.parametrize(
    "body",
    [
        {"error": "no claim"},
        {"claim": "1", "error": "a claim as text"},
        {"claim": True, "error": "a claim as a boolean"},
        {"claim": 1, "error": "  "},
        {"claim": 1, "error": "x", "retryable": "no"},
        {"claim": 1, "error": "x", "step": "guessing"},
        {"claim": 1, "error": "x", "kept": ["not", "an", "object"]},
    ],
)
def test_a_failure_must_say_its_claim_and_why(client, db, pending, body):
    claim(client, pending)
    response = client.post(f"{LOOP}/{pending}/fail", json=body)
    assert response.status_code == 400
    assert batch(db, pending)["status"] == "processing"


def test_a_refusal_keeps_the_words_it_was_sent(client, db, pending):
    """What the engine keeps of a document it refused travels with the failure, so a PO
    typed by hand beside it (review's Enter by hand) can teach its layout."""
    taken = claim(client, pending).json()
    kept = {"layout": {"lines": [[{"text": "Bestelnommer", "x": 10, "y": 20}]], "pages": 1}}
    body = {"claim": taken["claim"], "error": "No PO number.", "retryable": False, "kept": kept}
    assert client.post(f"{LOOP}/{pending}/fail", json=body).status_code == 200
    assert batch(db, pending)["status"] == "dead"
    assert json.loads(batch(db, pending)["extracted"]) == kept


def test_a_long_error_is_kept_to_two_thousand_characters(client, db, pending):
    taken = claim(client, pending).json()
    fail(client, pending, taken["claim"], error="The model said: " + "blah " * 1000)
    error = batch(db, pending)["last_error"]
    assert len(error) == 2000 and error.endswith("…")


def test_a_document_to_work_out_is_imported_as_what_the_result_says(client, db, ingest):
    _, settings, _ = ingest
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    po_batch = store_batch(settings, db, po_pdf_bytes(po_fields()))
    dn_batch = store_batch(settings, db, b"%PDF-1.4 a delivery note")
    db.table("data_import_batches").update(dn_batch, {"batch_type": "documents"})
    assert [b["id"] for b in client.get(f"{LOOP}/due?batch_type=documents").json()] == [dn_batch]
    hand_in(client, po_batch, po_fields(), claim(client, po_batch).json()["claim"])
    taken = claim(client, dn_batch).json()
    assert taken["batch_type"] == "documents"
    extracted = {**dn_fields(), "document_type": "delivery_note"}
    done = hand_in(client, dn_batch, extracted, taken["claim"]).json()
    assert done["ok"] is True and "dn_id" in done
    assert batch(db, dn_batch)["batch_type"] == "delivery_notes"
    assert batch(db, dn_batch)["dn_po_number"] == "MEGCP09199"


def test_an_invalid_delivery_note_says_so(client, db, ingest):
    _, settings, _ = ingest
    batch_id = store_batch(settings, db, b"%PDF-1.4 a delivery note")
    db.table("data_import_batches").update(batch_id, {"batch_type": "delivery_notes"})
    taken = claim(client, batch_id).json()
    response = hand_in(client, batch_id, {"items": []}, taken["claim"])
    assert response.status_code == 400
    assert response.json()["detail"].startswith("The extracted data is not a valid delivery note.")


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("limit=0", 400),
        ("limit=101", 400),
        ("limit=many", 400),
        ("batch_type=invoices", 400),
        ("batch_type=purchase_orders,delivery_notes&limit=100", 200),
    ],
)
def test_the_due_list_checks_what_it_is_asked(client, pending, query, code):
    assert client.get(f"{LOOP}/due?{query}").status_code == code


def test_the_due_list_is_oldest_first_and_filtered_by_type(client, db, ingest):
    _, settings, _ = ingest
    first, second = (store_batch(settings, db, po_pdf_bytes(po_fields(n))) for n in ("A1", "A2"))
    db.table("data_import_batches").update(second, {"batch_type": "delivery_notes"})
    assert [b["id"] for b in client.get(f"{LOOP}/due").json()] == [first, second]
    only = client.get(f"{LOOP}/due?batch_type=delivery_notes").json()
    assert [b["id"] for b in only] == [second]
    assert [b["id"] for b in client.get(f"{LOOP}/due?limit=1").json()] == [first]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", f"{LOOP}/due"),
        ("GET", f"{LOOP}/office-names"),
        ("POST", f"{LOOP}/{'a' * 15}/claim"),
        ("GET", f"{LOOP}/{'a' * 15}/file?claim=1"),
        ("POST", f"{LOOP}/{'a' * 15}/fail"),
        ("POST", "/api/purchase-orders/process-batch"),
    ],
)
def test_who_may_run_the_loop(tmp_path, method, path):
    settings = Settings.from_env(env={"INTAKE_INGEST_SECRET": SECRET}, data_dir=tmp_path / "d")
    db = open_database(settings.db_path)
    admin = make_user(db, "admin@example.com", "admin")
    staff = make_user(db, "staff@example.com", "staff")
    admin_token = auth.create_api_token(db, admin["id"], clock.now())
    staff_token = auth.create_api_token(db, staff["id"], clock.now())
    with TestClient(create_app(settings, immediate_tasks=True)) as client:

        def answer(**headers):
            return client.request(method, path, headers=headers).status_code

        assert answer() == 401
        assert answer(**{"x-ingest-secret": "wrong"}) == 401
        assert answer(**{"x-ingest-secret": ""}) == 401
        assert answer(authorization="Bearer itk_not_a_token") == 401
        assert answer(authorization=f"Bearer {staff_token}") == 403
        assert answer(**HEADERS) not in (401, 403)
        assert answer(authorization=f"Bearer {admin_token}") not in (401, 403)
        sign_in(client, admin["email"])  # an admin's browser session is not enough
        assert answer() == 401
    db.close()


def test_without_a_secret_only_an_admins_token_opens_it(tmp_path):
    settings = Settings.from_env(env={}, data_dir=tmp_path / "d")
    db = open_database(settings.db_path)
    admin = make_user(db, "admin@example.com", "admin")
    token = auth.create_api_token(db, admin["id"], clock.now())
    with TestClient(create_app(settings, immediate_tasks=True)) as client:
        refused = client.get(f"{LOOP}/due", headers=HEADERS)
        assert refused.status_code == 401 and "INTAKE_INGEST_SECRET" in refused.json()["detail"]
        assert client.get(f"{LOOP}/due", headers={"authorization": f"Bearer {token}"}).json() == []
    db.close()


def test_the_secret_opens_the_loop_only(client):
    assert client.get("/api/purchase-orders?po_number=X").status_code == 401


def test_refusals_are_logged(client, pending, caplog):
    claim(client, pending)
    with caplog.at_level("INFO", logger="intake"):
        claim(client, pending)
        hand_in(client, pending, po_fields(), claim_no=9)
        client.get(f"{LOOP}/due", headers={"x-ingest-secret": "guessed-secret-42"})
    lines = [
        json.loads(r.getMessage().removeprefix("[po-process-batch] "))
        for r in caplog.records
        if r.getMessage().startswith("[po-process-batch]")
    ]
    assert [(line["batch_id"], line["refused"]) for line in lines] == [
        (pending, 409),
        (pending, 409),
        (None, 401),
    ]
    assert "guessed-secret-42" not in caplog.text  # what was sent as a secret is never logged


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", 400),
        (b"[]", 400),
        (json.dumps({"extracted": {}}).encode(), 400),
        (json.dumps({"batch_id": "bad id", "extracted": {}}).encode(), 400),
        (json.dumps({"batch_id": "a" * 15, "claim": "1", "extracted": {}}).encode(), 400),
        (json.dumps({"batch_id": "a" * 15, "extracted": po_fields()}).encode(), 404),
    ],
)
def test_process_batch_refusals(client, body, code):
    response = client.post("/api/purchase-orders/process-batch", content=body)
    assert response.status_code == code
    assert {"error", "detail"} <= set(response.json())


def test_process_batch_with_a_known_site_and_a_duplicate(client, db, ingest):
    _, settings, _ = ingest
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    first_batch = store_batch(settings, db, po_pdf_bytes(po_fields("DUP1")))
    claim(client, first_batch)
    first = hand_in(client, first_batch, po_fields("DUP1")).json()
    assert first["warnings"] == []
    again = store_batch(settings, db, po_pdf_bytes(po_fields("DUP1")))
    claim(client, again)
    second = hand_in(client, again, po_fields("DUP1")).json()
    assert second == {"ok": True, "po_id": first["po_id"], "warnings": ["already_imported"]}


def test_process_batch_refuses_a_batch_that_is_not_processing(client, pending):
    response = hand_in(client, pending, po_fields())
    assert response.status_code == 409
    assert response.json()["detail"] == (
        "This batch is pending; it takes results only while it is processing."
    )


def test_the_office_names_a_reading_is_checked_against(client, db):
    site_id = sites.add_site(db, "CP09", "Cape Point", clock.now())
    sites.add_alias(db, site_id, "CP-9", None, clock.now())
    suppliers.create_supplier(db, "Acme Building Supplies", None, clock.now())
    assert client.get(f"{LOOP}/office-names").json() == {
        "site_codes": ["CP-9", "CP09"],
        "supplier_names": ["Acme Building Supplies"],
        "layouts": [],  # none learned yet: a verified PO teaches one (tests/test_layouts.py)
    }
