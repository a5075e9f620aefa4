"""Kinds of print rotation 8's families showed once they became dev families: orders in
Serbian and Ukrainian (Cyrillic number signs, column heads and foot labels, the dinar's and
the hryvnia's short names, a date with its day in quotation marks beside a contract's),
labels printed over their translation (Malay over English), a row of headings with each
value under it, a cost centre that carries the site's code, the tax's base between the
subtotal and the total, a vendor's number before its name, and a stock order's 'Order Qty'
beside its 'Min' and 'Max'. Each page is made up here."""

from __future__ import annotations

from app.extract import engine, tables, unlabelled
from app.extract.layout import text_lines, typical_step
from tests.test_extract_second_reading_7 import TABLE

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {
    "buyer_names": (BUYER,),
    "site_codes": ("CP09", "DBN07", "PE-220"),
    "supplier_names": ("Velmor Trading (Pty) Ltd", "Langa Hardware & Paint"),
    "today": "2026-12-01",
}


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


def flagged(payload: dict, name: str) -> bool:
    return f"low_confidence:{name}" in payload["warnings"]


SERBIAN = f"""\
{BUYER}
                        НАРУЏБЕНИЦА бр. 4410/2026
                        Место и датум: Нови Сад, 03.03.2026. године
ДОБАВЉАЧ                                  Објекат:   DBN07 – Складиште
Велмор Трејд д.о.о.                       Рок:       до 20.03.2026.
Р. бр.  Шифра    Назив добра        Јед. мере  Количина       Цена   Рабат %    Износ без ПДВ
1.      300120   Цемент 50 кг       џак           20,00     900,00                  18.000,00
2.      300450   Песак речни        м3            10,00   2.000,00     10,00        18.000,00
                                      Вредност без рабата:     38.000,00 дин.
                                      Рабат:                    2.000,00 дин.
                                      Укупно без ПДВ:          36.000,00 дин.
                                      Основица за ПДВ 20%:     36.000,00 дин.
                                      ПДВ 20%:                  7.200,00 дин.
                                      Укупно за плаћање:       43.200,00 дин.
"""


def test_an_order_in_serbian_is_read_whole():
    # refused as a letter: 'бр.' was no number sign, and its heads, foot and dinar unknown
    # its number after 'бр.' in the title's cell, on a page our company heads, is read by its
    # place and flagged (rule number_after_our_title); the rest is read
    payload = read(SERBIAN)
    assert payload["po_number"] == "4410/2026" and flagged(payload, "po_number")
    assert payload["po_date"] == "2026-03-03"
    assert payload["project_code"] == "DBN07"
    assert payload["currency"] == "RSD"
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "36000.00",
        "7200.00",
        "43200.00",
    )
    assert not flagged(payload, "currency")
    assert [(i["quantity"], i["unit_price"], i["amount"]) for i in payload["items"]] == [
        ("20", "900.00", "18000.00"),
        ("10", "2000.00", "18000.00"),
    ]


def test_the_tax_base_between_the_subtotal_and_the_total_is_no_charge():
    # 'Base for VAT 15%:' (what the VAT is of, the subtotal again) was added to the VAT as a
    # second charge
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Velmor Trading (Pty) Ltd
Site        CP09
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00
                                                    Subtotal            17 400.00
                                                    Base for VAT 15%:   17 400.00
                                                    VAT 15%              2 610.00
                                                    Total               20 010.00
"""
    payload = read(page)
    assert payload["tax"] == "2610.00"
    assert not payload["checks_failed"]


UKRAINIAN = f"""\
                         СПЕЦИФІКАЦІЯ No 31
        до Договору поставки No 15/01-МП від 20.01.2026 р.
м. Київ                                          «20» червня 2026 р.
ТОВ «Велмор Трейд» (далі – Постачальник) та {BUYER} (далі – Покупець) погодили:
No  Артикул    Найменування товару    Од. вим.  Кількість  Ціна без ПДВ, грн  Сума без ПДВ, грн
1   104-0520   Щебінь гранітний       м3              100           1 180,24         118 024,00
2   107-0110   Труба ПВХ 110 мм       шт.              12             605,80           7 269,60
                                            Разом без ПДВ:      125 293,60
                                            ПДВ 20%:             25 058,72
                                            Всього з ПДВ:       150 352,32
"""


def test_a_date_in_words_with_its_day_in_quotation_marks_is_read():
    assert read(UKRAINIAN)["po_date"] == "2026-06-20"


def test_the_date_of_the_contract_an_order_is_under_comes_after_the_orders_own():
    # 'до Договору поставки No 15/01-МП від 20.01.2026' (the contract's date) was the first
    # date above the items, taken for the order's
    payload = read(UKRAINIAN.replace("«20» червня 2026 р.", "20.06.2026"))
    assert payload["po_date"] == "2026-06-20"


def test_an_order_whose_number_only_a_marker_names_has_its_date_flagged():
    # its number after 'No', a marker, in its title's cell ('Заказ поставщику', an order to a
    # supplier) is read by its place, and the date printed after it is the first above the
    # items: both found by where they stand, so both flagged
    page = f"""\
{BUYER}
                Заказ поставщику No 2246 от 8 июня 2026 г.
Срок поставки: 30.06.2026
Код     Товары                   Кол.   Ед.      Цена         Сумма
A-100   Цемент М500              10     меш.   2 500,00     25 000,00
                                                 Итого:      25 000,00
"""
    payload = read(page)
    assert after_title(page) == "2246" and flagged(payload, "po_number")
    # (with no number read by the rule that went, the first date above the items is the
    # delivery's: a guess, flagged as before)
    assert flagged(payload, "po_date")


def test_the_hryvnia_by_its_short_name():
    payload = read(UKRAINIAN)
    assert payload["currency"] == "UAH"
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "125293.60",
        "25058.72",
        "150352.32",
    )


MALAY = f"""\
MERIDIAN CONSTRUCTION (MALAYSIA) SDN. BHD.                         PESANAN BELIAN
a member of {BUYER}                                                PURCHASE ORDER
                                                           No. Pesanan
                                                           PO No.          KL/PO/26/1883
                                                           Tarikh          10-06-2026
Kepada                                   Hantar Ke
To                                       Deliver To
Velmor Trading (Pty) Ltd                 Jalan Desa Utama, Kuala Lumpur

Projek            Terma Bayaran          Rujukan Sebut Harga      Pegawai Pembelian
Project           Payment Terms          Quotation Ref.           Purchaser
PE-220            60 hari / 60 days      Q97421                   Ahmad Wafiq

Code     Description                       Qty   Unit   Unit Price (RM)   Amount (RM)
PLY-18   Phenolic film plywood 18 mm     12.00   pcs             111.41      1,336.92
                                                   Jumlah Kecil                1,336.92
                                                   Sub Total
                                                   Cukai Jualan 10%              133.69
                                                   Sales Tax 10%
                                                   Jumlah Besar                1,470.61
                                                   Grand Total (RM)
"""


def test_a_label_over_its_translation_has_its_value_under_both():
    # 'Projek' beside 'Terma Bayaran' (the next label, in Malay) took it for the project
    payload = read(MALAY)
    assert payload["project_code"] == "PE-220"


def test_a_malaysian_order_in_ringgit_and_its_malay_foot():
    # 'SDN. BHD.' (the legal form) was read as Bahrain's dinar
    payload = read(MALAY)
    assert payload["currency"] == "MYR"
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1336.92",
        "133.69",
        "1470.61",
    )


def test_rm_in_an_items_code_names_no_currency():
    # (as it was: the ringgit's 'RM' only before an amount)
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Velmor Trading (Pty) Ltd
Site        CP09
Code       Description                         Qty  Unit      Rate        Amount
RM25-19    Ready-mix 25MPa / 19mm stone         12  m3     1 450.00     17 400.00
                                                          Subtotal      17 400.00
                                                          VAT 15%        2 610.00
                                                          Total         20 010.00
"""
    assert read(page)["currency"] == "ZAR"


BRAZILIAN = f"""\
MERIDIAN CONSTRUÇÕES DO BRASIL LTDA.                               PEDIDO DE COMPRA
Empresa do grupo {BUYER}                                           Número:    004449
                                                                   Emissão:   03/04/2026
Fornecedor:   001345 / Loja 01 - Velmor Comércio de Materiais Ltda.
Endereço:     Estrada Municipal do Limoeiro, 900 - São José dos Campos/SP

Cond. Pagto     Tipo de Frete     Moeda       Centro de Custo     Comprador
28/56 DDL       CIF               1 - Real    4.01.PE-220         Sabrina Pires

Item   Código     Descrição do Produto        UM   Quantidade   Vlr. Unitário   Valor Total
0001   MAT00320   AREIA MEDIA LAVADA          M3         0,75        150,4200        112,82
0002   MAT00230   ARAME RECOZIDO 18 BWG       KG        24,00         20,7900        498,96
                                          Valor das Mercadorias             611,78
                                          (+) IPI                            19,88
                                          (+) Frete                           0,00
                                          Total do Pedido                R$ 631,66
"""


def test_a_vendors_number_before_its_name_is_not_the_supplier():
    # '001345 / Loja 01 - Velmor ... Ltda.' starts with a number: it was taken for an address
    assert read(BRAZILIAN)["supplier_name"] == "Velmor Comércio de Materiais Ltda."


def test_a_cost_centres_ledger_numbers_before_a_sites_code():
    # 'Centro de Custo' over '4.01.PE-220': the heading beside it was taken, 'Comprador'
    payload = read(BRAZILIAN)
    assert payload["project_code"] == "PE-220"


def test_a_brazilian_foot_with_its_tax_added_in_brackets():
    payload = read(BRAZILIAN)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "611.78",
        "19.88",
        "631.66",
    )
    assert payload["currency"] == "BRL"
    assert not flagged(payload, "tax") and not flagged(payload, "total")  # by their labels


def test_a_location_given_as_a_code_before_a_cost_centre():
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
VENDOR                              ASSET
Velmor Trading (Pty) Ltd            EX-07 Excavator 20 t
14 Marconi Road                     Location: PE-220
                                    Cost centre: PLANT-EX
Code       Description                         Qty  Unit      Rate        Amount
PB-80140   Bucket pin and bush set              12  set    1 450.00     17 400.00
                                                          Subtotal      17 400.00
                                                          VAT 15%        2 610.00
                                                          Total         20 010.00
"""
    assert read(page)["project_code"] == "PE-220"
    # a place by its name under 'Location' is not taken for the project
    named = page.replace("Location: PE-220", "Location: Oshakati")
    assert read(named)["project_code"] != "Oshakati"


def test_a_known_supplier_with_its_town_after_a_comma():
    page = f"""\
{BUYER}                                          PETTY CASH ORDER
                                                    No.   PCO-6575
DATE             SITE / JOB        SHOP
30-03-2026       DBN07             Langa Hardware & Paint, Cape Town
No.  Description                Qty  Unit    Price incl. VAT   Amount incl. VAT
1    Duct tape 48 mm x 25 m       1  roll              68.35              68.35
                                            Total incl. VAT            R 68.35
"""
    assert read(page)["supplier_name"] == "Langa Hardware & Paint"


def test_a_stock_orders_order_quantity_beside_its_min_and_max():
    # the 'Max' column was taken for the quantity, 'Order Qty' being the ordered one
    page = f"""\
{BUYER}                                          REPLENISHMENT ORDER
Order No.   RO-38466                  Date   30/08/2026
Supplier    Velmor Trading (Pty) Ltd
Site        CP09
Bin     Stock No.  Description             UOM   Min  Max  On Hand  Order Qty  Unit Price    Value
D-01-2  135613     Cutting disc 115 mm     each    4    8        2          6        9.62    57.72
C-08-5  117571     Ear plugs, box of 200   box     2    5        0          5      259.50  1,297.50
                                                           Order value excl. VAT        1,355.22
                                                           VAT 15%                        203.28
                                                           Order total incl. VAT        1,558.50
"""
    payload = read(page)
    assert [i["quantity"] for i in payload["items"]] == ["6", "5"]


def test_a_row_of_headings_over_a_table_gives_no_one_value():
    # the allocation's 'Project' heading over a row per project: its first row is no more
    # the order's project than the others (with the value looked for under a row of
    # headings, it was taken, proven as a known site's)
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Velmor Trading (Pty) Ltd
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00
                                                          Subtotal      17 400.00
                                                          VAT 15%        2 610.00
                                                          Total         20 010.00
Project     Share      Charged     Budget left
DBN07       60.0%    10,440.00      799,009.00
CP09        40.0%     6,960.00    1,861,013.00
"""
    payload = read(page)
    assert payload["project_code"] is None or flagged(payload, "project_code")


def test_blocks_of_words_under_a_row_of_headings_keep_their_values():
    # (as it was: an address under each heading is no table)
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
SUPPLIER                      MEMBER                             DELIVER TO
Velmor Trading (Pty) Ltd      {BUYER}    Site CP09
14 Marconi Road               Member No. M-1301                  44 Lynnwood Road
Cape Town 7441                VAT No. 4120198765                 Wanted: 2 Sep 2026
{TABLE}"""
    payload = read(page)
    assert payload["supplier_name"] == "Velmor Trading (Pty) Ltd"
    assert not flagged(payload, "supplier_name")


def test_a_price_and_an_amount_said_to_include_vat_are_the_price_and_the_amount():
    # 'Price incl. VAT' and 'Amount incl. VAT' were heads of no known column: on a form whose
    # items are one each, the arithmetic cannot tell a quantity of 1 from the price, and the
    # prices were read as the quantities
    assert tables.column_key("Price incl. VAT") == "unit_price"
    assert tables.column_key("Unit price inc GST") == "unit_price"
    assert tables.column_key("Amount incl. VAT") == "amount"
    assert tables.column_key("Total incl. VAT") == "amount"


def test_a_known_sites_code_above_the_items_before_a_locations_code():
    # (a second reading's note) 'Location: WH2-B14' is a place in the yard; the one known
    # site's code printed under 'Deliver to' is likelier the project's, flagged either way
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
VENDOR                              ASSET
Velmor Trading (Pty) Ltd            Location: WH2-B14
Deliver to: Durban depot DBN07
{TABLE}"""
    payload = read(page)
    assert payload["project_code"] == "DBN07"
    assert flagged(payload, "project_code")


def after_title(page: str) -> str | None:
    """The number `unlabelled.number_after_title` finds after an order's title on the page,
    whoever heads it: taken on any page, it went at rotation 21's look (wrong more often than
    right on the held-out families); it serves `number_after_title_over_site`, and
    `number_after_our_title` on a page our own company heads."""
    lines = text_lines(page)
    return unlabelled.number_after_title(lines, typical_step(lines)).value
