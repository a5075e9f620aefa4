"""A business system's order prints its table's header in two rows, the second set under the
first ('Pos.  Material  Bezeichnung' over 'Bestellmenge  Einheit  Preis pro Einheit
Nettowert'), and each item the same way: its number, code and description on one line, its
quantity, unit, price and value on the line under it. The price may be for a quantity of a
unit ('4,17 / 1 ST'). Each page is made up here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged

GERMAN = f"""\
{BUYER}
Bestellung
Bestellnummer/Datum                                   4500035570 / 03.07.2026
Holsten Dämmtechnik GmbH & Co. KG
Padenstedter Weg 9, 24539 Neumünster                  Baustelle: CP09

Pos.    Material    Bezeichnung
        Bestellmenge   Einheit                Preis pro Einheit        Nettowert
00010   10004802    Porenbeton-Planstein PP2-0,35
                    625x250x240 mm
           480         ST                         4,17 / 1 ST           2.001,60
        Liefertermin: Tag 09.07.2026
00020   10004711    Kalksandstein KS 20-2,0 NF
            20         ST                         0,79 / 1 ST              15,80
        Liefertermin: Tag 09.07.2026
00030   30007790    XPS-Perimeterdämmung 120 mm
            60         M2                        26,15 / 1 M2           1.569,00

Gesamtnettowert ohne Mwst EUR                                           3.586,40
zzgl. 19 % MwSt.                                                          681,42
Gesamtbetrag inkl. MwSt. EUR                                            4.267,82
"""


def items(page: str) -> list[tuple]:
    found = as_po(read_page_text(page, **OFFICE))
    return found, [
        (i["item_code"], i["description"], i["quantity"], i["unit"], i["unit_price"], i["amount"])
        for i in found["items"]
    ]


def test_each_item_on_two_lines_under_a_header_of_two_rows():
    found, read = items(GERMAN)
    assert read == [
        ("10004802", "Porenbeton-Planstein PP2-0,35 625x250x240 mm", "480", "ST", "4.17",
         "2001.60"),
        ("10004711", "Kalksandstein KS 20-2,0 NF", "20", "ST", "0.79", "15.80"),
        ("30007790", "XPS-Perimeterdämmung 120 mm", "60", "M2", "26.15", "1569.00"),
    ]  # fmt: skip
    assert found["total"] == "4267.82"
    assert not flagged(found, "items")


def test_in_english_with_a_price_per_hundred():
    page = f"""\
{BUYER}
Purchase Order 4500081122 dated 14.09.2026
Vendor: Kestrel Fasteners Ltd
Item    Material      Description
        Order Qty.     Unit                  Price per unit            Net value
00010   20001133      Hex bolt M12x80 8.8 zinc
           500         PC                     84.00 / 100 PC              420.00
00020   20001140      Washer M12 form A
         1,000         PC                      6.50 / 100 PC               65.00
Total net value excl. VAT                                                 485.00
"""
    found, read = items(page)
    assert read == [
        ("20001133", "Hex bolt M12x80 8.8 zinc", "500", "PC", "84.00", "420.00"),
        ("20001140", "Washer M12 form A", "1000", "PC", "6.50", "65.00"),
    ]


def test_a_line_of_words_under_the_item_is_not_its_numbers():
    # the second line holds a delivery date, not numbers: the item's numbers are not made up
    page = GERMAN.replace(
        "            20         ST                         0,79 / 1 ST              15,80\n", ""
    )
    found, read = items(page)
    assert [row[0] for row in read] == ["10004802", "30007790"]  # no quantity: no item
    assert read[0][2:] == ("480", "ST", "4.17", "2001.60")
    assert flagged(found, "items")  # (the items no longer add up to the subtotal)


def test_a_description_running_on_with_a_number_is_not_the_items_numbers():
    # '120 mm' under the description: its words running on, not its quantity and unit
    page = GERMAN.replace(
        "00030   30007790    XPS-Perimeterdämmung 120 mm\n",
        "00030   30007790    XPS-Perimeterdämmung, Stärke\n                    120 mm\n",
    )
    found, read = items(page)
    assert read[2] == (
        "30007790", "XPS-Perimeterdämmung, Stärke 120 mm", "60", "M2", "26.15", "1569.00"
    )  # fmt: skip


def test_a_quantity_joined_to_a_price_per_unit_is_two_values():
    page = f"""\
{BUYER}
Purchase Order 4500081122 dated 14.09.2026
Vendor: Kestrel Fasteners Ltd
Code       Description                        Qty   Unit Price        Amount
HB-1280    Hex bolt M12x80 zinc               12 0.84 / 1 PC           10.08
WS-1200    Washer M12 form A                  40 0.65 / 1 PC           26.00
Total                                                                  36.08
"""
    found, read = items(page)
    assert [(row[0], row[2], row[5]) for row in read] == [
        ("HB-1280", "12", "10.08"),
        ("WS-1200", "40", "26.00"),
    ]


def test_a_code_over_its_description_under_a_material_and_description_cell():
    page = f"""\
{BUYER}
Purchase Order 4500081122 dated 14.09.2026
Vendor: Kestrel Fasteners Ltd
Material / Description                 Qty    Unit     Unit Price        Amount
HB-M12-80                              500    PC             0.84        420.00
Hex bolt M12x80 8.8 zinc
WS-M12-A                              1000    PC             0.65        650.00
Washer M12 form A
Total net value excl. VAT                                                1070.00
"""
    found, read = items(page)
    assert [(row[0], row[1]) for row in read] == [
        ("HB-M12-80", "Hex bolt M12x80 8.8 zinc"),
        ("WS-M12-A", "Washer M12 form A"),
    ]
