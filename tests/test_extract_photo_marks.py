"""What a photo's OCR gives, read as printed: a size's inch mark kept with
its digits (not taken for a rule's stroke), a code whose column header the OCR lost between two
headers, a header or label word whose letter with a mark it misread ('Cédigo', 'Nr. i
porosisé', 'Vaéa narudZbenica'), a registration number the OCR parted from its label's colon
(no item line), and an amount's 'Bs.' beside a reference in dollars. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import accents, columns, items, rules, tables
from app.extract.layout import Box, _ocr_text, box_lines, text_lines
from app.extract.model import Trail
from tests.test_extract_rotation_8 import BUYER, flagged, read


def to_items(raw, comma: bool = False):
    columns.name_columns(raw, comma, rules.stage("column"), Trail())
    return items.to_items(raw, comma, rules.RULES, Trail())


@pytest.mark.parametrize(
    ("read", "kept"),
    [
        ('16"', '16"'),  # a size in inches
        ("3/4”", '3/4"'),  # a curly mark as a plain one
        ('|6"', '6"'),  # a rule's stroke before it still goes
        # what a rule's stroke reads as still goes: a foot's or a quote's mark may be one,
        # or a Swiss amount's thousands mark parted from its digits ("1' 140.00")
        ("12’", "12"),
        ("1'", "1"),
        ("‘bag’", "bag"),
        ("‘Amount", "Amount"),
        ("25.00'", "25.00"),  # an amount is no size
        ('"I', "I"),
        ("|", ""),
    ],
)
def test_marks_a_word_prints_are_kept_and_a_rules_stroke_goes(read, kept):
    assert _ocr_text(read) == kept


def test_inch_marks_stay_in_a_photos_description():
    words = [
        ("Qty", 10, 10),
        ("Description", 60, 10),
        ("Amount", 400, 10),
        ("24", 10, 40),
        ("Gebroken", 60, 40),
        ("steen", 140, 40),
        ('3/4"', 200, 40),
        ("1.080,00", 400, 40),
    ]
    boxes = [Box(t, x, y, 8 * len(t), 14, 0.9) for t, x, y in words]
    line = box_lines(boxes)[1]
    assert " ".join(cell.text for cell in line.cells).startswith('24 Gebroken steen 3/4"')


# The 'Code' header lost (a shaded band): the codes stand in the gap before the
# description's header, the descriptions under it.
CODE_HEADER_LOST = """\
Qty              Description                 Unit      Price      Amount
  4   RF-040     Roofing iron 0.40 mm        sheet    102.86      411.44
 10   PLY-12     Plywood 12 mm, 2400 x 1200  sheet    137.67     1376.70
 12   BLK-20     Concrete block 200 mm       each       4.86       58.32
"""
# A size or a pack set apart before the words, under no header: the description's own.
PACKS_APART = """\
Qty          Description                 Unit     Price      Amount
 12   50KG   Cement 42.5N                bag      95.00     1140.00
  4   25KG   Tile adhesive               bag     120.00      480.00
  2   M12    Hex bolt zinc 100 mm        box     310.00      620.00
"""
# A centred header over descriptions that start further left, one with a code's shape
# first: the description keeps it.
CENTRED_OVER_CODES = """\
Qty               Description                Unit      Price      Amount
  4   SL82-M    Reinforcing mesh 6 x 2.4 m   sheet    102.86      411.44
 10   PLY-12    Plywood 12 mm, 2400 x 1200   sheet    137.67     1376.70
"""


@pytest.mark.parametrize(
    ("text", "codes", "descriptions"),
    [
        (
            CODE_HEADER_LOST,
            ["RF-040", "PLY-12", "BLK-20"],
            ["Roofing iron 0.40 mm", "Plywood 12 mm, 2400 x 1200", "Concrete block 200 mm"],
        ),
        (
            PACKS_APART,
            ["", "", ""],
            ["50KG Cement 42.5N", "25KG Tile adhesive", "M12 Hex bolt zinc 100 mm"],
        ),
        (
            CENTRED_OVER_CODES,
            ["", ""],
            ["SL82-M Reinforcing mesh 6 x 2.4 m", "PLY-12 Plywood 12 mm, 2400 x 1200"],
        ),
    ],
)
def test_a_code_column_whose_header_was_lost_before_the_description(text, codes, descriptions):
    got = to_items(tables.find_table(text_lines(text), 1.0, False, rules.stage("header")))
    assert [item.item_code for item in got] == codes
    assert [item.description for item in got] == descriptions


@pytest.mark.parametrize(
    ("word", "key"),
    [
        ("Cédigo", "item_code"),  # 'Código', its ó read as é
        ("Descripcién", "description"),  # 'Descripción'
        ("Código", "item_code"),  # as printed
        ("Crédito", None),  # a word of its own, no header's
        ("Désignatión", None),  # a plain vowel read with a mark: not guessed
    ],
)
def test_a_header_word_whose_accented_letter_the_ocr_misread(word, key):
    assert tables.column_key(word) == key


# An Albanian order as the OCR reads it: 'ë' read as 'é' in its labels, and the buyer's
# registration numbers each apart from its label.
ALBANIAN_READ = f"""\
{BUYER}                                    POROSI PËR FURNIZIM
Rruga Agim Ramadani 45, 10000 Prishtiné
NUI:  811452309   Nr. TVSH:  330214587          Nr. i porosisé       Data
Tel: +383 38 224 610                             POR-26-00257         16.10.2026
Blerési                                   Furnitori
{BUYER}           Velmor Trading (Pty) Ltd
Nr.  Shifra     Pérshkrimi            Njési   Sasia      Çmimi       Vlera
1    ZHA-1632   Zhavorr 16-32 mm      m3          8      17,35      138,80
2    TUB-110    Tub PVC 110 mm        copé       50       9,80      490,00
                                             Gjithsej             628,80
"""


def test_a_label_whose_accented_letter_the_ocr_misread_still_names_its_field():
    found = read(ALBANIAN_READ)
    assert found["po_number"] == "POR-26-00257"
    assert "porosisé" in found["source"]["po_number"]


def test_numbers_after_a_labels_colon_are_no_item_line_above_the_supplier():
    found = read(ALBANIAN_READ.replace("Furnitori", "         "))
    assert found["supplier_name"] == "Velmor Trading (Pty) Ltd"


# Items listed with their numbers each after a column's word and colon: the first of them
# is the first item line, and nothing under it is the header's.
LISTED_ITEMS = f"""\
{BUYER}                                    PURCHASE ORDER  MC-4471
Cement 42.5N 50 kg      Qty:  20    Price:  95.00    Amount:  1900.00
Velmor Trading (Pty) Ltd     02/05/2026     DBN07
"""


def test_numbers_after_a_columns_word_and_colon_give_the_header_no_unflagged_value():
    found = read(LISTED_ITEMS)
    assert found["supplier_name"] is None or flagged(found, "supplier_name")
    assert found["po_date"] is None or flagged(found, "po_date")


# A contact named beside our order's number label: 'POC' is no 'PO č.' (Czech's number sign).
POC_BESIDE = f"""\
{BUYER}                                    PURCHASE ORDER
Supplier    Velmor Trading (Pty) Ltd
Client POC:  Thabo Nkosi, ext. 2231
PO Number:  MC-4471          Date   10/05/2026
Site        CP09
Code      Description              Qty      Price      Amount
CEM-42    Cement 42.5N 50 kg        20      95.00     1900.00
                                          Total       1900.00
"""


def test_a_point_of_contact_is_no_label_of_our_orders_number():
    found = read(POC_BESIDE)
    assert found["po_number"] == "MC-4471"
    assert not flagged(found, "po_number")


# A Montenegrin proforma as the OCR reads it: 'š' read as 'é', 'ž' as 'Z', 'Č' without its
# mark, in the labels that name our order.
MONTENEGRIN_READ = f"""\
GRADNJA PROMET d.o.o.
Cetinjski put bb, 81000 Podgorica

                              PREDRACUN br. 664/26

Kupac:                                              Datum izdavanja:     03.02.2026.
{BUYER}                     Vazi do:             11.02.2026.
Bulevar Dzordza Vasingtona 51, Podgorica            Vaéa narudZbenica:   NAR-889/26 od 03.02.2026.

R.b.  Sifra    Naziv artikla                   J.m.   Kol.    Cijena bez PDV    Iznos bez PDV
1.    010910   Hidroizolaciona traka SBS 4 mm  rolna    30             53,25         1.597,50
"""


def test_our_order_named_in_words_whose_marks_the_ocr_misread():
    found = read(MONTENEGRIN_READ)
    assert found["po_number"] == "NAR-889/26"
    assert found["source"]["po_number"].startswith("Vaéa narudZbenica")


@pytest.mark.parametrize(
    ("pattern", "read", "matches"),
    [
        (r"va[šs]a\s+narud[žz]benica", "vaéa narudzbenica", True),
        (r"c[óo]digo", "cédigo", True),
        (r"c[óo]digo", "codigo", True),
        (r"c[óo]digo", "cadigo", False),  # a plain letter is as printed
        (r"[a-zß-ÿ]+x", "éx", True),  # a class's range stays as it is
        (r"n\.?\s?[°º]", "n°", True),
    ],
)
def test_a_labels_letters_with_marks_match_as_an_ocr_reads_them(pattern, read, matches):
    assert bool(accents.compiled(pattern).fullmatch(read)) is matches


# A Venezuelan order as a photo's OCR may leave it: the 'Bs.' of its columns and total lost,
# the rate of the day and a reference in dollars kept.
VENEZUELAN_READ = f"""\
{BUYER}                                   ORDEN DE COMPRA
Orden de Compra: OC-26-04582                   Fecha: 11/07/2026
Tasa de cambio oficial BCV al 12/07/2026: Bs. 355,7194 por USD
Código     Descripción                     Cant.     Precio Unit.        Total
CAB-0038   Cabilla 3/8" x 6 mts            40,00         1.437,19    57.487,60
                                               Total Pedido          57.487,60
Precios en bolívares a la tasa BCV del día de emisión.
                                               Ref. USD                 161,61
"""


def test_a_code_beside_one_amount_on_a_page_in_bolivares_is_flagged():
    found = read(VENEZUELAN_READ)
    assert found["currency"] in (None, "USD", "VES")
    assert flagged(found, "currency")


# An ERP's print: 'No.' heads the article numbers, in digit groups, over a header of two
# lines.
ARTICLES_UNDER_NO = f"""\\
{BUYER}                                    PURCHASE ORDER  BH-PO-26-1158
No.          Description                        Quantity   Unit of     Unit Price     Amount
                                                           Measure     Excl. VAT   Excl. VAT
1000-0158    Cement SRC sulphate resisting          15     BAG             1.920      28.800
1900-0025    Tile adhesive, grey                     6     BAG             2.300      13.800
                                                         Total Excl. VAT              42.600
"""


def test_article_numbers_of_digit_groups_under_a_no_header_are_the_codes():
    found = read(ARTICLES_UNDER_NO)
    assert [i["item_code"] for i in found["items"]] == ["1000-0158", "1900-0025"]
    assert [i["description"] for i in found["items"]] == [
        "Cement SRC sulphate resisting",
        "Tile adhesive, grey",
    ]


@pytest.mark.parametrize("value", ["2026-07-09", "1.920", "10-20", "1-1", "A1"])
def test_a_date_an_amount_or_a_line_number_is_no_code_under_no(value):
    assert not tables._a_code(value)
