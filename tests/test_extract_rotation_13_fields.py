"""Kinds of print rotation 13's families showed once they became dev families, in the header
and the foot: the dollars of the Caribbean written with their country's letters ('TT$',
'RD$', 'BDS$'), the birr, the lek and the denar by their own marks, a code with an 'R' after
its dash that is no rand, a page that prints no currency and whose phones and addresses are
another country's, the Dominican tax ('ITBIS 18%'), a Macedonian foot ('Вкупно без ДДВ',
'ДДВ 18%'), a foot that gives each sum again in another currency (Lebanon's pounds, 'L.L.'),
the order's title then its number after a number sign in a cell of its own, a title then our
own name in capitals, a row of headings whose next heading is no value ('Obra  Data de
lliurament'), the site's or the job's label in Albanian, French and Macedonian ('Objekti',
'Affaire', 'Објект'), an order in Uzbek, and a supplier's confirmation in Albanian (our
order's number and date in a row of headings, the site's code in the delivery block, whole
lekë grouped by points beside quantities with a tenth after a comma). Each page is made up
here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged
from tests.test_extract_rotation_12_fields import money, read

DOLLARS = f"""\
{BUYER}                                   PURCHASE ORDER
PO Number  PO/7731                                Date  12/04/2026
Supplier   Point Fortin Builders Supplies Ltd     Job No.  DBN07
Item  Code     Description                 Qty  Unit   Unit Price {{sign}}   Amount {{sign}}
1     CEM-42   Cement 42.5 kg bag           20  bag         82.50        1,650.00
2     BLK-6    Concrete block 6 in         300  each         6.10        1,830.00
                                           Total before VAT       3,480.00
                                           VAT @ 12.5%              435.00
                                           ORDER TOTAL {{sign}}      3,915.00
"""


@pytest.mark.parametrize(
    ("sign", "code"), [("TT$", "TTD"), ("RD$", "DOP"), ("BDS$", "BBD"), ("EC$", "XCD")]
)
def test_a_dollar_written_with_its_countrys_letters_is_that_countrys(sign, code):
    # 'TT$' and 'BDS$' named no currency known here, 'RD$' none at all
    found = read(DOLLARS.format(sign=sign))
    assert found["currency"] == code
    assert not flagged(found, "currency")
    assert money(found) == ("3480.00", "435.00", "3915.00")


def test_letters_of_no_country_before_the_dollar_sign_are_left_for_a_person():
    found = read(DOLLARS.format(sign="KQ$"))
    assert found["currency"] is None
    assert flagged(found, "currency")


BIRR = f"""\
{BUYER}                               PURCHASE ORDER
Ref. No.:  MCE/PUR/0412/2018                    Date:  12/09/2026
Supplier:  Abay Building Materials PLC          Site:  DBN07
S.No.  Item Code  Description        Unit  Qty  Unit Price (Birr)  Total Price (Birr)
1      CEM-50     Cement OPC 50 kg   bag    40           1,150.00           46,000.00
                                                     Total          46,000.00
                                                     VAT 15%         6,900.00
                                                     Grand Total    52,900.00
3. Withholding tax of 3% is deducted where an order exceeds Br 20,000.00.
"""


def test_the_birr_by_its_name_over_the_columns_and_its_mark_before_an_amount():
    found = read(BIRR)
    assert found["currency"] == "ETB"
    assert money(found) == ("46000.00", "6900.00", "52900.00")


LEK = f"""\
{BUYER}                                      URDHËR BLERJE
Nr. UB-0411/2026                                 Data e urdhrit:  08.06.2026
Drejtuar:  Hekur Beton Adriatik sh.a.            Objekti:  CP09
Monedha:  Lekë (ALL)
Nr.  Kodi     Përshkrimi i mallit          Njësia   Sasia    Çmimi pa TVSH   Vlera pa TVSH
1    HK-12    Hekur betoni Ø12             ton         2         84.000         168.000
                                                     Vlera pa TVSH    168.000 lekë
                                                     TVSH 20%          33.600 lekë
                                                     Vlera me TVSH    201.600 lekë
"""


def test_the_lek_in_words_and_the_site_as_the_object_in_albanian():
    found = read(LEK)
    assert found["currency"] == "ALL"
    assert found["project_code"] == "CP09"  # 'Objekti' was no label: no project read


DENAR = """\
МЕРИДИЈАН КОНСТРАКШН ДООЕЛ Скопје
НАРАЧКА  бр. 0330/26                             Датум: 15.10.2026 год.
Добавувач  Железара Пелагонија ДОО               Објект:  CP09
Валута:  МКД (денари)
Р.бр.  Шифра     Назив на артикал        Е.м.   Количина        Цена      Износ без ДДВ
1.     20-1016   Арматура B500B Ø16      тн        20,00   48.516,27         970.325,40
2.     40-0250   Тула шуплива 25x12x19   парче    100,00       17,16           1.716,00
                                          Вкупно без ДДВ:        972.041,40 ден.
                                          ДДВ 18%:               174.967,45 ден.
                                          Вкупно за плаќање:   1.147.008,85 ден.
"""


def test_a_macedonian_order_its_denar_its_site_and_its_foot():
    found = read(DENAR, buyer_names=("МЕРИДИЈАН КОНСТРАКШН ДООЕЛ",))
    assert found["currency"] == "MKD"
    assert found["project_code"] == "CP09"
    assert money(found) == ("972041.40", "174967.45", "1147008.85")
    assert "totals_mismatch" not in found["warnings"]


NO_SIGN = f"""\
{BUYER}                                     ORDEN DE COMPRA
Teléfono:  04-2687-300    compras@meridian-construcciones.com.ec   No.  001-002-000009809
Razón Social:  Hormigones y Agregados del Austro S.A.   Fecha de emisión:  15/02/2026
Proyecto:  CP09
Cód. Principal  Cant.  Descripción                                Precio Unitario  Precio Total
MAL-R188        8.00   Malla electrosoldada R-188, 6.25 x 2.40 m           64.43        515.44
                                                    SUBTOTAL SIN IMPUESTOS         515.44
                                                    IVA 15%                         77.32
                                                    VALOR TOTAL                    592.76
"""


def test_a_code_with_an_r_after_its_dash_is_no_rand_and_the_pages_country_gives_its_money():
    # 'MAL-R188' made the page the office's rand, proven; no currency is printed, and the
    # page's e-mail address is Ecuador's, whose money is the US dollar: a guess, flagged
    found = read(NO_SIGN)
    assert found["currency"] == "USD"
    assert flagged(found, "currency")
    at_home = read(NO_SIGN.replace("meridian-construcciones.com.ec", "meridian.co.za"))
    assert at_home["currency"] == "ZAR"
    assert not flagged(at_home, "currency")
    # a phone of another country's: its money, flagged
    dialled = read(NO_SIGN.replace("04-2687-300", "+216 71 962 540").replace(".com.ec", ".io"))
    assert dialled["currency"] == "TND"
    assert flagged(dialled, "currency")
    # two countries' phones and addresses: no one country's, the office's own, flagged
    both = read(NO_SIGN.replace("04-2687-300", "+216 71 962 540"))
    assert both["currency"] == "ZAR"
    assert flagged(both, "currency")


ITBIS = f"""\
{BUYER}                                   ORDEN DE COMPRA
No. OC-00004322                                  Fecha:  19/02/2026
Suplidor:  Aceros y Blocks Haina, S.A.           Proyecto:  CP09
Código    Descripción                     Unid.   Cant.   Precio Unit.      Importe
ALA-16    Alambre dulce No. 16            LB         2         49.52          99.04
ARE-LAV   Arena lavada de río             M3        40      1,432.74      57,309.60
                                                  Subtotal             57,408.64
                                                  ITBIS 18%            10,333.56
                                                  TOTAL RD$            67,742.20
"""


def test_the_dominican_tax_by_its_name():
    found = read(ITBIS)
    assert found["currency"] == "DOP"
    assert money(found) == ("57408.64", "10333.56", "67742.20")
    assert "totals_mismatch" not in found["warnings"]


POUNDS = f"""\
{BUYER}                                       Département Achats
BON DE COMMANDE  N° BC-BEY-26/0976
Fournisseur  Société Libanaise des Matériaux SARL     Date de commande  16/09/2026
Offre N°  Q46116 du 13/09/2026                        Projet  CP09
Devise  USD (dollar américain)
N°  Réf.      Désignation                    Unité   Qté   P.U. (USD)   Montant (USD)
1   FER-HA12  Fer à béton HA Ø 12 mm         t       1.5       772.45        1,158.68
2   SAB-04    Sable lavé 0/4                 m3     12.5        29.01          362.63
                                             Total H.T.                    1,521.31
                                             TVA 11 %                        167.34
Contre-valeur en L.L.  (taux appliqué : 89,500 L.L. pour 1 USD)
TVA 11 % : 14,976,930 L.L.                   Total T.T.C. (USD)           1,688.65
                                             Total T.T.C. : 151,134,175 L.L.
"""


def test_a_foot_that_gives_each_sum_again_in_another_currency_and_a_number_after_the_title():
    # the total was read in pounds, the tax as two lines' sum; the offer's number was the PO's
    found = read(POUNDS)
    assert found["currency"] == "USD"
    assert money(found) == ("1521.31", "167.34", "1688.65")
    assert "totals_mismatch" not in found["warnings"]
    assert found["po_number"] == "BC-BEY-26/0976"


OUR_NAME_IN_CAPITALS = """\
MERIDIAN CONSTRUCCIONES, S.R.L.   ORDEN DE COMPRA   MERIDIAN CONSTRUCCIONES, S.R.L.
Proveedor:  Aceros y Blocks Haina, S.A.          Fecha:  19/02/2026
Código    Descripción                     Unid.   Cant.   Precio Unit.      Importe
ALA-16    Alambre dulce No. 16            LB         2         49.52          99.04
"""


def test_our_name_in_capitals_after_the_title_is_no_po_number():
    # 'ORDEN DE COMPRA' then our name: 'MERIDIAN' was the order's number
    found = read(OUR_NAME_IN_CAPITALS, buyer_names=("Meridian Construcciones, S.R.L.",))
    assert found["po_number"] != "MERIDIAN"


HEADINGS = f"""\
{BUYER}                                     ORDRE DE COMPRA
Núm. ordre     Data           Obra        Data de lliurament     Pàgina
OC26/00795     22/03/2026     PQ-88       28/03/2026             1 de 1
PROVEÏDOR  Materials de Construcció Valira, S.A.
Ref.      Descripció                  Quantitat   U.    Preu unitari      Import
ACE-B16   Acer corrugat B500S Ø16         15,00   t           858,04   12.870,60
"""


def test_the_next_heading_in_a_row_of_headings_is_no_project_code():
    # 'Obra' took 'Data de lliurament', the heading beside it, as its code
    found = read(HEADINGS)
    assert found["project_code"] != "Data de lliurament"
    assert found["project_code"] in ("PQ-88", None)


AFFAIRE = f"""\
{BUYER}                                   BON DE COMMANDE FOURNISSEUR
N° BC  BCF26-00662                                Date  27/07/2026
Fournisseur  Céramique du Cap Bon SARL            Affaire :  TUN-08
Réf.     Désignation                     U     Qté      P.U. H.T.     Montant H.T.
TM-RG    Tuile mécanique rouge           u      24         17.86         428.64
"""


def test_a_french_job_number_names_the_site():
    assert read(AFFAIRE)["project_code"] == "TUN-08"  # not a site the office knows


UZBEK = """\
«MERIDIAN CONSTRUCTION UZBEKISTAN» MChJ                         Shakl BYB-1
YETKAZIB BERUVCHIGA BUYURTMA No. TSH0-000418
BUYURTMACHI                                  YETKAZIB BERUVCHI
Nomi:  «MERIDIAN CONSTRUCTION» MChJ          Nomi:  «Samarqand Temir Beton» MChJ
Obyekt:  SAM-02 — «Registon mehmonxonasi» qurilishi
Valyuta:  so‘m (UZS)
T/r   MXIK kodi           Tovar nomi                  O‘lch.   Miqdori      Narxi,      Summasi,
1     02523001001002001   Portlandsement CEM I 42,5N  qop            10   69 249,00   692 490,00
2     07217100001012001   Bog‘lash simi 1,2 mm        kg              4   22 773,00    91 092,00
Jami (QQSsiz):                                                                            783 582,00
QQS (12%):                                                                                 94 029,84
Jami to‘lovga (QQS bilan):                                                                877 611,84
"""


def test_an_order_in_uzbek():
    # refused whole: no title, no number label, no column and no foot label was known
    found = read(UZBEK)
    assert found["po_number"] == "TSH0-000418"
    assert found["project_code"] == "SAM-02"
    assert found["currency"] == "UZS"
    assert money(found) == ("783582.00", "94029.84", "877611.84")
    assert "totals_mismatch" not in found["warnings"]
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in found["items"]] == [
        ("10", "69249.00", "692490.00"),
        ("4", "22773.00", "91092.00"),
    ]


CONFIRMATION = """\
GURI I BARDHË Sh.p.k.                                   KONFIRMIM POROSIE
Rruga e Kavajës 12, Tiranë                              Nr.  KP-2026/4102
Tel +355 4 222 0101                                     Data  02.06.2026
Blerësi                                 Vendi i dorëzimit
{buyer:<40}PQ-31 - Kompleksi Liqeni, godina B
Porosia juaj nr.   Data e porosisë   Oferta nr.   Mënyra e pagesës
MCA-812/2026       29.05.2026        OF-30112     50% paradhënie
Nr.  Kodi      Përshkrimi                      Sasia   Njësia     Çmimi      Vlera
1    GR-NER3   Granit Nero Assoluto             12,5   m2        16.836    210.450
2    MB-BOT2   Pllaka mermeri Botticino          7,5   m2         6.985     52.388
                                               Vlera pa TVSH           262.838
                                               TVSH 20%                 52.568
                                               TOTALI PËR PAGESË (lekë) 315.406
Printuar nga programi i shitjes 3.4
"""


def test_a_confirmation_in_albanian_our_order_its_site_and_whole_leke():
    # its own number and date were read as ours; 'Vendi i dorëzimit' named no delivery block;
    # the program's version '3.4' made the page's points decimal ('262.84'), and the foot's
    # labels were unknown
    found = read(CONFIRMATION.format(buyer=BUYER))
    assert (found["po_number"], found["po_date"]) == ("MCA-812/2026", "2026-05-29")
    assert found["project_code"] == "PQ-31"
    assert money(found) == ("262838.00", "52568.00", "315406.00")
    assert found["currency"] == "ALL"


# What a second reading of the work above found, each put right.

HEAD = f"""\
{BUYER}                                   PURCHASE ORDER
PO Number  PO/8841                                Date  12/04/2026
Supplier   Voltex Cable Traders (Pty) Ltd         Site  CP09
"""
CABLES = """\
Item  Code     Description                 Qty  Unit   Unit Price R  Amount R
1     CAB-25   Cable 2,5 mm 3 core drum      2  drum         2,000        4,000
2     CAB-40   Cable 4,0 mm 3 core drum      1  drum         2,800        2,800
3     SW-34    Timer switch v3.4             1  each         1,200        1,200
                                           Subtotal             8,000
                                           VAT 15%              1,200
                                           Total                9,200
"""


def test_whole_rands_grouped_by_commas_beside_a_cables_size_keep_their_point():
    # two sizes' tenths after a comma outnumbered the version's after a point: 8.00, silent
    found = read(HEAD + CABLES)
    assert money(found) == ("8000.00", "1200.00", "9200.00")


BRUNEI = f"""\
{BUYER}                                   PURCHASE ORDER
PO Number  PO/8842                  Tel +673 223 4567   sales@kedai.com.bn
Supplier   Kedai Binaan Sdn Bhd                   Date  12/04/2026
Item  Code     Description                 Qty  Unit     Unit Price      Amount
1     CEM-42   Cement 42.5 kg bag           20  bag       B$ 82.50   B$ 1,650.00
                                           Total               B$ 1,650.00
"""


def test_b_dollar_names_no_one_country_and_is_left_for_a_person():
    # the Bahamas' and Brunei's both: it was the Bahamian dollar, proven, on Brunei's page
    found = read(BRUNEI)
    assert found["currency"] != "BSD"
    assert flagged(found, "currency")


def test_lek_in_a_note_is_a_leak_not_albanias_money():
    # no currency printed: 'lek' in the note named Albania's, proven
    unsigned = CABLES.replace("Unit Price R", "Unit Price  ").replace("Amount R", "Amount")
    found = read(HEAD + unsigned + "Let wel: dak mag nie lek nie\n")
    assert found["currency"] == "ZAR"


def test_a_counter_value_in_the_totals_cell_leaves_the_orders_own():
    page = f"""\
{BUYER}                                   PURCHASE ORDER
PO Number  PO/8843                                Date  12/04/2026
Supplier   Kedai Binaan Sdn Bhd                   Currency  USD
Item  Code     Description                 Qty  Unit   Unit Price (USD)  Amount (USD)
1     CEM-42   Cement 42.5 kg bag           20  bag              82.50       1,650.00
                           Total   USD 1,650.00 (approx. R 30,100.00)
"""
    assert read(page)["total"] == "1650.00"


def test_a_row_of_headings_in_spanish_gives_each_its_value_under_it():
    # 'Entrega' became a label word, so 'Fecha de entrega' read as a label after 'Lugar de
    # entrega', which did not: labels and values in turn, and 'Obra' took 'Lugar de entrega'
    page = f"""\
{BUYER}                                     ORDEN DE COMPRA  N° 0003-00006637
Proveedor:  Corralón Materiales San Martín S.R.L.
Obra                      Lugar de entrega             Fecha de entrega   Moneda
PQ-03 - Torre Norte       Av. Carballo 186, Rosario    03/06/2026         Pesos ($)
Código    Descripción                     Cant.    Precio unit.      Importe
HRM-21    Hormigón H21 elaborado          12,00     98.410,00     1.180.920,00
"""
    assert read(page)["project_code"] == "PQ-03"
