"""More shapes of our own order's number after its title (rule `number_after_our_title`, on
a page our company heads): a row of heads whose first is the number's, with another head
right of it; the date after the number behind a stroke, with the year's word after it; a
title in ordinary case set beside our letterhead; French's order named by what it orders;
Estonian's and Finnish's purchase orders. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_our_title import _by_rule
from tests.test_extract_rotation_8 import BUYER, after_title, flagged, read
from tests.test_extract_second_reading_7 import TABLE


def _page(head: str) -> str:
    return f"""\
{head}
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""


@pytest.mark.parametrize(
    "head, number",
    [
        # a row of heads under the title at the right, each value under its head
        (
            f"""\
{BUYER}                       ΠΑΡΑΓΓΕΛΙΑ
Οδός Πειραιώς 80, Αθήνα               Αριθμός      Ημερομηνία    Σελίδα
Τηλ. 210 555 0190                     ΠΡ-26-0457   03/11/2026    1 από 1""",
            "ΠΡ-26-0457",
        ),
        (
            f"""\
{BUYER}                       PURCHASE ORDER
14 Dock Road, Cape Town               Number       Issued        Page
Tel 021 555 0101                      70-55812     03/11/2026    1 of 1""",
            "70-55812",
        ),
        # the date after a stroke, the year's word after it
        (
            f"{BUYER}\n                 ПОРЪЧКА\n                 No 0000731 / 14.09.2026 г.",
            "0000731",
        ),
        (
            f"{BUYER}\n                 ЗАМОВЛЕННЯ\n                 No ЗП-2231 / 14.09.2026 р.",
            "ЗП-2231",
        ),
        # a title in ordinary case beside our letterhead, its number under it
        (
            f"""\
{BUYER}                          Purchase Order
Plot 112, Old Industrial, Francistown                        No.               884120
P O Box 30, Francistown                                      Date          13/07/2026""",
            "884120",
        ),
        # an order named by what it orders
        (f"{BUYER}\n\n   COMMANDE DE GRAVIER CONCASSÉ      N° GC/26/0118", "GC/26/0118"),
        (
            f"{BUYER}\n\n                 COMMANDE DE SABLE\n                 N° CS-26/0311",
            "CS-26/0311",
        ),
        # Estonian's and Finnish's purchase order
        (
            f"{BUYER}                 OSTUTELLIMUS\n                                  Nr 26-00711",
            "26-00711",
        ),
        (
            f"{BUYER}                 OSTOTILAUS\n                                  No 26-00712",
            "26-00712",
        ),
    ],
)
def test_our_orders_number_after_its_title_in_more_shapes(head, number):
    payload = read(_page(head))
    assert payload["po_number"] == number
    assert _by_rule(payload)
    assert flagged(payload, "po_number")


@pytest.mark.parametrize(
    "head",
    [
        # a head row's other value: the date under a head right of a marker with no number
        f"""\
{BUYER}                       PURCHASE ORDER
14 Dock Road, Cape Town               Number       Issued        Page
Tel 021 555 0101                                   03/11/2026    1 of 1""",
        # something else after the stroke: no date of the number's
        f"{BUYER}\n                 ПОРЪЧКА\n                 No 0000731 / склад 4",
        # a title in ordinary case further down, beside no letterhead
        f"""\
{BUYER}
14 Dock Road, Cape Town
Tel 021 555 0101
Purchasing                                       Purchase Order
                                                 No.    884120""",
        # an order's date, not what it orders
        f"{BUYER}\n\n   COMMANDE DU 12 MARS      N° GC/26/0118",
        # a customer's order, or a sale's: the supplier's own
        f"{BUYER}\n\n   COMMANDE DE CLIENT      N° CC/26/0118",
        f"{BUYER}\n\n   COMMANDE DE VENTE       N° CV/26/0118",
        f"{BUYER}\n\n   COMMANDE DE LA CLIENTE  N° CC/26/0118",
        f"{BUYER}\n\n   COMMANDE DE VENTES      N° CV/26/0118",
    ],
)
def test_no_number_where_the_shape_does_not_hold(head):
    assert after_title(_page(head)) is None
