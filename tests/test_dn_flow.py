"""Delivery notes end to end: uploaded through the API (tasks run inline), routed by type,
matched to their PO and lines, and the review items and PO deliveries that follow."""

from __future__ import annotations

from bs4 import BeautifulSoup

from app import clock
from app.delivery_notes import hooks as delivery_hooks
from tests.fixtures.dn_pdf import dn_fields, dn_pdf_bytes
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

HTMX = {"hx-request": "true"}


def upload(client, data: bytes, route="/api/documents/upload", name="doc.pdf") -> dict:
    response = client.post(route, files={"file": (name, data, "application/pdf")})
    assert response.status_code == 202, response.text
    assert response.json()["status"] == "queued"
    return client.get(f"/api/data-import-batches/{response.json()['batch_id']}/status").json()


def po(client, number="MEGCP09199", **fields) -> dict:
    batch = upload(client, po_pdf_bytes(po_fields(number, **fields)))
    assert batch["batch_type"] == "purchase_orders", batch
    return client.get(f"/api/purchase-orders/{batch['processed_record_id']}").json()


def dn(client, route="/api/documents/upload", **fields) -> tuple[dict, dict]:
    batch = upload(client, dn_pdf_bytes(dn_fields(**fields)), route)
    assert batch["status"] == "processed", batch
    assert batch["batch_type"] == "delivery_notes"
    return batch, client.get(f"/api/delivery-notes/{batch['processed_record_id']}").json()


def open_items(client, kind) -> list[dict]:
    return client.get("/api/review-items", params={"state": "open", "kind": kind}).json()["items"]


def decide(client, item_id, action, **form):
    return client.post(f"/review/{item_id}/decide/{action}", data=form, headers=HTMX)


def test_a_dn_delivered_in_full_against_its_po(staff_client):
    order = po(staff_client)
    assert order["delivery_status"] == "not_delivered"
    batch, note = dn(staff_client)
    assert batch["warnings"] == []
    assert note["purchase_order"]["id"] == order["id"]
    assert note["purchase_order"]["matched_by"] == "number"
    lines = {item["id"]: item["line_no"] for item in order["items"]}
    assert [lines[i["purchase_order_item_id"]] for i in note["items"]] == [1, 2]
    assert [i["match_method"] for i in note["items"]] == ["code", "code"]
    after = staff_client.get(f"/api/purchase-orders/{order['id']}").json()
    assert after["delivery_status"] == "delivered"
    assert [(i["delivered_quantity"], i["outstanding_quantity"]) for i in after["items"]] == [
        ("100", "0"),
        ("12", "0"),
    ]
    found = staff_client.get("/api/delivery-notes", params={"dn_number": "dn 10442"}).json()
    assert [n["id"] for n in found["delivery_notes"]] == [note["id"]]
    assert open_items(staff_client, "dn.short") == []


def test_the_pill_says_what_the_dn_was_imported_as(staff_client):
    po(staff_client)
    batch, _ = dn(staff_client)
    pill = staff_client.get(f"/batches/{batch['id']}/pill").text
    assert "Imported as delivery note DN-10442 against PO MEGCP09199" in pill


def test_the_dn_route_and_the_dialog_choose_the_type(staff_client):
    po(staff_client)
    batch, _ = dn(staff_client, route="/api/delivery-notes/upload")
    assert batch["batch_type"] == "delivery_notes"
    response = staff_client.post(
        "/upload",
        files={"file": ("dn.pdf", dn_pdf_bytes(dn_fields("DN-2")), "application/pdf")},
        data={"document_type": "purchase_order"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert "delivery note, not a purchase order" in response.text
    refused = staff_client.post(
        "/upload",
        files={"file": ("dn.pdf", b"%PDF-1.4", "application/pdf")},
        data={"document_type": "invoice"},
        headers=HTMX,
    )
    assert refused.status_code == 400
    assert "Choose what the document is" in refused.text


def test_a_short_delivery_then_the_rest(staff_client):
    order = po(staff_client)
    short = [
        {"item_code": "HB-M8", "description": "Hex bolt M8x40", "quantity": "60", "unit": "each"},
        {"item_code": "CEM-50", "description": "Cement 50kg bag", "quantity": "12", "unit": "bag"},
    ]
    dn(staff_client, items=short)
    [item] = open_items(staff_client, "dn.short")
    assert item["record"] == {"entity": "purchase_order", "id": order["id"]}
    assert (item["money_at_risk"], item["money_currency"]) == ("10.00", "ZAR")  # 40 bolts x 0.25
    assert item["evidence"]["lines"][0]["quantity"] == "40"
    status = staff_client.get(f"/api/purchase-orders/{order['id']}").json()["delivery_status"]
    assert status == "part_delivered"
    rest = [{"item_code": "", "description": "hex bolts M8x40", "quantity": "40", "unit": "each"}]
    dn(staff_client, dn_number="DN-10443", items=rest)
    after = staff_client.get(f"/api/purchase-orders/{order['id']}").json()
    assert after["delivery_status"] == "delivered"
    assert open_items(staff_client, "dn.short") == []


def test_closing_a_po_short_leaves_nothing_outstanding(staff_client):
    order = po(staff_client)
    half = [{"item_code": "CEM-50", "description": "Cement", "quantity": "6", "unit": "bag"}]
    dn(staff_client, items=half)
    [item] = open_items(staff_client, "dn.short")
    response = decide(staff_client, item["id"], "close_short")
    assert response.status_code == 200, response.text
    assert "Closed short" in response.text
    after = staff_client.get(f"/api/purchase-orders/{order['id']}").json()
    assert after["delivery_status"] == "delivered"
    assert {i["outstanding_quantity"] for i in after["items"]} == {"0"}


def test_an_over_delivery_is_money_at_risk_at_the_po_price(staff_client):
    order = po(staff_client)
    over = [
        {"item_code": "HB-M8", "description": "Hex bolt M8x40", "quantity": "100", "unit": "each"},
        {"item_code": "CEM-50", "description": "Cement 50kg bag", "quantity": "14", "unit": "bag"},
    ]
    dn(staff_client, items=over)
    [item] = open_items(staff_client, "dn.over")
    assert item["money_at_risk"] == "197.00"  # 2 bags x 98.50
    status = staff_client.get(f"/api/purchase-orders/{order['id']}").json()["delivery_status"]
    assert status == "over_delivered"
    assert decide(staff_client, item["id"], "accept_over").status_code == 200
    assert open_items(staff_client, "dn.over") == []


def test_an_extra_line_waits_for_a_person(staff_client):
    order = po(staff_client)
    items = [
        *dn_fields()["items"],
        {"item_code": "DSL", "description": "Diesel 50L drum", "quantity": "3", "unit": "drum"},
    ]
    batch, note = dn(staff_client, items=items)
    assert batch["warnings"] == ["unmatched_lines"]
    [item] = open_items(staff_client, "dn.unmatched_line")
    assert item["evidence"]["description"] == "Diesel 50L drum"
    page = staff_client.get("/review?kind=dn.unmatched_line").text
    assert "Delivered against this line" in page
    response = decide(staff_client, item["id"], "mark_extra")
    assert response.status_code == 200, response.text
    note = staff_client.get(f"/api/delivery-notes/{note['id']}").json()
    assert note["items"][2]["match_method"] == "extra"
    assert open_items(staff_client, "dn.unmatched_line") == []
    lines = staff_client.get(f"/api/purchase-orders/{order['id']}").json()["items"]
    assert [i["delivered_quantity"] for i in lines] == ["100", "12"]


def test_a_dn_before_its_po_takes_it_when_it_arrives(staff_client):
    batch, note = dn(staff_client, po_number="PO-2026-00457")
    # no PO or known supplier yet proves the letterhead's supplier, so it stays flagged
    assert batch["warnings"] == ["low_confidence:supplier_name", "po_unknown"]
    [item] = open_items(staff_client, "dn.po_unknown")
    assert item["evidence"]["proposals"] == []
    order = po(staff_client, "PO-2026-00457")
    note = staff_client.get(f"/api/delivery-notes/{note['id']}").json()
    assert note["purchase_order"]["id"] == order["id"]
    assert open_items(staff_client, "dn.po_unknown") == []
    assert staff_client.get(f"/api/purchase-orders/{order['id']}").json()["delivery_status"] == (
        "delivered"
    )


def test_a_transposed_po_number_is_proposed_and_remembered(staff_client):
    order = po(staff_client, "PO-2026-00457")
    po(staff_client, "PO-2026-01999")
    _, note = dn(staff_client, po_number="PO-2026-00475")
    assert note["purchase_order"] is None
    [item] = open_items(staff_client, "dn.po_unknown")
    assert [p["po_number"] for p in item["evidence"]["proposals"]] == ["PO-2026-00457"]
    response = decide(staff_client, item["id"], "pick_po", po_number="PO-2026-00457")
    assert response.status_code == 200, response.text
    note = staff_client.get(f"/api/delivery-notes/{note['id']}").json()
    assert note["purchase_order"] == {
        "id": order["id"],
        "po_number": "PO-2026-00457",
        "matched_by": "person",
        "score": 1.0,
    }
    # the same misprint on the next DN is known now
    _, second = dn(staff_client, dn_number="DN-10500", po_number="PO-2026-00475")
    assert second["purchase_order"]["matched_by"] == "link"


def test_a_dn_without_a_po_number_is_fitted_by_its_lines(staff_client):
    po(
        staff_client,
        "MEGCP09200",
        items=[
            {
                "item_code": "RB-12",
                "description": "Rebar 12mm",
                "quantity": "4",
                "unit": "length",
                "unit_price": "120.00",
            }
        ],
    )
    order = po(staff_client)
    _, note = dn(staff_client, po_number=None)
    assert note["purchase_order"]["id"] == order["id"]
    assert note["purchase_order"]["matched_by"] == "lines"


def test_the_same_dn_again_and_a_revision(staff_client):
    po(staff_client)
    first, note = dn(staff_client)
    again = upload(staff_client, dn_pdf_bytes(dn_fields()))
    assert again["warnings"] == ["already_imported"]
    assert again["processed_record_id"] == note["id"]
    fewer = dn_fields()["items"][:1]
    revised = upload(staff_client, dn_pdf_bytes(dn_fields(items=fewer)))
    assert revised["warnings"] == ["revision"]
    [item] = open_items(staff_client, "dn.revision")
    assert item["evidence"]["changed"] == ["item 2 removed"]
    response = decide(staff_client, item["id"], "replace")
    assert response.status_code == 200, response.text
    note = staff_client.get(f"/api/delivery-notes/{note['id']}").json()
    assert len(note["items"]) == 1


def test_a_po_uploaded_to_be_worked_out_is_a_po(staff_client):
    order = po(staff_client)
    assert order["po_number"] == "MEGCP09199"


def listed(client, **params) -> list[str]:
    response = client.get("/delivery-notes", params=params)
    assert response.status_code == 200
    rows = BeautifulSoup(response.text, "html.parser").select("#dn-results tbody tr")
    return [row.select_one("td").get_text(strip=True) for row in rows]


def test_dn_pages(staff_client):
    po(staff_client)
    _, note = dn(staff_client)
    assert listed(staff_client, matched="yes", q="10442") == ["DN-10442"]
    assert listed(staff_client, matched="no") == []
    assert listed(staff_client, supplier="acme", site="-") == ["DN-10442"]
    page = staff_client.get(f"/delivery-notes/{note['id']}")
    assert page.status_code == 200 and "Delivered against" in page.text
    saved = staff_client.post(
        f"/delivery-notes/{note['id']}/items/{note['items'][1]['id']}",
        data={
            "item_code": "CEM-50",
            "description": "Cement 50kg bag",
            "quantity": "10",
            "unit": "bag",
        },
        headers=HTMX,
    )
    assert saved.status_code == 200
    order = staff_client.get(f"/api/purchase-orders/{note['purchase_order']['id']}").json()
    assert order["delivery_status"] == "part_delivered"
    assert (
        staff_client.post(f"/delivery-notes/{note['id']}/verify", headers=HTMX).status_code == 200
    )
    history = staff_client.get(f"/delivery-notes/{note['id']}").text
    assert "Verified" in history and "line 2 quantity" in history
    po_page = staff_client.get(f"/purchasing/{order['id']}").text
    assert "Part delivered" in po_page and "DN DN-10442" in po_page


def test_a_sites_page_shows_what_is_outstanding_there_per_currency(admin_client, db):
    from app import clock, sites

    site_id = sites.add_site(db, "CP09", "Cape Point", clock.now())
    po(admin_client)  # ZAR: 100 bolts at 0.25, 12 bags at 98.50
    # the reader takes the currency from the code printed on the document (here in its number)
    po(
        admin_client,
        "USD-1",
        currency="USD",
        items=[
            {
                "item_code": "RB-12",
                "description": "Rebar 12mm",
                "quantity": "4",
                "unit": "length",
                "unit_price": "120.00",
            }
        ],
    )
    dn(
        admin_client,
        items=[
            {
                "item_code": "CEM-50",
                "description": "Cement 50kg bag",
                "quantity": "2",
                "unit": "bag",
            }
        ],
    )
    page = BeautifulSoup(admin_client.get(f"/sites/{site_id}").text, "html.parser")
    section = page.select_one("#site-outstanding")
    totals = [t.get_text(" ", strip=True) for t in section.select(".outstanding-total")]
    assert totals == ["ZAR 1\xa0010.00", "USD 480.00"]  # 100 x 0.25 + 10 x 98.50; 4 x 120
    rows = [r.select("td")[5].get_text(" ", strip=True) for r in section.select("tbody tr")]
    assert rows == ["100 each", "10 bag", "4 length"]


def invoice_pdf() -> bytes:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, "TAX INVOICE", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=10)
    pdf.cell(0, 6, "Invoice No: INV-5521", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def test_a_document_that_is_neither_dies_and_can_be_entered_as_a_po(staff_client, db):
    from app import queue_reads

    batch = upload(staff_client, invoice_pdf())
    assert (batch["status"], batch["batch_type"]) == ("dead", "documents")
    assert batch["last_error"].startswith("This looks like an invoice; Intake imports purchase")
    [item] = open_items(staff_client, "batch.dead")
    assert "Enter the PO by hand" in staff_client.get("/review?kind=batch.dead").text
    form = {
        "po_number": "HAND-1",
        "supplier_name": "Acme",
        "currency": "ZAR",
        "total": "10.00",
        "item_code_1": "X",
        "description_1": "Thing",
        "quantity_1": "1",
        "unit_price_1": "10",
    }
    response = staff_client.post(f"/review/{item['id']}/enter", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    after = queue_reads.get_batch(db, batch["id"])
    assert (after["status"], after["batch_type"], after["po_number"]) == (
        "processed",
        "purchase_orders",
        "HAND-1",
    )


def test_editing_a_po_line_brings_its_deliveries_up_to_date(staff_client):
    from app.purchase_orders.forms import item_version

    order = po(staff_client)
    dn(staff_client)
    line = order["items"][1]
    version = item_version(
        {
            "item_code": "CEM-50",
            "description": "Cement 50kg bag",
            "quantity": "12",
            "unit": "bag",
            "unit_price_cents": 9850,
            "amount_cents": 118200,
        }
    )
    response = staff_client.post(
        f"/purchasing/{order['id']}/items/{line['id']}",
        data={
            "item_code": "CEM-50",
            "description": "Cement 50kg bag",
            "quantity": "20",
            "unit": "bag",
            "unit_price": "98.50",
            "amount": "",
            "version": version,
        },
        headers=HTMX,
    )
    assert response.status_code == 200, response.text
    # out of band, after the item's row (a <tr> the parser would not nest it under)
    fragment = response.text[response.text.index('<section id="po-deliveries"') :]
    swapped = BeautifulSoup(fragment, "html.parser").select_one("#po-deliveries")
    assert swapped["hx-swap-oob"] == "true"
    assert swapped.select_one("#delivery-status").get_text() == "Part delivered"
    # an edit of the PO refreshes or closes short and over items; only a delivery opens one
    assert open_items(staff_client, "dn.short") == []


def test_a_po_keeps_one_remembered_misprint(staff_client, db):
    from app import links
    from app.delivery_notes import reconcile

    po(staff_client, "PO-2026-00457")
    for number, printed in (("DN-1", "PO-2026-00475"), ("DN-2", "PO-2026-0457X")):
        dn(staff_client, dn_number=number, po_number=printed)
        item = next(
            i
            for i in open_items(staff_client, "dn.po_unknown")
            if i["evidence"]["dn_number"] == number
        )
        assert (
            decide(staff_client, item["id"], "pick_po", po_number="PO-2026-00457").status_code
            == 200
        )
    assert links.active_link(db, reconcile.PO_REFERENCES, "PO202600475")
    assert links.active_link(db, reconcile.PO_REFERENCES, "PO20260457X") is None
    assert open_items(staff_client, "link.conflict") == []


def test_a_po_waiting_for_its_number_takes_no_delivery_note_until_it_has_one(staff_client, db):
    order = po(staff_client, "")  # printed without a number: imported, the number left open
    assert order["po_number"] is None
    _, note = dn(staff_client, po_number=None)
    # its lines fit, but a DN matched to it could not say which PO it was delivered against
    assert note["purchase_order"] is None
    typed = staff_client.patch(
        f"/api/purchase-orders/{order['id']}", json={"po_number": "MEGCP09199"}
    )
    assert typed.status_code == 200, typed.text
    assert delivery_hooks.resolve_waiting_notes(db, clock.now()) == 1  # the sweep, next time
    note = staff_client.get(f"/api/delivery-notes/{note['id']}").json()
    assert (note["purchase_order"]["id"], note["purchase_order"]["matched_by"]) == (
        order["id"],
        "lines",
    )


def test_a_delivery_note_waiting_for_a_number_takes_the_po_once_it_is_typed(staff_client):
    order = po(staff_client, "")
    _, note = dn(staff_client)  # prints PO MEGCP09199, which no PO has yet
    assert note["purchase_order"] is None
    typed = staff_client.patch(
        f"/api/purchase-orders/{order['id']}", json={"po_number": "MEGCP09199"}
    )
    assert typed.status_code == 200, typed.text
    note = staff_client.get(f"/api/delivery-notes/{note['id']}").json()  # no sweep needed
    assert (note["purchase_order"]["id"], note["purchase_order"]["matched_by"]) == (
        order["id"],
        "number",
    )
