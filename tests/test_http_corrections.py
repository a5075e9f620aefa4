"""Correcting and verifying a PO through the API: PATCH and verify, as the page does them."""

from __future__ import annotations

import pytest

from app import auth, clock
from app.purchase_orders import store
from app.web import CSRF_HEADER
from tests.fixtures.records import add_po


@pytest.fixture
def po_id(db, admin):
    return add_po(
        db,
        "FIX1",
        items=[4000, 5000],
        subtotal=9000,
        tax=1350,
        total=10350,
        verified_by=admin["id"],
    )


def edits(db, po_id):
    return [
        (h["field"], h["old_value"], h["new_value"])
        for h in store.po_history(db, po_id)
        if h["action"] == "edited"
    ]


def test_a_patch_changes_fields_writes_history_and_takes_the_verification_back(
    admin_client, db, po_id
):
    response = admin_client.patch(
        f"/api/purchase-orders/{po_id}",
        json={"supplier_name": "Boland Building Supplies CC", "po_date": "14/02/2026", "tax": 1400},
    )
    assert response.status_code == 200, response.text
    po = response.json()
    assert (po["supplier_name"], po["po_date"], po["tax"]) == (
        "Boland Building Supplies CC",
        "2026-02-14",
        "1400.00",
    )
    assert po["is_verified"] is False
    assert edits(db, po_id) == [
        ("Date", "2026-08-19", "2026-02-14"),
        ("Supplier", "Acme Steel (Pty) Ltd", "Boland Building Supplies CC"),
        ("Tax", "13.50", "1400.00"),
    ]
    assert [h["action"] for h in store.po_history(db, po_id)][-1] == "unverified"


def test_a_patch_replaces_the_whole_item_list(admin_client, db, po_id):
    items = [
        {"item_code": "C1", "description": "Item 1", "quantity": "1", "unit": "each",
         "unit_price": "40.00", "amount": "40.00"},
        {"item_code": "KL-19", "description": "Klip 19mm", "quantity": "7.5", "unit": "ton",
         "unit_price": "514.99", "discount_percent": "10"},
        {"item_code": "DR-25", "description": "Draad", "quantity": 2, "unit": "rol",
         "unit_price": 10, "amount": 20},
    ]  # fmt: skip
    response = admin_client.patch(f"/api/purchase-orders/{po_id}", json={"items": items})
    assert response.status_code == 200, response.text
    got = response.json()["items"]
    assert [(i["item_code"], i["quantity"], i["discount_percent"], i["amount"]) for i in got] == [
        ("C1", "1", None, "40.00"),
        ("KL-19", "7.5", "10", "3476.18"),  # 7.5 x 514.99 less 10 %, to the cent
        ("DR-25", "2", None, "20.00"),
    ]
    assert ("item 2 code", "C2", "KL-19") in edits(db, po_id)
    assert ("item 2 discount %", None, "10") in edits(db, po_id)
    assert ("item 3", None, "2 rol Draad = 20.00") in edits(db, po_id)
    assert not any(field.startswith("item 1 ") for field, _, _ in edits(db, po_id))


def test_fewer_items_remove_the_rest(admin_client, db, po_id):
    one = {"description": "Item 1", "quantity": "1", "unit": "each", "amount": "40.00"}
    response = admin_client.patch(f"/api/purchase-orders/{po_id}", json={"items": [one]})
    assert [i["description"] for i in response.json()["items"]] == ["Item 1"]
    assert ("item 2", "1 each Item 2 = 50.00", None) in edits(db, po_id)


def test_every_problem_is_listed_and_nothing_is_written(admin_client, db, po_id):
    before = store.get_po(db, po_id)
    response = admin_client.patch(
        f"/api/purchase-orders/{po_id}",
        json={
            "po_date": "next tuesday",
            "total": "lots",
            "colour": "blue",
            "supplier_name": "Fine Name",
            "items": [{"quantity": "two", "amount": "5"}, "a line"],
        },
    )
    assert response.status_code == 400
    problems = response.json()["problems"]
    assert len(problems) == 5, problems
    assert any(p.startswith("colour: not a field") for p in problems)
    assert any(p.startswith("Date: “next tuesday” is not a date") for p in problems)
    assert any(p.startswith("Total: The total “lots”") for p in problems)
    assert "Item 1: The quantity “two” is not a number." in problems
    assert any(p.startswith("Item 2: give an object") for p in problems)
    assert store.get_po(db, po_id) == before
    assert edits(db, po_id) == []


@pytest.mark.parametrize(
    "body", [b"{not json", b"[1, 2]", b'{"currency": "rand"}', b'{"tax": true}']
)
def test_a_body_that_is_not_a_change(admin_client, po_id, body):
    response = admin_client.patch(
        f"/api/purchase-orders/{po_id}", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["detail"]


def test_unknown_and_malformed_ids(admin_client):
    assert admin_client.patch("/api/purchase-orders/aaaaaaaaaaaaaaa", json={}).status_code == 404
    assert admin_client.patch("/api/purchase-orders/not-an-id", json={}).status_code == 400
    assert admin_client.post("/api/purchase-orders/aaaaaaaaaaaaaaa/verify").status_code == 404


def test_a_number_another_po_has_is_a_conflict_and_nothing_else_changes(admin_client, db, po_id):
    add_po(db, "TAKEN")
    response = admin_client.patch(
        f"/api/purchase-orders/{po_id}",
        json={"supplier_name": "Someone Else", "po_number": "TAKEN", "items": []},
    )
    assert response.status_code == 409
    assert "already has the number TAKEN" in response.json()["detail"]
    assert store.get_po(db, po_id)["supplier_name"] == "Acme Steel (Pty) Ltd"
    assert len(store.po_items(db, po_id)) == 2


def test_verify_says_who_and_when(admin_client, db, admin):
    po_id = add_po(db, "VER1")
    response = admin_client.post(f"/api/purchase-orders/{po_id}/verify")
    assert response.status_code == 200
    body = response.json()
    assert body["id"] == po_id and body["is_verified"] is True
    assert body["verified_by"] == admin["email"]
    assert body["verified_at"] == store.get_po(db, po_id)["verified_at"]
    assert admin_client.post(f"/api/purchase-orders/{po_id}/verify").json() == body


def test_a_session_needs_the_csrf_header_and_a_bearer_token_does_not(
    admin_client, anonymous, db, admin, po_id
):
    del admin_client.headers[CSRF_HEADER]
    assert admin_client.patch(f"/api/purchase-orders/{po_id}", json={"tax": 1}).status_code == 403
    assert admin_client.post(f"/api/purchase-orders/{po_id}/verify").status_code == 403
    token = auth.create_api_token(db, admin["id"], clock.now())
    headers = {"authorization": f"Bearer {token}"}
    url = f"/api/purchase-orders/{po_id}"
    assert anonymous.patch(url, json={"tax": 1}, headers=headers).status_code == 200
    assert anonymous.post(f"{url}/verify", headers=headers).status_code == 200
    wrong = {"authorization": "Bearer itk_wrong"}
    assert anonymous.patch(url, json={}, headers=wrong).status_code == 401
