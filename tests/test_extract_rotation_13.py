"""Kinds of print rotation 13's families showed once they became dev families: a value after
its own label on the line under an item, what it is to come with or where it goes ('EPD:
...', 'On site: ...'). Each page is made up here."""

from __future__ import annotations

from tests.test_extract_rotation_11 import read


def items(payload: dict) -> list[tuple]:
    keys = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
    return [tuple(item[key] for key in keys) for item in payload["items"]]


def test_a_labelled_value_under_an_item_is_no_part_of_its_description():
    # a wrapped description stays; the labelled lines under it are about the item, not its name
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-52218       Date  11/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Code      Description                          Qty  Unit     Unit Price      Amount
1   BLK-140   Hollow block 140 mm                  400  each          9.80     3,920.00
              load-bearing, 7 MPa
              EPD: S-P-02210, concrete blocks
2   CRN-25    Mobile crane 25 t                      6  hour        950.00     5,700.00
              On site: offload and place, gate 3
                                                    Total excl. VAT          9,620.00
                                                    VAT 15%                  1,443.00
                                                    Total incl. VAT         11,063.00
"""
    assert items(read(page)) == [
        ("BLK-140", "Hollow block 140 mm load-bearing, 7 MPa", "400", "each", "9.80", "3920.00"),
        ("CRN-25", "Mobile crane 25 t", "6", "hour", "950.00", "5700.00"),
    ]
