"""Orders a second reading of rotation 6's rules made up to break them, each read as it was
before those rules: unpriced lines that are no kit's parts ('TBA', 'FOC'), a section's own
total inside the table, taxes labelled left of the foot's labels, a drawing's revision under
an item, and a Canadian tax's name inside a description. Each page is made up here."""

from __future__ import annotations

from app.extract import engine, tables
from app.extract.layout import text_lines

BUYER = "Meridian Construction (Pty) Ltd"


def read(text: str) -> dict:
    office = {"buyer_names": (BUYER,), "site_codes": ("CP09",), "today": "2026-12-01"}
    return engine.read_text(text, **office)


UNPRICED = f"""\
{BUYER}                                          PURCHASE ORDER
Order Number   MC-2611          Order Date   28/09/2026          Job   CP09
Supplier       Highveld Plumbing Merchants CC

Line  Product Code  Description                         Ordered  UOM    Unit Price   Line Total
1     KIT-SH90      Shower set 900 x 900                  20.00  set      3 227.22    64 544.40
2     GEY-150       Geyser 150 l                           4.00  each          TBA          TBA
3     SIL-WH        Silicone sealant white                20.00  each        88.46     1 769.20
4     PPE-GL        Safety gloves (sample)                 2.00  pair          FOC          FOC

                                                          Total Excl. VAT          66 313.60
                                                          VAT @ 15%                 9 947.04
                                                          Total Incl. VAT          76 260.64
"""


def test_lines_priced_later_or_free_are_items_not_parts():
    payload = read(UNPRICED)
    assert [row["item_code"] for row in payload["items"]] == [
        "KIT-SH90",
        "GEY-150",
        "SIL-WH",
        "PPE-GL",
    ]
    assert "low_confidence:items" in payload["warnings"]


SECTIONS = f"""\
{BUYER}                                          PURCHASE ORDER
Order Number   MC-2612          Order Date   28/09/2026          Job   CP09
Supplier       Highveld Building Supplies CC

Line  Code       Description                         Qty  UOM    Unit Price   Line Total
      Section A: Civil works
1     CEM-42     Cement 42.5N 50 kg                    100  bag         95.00     9 500.00
2     SND-PL     Plaster sand                            6  m3         420.00     2 520.00
                 Section total                                                12 020.00
      Section B: Electrical
3     CAB-25     Cable 2.5 mm twin & earth              10  roll       850.00     8 500.00
4     DB-12      Distribution board 12 way               2  each       640.00     1 280.00
                 Section total                                                 9 780.00

                                                       Subtotal                 21 800.00
                                                       VAT 15%                   3 270.00
                                                       Total                    25 070.00
"""


def test_a_sections_own_total_does_not_end_the_items():
    payload = read(SECTIONS)
    assert [row["item_code"] for row in payload["items"]] == ["CEM-42", "SND-PL", "CAB-25", "DB-12"]
    assert payload["warnings"] == []


TAXES_LEFT = f"""\
{BUYER}                                          PURCHASE ORDER
Order Number   MC-2613          Order Date   28/09/2026          Job   CP09
Supplier       Fraser Valley Lumber Ltd                   Tel +1 604 555 0199

Line  Code       Description                         Qty  UOM    Unit Price   Line Total
1     PLY-18     Plywood 18 mm                        20  sheet       40.00       800.00
2     STD-24     Stud 2x4 8 ft                        50  each         4.00       200.00

                                                       Subtotal                  1,000.00
GST 5%                                                                              50.00
PST 7%                                                                              70.00
                                                       Total                     1,120.00
"""


def test_taxes_labelled_left_of_the_foots_labels_are_its_charges():
    assert read(TAXES_LEFT)["tax"] == "120.00"


DRAWINGS = f"""\
{BUYER}                                          PURCHASE ORDER
Order Number   MC-2614          Order Date   28/09/2026          Job   CP09
Supplier       Boland Steel Profiles CC

Line  Code       Description                         Qty  UOM    Unit Price   Line Total
1     PL-D101    Base plate cut to drawing D-101       4  each      250.00     1 000.00
                 Rev 2: 600 x 400 x 10 mm, 4 holes
2     PL-D102    Gusset plate to drawing D-102         8  each       62.50       500.00
                 Rev 1: 200 x 200 x 8 mm

                                                       Subtotal                  1 500.00
                                                       VAT 15%                     225.00
                                                       Total                     1 725.00
"""


def test_a_drawings_revision_under_an_item_is_its_description():
    rows = read(DRAWINGS)["items"]
    assert rows[0]["description"].endswith("Rev 2: 600 x 400 x 10 mm, 4 holes")


DOLLARS = f"""\
{BUYER}                                          PURCHASE ORDER
Order Number   MC-2617          Order Date   28/09/2026          Job   CP09
Supplier       Lone Star Roofing Supply LLC

Line  Code       Description                         Qty  UOM    Unit Price   Line Total
1     TPO-60     TPO membrane 60 mil, HST seam tape     2  roll     $ 400.00     $ 800.00
2     FAS-3      Plate fasteners 3 in                 10  box       $ 20.00     $ 200.00

                                                       Subtotal                 $ 1,000.00
                                                       Sales Tax 8.25%             $ 82.50
                                                       Total                    $ 1,082.50
"""


def test_a_canadian_taxs_name_in_a_description_names_no_currency():
    assert read(DOLLARS)["currency"] == "USD"


def test_a_slash_after_a_column_name_keeps_the_name():
    header = text_lines("Qty / Pack   Description / Size   Amount")[0]
    assert [c.key for c in tables._columns(header.cells)][:1] == ["quantity"]
