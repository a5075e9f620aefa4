"""Checking a PO: edits parsed like the importer parses, history, totals, verification."""

from __future__ import annotations

import pytest

from app import clock, sites
from app.purchase_orders import edit, matching, store, totals
from tests.fixtures.records import add_po


@pytest.fixture
def po_id(db):
    # two items of 40.00 and 50.00 against a stated subtotal of 100.00: off by 10.00
    return add_po(db, "CHECK1", items=[4000, 5000], subtotal=10000, tax=1500, total=11500)


def history(db, po_id):
    return [
        (h["action"], h["field"], h["old_value"], h["new_value"], h["actor"])
        for h in store.po_history(db, po_id)
    ]


def items(db, po_id):
    return store.po_items(db, po_id)


def save_item(db, po_id, item, actor, **values):
    form = {
        "item_code": item["item_code"],
        "description": item["description"],
        "quantity": item["quantity"],
        "unit": item["unit"],
        "unit_price": edit.show("unit_price_cents", item["unit_price_cents"]) or "",
        "amount": edit.show("amount_cents", item["amount_cents"]) or "",
        **values,
    }
    return edit.edit_item(db, po_id, item["id"], form, edit.item_version(item), actor, clock.now())


def test_a_header_edit_is_saved_with_its_history(db, po_id, staff):
    change = edit.edit_header(
        db,
        po_id,
        "supplier_name",
        "  Acme   Steel  ",
        "Acme Steel (Pty) Ltd",
        staff["id"],
        clock.now(),
    )
    assert store.get_po(db, po_id)["supplier_name"] == "Acme Steel"
    assert change.changes == (("Supplier", "Acme Steel (Pty) Ltd", "Acme Steel"),)
    assert history(db, po_id)[-1] == (
        "edited",
        "Supplier",
        "Acme Steel (Pty) Ltd",
        "Acme Steel",
        staff["id"],
    )


@pytest.mark.parametrize(
    ("column", "typed", "stored"),
    [
        ("total_cents", "R 1 234.50", 123450),
        ("total_cents", "1,234.5", 123450),
        ("tax_cents", "", None),
        ("po_date", "19/08/2026", "2026-08-19"),
        ("currency", "usd", "USD"),
    ],
)
def test_header_values_are_parsed_like_the_importer_parses_them(
    db, po_id, staff, column, typed, stored
):
    opened = edit.show(column, store.get_po(db, po_id)[column])
    edit.edit_header(db, po_id, column, typed, opened, staff["id"], clock.now())
    assert store.get_po(db, po_id)[column] == stored


@pytest.mark.parametrize(
    ("column", "typed", "message"),
    [
        ("total_cents", "twelve", "The total “twelve” is not an amount of money."),
        ("po_date", "31/02/2026", "“31/02/2026” is not a date; write it as 2026-08-19."),
        ("purchase_order_number", "  ", "A purchase order needs a PO number."),
        ("currency", "RANDS", "The currency is a three-letter code such as ZAR."),
        ("site_id", "zzzzzzzzzzzzzzz", "Choose a site from the list."),
    ],
)
def test_a_bad_value_is_refused_in_words_and_nothing_changes(
    db, po_id, staff, column, typed, message
):
    before = store.get_po(db, po_id)
    with pytest.raises(edit.EditError) as caught:
        edit.edit_header(
            db, po_id, column, typed, edit.show(column, before[column]), staff["id"], clock.now()
        )
    assert str(caught.value) == message
    assert store.get_po(db, po_id) == before
    assert len(history(db, po_id)) == 0


def test_a_po_number_stays_unique(db, po_id, staff):
    add_po(db, "TAKEN")
    with pytest.raises(edit.EditError, match="Another purchase order already has the number TAKEN"):
        edit.edit_header(
            db, po_id, "purchase_order_number", "TAKEN", "CHECK1", staff["id"], clock.now()
        )


def test_a_stale_form_does_not_overwrite_a_newer_value(db, po_id, staff, admin):
    edit.edit_header(
        db, po_id, "supplier_name", "First", "Acme Steel (Pty) Ltd", admin["id"], clock.now()
    )
    with pytest.raises(edit.StaleEdit):
        edit.edit_header(
            db, po_id, "supplier_name", "Second", "Acme Steel (Pty) Ltd", staff["id"], clock.now()
        )
    assert store.get_po(db, po_id)["supplier_name"] == "First"


def test_a_new_project_code_matches_its_site(db, po_id, staff):
    site_id = sites.add_site(db, "KL-01", "Kloof", clock.now())
    edit.edit_header(db, po_id, "project_code", "kl01", "CP09", staff["id"], clock.now())
    assert store.get_po(db, po_id)["site_id"] == site_id
    assert [h[1:4] for h in history(db, po_id)] == [
        ("Project code", "CP09", "kl01"),
        ("Site", None, "KL-01"),
    ]


def test_fixing_an_item_makes_the_totals_agree(db, po_id, staff):
    first, second = items(db, po_id)
    assert not totals.check_po(store.get_po(db, po_id), [first, second]).agree
    change = save_item(db, po_id, first, staff["id"], quantity="2", unit_price="25", amount="")
    assert (change.totals_agreed_before, change.totals_agree_now, change.totals_fixed) == (
        False,
        True,
        True,
    )
    saved = items(db, po_id)[0]
    assert (saved["quantity"], saved["unit_price_cents"], saved["amount_cents"]) == (
        "2",
        2500,
        5000,
    )
    assert [h[1:4] for h in history(db, po_id)] == [
        ("item 1 quantity", "1", "2"),
        ("item 1 unit price", "40.00", "25.00"),
        ("item 1 amount", "40.00", "50.00"),
    ]


def test_an_item_with_bad_values_lists_every_problem(db, po_id, staff):
    first = items(db, po_id)[0]
    with pytest.raises(edit.EditError) as caught:
        save_item(db, po_id, first, staff["id"], quantity="lots", amount="R12,3,4")
    assert str(caught.value) == (
        "The quantity “lots” is not a number. The amount “R12,3,4” is not an amount of money."
    )


def test_an_item_changed_by_someone_else_is_not_overwritten(db, po_id, staff, admin):
    first = items(db, po_id)[0]
    save_item(db, po_id, first, admin["id"], description="Changed first")
    with pytest.raises(edit.StaleEdit, match="Someone changed item 1"):
        save_item(db, po_id, first, staff["id"], description="Changed second")
    assert items(db, po_id)[0]["description"] == "Changed first"


def test_adding_and_removing_items(db, po_id, staff):
    values = {"description": "Missed line", "quantity": "4", "unit_price": "2.50"}
    change = edit.add_item(db, po_id, values, staff["id"], clock.now())
    assert change.totals_fixed  # 40 + 50 + 10 = the stated 100
    added = items(db, po_id)[-1]
    assert (added["line_no"], added["amount_cents"]) == (3, 1000)
    edit.delete_item(db, po_id, added["id"], staff["id"], clock.now())
    assert [i["line_no"] for i in items(db, po_id)] == [1, 2]
    assert [h[1:4] for h in history(db, po_id)] == [
        ("item 3", None, "4 Missed line = 10.00"),
        ("item 3", "4 Missed line = 10.00", None),
    ]


def test_verify_records_who_and_when_once(db, po_id, staff):
    moment = clock.now()
    change = edit.verify_po(db, po_id, staff["id"], moment)
    assert change.newly_verified and change.changes == ()
    po = store.get_po(db, po_id)
    assert (po["is_verified"], po["verified_by"], po["verified_at"]) == (
        1,
        staff["id"],
        clock.iso(moment),
    )
    again = edit.verify_po(db, po_id, staff["id"], clock.now())
    assert not again.newly_verified
    assert [h[0] for h in history(db, po_id)] == ["verified"]


def test_an_edit_after_verification_clears_it(db, po_id, staff):
    edit.verify_po(db, po_id, staff["id"], clock.now())
    change = edit.edit_header(db, po_id, "tax_cents", "16.00", "15.00", staff["id"], clock.now())
    assert (change.verified_before, change.verified_now) == (True, False)
    assert store.get_po(db, po_id)["verified_by"] is None
    assert [h[0] for h in history(db, po_id)] == ["verified", "edited", "unverified"]


def test_a_new_alias_gives_old_pos_their_site(db, staff):
    site_id = sites.add_site(db, "CP09", "Cape Point", clock.now())
    waiting = add_po(db, "OLD", project_code="CP-9X")
    other = add_po(db, "OTHER", project_code="ZZ")
    assert matching.give_sites_to_waiting(db, staff["id"], clock.now()) == []
    sites.add_alias(db, site_id, "cp 9x", staff["id"], clock.now())
    assert matching.give_sites_to_waiting(db, staff["id"], clock.now()) == [waiting]
    assert store.get_po(db, waiting)["site_id"] == site_id
    assert store.get_po(db, other)["site_id"] is None
    assert history(db, waiting)[-1] == ("edited", "Site", None, "CP09", staff["id"])


def check_of(db, po_id):
    return totals.check_po(store.get_po(db, po_id), items(db, po_id))


def test_a_quantity_changed_by_hand_with_its_amount_left_is_a_disagreement(db, staff):
    po_id = add_po(db, "LINE1", items=[5000], subtotal=5000, tax=0, total=5000)
    assert check_of(db, po_id).agree
    save_item(db, po_id, items(db, po_id)[0], staff["id"], quantity="51")
    check = check_of(db, po_id)
    assert check.agree is False and check.discrepancy() == 250000
    assert check.problems() == ["Item 1: 51 × 50.00 is 2\u00a0550.00, but its amount is 50.00."]
    assert check.evidence()["lines_off"] == [1]


@pytest.mark.parametrize(
    ("discount", "agree"),
    [("5", True), ("10", False), (None, False)],
)
def test_a_line_holds_with_its_discount(db, discount, agree):
    po_id = add_po(db, f"DISC-{discount}", items=[4750], subtotal=4750, tax=0, total=4750)
    db.conn.execute(
        "UPDATE purchase_order_items SET quantity = '50', unit_price_cents = 100,"
        " discount_percent = ? WHERE purchase_order_id = ?",
        [discount, po_id],
    )
    assert check_of(db, po_id).agree is agree
