"""Kinds of print rotation 12's families showed once they became dev families, in the header
and the foot: a currency label whose value is a bare '$' ('Moneda: Pesos ($)'), the dollars of
Jamaica and Fiji by their letters ('J$', 'FJ$') and a dollar whose letters name no currency
known here ('KQ$'), Peru's sol ('S/') and foot ('Op. gravada', 'IGV 18%', 'Importe total S/'),
Jamaica's consumption tax ('GCT'), a requisition's code of an 'R' and digits that is no rand,
a total with its tax in VAT-inclusive prices ('TOTAL VIP', 'VAT content @ 12.5% (included
above)', 'Total charged to card (inc GST)'), a foot label whose amount is the next label's, a
marketplace's confirmation naming our order's reference ('Ihre Bestellreferenz (PO)') beside
its own number, a supplier's sales order naming our order 'Customer PO', a site's code named in
the words of the delivery block or on its second line, Austria's 'Bauvorhaben', Morocco's 'DH',
New Caledonia's 'TGC' at two rates, Canada's 'HST 13% (ON)', a tender's 'Awarded to', and a
known supplier printed in capitals, and an order in Catalan. Each page is made up here."""

from __future__ import annotations

from tests.test_extract_rotation_8 import BUYER, flagged
from tests.test_extract_rotation_8 import read as read_text

OFFICE = {"site_codes": ("CP09", "DBN07")}


def read(text: str, **more) -> dict:
    return read_text(text, **(OFFICE | more))


def money(payload: dict) -> tuple:
    return payload["subtotal"], payload["tax"], payload["total"]


PESOS = f"""\
{BUYER}                                  ORDEN DE COMPRA  N° 0004-00001182
Tel. (011) 4311-2200 - compras@meridian.com.ar        Fecha de emisión:  12/06/2026
Proveedor:  Hormigonera del Plata S.A.
Obra                Moneda
CP09                Pesos ($)
Código    Descripción                     Cant.    Precio unit.      Importe
HRM-21    Hormigón H21 elaborado          12,00     98.410,00     1.180.920,00
Observaciones:                                Importe neto gravado   1.180.920,00
                                              IVA 21,00 %              247.993,20
                                              TOTAL $                1.428.913,20
"""


def test_a_bare_dollar_sign_under_a_currency_label_is_the_dollar_of_the_pages_country():
    # 'Pesos ($)' was read as the US dollar, unflagged; the page's addresses are Argentina's
    found = read(PESOS)
    assert found["currency"] == "ARS"
    assert flagged(found, "currency")
    # with no country the page names, the '$' is the US dollar's, flagged still
    nowhere = read(PESOS.replace("meridian.com.ar", "meridian.example"))
    assert nowhere["currency"] == "USD"
    assert flagged(nowhere, "currency")
    # the US dollar named as such under the label is proven
    named = read(PESOS.replace("Pesos ($)", "US$      "))
    assert named["currency"] == "USD"
    assert not flagged(named, "currency")


JAMAICAN = f"""\
{BUYER}
L.P.O. No.  004417                         Date  03/09/2026
Supplier  Blue Mountain Hardware Limited   Requisition No.  R4518
Job No.  DBN07                             Amount J$
                                           51,750.00
QTY  UNIT  DESCRIPTION                 UNIT COST      AMOUNT
 5   bag   Cement 42.5 kg bag           2,000.00   10,000.00
10   sheet Zinc sheet 26 gauge          3,500.00   35,000.00
                                       SUB-TOTAL      45,000.00
                                       GCT @ 15%       6,750.00
Goods are received subject to inspection.  TOTAL J$
Statements are sent monthly.                51,750.00
"""


def test_jamaicas_dollar_its_consumption_tax_and_a_total_under_its_label():
    # 'J$' named no currency and the requisition's 'R4518' made the page the office's rand;
    # 'GCT' was no tax, and the total under 'TOTAL J$' was not read
    found = read(JAMAICAN)
    assert found["currency"] == "JMD"
    assert money(found) == ("45000.00", "6750.00", "51750.00")
    assert "totals_mismatch" not in found["warnings"]


def test_a_dollar_whose_letters_name_no_known_currency_is_left_for_a_person():
    other = JAMAICAN.replace("J$", "KQ$")
    found = read(other)
    assert found["currency"] is None
    assert flagged(found, "currency")


PERUVIAN = f"""\
{BUYER}                                   ORDEN DE COMPRA  N° OC26-004410
Telf. (01) 614-2250 - logistica@meridian.example     Fecha de emisión: 21/07/2026
Razón social:  Ferretería Los Andes S.A.C.         Obra:  CP09
Ítem  Código    Descripción               Cant.   Und.   P. Unit.     Total
1     ARE-F     Arena fina                10.00   M3      50.00      500.00
2     CEM-42    Cemento tipo I 42.5 kg    20.00   BLS     25.00      500.00
Importe en letras                               Op. gravada        1,000.00
SON: MIL CIENTO OCHENTA CON 00/100 SOLES        IGV 18%              180.00
                                                Importe total S/   1,180.00
"""


def test_perus_sol_and_its_foot():
    # the sol's 'S/' and its name in words named no currency (the office's own, unflagged),
    # and 'Op. gravada', 'IGV' and 'Importe total S/' were no labels of the foot
    found = read(PERUVIAN)
    assert found["currency"] == "PEN"
    assert money(found) == ("1000.00", "180.00", "1180.00")
    # 'S/N', 'without number', is no sol
    assert read(PERUVIAN.replace(" S/   1,180.00", "      1,180.00 S/N"))["currency"] != "PEN"


FIJIAN = f"""\
{BUYER}                                    PURCHASE ORDER
Order No.  LBS/PO/26-0912                  Order Date  14/08/2026
SUPPLIER                                   DELIVER TO
Nadi Timber & Hardware Pte Limited         Wairabetia depot - Project NAD-0412
Prices are VAT inclusive (VIP)
No.  Item Code   Description               Qty   UOM    Unit Price VIP   Amount VIP
1    TP-10050    Treated pine 100 x 50     20    m          10.00          200.00
2    NL-75       Nails 75 mm galv.          2    box       100.00          200.00
Lines: 2                                   TOTAL VIP (FJD)  FJ$ 450.00
All amounts in Fiji dollars.               VAT content @ 12.5% (included above)
                                           50.00
"""


def test_a_total_of_vat_inclusive_prices_and_its_vat_content_under_its_label():
    # 'TOTAL VIP' and the VAT content under its own label were not read; the project named in
    # the delivery block's words was not found
    found = read(FIJIAN.replace("200.00\n2 ", "250.00\n2 ").replace("10.00   ", "12.50   "))
    assert found["currency"] == "FJD"
    assert found["total"] == "450.00"
    assert found["tax"] == "50.00"
    assert found["project_code"] == "NAD-0412"
    assert flagged(found, "project_code")  # by a rule: never proven


# A sales order's one line and its foot.
CALIBRATION = """\
Item Code   Description                    Qty   Unit Price     Amount
CAL-01      Calibration certificate          1     1,000.00   1,000.00
                                           Total excl. VAT      1,000.00
                                           VAT 15%                150.00
                                           Total incl. VAT      1,150.00
"""


def test_a_site_named_in_the_words_of_the_delivery_block():
    page = f"""\
{BUYER}
Customer PO  MCN-PO-7730                   PO Date  11/05/2026
Customer No.  C0412                        Sales Rep  P. Nakale
SOLD TO                                    SHIP TO
{BUYER}                                    Meridian Construction - WHK-19 site office
{CALIBRATION}"""
    found = read(page)
    assert found["project_code"] == "WHK-19"
    assert flagged(found, "project_code")
    # two sites named, and no label: neither is taken
    two = page.replace("site office", "site office, then Project OSH-21")
    assert read(two)["project_code"] is None


def test_a_supplier_sales_order_names_our_order_customer_po():
    # 'Customer No. C0412', the account's, was read as the order's number by its marker
    page = f"""\
Harbour Survey Supplies (Pty) Ltd           SALES ORDER CONFIRMATION
Sales Order  SO-26-01177                    Date  13/05/2026
Customer PO  MCN-PO-7730                    PO Date  11/05/2026
Customer No.  C0412                         Sales Rep  P. Nakale
SOLD TO  {BUYER}
{CALIBRATION}"""
    found = read(page)
    assert found["po_number"] == "MCN-PO-7730"
    assert not flagged(found, "po_number")


def test_a_marketplaces_confirmation_names_our_orders_reference_beside_its_own_number():
    page = f"""\
baumarkt-plus BUSINESS   Bestellbestätigung
Bestellnummer (Marktplatz)   Bestellt am              Ihre Bestellreferenz (PO)
305-1184420-7731             02.04.2026, 09:10 Uhr    MCD-B40217
VERKAUFT UND VERSENDET VON   LIEFERADRESSE
Holzhandel Ost GmbH          {BUYER}
Pos.  Artikel                        Menge       Einzelpreis netto   Gesamt netto
1     Dachlatte 30 x 50 mm, 4 m      20 Stück    2,50 €             50,00 €
Summe netto  50,00 €
zzgl. USt. 19 %  9,50 €
Gesamtbetrag  59,50 €
"""
    found = read(page)
    assert found["po_number"] == "MCD-B40217"
    assert money(found) == ("50.00", "9.50", "59.50")


def test_a_foot_label_followed_by_another_label_gives_that_ones_amount():
    # a card order's expense table: 'Amount inc GST' heads a column, and the amount after
    # 'GST included (10%)' is the GST's, not the total's
    page = f"""\
{BUYER}                         PURCHASING CARD ORDER
Card order no.  PCO-200118                  Order date  09/09/2026
MERCHANT  Velmor Trading (Pty) Ltd          Job CP09
#  Item code   Description            Qty  Unit   Unit price inc GST   Amount inc GST
1  HV-VEST     Hi-vis vest              4  each        $27.50             $110.00
2  EXT-20      Extension lead 20 m      1  each       $110.00             $110.00
EXPENSE CODING                        Total charged to card (inc GST)  $220.00
Job   Cost code   Amount inc GST   GST included (10%)  $20.00
"""
    found = read(page)
    assert found["total"] == "220.00"
    assert found["tax"] == "20.00"


def test_austrias_building_project_label():
    page = f"""\
{BUYER}                              BESTELLUNG  Nr. 4500-2231
Datum:  14.05.2026
Lieferant:  Baustoffe Leitner GmbH
Bauvorhaben:  CP09 - Wohnhausanlage Favoriten
Pos.  Bezeichnung                  Menge   Einheit   Preis      Betrag
1     Zement CEM II 25 kg          40      Sack      5,00       200,00
                                           Nettobetrag          200,00
                                           zzgl. 20 % USt.       40,00
                                           Gesamtbetrag         240,00
"""
    found = read(page)
    assert found["project_code"] == "CP09"
    assert not flagged(found, "project_code")


def test_moroccos_dirham_after_the_amounts():
    page = f"""\
{BUYER}                              BON DE COMMANDE N° BC-26-0318
Date : 02/06/2026
Fournisseur : Matériaux Atlas SARL          Chantier : CP09
Réf.    Désignation              Qté    P.U. HT      Montant HT
CIM-35  Ciment CPJ 35            100     65,00     6 500,00 DH
                                         Total HT        6 500,00 DH
                                         TVA 20 %        1 300,00 DH
                                         Total TTC       7 800,00 DH
"""
    found = read(page)
    assert found["currency"] == "MAD"
    assert money(found) == ("6500.00", "1300.00", "7800.00")
    # 'DH' after no amount (a heading's letters) names no currency
    assert read(page.replace(" DH", "   "))["currency"] != "MAD"


def test_a_tax_at_two_rates_named_tgc_and_a_tax_with_its_province():
    page = f"""\
{BUYER}                              BON DE COMMANDE N° BC26-00417
Date de commande  04/05/2026
Fournisseur :  Quincaillerie du Nord SAS      Chantier :  CP09
Réf.   Désignation          Qté   U.    P.U. HT   Montant HT   TGC
CIM    Ciment 25 kg         100   sac     1 000      100 000   11 %
TRSP   Transport              1   voy.   10 000       10 000    6 %
                                         Total HT        110 000 XPF
                                         TGC 11 %         11 000 XPF
                                         TGC 6 %             600 XPF
                                         Total TTC       121 600 XPF
"""
    found = read(page)
    assert money(found) == ("110000.00", "11600.00", "121600.00")
    canadian = f"""\
{BUYER}                              PURCHASE ORDER  MCC-PO-20114
ISSUED  Sep 17, 2026
VENDOR  Velmor Trading (Pty) Ltd              PROJECT  CP09
#  SKU      Description           Qty   UoM    Unit price    Amount
1  SCR-1    Drywall screw 1-1/4"   10   box      $50.00     $500.00
FOB                                      Subtotal             $500.00
Destination                              HST 13% (ON)          $65.00
                                         Total CAD            $565.00
"""
    found = read(canadian)
    assert money(found) == ("500.00", "65.00", "565.00")


def test_awarded_to_names_the_supplier_of_a_tenders_award():
    page = f"""\
{BUYER}                        AWARD AND PURCHASE ORDER
Order No.  CIV-PO-40018                   Order date  03 Oct 2026
AWARDED TO                                DELIVER TO
Tygerberg Pipe Supplies (Pty) Ltd         Site CP09
Item  Code    Description            Qty  Unit   Rate        Amount
1     P-110   uPVC pipe 110 mm        10  m      100.00     1,000.00
                                          Order value excl. VAT  R 1,000.00
                                          VAT 15%                R   150.00
                                          Order value incl. VAT  R 1,150.00
"""
    found = read(page)
    assert found["supplier_name"] == "Tygerberg Pipe Supplies (Pty) Ltd"


def test_a_sites_code_on_the_second_line_under_deliver_to():
    page = f"""\
Harbour Ironmongery Ltd                      ORDER ACKNOWLEDGEMENT
Your Order No.  LON-50112                    Your Order Date  6 Sep 2026
Invoice to                                   Deliver to
{BUYER:<45}{BUYER}
{"Accounts Payable, 3 Dock Road":<45}LDS-07 - Leeds library extension
Ref   Code      Description                 Qty  Unit   Nett £
01.1  LCK-S64   Sashlock 64 mm case          10  each   500.00
                                             Goods total      500.00
                                             VAT 20%          100.00
                                             Total            600.00
"""
    found = read(page)
    assert found["project_code"] == "LDS-07"
    assert flagged(found, "project_code")  # a code no site has


def test_a_known_supplier_printed_in_capitals_is_the_offices_spelling():
    page = """\
LANGA HARDWARE & PAINT                       TRADE ORDER SLIP
Your Order No.  MZW/2241                     Date  21/02/2026
Site  CP09
Qty   Description                            Price      Amount
  4   Paint brush 75 mm                      25.00      100.00
                                             TOTAL     100.00
"""
    found = read(page)
    assert found["supplier_name"] == "Langa Hardware & Paint"


def test_a_catalan_order():
    # refused whole: 'Núm. comanda' named no number, 'PROVEÏDOR' no supplier, and 'Base
    # imposable' and 'TOTAL COMANDA' no foot
    page = f"""\
{BUYER}                              COMANDA DE SUBMINISTRAMENT
Carrer de Pallars, 12, 08005 Barcelona      Núm. comanda  CB26-1120
                                            Data  14/04/2026
PROVEÏDOR                                   OBRA
Fusteria Montseny, S.L.                     CP09 - Escola de les Corts
Línia  Codi      Descripció                Quantitat  Unitat  Preu unitari   Import
10     POR-80    Porta de fusta 80 cm              2  u        250,00 €   500,00 €
Preus fixos i no revisables.                Base imposable        500,00 €
                                            IVA 21 %              105,00 €
                                            TOTAL COMANDA         605,00 €
"""
    found = read(page)
    assert found["po_number"] == "CB26-1120"
    assert not flagged(found, "po_number")
    assert found["supplier_name"] == "Fusteria Montseny, S.L."
    assert found["project_code"] == "CP09"
    assert money(found) == ("500.00", "105.00", "605.00")


def test_the_one_tax_between_the_subtotal_and_the_total_after_a_note():
    # 'Add: GST 9%' after a note's cell named no tax (its 'Add:' with a colon), and with the
    # total now read by its label ('Total Amount (S$)') the one charge between was left unread
    page = f"""\
{BUYER}                                   PURCHASE ORDER
P.O. No.: MCS/PO/2606/0112                  Date: 20/05/2026
To: Velmor Trading (Pty) Ltd                Job No.: CP09
S/N  Description                 Qty  Unit   Unit Price     Amount
1    Cement 50 kg                100  bag         10.00   1,000.00
Remarks:                                         Sub-Total   1,000.00
1. Please quote our P.O. No. on all Delivery Orders.  Add: GST 9%     90.00
2. Unsigned Delivery Orders will not be paid.   Total Amount (S$)   1,090.00
"""
    found = read(page)
    assert found["currency"] == "SGD"
    assert money(found) == ("1000.00", "90.00", "1090.00")
    assert "totals_mismatch" not in found["warnings"]


def test_a_name_cut_at_its_lines_end_is_no_supplier():
    # a counterfoil's narrow 'Supplier' box wraps the name ('Caribbean Hardware &' over
    # 'Building Supplies Ltd'); the name beside 'To' on the order's own half is whole
    page = f"""\
{BUYER}
L.P.O. No.  004480                         Date  21/02/2026
Supplier        To  Kingston Hardware & Building Supplies Ltd
Kingston Hardware &
Building Supplies Ltd
Job No.  DBN07
QTY  UNIT  DESCRIPTION                 UNIT COST      AMOUNT
 5   bag   Cement 42.5 kg bag           2,000.00   10,000.00
                                       SUB-TOTAL      10,000.00
                                       GCT @ 15%       1,500.00
                                       TOTAL J$       11,500.00
"""
    found = read(page)
    assert found["supplier_name"] == "Kingston Hardware & Building Supplies Ltd"


# Found by a second reading of the rules above: each a page where a first version of them
# took a wrong value with no flag.
FOOT = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  PO-26-4410                       Date  03/09/2026
Supplier  Velmor Trading (Pty) Ltd          Site  CP09
QTY  UNIT  DESCRIPTION                 UNIT COST      AMOUNT
 5   bag   Cement 42.5 kg bag           2,000.00   10,000.00
                                       SUB-TOTAL      10,000.00
{{between}}
"""


def test_one_charge_between_the_subtotal_and_the_total_is_a_tax_only_by_a_taxs_name():
    for charge in ("Fuel surcharge", "Customs duty", "Delivery (tax exempt)", "Delivery incl. VAT"):
        page = FOOT.format(between=f"{charge:>54}  500.00\n{'TOTAL':>45}      10,500.00")
        found = read(page)
        assert found["tax"] is None, charge
        assert flagged(found, "tax")


def test_a_total_label_in_two_cells_and_a_totals_kin_with_its_tax():
    # 'TOTAL  VAT incl.' is one label in two cells, not a label before another one's amount
    page = FOOT.format(
        between=f"{'VAT included (15%)':>58}  1,500.00\n{'TOTAL    VAT incl.':>58}  11,500.00"
    ).replace("SUB-TOTAL      10,000.00", "")
    assert read(page)["total"] == "11500.00"
    # 'Total discount (incl. VAT)' is no total
    page = FOOT.format(
        between=f"{'VAT 15%':>45}       1,500.00\n{'TOTAL':>45}      11,500.00\n"
        f"{'Total discount (incl. VAT)':>58}  575.00"
    )
    assert money(read(page)) == ("10000.00", "1500.00", "11500.00")


def test_a_name_cut_beside_its_label_is_joined_to_its_rest():
    page = FOOT.format(between=f"{'VAT 15%':>45}       1,500.00\n{'TOTAL':>45}      11,500.00")
    page = page.replace(
        "Supplier  Velmor Trading (Pty) Ltd          Site  CP09",
        "Supplier  Caribbean Hardware &              Site  CP09\n          Building Supplies Ltd",
    )
    assert read(page)["supplier_name"] == "Caribbean Hardware & Building Supplies Ltd"


def test_a_clients_po_on_our_own_order_is_not_its_number():
    page = FOOT.format(between=f"{'VAT 15%':>45}       1,500.00\n{'TOTAL':>45}      11,500.00")
    page = page.replace("Order No.  PO-26-4410", "Client PO  4500012345\nPO Number  PO-26-4410")
    assert read(page)["po_number"] == "PO-26-4410"


def test_dh_is_moroccos_dirham_after_money_only_and_flagged_without_a_moroccan_phone():
    page = FOOT.format(between=f"{'VAT 15%':>45}       1,500.00\n{'TOTAL':>45}      11,500.00")
    window = page.replace("Cement 42.5 kg bag  ", "Window 1 200 x 1 500 DH")
    assert read(window)["currency"] != "MAD"
    dirhams = page.replace("10,000.00\n", "10,000.00 DH\n").replace("11,500.00", "11,500.00 DH")
    found = read(dirhams + "Tel +971 4 999 1234\n")
    assert found["currency"] == "MAD"
    assert flagged(found, "currency")
    assert not flagged(read(dirhams + "Tél. +212 5 22 66 41 00\n"), "currency")


def test_a_code_in_words_is_a_sites_only_in_capitals_and_after_site_with_a_hyphen():
    page = FOOT.format(between=f"{'VAT 15%':>45}       1,500.00\n{'TOTAL':>45}      11,500.00")
    page = page.replace("          Site  CP09", "")
    for words, code in (
        ("Deliver to: our yard - Project NAD-0412", "NAD-0412"),
        ("Deliver to: WHK-19 site office", "WHK-19"),
        ("Attend the PPE2 site induction first", None),
        ("Deliver to: our project abc123 yard", None),
    ):
        found = read(page.replace("Supplier  Velmor", f"{words}\nSupplier  Velmor"))
        assert found["project_code"] == code, words


def test_the_dollars_of_australia_and_singapore_with_two_letters():
    page = FOOT.format(between=f"{'GST 10%':>45}       1,000.00\n{'TOTAL AU$':>45}      11,000.00")
    assert read(page)["currency"] == "AUD"
    assert read(page.replace("AU$", "SG$"))["currency"] == "SGD"
