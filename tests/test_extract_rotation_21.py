"""Kinds of print rotation 19's families showed once they became dev families: a page from the
United States or Cuba with no currency sign, the euro in words, a code after a price's word,
the crown by the page's addresses, a supplier's sales order in Indonesian, a financial year's
order number, Flemish, Aragonese and Romansh ways of naming our order, numbers after Italian,
Flemish, French and Portuguese titles, a site's code set apart under 'Ship to', Dutch, Finnish
and Occitan feet, a tax table by rate, a grid foot with a charge, a VAT analysis with its sums,
the crown in a total's label, Catalan item heads, Indonesia's taxable base, Scottish Gaelic's
foot, a zero rate's reason; and the layout memory's letterhead spaced out or over two lines.
Each page is made up here."""

from __future__ import annotations

from decimal import Decimal

from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from app.extract.memory.words import Frame
from tests.test_extract_rotation_8 import BUYER, after_title, flagged, read
from tests.test_extract_rotation_20 import ITEMS, _order

NO_TAX_FOOT = """\
                                               Subtotal               6,340.00
                                               Total                  6,340.00
"""
ITEMS_COMMA = """\
Code      Description                      Qty   Unit    Unit price       Amount
BLK-140   Hollow block 140 mm              200   st           12,50     2.500,00
CEM-42    Cement 42.5N 50 kg                40   st           96,00     3.840,00
"""


def _purchase_order(more: str = "", number: str = "MC-26-0412") -> str:
    return f"""\
{BUYER}                                           PURCHASE ORDER
12 Loop Street, Cape Town 8001                    PO No: {number}
                                                  Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd
Project: CP09
{more}
"""


# Money a page names by its address, its phones or its words


def test_an_address_in_the_united_states_names_the_dollar_of_a_page_with_no_sign():
    page = _order(
        """\
Chattahoochee Drainage Supply, Inc.                 SALES ORDER
3150 Fulton Industrial Blvd SW                      Order No.     01-434184
Atlanta, GA 30336                                   Customer PO   ATL-14653
                                                    Order date    09/12/2026
Job ATL-318
""",
        foot="""\
                                               Merchandise            6,340.00
                                               Sales tax 8.9%           564.26
                                               Order total            6,904.26
""",
    )
    got = read(page)
    assert got["currency"] == "USD" and flagged(got, "currency")


def test_an_id_and_five_digits_are_no_address_in_the_united_states():
    got = read(_order(_purchase_order("Vendor ID 10234")))
    assert got["currency"] == "ZAR" and not flagged(got, "currency")


def test_a_phone_dialled_in_brackets_names_its_country():
    page = _order(
        """\
Materiales del Oeste S.R.L.                          ORDEN DE COMPRA
Calle 100 No. 2718, Marianao                         No. 000823
Tel. (+53) 7 204 6630                                Fecha 20/09/2026
Obra: HAB-07
"""
    )
    got = read(page)
    assert got["currency"] == "CUP" and flagged(got, "currency")


def test_a_size_in_brackets_dials_no_country():
    items = ITEMS.replace("Hollow block 140 mm    ", "Hollow block 140 mm (+40)")
    got = read(_order(_purchase_order(), items=items))
    assert got["currency"] == "ZAR" and not flagged(got, "currency")


def test_the_euro_in_words_before_the_total_names_it():
    page = _order(
        """\
MERIDIAN COSTRUZIONI S.r.l.
ORDINE DI FORNITURA       n. OF26-0657 del 20/08/2026
Cantiere: MB-0207
Spett.le Materiali Edili Olona S.r.l.
""",
        items=ITEMS_COMMA,
        foot="""\
                                      Imponibile                2.500,00
                                      IVA 22%                     550,00
                                      TOTALE ORDINE euro        3.050,00
""",
    )
    page = page.replace("3.840,00", "0,00").replace("96,00", "0,00")
    got = read(page)
    assert got["currency"] == "EUR"
    assert after_title(page) == "OF26-0657"


def test_the_euro_in_a_sentence_names_no_currency():
    got = read(_order(_purchase_order("Imported fittings: Euro 12.50 ea at ROE 20.15")))
    assert got["currency"] == "ZAR"


def test_a_code_after_a_price_word_names_its_currency():
    items = """\
No.  Codigo      Descripcion                 U/M    Cantidad   Precio CUP   Importe CUP
1    0109-0012   Teja de fibrocemento        u         10.00     3,999.31     39,993.10
"""
    foot = """\
                                               Subtotal              39,993.10
                                               Impuesto 10%           3,999.31
                                               Total a pagar CUP     43,992.41
"""
    got = read(_order(_purchase_order(), items=items, foot=foot))
    assert got["currency"] == "CUP"


def test_the_crown_is_the_one_of_the_country_the_addresses_name():
    page = _order(
        """\
Bestilling 26-270                                   eirik.hansen@meridianbygg.no
Til: Nordlys Trelast AS <hege@nordlystrelast.no>
Prosjekt TRO-21
""",
        foot="""\
Sum eks. mva: kr 6 340,00
Mva 25 %: kr 1 585,00
Totalt inkl. mva: kr 7 925,00
""",
    )
    got = read(page)
    assert got["currency"] == "NOK" and flagged(got, "currency")
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "1585.00", "7925.00")


# Our order's number and date


INDONESIAN_SALES_ORDER = """\
CV. MAMBERAMO JAYA                                   Pesanan Penjualan
Jl. Raya Abepura Km 12, Jayapura                     No. Pesanan   SO.2605.0904
                                                     Tanggal       26 Mei 2026
Pelanggan                                            Kirim Ke
MERIDIAN CONSTRUCTION (PTY) LTD                      Proyek PAP-WMN02

No. PO              Tgl. Kirim      Syarat Pembayaran
MC-JPR/PO/0272      07/06/2026      Net 30
"""


def test_a_sales_order_in_indonesian_is_the_suppliers_and_no_po_names_ours():
    foot = """\
                                     Sub Total      Rp   7.291.000
                                     Total          Rp   7.291.000
                                     DPP                 6.340.000
                                     PPN 15%               951.000
"""
    items = ITEMS_COMMA.replace("2.500,00", "2.500.000").replace("3.840,00", "4.791.000")
    items = items.replace("12,50", "12.500").replace("96,00", "119.775")
    got = read(_order(INDONESIAN_SALES_ORDER, items=items, foot=foot))
    assert got["po_number"] == "MC-JPR/PO/0272"
    assert got["project_code"] == "PAP-WMN02"
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340000.00", "951000.00", "7291000.00")


def test_a_financial_years_order_number_is_no_date():
    page = _order(
        f"""\
{BUYER}                                 OFFICIAL ORDER   Order No.  26/27-045
Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd
Project: CP09
"""
    )
    got = read(page)
    assert got["po_number"] == "26/27-045"


def test_a_day_that_is_no_date_is_no_order_number():
    page = _order(
        """\
Velmor Trading (Pty) Ltd                            ORDER CONFIRMATION
Order No.    SO-26-7781
Your order:  31.11.2026
""",
    )
    assert read(page)["po_number"] != "31.11.2026"


def test_a_flemish_confirmation_names_our_order_form_and_its_date():
    page = _order(
        """\
Boomkwekerij Van Damme bv                            ORDERBEVESTIGING
                                                     Nummer   OB26-1324
                                                     Datum    09/10/2026
Uw bestelbon       van           Levering
MCB/GNT/2726       06/10/2026    week 43
Werf LOK-03
""",
        items=ITEMS_COMMA,
        foot="""\
                                      Totaal excl. btw          6.340,00
                                      Tarief     Maatstaf       Btw
                                      6%         2.500,00       150,00
                                      21%        3.840,00       806,40
                                      Totaal incl. btw EUR      7.296,40
""",
    )
    got = read(page)
    assert (got["po_number"], got["po_date"]) == ("MCB/GNT/2726", "2026-10-06")
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "956.40", "7296.40")
    assert not flagged(got, "tax")


def test_aragonese_and_romansh_name_our_order():
    aragonese = _order(
        """\
SERRERIA LANUZA                              CONFIRMACION DE PEDIU
                                             Numero:          CP-26/0591
                                             O suyo pediu:    MCA-26-0136
Obra: HUE-03
"""
    )
    assert read(aragonese)["po_number"] == "MCA-26-0136"
    romansh = _order(
        """\
Lennaria Cathomen SA
Confermaziun da l'empustaziun
Vossa empustaziun:     MCG-4135/26 dals 14.09.2026
Object: GR-11
"""
    )
    got = read(romansh)
    assert (got["po_number"], got["po_date"]) == ("MCG-4135/26", "2026-09-14")


def test_a_number_after_a_titles_marker_on_the_next_line():
    page = _order(
        f"""\
{BUYER}
                                                  BESTELBON
                                                  nr. 26/00479
Leverancier: Velmor Trading bv
Werf CP09
"""
    )
    assert after_title(page) == "26/00479" and flagged(read(page), "po_number")


def test_a_row_of_heads_under_the_title_names_its_number():
    page = _order(
        f"""\
{BUYER}                                         BON DE COMMANDE
Immeuble Kaloum Center, Almamya - Commune de Kaloum
BP 4127 Conakry                                        Numéro      Date          Code fournisseur
Tél. +224 620 41 27 63
RCCM : GN.TCC.2019.B.04127    NIF : 412763891 2Z      BC007705    06/10/2026    FGN2950
Fournisseur : Velmor Trading SARL
Chantier : CP09
"""
    )
    assert after_title(page) == "BC007705" and flagged(read(page), "po_number")


def test_a_series_of_the_titles_initials_is_part_of_the_number():
    page = _order(
        f"""\
{BUYER}
Nota de Encomenda NE 2026/0747
Data 06-08-2026
Fornecedor: Velmor Trading Lda
Obra: CP09
"""
    )
    assert after_title(page) == "NE 2026/0747" and flagged(read(page), "po_number")


def test_french_and_norwegian_order_labels():
    bc = _order(f"{BUYER}\nBON POUR COMMANDE\nBC N° NIA/BC/26/1768\nChantier : CP09\n")
    assert read(bc)["po_number"] == "NIA/BC/26/1768"
    avrop = _order(f"{BUYER}                AVROPSPLAN\n          Avrop nr.   AVR-26-0504\n")
    assert read(avrop)["po_number"] == "AVR-26-0504"


# The project's code under 'Ship to'


def _shipped(block: str) -> str:
    return _order(
        f"""\
Velmor Trading (Pty) Ltd                           SALES ORDER
                                                   Order No.     SO-26-5512
                                                   Customer PO   MC-26-0412
SOLD TO                                SHIP TO
{BUYER}        {block}
"""
    )


def test_a_sites_code_set_apart_under_ship_to():
    assert read(_shipped("Community clinic, Congo Town (LR-MRV03)"))["project_code"] == "LR-MRV03"
    assert read(_shipped("c/o PNI-04 Kolonia health centre"))["project_code"] == "PNI-04"


def test_a_postcode_with_its_countrys_letters_is_no_sites_code():
    got = read(_shipped("Brivibas iela 100, Riga, LV-1050"))
    assert got["project_code"] != "LV-1050"


# Feet


def test_a_finnish_foot():
    foot = """\
                                      Veroton yhteensä          6 340,00
                                      ALV 25,5 %                1 616,70
                                      Yhteensä EUR              7 956,70
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "1616.70", "7956.70")


def test_an_item_code_alv_does_not_end_the_items():
    items = ITEMS.replace("BLK-140   Hollow block 140 mm  ", "ALV 25    Alv fitting kit 25 mm")
    got = read(_order(_purchase_order(), items=items))
    assert len(got["items"]) == 2


def test_an_occitan_grid_foot():
    foot = """\
Impòrt brut    Desc. p.p.    Basa imposabla    % IVA    Quòta IVA    TOTAU EUR
6.340,00       0,00          6.340,00          21,00    1.331,40     7.671,40
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "1331.40", "7671.40")


def test_a_grid_foot_with_a_charge_and_the_taxable_sum_after_it():
    foot = """\
Totale merce    Trasporto e facchinaggio    Imponibile    IVA 22%     Totale documento €
6.340,00        200,00                      6.540,00      1.438,80    7.978,80
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6540.00", "1438.80", "7978.80")


def test_a_grid_foot_whose_sums_do_not_add_up_is_not_read_so():
    foot = """\
Totale merce    Trasporto e facchinaggio    Imponibile    IVA 22%     Totale documento €
6.340,00        200,00                      6.540,00      1.438,80    9.978,80
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert got["subtotal"] != "6540.00" or flagged(got, "subtotal")


def test_a_vat_analysis_of_a_total_that_includes_it():
    items = ITEMS_COMMA.replace("12,50", "13,38").replace("2.500,00", "2.675,00")
    items = items.replace("96,00", "102,72").replace("3.840,00", "4.108,80")
    foot = """\
                                      Gesamtbetrag inkl. USt.   6.783,80 €
Im Gesamtbetrag enthalten:
USt.-Satz     Netto         USt.        Brutto
7 %           6.340,00      443,80      6.783,80
Summe         6.340,00      443,80      6.783,80
"""
    got = read(_order(_purchase_order(), items=items, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "443.80", "6783.80")
    assert not flagged(got, "tax")


def test_a_table_of_sums_under_a_plain_total_is_no_analysis_of_it():
    foot = """\
                                      Gesamt                    7.544,60
USt.-Satz     Netto         USt.        Brutto
19 %          6.340,00      1.204,60    7.544,60
Summe         6.340,00      1.204,60    7.544,60
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert not (flagged(got, "subtotal") and flagged(got, "tax") and flagged(got, "total"))


def test_a_total_with_its_tax_in_german_words_and_the_tax_it_contains():
    items = ITEMS_COMMA.replace("12,50", "14,875").replace("2.500,00", "2.975,00")
    items = items.replace("96,00", "114,24").replace("3.840,00", "4.569,60")
    foot = """\
                                      Gesamtbetrag einschließlich MwSt.   7.544,60
                                      enthaltene MwSt. 19%                1.204,60
"""
    got = read(_order(_purchase_order(), items=items, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "1204.60", "7544.60")


def test_vat_included_in_the_total():
    items = ITEMS.replace("12.50", "14.375").replace("2,500.00", "2,875.00")
    items = items.replace("96.00", "110.40").replace("3,840.00", "4,416.00")
    foot = """\
                                      TOTAL (VAT INCLUSIVE)             D 7,291.00
                                      VAT @ 15% included in the total   D   951.00
"""
    got = read(_order(_purchase_order(), items=items, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "951.00", "7291.00")


def test_a_subtotal_that_is_the_total_is_flagged_where_the_page_names_a_tax():
    named = read(_order(_purchase_order("Prices include VAT."), foot=NO_TAX_FOOT))
    assert flagged(named, "subtotal")
    plain = read(_order(_purchase_order(), foot=NO_TAX_FOOT))
    assert not flagged(plain, "subtotal")


# Items


def test_catalan_item_heads():
    items = """\
Codi       Designació                  Quantitat   Unitat   Preu unitari HT   Import HT
PED-0050   Pedra seca de pissarra          2,00    t            160,07 €     320,14 €
ARE-0200   Sorra de riu rentada            1,50    t             66,65 €      99,98 €
"""
    foot = """\
                                      Total HT                  420,12 €
                                      TVA 20 %                   84,02 €
                                      Total TTC                 504,14 €
"""
    got = read(_order(_purchase_order(), items=items, foot=foot))
    read_ = [(Decimal(i["quantity"]), Decimal(i["unit_price"])) for i in got["items"]]
    assert read_ == [(Decimal("2"), Decimal("160.07")), (Decimal("1.5"), Decimal("66.65"))]


# The layout memory: a supplier's name its letterhead spaces out or sets over two lines

LETTERHEAD = """\
F O O T H I L L S                                 SALES ORDER
R O O F I N G   S U P P L Y   L T D .     Order #         {own}
4715 72 Avenue SE, Calgary                Customer PO     {po_number}
                                          Order date      {date}
SOLD TO                                   JOB SITE
Meridian Construction Canada Inc.         CGY-214 - Mahogany townhomes

Code      Description                      Qty   Unit    Unit price       Amount
BLK-140   Hollow block 140 mm              {q:>3}   each         12.50   {amount:>10}

                                               Subtotal             {amount:>10}
                                               GST 5%               {tax:>10}
                                               Total                {total:>10}
"""


def _letterhead(own: str, po_number: str, date: str, q: int) -> tuple[list, dict]:
    amount = q * 12.5
    tax = round(amount * 0.05, 2)
    text = LETTERHEAD.format(
        own=own,
        po_number=po_number,
        date=date,
        q=q,
        amount=f"{amount:,.2f}",
        tax=f"{tax:,.2f}",
        total=f"{amount + tax:,.2f}",
    )
    truth = {
        "po_number": po_number,
        "po_date": "-".join(reversed(date.split("/"))),
        "supplier_name": "Foothills Roofing Supply Ltd.",
        "project_code": "CGY-214",
        "currency": "CAD",
        "subtotal": f"{amount:.2f}",
        "tax": f"{tax:.2f}",
        "total": f"{amount + tax:.2f}",
        "items": [
            {
                "item_code": "BLK-140",
                "description": "Hollow block 140 mm",
                "quantity": str(q),
                "unit": "each",
                "unit_price": "12.50",
                "amount": f"{amount:.2f}",
            }
        ],
    }
    return text_lines(text), truth


def test_a_letterhead_spaced_out_over_two_lines_is_learned_as_the_suppliers_name():
    first, truth = _letterhead("SO471845", "CGY48797", "16/03/2026", 200)
    layout = teach.learn(first, truth)
    assert layout["anchors"]["letterhead"]
    second, _ = _letterhead("SO471990", "CGY48850", "20/03/2026", 120)
    got = recall.read(layout["anchors"], second, Frame())
    assert got["fields"]["supplier_name"].value == "Foothills Roofing Supply Ltd."


def _read_with_the_letterhead(printed: str, instead: str) -> dict:
    """What the layout learned from the Foothills letterhead reads on a page of the same
    layout whose letterhead prints `instead` where document 1 printed `printed`."""
    first, truth = _letterhead("SO471845", "CGY48797", "16/03/2026", 200)
    layout = teach.learn(first, truth)
    text = LETTERHEAD.replace(printed, instead).format(
        own="SO2",
        po_number="CGY2",
        date="20/03/2026",
        q=100,
        amount="1,250.00",
        tax="62.50",
        total="1,312.50",
    )
    return recall.read(layout["anchors"], text_lines(text), Frame())["fields"]


def test_a_letterhead_the_page_does_not_print_names_no_supplier():
    got = _read_with_the_letterhead("F O O T H I L L S", "P R A I R I E  ")
    assert "supplier_name" not in got


def test_a_letterhead_with_more_to_its_name_names_no_supplier():
    name = "R O O F I N G   S U P P L Y   L T D ."
    got = _read_with_the_letterhead(name, "R O O F I N G   S U P P L Y   ( B C )   L T D .")
    assert "supplier_name" not in got


def test_a_grid_foots_values_set_off_from_their_heads_are_read_in_order():
    foot = """\
Impòrt brut      Desc. p.p.     Basa imposabla     % IVA        Quòta IVA        TOTAU EUR
        6.340,00          0,00           6.340,00      21,00         1.331,40         7.671,40
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "1331.40", "7671.40")


def test_a_zero_rated_tax_with_its_reason_in_brackets():
    foot = """\
                                      Sub-total                  6,340.00
                                      VAT 0% (zero-rated export)     0.00
                                      TOTAL                      6,340.00
"""
    got = read(_order(_purchase_order(), foot=foot))
    assert got["tax"] == "0.00" and not flagged(got, "tax")


def test_a_scottish_gaelic_foot():
    foot = """\
                                      Fo-iomlan                  £6,340.00
                                      Subtotal
                                      VAT @ 15%                    £951.00
                                      Iomlan                     £7,291.00
                                      Total
"""
    got = read(_order(_purchase_order(), foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "951.00", "7291.00")


def test_a_foot_with_an_amount_per_column_is_flagged():
    foot = """\
                                   Order           Received        Invoice
Bedrag excl. btw                   EUR 6.340,00    EUR 5.000,00    EUR 5.100,00
Btw 21%                            EUR 1.331,40    EUR 1.050,00    EUR 1.071,00
Totaal incl. btw                   EUR 7.671,40    EUR 6.050,00    EUR 6.171,00
"""
    got = read(_order(_purchase_order(), items=ITEMS_COMMA, foot=foot))
    assert all(flagged(got, key) for key in ("subtotal", "tax", "total"))


def test_a_tax_the_total_includes_by_its_name_leaves_the_sums_their_subtotal():
    items = ITEMS.replace("12.50", "14.375").replace("2,500.00", "2,875.00")
    items = items.replace("96.00", "110.40").replace("3,840.00", "4,416.00")
    foot = """\
Items: 2                              TOTAL SAT (VAGST incl.)     7,291.00
                                      VAGST included (15%)          951.00
"""
    got = read(_order(_purchase_order(), items=items, foot=foot))
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "951.00", "7291.00")
