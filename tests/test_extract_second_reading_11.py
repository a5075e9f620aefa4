"""A second reading of 08f8326's reading rules: our own order naming our customer's order
('Customer Order No.', as a drop shipment prints it), a supplier's document whose 'Your order
no.' is empty over another label's row, 'Your date' on our own order (the supplier's
quotation's date) and 'Uw ordernr.' / 'Uw datum' on a Dutch confirmation, a project's own
code beside a known delivery site, a document title low on our own order (a tear-off 'ORDER
CONFIRMATION' slip) or a 'Sales Order' label with its number, 'Folio' beside the order's own
label, a label with its number and no colon where a supplier's name is looked for, and a
name of label words with its legal form in brackets. Each page is made up here; each test
says what a correct reading gives."""

from __future__ import annotations

from tests.test_extract_rotation_10 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE

# --- 1. our customer's order on our own order ---------------------------------------------


def test_our_customers_order_number_on_our_drop_shipment_order_is_not_our_po():
    # 'Customer Order No.' is our customer's, the goods going straight to it: 08f8326 took
    # CO-88231 for our PO number, proven (b6297a3 read MC-44120, flagged)
    for label in ("PO No.", "Order No."):
        page = f"""\
{BUYER}                                                   PURCHASE ORDER
{label:<12}MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
Customer Order No.   CO-88231         Deliver direct to our customer
{TABLE}"""
        payload = read(page)
        assert payload["po_number"] == "MC-44120" or flagged(payload, "po_number")
        assert payload["po_number"] != "CO-88231"


# --- 2. an empty 'Your order no.' ---------------------------------------------------------


def test_an_empty_your_order_no_over_another_labels_row_gives_no_number_from_it():
    # under the empty 'Your order no.': 'Quote No.  Q-5531', the next row's label and value.
    # 08f8326 took Q-5531 for our PO number, proven
    page = f"""\
Karsten Steel Traders CC                                ORDER CONFIRMATION
Order No.   SO-26-1187      Your order no.        Date  12/05/2026
                            Quote No.  Q-5531
Customer: {BUYER}
Site CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] != "Q-5531"
    assert payload["po_number"] is None or flagged(payload, "po_number")


# --- 3. 'Your date' on our own order ------------------------------------------------------


def test_your_date_on_our_own_order_is_the_quotations_not_the_orders():
    # a letter's 'Your ref. / Your date' (the supplier's quotation) beside our order's own
    # date: 08f8326 took the quotation's date, proven (b6297a3 read the order's)
    pages = [
        f"""\
{BUYER}                                                   PURCHASE ORDER
PO No.      MC-44120                  Date   10/05/2026
Your quotation   Q-5531               Your date   02/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}""",
        f"""\
{BUYER}                                                   PURCHASE ORDER
Your ref.   Q-5531          Your date   28/04/2026
Our ref.    MC-44120        Date        10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}""",
    ]
    for page in pages:
        payload = read(page)
        assert payload["po_date"] == "2026-05-10" or flagged(payload, "po_date")
        assert payload["po_date"] not in ("2026-05-02", "2026-04-28")


def test_a_dutch_order_confirmation_gives_our_orders_number_and_date():
    # 'Uw ordernr.' named no order of ours to the proofs ('ordernr' runs on), so the page was
    # not the supplier's and its own 'Datum' was taken for our order's date, proven
    page = f"""\
Karsten Bouwmaterialen B.V.                          ORDERBEVESTIGING
Ordernummer     VO-26-0441         Datum        12-05-2026
Uw ordernr.     MC-44120           Uw datum     08-05-2026
Klant: {BUYER}
Project CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == "MC-44120"
    assert payload["po_date"] == "2026-05-08" or flagged(payload, "po_date")


def test_your_date_on_the_suppliers_document_is_our_orders():
    page = f"""\
Karsten Steel Traders CC                                SALES ORDER
Order No.          SO-26-1187           Your order No.   MC-44120
Date               12/05/2026           Your date        08/05/2026
Customer: {BUYER}
Site CP09
{TABLE}"""
    payload = read(page)
    assert (payload["po_number"], payload["po_date"]) == ("MC-44120", "2026-05-08")


# --- 4. a project's own code beside a known delivery site ---------------------------------


def test_a_code_under_project_no_is_kept_beside_a_known_delivery_site():
    # 'Project No. PE-231' (a project the office has not listed yet) delivered to the yard
    # CP09: 08f8326 gave CP09, proven (b6297a3 read PE-231, proven by the codes' pattern)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
PO No.      MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Project No.   PE-231                  Delivery site   CP09
{TABLE}"""
    payload = read(page)
    assert payload["project_code"] == "PE-231" or flagged(payload, "project_code")


# --- 5. a supplier document's title where it is no title ----------------------------------


def test_a_tear_off_confirmation_slip_on_our_own_order_does_not_make_it_the_suppliers():
    # 'ORDER CONFIRMATION' over the slip the supplier signs and returns, under the items:
    # 08f8326 flagged our own order's number and date as perhaps the supplier's
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
PO No.      MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
{TABLE}
ORDER CONFIRMATION
Please sign and return:  Signed ____________  Date ________
"""
    payload = read(page)
    assert (payload["po_number"], payload["po_date"]) == ("MC-44120", "2026-05-10")
    assert not flagged(payload, "po_number") and not flagged(payload, "po_date")


def test_a_sales_order_label_with_its_number_on_our_own_order_is_no_title():
    # our sales order the purchase was raised for, 'Sales Order  SO-5512': no supplier's title
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
PO No.      MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Site        CP09
Sales Order      SO-5512
{TABLE}"""
    payload = read(page)
    assert (payload["po_number"], payload["po_date"]) == ("MC-44120", "2026-05-10")
    assert not flagged(payload, "po_number") and not flagged(payload, "po_date")


def test_a_sales_order_titled_with_its_own_number_is_still_the_suppliers():
    # 'SALES ORDER   SO-26-1187' at the top, no line naming our order: its own number and
    # date are perhaps not ours (a title is no label for the number after it)
    page = f"""\
Karsten Steel Traders CC                  SALES ORDER   SO-26-1187
14 Marconi Road, Germiston               Date   12/05/2026
Customer: {BUYER}
Deliver to: Site CP09
Order No.   SO-26-1187
{TABLE}"""
    payload = read(page)
    assert flagged(payload, "po_number") and flagged(payload, "po_date")


# --- 6. 'Folio' beside the order's own label ----------------------------------------------


def test_folio_gives_way_to_the_orders_own_label():
    # 'Folio' before 'No. de Orden' on one line: 08f8326 read the folio (b6297a3 the order's)
    for label in ("No. de Orden:", "Orden de compra:"):
        page = f"""\
{BUYER}                                                   ORDEN DE COMPRA
Folio:   00231                       {label}  OC-003081
                                                Fecha:   01/08/2026
Proveedor: Concretos del Bajío, S.A. de C.V.
Obra: CP09
{TABLE}"""
        assert read(page)["po_number"] == "OC-003081"


# --- 7. a label and its number with no colon ----------------------------------------------


def test_a_label_and_its_number_without_a_colon_under_the_supplier_label_is_no_name():
    # 'Vendor No. V1490' under 'Vendor': read as the supplier, proven (b6297a3 and 08f8326)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
PO No.      MC-44120                  Date   10/05/2026
Vendor                          Project
Vendor No. V1490                Project Code PE-231
Karsten Steel Traders CC        Riverside
Site        CP09
{TABLE}"""
    payload = read(page)
    assert payload["supplier_name"] == "Karsten Steel Traders CC" or flagged(
        payload, "supplier_name"
    )
    assert payload["supplier_name"] != "Vendor No. V1490"


# --- 8. a legal form in brackets is no remark ---------------------------------------------


def test_a_name_of_label_words_with_its_legal_form_in_brackets_is_still_a_name():
    # 'Total Delivery (Pty)': 08f8326 dropped '(Pty)' as a remark and took the rest for a
    # label, losing the supplier b6297a3 read
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
PO No.      MC-44120                  Date   10/05/2026
Supplier    Total Delivery (Pty)
Site        CP09
{TABLE}"""
    assert read(page)["supplier_name"] == "Total Delivery (Pty)"
