"""The disguised-words measure: every printed word that is no value of the order is invented
anew, the same each time, and nothing the order carries changes."""

from __future__ import annotations

from app.extract.layout import text_lines
from tests.bench import bench_disguised

EXPECTED = {
    "supplier_name": "Grent Staalwerk BV",
    "po_number": "PO-4471",
    "currency": "EUR",
    "items": [{"item_code": "HB-M8", "description": "Hex bolt M8", "unit": "box"}],
}


def test_labels_are_invented_anew_and_values_kept():
    keep = bench_disguised.kept_words(EXPECTED)
    line = "Supplier:  Grent Staalwerk BV   Order No. PO-4471   Total EUR 1 250,00"
    (got,) = bench_disguised.disguised_lines(text_lines(line), keep, seed=1)
    text = " ".join(cell.text for cell in got.cells)
    for kept in ("Grent Staalwerk BV", "PO-4471", "EUR 1 250,00"):
        assert kept in text
    for gone in ("Supplier", "Order", "No.", "Total"):
        assert gone not in text
    assert text.count(":") == 1 and "." in text  # signs stay


def test_the_same_word_is_invented_the_same_with_its_capitals():
    invent = bench_disguised.invented
    assert invent("Total", 1) == invent("TOTAL", 1).capitalize()
    assert invent("TOTAL", 1).isupper() and len(invent("TOTAL", 1)) == 5
    assert invent("total", 1) != invent("total", 2)
    assert invent("total", 1) != "total"
