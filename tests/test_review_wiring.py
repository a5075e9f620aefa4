"""The office's pages and the review queue work as one: what a person does on the PO
and sites pages settles the review items waiting on it."""

from __future__ import annotations

from app import clock, review_items, sites
from app.purchase_orders import store
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

HTMX = {"hx-request": "true"}


def imported(admin_client, fields) -> dict:
    response = admin_client.post(
        "/api/purchase-orders/upload",
        files={"file": ("po.pdf", po_pdf_bytes(fields), "application/pdf")},
    )
    batch_id = response.json()["batch_id"]
    return admin_client.get(f"/api/data-import-batches/{batch_id}/status").json()


def open_kinds(db, po_id) -> set[str]:
    return {
        kind
        for kind in ("po.totals_mismatch", "po.site_unmatched")
        if review_items.open_item_for(db, kind, "purchase_order", po_id)
    }


def test_verifying_on_the_po_page_settles_its_totals_item(admin_client, db):
    po_id = imported(admin_client, po_fields("W1", total="2000.00"))["processed_record_id"]
    assert "po.totals_mismatch" in open_kinds(db, po_id)
    assert admin_client.post(f"/purchasing/{po_id}/verify", headers=HTMX).status_code == 200
    assert "po.totals_mismatch" not in open_kinds(db, po_id)
    history = [h["action"] for h in store.po_history(db, po_id)]
    assert "verified" in history


def test_correcting_the_total_on_the_po_page_settles_its_totals_item(admin_client, db):
    po_id = imported(admin_client, po_fields("W2", total="2000.00"))["processed_record_id"]
    response = admin_client.post(
        f"/purchasing/{po_id}/fields/total_cents",
        data={"value": "1388.05", "opened_with": "2000.00"},
        headers=HTMX,
    )
    assert response.status_code == 200, response.text
    assert store.get_po(db, po_id)["total_cents"] == 138805
    assert "po.totals_mismatch" not in open_kinds(db, po_id)


def test_adding_an_alias_on_the_sites_page_settles_the_site_item(admin_client, db):
    po_id = imported(admin_client, po_fields("W3", project_code="CP-9X"))["processed_record_id"]
    assert "po.site_unmatched" in open_kinds(db, po_id)
    site_id = sites.add_site(db, "CP09", "Cape Point", clock.now())
    response = admin_client.post(f"/sites/{site_id}/aliases", data={"alias": "cp 9x"})
    assert response.status_code == 200, response.text
    assert store.get_po(db, po_id)["site_id"] == site_id
    assert "po.site_unmatched" not in open_kinds(db, po_id)


def test_setting_the_site_on_the_po_page_settles_the_site_item(admin_client, db):
    po_id = imported(admin_client, po_fields("W6", project_code="ZZ-1"))["processed_record_id"]
    site_id = sites.add_site(db, "CP09", "Cape Point", clock.now())
    response = admin_client.post(
        f"/purchasing/{po_id}/fields/site_id",
        data={"value": site_id, "opened_with": ""},
        headers=HTMX,
    )
    assert response.status_code == 200, response.text
    assert "po.site_unmatched" not in open_kinds(db, po_id)


def test_the_sweep_settles_a_site_added_from_the_command_line(admin_client, db, settings):
    from app import pipeline

    po_id = imported(admin_client, po_fields("W4", project_code="KL01"))["processed_record_id"]
    sites.add_site(db, "KL-01", "Kloof", clock.now())  # as `intake sites add` does
    store_batch(settings, db, po_pdf_bytes(po_fields("W5")))  # unrelated work for the sweep
    report = pipeline.sweep(settings)
    assert report.settled >= 1
    assert store.get_po(db, po_id)["site_code"] == "KL-01"
    assert open_kinds(db, po_id) == set()


def test_an_absurd_amount_typed_on_the_po_page_is_refused_in_words(admin_client, db):
    po_id = imported(admin_client, po_fields("W7"))["processed_record_id"]
    response = admin_client.post(
        f"/purchasing/{po_id}/fields/total_cents",
        data={"value": "9" * 30, "opened_with": "1 388.05"},
        headers=HTMX,
    )
    assert response.status_code == 400
    assert "too large" in response.text
    assert store.get_po(db, po_id)["total_cents"] == 138805
