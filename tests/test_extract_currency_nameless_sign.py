"""A page whose amounts are printed after a currency's sign that no currency is known here by
('¢ 1,234.50': the cedi's or the colón's; '฿', '¥' alone), naming no country, is not read
as priced in the office's own money unflagged: its currency is the office's, flagged for a
person to say which. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract.engine import read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE

PAGE = f"""\
{BUYER}                                          PURCHASE ORDER
PO No.  PO-52218        Date  11/06/2026
Supplier  Asante Trading Enterprise
Description                  Qty      Unit Price          Amount
Roofing sheets bundle          2     {{sign}} 1,234.50     {{sign}} 2,469.00
                                     Subtotal            {{sign}} 2,469.00
                                     VAT 15%               {{sign}} 370.35
                                     Total               {{sign}} 2,839.35
"""


@pytest.mark.parametrize("sign", ["¢", "฿", "¥"])
def test_a_sign_of_no_currency_known_here_flags_the_currency(sign):
    found = read_page_text(PAGE.format(sign=sign), **OFFICE)
    assert "low_confidence:currency" in found["warnings"]


def test_amounts_with_no_sign_are_the_offices_own_unflagged():
    found = read_page_text(PAGE.format(sign=" "), **OFFICE)
    assert found["currency"] == "ZAR"
    assert "low_confidence:currency" not in found["warnings"]
