"""Orders from abroad and from the web, as the engine had read them wrong with no warning: a
value right of a label that is another label's ('Order Number' beside 'VAT No. 4120198765'),
a supplier addressed as 'M/s', a shilling printed 'Kshs', a page from another country that
prints no currency (the office's own is then a guess, flagged), a web page's title run into its
site's name ('Order confirmation | Highveld Trade'), an 'Invoice address' that is no title, and
a site's line over its address that is no supplier. Each page is made up here."""

from __future__ import annotations

from app.extract import engine, fields, unlabelled, validate
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import after_title

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09", "GQ-301"), "today": "2026-12-01"}


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


NAIROBI = f"""\
{BUYER}
Kenya Branch, Chiromo Road, Westlands
Tel: +254 20 765 4410          KRA PIN: P052019876K

LOCAL PURCHASE ORDER                    L.P.O. No.   NRB/LPO/01406

To:  M/s Athi River Steel Ltd                       Date:          24/07/2026
     Mombasa Road, Mlolongo                         Project:       CP09

Item  Code     Description                 Qty   Unit   Unit Price (Kshs)   Total (Kshs)
1     Y16-12   Y16 deformed bar 12m         15   pcs             2,382.87      35,743.05
2     PPR-25   PPR pipe 25mm PN20            5   pcs               856.59       4,282.95

                                                        Sub-Total              40,026.00
                                                        VAT 16%                 6,404.16
                                                        TOTAL Kshs             46,430.16
"""


def test_a_supplier_addressed_as_messrs_is_read_by_its_name():
    assert read(NAIROBI)["supplier_name"] == "Athi River Steel Ltd"
    assert fields.name("Messrs. Athi River Steel Ltd") == "Athi River Steel Ltd"


def test_the_kenyan_shilling_is_read_by_its_own_sign():
    payload = read(NAIROBI)
    assert payload["currency"] == "KES"
    assert fields.detect_currency("KSh 1,200.00") == "KES"
    # an item's code is no currency
    assert fields.detect_currency("KES-10  Nitrile gloves  15  3 235") is None


def test_a_page_from_abroad_with_no_currency_printed_is_flagged():
    unsigned = NAIROBI.replace(" (Kshs)", "").replace("TOTAL Kshs", "TOTAL     ")
    payload = read(unsigned)
    # the money of the country its phone dials, a guess for a person to confirm
    assert payload["currency"] == "KES"
    assert "low_confidence:currency" in payload["warnings"]
    assert "+254" in payload["source"]["currency"]


def test_a_page_from_home_with_no_currency_printed_is_the_offices_own():
    home = NAIROBI.replace(" (Kshs)", "").replace("TOTAL Kshs", "TOTAL     ")
    home = home.replace("+254 20 765 4410", "+27 21 765 4410")
    home = home.replace("KRA PIN: P052019876K", "VAT No: 4120198765")  # (Kenya's tax PIN)
    # (and South Africa's VAT: a rate it does not charge is another country's)
    home = home.replace("VAT 16%                 6,404.16", "VAT 15%                 6,003.90")
    home = home.replace("46,430.16", "46,029.90")
    payload = read(home)
    assert payload["currency"] == "ZAR"
    assert "low_confidence:currency" not in payload["warnings"]


def test_a_page_in_another_script_with_no_currency_printed_is_flagged():
    cyrillic = "Поставщик строительных материалов, склад и доставка по городу"
    home = NAIROBI.replace(" (Kshs)", "").replace("TOTAL Kshs", "TOTAL     ")
    home = home.replace("+254 20 765 4410", "021 765 4410").replace("Chiromo Road", cyrillic)
    assert "low_confidence:currency" in read(home)["warnings"]


CLOUD = f"""\
                            Date                  {BUYER}
PURCHASE ORDER              11 Sep 2026           Meridian House, 41 Voortrekker Road
                            Delivery Date         Bellville, Cape Town 7530
Duraply Timber (Pty) Ltd    22 Sep 2026           SOUTH AFRICA
17 Saw Mill Way             Order Number          VAT No. 4120198765
Durban 4001                 PO-0888

Item      Description               Quantity   Unit Price       VAT    Amount ZAR
BLK-140   Concrete block 140mm         20.00        17.20       15%        344.00
GRV-13    Crushed stone 13mm            2.00       481.15       15%        962.30

                                     Subtotal                            1,306.30
                                     TOTAL VAT 15%                         195.95
                                     TOTAL ZAR                           1,502.25
"""


def test_a_cell_that_starts_with_another_label_is_not_this_labels_value():
    payload = read(CLOUD)
    assert payload["po_number"] == "PO-0888"  # under its label, not 'VAT No. 4120198765'


WEB_SHOP = f"""\
03/04/2026, 12:47                             Order confirmation | Highveld Hardware Trade

Highveld Hardware Trade                       My account | My orders | Sign out

Thank you for your order

Web order number      Order placed            Your PO reference
W2694668              3 April 2026, 12:42     MC254215

Delivery address                      Invoice address
{BUYER}                               {BUYER}
Site GQ-301                           Meridian House, 41 Voortrekker Road
Walmer Link Road, Gqeberha, 6070      Bellville, Cape Town 7530

Product                               Price (incl. VAT)     Qty        Total
Cement CEM II 42.5N 50kg                       R 128.99       6     R 773.94
Enamel paint white 5L                          R 296.72       8   R 2,373.76

                                      Items                         R 3,147.70
                                      Order total                   R 3,147.70
                                      VAT included (15%)              R 410.57
"""


def test_a_web_pages_title_before_its_sites_name_names_the_kind():
    assert engine.document_kind(text_lines(WEB_SHOP)) == "purchase_order"


def test_an_invoice_address_is_a_label_not_a_title():
    untitled = WEB_SHOP.replace("Order confirmation | ", "")
    assert engine.document_kind(text_lines(untitled)) is None
    titled = untitled.replace("Thank you for your order", "TAX INVOICE")
    assert engine.document_kind(text_lines(titled)) == "invoice"


def test_a_sites_line_over_its_address_is_no_supplier():
    payload = read(WEB_SHOP)
    assert payload["supplier_name"] != "Site GQ-301"
    assert payload["po_number"] == "MC254215"


def test_a_sentence_is_no_company_name():
    sentence = "We have received your order and will SMS the site contact when it leaves"
    assert fields.name(sentence) is None
    assert fields.name("Highveld Hardware (Pty) Ltd") == "Highveld Hardware (Pty) Ltd"


def test_a_name_in_another_script_is_a_name():
    assert fields.name("ΣΙΔΗΡΕΜΠΟΡΙΚΗ ΘΡΙΑΣΙΟΥ Ο.Ε.") == "ΣΙΔΗΡΕΜΠΟΡΙΚΗ ΘΡΙΑΣΙΟΥ Ο.Ε."
    assert fields.name("ТОО «Стройснаб-Алматы»") == "ТОО «Стройснаб-Алматы»"
    assert fields.name("1 2 3") is None
    # one word in another script beside a label is the label in that language ('المورد')
    assert fields.name("المورد") is None


def test_the_lira_and_the_forint_by_their_marks_after_the_amounts():
    assert fields.detect_currency("Genel Toplam   164.382,79 TL") == "TRY"
    assert fields.detect_currency("Bruttó összesen:   986 281 Ft") == "HUF"
    assert fields.detect_currency("TL-40 Tile adhesive 20 kg") is None  # an item's code


def test_rupees_are_the_currency_of_the_country_the_phones_dial():
    port_louis = NAIROBI.replace("+254 20 765 4410", "+230 208 4410").replace("(Kshs)", "(Rs) ")
    total = "TOTAL Kshs             46,430.16"
    port_louis = port_louis.replace(total, "TOTAL            Rs 46,430.16")
    payload = read(port_louis)
    assert payload["currency"] == "MUR"
    assert "low_confidence:currency" in payload["warnings"]


HOME = f"""\
{BUYER}
Meridian House, 41 Voortrekker Road, Bellville 7530, Tel +27 (0)21 555 1234

PURCHASE ORDER                             PO Number:   PO-2185
Supplier:    Contact Electrical CC         Date:        12/03/2026
                                           Project:     CP09

Code     Description                  Qty        Price        Amount
CNT-20   Container hire 20 Ft           2     1,250.00      2,500.00
LDR-6    Ladder 6 Ft                    1       950.00        950.00

                                  Subtotal               3,450.00
                                  VAT 15%                  517.50
                                  Total                  3,967.50
"""


def test_feet_after_a_length_are_no_forint_and_a_home_phone_is_no_page_from_abroad():
    payload = read(HOME)
    assert payload["currency"] == "ZAR"
    assert "low_confidence:currency" not in payload["warnings"]
    assert fields.currencies_named("Steel 2 TL") == set()


def test_a_supplier_whose_name_starts_with_a_labels_word_is_still_the_supplier():
    assert read(HOME)["supplier_name"] == "Contact Electrical CC"
    paged = HOME.replace("Contact Electrical CC", "Page Brothers (Pty) Ltd")
    assert read(paged)["supplier_name"] == "Page Brothers (Pty) Ltd"


def test_the_rupiah_and_the_shekel_by_their_signs():
    assert fields.detect_currency("Grand Total      Rp      36.857.829") == "IDR"
    assert fields.detect_currency("Harga (Rp)   Jumlah (Rp)") == "IDR"
    assert fields.detect_currency('סה"כ לתשלום   ₪ 12,480.00') == "ILS"
    assert fields.detect_currency("RPM-40  Grinder 2400 rpm") is None  # no rupiah in a word


REYKJAVIK = f"""\
{BUYER}
Skrifstofa, Borgartún 9, Reykjavík

Pöntun nr.  RV-2207                                 Dagsetning  14.05.2026
Lánardrottinn: Byggingavörur Suðurlands ehf.        Verk        CP09

Vörunr.   Lýsing                      Magn     Ein.verð          Upphæð
100210    Flotefni 25 kg                30        4.060         121.800
410022    Mótatimbur 22x145             12        1.389          16.668

                                     Samtals án VSK         138.468 kr.
                                     VSK 24%                 33.232 kr.
                                     Samtals með VSK        171.700 kr.
"""


def test_a_mark_after_the_amounts_with_its_full_stop_is_no_currency_of_the_offices():
    payload = read(REYKJAVIK)
    assert payload["currency"] != "ZAR"  # 'kr.' names no one country's krona: a person says
    assert "low_confidence:currency" in payload["warnings"]
    assert fields.money_mark_unnamed("Samtals   3.245.312 kr.\nVSK 24%    778.875 kr.") == "kr"
    # a unit after a quantity is no currency
    assert fields.money_mark_unnamed("Bolts   1.000 Stk.   Nuts  2.000 Stk.") is None


LINE_PRINTED = f"""\
POR200  {BUYER}              PURCHASE ORDER        PAGE 1
RUN 02/10/26 08:14                                         SUPPLIER COPY

PO NUMBER : 0051730                                 JOB   : CP09
ORDER DATE: 01/10/26

SUPPLIER:
HIGHVELD FASTENERS CC
12 MINE STREET, GERMISTON 1401

LN ITEM NO    DESCRIPTION                 QTY      UNIT COST     EXTENSION
001 0515-1260 HEX BOLT M12X60 GALV         10         2.7600         27.60
002 0210-1612 REBAR Y12 6M                 20       101.7600       2035.20

                                  MERCHANDISE TOTAL               2062.80
                                  VAT 15.00%                       309.42
                                  ORDER TOTAL ZAR                 2372.22
"""


def test_the_copys_name_beside_a_label_is_no_supplier():
    payload = read(LINE_PRINTED)
    assert payload["supplier_name"] == "HIGHVELD FASTENERS CC"
    assert validate.is_label_words("SUPPLIER COPY")
    assert validate.is_label_words("ORIGINAL")


MONTREAL = f"""\
{BUYER}                                   BON DE COMMANDE
Bureau de Montréal                                N° de commande     Date
Tél. 514 555-0140                                 007120             2026-05-04

Fournisseur
Quincaillerie Laval inc.

Livraison        Projet      Conditions      Acheteur
2026-05-20       CP09        Net 30 jours    S. Côté

Code      Description                  Qté    Prix unitaire       Montant
BET-32    Béton 32 MPa                  10           220,00      2 200,00 $
CIM-40    Ciment GU 40 kg               20            20,00        400,00 $

                                              Sous-total         2 600,00 $
                                              TPS 5 %              130,00 $
                                              TVQ 9,975 %          259,35 $
                                              Total              2 989,35 $
"""


def test_a_label_word_right_of_a_label_is_no_value_and_quebecs_taxes_name_canadas_dollar():
    payload = read(MONTREAL)
    assert payload["project_code"] == "CP09"  # not 'Conditions', the next heading
    assert payload["currency"] == "CAD"
    assert "low_confidence:currency" in payload["warnings"]  # a sign, not a code
    assert validate.is_label_words("Conditions")
    assert validate.is_label_words("Soumission")


JAKARTA = """\
MERIDIAN CONSTRUCTION (PTY) LTD
Kantor Perwakilan Jakarta          NPWP: 0742 4120 1987 6500

                       PESANAN PEMBELIAN
                       No. : 0465/PO-MRD/2026

Kepada Yth.                                 No. PR      :  PR/0428/2026
CV Maju Baja Perkasa                        Tanggal     :  23/04/2026
                                            Proyek      :  CP09

No.  Kode        Nama Barang                Qty   Harga (Rp)    Jumlah (Rp)
1    CAT-25      Cat tembok putih 25 kg      12    1.296.889     15.562.668
2    BSI-D13     Besi beton ulir D13          6      119.331        715.986

                                            Grand Total       16.278.654
"""


def test_our_name_and_a_tax_number_in_capitals_are_no_title():
    assert unlabelled.title(text_lines(JAKARTA)).text == "PESANAN PEMBELIAN"
    # not the requisition's beside 'No. PR'; the one under the title ('PESANAN PEMBELIAN', an
    # order's title in Indonesian), after a marker, is read by its place and flagged
    payload = read(JAKARTA)
    assert after_title(JAKARTA) == "0465/PO-MRD/2026"
    assert "low_confidence:po_number" in payload["warnings"]
