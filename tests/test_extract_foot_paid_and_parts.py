"""A deposit paid and the balance left to pay under the order's total, each on a page made up
here: the total is the order's, not the balance; a deposit that is charged (a gas cylinder's)
is part of the total; a balance with no deposit taken off above it stays as read. A tax in
two parts (India's CGST and SGST) with no subtotal printed is their sum."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read


def _page(foot: str) -> str:
    return f"""\
Velmor Trading (Pty) Ltd                              SALES ORDER
12 Quarry Road, Germiston                             SO No.  SO-88123
Your order no.  PO-55123                              Date  02/09/2026
Customer  {BUYER}
Code       Description                   Qty   Unit    Price        Amount
GAS-48     LP gas 48 kg cylinder           2   cyl    800.00       1600.00
{foot}"""


@pytest.mark.parametrize(
    "deposit, balance",
    [
        ("Less deposit paid (30%)        -552.00", "Balance due                    1288.00"),
        ("Anzahlung                      -552.00", "Restbetrag                     1288.00"),
        ("Acompte versé                   552.00", "Reste à payer                  1288.00"),
    ],
)
def test_the_balance_after_a_deposit_paid_is_not_the_orders_total(deposit, balance):
    payload = read(
        _page(
            f"""\
                                 Subtotal                       1600.00
                                 VAT 15%                         240.00
                                 Total                          1840.00
                                 {deposit}
                                 {balance}
"""
        )
    )
    assert payload["total"] == "1840.00" and not flagged(payload, "total")


def test_a_deposit_charged_is_part_of_the_total():
    payload = read(
        _page(
            """\
                                 Subtotal                       1600.00
                                 VAT 15%                         240.00
                                 Cylinder deposit                300.00
                                 Amount due                     2140.00
"""
        )
    )
    assert payload["total"] == "2140.00"


def test_a_deposit_in_the_terms_above_the_items_leaves_the_foot_alone():
    page = _page(
        """\
                                 Subtotal                       1600.00
                                 VAT 15%                         240.00
                                 Balance due                    1840.00
"""
    ).replace("Customer  ", "Terms: deposit paid on order 500.00\nCustomer  ")
    assert read(page)["total"] == "1840.00"


def _split(taxes: str) -> str:
    return _page(
        f"""\
{taxes}
                                 Total                          1888.00
"""
    )


def test_a_tax_in_two_parts_and_no_subtotal_is_their_sum():
    payload = read(
        _split(
            "                                 CGST @ 9%                       144.00\n"
            "                                 SGST @ 9%                       144.00"
        )
    )
    assert payload["tax"] == "288.00" and not flagged(payload, "tax")


def test_a_taxs_total_under_its_rate_is_not_added_to_it():
    payload = read(
        _split(
            "                                 VAT 18%                         288.00\n"
            "                                 Total VAT                       288.00"
        )
    )
    assert payload["tax"] == "288.00"


def test_items_with_their_taxs_code_are_no_parts_of_the_tax():
    page = f"""\
Velmor Trading (Pty) Ltd                              PURCHASE ORDER
PO NUMBER  PO-1055                                    DATE  20/05/2026
Customer  {BUYER}
Item          Description                 Qty     Price   Tax          Amount
KBS-FUEL      Heater fuel additive 1 L      6     24.65   GST 5%       147.90
YFI-TARP      Heavy-duty tarp 20 x 30 ft   20    125.83   GST 5%      2516.60
                                                  Includes GST 5%      126.88
                                                  TOTAL               2664.50
"""
    assert read(page)["tax"] == "126.88"
