"""Kinds of print rotation 13's families showed once they became dev families: a value after
its own label on the line under an item, what it is to come with or where it goes ('EPD:
...', 'On site: ...'); amounts with no cents whose point or comma may be either mark (dinars
with three decimals, lek grouped by points), told by the lines' arithmetic; Albanian's and
Macedonian's column names; line numbers printed with a full stop ('1.'); two pages printed
side by side on one sheet, and one page whose two address blocks both start with our name,
which is no such sheet. Each page is made up here."""

from __future__ import annotations

import itertools

import pytest

from app.extract import engine, tables
from app.extract.layout import text_lines
from tests.test_extract_rotation_11 import read


def items(payload: dict) -> list[tuple]:
    keys = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
    return [tuple(item[key] for key in keys) for item in payload["items"]]


def test_a_labelled_value_under_an_item_is_no_part_of_its_description():
    # a wrapped description stays; the labelled lines under it are about the item, not its name
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-52218       Date  11/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Code      Description                          Qty  Unit     Unit Price      Amount
1   BLK-140   Hollow block 140 mm                  400  each          9.80     3,920.00
              load-bearing, 7 MPa
              EPD: S-P-02210, concrete blocks
2   CRN-25    Mobile crane 25 t                      6  hour        950.00     5,700.00
              On site: offload and place, gate 3
                                                    Total excl. VAT          9,620.00
                                                    VAT 15%                  1,443.00
                                                    Total incl. VAT         11,063.00
"""
    assert items(read(page)) == [
        ("BLK-140", "Hollow block 140 mm load-bearing, 7 MPa", "400", "each", "9.80", "3920.00"),
        ("CRN-25", "Mobile crane 25 t", "6", "hour", "950.00", "5700.00"),
    ]


def test_dinars_with_three_decimals_after_a_comma():
    # '24,000' is 24 and '1 786,880' dinars, as the lines' arithmetic shows
    page = """\
Meridian Construction (Pty) Ltd          BON DE COMMANDE
N° BC  BC-26-0410       Date  27/07/2026      Fournisseur  Velmor Trading (Pty) Ltd
N°  Réf.      Désignation                  U      Qté        P.U. H.T.    Montant H.T.
1   TL-RG     Tuile mécanique rouge        mille  24,000     1 786,880     42 885,120
2   PL-860    Plinthe grès cérame 8 x 60   ml     4,000          5,240         20,960
"""
    assert items(read(page)) == [
        ("TL-RG", "Tuile mécanique rouge", "24", "mille", "1786.88", "42885.12"),
        ("PL-860", "Plinthe grès cérame 8 x 60", "4", "ml", "5.24", "20.96"),
    ]


def test_lek_with_no_cents_grouped_by_points():
    # '16.480' is sixteen thousand: 20 x 824 says so, as '16.48' it would not hold
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-70214       Date  16/03/2026      Supplier  Velmor Trading (Pty) Ltd
No.  Code      Description                  Qty   Unit     Price     Amount
1    SK-MRM    Marble skirting 8 x 1 cm      20   m          824     16.480
2    PV-DRT    Marble window sill 20 x 3     30   m        2.291     68.730
"""
    assert items(read(page)) == [
        ("SK-MRM", "Marble skirting 8 x 1 cm", "20", "m", "824.00", "16480.00"),
        ("PV-DRT", "Marble window sill 20 x 3", "30", "m", "2291.00", "68730.00"),
    ]


@pytest.mark.parametrize(
    ("header", "key"),
    [
        ("Kodi", "item_code"),
        ("Përshkrimi i mallit", "description"),
        ("Sasia", "quantity"),
        ("Njësia", "unit"),
        ("Çmimi pa TVSH", "unit_price"),
        ("Vlera", "amount"),
        ("Назив на артикал", "description"),
        ("Е.м.", "unit"),
        ("ДДВ %", "line_tax"),
        ("Износ без ДДВ", "amount"),
    ],
)  # fmt: skip
def test_albanian_and_macedonian_column_names(header, key):
    assert tables.column_key(header) == key


def test_line_numbers_with_a_full_stop_beside_codes_of_digits():
    # '1.' is the line's number, '20-1016' its code, not the description's first word
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-03301       Date  15/10/2026      Supplier  Velmor Trading (Pty) Ltd
No.  Code      Description              Unit    Qty      Price       Amount
1.   20-1016   Rebar B500B 16 mm        t        2     9,650.00    19,300.00
2.   40-0250   Hollow brick 25x12x19    each   100         3.40       340.00
"""
    assert items(read(page)) == [
        ("20-1016", "Rebar B500B 16 mm", "2", "t", "9650.00", "19300.00"),
        ("40-0250", "Hollow brick 25x12x19", "100", "each", "3.40", "340.00"),
    ]


def two_to_a_sheet(left: str, right: str) -> str:
    """Two pages printed side by side on one sheet, as a PDF's text layer gives them."""
    rows = itertools.zip_longest(left.splitlines(), right.splitlines(), fillvalue="")
    return "\n".join(f"{a:<72}{b}".rstrip() for a, b in rows) + "\n"


def test_two_pages_printed_to_a_sheet():
    # each page's items under its own header, the second's higher up the sheet: the second
    # page's run on after the first's
    first = """\
Meridian Construction (Pty) Ltd    ORDER
Order No.  PO-88123    Date 27/07/2026
Supplier  Velmor Trading (Pty) Ltd
          14 Dock Road, Durban 4001
          Tel 031 555 0142
Deliver to  Site DBN07, Umgeni Road
Page 1 of 2
Ln  Code     Description        Qty  Unit   Price    Amount
1   BLK-6    Block 6 inch        20  ea     47.70    954.00
2   MAL-66   Mesh 6 x 6          10  sheet 174.60  1,746.00
                                  continued on page 2
"""
    second = """\
Meridian Construction (Pty) Ltd    ORDER
Order No.  PO-88123    Date 27/07/2026

Page 2 of 2
Ln  Code     Description        Qty  Unit   Price    Amount
3   CAB-12   Cable 12 AWG         2  roll  672.40  1,344.80
             roll of 500 ft
                              Subtotal            4,044.80
                              VAT 18%               728.06
                              Total               4,772.86
"""
    payload = read(two_to_a_sheet(first, second))
    assert items(payload) == [
        ("BLK-6", "Block 6 inch", "20", "ea", "47.70", "954.00"),
        ("MAL-66", "Mesh 6 x 6", "10", "sheet", "174.60", "1746.00"),
        ("CAB-12", "Cable 12 AWG roll of 500 ft", "2", "roll", "672.40", "1344.80"),
    ]


ONE_PAGE_ORDER = """\
                              PURCHASE ORDER
Order No.  PO-52231       Date  11/06/2026        Supplier  Velmor Trading (Pty) Ltd
Code      Description                        Qty  Unit     Unit Price       Amount
BLK-140   Hollow block 140 mm, load-bearing  400  each           9.80     3,920.00
CEM-425   Cement CEM II 42.5N, 50 kg bag     120  bag          112.50    13,500.00
REB-Y12   Rebar Y12, 6 m length               80  each          94.20     7,536.00
                                                  Total excl. VAT        24,956.00
                                                  VAT 15%                 3,743.40
                                                  Total incl. VAT        28,699.40
"""


@pytest.mark.parametrize(
    "letterhead",
    [
        # the delivery block over the descriptions: they run on past where it starts
        """\
MERIDIAN CONSTRUCTION (PTY) LTD     MERIDIAN CONSTRUCTION (PTY) LTD
Invoice to: Accounts Payable        Deliver to: Site DBN07
PO Box 1420, Durban 4000            Umgeni Road, Durban 4001
VAT No 4150212345                   VAT No 4150212345
""",
        # the delivery block over the units: nothing printed runs past where it starts, but
        # the table's header names its columns on both sides of it
        """\
MERIDIAN CONSTRUCTION (PTY) LTD                   MERIDIAN CONSTRUCTION (PTY) LTD
Invoice to: Accounts Payable                      Deliver to: Site DBN07
PO Box 1420, Durban 4000                          Umgeni Road, Durban 4001
VAT No 4150212345                                 VAT No 4150212345
""",
    ],
)
def test_our_name_over_both_address_blocks_is_one_page(letterhead):
    # our name and VAT number printed twice, over where to invoice and where to deliver,
    # were taken for two pages side by side: the items' right or left side cut off as a page
    page = letterhead + ONE_PAGE_ORDER
    assert engine.add_sheet([], text_lines(page)) == 0
    assert items(read(page)) == [
        ("BLK-140", "Hollow block 140 mm, load-bearing", "400", "each", "9.80", "3920.00"),
        ("CEM-425", "Cement CEM II 42.5N, 50 kg bag", "120", "bag", "112.50", "13500.00"),
        ("REB-Y12", "Rebar Y12, 6 m length", "80", "each", "94.20", "7536.00"),
    ]


def test_amounts_whose_decimal_mark_the_lines_chose_are_flagged():
    # bricks priced per thousand hold as line sums only read with a decimal point: the mark
    # the lines chose made every amount a thousand times smaller, the sums agreeing, no flag
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-52219       Date  11/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Code      Description                          Qty  Unit     Unit Price      Amount
1   BRK-FBX   Face brick FBX, per 1000           6,000  each         1,850      11,100
2   BRK-NFP   Maxi brick NFP, per 1000          10,000  each         1,200      12,000
                                                    Total excl. VAT             23,100
                                                    VAT 15%                      3,465
                                                    Total incl. VAT             26,565
"""
    found = read(page)
    assert "decimal_mark_by_lines" in {entry["rule"] for entry in found["rules_applied"]}
    for name in ("subtotal", "tax", "total", "items"):
        assert f"low_confidence:{name}" in found["warnings"], name


def test_a_labelled_line_under_an_item_with_no_description_is_its_description():
    # 'Size: M12 x 100 mm hex bolt' was taken for a note, and the item read with none
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-52218       Date  11/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Code      Description                          Qty  Unit     Unit Price      Amount
1   BLT-M12                                        400  each          9.80     3,920.00
              Size: M12 x 100 mm hex bolt
2   CRN-25    Mobile crane 25 t                      6  hour        950.00     5,700.00
                                                    Total excl. VAT          9,620.00
                                                    VAT 15%                  1,443.00
                                                    Total incl. VAT         11,063.00
"""
    assert read(page)["items"][0]["description"] == "Size: M12 x 100 mm hex bolt"


def test_a_labelled_attribute_under_a_described_item_stays_in_its_description():
    # what is ordered (the crane's operator, the steel's finish) is the description's; where
    # the item goes or the papers it comes with are notes
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-52220       Date  11/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Code      Description                          Qty  Unit     Unit Price      Amount
1   CRN-25    Mobile crane 25 t                      6  hour        950.00     5,700.00
              Operator: included, 8 hours
2   ANG-50    Angle 50 x 50 x 6 mm                  40  length      310.00    12,400.00
              Finish: galvanised, hot-dip
              On site: offload and place, gate 3
                                                    Total excl. VAT         18,100.00
                                                    VAT 15%                  2,715.00
                                                    Total incl. VAT         20,815.00
"""
    assert [item["description"] for item in read(page)["items"]] == [
        "Mobile crane 25 t Operator: included, 8 hours",
        "Angle 50 x 50 x 6 mm Finish: galvanised, hot-dip",
    ]


@pytest.mark.parametrize(
    "note",
    [
        "Delivery type: crane offload on site",
        "Certificate type: mill certificate 3.1",
        "Delivery driver: phone the site agent",
        "Packaging type: pallets returnable",
    ],
)
def test_a_property_word_after_a_word_of_delivery_or_papers_keeps_the_line_a_note(note):
    page = f"""\
Meridian Construction (Pty) Ltd          PURCHASE ORDER
Order No.  PO-52220       Date  11/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Code      Description                          Qty  Unit     Unit Price      Amount
1   ANG-50    Angle 50 x 50 x 6 mm                  40  length      310.00    12,400.00
              {note}
                                                    Total excl. VAT         12,400.00
                                                    VAT 15%                  1,860.00
                                                    Total incl. VAT         14,260.00
"""
    assert [item["description"] for item in read(page)["items"]] == ["Angle 50 x 50 x 6 mm"]
