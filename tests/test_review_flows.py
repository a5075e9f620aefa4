"""The review flows end to end: documents uploaded through the API (tasks run inline),
the items they open, and a person's decisions on the review page."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from litestar.testing import TestClient

from app import clock, links, queue_reads, review_items, sites, storage, suppliers
from app.purchase_orders import store
from tests.conftest import make_user, sign_in
from tests.fixtures.po_pdf import REVISED_ITEMS, po_fields, po_pdf_bytes
from tests.fixtures.records import add_po

HTMX = {"hx-request": "true"}


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


def upload(client, fields=None, data=None, name="po.pdf") -> dict:
    data = data if data is not None else po_pdf_bytes(fields or po_fields())
    response = client.post(
        "/api/purchase-orders/upload", files={"file": (name, data, "application/pdf")}
    )
    assert response.status_code == 202, response.text
    return client.get(f"/api/data-import-batches/{response.json()['batch_id']}/status").json()


def open_items(client, kind=None) -> list[dict]:
    response = client.get(
        "/api/review-items", params={"state": "open", **({"kind": kind} if kind else {})}
    )
    assert response.status_code == 200
    return response.json()["items"]


def decide(client, item_id, action, **form):
    return client.post(f"/review/{item_id}/decide/{action}", data=form, headers=HTMX)


def card_text(response) -> str:
    return " ".join(soup(response).select_one(".review-item").get_text(" ").split())


# --- an unknown project code ------------------------------------------------------------


def test_unknown_code_then_pick_site_then_the_next_document_matches(admin_client, db):
    site_id = sites.add_site(db, "SP01", "Sea Point", clock.now())
    first = upload(admin_client, po_fields("U1", project_code="SEA-PT"))
    assert "site_unmatched" in first["warnings"]
    [item] = open_items(admin_client, "po.site_unmatched")
    assert item["record"] == {"entity": "purchase_order", "id": first["processed_record_id"]}
    assert item["evidence"]["project_code"] == "SEA-PT"
    assert item["money_at_risk"] == "1388.05"

    page = soup(admin_client.get("/review?kind=po.site_unmatched"))
    options = [o.get_text() for o in page.select(f"#item-{item['id']} select option")]
    assert options == ["Choose a site…", "SP01 · Sea Point"]
    response = decide(admin_client, item["id"], "pick_site", site_id=site_id)
    assert response.status_code == 200
    assert card_text(response).startswith("Project code matches no site")
    assert "Site chosen by admin" in card_text(response)
    assert "SEA-PT is now an alias of site SP01" in card_text(response)
    assert store.get_po(db, first["processed_record_id"])["site_id"] == site_id
    history = store.po_history(db, first["processed_record_id"])
    assert [h["action"] for h in history][-2:] == ["site_set", "review:po.site_unmatched"]

    second = upload(admin_client, po_fields("U2", project_code="sea pt"))
    assert second["warnings"] == []
    assert store.get_po(db, second["processed_record_id"])["site_id"] == site_id
    assert open_items(admin_client, "po.site_unmatched") == []


def test_picking_a_site_that_is_not_in_the_list_is_refused_in_words(admin_client, db):
    batch = upload(admin_client, po_fields("U3", project_code="NOPE"))
    [item] = open_items(admin_client, "po.site_unmatched")
    response = decide(admin_client, item["id"], "pick_site", site_id="zzzzzzzzzzzzzzz")
    assert response.status_code == 400
    assert "Choose one of the sites in the list." in card_text(response)
    assert store.get_po(db, batch["processed_record_id"])["site_id"] is None
    assert len(open_items(admin_client, "po.site_unmatched")) == 1


# --- a revised PO --------------------------------------------------------------------


def test_a_revised_po_waits_then_replace_keeps_the_old_version_in_history(admin_client, db):
    original = upload(admin_client, po_fields("R1"))
    po_id = original["processed_record_id"]
    again = upload(admin_client, po_fields("R1"), name="same.pdf")  # an identical file
    assert "already_imported" in again["warnings"]
    assert open_items(admin_client, "po.revision") == []

    revised = upload(admin_client, po_fields("R1", items=REVISED_ITEMS), name="r1-rev2.pdf")
    assert revised["processed_record_id"] == po_id
    assert "revision" in revised["warnings"]
    assert len(store.po_items(db, po_id)) == 2  # nothing changes until a person decides
    [item] = open_items(admin_client, "po.revision")
    assert item["money_at_risk"] == "566.37"  # 1954.42 - 1388.05
    assert item["evidence"]["changed"] == [
        "Subtotal",
        "Tax",
        "Total",
        "item 1 Qty",
        "item 1 Amount",
        "item 3 added",
    ]

    page = soup(admin_client.get("/review"))
    card = page.select_one(f"#item-{item['id']}")
    changed = [row.select_one("th").get_text() for row in card.select("tr.changed")]
    assert changed == ["Subtotal", "Tax", "Total", "1", "3"]
    assert card.select_one("button[hx-post$='/replace']")["hx-confirm"].startswith("Replace PO R1")

    response = decide(admin_client, item["id"], "replace")
    assert "Replaced by admin" in card_text(response)
    po = admin_client.get(f"/api/purchase-orders/{po_id}").json()
    assert [(i["item_code"], i["quantity"]) for i in po["items"]] == [
        ("HB-M8", "150"),
        ("CEM-50", "12"),
        ("RB-12", "4"),
    ]
    assert po["total"] == "1954.42"
    [old] = store.po_versions(db, po_id)
    assert (old["version"], old["batch_id"]) == (1, original["id"])
    assert [(i["item_code"], i["quantity"]) for i in old["data"]["items"]] == [
        ("HB-M8", "100"),
        ("CEM-50", "12"),
    ]
    assert old["file_path"] == f"files/purchase_orders/{po_id}.pdf"  # the first document, kept
    history = store.po_history(db, po_id)
    revised_fields = [
        (h["field"], h["old_value"], h["new_value"]) for h in history if h["action"] == "revised"
    ]
    assert ("total", "1388.05", "1954.42") in revised_fields
    accepted = [h for h in history if h["action"] == "revision_accepted"][0]
    assert "kept as version 1 (2 items, total 1388.05)" in accepted["note"]
    assert (
        store.get_po(db, po_id)["file_path"]
        == queue_reads.get_batch(db, revised["id"])["file_path"]
    )


def test_a_revision_with_a_new_project_code_is_matched_to_its_own_site(admin_client, db):
    cape = sites.add_site(db, "CP09", "Cape Point", clock.now())
    kloof = sites.add_site(db, "KL01", "Kloof", clock.now())
    po_id = upload(admin_client, po_fields("R9"))["processed_record_id"]
    assert store.get_po(db, po_id)["site_id"] == cape
    upload(admin_client, po_fields("R9", items=REVISED_ITEMS, project_code="KL01"), name="r9.pdf")
    [item] = open_items(admin_client, "po.revision")
    assert decide(admin_client, item["id"], "replace").status_code == 200
    po = store.get_po(db, po_id)
    assert (po["project_code"], po["site_id"]) == ("KL01", kloof)


def test_a_revision_kept_as_it_was_changes_nothing(admin_client, db):
    po_id = upload(admin_client, po_fields("R2"))["processed_record_id"]
    upload(admin_client, po_fields("R2", items=REVISED_ITEMS))
    [item] = open_items(admin_client, "po.revision")
    assert "Kept as it was" in card_text(decide(admin_client, item["id"], "keep"))
    assert len(store.po_items(db, po_id)) == 2
    assert store.po_versions(db, po_id) == []
    notes = [h["note"] for h in store.po_history(db, po_id)]
    assert any(n.startswith("PO arrived again with different contents: kept the PO") for n in notes)


def test_two_people_deciding_one_item_one_is_told_it_is_closed(app, admin_client, staff):
    upload(admin_client, po_fields("R3"))
    upload(admin_client, po_fields("R3", items=REVISED_ITEMS))
    [item] = open_items(admin_client, "po.revision")
    with TestClient(app) as other:
        sign_in(other, staff["email"])
        assert decide(other, item["id"], "keep").status_code == 200
    late = decide(admin_client, item["id"], "replace")
    assert late.status_code == 409
    assert "This item was already resolved by staff (kept_existing)." in card_text(late)


def test_the_same_revision_twice_is_one_item_seen_twice(admin_client):
    upload(admin_client, po_fields("R4"))
    upload(admin_client, po_fields("R4", items=REVISED_ITEMS))
    upload(admin_client, po_fields("R4", items=REVISED_ITEMS, po_date="2026-08-20"))
    [item] = open_items(admin_client, "po.revision")
    assert item["seen_count"] == 2


# --- a dead batch entered by hand -----------------------------------------------------


def entry(po_number="HAND1", **extra) -> dict:
    form = {
        "po_number": po_number,
        "po_date": "19/08/2026",
        "supplier_name": "Acme Steel (Pty) Ltd",
        "project_code": "CP09",
        "currency": "ZAR",
        "item_code_1": "HB-M8",
        "description_1": "Hex bolt M8x40",
        "quantity_1": "100",
        "unit_1": "each",
        "unit_price_1": "0.25",
        "subtotal": "25.00",
        "tax": "3.75",
        "total": "28.75",
    }
    return form | extra


def test_a_dead_batch_entered_by_hand_becomes_a_po(admin_client, admin, db):
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    dead = upload(admin_client, data=b"%PDF-1.4 this is no PO at all", name="scan.pdf")
    assert dead["status"] == "dead"
    [item] = open_items(admin_client, "batch.dead")
    assert item["evidence"] == {"attempts": 1, "error": dead["last_error"], "filename": "scan.pdf"}

    page = soup(admin_client.get(f"/review/{item['id']}/enter"))
    assert page.select_one("iframe")["src"] == f"/review/{item['id']}/document"
    document = admin_client.get(f"/review/{item['id']}/document")
    assert document.content == b"%PDF-1.4 this is no PO at all"

    bad = admin_client.post(
        f"/review/{item['id']}/enter", data=entry("", quantity_1="lots"), follow_redirects=False
    )
    assert bad.status_code == 400
    problems = [li.get_text() for li in soup(bad).select(".error li")]
    assert problems == [
        "Type the PO number as the document shows it.",
        "Item 1: the quantity 'lots' is not a number.",
    ]
    assert soup(bad).select_one("input[name=quantity_1]")["value"] == "lots"  # kept for fixing
    assert queue_reads.get_batch(db, dead["id"])["status"] == "dead"

    done = admin_client.post(f"/review/{item['id']}/enter", data=entry(), follow_redirects=False)
    assert done.status_code == 303
    batch = queue_reads.get_batch(db, dead["id"])
    assert (batch["status"], batch["warnings"]) == ("processed", [])
    assert done.headers["location"] == f"/purchasing/{batch['processed_record_id']}"
    po = store.get_po(db, batch["processed_record_id"])
    assert (po["purchase_order_number"], po["total_cents"], po["po_date"]) == (
        "HAND1",
        2875,
        "2026-08-19",
    )
    assert [i["amount_cents"] for i in store.po_items(db, po["id"])] == [2500]  # computed
    [created] = store.po_history(db, po["id"])[:1]
    assert (created["actor"], created["note"]) == (
        admin["id"],
        f"entered by hand from batch {dead['id']}",
    )
    closed = review_items.get_item(db, item["id"])
    assert (closed["resolution"], closed["resolved_by"]) == ("entered_by_hand", admin["id"])
    events = [(e["event"], e["actor"]) for e in queue_reads.batch_events(db, dead["id"])]
    assert ("entering_by_hand", admin["id"]) in events and events[-1][0] == "processed"
    again = admin_client.post(f"/review/{item['id']}/enter", data=entry(), follow_redirects=False)
    assert again.status_code == 409


def test_a_po_with_many_items_is_entered_by_hand_with_more_rows(admin_client, db):
    upload(admin_client, data=b"%PDF-1.4 a long order", name="long.pdf")
    [item] = open_items(admin_client, "batch.dead")
    rows = {f"description_{n}": f"Item {n}" for n in range(1, 9)}
    grown = admin_client.post(
        f"/review/{item['id']}/enter", data=entry() | rows | {"more_rows": "1"}
    )
    assert grown.status_code == 200
    form = soup(grown)
    assert len(form.select(".entry-items tbody tr")) == 8 + 2 + 5  # filled, spare, more
    assert form.select_one("input[name=description_8]")["value"] == "Item 8"
    assert form.select_one("input[name=po_number]")["value"] == "HAND1"
    assert review_items.get_item(db, item["id"])["state"] == "open"  # nothing imported yet


def test_entering_by_hand_a_batch_whose_file_is_gone_is_refused_in_words(
    admin_client, db, settings
):
    dead = upload(admin_client, data=b"%PDF-1.4 this is no PO at all", name="scan.pdf")
    [item] = open_items(admin_client, "batch.dead")
    storage.resolve(settings, queue_reads.get_batch(db, dead["id"])["file_path"]).unlink()
    response = admin_client.post(
        f"/review/{item['id']}/enter", data=entry(), follow_redirects=False
    )
    assert response.status_code == 409
    assert "stored document of this batch is missing" in response.text
    batch = queue_reads.get_batch(db, dead["id"])
    assert (batch["status"], batch["attempts"]) == ("dead", 1)  # nothing was claimed


def test_retry_and_discard_from_the_queue(admin_client, db):
    dead = upload(admin_client, data=b"%PDF-1.4 unreadable", name="one.pdf")
    [item] = open_items(admin_client, "batch.dead")
    retried = decide(admin_client, item["id"], "retry")
    assert "Retried by admin" in card_text(retried)
    [again] = open_items(admin_client, "batch.dead")  # it ran at once and died again
    assert again["id"] != item["id"]
    discarded = decide(admin_client, again["id"], "discard")
    assert "Discarded by admin" in card_text(discarded)
    assert queue_reads.get_batch(db, dead["id"])["status"] == "discarded"
    assert open_items(admin_client, "batch.dead") == []


def test_staff_may_not_discard_but_may_retry_their_own(app, staff, admin, db):
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        upload(client, data=b"%PDF-1.4 unreadable")
        [item] = open_items(client, "batch.dead")
        card = soup(client.get("/review")).select_one(f"#item-{item['id']}")
        assert card.select_one("button[hx-post$='/discard']") is None
        assert "An administrator can discard it." in card.get_text()
        refused = decide(client, item["id"], "discard")
        assert refused.status_code == 403
        assert "Only an administrator" in card_text(refused)
        assert "Retried by staff" in card_text(decide(client, item["id"], "retry"))
    with TestClient(app) as other:
        admins = upload(sign_in(other, admin["email"]), data=b"%PDF-1.4 also unreadable")
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        [theirs] = [
            i for i in open_items(client, "batch.dead") if i["record"]["id"] == admins["id"]
        ]
        refused = decide(client, theirs["id"], "retry")
        assert refused.status_code == 403
        assert "Staff can retry or enter by hand only their own uploads" in card_text(refused)


# --- totals and low confidence ----------------------------------------------------------


def test_mark_verified_settles_a_totals_mismatch(admin_client, admin, db):
    batch = upload(admin_client, po_fields("T1", total="2000.00"))
    assert "totals_mismatch" in batch["warnings"]
    [item] = open_items(admin_client, "po.totals_mismatch")
    assert item["money_at_risk"] == "611.95"  # subtotal and tax make 1388.05, not 2000.00
    response = decide(admin_client, item["id"], "verify")
    assert "Verified by admin" in card_text(response)
    po = store.get_po(db, batch["processed_record_id"])
    assert (po["is_verified"], po["verified_by"]) == (1, admin["id"])
    assert "verified" in [h["action"] for h in store.po_history(db, po["id"])]


# --- suppliers through the identity map -------------------------------------------------


def test_an_unknown_supplier_is_created_once_a_person_confirms(admin_client, db):
    first = upload(admin_client, po_fields("SUP1"))
    assert store.get_po(db, first["processed_record_id"])["supplier_id"] is None
    [item] = open_items(admin_client, "supplier.proposed")
    assert item["evidence"]["proposal"] is None
    response = decide(admin_client, item["id"], "create", name="Acme Steel (Pty) Ltd")
    assert "New supplier created by admin" in card_text(response)
    [acme] = suppliers.list_suppliers(db)
    assert store.get_po(db, first["processed_record_id"])["supplier_id"] == acme["id"]
    second = upload(admin_client, po_fields("SUP2", supplier_name="ACME STEEL PTY LTD"))
    assert store.get_po(db, second["processed_record_id"])["supplier_id"] == acme["id"]
    assert open_items(admin_client, "supplier.proposed") == []


def test_a_supplier_names_pos_in_several_currencies_are_never_added(admin_client, db):
    for number, cents, currency in [
        ("FX1", 150_000_00, "USD"),
        ("FX2", 20_00, "EUR"),
        ("FX3", 1_867_692_90, "ZAR"),
        ("FX4", 50_000_00, "USD"),
    ]:
        po = {"id": add_po(db, number, total=cents), "number": number}
        db.conn.execute(
            "UPDATE purchase_orders SET currency = ? WHERE id = ?", [currency, po["id"]]
        )
        po |= {"total_cents": cents, "currency": currency}
        suppliers.match_supplier(db, "Lowveld Pipe & Valve", 0.85, clock.now(), po)
    [item] = open_items(admin_client, "supplier.proposed")
    assert (item["money_at_risk"], item["money_currency"]) == ("200000.00", "USD")
    card = soup(admin_client.get("/review")).select_one(f"#item-{item['id']}")
    assert " ".join(card.select_one(".at-risk").get_text().split()) == (
        "USD 200 000.00 · EUR 20.00 · ZAR 1 867 692.90 at risk"
    )


def test_a_close_supplier_name_is_proposed_and_confirmed(admin_client, db):
    acme = suppliers.create_supplier(db, "Acme Steel", None, clock.now())
    batch = upload(admin_client, po_fields("SUP3", supplier_name="Acme Steels (Pty) Ltd"))
    [item] = open_items(admin_client, "supplier.proposed")
    assert item["evidence"]["proposal"]["supplier_id"] == acme["id"]
    card = soup(admin_client.get("/review")).select_one(f"#item-{item['id']}")
    assert card.select_one("button[hx-post$='/confirm']").get_text() == "Yes, it is Acme Steel"
    assert "Confirmed by admin" in card_text(decide(admin_client, item["id"], "confirm"))
    assert store.get_po(db, batch["processed_record_id"])["supplier_id"] == acme["id"]
    active = links.active_link(db, links.SUPPLIER_NAMES, "acme steels")
    assert (active["how"], active["record_id"]) == ("name", acme["id"])


def test_a_link_conflict_is_settled_by_an_administrator(app, admin_client, staff, db):
    acme = suppliers.create_supplier(db, "Acme Steel", None, clock.now())
    other = suppliers.create_supplier(db, "Acme Steels Group", None, clock.now())
    upload(admin_client, po_fields("SUP4", supplier_name="Acme Steel"))  # exact: linked
    batch = upload(admin_client, po_fields("SUP5", supplier_name="Acme Steels"))
    [item] = open_items(admin_client, "supplier.proposed")
    chosen = decide(admin_client, item["id"], "choose", supplier_id=acme["id"])
    assert "collides with an existing one" in card_text(chosen)
    assert store.get_po(db, batch["processed_record_id"])["supplier_id"] == acme["id"]
    [conflict] = open_items(admin_client, "link.conflict")
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        assert decide(client, conflict["id"], "replace").status_code == 403
    assert "Replaced by admin" in card_text(decide(admin_client, conflict["id"], "replace"))
    assert links.active_link(db, links.SUPPLIER_NAMES, "acme steels")["record_id"] == acme["id"]
    assert links.active_link(db, links.SUPPLIER_NAMES, "acme steel") is None
    used = {row[0] for row in db.execute("SELECT supplier_id FROM purchase_orders").fetchall()}
    assert other["id"] not in used


# --- the page and the API ---------------------------------------------------------------


def test_the_api_lists_filters_and_refuses_bad_filters(admin_client):
    upload(admin_client, po_fields("A1", project_code="X1"))
    kinds = {item["kind"] for item in open_items(admin_client)}
    assert kinds == {"po.site_unmatched", "supplier.proposed"}
    assert admin_client.get("/api/review-items?state=closed").status_code == 400
    refused = admin_client.get("/api/review-items?kind=po.mystery")
    assert refused.status_code == 400 and "'po.mystery' is not a kind" in refused.json()["detail"]
    assert admin_client.get("/api/review-items?state=resolved").json() == {"items": []}


def test_the_review_page_needs_a_user_and_links_from_the_nav(anonymous, admin_client, admin):
    assert anonymous.get("/review", follow_redirects=False).status_code in (302, 303)
    assert anonymous.get("/api/review-items").status_code == 401
    page = soup(admin_client.get("/review"))
    assert page.select_one("nav a[href='/review']")["aria-current"] == "page"
    assert page.select_one(".empty").get_text() == "Nothing waits for a decision."


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/review/bad/enter", 400),
        ("/review/zzzzzzzzzzzzzzz/enter", 404),
        ("/review/zzzzzzzzzzzzzzz/document", 404),
        ("/review?kind=nope", 400),
    ],
)
def test_review_page_errors_are_pages(admin_client, path, code):
    response = admin_client.get(path)
    assert response.status_code == code
    assert soup(response).select_one(".error")


def test_deciding_an_unknown_item_is_404(admin_client):
    assert decide(admin_client, "zzzzzzzzzzzzzzz", "keep").status_code == 404


def test_dismissing_with_a_note_keeps_the_note_in_the_po_history(admin_client, db):
    batch = upload(admin_client, po_fields("D1", total="2000.00"))
    [item] = open_items(admin_client, "po.totals_mismatch")
    response = decide(admin_client, item["id"], "dismiss", note="the supplier confirmed 2000")
    assert "Dismissed by admin" in card_text(response)
    assert "dismissed (the supplier confirmed 2000)" in card_text(response)
    notes = [h["note"] for h in store.po_history(db, batch["processed_record_id"])]
    assert "Totals do not add up: dismissed (the supplier confirmed 2000)" in notes
    listed = soup(admin_client.get("/review?state=dismissed"))
    assert [a["id"] for a in listed.select("article.review-item")] == [f"item-{item['id']}"]
    assert open_items(admin_client, "po.totals_mismatch") == []


def test_a_po_whose_number_was_not_found_waits_for_a_person_to_type_it(admin_client, db):
    # a page in words the engine does not know, its number only beside a marker: imported
    # with what was read, the number left for a person, who must type it before verifying
    from tests.test_extract_unknown_words import FOOT, HEAD, TABLE, _pdf_bytes

    sites.add_site(db, "CP09", "Cape Point", clock.now())
    batch = upload(admin_client, data=_pdf_bytes((HEAD + TABLE + FOOT).splitlines()))
    assert batch["status"] == "processed"
    assert {"no_po_number", "low_confidence:po_number"} <= set(batch["warnings"])
    po_id = batch["processed_record_id"]
    po = store.get_po(db, po_id)
    assert (po["purchase_order_number"], po["po_date"], po["total_cents"]) == (
        None,
        "2026-03-12",
        66010,
    )
    [review] = open_items(admin_client, "low_confidence")
    assert "po_number" in review["evidence"]["fields"]
    waiting = soup(admin_client.get("/purchasing?verified=unnumbered"))
    assert [a["href"] for a in waiting.select("#po-results tbody a[href^='/purchasing/']")] == [
        f"/purchasing/{po_id}"
    ]

    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert page.select_one("h1").get_text() == "PO (no number yet)"
    assert "No PO number was read" in page.select_one("#po-warnings").get_text()
    shown = page.select_one("#field-purchase_order_number").get_text(" ")
    assert "No PO number was read: type it from the document" in shown
    pill = soup(admin_client.get(f"/batches/{batch['id']}/pill")).get_text(" ")
    assert "Imported as PO (no number yet)" in " ".join(pill.split())

    refused = admin_client.post(f"/purchasing/{po_id}/verify")
    assert refused.status_code == 409
    assert "no number yet: type it from the document" in soup(refused).select_one(".error").text
    assert store.get_po(db, po_id)["is_verified"] == 0

    typed = admin_client.post(
        f"/purchasing/{po_id}/fields/purchase_order_number",
        data={"value": "VX-4471", "opened_with": ""},
    )
    assert typed.status_code == 200, typed.text
    assert '<h1 id="po-title" hx-swap-oob="true">PO VX-4471</h1>' in typed.text  # it follows
    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert page.select_one("h1").get_text() == "PO VX-4471"
    assert "No PO number was read" not in page.select_one("#po-warnings").get_text()
    assert admin_client.post(f"/purchasing/{po_id}/verify").status_code == 200
    po = store.get_po(db, po_id)
    assert (po["purchase_order_number"], po["is_verified"]) == ("VX-4471", 1)


def test_a_po_without_a_number_that_is_another_pos_copy_is_removed(admin_client, app, db):
    original = upload(admin_client, po_fields())  # MEGCP09199
    copy = upload(admin_client, po_fields(po_number="", po_date="2026-08-20"))
    po_id = copy["processed_record_id"]
    assert po_id != original["processed_record_id"]
    again = upload(admin_client, po_fields(po_number="", po_date="2026-08-20"))  # the same file
    assert (again["processed_record_id"], again["warnings"][-1]) == (po_id, "already_imported")
    taken = admin_client.post(
        f"/purchasing/{po_id}/fields/purchase_order_number",
        data={"value": "MEGCP09199", "opened_with": ""},
    )
    assert taken.status_code == 400
    assert "If this one is a copy of it, remove this one." in soup(taken).select_one(".error").text
    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert page.select_one(f"#po-verify button[hx-post='/purchasing/{po_id}/remove']")

    make_user(db, "someone@example.com")
    with TestClient(app) as other:  # staff who did not upload it may not remove it
        sign_in(other, "someone@example.com")
        shown = soup(other.get(f"/purchasing/{po_id}"))
        assert shown.select_one(f"button[hx-post='/purchasing/{po_id}/remove']") is None
        refused = other.post(f"/purchasing/{po_id}/remove", headers=HTMX)
        assert refused.status_code == 403
        # said where the button was, the rest of the block kept
        assert soup(refused).select_one("#po-verify .error").text.startswith("Only whoever")
        assert soup(refused).select_one("#po-verify button.primary").text == "Mark verified"
    assert store.get_po(db, po_id) is not None

    removed = admin_client.post(f"/purchasing/{po_id}/remove", headers=HTMX)
    assert removed.status_code == 200 and removed.headers["hx-redirect"] == "/purchasing?removed=1"
    assert store.get_po(db, po_id) is None
    for batch_id in (copy["id"], again["id"]):  # its own batch, and the same file's again
        assert queue_reads.get_batch(db, batch_id)["status"] == "discarded"
        assert queue_reads.batch_events(db, batch_id)[-1]["detail"] == (
            "its PO, without a number, was removed"
        )
    closed = review_items.list_items(db, state="resolved", kind="low_confidence")
    assert [(i["record_id"], i["resolution"]) for i in closed] == [(po_id, "po_removed")]
    assert "another's copy, or no PO" in closed[0]["note"]
    # removed again (a second click, another person's page): the list, not an error
    twice = admin_client.post(f"/purchasing/{po_id}/remove", headers=HTMX)
    assert twice.headers["hx-redirect"] == "/purchasing?removed=1"
    listed = soup(admin_client.get("/purchasing?removed=1"))
    assert "without a number was removed" in listed.select_one("p.notice").text
    # a PO with its number is the office's record: it stays
    kept = admin_client.post(f"/purchasing/{original['processed_record_id']}/remove", headers=HTMX)
    assert kept.status_code == 409
    assert "still without its number" in soup(kept).select_one(".error").text
