"""Our purchase order titled in more languages (Lithuanian's 'UŽSAKYMAS', Macedonian's
'НАРАЧКА', Azerbaijani's 'SATINALMA SİFARİŞİ', Latvian's 'Pasūtījums piegādātājam', Faroese's
'KEYPSBÍLEGGING', Romanian's 'COMANDA DE APROVIZIONARE'), our group's name run on to a second
line ('MERIDIAN CONSTRUCCIONES' over 'ECUADOR S.A.'), and a supplier's confirmation titled with
its own number run on ('CONFIRMARE DE COMANDA nr. 1978 din 22.09.2026') or its letters spaced
out ('V I S S Z A I G A Z O L Á S'): the number after our title, or under the customer's
order's label on theirs, is our order's. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import OFFICE, flagged

ITEMS = """\
Code       Description               Qty   Unit    Price        Amount
CEM-425    Portland cement 42.5N     20    bag      14.10        282.00
SND-RV     River sand                 6    m3       45.50        273.00
                                                  TOTAL           555.00
"""


@pytest.mark.parametrize(
    "title, number, value",
    [
        ("UŽSAKYMAS", "Nr. UZ26-0785", "UZ26-0785"),
        ("НАРАЧКА", "бр. 0330/26", "0330/26"),
        ("SATINALMA SİFARİŞİ No SF-0828/26", "", "SF-0828/26"),
        ("Pasūtījums piegādātājam", "Nr. PP-2026/0044", "PP-2026/0044"),
        ("KEYPSBÍLEGGING", "Nr. 26-00446", "26-00446"),
        ("COMANDA DE APROVIZIONARE", "Nr. 1515 din 05.03.2026", "1515"),
    ],
)
def test_the_number_after_our_title_in_more_languages(title, number, value):
    page = f"""\
{title}
{number}
Supplier:   Statybų prekyba UAB
Site:       DBN07
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == value


def test_a_title_word_of_no_order_is_still_not_one():
    page = f"""\
KOMERCINIS PASIŪLYMAS
Nr. KP-26-0785
Supplier:   Statybų prekyba UAB
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] != "KP-26-0785"


def test_our_groups_name_on_two_lines_heads_our_order():
    page = f"""\
MERIDIAN CONSTRUCCIONES          R.U.C.:   0992845671001
ECUADOR S.A.                     ORDEN DE COMPRA
Guayaquil                                         No.   001-002-000009809
Fecha de emisión:   15/02/2026
Proveedor:   Hormigones del Austro S.A.
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "001-002-000009809"


def test_another_companys_name_on_two_lines_heads_no_order_of_ours():
    page = f"""\
HORMIGONES DEL                   R.U.C.:   0190856714001
AUSTRO S.A.                      ORDEN DE COMPRA
Cuenca                                            No.   001-002-000009809
Fecha de emisión:   15/02/2026
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] != "001-002-000009809"


@pytest.mark.parametrize(
    "title, label",
    [
        (
            "CONFIRMARE DE COMANDA nr. 1978 din 22.09.2026",
            "Comanda client:   nr. {n} din 21.09.2026",
        ),
        (
            "POTWIERDZENIE ZAMÓWIENIA ZK 308/11/2026",
            "Zamówienie klienta nr:   {n} z dnia 2026-11-19",
        ),
        ("M E G R E N D E L É S   V I S S Z A I G A Z O L Á S", "Vevői rendelés száma:   {n}"),
    ],
)
def test_our_order_on_a_confirmation_titled_with_its_own_number_or_spaced(title, label):
    page = f"""\
BETON PRIM SRL
str. Uzinelor 19, MD-2023, Chisinau
{title}
Client:   MERIDIAN CONSTRUCT SRL
{label.format(n="MC419/26")}
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "MC419/26"


def test_a_currency_mark_no_code_names_in_the_totals_head_is_flagged_not_the_offices():
    page = """\
S.C. MERIDIAN CONSTRUCȚII S.R.L.
COMANDĂ FERMĂ
Nr. 2130 din 08.05.2026
Nr. crt.  Sortiment                     U.M.   Cant.    Preț/u.m.     Valoare
1         Cherestea molid tivită C24    mc     3,600    1.745,78      6.284,81
2         Transport cu camion           cursă  4          786,27      3.145,08
                                        Total comandă (lei):          9.429,89
"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["currency"] != "ZAR" or flagged(found, "currency")
    assert flagged(found, "currency")


def test_a_title_with_its_number_and_its_date_after_od():
    page = f"""\
Meridian Construction (Pty) Ltd
                        НАРУЏБЕНИЦА бр. 4410/2026 од 03.03.2026
Supplier:   Velmor Trading (Pty) Ltd
Site:       DBN07
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "4410/2026"


def test_an_invoice_citing_our_order_under_a_titles_words_is_no_order():
    page = f"""\
SIA Būvmateriāli
Rīga, Krasta iela 5
RĒĶINS Nr. BM-2026-77
Datums:   10.03.2026
Pasūtījums piegādātājam:   PP-2026/0044
Pircējs:   Meridian Construction (Pty) Ltd
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))  # (a page its title names not)
    assert "untitled" in found["warnings"]
    assert flagged(found, "po_date")


def test_our_order_with_its_number_run_on_citing_the_suppliers_confirmation():
    page = f"""\
Meridian Construction (Pty) Ltd
PURCHASE ORDER PO-4521
Order Confirmation No. OC-7781
Date:       05/03/2026
Supplier:   Velmor Trading (Pty) Ltd
Site:       CP09
{ITEMS}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "PO-4521"
    assert (found["po_date"], found["supplier_name"]) == ("2026-03-05", "Velmor Trading (Pty) Ltd")
    assert not flagged(found, "po_date")  # (our page, not the supplier's confirmation)
