"""The currency a page does not prove stays flagged: a currency's word that stands beside no
amount (a name's 'EURO' over amounts in lei), and the office's own currency on a page that
names a tax only other countries charge (a sales tax, Canada's HST, Brazil's ICMS and its
company number, India's GSTIN) and prints no currency. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read


def _page(head: str, foot: str) -> str:
    return f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MC-PO-4471                       Date  02/09/2026
Supplier  {head}
Site CP09
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
OSB-11     OSB3 board 11 mm               10   sheet   20.00        200.00
{foot}
"""


def test_a_currencys_word_in_a_name_beside_no_amount_is_not_taken_as_proven():
    page = (
        _page(
            "EURO INSTAL GRUP SA",
            """\
                                     Total fara TVA:          1.000,00 lei
                                     TVA 21%:                   210,00 lei
                                     Total comanda:           1.210,00 lei""",
        )
        .replace("40.00        800.00", "40,00        800,00")
        .replace("20.00        200.00", "20,00        200,00")
    )
    found = read(page)
    assert found["currency"] != "EUR" or flagged(found, "currency")


@pytest.mark.parametrize(
    "tax, more",
    [
        ("SALES TAX 7.5%", ""),
        ("Sales & Use Tax", ""),
        ("HST 13%", ""),
        ("ICMS 12%", "CNPJ 82.741.653/0001-96"),
        ("IGST 18%", "GSTIN 27AACSA1789N1Z3"),
        ("CGST 9%", ""),
    ],
)
def test_the_offices_currency_on_a_page_with_another_countrys_tax_is_flagged(tax, more):
    foot = f"""\
                                                 Subtotal          1,000.00
                                                 {tax:<17}   75.00
                                                 Total             1,075.00
{more}"""
    found = read(_page("Velmor Trading (Pty) Ltd", foot))
    assert flagged(found, "currency")


def test_the_offices_own_vat_and_no_currency_leaves_its_currency_proven():
    foot = """\
                                                 Subtotal          1,000.00
                                                 VAT 15%             150.00
                                                 Total             1,150.00"""
    found = read(_page("Velmor Trading (Pty) Ltd", foot))
    assert found["currency"] == "ZAR"
    assert not flagged(found, "currency")


def test_a_currencys_sign_beside_the_amounts_stays_proven_beside_a_name_with_its_word():
    foot = """\
                                                 Subtotal        € 1.000,00
                                                 MwSt 19%          € 190,00
                                                 Total           € 1.190,00"""
    page = _page("EURO Baustoffe GmbH", foot).replace("40.00        800.00", "40,00      € 800,00")
    page = page.replace("20.00        200.00", "20,00      € 200,00")
    found = read(page)
    assert found["currency"] == "EUR"
    assert not flagged(found, "currency")


@pytest.mark.parametrize(
    "tax, more",
    [
        # 'Sales tax' for VAT, as some accounting programs print it, beside the VAT number
        ("Sales tax 15%", "VAT Reg No. 4123456789"),
        # high-strength tensile bolts, not Canada's tax
        ("VAT 15%", "Note: HST: M12 bolts galvanised, HST nozzle"),
    ],
)
def test_the_offices_own_page_with_such_words_keeps_its_currency_proven(tax, more):
    foot = f"""\
                                                 Subtotal          1,000.00
                                                 {tax:<17}  150.00
                                                 Total             1,150.00
{more}"""
    found = read(_page("Velmor Trading (Pty) Ltd", foot))
    assert found["currency"] == "ZAR"
    assert not flagged(found, "currency")


def test_a_currencys_code_in_small_letters_after_the_amounts_stays_proven():
    foot = """\
                                                 Subtotal        1.000,00 Eur
                                                 MwSt 19%          190,00 Eur
                                                 Total           1.190,00 Eur"""
    found = read(_page("Baustoffe Nord GmbH", foot))
    assert found["currency"] == "EUR"
    assert not flagged(found, "currency")
