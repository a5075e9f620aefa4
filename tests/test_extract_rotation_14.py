"""Kinds of print rotation 14's families showed once they became dev families: a supplier's
label with a remark in brackets beside it and the name under it, the legal name's own label
('Razón social', 'Raison sociale'), the marks of the dinar, the vatu and the tala, a round
bar's size that is no rand, a legal form that is no euro, a dollar named in words beside
'US$', our order's date on a supplier's sales order, a supplier's own job number, a pair of
labels beside another pair, a known supplier's legal form in a cell of its
own or greeted in a mail, a terminal's spaced dot leaders, payment terms that are no subtotal,
a label under its translation, and our order named in Spanish on a supplier's page. Each page
is made up here."""

from __future__ import annotations

import pytest

from app.extract.engine import read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, after_title, flagged
from tests.test_extract_rotation_12_fields import money, read


def read_page(text: str) -> dict:
    """The page read by the kind its title names, as an upload is."""
    return read_page_text(text, **OFFICE)


REMARK = f"""\
{BUYER}                                       LOCAL PURCHASE ORDER
                                                  LPO No.   MCQ/LPO/26/01101
                                                  LPO Date  30-Mar-2026
VENDOR  (Code V1968)                              PROJECT / DELIVER TO
Mesaieed Ready Mix Concrete W.L.L.                DBN07 - School extension
S.No  Item Code  Description              Unit   Qty     Rate      Amount
1     RB-T12     Deformed steel bar T12   TON   6.00  2,543.30   15,259.80
                                          Sub Total            15,259.80
                                          VAT 5%                  762.99
                                          Total                16,022.79
"""


def test_a_remark_in_brackets_beside_the_suppliers_label_is_no_name():
    found = read(REMARK)
    assert found["supplier_name"] == "Mesaieed Ready Mix Concrete W.L.L."


@pytest.mark.parametrize("label", ["Razón social", "Raison sociale", "Razão social"])
def test_the_legal_names_own_label_is_no_name(label):
    from app.extract import validate

    assert validate.not_a_supplier(label, (BUYER,)) == "a label, not a name"


DINARS = f"""\
{BUYER}                                        BON DE COMMANDE N° BC-0412/2026
Fournisseur :  EURL Sidérurgie Commerce de l'Ouest     Date :  14/10/2026
Chantier :  DBN07
N°  Code    Désignation            U    Qté    P.U. HT (DA)    Montant HT (DA)
1   RB-12   Rond à béton Ø12       t      2     120 000,00       240 000,00
                                               Total HT       240 000,00 DA
                                               TVA 19 %        45 600,00 DA
                                               Total TTC      285 600,00 DA
"""


def test_dinars_by_their_mark_and_a_legal_form_that_is_no_euro():
    found = read(DINARS)
    assert found["currency"] == "DZD"
    assert money(found) == ("240000.00", "45600.00", "285600.00")


VATU = f"""\
{BUYER}                                    PURCHASE ORDER
PO Number  PO/7731                                 Date  14/10/2026
Supplier   Pacific Hardware Ltd                    Job No.  DBN07
Ln  Part No.  Description             Qty  UOM   Unit Price VT   Amount VT
1   FC-6      Fibre cement sheet 6 mm  30  sht         2,686       80,580
                                          Sub-total (excl. VAT)    80,580
                                          VAT 15%                  12,087
                                          TOTAL VT              VT 92,667
Prices worked at AUD 1 = VT 78.40.
"""

TALA = f"""\
{BUYER}                                    PURCHASE ORDER
PO Number  PO/7731                                 Date  01/03/2026
Supplier   Apia Building Supplies Ltd              Job No.  DBN07
Code     Description                   Qty  Unit      Price     Amount
RB-R10   Reinforcing bar R10 x 6m       15  length    16.65     249.75
CEM-42   Cement 42.5 kg bag             20  bag       30.00     600.00
                                   Items: 2   TOTAL SAT (VAGST incl.)   849.75
                                              VAGST included 15%        110.84
"""


def test_the_vatu_by_its_mark_beside_the_amounts_and_over_the_columns():
    found = read(VATU)
    assert found["currency"] == "VUV"
    assert flagged(found, "currency")  # the page names the Australian dollar too


def test_the_tala_by_its_mark_and_a_round_bars_size_that_is_no_rand():
    found = read(TALA)
    assert found["currency"] == "WST"


BAHAMIAN = f"""\
Carmichael Lumber & Building Supply Ltd.                          SALES ORDER
Carmichael Road, Nassau, The Bahamas                          Order Acknowledgement
SOLD TO                                        Sales Order #   SO-370701
{BUYER}                                        Order Date      02/06/2026
East Bay Street, Nassau                        Customer PO #   NAS18919
                                               PO Date         02/05/2026
Sails: Fri 02/27/2026 to Marsh Harbour
Ln  Item #   Description               Qty  U/M    Unit Price   Extension
1   BLK8     Concrete block 8 in         8  each         3.19       25.52
2   RB520    Rebar #5 x 20 ft           30  each        22.04      661.20
                                                  Subtotal          686.72
Prices in Bahamian dollars (B$1 = US$1).          VAT 10%            68.67
                                                  TOTAL B$        $755.39
"""


def test_a_dollar_named_in_words_beside_us_dollars_is_that_countrys():
    found = read(BAHAMIAN)
    assert found["currency"] == "BSD"


def test_our_orders_date_on_a_suppliers_sales_order_is_its_po_date_not_its_own():
    found = read(BAHAMIAN)
    assert found["po_number"] == "NAS18919"
    assert found["po_date"] == "2026-02-05"


def test_a_bare_order_date_on_a_suppliers_own_document_is_flagged():
    found = read(BAHAMIAN.replace("PO Date         02/05/2026", ""))
    assert found["po_date"] == "2026-02-06"
    assert flagged(found, "po_date")


DRAWING = f"""\
RUARAKA STEEL & GLASS WORKS LIMITED     Drawing for approval and order confirmation
ITEM  MARK    DESCRIPTION                          QTY  UNIT       RATE       AMOUNT
1     SSB-42  Stainless steel post balustrade      7.2  m     17,664.81   127,186.63
2     HR-51   Handrail 50.8 mm dia., SS 316       21.6  m      7,928.65   171,258.84
                                             Nett amount     298,445.47
                                             VAT 16%          47,751.28
                                             TOTAL           346,196.75
CLIENT                                       PROJECT
{BUYER}                                      DBN07 - Nyali beach hotel, annex
CLIENT ORDER No.   ORDER DATE   QUOTATION   JOB No.
NBI/PO/1594        02.03.2026   Q30754      J2681
"""


def test_the_suppliers_own_job_number_is_flagged_as_the_project():
    found = read(DRAWING, site_codes=("CP09", "DBN07", "K1234"))
    assert found["po_number"] == "NBI/PO/1594"
    assert found["project_code"] == "J2681"  # shaped like a site's code: the supplier's job
    assert flagged(found, "project_code")
    # the office's own site code under that label is proven
    found = read(DRAWING.replace("J2681", "K1234"), site_codes=("CP09", "DBN07", "K1234"))
    assert found["project_code"] == "K1234"
    assert not flagged(found, "project_code")


BELGIAN = f"""\
{BUYER}                                        Bouwmaterialen Van Damme NV
BESTELBON / BON DE COMMANDE
Nummer / Numéro      BB26-01388
Datum / Date         09/09/2026
Lev.nr. / N° fourn.   Uw offerte / Votre offre   Werf / Chantier   Leverdatum / Date de livraison
V1940                 Q90553                     DBN07             07/10/2026
Lijn  Artikel  Omschrijving           Aantal  Eenh.  Eenheidsprijs    Bedrag
1     120014   Betonblok 14x19x39          2  st              1,73      3,46
                                       Totaal excl. btw       3,46
                                       Btw 21 %               0,73
                                       Totaal incl. btw       4,19
"""


def test_a_pair_of_labels_beside_another_pair_is_no_label_and_its_value():
    found = read(BELGIAN)
    assert found["project_code"] == "DBN07"


LETTERHEAD = """\
STELLENBERG FENCING & GATES     (Pty) Ltd            SITE MEASURE & ORDER CONFIRMATION
Client order   MC/PO/4471                            Date   12/03/2026
Item  Description                 Qty  Unit      Rate      Amount
1     Clear-view fence 2.1 m       40  m       850.00   34,000.00
                                        Sub-total       34,000.00
                                        VAT 15%          5,100.00
                                        Total           39,100.00
"""

GREETING = """\
Purchase order MC/PO/4471
Issued 08/11/2026 - Project DBN07
Dear Athi River Cement & Building Supplies Ltd, please acknowledge the purchase order below.
#  Item code  Description            Qty  Unit   Unit price     Amount
1  MAB-G30    Iron sheet G30 x 3 m     6  sheet    1,210.41   7,262.46
                                        Subtotal (excl. VAT)   7,262.46
                                        VAT 16%                1,161.99
                                        Total                  8,424.45
"""


@pytest.mark.parametrize(
    ("page", "name"),
    [
        (LETTERHEAD, "Stellenberg Fencing & Gates (Pty) Ltd"),
        (GREETING, "Athi River Cement & Building Supplies Ltd"),
    ],
)
def test_a_known_supplier_with_its_legal_form_after_it_or_greeted_in_a_mail(page, name):
    found = read(page, supplier_names=(name,))
    assert found["supplier_name"] == name


SCREEN = f"""\
POR020        {BUYER}                       05/03/26
WS04PER12            Display Purchase Order                    14:20:15
Order number . . . . . : 4458664           Status . . . : 20 RELEASED
Order date . . . . . . : 05/03/26          Order type . : JB JOB ORDER
Job number . . . . . . : DBN07             Required . . : 14/03/26
Supplier . . . . . . . : 102020
  Name . . . . . . . . : SWAN VALLEY BUILDING SUPPLIES PTY LTD
Opt Ln  Item number  Description               Quantity  UM      Unit cost    Extension
_   1   AGG-20-BLU   AGGREGATE 20MM BLUE         15.000  M3          98.46     1,476.90
_   2   SND-PREM     PREMIUM CONCRETING SAND      0.750  M3          66.27        49.70
Goods value  . . . . . :  1,526.60   Currency . . : AUD
GST 10%  . . . . . . . :    152.66   Lines  . . . : 2
Order total  . . . . . :  1,679.26
"""


def test_a_terminals_spaced_dot_leaders_its_supplier_by_number_and_name_and_the_tax():
    found = read(SCREEN)
    assert found["project_code"] == "DBN07"
    assert found["supplier_name"] == "SWAN VALLEY BUILDING SUPPLIES PTY LTD"
    assert money(found) == ("1526.60", "152.66", "1679.26")


def test_payment_terms_after_a_net_label_are_no_subtotal():
    from app.extract import totals

    assert totals._amount("Netto 30 dagar", True) is None
    assert totals._amount("Net 30 days", False) is None
    assert totals._amount("Netto 1.234,50", True) == "1234.50"


TRANSLATED = f"""\
{BUYER}                                   ΕΝΤΟΛΗ ΑΓΟΡΑΣ
                                          PURCHASE ORDER
Προμηθευτής / Supplier                    Αρ. Εντολής
                                          Order No.     PO-26-1674
Larnaca Steel & Timber Co. Ltd            Ημερομηνία    10/06/2026
                                          Date
                                          Έργο          DBN07
                                          Project
Item  Code     Description              Qty  Unit     Price     Amount
1     RB-12    Rebar 12 mm               20  bar      12.50     250.00
                                          Sub-total           250.00
                                          VAT 19%              47.50
                                          Total               297.50
"""


def test_a_label_under_its_translation_takes_the_value_beside_the_translation():
    found = read(TRANSLATED)
    assert found["project_code"] == "DBN07"
    assert not flagged(found, "project_code")
    assert found["po_date"] == "2026-06-10"


SPANISH = """\
Materiales San Lorenzo S.A.                                NOTA DE PEDIDO
                                                           N° 001-003-0003796
Fecha de emisión: 19 de marzo de 2026
Su orden de compra N°: OC-1161/2026 de fecha: 18/03/2026
Obra: DBN07
Código   Cant.   Descripción                    Precio unitario     Importe
CHA-T35      8   Chapa trapezoidal cincada            135.558     1.084.464
"""


def test_our_order_named_in_spanish_on_a_suppliers_page_is_the_po_number():
    found = read(SPANISH)
    assert found["po_number"] == "OC-1161/2026"


PROFORMA = f"""\
UMUCYO HARDWARE & BUILDING MATERIALS LTD                              PROFORMA
KN 2 Ave, Kigali                                               No.   PF-26-02409
Tel: +250 788 304 410                                          Date: 12/06/2026
CLIENT
{BUYER}
Client PO No.: MCR/PO/26/1795
PO Date: 11/06/2026
No  Code       Description               Qty   Unit    Unit price        Total
1   CIM-425R   Cement CIMERWA 42.5R      2.00  bag      14,130.00    28,260.00
2   SND-RV     River sand                6.00  trip    164,405.00   986,430.00
                                                   TOTAL           1,014,690.00
"""


def test_a_proforma_raised_against_our_order_is_read_as_it_every_field_flagged():
    from app.extract.engine import QUOTED, as_po

    found = as_po(read_page(PROFORMA))
    assert found["document_type"] == "purchase_order"
    assert found["po_number"] == "MCR/PO/26/1795"
    assert QUOTED in found["warnings"]
    assert all(flagged(found, name) for name in ("po_number", "po_date", "total", "items"))


def test_a_quotation_that_names_no_order_of_ours_is_refused():
    from app.extract.document import ExtractionError
    from app.extract.engine import as_po

    page = PROFORMA.replace("Client PO No.: MCR/PO/26/1795", "Your ref.: telephone enquiry")
    with pytest.raises(ExtractionError, match="quotation"):
        as_po(read_page(page))


def test_a_code_after_a_colon_set_apart_from_its_label():
    from app.extract import fields

    assert fields.code(": KW-SAH02") == "KW-SAH02"
    assert fields.code(":") is None


def test_numbers_in_arabic_indic_digits_come_turned_on_a_page_read_in_order():
    from app.extract.layout import text_lines, western_digits

    assert western_digits("٦٢٠٢/٤٠/٣٢", turned=True) == "23/04/2026"
    assert western_digits("١٦٬٦٠٧٫٧٠٠ ١٦٪", turned=False) == "16,607.700 16%"
    page = "الشركة العربية للتجارة          المشروع  DBN07\nالمجموع الكلي        ٠٠٧٫٤٠٦٬١٢"
    words = [w.text for line in text_lines(page) for w in line.words]
    assert "21,604.700" in words


PLAIN = f"""\
{BUYER}                                   PURCHASE ORDER
PO Number  PO/7731                                 Date  12/10/2026
Supplier   Langa Hardware & Paint                  Site  DBN07
Code     Description                        Qty  Unit      Price      Amount
GV-50    Gate valve 50mm PN16 VT              2  each     412.50      825.00
RB-10    REINFORCING BAR R10 X 6M            15  length    96.00    1,440.00
                                           Sub-total                2,265.00
                                           VAT 15%                    339.75
                                           Total                    2,604.75
Site receiving hours: MON-FRI 07:30-16:00, SAT 08:00-12:00. DELIVERY SAT 14.11.2026.
Design Approval (DA) required before fabrication.
"""


def test_saturdays_a_valves_letters_and_an_approval_name_no_foreign_currency():
    from app.extract import fields

    assert fields.currencies_named(PLAIN) <= {"ZAR"}
    found = read(PLAIN)
    assert found["currency"] == "ZAR"


def test_us_dollars_beside_the_amounts_stay_us_dollars_whatever_other_dollar_is_named():
    page = (
        PLAIN.replace("      Price      Amount", "  Price US$  Amount US$").replace(
            "Total                    2,604.75", "Total US$                2,604.75"
        )
        + "Payment may be made in Namibian dollars at the day's rate.\n"
    )
    found = read(page)
    assert found["currency"] == "USD"
    assert found["total"] == "2604.75"


def test_a_customer_po_date_on_our_own_order_does_not_outrank_ours():
    page = PLAIN.replace("Date  12/10/2026", "Date Issued  12/10/2026").replace(
        "Site  DBN07", "Site  DBN07    Customer PO Date  02/09/2026"
    )
    found = read(page)
    assert found["po_date"] == "2026-10-12"


def test_an_order_date_beside_a_quotes_number_on_our_order_is_not_doubted():
    page = PLAIN.replace("Date  12/10/2026", "Quote No:  Q-26-0912     Order Date:  12/10/2026")
    found = read(page)
    assert found["po_date"] == "2026-10-12"
    assert not flagged(found, "po_date")


def test_a_delivery_notes_date_is_not_the_customer_po_date():
    from app.extract.engine import read_page_text

    note = f"""\
Langa Hardware & Paint                                 DELIVERY NOTE
Delivery Note No.  DN-5512                             Issue Date  14/10/2026
Customer  {BUYER}                                      Customer PO Date  01/10/2026
Customer PO No.  PO/7731                               Site  DBN07
Code     Description                        Qty  Unit
GV-50    Gate valve 50mm                      2  each
"""
    found = read_page_text(note, **OFFICE)
    assert found["document_type"] == "delivery_note"
    assert found["dn_date"] == "2026-10-14"


@pytest.mark.parametrize(
    "label", ["Customer Ref: RFQ-26-118", "Your order no.: TBA", "Customer PO: TO FOLLOW"]
)
def test_a_quotation_naming_an_enquiry_or_no_number_of_ours_is_refused(label):
    from app.extract.document import ExtractionError
    from app.extract.engine import as_po

    page = PROFORMA.replace("Client PO No.: MCR/PO/26/1795", label)
    with pytest.raises(ExtractionError, match="quotation"):
        as_po(read_page(page))


def test_an_address_over_a_lone_label_is_no_translation():
    page = f"""\
{BUYER}                                   PURCHASE ORDER
Durban                     4001
Order No.
PO/7731                                            Date  12/10/2026
Durban                  KwaZulu-Natal
Supplier
Langa Hardware & Paint
Code     Description                        Qty  Unit      Price      Amount
GV-50    Gate valve 50mm                      2  each     412.50      825.00
                                           Total                      825.00
"""
    found = read(page)
    assert found["po_number"] != "4001"
    assert found["supplier_name"] not in ("KwaZulu-Natal", "Durban")


def test_a_number_word_in_two_languages_under_a_title_in_two_languages():
    spaced = BELGIAN.replace("\nNummer / Numéro", "\n\nNummer / Numéro")  # a blank line between
    for page in (BELGIAN, spaced):
        found = read(page)
        assert after_title(page) == "BB26-01388"
        assert flagged(found, "po_number")  # found by its place, not a label the engine knows


def test_the_quoted_warning_reads_as_a_sentence_on_the_pages():
    from app.purchase_orders.intake import describe_warning

    assert describe_warning("quoted") == (
        "the page is the supplier's quotation or proforma for this order"
    )
