"""Rules from rotation 7's pages, each on a page made up here: the cell under a label in rows
of label and value is the next row's label; in a header row of fields the cell right of a label
is the next column's head; a site's code printed with its name after a dash; and of two number
columns whose product is the amount, a quantity with decimals now and then is no price."""

from __future__ import annotations

from app.extract import engine

BUYER = "Meridian Construction (Pty) Ltd"


def read(text: str) -> dict:
    office = {"buyer_names": (BUYER,), "site_codes": ("CP09", "DBN07"), "today": "2026-12-01"}
    return engine.read_text(text, **office)


ROWS = f"""\
Highveld Readymix (Pty) Ltd                                    BOOKING CONFIRMATION
                                                               Booking No.   BK-55120
Customer         {BUYER}       Site       CP09 - Riverside Drive, Mbombela
Your order No.   MC-44120                              Access     Main gate, turn left at the office
Order date       10/05/2026                            Contact    Site agent L. Nkosi

Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00
PMP-36     Boom pump 36 m, per hour              6  hour   1 939.46     11 636.76

                                                          Subtotal      29 036.76
                                                          VAT 15%        4 355.51
                                                          Total         33 392.27
"""


def test_the_cell_under_a_label_in_rows_of_labels_is_the_next_rows_label():
    payload = read(ROWS)
    assert payload["project_code"] == "CP09"
    assert "low_confidence:project_code" not in payload["warnings"]


def test_a_label_whose_value_is_no_code_takes_not_the_next_rows_label():
    page = ROWS.replace("CP09 - Riverside Drive, Mbombela", "Riverside Drive 12, Mbombela")
    payload = read(page)
    assert payload["project_code"] is None
    assert "low_confidence:project_code" in payload["warnings"]


NOT_ROWS = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44121                  Date   10/05/2026
Supplier    Highveld Readymix (Pty) Ltd
Site                                  Buyer
DBN07                                 A. van Wyk

Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00

                                                          Subtotal      17 400.00
                                                          VAT 15%        2 610.00
                                                          Total         20 010.00
"""


def test_a_code_under_a_label_with_no_value_beside_it_is_still_its_value():
    assert read(NOT_ROWS)["project_code"] == "DBN07"


HEADINGS = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44124
Buyer          Order Date     Expected Arrival    Project     Status
J. Botha       07/24/2026     08/18/2026          PTAS        Approved
"""


def test_a_value_under_a_heading_in_a_row_of_headings_is_its_value():
    # 'PTAS': a site's code as a photo's OCR may read it ('PTA5'), a word with no digit
    assert read(HEADINGS)["project_code"] == "PTAS"


EXPORT = """\
Purchase order lines export      Columns: standard (10)      Currency: ZAR
PO Number    Supplier            Project    Ln    Item Code    Qty       UOM     Price     Amount
MC-30118     Hex Valley CC       DBN07       1    BM-400206    7.500     m       39.00     292.50
MC-30118     Hex Valley CC       DBN07       2    BM-300027    3.000     each     4.63      13.89
"""


def test_in_a_header_row_of_fields_the_cell_beside_a_label_is_the_next_head():
    payload = read(EXPORT)
    assert payload["project_code"] == "DBN07"


ASSURED = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44122                  Date   10/05/2026
Supplier    Boland Drywall & Ceilings (Pty) Ltd
Site        Project CP09, Langlaagte Student Residence
Start       10 Jun 2026

Code       Description                         Qty  Unit      Rate        Amount
DW-12      Drywall board 12 mm                  40  sheet    165.00      6 600.00

                                                          Subtotal       6 600.00
                                                          VAT 15%          990.00
                                                          Total          7 590.00
"""


def test_a_sites_code_then_its_name_after_a_comma_is_the_code():
    assert read(ASSURED)["project_code"] == "CP09"


WHOLE = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44123                  Date   10/05/2026             Site  CP09
Supplier    Ararat Building Materials

Nr   Kod      Anvanum                          Miavor    Kanak       Gin        Gumar
1    200025   Paint 25 kg white                bucket       20    15 338      306 760
2    150040   Concrete block 20x20x40          each         50       372       18 600
3    120008   Rebar A500C 8 mm                 t         12,25   388 400    4 757 900
4    140004   Sand 0-5 mm washed               m3           50     6 914      345 700

                                                                   7 759 305
"""


def test_a_quantity_with_decimals_now_and_then_is_no_price():
    items = read(WHOLE)["items"]
    assert [(i["quantity"], i["unit_price"]) for i in items] == [
        ("20", "15338.00"),
        ("50", "372.00"),
        ("12.25", "388400.00"),
        ("50", "6914.00"),
    ]
