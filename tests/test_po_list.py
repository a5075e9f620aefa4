"""The PO list: search, filters, sorting, keyset pages, warnings and the CSV export."""

from __future__ import annotations

import csv
import io

import pytest

from app import clock, keyset, sites, spreadsheet
from app.purchase_orders import export, listing, store
from app.purchase_orders.listing import PoFilter
from tests.fixtures.records import add_po


def numbers(page) -> list[str]:
    return [row["purchase_order_number"] for row in page.rows]


def plan(db, sql: str) -> str:
    """How SQLite runs the query: the indexes it walks, a TEMP B-TREE when it sorts."""
    return " ".join(row[3] for row in db.conn.execute(f"EXPLAIN QUERY PLAN {sql}"))


def walk(db, flt, limit):
    """Every page from the first, following next links; and back again with prev links."""
    pages, after = [], None
    while True:
        page = listing.list_pos(db, flt, after=after, limit=limit)
        pages.append(numbers(page))
        if page.next_cursor is None:
            break
        after = page.next_cursor
    back, before = [pages[-1]], page.prev_cursor
    while before:
        page = listing.list_pos(db, flt, before=before, limit=limit)
        back.append(numbers(page))
        before = page.prev_cursor
    return pages, back[::-1]


@pytest.fixture
def site_id(db):
    return sites.add_site(db, "CP09", "Cape Point", clock.now())


def test_newest_first_in_keyset_pages_both_ways(db):
    for n in range(7):
        add_po(db, f"PO{n}", created_minutes=n)
    pages, back = walk(db, PoFilter(), limit=3)
    assert pages == [["PO6", "PO5", "PO4"], ["PO3", "PO2", "PO1"], ["PO0"]]
    assert back == [["PO6", "PO5", "PO4"], ["PO3", "PO2", "PO1"], ["PO0"]]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("number", ["A1", "B2", "C3", "D4", "E5"]),
        ("-number", ["E5", "D4", "C3", "B2", "A1"]),
        ("supplier", ["C3", "E5", "A1", "B2", "D4"]),  # ties by id, case ignored
        ("total", ["D4", "B2", "A1", "C3", "E5"]),  # no total first
        ("-total", ["E5", "C3", "A1", "B2", "D4"]),
        ("date", ["E5", "A1", "B2", "C3", "D4"]),  # no date first
    ],
)
def test_every_sort_pages_without_gaps_or_repeats(db, sort, expected):
    rows = [
        ("A1", "beta", "2026-01-01", 300),
        ("B2", "beta", "2026-02-01", 200),
        ("C3", "Alpha", "2026-03-01", 400),
        ("D4", "gamma", "2026-04-01", None),
        ("E5", "alpha", None, 500),
    ]
    ids = {}
    for number, supplier, date, total in rows:
        ids[number] = add_po(db, number, supplier=supplier, po_date=date, total=total)
    if sort == "supplier":  # equal names fall back to the id, whatever it is
        expected = sorted(["C3", "E5"], key=ids.get) + sorted(["A1", "B2"], key=ids.get) + ["D4"]
    pages, back = walk(db, PoFilter(sort=sort), limit=2)
    assert sum(pages, []) == expected
    assert back == pages


def test_search_matches_number_or_supplier_in_any_case(db):
    add_po(db, "MEGCP09199", supplier="Acme Steel")
    add_po(db, "X-100", supplier="Bolt and Nut 100% Ltd")
    add_po(db, "Y-200", supplier="Cement Co")
    assert numbers(listing.list_pos(db, PoFilter(q="megcp"))) == ["MEGCP09199"]
    assert numbers(listing.list_pos(db, PoFilter(q="acme"))) == ["MEGCP09199"]
    assert numbers(listing.list_pos(db, PoFilter(q="100%"))) == ["X-100"]
    assert numbers(listing.list_pos(db, PoFilter(q="_"))) == []  # a wildcard is just a character
    assert listing.count_pos(db, PoFilter(q="-")) == 2


def test_filters_by_site_verified_and_date(db, site_id, admin):
    add_po(db, "AT-SITE", site_id=site_id, po_date="2026-08-10", created_minutes=1)
    add_po(db, "NO-SITE", po_date="2026-08-20", verified_by=admin["id"], created_minutes=2)
    add_po(db, "UNDATED", po_date=None, created_minutes=3)
    query = {"site": "cp-09", "verified": "", "from": "", "to": ""}
    assert numbers(listing.list_pos(db, PoFilter.from_query(query))) == ["AT-SITE"]
    assert numbers(listing.list_pos(db, PoFilter(site="-"))) == ["UNDATED", "NO-SITE"]
    assert numbers(listing.list_pos(db, PoFilter(site="NOWHERE"))) == []
    assert numbers(listing.list_pos(db, PoFilter(verified="yes"))) == ["NO-SITE"]
    assert numbers(listing.list_pos(db, PoFilter(verified="no"))) == ["UNDATED", "AT-SITE"]
    dated = PoFilter.from_query({"from": "15/08/2026", "to": "2026-08-31"})
    assert numbers(listing.list_pos(db, dated)) == ["NO-SITE"]
    assert store.unverified_count(db) == 2


def test_filters_by_delivery_status_on_its_index(db):
    for minute, (number, status) in enumerate(
        [
            ("NONE", "not_delivered"),
            ("PART", "part_delivered"),
            ("ALL", "delivered"),
            ("PART-2", "part_delivered"),
        ]
    ):
        store.set_delivery_status(db, add_po(db, number, created_minutes=minute), status)
    part = PoFilter.from_query({"delivery": "part_delivered"})
    pages, back = walk(db, part, limit=1)
    assert pages == back == [["PART-2"], ["PART"]]
    assert listing.count_pos(db, part) == 2
    assert numbers(listing.list_pos(db, PoFilter(delivery="over_delivered"))) == []
    found = plan(
        db,
        "SELECT id FROM purchase_orders po"
        " WHERE po.delivery_status = 'delivered' ORDER BY po.created_at DESC, po.id DESC",
    )
    assert "purchase_orders_delivery_created" in found and "TEMP B-TREE" not in found
    bad = PoFilter.from_query({"delivery": "lost"})
    assert bad.delivery == "" and bad.problems == (
        "“lost” is not a delivery status; showing every one.",
    )


def test_a_bad_filter_is_dropped_with_a_sentence(db):
    flt = PoFilter.from_query({"verified": "maybe", "from": "soon", "sort": "colour"})
    assert (flt.verified, flt.date_from, flt.sort) == ("", "", listing.DEFAULT_SORT)
    assert flt.problems == (
        "“maybe” is not a verified state; showing all.",
        "The from date “soon” is not a date; it is ignored.",
        "The list cannot be sorted by “colour”; newest first instead.",
    )


def test_filter_links_keep_the_filter(db):
    flt = PoFilter(q="acme", verified="no", sort="-total")
    assert flt.link("/purchasing", after="abc") == (
        "/purchasing?q=acme&verified=no&sort=-total&after=abc"
    )
    assert PoFilter().link("/purchasing") == "/purchasing"
    assert flt.sort_link("total") == "/purchasing?q=acme&verified=no&sort=total"
    assert PoFilter().sort_link("created") == "/purchasing?sort=created"


def test_a_damaged_cursor_is_refused(db):
    with pytest.raises(keyset.CursorError):
        listing.list_pos(db, PoFilter(), after="not-a-cursor!")


def test_warnings_are_judged_on_the_po_as_it_is(db, site_id, admin):
    add_po(db, "FINE", site_id=site_id)
    add_po(db, "NO-SITE")
    add_po(db, "OFF", site_id=site_id, items=[5000, 4000])  # items 90.00, subtotal 100.00
    add_po(db, "BAD-SUM", site_id=site_id, total=99999)
    found = {
        row["purchase_order_number"]: row["warnings"]
        for row in listing.list_pos(db, PoFilter()).rows
    }
    assert found == {
        "FINE": [],
        "NO-SITE": ["site_unmatched"],
        "OFF": ["totals_mismatch"],
        "BAD-SUM": ["totals_mismatch"],
    }


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+27 11 000", "'+27 11 000"),
        ("-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("-12.50", "-12.50"),  # a plain number stays a number
        ("Acme = best", "Acme = best"),
        (None, ""),
        (1234, "1234"),
    ],
)
def test_csv_cells_never_run_as_formulas(value, cell):
    assert spreadsheet.safe_cell(value) == cell


def test_export_holds_every_match_in_order_across_chunks(db, site_id):
    add_po(db, "=1+1", supplier="@evil", created_minutes=1, site_id=site_id)
    add_po(db, "PO-2", supplier="Acme", created_minutes=2, total=None)
    add_po(db, "PO-3", supplier="Acme", created_minutes=3, subtotal=-500, tax=0, total=-500)
    add_po(db, "OTHER", supplier="Zeta", created_minutes=4)
    text = "".join(export.export_csv(db, PoFilter(q="e"), chunk=2))
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == export.CSV_COLUMNS
    assert [(r[0], r[2], r[4], r[9]) for r in table[1:]] == [
        ("OTHER", "Zeta", "", "115.00"),
        ("PO-3", "Acme", "", "-5.00"),
        ("PO-2", "Acme", "", ""),
        ("'=1+1", "'@evil", "CP09", "115.00"),
    ]


def test_pos_still_without_a_number_are_listed_by_number_too(db):
    for minute, number in enumerate(["B-2", None, "A-1", None, "C-3"]):
        add_po(db, number, created_minutes=minute)
    for sort, expected in (("number", [None, None, "A-1", "B-2", "C-3"]),
                           ("-number", ["C-3", "B-2", "A-1", None, None])):  # fmt: skip
        pages, back = walk(db, PoFilter.from_query({"sort": sort}), limit=2)
        assert [n for page in pages for n in page] == expected
        assert back == pages
    found = plan(
        db, "SELECT id FROM purchase_orders po ORDER BY ifnull(po.purchase_order_number, ''), po.id"
    )
    assert "purchase_orders_number_sort" in found and "TEMP B-TREE" not in found


def test_the_pos_still_without_a_number_have_a_filter_of_their_own(db):
    for minute, number in enumerate(["N-1", None, "N-2", None]):
        add_po(db, number, created_minutes=minute)
    waiting = PoFilter.from_query({"verified": "unnumbered"})
    assert waiting.problems == () and waiting.is_filtered
    assert numbers(listing.list_pos(db, waiting)) == [None, None]
    assert listing.count_pos(db, waiting) == 2
