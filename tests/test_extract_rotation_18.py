"""Kinds of print rotation 16's families showed once they became dev families, as general
reading rules: amounts marked 'Bs.' (Venezuela's or Bolivia's money), our order's date by
'Fecha O/C', a number under a label naming no purchase order that is a letter's or the site's
reference while the page names the order's own number otherwise, a letter's address line
ending in a comma, our order named bare before its number and its date ('Ihre Bestellung:
... vom ...'), Albanian, Montenegrin, Breton and Dutch labels and titles, a site's code before
its name under 'Deliver to' with no dash, a title's number printed alone past it, 'Your
Reference' on a supplier's confirmation, Central America's 'Sumas' before the VAT and a
'Subtotal' with it, and amounts in CFA francs with a VAT summary beside the foot. Each page
is made up here."""

from __future__ import annotations

from tests.test_extract_rotation_8 import BUYER, after_title, flagged, read


def money(payload: dict) -> tuple:
    return payload["subtotal"], payload["tax"], payload["total"]


# A letter ordering materials in Bolivia: 'Bs.' over the money columns and before the total,
# the money in words.
BOLIVIAN = f"""\
{BUYER}                               ORDEN DE COMPRA
                                              N°  OC-0311/2026
Santa Cruz de la Sierra, 12 de mayo de 2026
Señores:
Ferretería El Trompillo S.R.L.
N°   Cant.   Unid.   Código    Descripción              P. Unit. Bs.    Total Bs.
1    10      bolsa   CEM-40    Cemento IP-30                 62,50       625,00
2    4       barra   FIE-12    Fierro corrugado 12 mm        93,75       375,00
                                                 TOTAL Bs.             1.000,00
Son: Un mil 00/100 Bolivianos
"""


def test_amounts_marked_bs_are_bolivianos_where_the_page_names_them():
    found = read(BOLIVIAN)
    assert found["currency"] == "BOB"  # read as the office's own, unflagged
    assert not flagged(found, "currency")


def test_amounts_marked_bs_beside_a_rate_in_dollars_are_bolivares_flagged():
    page = BOLIVIAN.replace(
        "Son: Un mil 00/100 Bolivianos", "Tasa BCV del día: Bs. 36,6730 por USD"
    ).replace("Santa Cruz de la Sierra", "Valencia, Carabobo")
    found = read(page)
    assert found["currency"] == "VES"  # read as the dollar of the rate
    assert flagged(found, "currency")


def test_amounts_marked_bs_and_no_country_named_leave_the_currency_to_a_person():
    page = BOLIVIAN.replace("Son: Un mil 00/100 Bolivianos", "Gracias.")
    found = read(page)
    assert found["currency"] is None
    assert flagged(found, "currency")


# A supplier's sales order in Spanish: its own number and date at the top, our order's under
# 'Orden de Compra' and 'Fecha O/C'.
PEDIDO = """\
DISTRIBUIDORA LOS ANDES, C.A.                              PEDIDO
R.I.F.: J-30111222-3                                       Nro.: 00071122
                                                           Fecha: 28/07/2026
Cliente: C-00412                         Orden de Compra: OC-26-02540
Razón Social: MERIDIAN CONSTRUCTORA, C.A.          Fecha O/C: 27/07/2026
Código     Descripción                 Cant.   Und.     Precio Unit.       Total
ARE-0001   ARENA LAVADA                10,00   M3           100,00      1.000,00
                                                         Sub-Total      1.000,00
                                                         I.V.A. 16%       160,00
                                                         Total          1.160,00
"""


def test_fecha_o_c_is_our_orders_date_on_the_suppliers_pedido():
    found = read(PEDIDO)
    assert found["po_date"] == "2026-07-27"  # not the pedido's own 28/07
    assert not flagged(found, "po_date")


# Our order whose 'Order Ref.' is the site's code, printed again under 'Deliver to' before the
# site's name; the order's own number right under its title.
SITE_AS_REFERENCE = f"""\
{BUYER}                                     PURCHASE ORDER
Plot 12, Makata Road                                           Number  PO003418
Blantyre                                                       Date  21/05/2026
Supplier:                                Deliver to:
Velmor Trading (Pty) Ltd                 MW-BT03 - Chichiri office block
Supplier Ref.     Order Ref.     Due Date       Terms
Q82075            MW-BT03        31/05/2026     30 days
Code      Description              Qty   Unit        Price          Amount
BRK010    Burnt brick, common       10   1000       100.00        1,000.00
                                                Total Exclusive   1,000.00
                                                Total VAT           165.00
                                                Total Inclusive   1,165.00
"""


def test_a_reference_that_is_the_sites_code_gives_way_to_the_number_under_the_title():
    found = read(SITE_AS_REFERENCE)
    assert found["po_number"] == "PO003418"  # read as the site's 'MW-BT03', unflagged
    assert flagged(found, "po_number")
    assert "number_after_title_over_site" in found["source"]["po_number"]


def test_a_reference_that_is_the_sites_code_with_no_other_number_is_doubted():
    page = SITE_AS_REFERENCE.replace("Number  PO003418", "                ")
    found = read(page)
    assert found["po_number"] == "MW-BT03"
    assert flagged(found, "po_number")


# A letter awarding a tender, its own reference at the top and the order's number in its words.
AWARD_LETTER = f"""\
{BUYER}
Plot 14, Kampala Road, Kampala
Our Ref: MCU/PROC/AW/26/102                                  Date: 24th March 2026
The Managing Director,
Velmor Trading (Pty) Ltd,
P.O. Box 33150, Kampala.
Dear Sir/Madam,
RE: AWARD OF TENDER - SUPPLY OF MATERIALS
This letter is our Local Purchase Order No. MCU/LPO/26/0895; quote it on all delivery notes.
Item   Description                      Unit    Qty        Rate         Amount
1      Hardcore, 150 mm down            m3       60      46,118      2,767,080
                                                        Sub-total    2,767,080
                                                        VAT 18%        498,074
                                                        Total        3,265,154
"""


def test_a_letters_reference_gives_way_to_the_order_number_its_words_name():
    found = read(AWARD_LETTER)
    assert found["po_number"] == "MCU/LPO/26/0895"  # read as the letter's own 'Our Ref'
    assert flagged(found, "po_number")


def test_a_letters_address_line_comma_is_not_the_suppliers_name():
    found = read(AWARD_LETTER)
    assert found["supplier_name"] == "Velmor Trading (Pty) Ltd"  # with its comma before


# A supplier's confirmation in German naming our order bare before its number and date.
GERMAN = f"""\
BAUSTOFFE MARXER ANSTALT
Landstrasse 112, 9494 Schaan
{BUYER}
Schaan, 11.10.2026
Auftragsbestätigung AB 26-10485
Ihre Bestellung: MCL-26-0773 vom 09.10.2026
Objekt: CP09 Primarschule
Pos.   Art.-Nr.    Bezeichnung              Menge   Einh.     Preis      Betrag
1      10.3060     Ligustrum vulgare        40.00   Stk       12.50      500.00
                                                        Total exkl. MWST   500.00
                                                        MWST 8.1 %          40.50
                                                        Total CHF          540.50
"""


def test_our_order_named_bare_before_its_number_and_date():
    found = read(GERMAN)
    assert found["po_number"] == "MCL-26-0773"
    assert found["po_date"] == "2026-10-09"  # not the letter's 11.10.2026
    assert not flagged(found, "po_date")


def test_montenegrins_your_order_and_building_site():
    page = f"""\
GRADNJA PROMET d.o.o.
PREDRAČUN br. 865/26
Kupac:                                   Datum izdavanja: 04.09.2026.
{BUYER}                                  Vaša narudžbenica: NAR-545/26 od 02.09.2026.
Bulevar 51, 81000 Podgorica              Gradilište: PG-04 Stambeni objekat Zabjelo
R.b.  Šifra    Naziv artikla            J.m.   Kol.     Cijena       Iznos
1.    011001   PVC cijev Ø110           kom    10        10,00      100,00
                                                Ukupno bez PDV-a:   100,00
                                                PDV 21%:             21,00
                                                UKUPNO ZA UPLATU:   121,00
"""
    found = read(page)
    assert found["po_number"] == "NAR-545/26"
    assert found["po_date"] == "2026-09-02"
    assert found["project_code"] == "PG-04"


def test_albanian_number_of_the_order_and_project():
    page = f"""\
{BUYER}                                  POROSI PËR FURNIZIM
NUI: 811452309                           Nr. i porosisë        Data
Tel: +383 38 224 610                     POR-26-00931          27.04.2026
Furnitori
Velmor Trading (Pty) Ltd
Projekti: PRZ-02 - Shkolla fillore
Nr.  Shifra    Përshkrimi              Njësia   Sasia     Çmimi      Vlera
1    CIM-425   Çimento CEM II          thes        10     10,00     100,00
                                                 Totali pa TVSH     100,00
                                                 TVSH 18%            18,00
                                                 Totali            118,00
"""
    found = read(page)
    assert found["po_number"] == "POR-26-00931"
    assert found["project_code"] == "PRZ-02"


def test_breton_your_order_and_site_over_their_values():
    page = f"""\
DANVEZ KERNE                          Brieg, d'an 6 a viz Gwengolo 2026
{BUYER}
KADARNADUR URZHIAD
Niv. KU-26-0723
Hoc'h urzhiad    Deiziad hoc'h urzhiad    Chanter    Gwerzher
BST-CDE-1414     03/09/2026               QMP-03     Maela Quéré
Dave     Deskrivadur              Kementad   Unanenn   Priz unanenn    Sammad
CHN-27   Chêne de pays avivé             2   m3             100,00    200,00
                                                 Hollad hep TGO      200,00
                                                 TGO 20 %             40,00
                                                 Hollad gant TGO     240,00
"""
    found = read(page)
    assert found["po_number"] == "BST-CDE-1414"
    assert found["po_date"] == "2026-09-03"
    assert found["project_code"] == "QMP-03"


def test_a_sites_code_before_its_name_under_deliver_to_with_no_dash():
    page = f"""\
VELMOR TRADING (PTY) LTD                           PRO-FORMA INVOICE
Bill to                                            Pro-forma No.  PF-26-0421
{BUYER}                                            Your Order No.  MCT/PO/303
Deliver to: TON-NKF04 Fanga'uta office block, Taufa'ahau Road
Qty   Code      Description                  Unit     Price     Amount
6     RF-040    Roofing iron 0.40 mm         sheet   100.00     600.00
                                                     TOTAL      600.00
"""
    found = read(page)
    assert found["project_code"] == "TON-NKF04"
    assert flagged(found, "project_code")  # no site the office knows


def test_a_titles_number_alone_past_it_at_the_pages_edge():
    page = f"""\
{BUYER}                                 PURCHASE ORDER
ABN 63 612 480 155
Level 6, 100 Creek Street                                                            MCA-21778
Order date      Project      Terms
12/08/2026      CP09         30 days
SUPPLIER
Velmor Trading (Pty) Ltd
Ln  Item       Description              Qty   UOM      Rate    Ex GST
1   MGP10-90   MGP10 pine 90 x 45 mm     10   lm      10.00    100.00
                                                Total ex GST   100.00
                                                GST             10.00
                                                Total inc GST  110.00
"""
    found = read(page)
    assert after_title(page) == "MCA-21778"
    assert flagged(found, "po_number")


def test_a_dutch_purchase_orders_title_and_its_number_marker():
    page = f"""\
{BUYER}                                           INKOOPORDER
Industrieweg-Zuid 112, Paramaribo, Suriname
KKF 71245                                                     Nr. IO26-00916
LEVERANCIER                                                   Orderdatum  11-03-2026
Velmor Trading (Pty) Ltd                                      Project  CP09
Regel  Artikelnr.  Omschrijving        Aantal  Eenh.      Prijs      Bedrag
1      90.0030     Schaven op maat          8  uur       100,00      800,00
                                                 Totaal excl. BTW    800,00
                                                 BTW 10%              80,00
                                                 Totaal incl. BTW    880,00
"""
    found = read(page)
    assert after_title(page) == "IO26-00916" and flagged(found, "po_number")


def test_your_reference_on_a_suppliers_confirmation_is_our_order_flagged():
    page = f"""\
Velmor Trading (Pty) Ltd
Bldg 1458, Road 4327, Sitra
{BUYER}
Order Confirmation                                              Page 1
Customer No.   C-10412                  Order No.       SO-26-107169
Your Reference BH-PO-26-4297            Document Date   23 May 2026
Your Reference Date 21 May 2026         Shipment Date   8 June 2026
No.         Description          Quantity   Unit    Unit Price      Amount
1000-0158   Cement SRC              6       BAG       10.000      60.000
                                                  Total Excl. VAT   60.000
                                                  VAT 10%            6.000
                                                  Total             66.000
"""
    found = read(page)
    assert found["po_number"] == "BH-PO-26-4297"  # not the confirmation's own SO number
    assert flagged(found, "po_number")
    assert found["po_date"] == "2026-05-21"


def test_dutch_your_reference_and_your_order_date_on_a_confirmation():
    page = f"""\
Houthandel Van der Veen B.V.
{BUYER}
ORDERBEVESTIGING
Ordernummer   Orderdatum   Uw referentie   Uw orderdatum   Verkoper
4268482       20-09-2026   MNL260109       19-09-2026      H. de Jong
Project CP09
Artikel    Omschrijving            Aantal   Eenh.    Prijs     Bedrag
LAT2250    Vuren panlat 22 x 50        10   m1       10,00     100,00
                                                 Totaal excl. BTW   100,00
                                                 BTW 21%             21,00
                                                 Totaal             121,00
"""
    found = read(page)
    assert found["po_number"] == "MNL260109"
    assert found["po_date"] == "2026-09-19"


# El Salvador's order foot: the lines' sum ('Sumas'), VAT, the sum with it ('Subtotal'), a
# VAT perceived on top, the total.
SALVADORAN = f"""\
{BUYER}                                          ORDEN DE COMPRA
                                                 N° OC-01207
Proveedor: Velmor Trading (Pty) Ltd               Fecha: 27/03/2026
Ítem  Código     Descripción               Cantidad   U. de M.   Precio      Total
1     CEM-GU42   Cemento gris tipo GU         100.00   bolsa      10.00   1,000.00
                                                       Sumas              1,000.00
                                                       IVA 13%              130.00
                                                       Subtotal           1,130.00
                                                       (+) IVA percibido 1%  10.00
                                                       Total a pagar US$  1,140.00
"""


def test_sumas_before_the_vat_is_the_subtotal_and_the_vat_perceived_is_tax():
    found = read(SALVADORAN)
    assert money(found) == ("1000.00", "140.00", "1140.00")
    assert not flagged(found, "subtotal")


# A confirmation from Côte d'Ivoire: amounts in CFA francs with 'FCFA' after them, a VAT summary
# beside the foot, the total 'Net à payer TTC'.
IVORIAN = f"""\
VELMOR TRADING SA                                     CONFIRMATION DE COMMANDE
Abidjan                                               N° CC26-01205
{BUYER}
Votre commande n° : ABJ/BC/26/2177 du 02/06/2026
Réf.      Désignation                  Qté   U     P.U. HT    TVA    Montant HT
LPS-60    Lampadaire solaire 60 W        1   u     100 000    9 %       100 000
DIS-220   Disjoncteur 2P 20 A           10   u      20 000   18 %       200 000
Récapitulatif TVA                                  Total HT           300 000 FCFA
Taux        Base HT     Montant TVA                TVA 18 %            36 000 FCFA
18,00 %     200 000      36 000                    TVA 9 %              9 000 FCFA
9,00 %      100 000       9 000
                                                   Net à payer TTC    345 000 FCFA
"""


def test_amounts_in_cfa_francs_and_a_vat_summary_beside_the_foot():
    found = read(IVORIAN)
    assert money(found) == ("300000.00", "45000.00", "345000.00")
    assert [item["item_code"] for item in found["items"]] == ["LPS-60", "DIS-220"]


def test_a_levy_by_its_rate_rounded_to_the_franc_is_tax_beside_the_vat():
    # Gabon's 'CSS 1 %' of 1 184 720 is 11 847,20: printed in whole francs, to the franc
    page = IVORIAN.replace("TVA 9 %              9 000 FCFA", "CSS 1 %              3 000 FCFA")
    page = page.replace("345 000 FCFA", "339 000 FCFA")
    found = read(page)
    assert money(found) == ("300000.00", "39000.00", "339000.00")
    page = page.replace("300 000 FCFA", "300 020 FCFA").replace("339 000", "339 020")
    found = read(page)
    assert money(found) == ("300020.00", "39000.00", "339020.00")  # 3 000,20 printed 3 000


def test_a_known_supplier_printed_without_its_legal_form_is_named_as_the_office_knows_it():
    page = f"""\
Tel 01452 724 318
VELMOR TRADING
ORDER ACKNOWLEDGEMENT No. SVS-OA-5277
CUSTOMER ORDER
{BUYER}                                   Your order no. MUK/PO/3721
Line  Product code  Description             Qty  Unit   Unit price     Net
10    BAT-512       Battery storage 5 kWh     4  no.      1,000.00   4,000.00
                                                   Net total       4,000.00
                                                   VAT @ 20%         800.00
                                                   Total           4,800.00
"""
    found = read(page)
    assert found["supplier_name"] == "Velmor Trading (Pty) Ltd"  # not 'VELMOR TRADING'
    assert flagged(found, "supplier_name")  # found by the rule, not read under a label


# Pages where the rules above must not take what is not ours (a second reading's).
INVOICE = f"""\
Velmor Trading (Pty) Ltd
45 Industrial Ave, Germiston
{BUYER}
TAX INVOICE                                    Invoice No.: IN-26-1188
Your order:  {{said}}                           Date: 14/03/2026
{{under}}
Code      Description              Qty   Unit        Price          Amount
BRK010    Burnt brick, common       10   1000       100.00        1,000.00
                                                Subtotal          1,000.00
                                                VAT 15%             150.00
                                                Total             1,150.00
"""


def test_our_order_named_bare_takes_a_reference_alone_not_another_labels_or_words():
    for said, under in (
        ("", "Account: MER-00412   Delivery note: DN-26-7781"),
        ("verbal", "Delivery note: DN-26-7781"),
        ("12 pallets as per quote", ""),
        ("phoned in by J. Smith, 083 555 0142", ""),
    ):
        found = read(INVOICE.format(said=said, under=under))
        assert found["po_number"] not in ("MER-00412", "DN-26-7781", "12", "083")
        assert flagged(found, "po_number")


def test_a_date_after_our_orders_number_is_one_only_if_nothing_else_follows():
    page = f"""\
Velmor Trading (Pty) Ltd
{BUYER}
ORDER ACKNOWLEDGEMENT                          Ack No.: SO-26-1188
PO Date: 10/03/2026                            Date: 14/03/2026
Your order no. 4500012345 dated 10 March, received 13/03/2026
Code      Description              Qty   Unit        Price          Amount
BRK010    Burnt brick, common       10   1000       100.00        1,000.00
                                                Subtotal          1,000.00
                                                VAT 15%             150.00
                                                Total             1,150.00
"""
    assert read(page)["po_date"] == "2026-03-10"  # not the day it was received


def test_an_order_a_sentence_says_this_one_replaces_is_not_its_number():
    page = AWARD_LETTER.replace(
        "This letter is our Local Purchase Order No. MCU/LPO/26/0895; quote it on all delivery "
        "notes.",
        "This order replaces Purchase Order No. MCU/LPO/26/0895, which is cancelled.",
    )
    assert read(page)["po_number"] != "MCU/LPO/26/0895"


def test_bs_beside_prices_in_dollars_or_as_a_unit_names_no_bolivar():
    dollars = BOLIVIAN.replace("P. Unit. Bs.    Total Bs.", "P. Unit. $us   Total $us ")
    dollars = dollars.replace("TOTAL Bs.", "TOTAL $us").replace(
        "Son: Un mil 00/100 Bolivianos",
        "Tipo de cambio: Bs. 6,96 por $us 1.  Equivalente: Bs. 6.960,00 bolivianos",
    )
    assert read(dollars)["currency"] != "BOB"
    bags = f"""\
{BUYER}                                  PURCHASE ORDER
Order No.  MCZ-PO-3318                   Date  15/07/2026
Supplier:  Velmor Trading (Pty) Ltd
Code      Description            Qty   Unit        Price        Amount
CEM42     Cement 42.5N            20   Bs       R 100.00    R 2,000.00
SND01     Building sand           10   Bs        R 50.00      R 500.00
                                          Total          R 2,500.00
"""
    found = read(bags)
    assert found["currency"] == "ZAR"
    assert not flagged(found, "currency")
