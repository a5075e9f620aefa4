"""What a photo's OCR loses, and how the engine reads what is left.

- A rate after a foot's label that lost its '%' and brackets ('VAT included (15%)' read as
  'VAT included 15', web-shop-order's and spend-approval's photos, dev families): the amount
  is beside it, not the rate.
- A title's word where the number the OCR lost stood ('ORDER CONFIRMATION' over it): the
  word is no order number.
"""

from __future__ import annotations

import pytest

from app.extract import engine

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09",), "today": "2026-12-01"}

FOOT = f"""\
{BUYER}                                        PURCHASE ORDER
PO No. MC-26-0412                                              Date: 14/04/2026
Supplier: Highveld Hardware

Product                          Price incl. VAT     Qty       Total
Concrete block 140mm                    R 15.18       30    R 455.40
Welded mesh ref 193                    R 591.30       20 R 11,826.00

                                        Order total          R 12,281.40
                                        {{label}}          R 1,601.92
"""


@pytest.mark.parametrize("label", ["VAT included 15", "VAT 15  (included)", "VAT incl. (15)"])
def test_a_rate_that_lost_its_percent_sign_is_not_the_tax(label):
    payload = engine.read_text(FOOT.format(label=label), **OFFICE)
    assert payload["tax"] == "1601.92"
    assert payload["total"] == "12281.40"


def test_an_amount_in_the_labels_own_cell_stays_the_amount():
    payload = engine.read_text(FOOT.format(label="VAT included 15.00"), **OFFICE)
    assert payload["tax"] != "1601.92" or "low_confidence:tax" in payload["warnings"]


def test_a_titles_word_is_no_order_number():
    # 'ORDER CONFIRMATION' as a photo's OCR sets it, over a number the OCR lost
    page = (
        FOOT.format(label="VAT included 15")
        .replace("PURCHASE ORDER", "ORDER CONFIRMATION")
        .replace("PO No. MC-26-0412", "                 ")
    )
    payload = engine.read_text(page, **OFFICE)
    assert payload["po_number"] != "CONFIRMATION"
