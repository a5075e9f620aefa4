"""Our order's number as rotation 24's families (dev since rotation 26) print it where the
engine read none or another: the word 'number' after our order's title in the languages whose
titles it knows ('broj:', 'Száma:', 'Številka:'), titles of those languages ('PORUDŽBENICA',
'NAROČILNICA', 'COMANDA FURNIZOR', 'SATINALMA SİPARİŞ FİŞİ'), our order as suppliers name it
('Seu pedido de compra', 'Agizo lako Na.', 'Votre bon de cde', 'Customer P/O'), and Irish's
order number. Each page is made up here, none is a family's."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE

SUPPLIER = "Velmor Trading (Pty) Ltd"


@pytest.mark.parametrize(
    "head, number",
    [
        (
            f"{BUYER}                  NARUDŽBENICA\n"
            "Ulica Hrvatskog sabora 8                         broj: 418/2026",
            "418/2026",
        ),
        (f"{BUYER}\nMEGRENDELÉS\nSzáma: BUD-771/2026", "BUD-771/2026"),
        (f"{BUYER}\nPORUDŽBENICA br. 52/26\nBeograd, 12.03.2026.", "52/26"),
    ],
)
def test_the_number_after_our_titles_word_for_number_on_our_page(head, number):
    payload = read(f"{head}\nDobavljač: {SUPPLIER}\n{TABLE}")
    assert payload["po_number"] == number
    assert flagged(payload, "po_number")


@pytest.mark.parametrize(
    "head, number",
    [
        ("NAROČILNICA        Številka:     NR-77-310\nNaročnik:  " + BUYER, "NR-77-310"),
        (
            "Unitatea: " + BUYER + "\nCOMANDA FURNIZOR\nNumar document    Data\n"
            "2417              01.10.2026",
            "2417",
        ),
        (
            "MERİDİAN İNŞAAT TÜRKİYE LTD. ŞTİ.      SATINALMA SİPARİŞ FİŞİ\n"
            "Cari Hesap Kodu   : 320.01.0143       Fiş No   : SAS.2026.000417",
            "SAS.2026.000417",
        ),
    ],
)
def test_the_number_on_a_page_titled_our_order_that_no_other_company_heads(head, number):
    payload = read(f"{head}\nSupplier: {SUPPLIER}\n{TABLE}")
    assert payload["po_number"] == number
    assert flagged(payload, "po_number")


@pytest.mark.parametrize(
    "label, number",
    [
        ("Seu pedido de compra:", "4500419921"),
        ("Agizo lako Na.:", "MCT/MZA/611/26"),
        ("Votre bon de cde", "QC-70412"),
        ("Customer P/O", "NZ-7912"),
    ],
)
def test_our_order_as_the_suppliers_document_names_it(label, number):
    page = f"""\
Distribuidora Campineira Ltda.                         CONFIRMATION
Rua das Palmeiras 120, Campinas                        Nº   0048811
Cliente:   {BUYER}
{label}      {number}
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == number
    assert not flagged(payload, "po_number")


def test_irish_names_our_orders_number():
    page = f"""\
ORDÚ CEANNAIGH
{BUYER}          Uimhir an ordaithe:    OC/26/0913
Chuig:  {SUPPLIER}
{TABLE}"""
    assert read(page)["po_number"] == "OC/26/0913"
