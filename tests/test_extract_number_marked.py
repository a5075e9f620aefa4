"""Our own order's number marked only by 'No.' (or its word in another language), each on a
page made up here: the first number the page marks above the items, on a page our company
heads; under titles in Albanian, Malagasy and Greek, its marker further left on the line under
the title. On a supplier's page a bare 'No.' numbers the supplier's own document: not ours."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read

_ITEMS = """\
 S/N    DESCRIPTION                        UNIT     QTY      RATE        AMOUNT
  1     Iron bar 12mm x 6m                 length    60     19.25       1155.00
  2     River sand                         load       1    206.40        206.40
                                                      TOTAL             1361.40
"""


def _ours(block: str) -> str:
    return f"""\
               {BUYER.upper()}
                   14 Ginnery Road, Germiston
{block}
{_ITEMS}"""


def test_the_first_marked_number_on_our_own_order_is_its_number():
    page = _ours(
        """\
                        LOCAL PURCHASE ORDER
                      ORIGINAL - SUPPLIER'S COPY
To: M/s    Chirimba Hardware & Building Supplies          No.    MCM/BT/1788
           Chipembere Highway, Chirimba                   Date:  04/05/2026
           P.O. Box 2114                                  Req. No.:  RQ 1429"""
    )
    payload = read(page)
    assert payload["po_number"] == "MCM/BT/1788" and flagged(payload, "po_number")


def test_a_marker_with_its_value_in_one_cell_under_a_title_in_two_scripts():
    page = _ours(
        """\
                         BON DE COMMANDE
                            ﺐﻠﻄﻟﺍ ﺪﻨﺳ
N° :   BC-AGA-0194                                         : ﻢﻗﺭ
Date :  31/10/2026"""
    )
    assert read(page)["po_number"] == "BC-AGA-0194"


@pytest.mark.parametrize(
    "title, marker, number",
    [
        ("POROSIA E BLERJES", "Nr.", "PB-2026-0858"),
        ("BAIKO FIVIDIANANA", "Laharana:", "BF-0178/26/ATB"),
        ("ΠΑΡΑΓΓΕΛΙΑ ΑΓΟΡΑΣ", "Αρ.", "ΠΑ-ΜΥΤ/481"),
    ],
)
def test_a_title_in_another_language_and_its_number_under_it(title, marker, number):
    page = f"""\
{BUYER.upper()}                                            {title}
14 Ginnery Road, Germiston                        {marker:<12}        {number}
Supplier:  Chirimba Hardware
{_ITEMS}"""
    assert read(page)["po_number"] == number


def test_a_bare_number_on_a_suppliers_page_is_not_our_orders():
    page = f"""\
CHIRIMBA HARDWARE (PTY) LTD
Chipembere Highway, Chirimba
                         TAX INVOICE
Customer:  {BUYER}                                      No.    INV-2026-0045
                                                        Date:  04/05/2026
{_ITEMS}"""
    assert read(page)["po_number"] != "INV-2026-0045"


def test_a_tables_number_column_and_a_short_number_are_no_orders_number():
    page = _ours(
        """\
                        LOCAL PURCHASE ORDER
To: M/s    Chirimba Hardware                              No.    17
           Chipembere Highway, Chirimba                   Date:  04/05/2026"""
    ).replace(" S/N ", " No. ")
    assert read(page)["po_number"] in (None, "")
