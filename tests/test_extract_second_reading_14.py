"""A second reading of the session that removed `number_by_marker`: a page count beside a
title's number sign is no proven PO number. The page is made up here; the test says what a
correct reading gives."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_11 import BUYER, flagged, read

PAGE = f"""\
{BUYER}                 ORDEN DE COMPRA  N° {{number}}
Fecha: 05/03/2026     Proyecto: CP09
Código   Descripción          Cantidad   Precio    Total
TEJ-6    Teja No. 6                 50    40.00   2000.00
                                       Subtotal   2000.00
                                       IVA 15%     300.00
                                       Total      2300.00
"""


@pytest.mark.parametrize(("number", "doubted"), [("1/2", True), ("2/3", True), ("45/2026", False)])
def test_a_page_count_after_the_titles_number_sign_is_not_a_proven_po_number(number, doubted):
    # 'N° 1/2' was read as the PO number '1/2', proven by its label: the page's count
    payload = read(PAGE.format(number=number))
    assert flagged(payload, "po_number") is doubted
