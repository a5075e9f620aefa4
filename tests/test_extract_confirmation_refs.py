"""A supplier's confirmation of our order, each on a page made up here: our order's number under
Indonesian's 'No. PO Anda' and Portuguese's 'V/ Ref.ª', and its date under the date's word
printed a second time under it ('tanggal', after the confirmation's own 'Tanggal') or under
Portuguese's 'V/ Data'; and a supplier's account or ledger code printed after its name is not
its name."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read

_ITEMS = """\
Kode       Nama Barang                    Jumlah  Satuan   Harga        Jumlah Harga
MSH-193    Mesh Ref 193 2.4 x 6.0 m          40   sheet    655.60        26224.00
                                           Subtotal                      26224.00
                                           PPN 11%                        2884.64
                                           Total                         29108.64
"""


def test_our_orders_number_and_date_in_a_block_under_the_confirmations_own():
    page = f"""\
PT Baja Konstruksi Nusantara                        KONFIRMASI PESANAN
                                                    Nomor:                CO-2026213
{BUYER}                     Tanggal:              03/11/2026
14 Marine Drive, Paarden Eiland                     Pelanggan:            71962
                                                    No. PO Anda:          PO-26-75208
                                                    tanggal:              28/10/2026
{_ITEMS}"""
    payload = read(page)
    assert (payload["po_number"], payload["po_date"]) == ("PO-26-75208", "2026-10-28")


def test_a_date_word_under_our_orders_label_is_not_ours_where_the_page_printed_no_date_so():
    page = f"""\
PT Baja Konstruksi Nusantara                        KONFIRMASI PESANAN
                                                    Nomor:                CO-2026213
{BUYER}                     Pelanggan:            71962
                                                    No. PO Anda:          PO-26-75208
                                                    Tanggal:              03/11/2026
{_ITEMS}"""
    payload = read(page)  # (the confirmation's own date or ours: a person says which)
    assert payload["po_number"] == "PO-26-75208"
    assert payload["po_date"] == "2026-11-03" and flagged(payload, "po_date")


def test_portugueses_your_reference_and_your_date_shortened():
    page = f"""\
Ferragens Atlântico, Lda.                                   NOTA DE ENCOMENDA DE CLIENTE
Rua da Indústria 45, 4470-211 Maia                          N.º  EC 2026/1184
NIF 508 223 917                                             Data 2026-05-19
Cliente: {BUYER}                    V/ Ref.ª  MC-PO-3307
Cape Town, África do Sul                                    V/ Data   2026-05-14
{_ITEMS}"""
    payload = read(page)
    assert (payload["po_number"], payload["po_date"]) == ("MC-PO-3307", "2026-05-14")


@pytest.mark.parametrize(
    "printed, name",
    [
        ("Bouwmark Boland (Edms) Bpk [V75659]", "Bouwmark Boland (Edms) Bpk"),
        ("Velmor Trading (Pty) Ltd - Acc No 3193", "Velmor Trading (Pty) Ltd"),
        ("Karoo Staal en Draad BK  (Rek. KAR014)", "Karoo Staal en Draad BK"),
        ("Higgs Hardware Ltd [ACC: HIG001]", "Higgs Hardware Ltd"),
        ("Higgs Hardware Ltd #V10023", "Higgs Hardware Ltd"),
        ("Ferretería del Sur S.L. (Cuenta 4300123)", "Ferretería del Sur S.L."),
    ],
)
def test_an_account_or_ledger_code_after_the_suppliers_name_is_cut_off(printed, name):
    page = f"""\
{BUYER}                                PURCHASE ORDER
Supplier:  {printed}                   PO No.  PO-88123
                                                   Date    02/09/2026
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
                                                 Subtotal            800.00
                                                 VAT 15%             120.00
                                                 Total               920.00
"""
    assert read(page)["supplier_name"] == name


@pytest.mark.parametrize("name", ["Acme (1998) Ltd", "Acme Supplier 2000", "Kontor Supplies Ltd"])
def test_a_names_own_digits_stay(name):
    page = f"""\
{BUYER}                                PURCHASE ORDER
Supplier:  {name}                   PO No.  PO-88123
                                                   Date    02/09/2026
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
                                                 Total               800.00
"""
    assert read(page)["supplier_name"] == name


def test_the_company_heading_a_suppliers_own_document_is_the_supplier_found_not_proven():
    page = f"""\
Pennine Fixings Ltd                                     PRO FORMA INVOICE
Unit 3 Calder Trading Estate                            No.                 PF40176
Huddersfield HD5 0RN                                    Date:               27/09/2026
United Kingdom                                          Your order no.:     PO-26-41008

Customer: {BUYER}
{_ITEMS}"""
    payload = read(page)
    assert payload["supplier_name"] == "Pennine Fixings Ltd" and flagged(payload, "supplier_name")


def test_our_own_company_heading_a_page_is_never_the_supplier():
    page = f"""\
{BUYER}                                     SALES ORDER
14 Marine Drive, Paarden Eiland                         No.                 SO-40176
{_ITEMS}"""
    assert read(page)["supplier_name"] != BUYER


def test_a_faxs_sender_heading_a_suppliers_confirmation_is_the_supplier_without_its_label():
    page = f"""\
FAX
To: {BUYER} - Purchasing      Fax 021 555 0191
From: Boland Brick Works (Pty) Ltd      Tel (041) 486 3300
                          ORDER CONFIRMATION
Your order no.:  PO-26-41008             Date:  13/01/2026
{_ITEMS}"""
    assert read(page)["supplier_name"] == "Boland Brick Works (Pty) Ltd"


_MAIL = f"""\
From: Sales <sales@example.com>
To: buying@meridianconstruction.co.za
Subject: RE: PO MC41172

Order Confirmation 57458 for your order MC41172:

{_ITEMS}
Best regards,
{{signer}}
+27 33 394 1001
"""


def test_the_company_signing_a_suppliers_mail_is_the_supplier_found_not_proven():
    payload = read(_MAIL.format(signer="Ubuntu Steel Fixers (Pty) Ltd"))
    assert payload["supplier_name"] == "Ubuntu Steel Fixers (Pty) Ltd"
    assert flagged(payload, "supplier_name")


def test_our_own_company_signing_the_mail_names_no_supplier():
    payload = read(_MAIL.format(signer=f"Thandi Jacobs | Buyer\n{BUYER}"))
    assert payload["supplier_name"] != BUYER


def test_the_company_an_authorised_signatory_signs_for_is_the_supplier():
    page = (
        "                    SALES ORDER\nVoucher No.  SO/657/26-27\n"
        + _ITEMS
        + "\nfor Shree Ganesh Steel Traders Pvt. Ltd.\n\nAuthorised Signatory\n"
    )
    assert read(page)["supplier_name"] == "Shree Ganesh Steel Traders Pvt. Ltd."


_BOXED = f"""\
                                                          ORDINE D'ACQUISTO

{BUYER}                           +------------------+------------------+
14 Marine Drive, Paarden Eiland                           |N. ordine         |Data              |
Forwarder: Bolloré Logistics South Africa (Pty) Ltd, Tel +27 21 380 7600
Cape Town 7405, South Africa                              |4500062402        |15/06/2026        |
                                                          +------------------+------------------+
                                                          |Fornitore         |Pag.              |
Edilforniture Bergamo S.r.l.                              |V675548           |1 / 1             |
                                                          +------------------+------------------+
+-----+------------+---------------------------------+----------+------------+---------------+
|  Lp | Codice     | Descrizione                     | Quantità | Prezzo     | Importo       |
+-----+------------+---------------------------------+----------+------------+---------------+
|   1 | DES-SOS-25 | Tavola abete 25x100             |     2,50 |   1 495,32 |      3 738,30 |
|   2 | BLO-BET-12 | Blocco calcestruzzo 38x24x12    |    20,00 |       3,48 |         69,60 |
+-----+------------+---------------------------------+----------+------------+---------------+
                                                 Totale                    3 807,90
"""


def test_boxes_drawn_in_characters_part_their_cells():
    payload = read(_BOXED)
    # the number under its label's box (not a phone on a line run across under it), and the
    # date beside it; the box beside the supplier's label is another label's ('Pag.')
    assert (payload["po_number"], payload["po_date"]) == ("4500062402", "2026-06-15")
    assert payload["supplier_name"] != "Pag."
    descriptions = [item["description"] for item in payload["items"]]
    assert descriptions == ["Tavola abete 25x100", "Blocco calcestruzzo 38x24x12"]
