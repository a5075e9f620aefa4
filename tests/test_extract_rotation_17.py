"""Kinds of print rotation 15's families showed once they became dev families, as general
reading rules: a supplier's
confirmation in Portuguese, Spanish or French naming our order with its article ('O seu pedido
nº', 'Data do seu pedido'), a supplier's name with our account code after it in brackets, a
sales system's 'Order Number' beside our 'PO Number', a supplier named only on the
registration line at the page's foot, a project label beside a label in two languages, the
tax as the total less the subtotal under a label no tax is known by, orders in Maltese, Danish,
Norwegian, Swedish, Malay, Turkmen and Tajik and their months, a code and its name after '·',
a title's number under a series line or run on in its cell, Guatemala's foot, an e-order's
labels with a bracketed note and its foot, a '$' whose country the page names, a pour's
site, and a VAT analysis under the foot. Each page is made up here."""

from __future__ import annotations

from app import numbers
from app.extract import engine
from tests.test_extract_rotation_8 import BUYER, OFFICE, after_title, flagged, read


def money(payload: dict) -> tuple:
    return payload["subtotal"], payload["tax"], payload["total"]


# A supplier's confirmation of our order in Portuguese: its own number and date at the top
# right, our order's number and date on the line under them.
PORTUGUESE = f"""\
Ferragens Atlântico, Lda.                      Confirmação de encomenda
Rua do Almada 214, 4050-032 Porto              Nº  CE-2026/0871
                                               Data  22/06/2026
O seu pedido nº  MCP-40715                     Data do seu pedido  18/06/2026
Cliente  {BUYER}                               Obra  CP09
Ref.     Descrição                    Qtd.   Un.    Preço unit.        Valor
PAR-08   Parafuso sextavado M8 x 60    200   un          0,35          70,00
BUC-08   Anilha lisa M8                200   un          0,15          30,00
                                              Total sem IVA           100,00
                                              IVA 23%                  23,00
                                              Total                   123,00
"""


def test_a_portuguese_confirmation_names_our_order_and_its_date_with_the_article():
    # 'O seu pedido nº' named no order of ours, and the confirmation's own 'Data' was read as
    # our order's date
    found = read(PORTUGUESE)
    assert found["po_number"] == "MCP-40715"
    assert not flagged(found, "po_number")
    assert found["po_date"] == "2026-06-18"
    assert found["project_code"] == "CP09"


def test_a_spanish_and_a_french_confirmation_name_our_orders_date():
    spanish = (
        PORTUGUESE.replace("Confirmação de encomenda", "CONFIRMACIÓN DE PEDIDO")
        .replace("O seu pedido nº", "Su pedido nº   ")
        .replace("Data do seu pedido", "Fecha de su pedido")
    )
    french = (
        PORTUGUESE.replace("Confirmação de encomenda", "Confirmation de commande")
        .replace("O seu pedido nº", "Votre commande n°")
        .replace("Data do seu pedido", "Date de votre commande")
    )
    for page in (spanish, french):
        found = read(page)
        assert found["po_number"] == "MCP-40715"
        assert found["po_date"] == "2026-06-18"  # not the confirmation's own 22/06


def _supplier_page(supplier: str) -> str:
    return f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MCZ-PO-3318                      Date  15/07/2026
Supplier:  {supplier}
Site:  DBN07
Code      Description                  Qty   Unit    Price       Amount
GRV-19    Crusher run G5               30    m3     400.00    12,000.00
                                                 Subtotal     12,000.00
                                                 VAT 15%       1,800.00
                                                 Total        13,800.00
"""


def test_our_account_code_in_brackets_after_a_suppliers_name_is_no_part_of_it():
    for printed, name in (
        (
            "Chitungwiza Steel Merchants (Pvt) Ltd (A/C V3307)",
            "Chitungwiza Steel Merchants (Pvt) Ltd",
        ),
        ("Kwekwe Plumbing Supplies Ltd (Vendor 50218)", "Kwekwe Plumbing Supplies Ltd"),
        ("Marondera Timber Ltd (Acct. No. 4471)", "Marondera Timber Ltd"),
    ):
        found = read(_supplier_page(printed))
        assert found["supplier_name"] == name, printed
        assert not flagged(found, "supplier_name")


def test_a_year_a_legal_form_or_a_branchs_code_in_brackets_stays_in_the_name():
    for name in ("Bulawayo Brickworks Ltd (1998)", "Gweru Paint Centre (Pty)", "Halsteds (MT04)"):
        assert read(_supplier_page(name))["supplier_name"] == name


# A supplier's print of our order from its sales system: its own number under 'Order Number',
# ours under 'PO Number'.
TWO_NUMBERS = f"""\
Lakeshore Fasteners Inc.                        ORDER
Order Number  00024817                          Order Date  07/14/2026
PO Number  MCT-PO-20931                         Ship Via  Ground
Bill To                                         Ship To
{BUYER}                                         Job site CP09
Item        Description                 Qty   Unit Price      Ext. Price
HB-1234     Hex bolt 1/2 x 3 zinc       500        0.40          200.00
FW-12       Flat washer 1/2 zinc        500        0.10           50.00
                                               Subtotal          250.00
                                               Sales Tax          20.00
                                               Total             270.00
"""


def test_a_number_under_a_po_label_outranks_one_under_an_order_label():
    # '00024817', the supplier's own under 'Order Number', was taken, unflagged
    found = read(TWO_NUMBERS)
    assert found["po_number"] == "MCT-PO-20931"
    assert not flagged(found, "po_number")


def test_an_order_number_alone_is_the_orders_number():
    page = TWO_NUMBERS.replace("PO Number  MCT-PO-20931  ", "Terms  Net 30              ")
    assert read(page)["po_number"] == "00024817"


def test_on_our_own_order_a_po_number_does_not_outrank_its_order_number():
    # on our own order a 'PO Number' may be our client's
    page = f"""\
{BUYER}                                   ORDER
Order Number  00024817                          Order Date  14/07/2026
PO Number  CLT-4500-2231
Supplier  Lakeshore Fasteners Inc.              Site  CP09
Item        Description                 Qty   Unit Price      Ext. Price
HB-1234     Hex bolt 1/2 x 3 zinc       500        0.40          200.00
                                               Subtotal          200.00
                                               VAT 15%            30.00
                                               Total             230.00
"""
    assert read(page)["po_number"] == "00024817"


# A supplier's acknowledgement with no name at its top: the company's name is on the
# registration line at the foot.
REGISTERED = f"""\
                                               ORDER ACKNOWLEDGEMENT
Your Order No.  MCI-PO-7719                    Date  02/09/2026
Customer  {BUYER}                              Site  CP09
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
OSB-11     OSB3 board 11 mm               10   sheet   20.00        200.00
                                                 Goods total       1,000.00
                                                 VAT 23%             230.00
                                                 Total             1,230.00
Goods remain our property until paid in full.
Shannon Valley Timber Merchants Ltd | Registered in Ireland No. 318842 | VAT No. IE 6318842W
"""


def test_the_company_on_the_registration_line_at_the_foot_is_the_supplier_flagged():
    found = read(REGISTERED)
    assert found["supplier_name"] == "Shannon Valley Timber Merchants Ltd"
    assert flagged(found, "supplier_name")  # found by its place, never proven
    assert "supplier_registered_at_foot" in [r["rule"] for r in found["rules_applied"]]


def test_our_own_companys_registration_line_names_no_supplier():
    found = read(REGISTERED.replace("Shannon Valley Timber Merchants Ltd", BUYER))
    assert found["supplier_name"] is None
    assert flagged(found, "supplier_name")


BILINGUAL_HEAD = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MCK-PO-0552                      Date  11/03/2026
Supplier  Velmor Trading (Pty) Ltd
Project              Lacagta / Currency
                     USD
Item   Description                Qty   Unit     Price       Amount
1      Steel rebar Y12 6 m        100   length   12.00     1,200.00
                                           Subtotal        1,200.00
                                           VAT 15%           180.00
                                           Total           1,380.00
"""


def test_a_label_in_two_languages_beside_the_project_label_is_no_project_code():
    # 'Lacagta / Currency' (Somali and English) was read as the project's code
    found = read(BILINGUAL_HEAD)
    assert found["project_code"] is None
    assert flagged(found, "project_code")
    assert found["currency"] == "USD"
    same_line = BILINGUAL_HEAD.replace(
        "Project              Lacagta / Currency\n                     USD",
        "Project              Valuta / Currency    USD",
    )
    assert read(same_line)["project_code"] is None


FOOT = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MCA-PO-11842                     Date  19/08/2026
Supplier  Velmor Trading (Pty) Ltd          Site  CP09
QTY  UNIT  DESCRIPTION                   UNIT COST        AMOUNT
 8   each  Safety harness full body         250.00      2,000.00
 4   each  Lanyard with shock absorber      100.00        400.00
                                         SUB-TOTAL        2,400.00
{{between}}
"""


def _foot(charge: str, amount: str, total: str) -> str:
    return FOOT.format(between=f"{charge:>56}  {amount:>10}\n{'TOTAL':>45}      {total}")


def test_the_one_charge_that_is_the_total_less_the_subtotal_is_the_tax():
    # a tax by a name the foot's labels do not know was left unread, the total unproven
    for charge, tax, total in (
        ("PST (7.0%)", "168.00", "2,568.00"),
        ("Sales tax (Tucson 8.7%)", "208.80", "2,608.80"),
    ):
        found = read(_foot(charge, tax, total))
        assert money(found) == ("2400.00", tax, total.replace(",", "")), charge
        assert not flagged(found, "tax")
        assert not flagged(found, "total")


def test_a_subtotal_equal_to_the_total_with_nothing_between_is_no_tax():
    found = read(FOOT.format(between=f"{'TOTAL':>45}      2,400.00"))
    assert money(found) == ("2400.00", "0.00", "2400.00")
    assert "totals_mismatch" not in found["warnings"]
    assert flagged(found, "tax")  # the prices may include a tax the page does not print


def test_a_handling_fee_between_the_subtotal_and_the_total_is_no_tax():
    found = read(_foot("Handling fee", "120.00", "2,520.00"))
    assert found["tax"] is None
    assert flagged(found, "tax")


# A Maltese supplier's order form, its prices with the VAT in them.
MALTESE = f"""\
Ħal Qormi Building Supplies Ltd               ORDNI
Triq il-Kbira, Ħal Qormi QRM 2310, Malta
Ordni tagħkom Nru.  MCM-PO-2606              Data tal-ordni  1 ta' Mejju 2026
Klijent  {BUYER}                             Proġett  MLT-11 · Blokk ta' appartamenti
Code      Description                   Qty     Unit      Price        Amount
BLK-15    Blokki tal-franka 15 cm        400     biċċa      1.77       708.00
KMT-25    Kement 25 kg                    40     xkora      5.90       236.00
                                              Valur mingħajr VAT          800.00
                                              VAT 18% inkluż              144.00
                                              TOTAL (VAT inkluż)          944.00
"""


def test_an_order_in_maltese():
    # 'Ordni tagħkom Nru.', 'Data tal-ordni' and its date, 'Proġett' and the foot's labels
    # were unknown: the number was a guess, the date and the foot unread
    found = read(MALTESE)
    assert found["po_number"] == "MCM-PO-2606"
    assert not flagged(found, "po_number")
    assert found["po_date"] == "2026-05-01"
    assert money(found) == ("800.00", "144.00", "944.00")
    assert not flagged(found, "total")
    assert "totals_mismatch" not in found["warnings"]


def test_a_code_before_its_name_after_a_middle_dot_is_the_code():
    found = read(MALTESE)
    assert found["project_code"] == "MLT-11"
    site = _supplier_page("Velmor Trading (Pty) Ltd").replace(
        "Site:  DBN07", "Site:  GLW-07 · Govan depot"
    )
    assert read(site)["project_code"] == "GLW-07"


def test_a_total_with_its_currency_before_what_it_includes_and_the_vat_word_after_its_rate():
    page = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MCF-PO-1904                      Date  08/10/2026
Supplier  Velmor Trading (Pty) Ltd          Site  CP09
Code      Description                  Qty   Unit    Price        Amount
CRG-32    Corrugated iron 3.2 m          50   sheet    45.00      2,250.00
                                       VAT 12.5% included          250.00
                                       TOTAL FJD (VAT incl.)     2,250.00
"""
    found = read(page)
    assert found["total"] == "2250.00"
    assert found["tax"] == "250.00"
    assert found["currency"] == "FJD"


TITLE_ITEMS = """\
Código    Descripción                    Cant.   Precio unit.      Importe
VAR-38    Varilla corrugada 3/8"           50          40.00      2,000.00
ALM-16    Alambre de amarre cal. 16        10          25.00        250.00
"""
GUATEMALAN = f"""\
{BUYER}                    ORDEN DE COMPRA
Km 14.5 Carretera a El Salvador                    Serie A
compras@meridian.com.gt - NIT: 10458732-K          No. 002741
Proveedor:  Ferretería El Volcán, S.A.             Fecha:  09/06/2026
Proyecto:  CP09
{TITLE_ITEMS}                                           Valor sin IVA      2,250.00
                                                  IVA 12%              270.00
                                                  TOTAL Q 2,520.00
"""


def test_a_series_line_between_the_title_and_its_number():
    # the buyer's tax number beside the e-mail address was read as the order's number
    found = read(GUATEMALAN)
    assert after_title(GUATEMALAN) == "002741"
    assert flagged(found, "po_number")  # by a rule: never proven


def test_an_e_mail_address_is_no_label_naming_the_title():
    page = GUATEMALAN.replace("Serie A", "       ").replace("No. 002741", "          ")
    found = read(page)
    assert found["po_number"] is None
    assert flagged(found, "po_number")


def test_guatemalas_foot():
    # 'Valor sin IVA' named no subtotal and 'TOTAL Q 2,520.00' no total
    found = read(GUATEMALAN)
    assert money(found) == ("2250.00", "270.00", "2520.00")
    assert not flagged(found, "total")
    assert found["currency"] == "GTQ"


def test_a_title_with_its_number_in_one_cell():
    danish = f"""\
{BUYER}
                                                 Købsordre 207514
Leverandør:  Tømmerhandel Vest ApS               Ordredato:  12.05.2026
Byggeplads:  DBN07
Varenr.   Beskrivelse                    Antal   Enhed   Pris        Beløb
LGT-45    Lægte 38 x 73 mm                 100   m       20,00     2.000,00
                                                  Subtotal        2.000,00
                                                  Moms 25 %         500,00
                                                  Total           2.500,00
"""
    found = read(danish)
    assert after_title(danish) == "207514"
    assert flagged(found, "po_number")
    assert found["po_date"] == "2026-05-12"
    assert found["supplier_name"] == "Tømmerhandel Vest ApS"
    assert found["project_code"] == "DBN07"
    assert not flagged(found, "project_code")
    russian = f"""\
{BUYER}
Заказ поставщику No 3178 от 14 июня 2026 г.
Поставщик:  ООО «СтройКомплект»
Объект:  CP09
№   Артикул    Товары                   Кол-во   Ед.    Цена        Сумма
1   КР-250     Кирпич М150             1000     шт     15,00    15 000,00
                                                 Итого:          15 000,00
                                                 НДС 20%:         3 000,00
                                                 Всего к оплате:  18 000,00
"""
    found = read(russian)
    assert after_title(russian) == "3178"
    assert flagged(found, "po_number")


def test_orders_in_norwegian_and_swedish():
    norwegian = f"""\
{BUYER}                                 BESTILLING
Ordrenr.:  MCN-4471                          Ordredato:  03.06.2026
Leverandør:  Byggmakker Hamar AS             Byggeplass:  CP09
Varenr.   Beskrivelse                    Antall   Enhet   Pris        Beløp
GIP-13    Gipsplate 13 mm 120x240           50   stk     100,00     5.000,00
                                                  Sum eks. mva      5.000,00
                                                  Mva 25 %          1.250,00
                                                  Totalt            6.250,00
"""
    found = read(norwegian)
    assert (found["po_number"], found["po_date"]) == ("MCN-4471", "2026-06-03")
    assert found["supplier_name"] == "Byggmakker Hamar AS"
    assert found["project_code"] == "CP09"
    for name in ("po_number", "po_date", "supplier_name", "project_code"):
        assert not flagged(found, name), name
    swedish = f"""\
{BUYER}                                 INKÖPSORDER
Ordernummer:  MCS-26-0913                    Orderdatum:  2026-09-21
Leverantör:  Bygghandel Norrland AB          Arbetsplats:  DBN07
Art.nr    Benämning                      Antal   Enhet   À-pris      Belopp
REG-45    Regel 45 x 95 mm                 200   m        15,00     3 000,00
                                                  Summa exkl. moms  3 000,00
                                                  Moms 25 %           750,00
                                                  Att betala        3 750,00
"""
    found = read(swedish)
    assert (found["po_number"], found["po_date"]) == ("MCS-26-0913", "2026-09-21")
    assert found["supplier_name"] == "Bygghandel Norrland AB"
    for name in ("po_number", "po_date", "supplier_name"):
        assert not flagged(found, name), name


def test_an_order_in_malay():
    page = f"""\
{BUYER}                              PESANAN BELIAN
No. Pesanan:  MCB/PB/2608/031              Tarikh:  14 Ogos 2026
Kepada:  Syarikat Bahan Binaan Seri Kinta Sdn. Bhd.
Projek:  DBN07
Bil.  Perihal                           Kuantiti   Unit    Harga       Jumlah
1     Simen Portland 50 kg                   200   beg     20.00     4,000.00
2     Pasir halus                             10   lori   100.00     1,000.00
                                                   Jumlah kecil      5,000.00
                                                   Cukai Jualan 10%    500.00
                                                   JUMLAH KESELURUHAN  5,500.00
"""
    found = read(page)
    assert found["po_number"] == "MCB/PB/2608/031"
    assert found["po_date"] == "2026-08-14"
    assert found["supplier_name"] == "Syarikat Bahan Binaan Seri Kinta Sdn. Bhd."
    for name in ("po_number", "po_date", "supplier_name"):
        assert not flagged(found, name), name
    assert money(found) == ("5000.00", "500.00", "5500.00")


def test_months_of_more_languages_in_a_date():
    for text, date in (
        ("14 Ogos 2026", "2026-08-14"),
        ("1 ta' Mejju 2026", "2026-05-01"),
        ("3 maggio 2026", "2026-05-03"),
        ("9 Ağustos 2026", "2026-08-09"),
        ("5. května 2026", "2026-05-05"),
        ("12 марти 2026 с.", "2026-03-12"),
        ("7 sentýabr 2026 ý.", "2026-09-07"),
    ):
        assert numbers.parse_date(text) == date, text
    match = numbers.DATE_IN_TEXT.search("Data tal-ordni: 1 ta’ Mejju 2026, Ħal Qormi")
    assert match and numbers.parse_date(match.group()) == "2026-05-01"
    match = numbers.DATE_IN_TEXT.search("Sene: 7 sentýabr 2026 ý. Aşgabat")
    assert match and numbers.parse_date(match.group()) == "2026-09-07"


# An e-order as a viewer prints it: each label with the element's name in brackets, its
# value far right in a column of values.
E_ORDER = f"""\
Order number            (cbc:ID)                              NL-PO-2026-00733
Issue date              (cbc:IssueDate)                       2026-05-19
Buyer                   (cac:BuyerCustomerParty)              {BUYER}
Seller                  (cac:SellerSupplierParty)             Bouwstoffen Twente B.V.
Project                 (cac:ProjectReference)                DBN07
Line  Item              Description                  Quantity   Unit   Price     Amount
1     ISO-10            Glaswol isolatie 100 mm          50     M2     10.00      500.00
                                               Total excl. VAT                    500.00
                                               VAT 21%                            105.00
                                               Total incl. VAT                    605.00
"""


def test_an_e_orders_labels_with_a_note_in_brackets_and_their_values_far_right():
    found = read(E_ORDER)
    assert found["po_number"] == "NL-PO-2026-00733"
    assert found["po_date"] == "2026-05-19"
    assert found["supplier_name"] == "Bouwstoffen Twente B.V."
    assert found["project_code"] == "DBN07"
    for name in ("po_number", "po_date", "supplier_name", "project_code"):
        assert not flagged(found, name), name


def test_another_labels_value_far_right_is_not_the_listed_labels():
    found = read(E_ORDER.replace("NL-PO-2026-00733", "VAT No. NL851234567B01"))
    assert found["po_number"] is None
    assert flagged(found, "po_number")
    found = read(E_ORDER.replace("Bouwstoffen Twente B.V.", "VAT No. NL851234567B01"))
    assert found["supplier_name"] is None


def test_a_quotations_reference_on_an_e_order_makes_it_no_quotation():
    page = "Quotation reference (cac:QuotationDocumentReference)          Q-88140\n" + E_ORDER
    found = engine.read_page_text(page, **OFFICE)
    assert found["document_type"] == "purchase_order"
    assert found["po_number"] == "NL-PO-2026-00733"
    titled = "QUOTATION\nQuotation No.  Q-88140\n" + E_ORDER
    assert engine.read_page_text(titled, **OFFICE)["document_type"] == "quotation"


def test_an_e_orders_foot():
    # read by adding up: the delivery charge made the sums wrong
    page = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MCE-PO-5520                      Date  02/06/2026
Supplier  Velmor Trading (Pty) Ltd          Site  CP09
Line  Item      Description                  Quantity   Unit   Price     Amount
1     DAK-20    Roof tile clay red              400     EA      2.50    1,000.00
2     LAT-25    Batten 25 x 38 mm               100     M       2.00      200.00
                        Line extension amount                              1,200.00
                        Charge total (delivery)                               80.00
                        Tax exclusive amount                               1,280.00
                        Tax total (15%)                                      192.00
                        Tax inclusive amount                               1,472.00
                        Payable amount                                     1,472.00
"""
    found = read(page)
    assert money(found) == ("1280.00", "192.00", "1472.00")
    assert not flagged(found, "tax")
    assert not flagged(found, "total")


DOLLARS = f"""\
{BUYER}                                   PURCHASE ORDER
14 Sophia Street, Timaru 7910, New Zealand         Order No.  MTU-PO-3381
Supplier  Velmor Trading (Pty) Ltd                 Date  18/05/2026
Site  CP09
Code      Description                  Qty   Unit    Price        Amount
PIP-50    PVC pipe 50 mm x 6 m          20   len     $25.00      $500.00
                                                 Subtotal        $500.00
                                                 GST 15%          $75.00
                                                 Total           $575.00
"""


def test_a_bare_dollar_on_a_page_naming_one_dollar_country_is_that_countrys_flagged():
    found = read(DOLLARS)
    assert found["currency"] == "NZD"
    assert flagged(found, "currency")
    short = read(DOLLARS.replace("Timaru 7910, New Zealand", "Timaru 7910, NZ        "))
    assert short["currency"] == "NZD"
    fijian = read(
        DOLLARS.replace("14 Sophia Street, Timaru 7910, New Zealand", "Queens Road, Lautoka, Fiji")
    )
    assert fijian["currency"] == "FJD"
    assert flagged(fijian, "currency")


def test_a_page_naming_two_dollar_countries_is_not_decided_by_them():
    found = read(DOLLARS + "Branches in New Zealand and Australia\n")
    assert found["currency"] not in ("NZD", "AUD")
    assert flagged(found, "currency")


def test_a_pour_site_labels_the_project():
    # ('Job site' is not one: a US order's F.O.B. term prints it as a value, 'Job site  Net 30')
    for label in ("POUR SITE", "Pour site"):
        page = f"""\
{BUYER}                          CONCRETE ORDER
Order No.  MCR-CO-0719                      Pour date  22/10/2026
Supplier  Velmor Trading (Pty) Ltd
{label}  WLK-14 - Block C raft
Code      Description                  Qty   Unit    Price        Amount
C30-19    Concrete 30 MPa 19 mm          24   m3    1,500.00    36,000.00
PMP-01    Boom pump hire                  1   each  4,000.00     4,000.00
                                                 Subtotal        40,000.00
                                                 VAT 15%          6,000.00
                                                 Total           46,000.00
"""
        found = read(page)
        assert found["project_code"] == "WLK-14", label
        assert not flagged(found, "project_code"), label


def test_a_vat_analysis_under_the_foot_is_no_second_table_of_items():
    # its line was read as a third item, the items then not adding up to the subtotal
    page = f"""\
{BUYER}                                   PURCHASE ORDER
Order No.  MCH-PO-60218                     Date  24/04/2026
Supplier  Velmor Trading (Pty) Ltd          Site  DBN07
Code      Description                  Qty   Unit    Price        Amount
TIL-60    Floor tile 600 x 600 mm       40   m2     200.00      8,000.00
ADH-20    Tile adhesive 20 kg           20   bag    100.00      2,000.00
                                                 Subtotal        10,000.00
                                                 VAT 15%          1,500.00
                                                 Total           11,500.00
VAT ANALYSIS
VAT code  Description       Rate       Net          VAT          Gross
S         Standard rated    15%   10,000.00     1,500.00    11,500.00
"""
    found = read(page)
    assert [i["amount"] for i in found["items"]] == ["8000.00", "2000.00"]
    assert money(found) == ("10000.00", "1500.00", "11500.00")
    assert "totals_mismatch" not in found["warnings"]
    assert not flagged(found, "subtotal")


def test_an_order_in_turkmen():
    page = f"""\
{BUYER}
SATYN ALYŞ SARGYDY No MŞ-SS/26-0417
Sene: 7 sentýabr 2026 ý.
Üpjün ediji:  "Aşgabat Gurluşyk Harytlary" HJ
Taslama:  DBN07
T/b  Haryt kody   Harydyň ady                 Mukdary   Ölçeg birligi   Bahasy   Jemi
1    SMT-50       Sement M500, 50 kg             100    halta            50.00   5 000.00
2    KRP-01       Kerpiç gyzyl                  2000    sany              2.00   4 000.00
                                                   Jemi:                       9 000.00
                                                   GBS 15%:                    1 350.00
                                                   Umumy jemi:                10 350.00
"""
    found = read(page)
    assert after_title(page) == "MŞ-SS/26-0417" and flagged(found, "po_number")
    assert found["po_date"] == "2026-09-07"
    assert found["supplier_name"] == '"Aşgabat Gurluşyk Harytlary" HJ'
    assert found["project_code"] == "DBN07"
    assert not flagged(found, "project_code")
    assert money(found) == ("9000.00", "1350.00", "10350.00")
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in found["items"]] == [
        ("100", "50.00", "5000.00"),
        ("2000", "2.00", "4000.00"),
    ]
    assert not flagged(found, "items")


def test_an_order_in_tajik():
    page = f"""\
{BUYER}
ФАРМОИШ БА ТАҲВИЛГАР № ДШ-0926
Сана: 12 марти 2026 с.
Таҳвилгар:  ҶДММ «Сохтмон-Ваҳдат»
Лоиҳа:  CP09
№   Рамз       Номгӯи мол                  Миқдор   Воҳ.    Нарх       Маблағ
1   СМН-50     Семент М400                    200   халта   60,00   12 000,00
2   ХШТ-01     Хишти сурх                    5000   дона     1,20    6 000,00
                                                   Ҳамагӣ:              18 000,00
                                                   ААИ 14%:              2 520,00
                                                   Ҳамагӣ бо ААИ:       20 520,00
"""
    found = read(page)
    assert after_title(page) == "ДШ-0926" and flagged(found, "po_number")
    assert found["po_date"] == "2026-03-12"
    assert found["supplier_name"] == "ҶДММ «Сохтмон-Ваҳдат»"
    assert found["project_code"] == "CP09"
    assert not flagged(found, "project_code")
    assert money(found) == ("18000.00", "2520.00", "20520.00")
    assert [(i["item_code"], i["amount"]) for i in found["items"]] == [
        ("СМН-50", "12000.00"),
        ("ХШТ-01", "6000.00"),
    ]
    assert not flagged(found, "items")
