"""What the dev families' later documents, read with the layout learned from their first,
showed the layout memory: a site's code printed with the site's name after it, which the
next order names differently; a roster's header that prints the days it covers; a value
whose cell a right-to-left text layer sets a little aside; a foot whose subtotal a layout
works out where the generic reader only guessed one; an untitled order whose items no reader
finds. Each page is made up here."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from app.extract import engine, totals
from app.extract.document import ExtractOptions
from app.extract.layout import Line, text_lines
from app.extract.memory import recall, teach
from app.extract.memory.places import Reading
from app.extract.model import Found, Item
from tests.test_layout_memory_rotation_8 import priced_page
from tests.test_layout_memory_rotation_13 import read_with

SITE = """\
Halvorsen Byggevarer AS                          BESTILLING {number}
Havnegata 4, 3800 Bø                             Dato 14.05.2026

Leverandør   Halvorsen Byggevarer AS
Prosjekt     {site}

Kode       Beskrivelse                          Antall  Enhet      Pris        Beløp
SEM-425    Sement 25 kg                             40  sekk      89.00      3560.00
ARM-12     Armeringsjern 12 mm                      20  stk      142.50      2850.00

                                                             Netto           6410.00
                                                             MVA 25%         1602.50
                                                             Totalt          8012.50
"""
SITE_CONFIRMED = {
    "po_number": "BE-2231", "supplier_name": "Halvorsen Byggevarer AS", "po_date": "2026-05-14",
    "subtotal": "6410.00", "tax": "1602.50", "total": "8012.50",
    "items": [
        {"item_code": "SEM-425", "description": "Sement 25 kg", "quantity": "40", "unit": "sekk",
         "unit_price": "89.00", "amount": "3560.00"},
        {"item_code": "ARM-12", "description": "Armeringsjern 12 mm", "quantity": "20",
         "unit": "stk", "unit_price": "142.50", "amount": "2850.00"},
    ],
}  # fmt: skip


@pytest.mark.parametrize(
    ("taught", "later", "code"),
    [
        ("TVO-01 Havnarhúsið á Tvøroyri", "THN-05 Íbúðarhús í Hoyvíkshaga", "THN-05"),
        ("FTN-02: Francistown, A1 interchange", "MAUN-01: Maun, airport apron", "MAUN-01"),
    ],
)
def test_a_site_code_is_read_without_the_site_name_printed_after_it(taught, later, code):
    page = SITE.format(number="BE-2231", site=taught)
    layout = teach.learn(text_lines(page), SITE_CONFIRMED | {"project_code": taught.split()[0]})
    got = read_with(layout | {"id": "taught"}, SITE.format(number="BE-2240", site=later))
    assert got["fields"]["project_code"].value == code


ROSTER = """\
MERRI CREEK TRAFFIC MANAGEMENT Pty Ltd                       BOOKING CONFIRMATION
Client PO {number}

Code      Resource                      {days}   Total  Unit       Rate      Amount
{rows}

                                                         Subtotal (ex GST)   {subtotal}
                                                         GST 10%             {tax}
                                                         Total (inc GST)     {total}
"""


def roster(number: str, days: list[str], items: list[tuple]) -> tuple[str, dict]:
    """A booking whose header prints the days it covers, and its confirmed values."""
    rows, confirmed, subtotal = [], [], 0
    for code, text, counts, unit, rate in items:
        quantity = sum(counts)
        amount = quantity * rate
        subtotal += amount
        cells = "".join(f"{c:>10}" for c in counts)
        rows.append(
            f"{code:<10}{text:<30}{cells}{quantity:>8}  {unit:<6}{rate:>9.2f}{amount:>12.2f}"
        )
        confirmed.append({
            "item_code": code, "description": text, "quantity": str(quantity), "unit": unit,
            "unit_price": f"{rate:.2f}", "amount": f"{amount:.2f}",
        })  # fmt: skip
    money = {"subtotal": subtotal, "tax": round(subtotal * 0.1, 2)}
    money["total"] = money["subtotal"] + money["tax"]
    money = {k: f"{v:.2f}" for k, v in money.items()}
    heads = "".join(f"{d:>10}" for d in days)
    page = ROSTER.format(number=number, days=heads, rows="\n".join(rows), **money)
    supplier = "Merri Creek Traffic Management Pty Ltd"
    return page, {"po_number": number, "supplier_name": supplier, "items": confirmed} | money


def test_a_table_whose_header_prints_its_days_is_known_on_a_booking_for_other_days():
    taught, confirmed = roster("MCA-PO-7166", ["Fri 18/09", "Mon 21/09", "Tue 22/09"], [
        ("TMI-D", "TM implementer, day shift", (1, 1, 1), "shift", 640.83),
        ("TC-N", "Traffic controller, night", (2, 2, 1), "shift", 775.54),
    ])  # fmt: skip
    layout = teach.learn(text_lines(taught), confirmed) | {"id": "taught"}
    later, want = roster("MCA-PO-5042", ["Wed 21/10", "Thu 22/10", "Fri 23/10"], [
        ("TC-D", "Traffic controller, day", (1, 1, 1), "shift", 612.79),
        ("PTS-2", "Portable traffic signals", (1, 0, 1), "day", 223.73),
        ("VMS-T", "Message sign trailer", (1, 1, 0), "day", 174.04),
    ])  # fmt: skip
    lines = text_lines(later)
    assert recall.table.headers(layout["anchors"]["table"], lines, recall.words.Frame())
    got = read_with(layout, lines)
    assert recall.same_items(got["items"], want["items"])


# The two items ASIDE and CLERKS print.
TWO_ITEMS = [
    {"item_code": "CEM-42", "description": "Portland cement 50 kg", "quantity": "40",
     "unit": "bag", "unit_price": "4.50", "amount": "180.00"},
    {"item_code": "STL-12", "description": "Rebar 12 mm", "quantity": "20",
     "unit": "bar", "unit_price": "6.25", "amount": "125.00"},
]  # fmt: skip


ASIDE = """\
Al Rafidain Building Materials                                 PURCHASE ORDER {number}
Amman - Jordan        Project {place}

Code       Description                          Qty  Unit        Price       Amount
CEM-42     Portland cement 50 kg                 40  bag          4.50       180.00
STL-12     Rebar 12 mm                           20  bar          6.25       125.00

                                                            Subtotal          305.00
                                                            VAT 16%            48.80
                                                            Total             353.80
"""


CLERKS = """\
Lower Wychford Parish Council                                  PURCHASE ORDER {number}
The Parish Office, Church Lane, Lower Wychford
Supplier: Severnside Street Furniture Ltd

Code       Description                          Qty  Unit        Price       Amount
CEM-42     Portland cement 50 kg                 40  bag          4.50       180.00
STL-12     Rebar 12 mm                           20  bar          6.25       125.00

                                                            Net               305.00
                                                            VAT at 20%         61.00
                                                            Total             366.00
Deliver to: Village Hall extension, c/o Meridian Construction (UK) Ltd
{sentence}
"""


def test_a_code_in_brackets_inside_a_sentence_is_read_without_the_sentence():
    # the job's code in the sentence that names the site manager: after it, a comma and the
    # sentence's particulars, another date on the next order
    taught = CLERKS.format(number="25/26-038", sentence="(job GL-082), site manager, by 11th June.")
    confirmed = {
        "po_number": "25/26-038", "supplier_name": "Severnside Street Furniture Ltd",
        "project_code": "GL-082", "subtotal": "305.00", "tax": "61.00", "total": "366.00",
        "items": TWO_ITEMS,
    }  # fmt: skip
    layout = teach.learn(text_lines(taught), confirmed) | {"id": "taught"}
    later = CLERKS.format(number="25/26-041", sentence="(job GL-074), site manager, by 9th April.")
    assert read_with(layout, later)["fields"]["project_code"].value == "GL-074"


def test_a_value_whose_cell_stands_a_little_aside_is_read_over_its_place():
    # the code and its site's name in one cell; as a right-to-left page's text layer does, a
    # longer name sets the next one's cell four characters aside, neither edge where it was
    taught = ASIDE.format(number="AJ-1120", place=f"{'':>12}JO-AMM11 - Madouneh stores")
    confirmed = {
        "po_number": "AJ-1120", "supplier_name": "Al Rafidain Building Materials",
        "project_code": "JO-AMM11", "subtotal": "305.00", "tax": "48.80", "total": "353.80",
        "items": TWO_ITEMS,
    }  # fmt: skip
    layout = teach.learn(text_lines(taught), confirmed) | {"id": "taught"}
    later = ASIDE.format(number="AJ-1187", place=f"{'':>16}JO-IRB02 - Irbid mall annex")
    assert read_with(layout, later)["fields"]["project_code"].value == "JO-IRB02"


def _items(*amounts: str) -> list[Item]:
    return [Item("", f"item {n}", "1", "", amount, amount) for n, amount in enumerate(amounts)]


LEARNED_FOOT = {
    "tax": Reading("142875.00", "TOTAL TAX 142,875.00"),
    "total": Reading("936622.00", "TOTAL B-18.00% 936,622.00"),
    "subtotal": Reading("793747.00", "total - tax", worked_out=True),
}


def test_a_subtotal_the_layout_works_out_beats_one_the_generic_reader_only_guessed():
    # prices with the tax in them: the items add up to the total; no label named a subtotal,
    # so the generic reader's (the first amount that is the items' sum) is a guess
    rows = _items("252360.00", "523354.00", "160908.00")
    found = {
        "subtotal": Found("936622.00", 0.8, "SDC INFORMATION TOTAL 936,622.00"),
        "tax": Found("0.00", 0.8, "TOTAL A-EX 0.00", rule="foot_by_sums"),
        "total": Found("936622.00", 0.8, "TOTAL B-18.00% 936,622.00"),
    }
    chosen = recall._choose(found, rows, {"items": [], "fields": LEARNED_FOOT}, False)
    assert chosen is not None
    _, _, money, _ = chosen
    assert {name: reading.value for name, reading in money.items()} == {
        name: reading.value for name, reading in LEARNED_FOOT.items()
    }


def test_a_tax_a_label_read_beats_the_layouts_where_prices_include_it():
    # the generic reader read the tax included beside its label and the total; its subtotal
    # is the total less that tax. The layout's tax place reads another amount (a zero-rated
    # row): its subtotal, the total less that, adds up by its making and must not win
    rows = _items("700.00", "450.00")
    found = {
        "subtotal": Found("1000.00", 1.0, totals.LESS_INCLUDED),
        "tax": Found("150.00", 1.0, "VAT included at 15%  150.00", rank=0),
        "total": Found("1150.00", 1.0, "Total (incl. VAT)  1150.00", rank=0),
    }
    learned = {
        "tax": Reading("0.00", "VAT 0.00"),
        "total": Reading("1150.00", "Total 1150.00"),
        "subtotal": Reading("1150.00", "total - tax", worked_out=True),
    }
    chosen = recall._choose(found, rows, {"items": [], "fields": learned}, False)
    money = chosen[2] if chosen else {}
    assert "tax" not in money and "subtotal" not in money


def test_a_subtotal_a_label_names_beats_the_one_the_layout_works_out():
    rows = _items("100.00", "50.00")
    found = {
        "subtotal": Found("150.00", 1.0, "Subtotal 150.00", rank=0),
        "tax": Found("22.50", 1.0, "VAT 15% 22.50", rank=0),
        "total": Found("172.50", 1.0, "Total 172.50", rank=0),
    }
    learned = {
        "tax": Reading("22.50", "VAT 22.50"),
        "total": Reading("172.50", "Total 172.50"),
        "subtotal": Reading("150.00", "total - tax", worked_out=True),
    }
    _, _, money, _ = recall._choose(found, rows, {"items": [], "fields": learned}, False)
    assert "subtotal" not in money and set(money) == {"tax", "total"}


def test_a_tax_the_layout_works_out_beats_a_labels_that_adds_up_with_nothing():
    # a zero-rated order's tax line, 'IVA / VAT 0% - non imponibile art. 72 D.P.R. 633/72
    # 0,00': the generic reader read its '72'; the layout worked out 0.00 (total - subtotal),
    # and with it the items, the subtotal and the total add up, as with nothing else
    rows = _items("100.00", "50.00")
    found = {
        "subtotal": Found("150.00", 1.0, "Total excl. VAT 150.00", rank=0),
        "tax": Found("72.00", 1.0, "IVA / VAT 0% - non imponibile art. 72", rank=0),
        "total": Found("150.00", 1.0, "TOTAL ORDER VALUE EUR 150.00", rank=0),
    }
    learned = {
        "subtotal": Reading("150.00", "Total excl. VAT 150.00"),
        "total": Reading("150.00", "TOTAL ORDER VALUE EUR 150.00"),
        "tax": Reading("0.00", "total - subtotal", worked_out=True),
    }
    _, _, money, _ = recall._choose(found, rows, {"items": [], "fields": learned}, False)
    assert money["tax"].value == "0.00"


LETTER = """\
Meridian Construction (Pty) Ltd
12 Quarry Road, Germiston

Trade Fasteners CC
Our reference: {number}

Dear Sirs,

Please supply {sentence}

Total due R {total}

Yours faithfully,
P. Naidoo, Buyer
"""


CANCELLATION = """\
Meridian Construction (Pty) Ltd
12 Quarry Road, Germiston

Trade Fasteners CC
Our reference: MC-PO-4411

Dear Sirs,

Please cancel our order of 3 March; the tie rods are no longer required.

Yours faithfully,
P. Naidoo, Buyer
"""


def test_a_letter_on_a_verified_layouts_paper_that_orders_nothing_is_no_order():
    taught = LETTER.format(
        number="MC-PO-4411",
        sentence="forty tie rods at R 128.88 each, amounting to R 5,155.20.",
        total="5,155.20",
    )
    layout = teach.learn(text_lines(taught), LETTER_CONFIRMED) | {"id": "t", "learned_from": "X"}
    payload = engine.read_lines(text_lines(CANCELLATION), ExtractOptions(layouts=(layout,)))
    assert payload["document_type"] == "letter"


LETTER_CONFIRMED = {
    "po_number": "MC-PO-4411", "supplier_name": "Trade Fasteners CC", "subtotal": "5155.20",
    "tax": "0.00", "total": "5155.20",
    "items": [{"item_code": "", "description": "Tie rod", "quantity": "40", "unit": "",
               "unit_price": "128.88", "amount": "5155.20"}],
}  # fmt: skip


def test_an_untitled_page_of_a_verified_layout_is_an_order_though_no_reader_finds_its_items():
    taught = LETTER.format(
        number="MC-PO-4411",
        sentence="forty tie rods at R 128.88 each, amounting to R 5,155.20.",
        total="5,155.20",
    )
    later = LETTER.format(
        number="MC-PO-4502",
        sentence="twelve anchor bolts at R 41.10 each, amounting to R 493.20.",
        total="493.20",
    )
    assert engine.read_lines(text_lines(later), ExtractOptions())["document_type"] == "letter"
    layout = teach.learn(text_lines(taught), LETTER_CONFIRMED) | {"id": "t", "learned_from": "X"}
    payload = engine.read_lines(text_lines(later), ExtractOptions(layouts=(layout,)))
    assert payload["document_type"] == "purchase_order"
    assert payload["po_number"] == "MC-PO-4502"
    assert payload["layout"]["read_with"]
    # nothing on it shows it is an order: every value is for a person to check
    assert engine.UNTITLED in payload["warnings"]
    assert {"low_confidence:po_number", "low_confidence:items"} <= set(payload["warnings"])


SUMMARY = """\
FERRETERÍA GUARANÍ S.A.                                  ORDEN DE COMPRA No {number}

Código     Descripción                     Cant.    Precio unit.        Exentas    5%        10%
CEM-50     Cemento Portland 50 kg             40          62.000              0     0  {first:>9}
VAR-12     Varilla 12 mm                      20          54.500              0     0  {second:>9}

SUBTOTALES:                                                                     0     0  {total:>9}
TOTAL A PAGAR (Gs.): Son guaraníes: {words}.-
LIQUIDACIÓN DEL IVA:   (5%) 0   (10%) {tax}      TOTAL IVA: {tax}
"""


def test_an_amount_in_a_summary_row_is_learned_by_the_rows_label_however_far():
    # the row's label far to the left, only amounts between; above it the total in words,
    # which no later order prints alike
    taught = SUMMARY.format(
        number="1187", first="2.480.000", second="1.090.000", total="3.570.000",
        words="tres millones quinientos setenta mil", tax="324.545",
    )  # fmt: skip
    confirmed = {
        "po_number": "1187", "supplier_name": "FERRETERÍA GUARANÍ S.A.", "subtotal": "3245455.00",
        "tax": "324545.00", "total": "3570000.00",
        "items": [
            {"item_code": "CEM-50", "description": "Cemento Portland 50 kg", "quantity": "40",
             "unit": "", "unit_price": "62000.00", "amount": "2480000.00"},
            {"item_code": "VAR-12", "description": "Varilla 12 mm", "quantity": "20",
             "unit": "", "unit_price": "54500.00", "amount": "1090000.00"},
        ],
    }  # fmt: skip
    layout = teach.learn(text_lines(taught), confirmed) | {"id": "taught"}
    later = SUMMARY.format(
        number="1203", first="620.000", second="545.000", total="1.165.000",
        words="un millón ciento sesenta y cinco mil", tax="105.909",
    )  # fmt: skip
    got = read_with(layout, later)["fields"]
    assert {name: got[name].value for name in ("subtotal", "tax", "total")} == {
        "subtotal": "1059091.00", "tax": "105909.00", "total": "1165000.00"
    }  # fmt: skip


TITLE_BLOCK = """\
PURCHASE ORDER {number}

Item   Code      Description                             Qty  Unit        Rate         Amount
{rows}

                                                                  Nett amount   {subtotal}
                                                                  VAT 16%       {tax}
                                                                  Total         {total}

                                                              Status: ISSUED FOR {{status}}
                                                              RUARAKA STEEL & GLASS WORKS LIMITED
"""


def title_block(number: str, items: list[tuple], status: str) -> tuple[str, dict]:
    """A drawing's order: its title block under the foot, with the drawing's status."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{n:<7}{code:<10}{text:<38}{quantity:>5}  {unit:<6}{price:>10}{amount:>15}"

    page, confirmed = priced_page(TITLE_BLOCK, number, SUPPLIER, items, line, rate="0.16")
    return page.format(status=status), confirmed


SUPPLIER = "Ruaraka Steel & Glass Works Limited"
STEEL = [
    ("SSB-42", "Stainless steel post balustrade", "7", "m", "17664.81"),
    ("HR-50", "Handrail, 50 mm tube", "12", "m", "2130.00"),
    ("GB-12", "Frameless glass balustrade", "12", "m", "31319.24"),
    ("GB-SP", "Glass balustrade on spigots", "18", "m", "29745.48"),
]


def test_the_layouts_own_supplier_is_read_where_the_title_block_moved_down():
    # the supplier's name in the title block under the foot, under the drawing's status: more
    # items push it down, the status is another, and the learned place then holds another line
    page, confirmed = title_block("NBI/PO/1594", STEEL[:2], "COMMENT")
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    assert layout["anchors"]["fields"]["supplier_name"]
    later, _ = title_block("NBI/PO/1631", STEEL, "CONSTRUCTION")
    got = read_with(layout, later)["fields"]
    assert got["supplier_name"].value == SUPPLIER


OUR_FORM = """\
MERIDIAN CONSTRUCTION (PTY) LTD                               PURCHASE ORDER
12 Quarry Road, Germiston                                     PO Number: {number}

Supplier:                                      Deliver to:
{supplier:<47}{deliver}

Code       Description                          Qty  Unit        Price       Amount
{code:<11}{text:<37}{qty:>3}  {unit:<6}{price:>10}{amount:>13}

                                                            Subtotal       {amount:>10}
                                                            VAT 15%        {tax:>10}
                                                            Total          {total:>10}
"""


def our_form(number, supplier, deliver, item) -> tuple[str, dict]:
    code, text, qty, unit, price = item
    amount = Decimal(qty) * Decimal(price)
    tax = (amount * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{amount:.2f}", "tax": f"{tax:.2f}", "total": f"{amount + tax:.2f}"}
    page = OUR_FORM.format(
        number=number, supplier=supplier, deliver=deliver, code=code, text=text, qty=qty,
        unit=unit, price=price, amount=money["subtotal"], tax=money["tax"], total=money["total"],
    )  # fmt: skip
    items = [{"item_code": code, "description": text, "quantity": qty, "unit": unit,
              "unit_price": price, "amount": money["subtotal"]}]  # fmt: skip
    return page, {"po_number": number, "supplier_name": supplier, "items": items} | money


def test_our_form_to_another_supplier_that_names_the_layouts_elsewhere_is_that_ones():
    # our own order form, taught on an order to Acme; the next goes to Beta Paints and has
    # it delivered to Acme's works: the supplier is Beta's, not the layout's
    page, confirmed = our_form(
        "MC-4411", "Acme Steel Works (Pty) Ltd", "Site 4, Germiston",
        ("IPE-200", "IPE 200 beam 6 m", "10", "each", "1200.00"),
    )  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    later, _ = our_form(
        "MC-4502", "Beta Paints CC", "Acme Steel Works (Pty) Ltd",
        ("PR-5", "Zinc primer 5 l", "8", "tin", "410.00"),
    )  # fmt: skip
    assert read_with(layout, later)["fields"]["supplier_name"].value == "Beta Paints CC"


RUPIAH = """\
PT MITRA BAJA NUSANTARA                                   PURCHASE ORDER {number}

Kode       Nama Barang                        Qty  Satuan      Harga Satuan        Jumlah
{rows}

                                              Sub Total                  Rp    {subtotal}
                                              DPP Nilai Lain (11/12)     Rp    {{base}}
                                              PPN 12%                    Rp    {tax}
                                              Grand Total                Rp    {total}
"""


def rupiah(number: str, items: list[tuple]) -> tuple[str, dict]:
    """A foot whose every amount has its 'Rp' in a cell of its own, and the tax base (11/12 of
    the subtotal) between the subtotal and the tax."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{code:<11}{text:<35}{quantity:>3}  {unit:<10}{price:>14}{amount:>14}"

    page, confirmed = priced_page(RUPIAH, number, "PT Mitra Baja Nusantara", items, line, "0.11")
    base = f"{Decimal(confirmed['subtotal']) * 11 / 12:.2f}"
    return page.replace("{base}", base), confirmed


def test_a_tax_is_learned_by_its_label_not_by_the_currency_sign_before_its_amount():
    page, confirmed = rupiah("0465/PO-MRD/IV/2026", [
        ("SEM-40", "Semen Portland 40 kg", "120", "sak", "62500.00"),
        ("BES-13", "Besi beton ulir 13 mm", "80", "batang", "118000.00"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    later, want = rupiah("0512/PO-MRD/V/2026", [
        ("BES-13", "Besi beton ulir 13 mm", "35", "batang", "118000.00"),
    ])  # fmt: skip
    assert read_with(layout, later)["fields"]["tax"].value == want["tax"]


def _segment(text: str, value: object) -> str:
    """A message segment as printed: its words, then its value in a column of its own."""
    return f"{text:<50}{value}"


def edi(number: str, items: list[tuple], break_before_total: bool) -> tuple[list, dict]:
    """An order printed as a message's segments, an item's each on a line of its own; its last
    segment on a page of its own where `break_before_total`."""
    segments, confirmed = [], []
    for code, text, quantity, price in items:
        amount = f"{Decimal(quantity) * Decimal(price):.2f}"
        segments += [
            _segment(f"LIN {len(confirmed) + 1} Line item", code),
            _segment("IMD F Item description", text),
            _segment("QTY 21 Ordered quantity", quantity),
            _segment("PRI AAA Net price", price),
            _segment("MOA 203 Line item amount", amount),
        ]
        confirmed.append({"item_code": code, "description": text, "quantity": quantity,
                          "unit": "", "unit_price": price, "amount": amount})  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in confirmed)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    supplier = "Cape Fasteners (Pty) Ltd"
    head = [
        _segment("UNH 1 Message header", "ORDERS D 96A UN"),
        _segment("BGM 220 Order number", number),
        _segment("NAD SU Supplier", supplier),
        *segments,
        _segment("UNS S Section control", "Summary section follows"),
        _segment("CNT 2 Number of line items", len(items)),
        _segment("MOA 79 Total line items amount", money["subtotal"]),
        _segment("TAX 7 Duty/tax/fee, VAT, rate %", 15),
        _segment("MOA 124 Tax amount", money["tax"]),
    ]
    end = [_segment("MOA 128 Total amount", money["total"]), "UNT 40 1 Message trailer"]
    if break_before_total:
        lines = text_lines("\n".join(head)) + text_lines("\n".join(end), page_no=1)
    else:
        lines = text_lines("\n".join(head + end))
    return lines, {"po_number": number, "supplier_name": supplier, "items": confirmed} | money


def test_a_foot_run_on_to_the_next_page_is_read_on_both():
    # a layout whose items no table holds: its foot is looked for on the last page, and
    # where a value is not there, on the page before it
    lines, confirmed = edi("4501872", [("TR-10", "Tie rod 10 mm", "40", "12.50")], False)
    layout = teach.learn(lines, confirmed) | {"id": "taught"}
    later, want = edi("4501933", [
        ("TR-10", "Tie rod 10 mm", "12", "12.50"),
        ("WN-10", "Wing nut 10 mm", "24", "3.10"),
    ], True)  # fmt: skip
    got = read_with(layout, later)["fields"]
    assert {name: got[name].value for name in ("subtotal", "tax", "total")} == {
        name: want[name] for name in ("subtotal", "tax", "total")
    }


NETWORK = """\
TradeGrid Network Inbox > Orders > {number}                          printed {printed}

Supplier:  Boland Building Supplies (Pty) Ltd
Order submitted on:      {submitted}
Received by TradeGrid:   {submitted}

Line  Code       Description                        Qty  Unit         Price         Amount
{rows}

                                                               Subtotal          {subtotal}
                                                               VAT 15%           {tax}
                                                               Total             {total}
"""


def network(number: str, printed: str, submitted: str, items: list[tuple]):
    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{n * 10:<6}{code:<11}{text:<35}{quantity:>3}  {unit:<6}{price:>12}{amount:>15}"

    page, confirmed = priced_page(
        NETWORK.replace("{printed}", printed).replace("{submitted}", submitted),
        number, "Boland Building Supplies (Pty) Ltd", items, line,
    )  # fmt: skip
    return page, confirmed


def test_a_date_learned_before_its_time_of_day_is_read_at_another_time():
    later = "Thursday 20 Aug 2026 2:42 PM GMT+02:00"  # the afternoon, where the taught was AM
    page, confirmed = network(
        "4500298331", "12 Apr 2026", "Saturday 11 Apr 2026 11:42 AM GMT+02:00",
        [("STN-19", "Crusher stone 19 mm", "8", "m3", "428.99")],
    )  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed | {"po_date": "2026-04-11"}) | {"id": "t"}
    other, _ = network(
        "4500289199", "21 Aug 2026", later, [("SND-PL", "Plaster sand", "40", "m3", "397.38")]
    )
    assert read_with(layout, other)["fields"]["po_date"].value == "2026-08-20"


CATALOGUE = [
    ["BLK-6A", 'Block de hormigón 6" (15 x 20 x 40 cm) pesado'],
    ["BLK-8", 'Block de hormigón 8" (20 x 20 x 40 cm)'],
    ["ARE-LAV", "Arena lavada de río"],
    ["TUB-4", "Tubo PVC 4 pulgadas blanco"],
    ["COD-05", "Codo PVC ½ pulgada"],
    ["", "Transporte a obra"],
    ["MAL-1", "Malla"],
]


@pytest.mark.parametrize(
    ("code", "description", "want"),
    [
        # the OCR's accents, quotes and brackets lost: the description as a person confirmed it
        ("BLK-6A", "Block de hormigén 6 15 x 20 x 40 cm pesado", CATALOGUE[0][1]),
        ("ARE-LAV", "Arena lavada de rio", CATALOGUE[2][1]),
        ("", "Transporte a obra.", CATALOGUE[5][1]),
        # other numbers: another item, though its words are alike
        ("BLK-6A", "Block de hormigon 6 (15 x 20 x 60 cm) pesado", None),
        ("COD-05", "Codo PVC ¾ pulgada", None),
        # another word: another item ('negro' is no misread 'blanco')
        ("TUB-4", "Tubo PVC 4 pulgadas negro", None),
        # another code, or a code on one side only: not the item confirmed
        ("BLK-6B", "Block de hormigon 6 15 x 20 x 40 cm pesado", None),
        ("ARE-LAV2", "Arena lavada de rio", None),
        ("TR-01", "Transporte a obra", None),
        # too short to tell a misread letter from another word
        ("MAL-1", "Valla", None),
        # no item confirmed on the layout is like it
        ("VAR-38", "Varilla corrugada 3/8 x 20 pies", None),
    ],
)
def test_a_photos_item_a_person_confirmed_on_the_layout_is_read_as_confirmed(
    code, description, want
):
    row = Item(code, description, "5", "UD", "42.63", "213.15", ocr=True)
    (got,), changed = recall.catalogued([row], CATALOGUE)
    if want is None:
        assert (got, changed) == (row, 0)
    else:
        assert (got.item_code, got.description, changed) == (code, want, 1)
        assert (got.quantity, got.unit_price, got.amount) == ("5", "42.63", "213.15")


def test_two_confirmed_descriptions_as_close_to_the_one_read_leave_it_as_read():
    catalogue = [["", "Tubo PVC 4 pulgadas blanco A"], ["", "Tubo PVC 4 pulgadas blanco B"]]
    row = Item("", "Tubo PVC 4 pulgadas blanco", "2", "", "10.00", "20.00", ocr=True)
    assert recall.catalogued([row], catalogue) == ([row], 0)


def test_a_catalogue_entry_stored_without_a_code_or_with_a_number_does_not_break_the_reading():
    row = Item("", "Transporte a obra", "1", "", "10.00", "10.00", ocr=True)
    assert recall.catalogued([row], [[None, "Transporte a obra"], [12, "Flete"]])[1] == 0


def test_the_catalogue_keeps_the_latest_confirmation_first_and_each_item_once():
    items = [{"item_code": "A-1", "description": "Anchor bolt M12"}, {"description": "Freight"}]
    known = [["A-1", "Anchor bolt M12"], ["B-2", "Bracket 40 mm"]]
    assert teach.catalogue(items, known) == [
        ["A-1", "Anchor bolt M12"], ["", "Freight"], ["B-2", "Bracket 40 mm"]
    ]  # fmt: skip


def _as_photo(lines: list) -> list:
    """The page's lines as the OCR would give them: each word marked as read by OCR."""
    return [Line([replace(w, ocr=True) for w in line.words], line.y, line.page) for line in lines]


def test_a_photo_of_a_known_layout_reads_an_item_confirmed_before_as_confirmed():
    items = [
        ("ARE-LAV", "Arena lavada de río", "60", "M3", "1555.93"),
        ("VAR-38", 'Varilla corrugada 3/8" x 20 pies', "8", "QQ", "3582.93"),
    ]
    page, confirmed = network("4500298331", "12 Apr 2026", "11 Apr 2026", items)
    layout = teach.learn(text_lines(page), confirmed) | {"id": "t", "learned_from": "X"}
    # the next order's photo: the same sand, its accent lost; and an item never confirmed
    later, _ = network("4500298400", "21 Apr 2026", "20 Apr 2026", [
        ("ARE-LAV", "Arena lavada de rio", "12", "M3", "1555.93"),
        ("CEM-42", "Cemento gris tipo GU", "40", "FDA", "451.74"),
    ])  # fmt: skip
    payload = engine.read_po(_as_photo(text_lines(later)), ExtractOptions(layouts=(layout,)))
    assert [item["description"] for item in payload["items"]] == [
        "Arena lavada de río", "Cemento gris tipo GU"
    ]  # fmt: skip


SLOVENIAN = """\
MERIDIAN GRADNJE d.o.o.                                     NAROČILNICA
ID za DDV: SI41201987                                       Št.: {number}

Dobavitelj: Železnina Štajerska d.d.

Šifra      Naziv artikla                        Količina  EM      Cena        Vrednost
{rows}

                                                            Skupaj          {subtotal}
                                                            DDV 22%         {tax}
                                                            Za plačilo      {total}
"""


def slovenian(number: str, items: list[tuple], text: str = SLOVENIAN) -> tuple[str, dict]:
    def line(n: int, item: tuple, amount: str) -> str:
        code, description, quantity, unit, price = item
        return f"{code:<11}{description:<37}{quantity:>8}  {unit:<6}{price:>10}{amount:>13}"

    return priced_page(text, number, "Železnina Štajerska d.d.", items, line, rate="0.22")


def test_a_photo_whose_ocr_lost_a_labels_accents_is_read_at_the_learned_label():
    page, confirmed = slovenian("26-NAR-00602", [("220110", "Žica za vezanje", "30", "kg", "2.71")])
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    # the photo: the OCR's model reads 'Št.:' as 'St.:' and 'NAROČILNICA' without its caron
    photo = SLOVENIAN.replace("Št.:", "St.:").replace("NAROČILNICA", "NAROCILNICA")
    later, _ = slovenian("26-NAR-00543", [("220110", "Žica za vezanje", "12", "kg", "2.71")], photo)
    lines = _as_photo(text_lines(later))
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["po_number"].value == "26-NAR-00543"
    # a text layer's words are as printed: no accent is lost there
    plain = text_lines(later)
    _, matched = recall.known([layout], plain)
    assert "po_number" not in recall.read(layout["anchors"], plain, matched.frame)["fields"]
