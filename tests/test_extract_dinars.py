"""Dinars and fils in columns of their own, under a line of their units ('K.D.  Fils'), as a
Gulf contractor's local purchase order prints its prices. The page is made up here."""

from __future__ import annotations

from app.extract import split_money
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import BUYER, read

DINARS_AND_FILS = f"""\
{BUYER}
Shuwaikh Industrial Area, Block 2, State of Kuwait

LOCAL PURCHASE ORDER                                   L.P.O. No. KW/LPO/4102/26
To: M/s. Al Dhow Building Materials Co. W.L.L.         Date : 14/04/2026
                                                       Job No. : KW-SAH02

S.No.  Item Code   Description               Unit   Qty     Unit Price      Total Amount
                                                            K.D.   Fils     K.D.    Fils
1      BLK-20S     Solid concrete block      PCS      8       -     180       1     440
2      SND-WSH     Washed sand               M3    12.5       6     500      81     250
3      PLY-18      Marine plywood 18 mm      SHT      4      10     000      40     000

                                       TOTAL (K.D.)                       122     690
"""


def test_dinars_and_fils_in_two_columns_are_read_as_one_amount():
    got = read(DINARS_AND_FILS)
    assert [item["unit_price"] for item in got["items"]] == ["0.18", "6.50", "10.00"]
    assert [item["amount"] for item in got["items"]] == ["1.44", "81.25", "40.00"]
    assert (got["total"], got["currency"]) == ("122.69", "KWD")


def test_fils_that_are_no_whole_cents_are_left_as_printed():
    lines = text_lines(
        "Item      Rate              Amount\n"
        "          K.D.  Fils        K.D.   Fils\n"
        "Bolts        6   505          13    010\n"
    )
    joined = split_money.join_cents(lines)
    texts = [cell.text for cell in joined[2].cells]
    assert "6.50" not in texts and "6" in texts and "505" in texts  # no cents can hold it
    assert texts[-1] == "13.01"


def test_a_dash_is_no_whole_units_under_a_line_that_names_no_units():
    lines = text_lines("Item      Qty   Bags\nSand        -    180\n")
    assert split_money.join_cents(lines) == lines


def test_initials_k_d_before_a_date_name_no_dinars():
    page = DINARS_AND_FILS.replace("K.D.", "    ").replace("TOTAL (    )", "TOTAL       ")
    page += "Approved by: K.D. 14.05.2026\n"
    assert read(page)["currency"] != "KWD"


def test_a_dinars_head_the_engine_cannot_name_joins_nothing():
    # 'B.D.  Fils' would leave amounts in cents that no sign on the page names
    lines = text_lines("Item      Rate\n          B.D.  Fils\nBolts        6   500\n")
    assert split_money.join_cents(lines) == lines
