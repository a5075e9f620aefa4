"""Items printed as cards of labelled values, not as a table: each card an item, its heading
left off its description, and the cards taken only when their arithmetic holds."""

from __future__ import annotations

from app.extract import engine

OFFICE = {"buyer_names": ("Meridian Construction (Pty) Ltd",), "today": "2026-12-01"}

HEAD = """\
Meridian Construction (Pty) Ltd
Purchase order

  Order number        Order date        Supplier
  PO0004113           17 Oct 2026       Umgeni Formwork Hire

Order lines (2)

"""
CARDS = """\
  Item 1                                        Quantity            12 bag
  Cement CEM II 42.5N 50kg                      Unit price        R 122.52
  Product code: CEM-42                          Line total      R 1,470.24


  Item 2                                        Quantity            2.5 m3
  River sand washed                             Unit price        R 109.30
  delivered in tipper loads                     Line total        R 273.25
  Product code: SND-RV

"""
FOOT = """\
                               Subtotal (excl. VAT)     R 1,743.49
                               VAT (15%)                  R 261.52
                               Total (ZAR)              R 2,005.01
"""


def read(text: str) -> dict:
    return engine.read_text(text, **OFFICE)


def _items(payload: dict) -> list[tuple]:
    keys = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
    return [tuple(item[key] for key in keys) for item in payload["items"]]


def test_items_printed_as_cards_are_read_one_item_a_card():
    payload = read(HEAD + CARDS + FOOT)
    assert _items(payload) == [
        ("CEM-42", "Cement CEM II 42.5N 50kg", "12", "bag", "122.52", "1470.24"),
        ("SND-RV", "River sand washed delivered in tipper loads", "2.5", "m3", "109.30", "273.25"),
    ]
    assert "items_as_cards" in {entry["rule"] for entry in payload["rules_applied"]}
    assert "totals_mismatch" not in payload["warnings"]


def test_cards_whose_arithmetic_breaks_are_no_items():
    payload = read(HEAD + CARDS.replace("R 1,470.24", "R 1,470.00") + FOOT)
    assert payload["items"] == []


def test_a_heading_the_ocr_misread_is_still_no_description_and_a_title_above_is_none():
    cards = CARDS.replace("Item 2  ", "ftem 2  ")
    payload = read(HEAD.replace("\nOrder lines (2)\n", "Order lines (2)") + cards + FOOT)
    assert [item["description"] for item in payload["items"]] == [
        "Cement CEM II 42.5N 50kg",
        "River sand washed delivered in tipper loads",
    ]
