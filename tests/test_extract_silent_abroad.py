"""Values read wrong with no warning on pages from abroad, each kind on a page made up here:
the office's own currency on a page whose tax is not at the office's rate, a document's
number starting with an 'R' taken for a rand amount, the supplier's code in our books in
brackets after its name, and a delivery address's label in Swedish and Finnish beside the
supplier's."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read


def _page(head: str, foot: str, supplier: str = "Supplier  Velmor Trading (Pty) Ltd") -> str:
    return f"""\
{BUYER}                                   PURCHASE ORDER
{head}
{supplier}
Site CP09
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
OSB-11     OSB3 board 11 mm               10   sheet   20.00        200.00
{foot}
"""


HEAD = "Order No.  MC-PO-4471                       Date  02/09/2026"


@pytest.mark.parametrize(
    "foot",
    [
        # 12 % of the net sum, the rate not printed
        """\
                                                 Subtotal          1,000.00
                                                 VAT                 120.00
                                                 Total             1,120.00""",
        # 16 % included in the prices, only the total and its tax printed
        """\
                                                 Total             1,000.00
                                                 VAT included        137.93""",
    ],
)
def test_the_offices_currency_beside_a_tax_at_another_rate_is_flagged(foot):
    found = read(_page(HEAD, foot))
    assert found["currency"] == "ZAR" and flagged(found, "currency")


@pytest.mark.parametrize(
    "foot",
    [
        """\
                                                 Subtotal          1,000.00
                                                 VAT                 150.00
                                                 Total             1,150.00""",
        """\
                                                 Total             1,150.00
                                                 VAT included        150.00""",
    ],
)
def test_the_offices_currency_beside_its_own_rate_stays_proven(foot):
    found = read(_page(HEAD, foot))
    assert found["currency"] == "ZAR" and not flagged(found, "currency")


def test_a_documents_number_of_an_r_and_digits_is_no_rand_amount():
    head = """\
TEL +267 241 5530
SO No:   R07-040163                        Date  02/09/2026
Cust PO: MC-PO-4471"""
    foot = """\
                                                 Subtotal          1,000.00
                                                 VAT 14%             140.00
                                                 Total             1,140.00"""
    found = read(_page(head, foot))
    assert found["currency"] == "BWP"


def test_the_suppliers_code_in_our_books_after_its_name_is_not_its_name():
    found = read(_page(HEAD, "", "Vendor  Copperbelt Industrial Supplies Ltd (V251461)"))
    assert found["supplier_name"] == "Copperbelt Industrial Supplies Ltd"
    branch = read(_page(HEAD, "", "Vendor  Copperbelt Industrial Supplies (MS12)"))
    assert branch["supplier_name"] == "Copperbelt Industrial Supplies (MS12)"


def test_a_delivery_addresss_label_beside_the_suppliers_is_not_the_supplier():
    supplier = """\
Toimittaja / Leverantör                       Toimitusosoite / Leveransadress
Österbottens Trävaru Ab                       Työmaa / Arbetsplats CP09
Industrivägen 4                               Vaskiluoto"""
    found = read(_page(HEAD, "", supplier))
    assert found["supplier_name"] != "Leveransadress"
    assert found["supplier_name"] == "Österbottens Trävaru Ab" or flagged(found, "supplier_name")


def test_a_currencys_code_as_the_last_part_of_an_items_code_names_no_currency():
    page = _page(HEAD, "", "Supplier  Velmor Trading (Pty) Ltd").replace(
        "OSB-11     OSB3 board 11 mm    ", "RF-25-RUB  Recess former rubber"
    )
    found = read(page)
    assert found["currency"] == "ZAR"


def test_a_series_letters_and_its_number_apart_are_one_number():
    for head, number in [
        ("Order No.  MCS 0436                         Date  02/09/2026", "MCS 0436"),
        ("Order No.  BYO 004981                       Date  02/09/2026", "BYO 004981"),
        ("Order No.  PO 12345                         Date  02/09/2026", "12345"),
    ]:
        assert read(_page(head, ""))["po_number"] == number


def test_a_one_word_name_in_japanese_chinese_or_korean_with_its_legal_form_is_a_name():
    from app.extract import fields

    for name in ("株式会社東北型枠資材", "广州市瑞丰机电设备有限公司", "(주)한성건재"):
        assert fields.name(name) == name
    assert fields.name("供应商") is None  # one word and no legal form: a label translated


def _site_page(block: str) -> str:
    return f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MC-PO-4471                       Date  02/09/2026
{block}
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
                                                 Subtotal            800.00
                                                 VAT 15%             120.00
                                                 Total               920.00
"""


def test_a_sites_code_under_a_delivery_label_alone_of_three_parts_or_in_another_script():
    cases = [
        ("Supplier  Velmor Trading (Pty) Ltd          Ship To\n"
         "                                            TH-RYG05", "TH-RYG05"),
        ("Supplier  Velmor Trading (Pty) Ltd          Deliver to\n"
         "                                            SC-MAH-06 - Anse Royale clinic", "SC-MAH-06"),
        ("Supplier  Velmor Trading (Pty) Ltd\nОбјект    BT-SPT1 спортска сала, Битола", "BT-SPT1"),
    ]  # fmt: skip
    for block, code in cases:
        assert read(_site_page(block))["project_code"] == code


def test_a_postcode_a_store_or_a_phone_under_a_delivery_label_is_no_sites_code():
    for block in [
        "Supplier  Velmor Trading (Pty) Ltd          Toimitusosoite\n"
        "                                            FIN-00100 Helsinki",
        "Supplier  Velmor Trading (Pty) Ltd          Ship To\n"
        "                                            WH-01",
        "Supplier  Velmor Trading (Pty) Ltd          Deliver to\n"
        "                                            TEL-021-555-0101",
    ]:
        found = read(_site_page(block))
        assert found["project_code"] is None or flagged(found, "project_code")
        assert found["project_code"] not in ("FIN-00100", "WH-01", "TEL-021-555-0101")
