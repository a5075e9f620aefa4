"""Labels that name our order's number, its date, the site and the tax in the words offices
abroad print them, which rotation 21's dev families showed were still not read: Spanish 'Su
O/C N°' and 'Su O.C.', Finnish 'Tilauksenne nro', Slovak 'Číslo objednávky odberateľa',
Polish 'Zamówienie klienta nr' and 'z dnia', 'Against P.O. No.', French 'N/Réf.', the site as
Danish 'Sag', Dutch 'Werfcode', German 'Kommission', Finnish 'Työmaa', Polish 'Budowa' and
English 'Job site', and the tax as 'I.V.A.'. And a foot that goes on under its total: a
charge and another total with it. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import fields, totals
from app.extract.layout import text_lines
from app.extract.model import Found
from tests.test_extract_rotation_8 import BUYER, flagged, read

# Two lines and a foot that add up, after each page's header.
LINES = """\
Code       Description                 Qty   Unit      Price       Amount
CEM-42     Cement 42.5N 50 kg           20   bag      100.00     2,000.00
SND-01     River sand                    5   m3       200.00     1,000.00

                                               Subtotal            3,000.00
                                               VAT 15%               450.00
                                               Total               3,450.00
"""


def _page(header: str, lines: str = LINES) -> str:
    return f"{header}\n\n{lines}"


@pytest.mark.parametrize(
    ("label", "number"),
    [
        ("Su O/C N°:", "OC-AQP-0846"),  # Peru's 'your purchase order', shortened
        ("Su O.C.:", "OC-MTY-3069"),  # Mexico's
        ("Tilauksenne nro", "RVN-0895/26"),  # Finnish: 'your order no.'
        ("Číslo objednávky odberateľa:", "ZA-0570/26"),  # Slovak: the customer's order no.
    ],
)
def test_our_orders_number_named_on_the_suppliers_document(label, number):
    payload = read(
        _page(
            f"""\
Velmor Trading (Pty) Ltd                          ORDER NOTE No. NP01-007476
12 Dock Road, Durban                              Date: 03/05/2026
{BUYER}                                           {label}  {number}
"""
        )
    )
    assert payload["po_number"] == number
    assert not flagged(payload, "po_number")


def test_against_our_po_on_the_suppliers_confirmation_is_ours():
    payload = read(
        _page(
            f"""\
Velmor Trading (Pty) Ltd                          ORDER CONFIRMATION
12 Dock Road, Durban                              No. SO-77841
{BUYER}
Against P.O. No.  :  MCB-DHK-PO-26-2730
"""
        )
    )
    assert payload["po_number"] == "MCB-DHK-PO-26-2730"


def test_our_orders_number_in_a_row_of_heads_over_its_values():
    payload = read(
        _page(
            """\
Velmor Trading (Pty) Ltd                          CONFIRMACIÓN DE PEDIDO
Monterrey, N.L.                                   Pedido: PV-MTY-162962
No. cliente   Cliente                              Su O.C.        Fecha O.C.
004178        Meridian Construction (Pty) Ltd      OC-MTY-3069    05/11/2026
"""
        )
    )
    assert (payload["po_number"], payload["po_date"]) == ("OC-MTY-3069", "2026-11-05")
    assert not flagged(payload, "po_number")


def test_a_polish_confirmation_names_the_customers_order_and_its_day():
    payload = read(
        _page(
            f"""\
Velmor Trading (Pty) Ltd
            POTWIERDZENIE PRZYJĘCIA ZAMÓWIENIA
Nr PZ/2275/02/26  Data: 27.02.2026 r.
ZAMAWIAJĄCY                                   MIEJSCE DOSTAWY
{BUYER}                                       Budowa DBN07
Zamówienie klienta nr   z dnia          Termin dostawy
MC/KAT/0485/26          26.02.2026 r.   13.03.2026 r.
"""
        )
    )
    # the customer's order, on the supplier's confirmation titled so: ours, found (as 'Customer
    # order' is), and the confirmation's own date not taken for its date unflagged
    assert payload["po_number"] == "MC/KAT/0485/26"
    assert payload["po_date"] == "2026-02-26" or flagged(payload, "po_date")
    assert payload["project_code"] == "DBN07"


@pytest.mark.parametrize(
    "label",
    [
        *("Werfcode", "Työmaa"),
        # Azerbaijani's, Dutch's building site, Faroese's, Turkish's, Uzbek's, Tetum's
        *("Layihə", "Bouwplaats", "Verkætlan", "Proje Kodu :", "Loyiha:", "Projetu:"),
    ],
)
def test_the_site_named_in_other_words(label):
    payload = read(
        _page(
            f"""\
{BUYER}                                           PURCHASE ORDER
PO Number   PO-26-0101                            Date  14/09/2026
Supplier    Velmor Trading (Pty) Ltd              {label}  DBN07
"""
        )
    )
    assert payload["project_code"] == "DBN07"
    assert not flagged(payload, "project_code")


def test_the_tax_named_with_dots():
    foot = """\
Code       Description                 Qty   Unit      Price       Amount
CEM-42     Cement 42.5N 50 kg           20   bag      100.00     2,000.00
SND-01     River sand                    5   m3       200.00     1,000.00

                                               Subtotal       $3,000.00
Importe con letra:                             I.V.A. 16%       $480.00
(TRES MIL CUATROCIENTOS OCHENTA PESOS 00/100 M.N.)
                                               Total          $3,480.00
"""
    payload = read(
        _page(
            f"""\
{BUYER}                                           PURCHASE ORDER
PO Number   PO-26-0102                            Date  14/09/2026
Supplier    Velmor Trading (Pty) Ltd
""",
            foot,
        )
    )
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "3000.00",
        "480.00",
        "3480.00",
    )
    assert not flagged(payload, "tax")


HEADER = f"""\
{BUYER}                                           PURCHASE ORDER
PO Number   PO-26-0103                            Date  14/09/2026
Supplier    Velmor Trading (Pty) Ltd
"""


def test_a_foot_that_goes_on_under_its_total_is_doubted():
    goes_on = (
        LINES
        + """\
                                               PERCEPCIÓN 2%          60.00
                                               TOTAL A COBRAR      3,510.00
"""
    )
    payload = read(_page(HEADER, goes_on))
    assert payload["total"] == "3450.00"
    assert flagged(payload, "total") and flagged(payload, "tax")
    assert "3,510.00" in payload["unproven"]["total"]


def test_a_retention_and_the_net_payable_under_the_total_are_doubted_too():
    goes_on = (
        LINES
        + """\
                                               Retention 5%          150.00
                                               Net payable         3,300.00
"""
    )
    payload = read(_page(HEADER, goes_on))
    assert flagged(payload, "total")


def test_a_vat_analysis_under_the_total_leaves_it_proven():
    # what the total includes, spelt out under it: no sum after it is another total
    goes_on = (
        LINES
        + """\
                                               VAT 15%               450.00
                                               Net                 3,000.00
"""
    )
    payload = read(_page(HEADER, goes_on))
    assert payload["total"] == "3450.00"
    assert not flagged(payload, "total")


def test_the_foot_going_on_is_a_check_on_the_lines_under_the_total():
    lines = text_lines(
        "Total            3,450.00\nRetention 5%       172.50\nNet payable      3,277.50\n"
    )
    total = Found("3450.00", 0.95, lines[0].text.strip(), 0)
    assert totals.foot_goes_on(lines, total, decimal_comma=False)
    # a deposit paid, taken off: the balance is what is left to pay of the order's total
    paid = text_lines(
        "Total            3,450.00\nDeposit paid       450.00\nBalance due      3,000.00\n"
    )
    assert totals.foot_goes_on(paid, total, decimal_comma=False) is None
    # nothing under it, or a number that is no sum of them
    assert totals.foot_goes_on(lines[:1], total, decimal_comma=False) is None
    other = text_lines(
        "Total            3,450.00\nDeposit paid       450.00\nBalance due      2,000.00\n"
    )
    assert totals.foot_goes_on(other, total, decimal_comma=False) is None


@pytest.mark.parametrize(
    ("label", "value", "number", "day"),
    [
        ("Din bestilling", "MBN-4416 av 26.09.2026", "MBN-4416", "2026-09-26"),  # Norwegian
        ("Dotyczy zamówienia nr", "GD/ZAK/712/26 z dnia 29.07.2026", "GD/ZAK/712/26", "2026-07-29"),
        ("Ваш заказ No", "MS-267-276 от 17.06.2026", "MS-267-276", "2026-06-17"),  # Russian
        # one label in two languages, and its 'of' in both
        ("Ihre Bestellung / Vostro ordine", "BZ-2683/748 vom / del 28.09.2026", "BZ-2683/748",
         "2026-09-28"),
    ],
)  # fmt: skip
def test_our_order_and_its_day_after_its_number(label, value, number, day):
    payload = read(
        _page(
            f"""\
Velmor Trading (Pty) Ltd                          ORDER CONFIRMATION
12 Dock Road, Durban                              No. 77841
                                                  Date  01/10/2026
{label}:  {value}
"""
        )
    )
    assert (payload["po_number"], payload["po_date"]) == (number, day)
    assert not flagged(payload, "po_number") and not flagged(payload, "po_date")


@pytest.mark.parametrize(
    ("label", "number"),
    [
        ("Tykkara bílegging", "MB-2961"),  # Faroese: your order
        ("Hejmara daxwaziya we:", "DHK-PO-26-1343"),  # Kurmanji: the number of your order
        ("Sizning buyurtmangiz:", "MCU-PO-26/0428"),  # Uzbek: your order
        ("Sizin sifariş No", "MCA-SIF-26/0384"),  # Azerbaijani: your order's number
    ],
)
def test_our_order_named_in_more_languages(label, number):
    payload = read(
        _page(
            f"""\
Velmor Trading (Pty) Ltd                          ORDER CONFIRMATION
12 Dock Road, Durban                              No. 77841
{label}  {number}
"""
        )
    )
    assert payload["po_number"] == number
    assert not flagged(payload, "po_number")


def test_your_sign_in_a_german_letter_is_our_reference_found_not_proven():
    payload = read(
        _page(
            """\
Velmor Trading (Pty) Ltd                          AUFTRAGSBESTÄTIGUNG
Ihr Zeichen       DD-2606-0390
Unser Zeichen     AB-77841
"""
        )
    )
    assert payload["po_number"] == "DD-2606-0390"
    assert flagged(payload, "po_number")  # a person's or a letter's reference, perhaps


def test_a_frisian_confirmation_is_the_suppliers_own():
    payload = read(
        _page(
            """\
Velmor Trading (Pty) Ltd
Us referinsje:   OB-26-0729
Jo referinsje:   MB-LW-2924
OPDRACHTBEFÊSTIGING
"""
        )
    )
    assert payload["po_number"] == "MB-LW-2924"  # ours, not the supplier's 'Us referinsje'


# (its Latin letters outnumber its Arabic ones, so its lines are read in the order written)
ARABIC = """\
Velmor Trading (Pty) Ltd
Industrial Area, Street 43, Gate 12 - PO Box 40517 Doha - Qatar
To: Meridian Construction (Pty) Ltd - Qatar Branch, Attention: Procurement Department
تأكيد طلبية
رقم التأكيد:  JW-26-450  تاريخ التأكيد:  2026/02/09م
رقم أمر الشراء:  QA-PO-26-4798
تاريخ أمر الشراء:  2026/02/08م
المشروع:  DBN07

Code       Description                 Qty   Unit      Price       Amount
CEM-42     Cement 42.5N 50 kg           20   bag      100.00     2,000.00
SND-01     River sand                    5   m3       200.00     1,000.00

                                               مجموع البنود         3,000.00
                                               VAT 15%                            450.00
                                               الصافي المستحق (ر.ق)   3,450.00
"""


def test_an_arabic_confirmation_names_our_order_its_date_the_project_and_the_foot():
    payload = read(ARABIC)
    assert payload["po_number"] == "QA-PO-26-4798"  # not the confirmation's own number
    assert payload["po_date"] == "2026-02-08"  # the date of our order, not the confirmation's
    assert payload["project_code"] == "DBN07"
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "3000.00",
        "450.00",
        "3450.00",
    )
    assert not {"low_confidence:subtotal", "low_confidence:tax", "low_confidence:total"} & set(
        payload["warnings"]
    )


def test_a_date_of_the_hijri_calendar_is_not_read_as_the_common_eras():
    check = fields.date_checker(day_first=True)
    assert check("2026/02/08م") == "2026-02-08"  # marked as the common era's
    assert check("1447/08/20هـ") is None


# A letter's block of references: labels in one column, their values far right in another.
LETTER = """\
Velmor Trading (Pty) Ltd · Dock Road 12 · Durban
                                        Auftragsbestätigung Nr.               AB 26400
Meridian Construction (Pty) Ltd
                                        Datum                                 11.04.2026
Niederlassung Kapstadt
                                        Kunden-Nr.                                 20417
z. Hd. Herrn N. Dlamini
                                        Ihre Bestellung                      BE-MUC-2961
Voortrekker Road 41
7530 Bellville                          vom                                   09.04.2026
"""


def test_a_letters_block_of_references_far_right_of_their_labels():
    payload = read(_page(LETTER))
    assert payload["po_number"] == "BE-MUC-2961"
    assert payload["po_date"] == "2026-04-09"  # 'vom' under our order's label, not 'Datum'
    assert not flagged(payload, "po_number") and not flagged(payload, "po_date")


def test_a_value_far_right_of_a_label_alone_is_not_its():
    # one label and a cell far right of it, no block of labels around: another block's
    lines = text_lines(
        "Velmor Trading (Pty) Ltd\n"
        "Ihre Bestellung                                              Kapstadt 7530\n"
        "Voortrekker Road 41\n"
    )
    assert fields._right(lines[1], lines[1].cells[0], lines, 1) is None


def test_the_sites_name_after_budowa_does_not_outrank_the_projects_number():
    payload = read(
        _page(
            """\
Meridian Construction (Pty) Ltd    Velmor Trading (Pty) Ltd    Budowa: Terminal kontenerowy
ZAMÓWIENIE nr PO-26-0104                                   Data: 14.09.2026
Nr projektu:  DBN07
"""
        )
    )
    assert payload["project_code"] == "DBN07"


# Guards: what a second reading of the change found it read silently wrong, put right.


def test_an_of_under_another_label_below_our_order_is_that_ones_date():
    page = """\
Velmor Trading (Pty) Ltd                          AUFTRAGSBESTÄTIGUNG
Dock Road 12, Durban                              Nr. AB-26400
Meridian Construction (Pty) Ltd                                           Datum 14.09.2026
Ihre Bestellung      BE-MUC-2961
Unser Angebot        AN-5512
vom                  02.03.2026
"""
    payload = read(_page(page))
    assert payload["po_number"] == "BE-MUC-2961"
    # the quotation's date, 'vom' under 'Unser Angebot', is not taken for our order's
    assert payload["po_date"] != "2026-03-02" or flagged(payload, "po_date")


@pytest.mark.parametrize(
    "label",
    [
        "Zamówienie klienta nr   INW/2026/077",  # our own client's order, on our own order
        "Against P.O. No.   BPO-26-001",  # a blanket order, on our own order under it
    ],
)
def test_a_customers_order_on_our_own_order_is_not_ours(label):
    page = f"""\
Meridian Construction (Pty) Ltd                                           PURCHASE ORDER
{label}
PO Number   PO-26-0101                            Date  14/09/2026
Supplier    Velmor Trading (Pty) Ltd
"""
    payload = read(_page(page))
    assert payload["po_number"] == "PO-26-0101"


@pytest.mark.parametrize(
    "under",
    [
        # a VAT analysis under the total: the sum without the tax
        ("VAT 15%               450.00", "Total excl. VAT     3,000.00"),
        # paid in full: a balance of nothing
        ("Total paid          3,450.00", "Total outstanding       0.00"),
    ],
)
def test_an_ordinary_foot_under_the_total_does_not_doubt_it(under):
    lines = LINES + "".join(f"{' ' * 47}{line}\n" for line in under)
    payload = read(_page(HEADER, lines))
    assert payload["total"] == "3450.00"
    assert not flagged(payload, "total") and not flagged(payload, "tax")


def test_arabic_vat_between_the_sums_is_the_tax_they_differ_by():
    arabic_vat = ARABIC.replace(
        "VAT 15%                            450.00", "ضريبة القيمة المضافة 15%          450.00"
    )
    assert arabic_vat != ARABIC
    payload = read(arabic_vat)
    assert payload["tax"] == "450.00"
    assert not flagged(payload, "tax")
