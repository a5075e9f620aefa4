"""Labels and values as forms print them, and the engine had not read: a form's numbered blocks
('1. PURCHASE ORDER NO.'), a label in two languages ('N° de votre commande / Your order No.'),
a foot whose lines stand a line or two apart, a rate printed where an amount is looked for, a
code after a label word ('Project CP09'), 'Rs' that names no country's rupee, a code in small
letters after the amounts ('1 073,43 Eur'), a heading not in capitals run into its number, a
cell of a table's header row that names a document kind, an item whose 'No' stands under a
header's word, prices to four places, units in a column of their own under a header the OCR
lost, a shipment's parties ('Consignee') as labels, a header naming either of two things, and
a photo's second reading that guessed what the first had read. Each page is made up here;
values come back right, or flagged."""

from __future__ import annotations

from app.extract import engine, fields, structure
from app.extract.layout import text_lines
from app.extract.tables import Column, RawRow

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09", "PE-220"), "today": "2026-12-01"}


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


NUMBERED_FORM = f"""\
                                  ORDER FOR SUPPLIES OR SERVICES                PAGE 1 OF 1
                                  {BUYER}

1. PURCHASE ORDER NO.   2. DATE OF ORDER    3. REQUISITION NO.   4. PROJECT NO.   5. PRIORITY
GC-26736-08             2026-03-09          RQ-31328             PE-220           Routine

8. VENDOR
Hill Country Lumber Co.
4400 Ranch Road 12
San Marcos, TX 78666

ITEM NO.  STOCK NO.  DESCRIPTION                      QUANTITY  UNIT   UNIT PRICE      AMOUNT
0001      PVC-6      PVC sewer pipe SDR 35 6 in             50  ft           4.76      238.00
0002      CEM-94     Portland cement type I/II 94 lb       100  bag         17.63    1,763.00

                                      18. TOTAL OF ITEMS                       $2,001.00


                                      19. STATE SALES TAX 6.25%                  $125.06


                                      22. TOTAL ORDER AMOUNT                   $2,126.06
"""


def test_a_forms_numbered_blocks_are_read_by_their_labels():
    payload = read(NUMBERED_FORM)
    assert payload["po_number"] == "GC-26736-08"
    assert "low_confidence:po_number" not in payload["warnings"]
    assert payload["project_code"] == "PE-220"  # not the next block's label, '5. PRIORITY'


def test_a_foot_whose_lines_stand_apart_is_read_by_its_sums():
    payload = read(NUMBERED_FORM)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "2001.00",
        "125.06",
        "2126.06",
    )
    assert "totals_mismatch" not in payload["warnings"]


def test_another_blocks_label_is_never_a_value():
    assert fields.numbered_block("5. PRIORITY")
    assert fields.numbered_block("(c) Remarks")
    assert not fields.numbered_block("1. 4500")  # a number, not a label
    assert fields.is_label("2. DATE OF ORDER")


BILINGUAL = f"""\
Quincaillerie Ramdin & Fils Ltd
Royal Road, Coromandel, Mauritius
BON DE COMMANDE CLIENT       N° de votre commande / Your order No.     MRU-2092
CUSTOMER ORDER               Date                                      05/02/2026

Client / Customer
{BUYER}

Code      Description                   Qty    Unit      Price incl. VAT    Amount incl. VAT
UPV-110   uPVC pipe 110 mm               15    length             729.19           10,937.85
CEM-25    Ciment Portland 25 kg           1    bag                192.20              192.20

                             Total TTC / Total incl. VAT              Rs 11,130.05
                             Dont TVA 15% / VAT included 15%           Rs 1,451.75
"""


def test_a_label_in_two_languages_is_read_by_either():
    payload = read(BILINGUAL)
    assert payload["po_number"] == "MRU-2092"
    assert payload["total"] == "11130.05"


def test_a_rate_printed_beside_the_tax_label_is_not_the_tax():
    payload = read(BILINGUAL)
    assert payload["tax"] == "1451.75"  # not 15.00 from '15%'
    # no subtotal printed: the net is the total less the VAT it includes
    assert payload["subtotal"] == "9678.30"
    assert payload["source"]["subtotal"].startswith("net_of_included_tax")


def test_rs_names_no_one_countrys_rupee():
    # the rupee of the country the page's address names (Mauritius), a guess: flagged
    payload = read(BILINGUAL)
    assert payload["currency"] == "MUR"
    assert "low_confidence:currency" in payload["warnings"]
    nowhere = read(BILINGUAL.replace("Coromandel, Mauritius", "Coromandel"))
    assert nowhere["currency"] == "INR"
    assert "low_confidence:currency" in nowhere["warnings"]
    coded = read(BILINGUAL.replace("Rs 11,130.05", "INR 11,130.05"))
    assert coded["currency"] == "INR"
    assert "low_confidence:currency" not in coded["warnings"]
    indian = read(BILINGUAL.replace("Coromandel, Mauritius", "Pune   GSTIN: 27AAJCM4821R1Z3"))
    assert indian["currency"] == "INR"
    assert "low_confidence:currency" not in indian["warnings"]  # India's GST names its rupee


def test_a_shipments_parties_are_labels_never_a_supplier():
    assert fields.is_label("Consignee") and fields.is_label("Clearing agent")


def test_a_code_after_a_label_word_is_the_code():
    assert fields.code("Project CP09") == "CP09"
    assert fields.code("Page 1 of 2") is None  # no project's word: not '1 of 2'
    assert fields.code("sea pt") == "sea pt"  # words, no label before them
    assert fields.code("CP09") == "CP09"


def test_a_currency_code_in_small_letters_after_the_amounts_names_it():
    assert fields.detect_currency("Suma be PVM: 1 073,43 Eur\nPVM 21 %: 225,42 Eur") == "EUR"
    assert fields.detect_currency("60.00 roll\n12.50 bag") is None  # units, not currencies


def test_a_header_rows_cell_names_no_kind_of_document():
    lines = text_lines(
        "Order\n"
        "Page 1\n"
        "                                                        Line      Allow\n"
        "                              Unit of   Direct Unit     Discount  Invoice   VAT\n"
        "No.      Description          Measure   Cost            %         Discount  Identifier\n"
    )
    assert engine.document_kind(lines) is None
    assert engine.document_kind(text_lines("TAX INVOICE\nNo. 4471\n")) == "invoice"
    # a printout's one line of many cells across the top is no table's header: its title is
    run = text_lines(
        f"R410   {BUYER}   PURCHASE ORDER   PAGE 1   RUN 05/04/26 14:32   COPY\n"
        "TERMS  30 DAYS      YOUR QUOTE  Q-2291\n"
    )
    assert engine.document_kind(run) == "purchase_order"
    # a title in capitals beside a number's labels ('No.', 'Ref') is still the title
    invoice = text_lines("Acme Hardware (Pty) Ltd      TAX INVOICE      No.     Ref\n")
    assert engine.document_kind(invoice) == "invoice"


ALLOW = f"""\
{BUYER}                                                        Order
                                                               Order No.   1067009
Lowveld Pipe & Valve

                                              Direct Unit   Allow Invoice   VAT
No.       Description          Quantity  Unit    Cost         Discount      Identifier     Amount
RB-Y16    Rebar Y16            40        each    170.69       Yes           VAT15        6,827.60
PNT-EN    Enamel paint 5L      50        tin     281.97       No            VAT15       14,098.50
SFT-BT    Safety boots         60        pair    518.65       No            VAT15       31,119.00

                                                         Total Excl. VAT     52,045.10
                                                         15% VAT              7,806.77
                                                         Total Incl. VAT     59,851.87
"""


def test_an_items_no_under_a_header_word_keeps_it_an_item():
    payload = read(ALLOW)
    assert [i["item_code"] for i in payload["items"]] == ["RB-Y16", "PNT-EN", "SFT-BT"]
    assert payload["items"][1]["description"] == "Enamel paint 5L"


def _rows(*values: tuple[str, ...]) -> list[RawRow]:
    columns = [Column(None, 0, 0) for _ in values[0]]
    return [RawRow(columns, {i: v for i, v in enumerate(row) if v}) for row in values]


def test_prices_to_four_places_are_the_price_beside_quantities_with_cents():
    rows = _rows(("3", "11,7500", "35,25"), ("0,75", "23,1000", "17,33"), ("2", "13,3500", "26,70"))
    keys = structure.arithmetic_keys(rows[0].columns, rows, True)
    assert keys == {0: "quantity", 1: "unit_price", 2: "amount"}


HEADERLESS = f"""\
PURCHASE ORDER                       {BUYER}
Order No.   OR-5120                  Meridian House, Bellville
Order date  2026-09-14
  Vendor
  Coromandel Hardware Ltd.

  BLK-15    Concrete block 15 cm                  each          31.09         932.70
  ROC-01    Rocksand 0-5 mm              15       m3         1,651.28      24,769.20
  Y12-12    Fer Y12 high tensile         24       length       487.01      11,688.24

                                               Subtotal      37,390.14
                                               VAT 15%        5,608.52
                                               Total         42,998.66
"""


def test_with_no_header_a_column_of_short_words_left_of_the_numbers_is_the_units():
    payload = read(HEADERLESS)
    got = [(i["description"], i["quantity"], i["unit"]) for i in payload["items"]]
    assert got == [
        ("Concrete block 15 cm", "30", "each"),  # the quantity worked out, the unit read
        ("Rocksand 0-5 mm", "15", "m3"),
        ("Fer Y12 high tensile", "24", "length"),
    ]


def test_a_header_naming_either_of_two_things_is_one_column():
    page = NUMBERED_FORM.replace(
        "DESCRIPTION                     ", "SUPPLIES OR SERVICES            "
    )
    payload = read(page)
    assert [i["description"] for i in payload["items"]] == [
        "PVC sewer pipe SDR 35 6 in",
        "Portland cement type I/II 94 lb",
    ]


def _reading(number: str, guessed: bool) -> dict:
    flags = ["low_confidence:po_number"] if guessed else []
    entry = {"rule": "number_after_title", "field": "po_number", "value": number}
    rule = [entry] if guessed else []
    return {
        "po_number": number,
        "confidence": {"po_number": 0.7 if guessed else 0.9},
        "source": {"po_number": f"No. {number}" if guessed else f"PO No. {number}"},
        "warnings": flags,
        "unproven": {"po_number": "worked out by a rule"} if guessed else {},
        "rules_applied": rule,
    }


def test_a_second_reading_keeps_the_first_readings_proven_number_over_its_own_guess():
    # a photo read again with its ruled lines painted out: its table adds up now, but its
    # number is a rule's guess where the first reading read it by its label
    kept = engine._header_kept(_reading("23", guessed=True), _reading("IMP26-0168", False))
    assert kept["po_number"] == "IMP26-0168"
    assert "low_confidence:po_number" not in kept["warnings"]
    assert kept["unproven"] == {} and kept["rules_applied"] == []
    both_guessed = engine._header_kept(_reading("23", True), _reading("IMP26-0168", True))
    assert both_guessed["po_number"] == "23"  # the second reading's, as before


def test_with_no_header_a_colour_left_of_the_numbers_is_no_unit():
    page = HEADERLESS.replace("                  each", "          Black       ")
    page = page.replace("       m3   ", "       Navy ").replace("       length", "       Orange")
    payload = read(page)
    assert [i["unit"] for i in payload["items"]] == ["", "", ""]


COMB_FORM = f"""\
CUSTOMER ORDER FORM
CUSTOMER NAME                                       ACCOUNT NO.
{BUYER.upper()}                     MER0412
YOUR ORDER NO.          ORDER DATE (DD/MM/YYYY)     QUOTE NO.
MC132057                08/    04/     2026         WQ59784

Code      Description                   Qty    Unit     Price      Amount
CEM-42    Cement 42.5N 50 kg             10    bag     120.00    1,200.00
                                                    Subtotal     1,200.00
                                                    VAT 15%        180.00
                                                    Total        1,380.00
"""


def test_a_date_in_a_forms_comb_boxes_is_read_whole():
    # a box a part: '08/', '04/' and '2026' are cells apart
    payload = read(COMB_FORM)
    assert payload["po_date"] == "2026-04-08"
    lines = text_lines("08/    04/     26")  # a year of two digits: no date a box a part
    assert fields._comb_date(lines, lines[0].cells[0]) is None
