"""Layout principles the engine reads on any template: tables of small text layouts.

Label words in other languages, several tax lines, prices that include VAT,
a header word with two meanings, a note row inside the table, a page's foot
line far under the items, a place name beside a site code, a supplier
named only in the envelope window, and a US header ('Item #', 'Ext. Cost')
with header words no vocabulary has or that name two columns.
"""

from __future__ import annotations

import pytest

from app.extract import engine
from app.extract.document import ExtractOptions
from app.extract.layout import text_lines

BUYER = "Meridian Construction (Pty) Ltd"


def po(text: str) -> dict:
    office = {"buyer_names": (BUYER,), "site_codes": ("CP09", "DBN07"), "today": "2026-12-01"}
    return engine.read_text(text, **office)


def header(payload: dict) -> tuple:
    keys = ("po_number", "po_date", "supplier_name", "project_code")
    return tuple(payload[key] for key in keys)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            """\
AANKOOPBESTELLING
Bestelnommer     MB12043
Datum            14 Februarie 2026
Projek           CP09
Verskaffer
Boland Building Supplies CC
""",
            ("MB12043", "2026-02-14", "Boland Building Supplies CC", "CP09"),
        ),
        (
            """\
BON DE COMMANDE
N° de commande       BC442134
Date de commande     08/06/2026
Chantier             DBN07
Fournisseur
Béton Provence SAS
""",
            ("BC442134", "2026-06-08", "Béton Provence SAS", "DBN07"),
        ),
        (
            """\
BESTELLUNG
Bestellnummer    4711-22
Bestelldatum     3. März 2026
Baustelle        CP09
Lieferant        Baustoffe Krämer GmbH
""",
            ("4711-22", "2026-03-03", "Baustoffe Krämer GmbH", "CP09"),
        ),
    ],
)
def test_header_labels_in_other_languages(text, expected):
    assert header(po(text)) == expected


ITEMS = """\
PURCHASE ORDER
PO Number: PO-7
Code     Description              Qty      Price      Amount
A-1      River sand washed         10     100.00     1000.00
A-2      Cement 50kg bag            2      50.00      100.00
"""


def test_several_tax_lines_between_subtotal_and_total_are_the_tax():
    foot = """\
                              Subtotal                    1100.00
                              VAT 15%                      165.00
                              Environmental levy 1.5%       16.50
                              Total due (ZAR)             1281.50
"""
    payload = po(ITEMS + foot)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1100.00",
        "181.50",
        "1281.50",
    )
    assert "totals_mismatch" not in payload["warnings"]


def test_prices_that_include_vat_add_up_to_the_total():
    foot = """\
                              Total (incl. VAT)           1100.00
                              VAT included at 15%          143.48
"""
    payload = po(ITEMS + foot)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "956.52",
        "143.48",
        "1100.00",
    )
    assert "totals_mismatch" not in payload["warnings"]
    # no subtotal printed: the net is the total less the tax it includes; the tax and total
    # are proven by the items, and the net with them
    assert "low_confidence:subtotal" not in payload["warnings"]
    assert "low_confidence:tax" not in payload["warnings"]
    assert "low_confidence:total" not in payload["warnings"]


def test_a_number_sign_with_its_ordinal_indicator_names_the_po_number():
    # 'N.º' and 'Ref.ª' as printed, not the 'N.o' and 'Ref.a' compatibility forms make of them
    text = """\
NOTA DE ENCOMENDA
N.º da encomenda     NE-353/2026
Ref.ª     Descrição                 Qtd.     Preço unit.      Valor
FIO-25    Fio elétrico 2,5 mm         10        3 563,26   35 632,60
"""
    payload = po(text)
    assert payload["po_number"] == "NE-353/2026"
    assert "low_confidence:po_number" not in payload["warnings"]
    assert payload["items"][0]["item_code"] == "FIO-25"
    assert not [e for e in payload["rules_applied"] if e["field"] == "items"]  # named by header


def test_a_micro_sign_stays_as_printed():
    text = ITEMS.replace("Cement 50kg bag  ", "Membrane 200 µ  ")
    assert payload_descriptions(po(text))[1] == "Membrane 200 µ"


def payload_descriptions(payload: dict) -> list[str]:
    return [item["description"] for item in payload["items"]]


def test_a_tax_line_that_starts_with_plus_and_a_registration_above_it():
    # 'USt-IdNr. 4002097728' over the table is a registration, not 'USt' and an amount
    foot = """\
                              Nettobetrag                1.100,00 €
                              zzgl. 19 % MwSt.             209,00 €
                              Gesamtbetrag               1.309,00 €
"""
    head = ITEMS.replace("PO Number: PO-7", "PO Number: PO-7\nUSt-IdNr. 4002097728")
    text = head.replace("1000.00", "1.000,00").replace("100.00", "100,00").replace("50.00", "50,00")
    payload = po(text + foot)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1100.00",
        "209.00",
        "1309.00",
    )
    assert "low_confidence:tax" not in payload["warnings"]


def test_the_number_sign_as_the_ocr_reads_its_raised_o_is_a_label_not_a_value():
    # 'N.2 da encomenda' beside 'Fornecedor': the supplier is the name under its label
    text = """\
NOTA DE ENCOMENDA
Fornecedor          N.2 da encomenda     NE-429/2026
Cimentos da Matola SA
"""
    payload = po(text)
    assert (payload["po_number"], payload["supplier_name"]) == (
        "NE-429/2026",
        "Cimentos da Matola SA",
    )


@pytest.mark.parametrize("header", ["Dto. %", "Rabatt %", "% Disc.", "Disc %"])
def test_a_discount_header_with_its_percent_sign(header):
    text = f"""\
PURCHASE ORDER
PO Number: PO-7
Code     Description              Qty      Price    {header:<8}   Amount
A-1      River sand washed         10     100.00     10%        900.00
A-2      Cement 50kg bag            2      50.00                100.00
A-3      Bolts M8                   4      10.00                 40.00
                                             Subtotal           1040.00
"""
    payload = po(text)
    assert payload["items"][0]["discount"] == "10"
    assert "low_confidence:items" not in payload["warnings"]
    assert not [e for e in payload["rules_applied"] if e["field"] == "items"]  # its header


def test_the_foot_in_another_language_ends_the_table():
    # 'Base imponible' and 'IVA21%' (its space lost) are the foot: not rows under the codes
    text = """\
PEDIDO DE COMPRA
Nº Pedido   PC26126
Clave     Descripción              Cantidad    Precio     Importe
TUB-110   Tubo PVC 110 mm                20     13,94      278,80
ARE-04    Arena lavada 0/4                8     15,00      120,00
                                 Base imponible           398,80 €
                                 IVA21%                    83,75 €
                                 Total pedido             482,55 €
"""
    payload = po(text)
    assert [item["item_code"] for item in payload["items"]] == ["TUB-110", "ARE-04"]


def test_a_header_word_with_two_meanings_gives_way():
    text = """\
PO Number: PO-8
Item   Material   Description            Order qty   UoM    Price/unit    Net value
10     HB-M12     Hex bolt M12x60               3    each         8.96        26.88
20     WM-193     Welded mesh ref 193           1    sheet      606.48       606.48
"""
    items = po(text)["items"]
    assert [(i["item_code"], i["description"], i["quantity"]) for i in items] == [
        ("HB-M12", "Hex bolt M12x60", "3"),
        ("WM-193", "Welded mesh ref 193", "1"),
    ]


@pytest.mark.parametrize(
    "note",
    [
        # it says it is a note
        "Note: deliver to the main gate before 10:00; site contact on arrival",
        # it starts under the codes and runs on under the descriptions
        "deliver to the main gate before 10:00, site contact on arrival, please",
    ],
)
def test_a_note_row_inside_the_table_is_no_item_and_no_description(note):
    text = ITEMS.replace("A-2 ", f"{note}\nA-2 ")
    items = po(text)["items"]
    assert [i["description"] for i in items] == ["River sand washed", "Cement 50kg bag"]


@pytest.mark.parametrize(
    "annotation",
    [
        # the item's deliveries, each with its date and quantity
        "         Rel 1   Due 01/07/2026   Qty 6 m3\n         Rel 2   Due 08/07/2026   Qty 4 m3",
        # a batch, serial or heat number the item is to be delivered with
        "         Batch no. 263254 - one batch per delivery",
        "         Drum serial no. D267095 - supply with test certificate",
    ],
)
def test_a_line_about_an_items_delivery_is_not_its_description(annotation):
    text = ITEMS.replace("A-2 ", f"{annotation}\nA-2 ")
    items = po(text)["items"]
    assert [i["description"] for i in items] == ["River sand washed", "Cement 50kg bag"]


@pytest.mark.parametrize("wrapped", ["and delivered", "grade no 100 washed"])
def test_a_wrapped_description_still_joins_its_item(wrapped):
    text = ITEMS.replace("A-2 ", f"         {wrapped}\nA-2 ")
    items = po(text)["items"]
    assert items[0]["description"] == f"River sand washed {wrapped}"


def test_a_page_foot_line_far_under_the_items_is_not_an_item():
    text = ITEMS + "\n" * 20 + "Meridian Construction · Reg. No. 2004/012345/07 · VAT 4120198765\n"
    assert len(po(text)["items"]) == 2


def test_a_place_beside_a_site_code_is_not_the_code():
    text = "PO Number: PO-9\nSite DBN07 stores\nProject\nDBN07\n"
    assert po(text)["project_code"] == "DBN07"


def test_a_name_in_the_envelope_window_is_left_for_a_person():
    # the name under our own return address was taken for the supplier, flagged, by a rule
    # (supplier_in_address_window) that went at rotation 17's look: 5 fired, none right
    text = """\
Meridian Construction (Pty) Ltd · PO Box 1180 · Bellville 7535        Purchase order no.
Lowveld Pipe & Valve                                                 4500055740
4 Industrial Crescent
"""
    payload = po(text + ITEMS.split("\n", 2)[2])
    assert payload["supplier_name"] != "Meridian Construction (Pty) Ltd"
    assert "low_confidence:supplier_name" in payload["warnings"]


def test_a_business_systems_print_codes_in_brackets_and_no_supplier_label():
    text = """\
Meridian Construction (Pty) Ltd                                  Meridian House, 41 Voortrekker Road
                                               Elite Electrical Wholesalers
                                               56 Main Reef Road
Purchase Order #P04286
Order Date
02/21/2026
Description                                Qty    Unit Price          Amount
[DPM-250] Damp proof membrane 250        60.00        408.07       24,484.20
[SHR-VIS] Shuttering ply 18mm            50.00        614.78       30,739.00
                                       Untaxed Amount             55,223.20
                                       VAT 15%                     8,283.48
                                       Total                      63,506.68
"""
    payload = po(text)
    assert [(i["item_code"], i["description"]) for i in payload["items"]] == [
        ("DPM-250", "Damp proof membrane 250"),
        ("SHR-VIS", "Shuttering ply 18mm"),
    ]
    # no label names the supplier: the name over an address is left for a person (the rule
    # that took it was wrong more often than right on the held-out families, and went)
    assert payload["supplier_name"] is None
    assert "low_confidence:supplier_name" in payload["warnings"]
    assert (
        payload["subtotal"] == "55223.20" and "low_confidence:subtotal" not in payload["warnings"]
    )


@pytest.mark.parametrize(
    ("dates", "order_date"),
    [
        # a date that only reads month first says how the document writes them all
        ("Order Date: 03/11/2026\nDelivery: 03/21/2026", "2026-03-11"),
        # one that only reads day first: the same date is 3 November
        ("Order Date: 03/11/2026\nDelivery: 21/11/2026", "2026-11-03"),
        # nothing says: the office's setting (day first)
        ("Order Date: 03/11/2026", "2026-11-03"),
    ],
)
def test_a_document_says_how_it_writes_its_dates(dates, order_date):
    assert po(f"PO Number: PO-1\n{dates}\n")["po_date"] == order_date


def test_a_running_total_carried_over_a_page_is_not_an_item_and_the_table_runs_on():
    page_one = ITEMS + "                 Übertrag                        1100.00\n"
    page_two = """\
A-3      Hex bolt M12               4       2.50        10.00
                              Subtotal                    1110.00
"""
    lines = text_lines(page_one) + text_lines(page_two, page_no=1, y0=60)
    office = {"buyer_names": (BUYER,), "today": "2026-12-01"}
    payload = engine.read_po(lines, ExtractOptions(**office))
    assert [i["item_code"] for i in payload["items"]] == ["A-1", "A-2", "A-3"]
    assert payload["subtotal"] == "1110.00" and "totals_mismatch" not in payload["warnings"]


def test_an_item_whose_numbers_are_printed_on_the_line_under_it():
    text = """\
PO Number: PO-10
Code     Description              Qty      Price      Amount
A-1      River sand washed
                                   10     100.00     1000.00
A-2      Cement 50kg bag
                                    2      50.00      100.00
"""
    items = po(text)["items"]
    assert [(i["item_code"], i["quantity"], i["amount"]) for i in items] == [
        ("A-1", "10", "1000.00"),
        ("A-2", "2", "100.00"),
    ]


US_TABLE = """\
PO Number: PO-77
Line  Item #   Description                 Qty  UOM    Unit Cost   Ext. Cost
 1    CMU-8    Concrete block 8x8x16        50  ea          2.40      120.00
 2    PLY-34   Plywood CDX 3/4 in            4  sheet      52.43      209.72
               4 x 8 sheets
                                        Subtotal                     329.72
"""


def _lines(payload: dict) -> list[tuple]:
    keys = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
    return [tuple(item[key] for key in keys) for item in payload["items"]]


def test_a_us_header_item_number_unit_cost_and_extended_cost():
    assert _lines(po(US_TABLE)) == [
        ("CMU-8", "Concrete block 8x8x16", "50", "ea", "2.40", "120.00"),
        ("PLY-34", "Plywood CDX 3/4 in 4 x 8 sheets", "4", "sheet", "52.43", "209.72"),
    ]


@pytest.mark.parametrize(
    ("header", "rule"),
    [
        ("Line  Bin      ", "column_of_codes"),  # a word no vocabulary has, over the codes
        ("#     Line     ", "header_name_twice"),  # two headers that say 'line number'
    ],
)
def test_an_unknown_or_repeated_header_word_is_named_by_what_is_under_it(header, rule):
    payload = po(US_TABLE.replace("Line  Item #   ", header))
    assert [line[:4] for line in _lines(payload)] == [
        ("CMU-8", "Concrete block 8x8x16", "50", "ea"),
        ("PLY-34", "Plywood CDX 3/4 in 4 x 8 sheets", "4", "sheet"),
    ]
    assert rule in {applied["rule"] for applied in payload["rules_applied"]}


def test_a_header_cell_read_as_a_name_given_twice_is_one_unnamed_column():
    # 'List Cost' reads as 'List' and 'Cost' (a unit price, as 'Unit Cost' is): one column
    text = """\
PO Number: PO-78
Item #   Description               Qty  UOM   List Cost  Unit Cost    Amount
CMU-8    Concrete block 8x8x16      50  ea         2.50       2.40    120.00
PLY-34   Plywood CDX 3/4 in          4  sheet     55.00      52.43    209.72
                                   Subtotal                           329.72
"""
    assert [line[2:] for line in _lines(po(text))] == [
        ("50", "ea", "2.40", "120.00"),
        ("4", "sheet", "52.43", "209.72"),
    ]


@pytest.mark.parametrize("joined", ["Part Number / Description", "Item & Description"])
def test_a_cell_that_prints_the_code_over_its_description_gives_both(joined):
    text = f"""\
PURCHASE ORDER
PO Number: 4012
Supplier: Elite Electrical Wholesalers
Line  {joined:<28}  Need-by        Qty  UOM      Price      Amount
1     DPM-250                       17-MAR-2026     60  roll    408.07   24,484.20
      Damp proof membrane 250
2     SHR-VIS                       17-MAR-2026     50  each    614.78   30,739.00
      Shuttering ply 18mm
      grade A
                                              Subtotal               55,223.20
"""
    payload = po(text)
    assert [(i["item_code"], i["description"], i["unit"]) for i in payload["items"]] == [
        ("DPM-250", "Damp proof membrane 250", "roll"),
        ("SHR-VIS", "Shuttering ply 18mm grade A", "each"),
    ]
    named = [e for e in payload["rules_applied"] if e["rule"] == "code_over_description"]
    assert named and "code over description" in named[0]["value"]


def test_a_micro_sign_stays_the_sign_printed():
    line = text_lines("Damp proof membrane 200 µ  4  roll")[0]
    assert line.cells[0].text == "Damp proof membrane 200 µ"


def test_a_fraction_stays_the_sign_printed():
    line = text_lines("Pegamento para PVC ¼ de galón  6  lata")[0]
    assert line.cells[0].text == "Pegamento para PVC ¼ de galón"


def test_no_net_is_worked_out_of_a_total_the_items_do_not_make():
    # the items add up to 1100.00, not the 1200.00 the VAT is said to be in: the prices are
    # not shown to include it, so no net is worked out
    foot = """\
                              Total (incl. VAT)           1200.00
                              VAT included at 15%          156.52
"""
    payload = po(ITEMS + foot)
    assert payload["subtotal"] is None
    assert "net_of_included_tax" not in [r["rule"] for r in payload["rules_applied"]]


def test_no_subtotal_printed_the_items_and_the_tax_make_the_total():
    foot = """\
                              VAT (15%)                    165.00
                              TOTAL                       1265.00
"""
    payload = po(ITEMS + foot)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1100.00",
        "165.00",
        "1265.00",
    )
    assert payload["source"]["subtotal"].startswith("subtotal_of_items")
    assert "low_confidence:subtotal" not in payload["warnings"]
    # a charge between them that no label names as the tax: the sums do not say what the
    # subtotal is, so none is worked out
    charged = foot.replace(
        "TOTAL                       1265.00", "TOTAL                       1315.00"
    )
    assert po(ITEMS + charged)["subtotal"] is None


INDENT = " " * 30


@pytest.mark.parametrize(
    "tax_lines",
    [
        # several rates, the foot's tax the last line's: the net is not the total less it
        f"VAT 15% (included)           130.43\n{INDENT}VAT 0% (included)              0.00",
        f"VAT included at 15%          130.43\n{INDENT}VAT included at 5%             4.76",
        # one digit misread: 148.48 is not the VAT at 15 % that 1100.00 includes (143.48)
        "VAT included at 15%          148.48",
    ],
)
def test_no_net_from_a_tax_that_is_not_the_totals_at_its_rate(tax_lines):
    foot = f"""\
                              Total (incl. VAT)           1100.00
                              {tax_lines}
"""
    payload = po(ITEMS + foot)
    assert "net_of_included_tax" not in [r["rule"] for r in payload["rules_applied"]]
    assert payload["subtotal"] is None and "low_confidence:subtotal" in payload["warnings"]


def test_the_net_at_the_rate_the_tax_line_prints():
    foot = """\
                              Total (incl. VAT)           1100.00
                              VAT @ 7.5% (included above)   76.74
"""
    payload = po(ITEMS + foot)  # 1023.26 x 7.5 % = 76.74: not a whole rate, but the printed one
    assert (payload["subtotal"], payload["tax"]) == ("1023.26", "76.74")
    assert "low_confidence:subtotal" not in payload["warnings"]


def test_a_total_under_an_incl_vat_label_is_no_tax_it_includes():
    foot = """\
                              Incl. VAT 15%               1100.00
                              Total                       1100.00
"""
    payload = po(ITEMS + foot)
    assert payload["total"] == "1100.00"
    assert "low_confidence:tax" in payload["warnings"]  # 1100.00 is the total, not its VAT
