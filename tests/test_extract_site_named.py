"""A project's code before its site's name after a dash, the name starting with a number
('Obra:  CEU-04 - 24 viviendas …'): the code is read alone. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import fields
from tests.test_extract_rotation_8 import BUYER, read
from tests.test_extract_second_reading_7 import TABLE


@pytest.mark.parametrize(
    "text, code",
    [
        ("CEU-04 - 24 viviendas de protección oficial Loma Colmenar", "CEU-04"),
        ("CP09 – 12 Riverside Drive, Mbombela", "CP09"),
        ("CP09 - Riverside Drive", "CP09"),  # as before: a name in words
        ("R21, 45 Kempton Road", None),  # a road's number, no code; a comma before a number
    ],
)
def test_a_code_before_its_sites_name(text, code):
    assert fields.code(text) == code


def test_a_site_named_with_a_number_after_its_code_on_an_order():
    page = f"""\
{BUYER}                                           ORDEN DE COMPRA
Pedido nº:  CEU/0441/26                           Fecha:  12/05/2026
Proveedor:  Velmor Trading (Pty) Ltd
Obra:  CP09 - 24 viviendas de protección oficial Loma Colmenar
{TABLE}"""
    assert read(page)["project_code"] == "CP09"
