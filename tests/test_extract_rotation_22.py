"""Kinds of print rotation 20's families showed once they became dev families (rotation 22):
whole amounts closed by '/=' or '/-', a dollar with its country's letters before every price,
numbers under a 'Unit' header that are prices, a tax summary's rows read into the item table,
codes under an 'Item #' header that is not the first, one 'Item & Description' column over
names, notes set apart by stars or in capitals, a currency after a comma in a header or a
total's label, an order's number against the '#' of its title, and feet that print the
subtotal and tax in one row, the net before the tax included, or whole units. Each page is
made up here."""

from __future__ import annotations

from datetime import date

import pytest

from app import numbers
from app.extract import fields, structure, tables, totals
from app.extract.layout import text_lines
from app.extract.tables import Column, RawRow
from tests.test_extract_rotation_8 import BUYER, read


def _items(payload: dict) -> list[tuple]:
    return [
        (i["description"], i["quantity"], i["unit_price"], i["amount"]) for i in payload["items"]
    ]


def _head(title: str = "PURCHASE ORDER", number: str = "PO No: MC-26-0412") -> str:
    return f"""\
{BUYER}                                           {title}
12 Loop Street, Cape Town 8001                    {number}
                                                  Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd
Project: CP09
"""


# Money written the way a place writes it


@pytest.mark.parametrize(
    ("text", "cents"),
    [("193,945/=", 19394500), ("2,327,340/=", 232734000), ("1,500/-", 150000), ("45 /=", 4500)],
)
def test_a_whole_amount_closed_by_its_mark_is_read(text, cents):
    assert numbers.parse_money(text) == cents


@pytest.mark.parametrize(
    ("text", "cents"), [("EC$82.67", 8267), ("NZ$ 1,204.50", 120450), ("TT$5", 500)]
)
def test_a_dollar_with_its_countrys_letters_is_read(text, cents):
    assert numbers.parse_money(text) == cents


def test_a_whole_amounts_marks_group_its_thousands_under_a_decimal_comma():
    assert numbers.parse_money("1,500/=", True) == 150000
    assert numbers.parse_money("1.500/=", True) == 150000
    assert numbers.parse_money("r$ 10,00", True) == 1000  # the letters in either case


def test_items_priced_in_whole_shillings_are_read():
    got = read(
        _head()
        + """
QTY   PARTICULARS                          RATE          AMOUNT
12    Roofing sheets gauge 28          14,500/=      174,000/=
80    Lime, slaked                      1,250/=      100,000/=
                                      SUB TOTAL       274,000/=
                                      VAT 18%          49,320/=
                                      TOTAL           323,320/=
"""
    )
    assert _items(got) == [
        ("Roofing sheets gauge 28", "12", "14500.00", "174000.00"),
        ("Lime, slaked", "80", "1250.00", "100000.00"),
    ]
    assert (got["subtotal"], got["tax"], got["total"]) == ("274000.00", "49320.00", "323320.00")


def test_prices_each_after_a_dollar_with_letters_are_the_items_numbers():
    got = read(
        _head()
        + """
Qty   Unit     Description                        Unit Cost       Line Total
24    sheet    Roof sheet 26 gauge x 12 ft         EC$82.67      EC$1,984.08
60    cu.yd    River sand                         EC$120.23      EC$7,213.80
                                                  Subtotal       EC$9,197.88
                                                  VAT (12.5%)    EC$1,149.74
                                                  TOTAL         EC$10,347.62
"""
    )
    assert _items(got) == [
        ("Roof sheet 26 gauge x 12 ft", "24", "82.67", "1984.08"),
        ("River sand", "60", "120.23", "7213.80"),
    ]


# Columns a header names otherwise than what is under them


def test_numbers_under_a_unit_header_are_its_prices_where_the_lines_keep_their_sums():
    # 'Precio unit.' in a language whose word for price is not known: 'unit.' alone names
    # the unit, yet money is under it and quantity x it = amount on every line
    got = read(
        _head()
        + """
Cantidá   Unidá   Descripción                       Prezu unit.    Importe
2         m3      Piedra arenisca                        210,84     421,68
12        cientu  Tella árabe recuperada                  87,64   1.051,68
6         ud      Puerta de castañu                    1.237,50   7.425,00
"""
    )
    assert _items(got) == [
        ("Piedra arenisca", "2", "210.84", "421.68"),
        ("Tella árabe recuperada", "12", "87.64", "1051.68"),
        ("Puerta de castañu", "6", "1237.50", "7425.00"),
    ]


def test_a_tax_summary_read_into_the_table_leaves_its_number_columns_to_the_arithmetic():
    # a header in two languages split into words none of which names the numbers under it;
    # the tax summary's rows read into the table put a label where the quantities are
    columns = [Column("description", 0, 20), Column(None, 30, 34), Column(None, 40, 48)]
    columns += [Column(None, 50, 54), Column(None, 60, 68)]
    rows = [
        RawRow(columns, {0: "Beschläge Edelstahl", 1: "8", 2: "82,66", 3: "22 %", 4: "661,28"}),
        RawRow(columns, {0: "Holztreppe Buche", 1: "1", 2: "4.443,16", 3: "10 %", 4: "4.443,16"}),
        RawRow(columns, {0: "Haustür Lärche", 1: "4", 2: "3.731,74", 3: "22 %", 4: "14.926,96"}),
        RawRow(columns, {0: "22.246,74", 1: "MwSt. 22", 2: "4.894,28", 4: "4.894,28"}),
        RawRow(columns, {0: "5.144,58", 1: "MwSt. 10", 2: "514,46", 4: "514,46"}),
    ]
    keys = structure.arithmetic_keys(columns, rows, True)
    assert keys == {1: "quantity", 2: "unit_price", 4: "amount"}
    # a column mostly of words is none of the numbers'
    for row in rows[:2]:
        row.cells[1] = "Satz"
    assert 1 not in structure.arithmetic_keys(columns, rows, True)


def test_codes_under_an_item_number_header_that_is_not_the_first_are_the_codes():
    got = read(
        _head()
        + """
Qty   Unit     Item #    Description                    Unit Cost    Line Total
20    box      NL-3      Common nails 3 inch                159.27      3,185.40
50    bag      CEM-42    Cement 42.5kg bag                   33.87      1,693.50
60    length   PT-2x6    Pitch pine 2 x 6 x 16 ft            58.04      3,482.40
Notes / Instructions                                    Subtotal        8,361.30
Deliver Mon-Fri 7am-3pm.                                VAT 15%         1,254.20
Quote ref: Q90679                                       TOTAL           9,615.50
"""
    )
    assert [(i["item_code"], i["description"]) for i in got["items"]] == [
        ("NL-3", "Common nails 3 inch"),
        ("CEM-42", "Cement 42.5kg bag"),
        ("PT-2x6", "Pitch pine 2 x 6 x 16 ft"),
    ]


def test_positions_numbered_in_groups_under_their_headings_are_no_codes():
    got = read(
        _head()
        + """
Pos.       Désignation                         Quantité  Unité   Prix unitaire   Montant
117        Démolition et démontage
117.110    Dépose de faux-plafonds                   60  m²              25.29   1'517.40
117.210    Démolition de cloisons                   120  m²              49.44   5'932.80
118        Désamiantage
118.120    Désamiantage de revêtements              120  m²              77.15   9'258.00
"""
    )
    assert [i["description"] for i in got["items"]] == [
        "Dépose de faux-plafonds",
        "Démolition de cloisons",
        "Désamiantage de revêtements",
    ]


def test_item_and_description_over_names_is_one_description_column():
    got = read(
        _head()
        + """
#    Item & Description                         Qty        Rate       Amount
1    Stucco base coat, 80 lb                 20.00 BAG     16.05       321.00
2    Canale, galvanized 24"                   4.00 PC      45.90       183.60
3    Delivery - boom truck                    4.00 LOAD   130.66       522.64
"""
    )
    assert [i["description"] for i in got["items"]] == [
        "Stucco base coat, 80 lb",
        'Canale, galvanized 24"',
        "Delivery - boom truck",
    ]
    assert not any(i["item_code"] for i in got["items"])


def test_item_and_description_over_numbered_parts_keeps_the_number_apart():
    got = read(
        _head()
        + """
#    Item & Description                         Qty        Rate       Amount
1    100234 Steel bracket 50mm               20.00 PC       3.50        70.00
2    100871 Hinge, heavy duty                 4.00 PC      12.25        49.00
"""
    )
    assert [i["item_code"] for i in got["items"]] == ["100234", "100871"]


def test_a_size_first_is_no_code():
    assert not tables._a_code("2x4")
    assert tables._a_code("PT-2x6")


def test_item_and_description_over_codes_keeps_the_code_apart():
    got = read(
        _head()
        + """
#    Item & Description                         Qty        Rate       Amount
1    SBC-80 Stucco base coat, 80 lb          20.00 BAG     16.05       321.00
2    CAN-24 Canale, galvanized 24"            4.00 PC      45.90       183.60
"""
    )
    assert [i["item_code"] for i in got["items"]] == ["SBC-80", "CAN-24"]


def test_a_currency_after_a_comma_keeps_a_header_cell_whole():
    header = text_lines("No.  Mark   Description   Qty  Unit   Price, KGS    Amount, KGS")[0]
    columns = tables._columns(header.cells)
    assert [(c.key, c.word) for c in columns][-2:] == [
        ("unit_price", "price, kgs"),
        ("amount", "amount, kgs"),
    ]


def test_a_word_after_a_comma_that_names_a_column_splits_the_header_cell():
    header = text_lines("Code   Description      Qty   Price, Disc      Amount")[0]
    columns = tables._columns(header.cells)
    assert [(c.word, c.key) for c in columns][-3:] == [
        ("price,", None),
        ("disc", "discount"),
        ("amount", "amount"),
    ]


# Notes inside the table


def test_a_line_set_apart_by_stars_under_an_item_is_a_note():
    got = read(
        _head()
        + """
Product Code  Quantity  Details                          Unit Price   Net Amount
LNT-1500         10.00  Steel lintel, cavity wall 1500       49.81       498.10
                        100mm cavity, standard
                        ** Deliver to Gate 2 - call the site manager first **
CEM-OPC25       200.00  Portland cement 25kg                  7.13     1,426.00
"""
    )
    assert [i["description"] for i in got["items"]] == [
        "Steel lintel, cavity wall 1500 100mm cavity, standard",
        "Portland cement 25kg",
    ]


def test_a_line_in_capitals_under_an_item_in_small_letters_is_a_note():
    got = read(
        _head()
        + """
Código     Descripción                          Cantidad   Ud.    Precio    Importe
IMP-ASF4   Lámina asfáltica LBM-40                  5,00   rollo   59,52     297,60
BLQ-1220   Bloque hormigón vibrado                  4,00   ud       1,04       4,16
             DESCARGA CON CAMIÓN GRÚA - AVISAR ANTES
MAL-1515   Mallazo electrosoldado                  15,00   ud      33,73     505,95
"""
    )
    assert [i["description"] for i in got["items"]] == [
        "Lámina asfáltica LBM-40",
        "Bloque hormigón vibrado",
        "Mallazo electrosoldado",
    ]


def test_a_line_in_capitals_under_the_description_running_on_is_kept():
    got = read(
        _head()
        + """
Code       Description                          Qty    Unit   Price     Amount
LNT-1500   Steel lintel, cavity wall 1500        10    each   49.81     498.10
           GALVANISED, WITH END CAPS FITTED
BLQ-1220   Concrete block 140 mm                  4    each    1.04       4.16
"""
    )
    assert got["items"][0]["description"] == (
        "Steel lintel, cavity wall 1500 GALVANISED, WITH END CAPS FITTED"
    )


def test_a_description_in_capitals_running_on_in_capitals_is_kept():
    got = read(
        _head()
        + """
Code       Description                          Qty    Unit   Price     Amount
IMP-ASF4   BITUMEN ROOF MEMBRANE                  5    roll   59.52     297.60
           TORCH-ON GRADE, FOUR MM THICK
BLQ-1220   CONCRETE BLOCK 140 MM                  4    each    1.04       4.16
"""
    )
    assert got["items"][0]["description"] == ("BITUMEN ROOF MEMBRANE TORCH-ON GRADE, FOUR MM THICK")


def test_a_sentence_running_on_under_the_items_next_values_is_a_note():
    got = read(
        _head()
        + """
Description                              Taxes       Qty          Unit Price     Amount
[PIP-110] uPVC drainage pipe 110mm       VAT 15%     200.00 Units      38.43    7,686.00
Deliveries to site before 10:00 only - site contact to be phoned ahead
[DEL-CRANE] Delivery, crane offload      VAT 15%     1.00 Units        98.22       98.22
"""
    )
    assert [i["description"] for i in got["items"]] == [
        "uPVC drainage pipe 110mm",
        "Delivery, crane offload",
    ]


# An order's number


def test_our_number_against_the_hash_of_our_title_is_not_the_suppliers_reference():
    got = read(
        f"""\
{BUYER}
12 Loop Street, Cape Town 8001
Purchase Order #P00762

Purchase Representative:    Your Order Reference:    Order Date:
Ciarán Walsh                Q57913                   18/03/2026
Supplier: Velmor Trading (Pty) Ltd
Description                              Qty          Unit Price     Amount
EPS 70 floor insulation 100mm            40.00            17.97      718.80
Fibre cement slate 600 x 300            100.00             2.90      290.00
                                                    Total          1,008.80
"""
    )
    assert got["po_number"] == "P00762"


# Feet


def test_a_summary_row_of_subtotal_and_tax_with_the_total_under_it():
    got = read(
        _head()
        + """
Lp.  Kod       Nazwa                         Ilość  J.m.   Cena netto   Wartość netto
1    WKR-8240  Wkręty ciesielskie 8x240          4  op.        162,70          650,80
2    WEL-150   Wełna mineralna 150 mm           96  m²          28,65        2 750,40
                         Stawka    Wartość netto     Kwota VAT
                         23%            3 401,20        782,28
                         Suma           3 401,20        782,28
                         Zapłata:  4 183,48 zł
"""
    )
    assert (got["subtotal"], got["tax"], got["total"]) == ("3401.20", "782.28", "4183.48")


def test_a_summary_row_of_net_tax_and_gross_under_gross_prices():
    got = read(
        _head()
        + """
Lp.  Kod       Nazwa                         Ilość  J.m.   Cena brutto   Wartość brutto
1    PLY-GK    Płyta gipsowo-kartonowa         100  szt.         33,73         3 373,00
2    PRO-CW    Profil CW 50                     12  szt.         16,63           199,56
                                                         Razem:            3 572,56
                    Stawka   Wartość netto   Kwota VAT   Wartość brutto
                    23%           2 904,52      668,04         3 572,56
                    Suma          2 904,52      668,04         3 572,56
"""
    )
    assert (got["subtotal"], got["tax"], got["total"]) == ("2904.52", "668.04", "3572.56")


@pytest.mark.parametrize(
    ("net_first", "under"),
    [
        (True, "Net of tax  8.400,49 TL\nTax included 20%  1.680,10 TL"),
        (False, "Tax included 20%  1.680,10 TL\nNet of tax  8.400,49 TL"),
    ],
)
def test_the_tax_the_total_includes_beside_the_net_in_either_order(net_first, under):
    page = "Grand  10.080,59 TL\n" + under + "\nGeneral  10.080,59 TL\n"
    lines = text_lines(page.replace("  ", "            "))
    got = structure.foot_by_sums(lines, 1008059, (0, -1.0), 1.0, True)
    assert (got["subtotal"].value, got["tax"].value, got["total"].value) == (
        "8400.49",
        "1680.10",
        "10080.59",
    )


def test_a_tax_included_in_whole_units_is_within_half_a_unit():
    assert structure.included_at_a_rate(833364400, 127123400, whole=True)  # 18 % of 8.333.644
    assert not structure.included_at_a_rate(833364400, 127523400, whole=True)  # 400 units off
    # printed with cents: to the cent only ('100.00' over '13.00' is no 15 % included)
    assert not structure.included_at_a_rate(833364400, 127123400)
    assert not structure.included_at_a_rate(10000, 1300)


def test_a_tax_in_whole_units_under_a_total_in_whole_units_is_the_one_included():
    page = "Total TVAC            8.333.644 FBu\ndont TVA 18 %         1.271.234 FBu\n"
    got = structure.foot_by_sums(text_lines(page), 833364400, (0, -1.0), 1.0, True)
    assert (got["subtotal"].value, got["tax"].value) == ("7062410.00", "1271234.00")
    cents = "Total (incl. VAT)       100.00\nVAT included 15%         13.00\n"
    assert structure.foot_by_sums(text_lines(cents), 10000, (0, -1.0), 1.0, False) == {}


@pytest.mark.parametrize("label", ["Total incl. VAT, GEL", "Total, GEL", "Total, USD"])
def test_a_currency_after_a_comma_in_a_totals_label(label):
    lines = text_lines(f"Subtotal                    15,447.76\n{label}          18,228.36\n")
    assert totals.read_foot(lines, False, None)["total"].value == "18228.36"


# Dates


def test_a_date_of_the_buddhist_era_is_read_in_the_common_era():
    check = fields.date_checker(True, date(2026, 12, 1), ordered=True)
    assert check("31/05/2569") == "2026-05-31"
    assert check("2569-05-31") == "2026-05-31"
    assert check("31/05/2026") == "2026-05-31"
    assert check("31/05/2469") is None  # a hundred years off either way: no date of ours
    assert fields.date_checker(True)("31/05/2569") == "2569-05-31"  # no window: as printed


def test_the_buddhist_eras_leap_day_is_read_in_the_common_era():
    # 2567 is no leap year as printed, 2024 is: its 29 February is a date all the same
    check = fields.date_checker(True, date(2024, 3, 15), ordered=True)
    assert check("29/02/2567") == "2024-02-29"
    assert check("29/02/2569") is None  # 2026 has no 29 February either
    assert check("30/02/2024") is None
