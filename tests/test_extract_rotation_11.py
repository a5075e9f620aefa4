"""Kinds of print rotation 11's families showed once they became dev families: an order's
reference with 'PO' as one of its parts beside a requisition's number, the taka, a local
purchase order's 'LPO No.', the VAT a total includes '(included above)', labels in two
languages each in a cell of its own ('Rhif Archeb  / Order No.'), a business system's foot
('Merchandise Total', 'Sales Tax  EXEMPT', 'PO Total'; 'Net value of services', 'Input tax
V1 15 %', 'Order value'), Spanish's 'TOTAL ORDEN', and the dollars written with their
country's letters. Each page is made up here."""

from __future__ import annotations

from app.extract import engine, tables
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import BUYER, flagged
from tests.test_extract_rotation_8 import read as read_text


def read(text: str, **more) -> dict:
    return engine.as_po(read_text(text, **more))


def money(payload: dict) -> tuple:
    return payload["subtotal"], payload["tax"], payload["total"]


def test_a_reference_with_po_among_its_parts_beats_a_requisitions_number():
    # the requisition's number was read as the order's, and 'Tk.' named no currency
    page = f"""\
{BUYER}
Ref: MCX/SCM/PO/26/1175                                      Date: 14-06-2026
                              PURCHASE ORDER
To,                                       Project:          DBN07
Velmor Trading (Pty) Ltd                  Requisition No.:  MRQ-DBN07-318
SL  Description                  Unit   Quantity   Rate (Tk.)   Amount (Tk.)
1   Cement 50 kg                 Bag          40       560.00      22,400.00
2   Sand, coarse                 cft         100        45.00       4,500.00
                                        Total Amount             26,900.00
                                        Add: VAT @ 15%            4,035.00
                                        Grand Total (Tk.)        30,935.00
"""
    payload = read(page)
    assert payload["po_number"] == "MCX/SCM/PO/26/1175"
    assert payload["currency"] == "BDT"
    assert money(payload) == ("26900.00", "4035.00", "30935.00")


def test_a_requisitions_number_is_never_the_orders():
    page = f"""\
PURCHASE ORDER
{BUYER}
Supplier   Velmor Trading (Pty) Ltd       Date             14/06/2026
Site       DBN07                          Requisition No.  RQ-20318
Code     Description          Qty   Unit     Price      Amount
CEM-50   Cement 50 kg          40   bag      95.00    3 800.00
                                       Subtotal       3 800.00
                                       VAT 15%          570.00
                                       Total          4 370.00
"""
    # no other number is printed: a person types it, as for any page without one
    payload = read(page)
    assert payload["po_number"] is None
    assert "low_confidence:po_number" in payload["warnings"]


def test_a_local_purchase_orders_number_and_the_vat_its_total_includes():
    # 'LPO No.' was no PO label, and 'VAT @ 7.5% (included above)' no tax
    page = f"""\
{BUYER}
                    LOCAL PURCHASE ORDER
VENDOR                                    LPO No.    MCX/ABJ/LPO/26/0412
M/S Velmor Trading (Pty) Ltd              Date       3rd May, 2026
Site        DBN07
S/N  Item Code  Description          UoM    Qty   Unit Price   Amount
1    CEM-42     Cement 42.5R 50 kg   bag    100     9,675.00   967,500.00
2    ROD-12     Rod 12 mm x 12 m     length  40     8,062.50   322,500.00
Total Amount (VAT Inclusive)                        1,290,000.00
VAT @ 7.5% (included above)                            90,000.00
"""
    payload = read(page)
    assert payload["po_number"] == "MCX/ABJ/LPO/26/0412"
    assert payload["supplier_name"] == "Velmor Trading (Pty) Ltd"
    assert money(payload) == ("1200000.00", "90000.00", "1290000.00")


def test_labels_in_two_languages_each_in_a_cell_of_its_own():
    # the English label after its stroke ('/ Order No.') was no label, so neither the
    # number, the project nor the foot was read
    page = """\
Bwrdd Iechyd Cwm Taf                                     ARCHEB BRYNU
Procurement Department                                   PURCHASE ORDER
                                  Rhif Archeb  / Order No.   4B771203
                                  Dyddiad  / Date            21/05/2026
Cyflenwr  / Supplier
Velmor Trading (Pty) Ltd
Danfon i  / Deliver to             Prosiect  / Project   PE-220
Line  Item code  Description            Qty   UOM    Unit price   Net value
1     DS-1230    Doorset FD30S 1230 mm   12   each     1,050.00   12,600.00
2     CG-75      Corner guard 75 mm      20   each        25.00      500.00
                                      Cyfanswm net  / Net total
                                                              £13,100.00
                                      TAW  / VAT @ 20%         £2,620.00
                                      Cyfanswm  / Total GBP   £15,720.00
"""
    payload = read(page)
    assert payload["po_number"] == "4B771203"
    assert payload["project_code"] == "PE-220"
    assert money(payload) == ("13100.00", "2620.00", "15720.00")


def test_a_business_systems_foot_with_no_tax_owed():
    # 'Merchandise Total', 'PO Total' and 'Sales Tax  EXEMPT' were no foot labels
    page = f"""\
{BUYER}                                   PURCHASE ORDER
                                          PO Number   P20031877
Supplier   Velmor Trading (Pty) Ltd       PO Date     03/11/2026
Project    CP09
Line  Qty  UOM  Catalog No.  Description            Unit Cost     Extended
1       8  EA   EW-DCK       Eyewash, deck-mounted     410.00     3,280.00
2       2  EA   LC-3030      Wall cabinet 30 x 30    1,030.00     2,060.00
Tax exempt: the owner is exempt from sales tax.       Merchandise Total   5,340.00
Freight included.                                     Freight             Included
                                                      Sales Tax           EXEMPT
                                                      PO Total           $5,340.00
"""
    payload = read(page)
    assert money(payload) == ("5340.00", "0.00", "5340.00")
    assert not flagged(payload, "tax")


def test_a_service_orders_foot():
    # 'Net value of services', 'Input tax V1 15 %' and 'Order value ZAR' were no foot labels
    page = f"""\
{BUYER}                                   SERVICE ORDER
Purchasing doc.  4610019921               Doc. date  12.03.2026
Service provider  Velmor Trading (Pty) Ltd
Site  CP09
Line  Service No.  Short text                     Quantity  Un   Gross price    Net value
10    3000131      Lifting gear inspection           12    EA        400.00     4,800.00
20    3000152      Extinguisher service               4    EA        125.00       500.00
                                       Net value of services               5,300.00
                                       Input tax V1 15 %                    795.00
                                       Order value ZAR                    6,095.00
"""
    payload = read(page)
    assert money(payload) == ("5300.00", "795.00", "6095.00")
    assert not any(flagged(payload, name) for name in ("subtotal", "tax", "total"))


def test_total_orden_and_colombias_pesos():
    # 'TOTAL ORDEN' was no total label, and '$' with Colombia's withholdings read as the US
    # dollar
    page = f"""\
{BUYER}                                  ORDEN DE COMPRA
                                         No. OC-4410
Señores:  Velmor Trading (Pty) Ltd       Fecha: 05/03/2026
Proyecto:  DBN07
Ítem  Código   Descripción          Unidad  Cantidad   Vr. Unitario    Vr. Total
1     TEJ-6    Teja No. 6           UND           50       $ 40.000   $ 2.000.000
2     ALA-18   Alambre negro        KG            10       $ 10.000     $ 100.000
Retenciones (informativo)                            Subtotal       $ 2.100.000
ReteIVA 15%  $ 59.850
                                                     IVA 19%          $ 399.000
                                                     TOTAL ORDEN    $ 2.499.000
"""
    payload = read(page)
    assert money(payload) == ("2100000.00", "399000.00", "2499000.00")
    assert payload["currency"] == "COP"
    assert flagged(payload, "currency")


def test_dollars_written_with_their_countrys_letters():
    # 'S$' named no currency: the office's own was read, with no warning
    page = f"""\
{BUYER}                                       PURCHASE ORDER
To:                                       P.O. No.:  MCS/PO/2611/0042
Velmor Trading (Pty) Ltd                  Date:      20/05/2026
Job No.:  CP09
S/No  Description               Qty  Unit   Unit Price (S$)   Amount (S$)
1     PU sealant 600 ml          10  ctn             240.00      2,400.00
2     Washed sand                 2  ton              40.00         80.00
                                          Sub-Total           2,480.00
                                          Add: GST 9%           223.20
                                          Total Amount (S$)   2,703.20
"""
    payload = read(page)
    assert payload["currency"] == "SGD"


def test_a_dollar_code_beside_the_sign_and_an_insulations_r_value():
    # 'R2.5' (an insulation's rating) was counted as the rand, and '$' as the US dollar
    page = f"""\
{BUYER}                                       PURCHASE ORDER
Order No.  MCA-PO-31200                   Order date  16/04/2026
Supplier   Velmor Trading (Pty) Ltd
Job        CP09
Code       Description                     Qty  Unit   Rate     Amount
INS-R25    Wall batts R2.5, 6.5 m2 pack     60  pk    71.70   4,302.00
TR64       Steel track 64 mm x 3000         10  len    8.50      85.00
                         This order (ex GST)            4,387.00
                         GST 10%                          438.70
                         Order total inc GST  AUD  $    4,825.70
"""
    payload = read(page)
    assert payload["currency"] == "AUD"


def test_a_dollar_by_the_pages_addresses():
    # '$' alone was the US dollar: the page's addresses are in New Zealand (flagged still)
    page = """\
MERIDIAN CONSTRUCTION NZ LIMITED                          PURCHASE ORDER
Phone 09 307 4410  subcontracts@meridian-construction.co.nz   Order No.  MCNZ-30117
TO  Velmor Trading (Pty) Ltd                              Order date 20/10/2026
Job CP09
Code     Description                 Qty  Unit      Rate      Amount
FC-01    Facade panel 1200 x 2400     20  each   1,500.00  30,000.00
                                     Order value excl. GST   $30,000.00
                                     GST 15%                  $4,500.00
                                     Order value incl. GST   $34,500.00
"""
    payload = read(page)
    assert payload["currency"] == "NZD"
    assert flagged(payload, "currency")


def test_the_ordered_quantity_beside_a_takeoffs_and_its_waste():
    # 'Takeoff qty' was read as the quantity and 'Waste %' as a discount
    page = f"""\
{BUYER}                                       MATERIAL ORDER
Order No.  MCA-PO-31877                   Order date  16/04/2026
Supplier   Velmor Trading (Pty) Ltd
Job        CP09
Item code   Description                  Takeoff qty  Waste %  Order qty  Unit  Unit price   Amount
TR64-3000   Steel track 64 mm x 3000          8.88     12.5         10  len        8.50     85.00
PB13-2712   Plasterboard 13 mm 2700 x 1200   44.44     12.5         50  sht       23.87  1,193.50
                                                    Subtotal                    1,278.50
                                                    VAT 15%                       191.78
                                                    Total                       1,470.28
"""
    payload = read(page)
    assert [(i["quantity"], i.get("discount")) for i in payload["items"]] == [
        ("10", None),
        ("50", None),
    ]
    assert not flagged(payload, "items")


def test_a_letter_addressed_to_a_post_at_the_supplier():
    # 'To,' with its comma was no label; under it a post is no supplier's name
    page = f"""\
{BUYER}
PURCHASE ORDER
To,                                          PO No.:   MCN/PO/083-84/0611
M/s. Velmor Trading (Pty) Ltd                Date:     20 Aug 2026
Balaju Industrial Area                       Project:  CP09
S.N.  Code    Particulars          Unit   Qty      Rate     Amount
1     BRK-01  Brick, first class   Pcs    400     21.00   8,400.00
                                          Taxable Amount   8,400.00
                                          13% VAT          1,092.00
                                          Grand Total      9,492.00
"""
    payload = read(page)
    assert payload["supplier_name"] == "Velmor Trading (Pty) Ltd"
    letter = page.replace(
        "M/s. Velmor Trading (Pty) Ltd       ", "The Managing Director             "
    )
    letter = letter.replace("Balaju Industrial Area", "Velmor Trading (Pty) Ltd")
    assert read(letter)["supplier_name"] != "The Managing Director"


def test_a_currency_code_inside_a_sites_code_is_none():
    # 'NP-PKR02' counted as the Pakistani rupee, against the page's 'Amount (NPR)'
    page = f"""\
{BUYER}                                   PURCHASE ORDER
PO No.:  MCN/PO/082-83/0849               Date:  05/02/2026
Supplier:  Velmor Trading (Pty) Ltd
Project:  NP-PKR02                        Delivery site: NP-PKR02, Pokhara
Code    Particulars           Unit   Qty     Rate    Amount (NPR)
BRK-01  Brick, first class    Pcs    400    21.00       8,400.00
                                          Taxable Amount   8,400.00
                                          13% VAT          1,092.00
                                          Grand Total      9,492.00
"""
    payload = read(page)
    assert payload["currency"] == "NPR"


def test_a_suppliers_confirmation_in_slovak():
    # 'Vaša objednávka č.' and 'Zo dňa' (our order's number and date), 'Zákazka' (the job)
    # were unknown, and 'Spolu s DPH' was added to the VAT as a charge
    page = """\
KLIMAX Slovakia, s.r.o.
POTVRDENIE OBJEDNÁVKY č. 2633999
Odberateľ                                          Miesto dodania
Meridian Construction (Pty) Ltd                    Polyfunkčný objekt Nivy
Vaša objednávka č.:  MCS/OBJ/26/0512               Dátum potvrdenia:  23. 4. 2026
Zo dňa:  21. 4. 2026                               Termín dodania:  18. 5. 2026
Zákazka:  CP09                                     Doprava:  vlastná
P.č.  Kód      Názov tovaru                    Množstvo  MJ   Cena/MJ   Spolu bez DPH
1.    KX-MS80  Multisplit 8,0 kW                   2,00  ks   1 800,00       3 600,00
2.    R32-9    Chladivo R32, fľaša 9 kg           10,00  ks     190,00       1 900,00
                                              Spolu bez DPH      5 500,00 €
                                              DPH 23 %           1 265,00 €
                                              Spolu s DPH        6 765,00 €
                                              Celkom k úhrade    6 765,00 €
"""
    payload = read(page, supplier_names=("KLIMAX Slovakia, s.r.o.",))
    assert payload["po_number"] == "MCS/OBJ/26/0512"
    assert payload["po_date"] == "2026-04-21"
    assert payload["project_code"] == "CP09"
    assert money(payload) == ("5500.00", "1265.00", "6765.00")


def test_a_word_after_order_is_no_number():
    # 'Order PDF generated 2026-08-25 11:44' gave the number 'PDF', then '11'
    page = f"""\
ProcureFlow  |  {BUYER}            Order PDF generated 2026-08-25 11:44 GMT
Purchase Order PO-UK-0042377        Ordered
SUPPLIER  Velmor Trading (Pty) Ltd
Order date   Project
2026-08-25   CP09
#  Description                 Qty  UoM  Unit price   Net amount
1  Multi-purpose screws 5x60     2  BX       10.40        20.80
2  Gaffer tape 50 mm             6  RO        5.64        33.84
                                     Subtotal            £54.64
                                     VAT 20%             £10.93
                                     Total GBP           £65.57
"""
    payload = read(page)
    assert payload["po_number"] == "PO-UK-0042377"


def test_a_contracts_number_made_of_the_sites_code():
    # 'Contract ME/CP09/EL-01' was read as the project, the site CP09 printed beside it
    page = f"""\
{BUYER}                                   PURCHASE ORDER
PO number   PO date      Vendor no.  Contract        Currency
MEC-261294  08-JUN-2026  216870      ME/CP09/EL-01   ZAR
Vendor                                    Ship to
Velmor Trading (Pty) Ltd                  Meridian Construction - CP09
Ln    Description                     Qty  UoM    Unit price   Net amount
0010  Circuit breaker 1-pole 10 A       3  each        77.91       233.73
                                      Net value                     233.73
                                      VAT 15.00% (S1)                35.06
                                      Order total ZAR               268.79
"""
    payload = read(page)
    assert payload["project_code"] == "CP09"
    assert money(payload) == ("233.73", "35.06", "268.79")
    assert not flagged(payload, "tax")


def test_squares_and_cubes_are_kept_in_a_description():
    page = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MC-44871                       Date  10/05/2026
Supplier   Velmor Trading (Pty) Ltd
Site       CP09
Code       Description                       Qty  Unit      Rate      Amount
MW-100     Mineral wool 100 mm, 6 m²           8  pack     31.00      248.00
CON-25     Concrete 25 MPa, per m³             2  load  1 450.00    2 900.00
                                          Subtotal            3 148.00
                                          VAT 15%               472.20
                                          Total               3 620.20
"""
    payload = read(page)
    assert [i["description"] for i in payload["items"]] == [
        "Mineral wool 100 mm, 6 m²",
        "Concrete 25 MPa, per m³",
    ]


def test_an_english_foot_label_under_its_arabic_translation():
    # each amount stands beside the Arabic label, the English one under it; the '60' of a
    # payment term in Arabic beside 'VAT 15%' was read as the tax
    page = f"""\
{BUYER}                                        PURCHASE ORDER
Order No.  PO-RUH-26-5301
Supplier  Velmor Trading (Pty) Ltd        Date  31/03/2026
Project   CP09
#   Item code   Description            Unit   Qty    Unit price     Amount
1   SA-SND-W    Washed sand            M3      40         50.00   2,000.00
2   SA-BIT-20   Bitumen primer, 20 l   DRUM    10        180.00   1,800.00
الإجمالي غير شامل الضريبة    ر.س SAR 3,800.00    الدفعات
  Total excl. VAT                                 Payments
ضريبة القيمة المضافة 15%      ر.س SAR 570.00      دفعة مقدمة 30%
    VAT 15%                    الباقي خلال 60 يوماً من تاريخ الفاتورة
الإجمالي شامل الضريبة         ر.س SAR 4,370.00
  Total incl. VAT
"""
    payload = read(page)
    assert money(payload) == ("3800.00", "570.00", "4370.00")


def test_the_one_charge_between_subtotal_and_total_before_a_registration():
    # the VAT line's label was not read, so the supplier's VAT registration number was taken
    # for the tax
    page = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MC-45120                       Date  10/05/2026
Supplier   Velmor Trading (Pty) Ltd       VAT 4068495914
Site       CP09
Code       Description                     Qty  Unit      Rate      Amount
CB-1P10    Circuit breaker 1-pole 10 A      10  each     80.00     800.00
                                   Net value of goods             800.00
                                   VAT (S1) at 15.00%             120.00
                                   Order total ZAR                920.00
"""
    payload = read(page)
    assert payload["tax"] == "120.00"


def test_a_suppliers_customer_order_form_beside_a_quote_number():
    # 'CUSTOMER ORDER FORM' was no title, so the 'QUOTE NO.' box in capitals made the page a
    # quotation, refused
    page = """\
VELMOR TRADING                                  CUSTOMER ORDER FORM
Velmor Trading (Pty) Ltd                        FORM VT-ICR-2
CUSTOMER NAME                                   ACCOUNT NO.
MERIDIAN CONSTRUCTION PTY LTD                   MER0412
YOUR ORDER NO.   ORDER DATE     QUOTE NO.
MC132990         08/04/2026     WQ59001
SITE / PROJECT CODE
CP09
LINE  PRODUCT CODE  DESCRIPTION              QTY  UNIT   UNIT PRICE   LINE TOTAL
01    10032         CEMENT CEM II 32,5R       24  BAG        90.95      2182.80
02    20040         HYDRATED LIME, 40 KG      15  BAG        98.28      1474.20
                                            TOTAL EXCL VAT            3657.00
                                            VAT 15%                    548.55
                                            TOTAL INCL VAT            4205.55
"""
    assert engine.document_kind(text_lines(page)) == "purchase_order"
    payload = read(page)
    assert payload["po_number"] == "MC132990"
    assert money(payload) == ("3657.00", "548.55", "4205.55")


def test_an_order_written_as_clauses_under_a_long_title():
    # 'ORDER FOR THE SUPPLY OF MATERIALS' (six words) was no title, and the value of 'Your
    # ref.:', 'Quotation Q52197', made the page a quotation
    page = f"""\
{BUYER}
Order No.:  MCC/SO/611/26          Our ref.:  COM/CP09/41
Date:  1 May 2026                  Your ref.:  Quotation Q52100
ORDER FOR THE SUPPLY OF MATERIALS
1.  PARTIES
1.1  The Supplier:  Velmor Trading (Pty) Ltd, of 14 Neutron Street, Atlantis.
2.  SCOPE OF SUPPLY
2.1  Tie rod DW15, 1.0 m: quantity 40, unit each, at R 128.88 per unit, amounting to R 5,155.20.
3.  PRICE
3.1  The order value is R 5,155.20 excluding VAT; VAT at 15% amounts to R 773.28.
"""
    assert engine.document_kind(text_lines(page)) == "purchase_order"
    payload = read(page)
    assert payload["po_number"] == "MCC/SO/611/26"
    assert payload["po_date"] == "2026-05-01"


def test_a_title_with_its_number_after_a_number_sign():
    # the number must be the first word after the label, but a number sign may stand before it
    page = f"""\
{BUYER}                                     Lubumbashi, le 22 avril 2026
BON DE COMMANDE N° BC/LSH/26/0777
FOURNISSEUR                               LIVRAISON
Velmor Trading (Pty) Ltd                  Projet : CP09
Avenue Kasaï n° 214, Lubumbashi
Code     Désignation             Qté   Unité    Prix unitaire      Montant
CIM-42   Ciment CEM II 42,5 R     40   sac              12.50       500.00
                                           Total HT               500.00
                                           TVA 16 %                80.00
                                           Total TTC              580.00
"""
    assert read(page)["po_number"] == "BC/LSH/26/0777"


def test_a_site_copys_ordered_quantities_are_no_more_items():
    # the site's copy of an order lists 'Qty ordered' with no prices: no more items
    page = f"""\
{BUYER}                                   PURCHASE ORDER
To       Velmor Trading (Pty) Ltd         Order No.   26/2099
Site     CP09                             Order date  9-Feb-26
Ln  Supplier code  Description                Qty   Unit    Unit price   Line total
1   HG-100         Butt hinge 100 mm steel    100   pair         32.20     3 220.00
2   CB-6012        Ceiling board 6.4 mm        30   sheet       124.86     3 745.80
                                           Total excl. VAT         6 965.80
                                           VAT @ 15%               1 044.87
                                           Total incl. VAT         8 010.67
PART 2 - SITE COPY - GOODS RECEIVED
Ln  Supplier code  Description                Qty ordered  Unit   Qty received  Remarks
1   HG-100         Butt hinge 100 mm steel            100  pair
2   CB-6012        Ceiling board 6.4 mm                30  sheet
"""
    assert [i["quantity"] for i in read(page)["items"]] == ["100", "30"]


def test_an_items_accounts_under_it_are_no_description():
    # a public body's account string under each line ran on into its description
    page = f"""\
{BUYER}                                   PURCHASE ORDER
                                          PO Number   P10425777
Supplier  Velmor Trading (Pty) Ltd        PO Date     02/24/2026
Project   CP09
Line  Qty  UOM  Catalog No.  Description                   Unit Cost      Extended
1       8  EA   EW-DCK       Deck-mounted eyewash, swivel     409.10      3,272.80
                             Fund 4E1035 - Org 88021 - Account 731500 - Program 60 - Project CP09
2       2  EA   LC-W3030     Steel wall cabinet, glass doors 1,032.33     2,064.66
                             Fund 4E1032 - Org 88021 - Account 731500 - Program 60 - Project CP09
                                                 Merchandise Total      5,337.46
                                                 Sales Tax              EXEMPT
                                                 PO Total              $5,337.46
"""
    assert [i["description"] for i in read(page)["items"]] == [
        "Deck-mounted eyewash, swivel",
        "Steel wall cabinet, glass doors",
    ]


def test_a_groups_heading_with_its_code_is_no_item_running_on():
    # a takeoff's group heading ('C04  Ceilings, set and finish', its words starting under the
    # codes' head) ran on into the item above, which lost its price
    page = f"""\
{BUYER}                                       MATERIAL ORDER
Order No.  MCA-PO-31900                   Order date  16/04/2026
Supplier   Velmor Trading (Pty) Ltd
Job        CP09
Item code               Description                     Qty  Unit   Unit price     Amount
C01  Partition P1 - 64 mm stud, 13 mm board              Dwg A-201
TR64-3000               Steel track 64 mm x 3000         10  len          8.50      85.00
INS-R25W                Wall batts 430 mm, 6.5 m2 pack   60  pk          71.70   4,302.00
C04  Ceilings, set and finish                            Dwg A-301
FC28-4000               Furring channel 28 mm x 4000     60  len          5.86     351.60
                                                  Subtotal             4,738.60
                                                  GST 10%                473.86
                                                  Total                5,212.46
"""
    payload = read(page)
    assert [(i["item_code"], i["unit_price"]) for i in payload["items"]] == [
        ("TR64-3000", "8.50"),
        ("INS-R25W", "71.70"),
        ("FC28-4000", "5.86"),
    ]


def test_a_rows_cell_past_its_headers_columns_is_left_out():
    # a cell placed past the header's last column stopped the reading with an IndexError
    row = tables.RawRow(
        [tables.Column("description", 0, 10), tables.Column("quantity", 20, 25)],
        {0: "Cement 50 kg", 1: "5", 2: "stray"},
    )
    assert (row.text("description"), row.text("quantity")) == ("Cement 50 kg", "5")
