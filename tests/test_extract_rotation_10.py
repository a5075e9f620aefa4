"""Kinds of print rotation 10's families showed, as dev families: a label and its value where
a name was looked for ('Code: V1490'), a label with a remark in brackets ('SHIP FROM
(manufacturers)'), currencies by their ISO codes beyond the common ones and the CFA franc,
a supplier's contract number above our project's code, and a supplier's own document in two
languages naming our order ('U bestelling nr. / Your order No.'). Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import engine
from tests.test_extract_second_reading_7 import TABLE
from tests.test_layout_memory_rotation_9 import ITEMS, read_learned

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {
    "buyer_names": (BUYER,),
    "site_codes": ("CP09", "DBN07", "PE-220"),
    "supplier_names": ("Velmor Trading (Pty) Ltd",),
    "today": "2026-12-01",
}


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


def flagged(payload: dict, name: str) -> bool:
    return f"low_confidence:{name}" in payload["warnings"]


def test_a_label_and_its_value_beside_the_supplier_label_is_not_the_supplier():
    # 'Supplier  Code: V1490' over the name: the code was the supplier, proven by its label
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Supplier                 Code: V1490         PO No.    PO-MCT-26-7430
Karsten Steel Traders CC                     PO Date   18/07/2026
14 Marconi Road                              Site      CP09
{TABLE}"""
    payload = read(page)
    assert payload["supplier_name"] == "Karsten Steel Traders CC"


def test_a_heading_with_a_remark_in_brackets_is_a_label_not_the_supplier():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026

VENDOR (invoices us)          SHIP FROM (makers)          SHIP TO (site)
Karsten Steel Traders CC      Zolani Pipe Works CC        Site CP09
14 Marconi Road               9 Neil Road                 44 Lynnwood Road
{TABLE}"""
    payload = read(page)
    assert payload["supplier_name"] == "Karsten Steel Traders CC"


@pytest.mark.parametrize("code", ["OMR", "XAF", "KWD", "JOD"])
def test_a_currency_under_its_label_by_an_iso_code_beyond_the_common_ones(code):
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Currency    {code}
Site        CP09
{TABLE}"""
    payload = read(page)
    assert payload["currency"] == code
    assert "low_confidence:currency" not in payload["warnings"]


def test_a_code_that_is_also_a_word_names_a_currency_only_beside_an_amount_or_alone():
    words = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
ALL PRICES FIRM, PEN AND INK SIGNATURES ONLY, MASS IN KGS
{TABLE}"""
    assert read(words)["currency"] == "ZAR"
    by_amounts = words.replace("Total         20 010.00", "Total     PEN 20 010.00")
    assert read(by_amounts)["currency"] == "PEN"
    labelled = words.replace("Site        CP09", "Site        CP09\nCurrency    PEN")
    assert read(labelled)["currency"] == "PEN"


@pytest.mark.parametrize(
    ("phone", "code"), [("+237 233 42 18 55", "XAF"), ("+221 33 820 11 40", "XOF")]
)
def test_the_cfa_franc_is_told_by_the_pages_phones_and_flagged(phone, code):
    page = f"""\
{BUYER}                                                   BON DE COMMANDE
N° Commande   BC-05780                Date   21/02/2026
Fournisseur   Quincaillerie du Port SARL, Tél. {phone}
Chantier      CP09
{TABLE}
Net à payer (FCFA)"""
    payload = read(page)
    assert payload["currency"] == code
    assert "low_confidence:currency" in payload["warnings"]
    unknown = read(page.replace(f", Tél. {phone}", ""))
    assert unknown["currency"] in (None, code) and "low_confidence:currency" in unknown["warnings"]


def test_a_known_sites_code_wins_over_a_contract_number_found_first():
    # the fabricator's 'Contract K2635' above 'Project PE-220': K2635 is shaped like the known
    # codes, and was taken, proven by that pattern
    page = f"""\
Karsten Steel Fabricators (Pty) Ltd                      WORKS ORDER
Works Order   WO-2620-741                 Date   17 Mar 2026
Contract      K2635
Order No.     MC-PO-96326

Client                                    Project / delivery
{BUYER}           Project PE-220
{TABLE}"""
    payload = read(page)
    assert payload["project_code"] == "PE-220"


def test_a_supplier_document_in_two_languages_gives_our_orders_number_and_date():
    # 'Bestelling nr. / Order No.' (the yard's own) above 'U bestelling nr. / Your order No.':
    # the yard's own number and date were taken, proven
    page = f"""\
Karsten Clay Brick (Pty) Ltd                          VERKOOPSBESTELLING / SALES ORDER
Klipfontein 227                 Bestelling nr. / Order No.          BS26-59794
Malmesbury 7300                 Datum / Date                        2026-04-05
                                U bestelling nr. / Your order No.   M26/8545
                                U datum / Your date                 2026-04-03

KLANT / CUSTOMER                AFLEWER AAN / DELIVER TO
{BUYER}                         Terrein / Site CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == "M26/8545"
    assert payload["po_date"] == "2026-04-03"


def test_a_supplier_document_naming_our_order_only_in_its_second_language_is_its_own():
    # no number under 'Your order': the yard's own number is found, and flagged
    page = f"""\
Karsten Clay Brick (Pty) Ltd                          VERKOOPSBESTELLING / SALES ORDER
Klipfontein 227                 Bestelling nr. / Order No.          BS26-59794
Malmesbury 7300                 Datum / Date                        2026-04-05
                                U bestelling nr. / Your order No.
{BUYER}                         Terrein / Site CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] is None or "low_confidence:po_number" in payload["warnings"]
    assert payload["po_date"] is None or "low_confidence:po_date" in payload["warnings"]


def test_a_folio_a_date_with_its_month_in_words_between_slashes_and_a_code_before_a_name():
    page = f"""\
{BUYER}                                                   ORDEN DE COMPRA
RFC: MCM190315JT4                               Folio:   OC-003081
                                                Fecha:   01/ago/2026
PROVEEDOR                                       LUGAR DE ENTREGA
Concretos del Bajío, S.A. de C.V.               Obra: CP09 Clínica Los Gavilanes
No. proveedor: V1481
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == "OC-003081"
    assert payload["po_date"] == "2026-08-01"
    assert payload["project_code"] == "CP09"


def test_a_code_before_small_words_is_still_no_code_and_its_place():
    # 'Site DBN07 stores' is a place: not 'DBN07'
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site DBN07 stores
{TABLE}"""
    assert read(page)["project_code"] in (None, "DBN07 stores") or (
        "low_confidence:project_code" in read(page)["warnings"]
    )


PRICED = """
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00
"""


@pytest.mark.parametrize(
    "label", ["Total order value EUR", "Total FOB value USD", "Total CIF value"]
)
def test_a_total_at_an_incoterm_or_the_orders_value_is_the_total(label):
    # only a total printed: it is read, and nothing is worked out for the subtotal and the
    # tax (a rule that made them the total and none went: right on no held-out family)
    page = f"""\
{BUYER}                                                   IMPORT PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{PRICED}
                                          {label}     17 400.00
No VAT on this order: import VAT and duty are paid at customs.
"""
    payload = read(page)
    assert payload["total"] == "17400.00"
    assert payload["subtotal"] is None and payload["tax"] is None


def test_a_total_the_items_do_not_add_up_to_gets_no_worked_out_subtotal():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{PRICED}
                                          Total order value     20 010.00
"""
    payload = read(page)
    assert payload["subtotal"] is None and payload["tax"] is None


def test_a_tax_amount_a_line_under_its_label_beside_a_note_is_the_tax():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{PRICED}
Amounts in rand, shared by the partners 60 / 40.     Order value excl. VAT     17 400.00
The special conditions on page 2 form part of this.  VAT @ 15%
Pay items are the client's bill of quantities items.                            2 610.00

                                                     Order value incl. VAT     20 010.00
"""
    payload = read(page)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "17400.00",
        "2610.00",
        "20010.00",
    )
    assert "low_confidence:tax" not in payload["warnings"]


def test_a_glaziers_job_number_gives_way_to_the_site_and_cust_order_no_is_ours():
    page = f"""\
Karsten Glass & Glazing (Pty) Ltd                        ORDER CONFIRMATION
18 Sacks Circle, Bellville South                         Job No. G26-67163
Customer:          {BUYER}        Job Date:   07/06/2026
Account:           MERID02        Site:       CP09 - Lynnwood offices, Pretoria
Cust. Order No.:   PO48201        Required:   12/06/2026
Order Date:        05/06/2026
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == "PO48201"
    assert payload["project_code"] == "CP09"


def test_a_heading_over_a_tables_row_is_no_foot_label_with_its_amount_under_it():
    # 'Net amount' heads the items' column: the first line's amount is no subtotal
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
Code       Description                         Qty  Unit      Rate        Net amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00       17 400.00
CON-30     Concrete 30 MPa 19 mm stone          10  m3     1 500.00       15 000.00

                                                     Goods (net)          32 400.00
                                                     VAT 15%               4 860.00
                                                     Total                37 260.00
"""
    payload = read(page)
    assert payload["subtotal"] == "32400.00"


def test_a_date_in_latvian_words_with_its_year_first():
    page = f"""\
SIA Meridian Construction Baltic
                         PASŪTĪJUMS Nr. MCB-26/0328
                         Rīgā, 2026. gada 5. jūnijā
Piegādātājs:   SIA Karsten Būvmateriāli
Objekts:       CP09
{TABLE}"""
    assert read(page)["po_date"] == "2026-06-05"


def test_a_number_the_words_quote_as_po_and_the_page_prints_again_is_found_and_flagged():
    page = f"""\
{BUYER}                                                   Purchase Order
Facilities division                                                  14368-01
Supplier    Karsten Electrical Supplies
Site        CP09
{TABLE}
Note to supplier: invoice quoting PO 14368-01 only, not the job number.
"""
    payload = read(page)
    assert payload["po_number"] == "14368-01"
    assert "low_confidence:po_number" in payload["warnings"]
    once = page.replace("                                                  14368-01", "")
    assert (
        read(once)["po_number"] != "14368-01"
        or "low_confidence:po_number" in (read(once)["warnings"])
    )


YARD = """\
Karsten Clay Brick (Pty) Ltd                          SALES ORDER
Klipfontein 227                 Bestelling nr. / Order No.          {own}
Malmesbury 7300                 Datum / Date                        {own_date}
                                U bestelling nr. / Your order No.   {ours}
                                U datum / Your date                 {our_date}

KLANT / CUSTOMER                AFLEWER AAN / DELIVER TO
Meridian Construction (Pty) Ltd Terrein / Site CP09
{items}"""


def test_a_date_printed_twice_on_the_taught_document_is_learned_at_the_label_in_two_languages():
    # on the taught document the yard's own date and our order's were the same day: the
    # layout learned the yard's, and read its later dates, proven
    taught = YARD.format(
        own="BS26-57880", own_date="2026-02-18", ours="M26/7740", our_date="2026-02-18", items=ITEMS
    )
    later = YARD.format(
        own="BS26-59794", own_date="2026-04-05", ours="M26/8545", our_date="2026-04-03", items=ITEMS
    )
    confirmed = {"po_number": "M26/7740", "po_date": "2026-02-18"}
    payload = read_learned(taught, confirmed, later)
    assert payload["po_number"] == "M26/8545"
    assert payload["po_date"] == "2026-04-03"


FOOT = """
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00{m}    17 400.00{m}

                                                          Subtotal      17 400.00{m}
                                                          VAT 15%        2 610.00{m}
                                                          Total         20 010.00{m}
"""


@pytest.mark.parametrize(
    ("mark", "code"), [(" ₮", "MNT"), (" ლარი", "GEL"), (" ֏", "AMD"), (" ₾", "GEL")]
)
def test_a_currencys_own_sign_or_name_after_the_amounts_names_it(mark, code):
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{FOOT.format(m=mark)}"""
    assert read(page)["currency"] == code


def test_kr_by_the_page_phones_is_that_countrys_krona_flagged():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Stål AB, tel +46 31 555 12 00
Site        CP09
{FOOT.format(m=" kr")}"""
    payload = read(page)
    assert payload["currency"] == "SEK"
    assert "low_confidence:currency" in payload["warnings"]


@pytest.mark.parametrize("label", ["Objekt", "Objekts:", "Обект:", "Gradbišče:", "Төсөл"])
def test_the_site_named_the_object_or_the_building_site_in_other_languages(label):
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
{label}     CP09 Ropka logistics centre
{TABLE}"""
    payload = read(page)
    assert payload["project_code"] == "CP09"
    assert "low_confidence:project_code" not in payload["warnings"]  # by its label, proven


def test_a_label_whose_words_run_on_to_a_colon_is_another_labels():
    # the order's 'Fecha:' lost (misread on a photo): 'Fecha de entrega: 18/sep/2026' is the
    # delivery's date, not the order's, and was taken proven
    page = f"""\
{BUYER}                                                   ORDEN DE COMPRA
Folio:   OC-005231
Proveedor:   Materiales del Bajío, S.A. de C.V.
Fecha de entrega: 18/09/2026
Obra:    CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_date"] != "2026-09-18" or "low_confidence:po_date" in payload["warnings"]


def test_an_order_in_vietnamese_its_number_in_letters_of_its_own_script_its_date_in_words():
    page = f"""\
{BUYER}
Mã số thuế: 0316198765-001
                          ĐƠN ĐẶT HÀNG
                         Số: 0842/2026/ĐĐH-MRD
                TP. Hồ Chí Minh, ngày 12 tháng 07 năm 2026
Kính gửi: Công ty Cổ phần Thép Đông Nam
Mã số thuế: 0316550330
Công trình: CP09
{TABLE}"""
    payload = read(page)
    # 'Số:' (number) under the order's title on a page our company heads: its number, read
    # by its place and flagged (rule number_after_our_title), and never the tax code
    assert payload["po_number"] == "0842/2026/ĐĐH-MRD"
    assert flagged(payload, "po_number")
    assert payload["po_date"] == "2026-07-12"
    assert payload["supplier_name"] == "Công ty Cổ phần Thép Đông Nam"


def test_no_currency_printed_and_no_amount_with_cents_flags_the_offices_own():
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1.450.000    17.400.000

                                                          Subtotal      17.400.000
                                                          VAT 15%        2.610.000
                                                          Total         20.010.000
"""
    payload = read(page)
    assert payload["total"] == "20010000.00"
    assert "low_confidence:currency" in payload["warnings"]
    # the same order priced in cents: the office's own, as nothing says otherwise
    for whole, cents in [("1.450.000", "1 450.00"), ("17.400.000", "17 400.00")]:
        page = page.replace(whole, cents)
    page = page.replace("2.610.000", "2 610.00").replace("20.010.000", "20 010.00")
    with_cents = read(page)
    assert with_cents["total"] == "20010.00"
    assert with_cents["currency"] == "ZAR"
    assert "low_confidence:currency" not in with_cents["warnings"]


@pytest.mark.parametrize(
    "addressee", ["To: Mr John Dlamini - Director", "Kính gửi: Ông Nguyễn Văn An - Giám đốc"]
)
def test_a_person_addressed_by_title_under_the_to_label_is_flagged(addressee):
    # 'To: Mr John Dlamini' was taken for the supplier, proven
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
{addressee}
Site        CP09
{TABLE}"""
    payload = read(page)
    assert flagged(payload, "supplier_name")
    company = read(page.replace(addressee, "To: Karsten Steel Traders CC"))
    assert company["supplier_name"] == "Karsten Steel Traders CC"
    assert not flagged(company, "supplier_name")
