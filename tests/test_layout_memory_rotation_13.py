"""What rotation 13's families, as dev families, showed the layout memory: an order's number
printed after its document type's code, a space apart, as certified invoicing software numbers
its documents ('NE LUA26/395'); a supplier's name whose legal form runs on to the line under
it; an item's particulars on lines under it, each after a label of its own ('Route: N1'); an
order on continuation sheets, its foot on the first sheet under its items; a word processor's
form whose empty numbered item rows print its placeholder text. Each page is made up here."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from tests.test_layout_memory_rotation_8 import priced_page

SUPPLIER = "Kwanza Materiais de Construção, Lda"

SERIES = """\
MERIDIAN CONSTRUÇÕES, LDA                                    Exmo.(s) Senhor(es)
Rua Rainha Ginga 12, Luanda                                  {supplier}

NOTA DE ENCOMENDA
{number}

Artigo     Descrição                        Qtd.  Un.     Preço Unit.      Valor
{rows}
                                                   Total Ilíquido     {subtotal:>10}
                                                   IVA (14%)          {tax:>10}
                                                   Total (AOA)        {total:>10}
"""


def read_with(layout: dict, page: str | list) -> dict:
    """What a learned layout reads from a later page (its text, or its lines)."""
    lines = text_lines(page) if isinstance(page, str) else page
    _, matched = recall.known([layout], lines)
    return recall.read(layout["anchors"], lines, matched.frame)


def series(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: the order's number under its title, after the code of
    its document type."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{code:<11}{text:<32}{quantity:>5}  {unit:<6}{price:>12}{amount:>11}"

    return priced_page(SERIES, number, SUPPLIER, items, line, rate="0.14")


def test_a_number_printed_after_its_document_type_s_code_is_learned_with_it():
    page, confirmed = series("NE LDA26/114", [
        ("CIM-425", "Cimento Portland 42,5 R", "40", "saco", "5400.00"),
        ("VAR-12", "Varão nervurado 12 mm", "20", "un", "3120.50"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    got = read_with(
        layout, series("NE LDA26/207", [("CIM-425", "Cimento", "8", "saco", "5400.00")])[0]
    )["fields"]
    assert got["po_number"].value == "NE LDA26/207"


@pytest.mark.parametrize("tail", ["Original", "(copy)", "2.a via"])
def test_words_after_a_number_learned_with_its_series_are_no_part_of_it(tail):
    # the copy's word printed after the number, in its cell, is not the order's number
    page, confirmed = series("NE LDA26/114", [
        ("CIM-425", "Cimento Portland 42,5 R", "40", "saco", "5400.00"),
        ("VAR-12", "Varão nervurado 12 mm", "20", "un", "3120.50"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    later = series(f"NE LDA26/207 {tail}", [("CIM-425", "Cimento", "8", "saco", "5400.00")])[0]
    got = read_with(layout, later)["fields"]
    assert got["po_number"].value == "NE LDA26/207"


@pytest.mark.parametrize(
    ("taught", "printed", "want"),
    [
        ("PO 2026 0046", "PO 2026 0047", "PO 2026 0047"),  # a number in groups, whole
        ("2026 0046", "2026 0047 Original", "2026 0047"),
    ],
)
def test_a_number_learned_in_groups_keeps_its_groups_and_drops_what_follows(taught, printed, want):
    page, confirmed = series(
        taught, [("CIM-425", "Cimento Portland 42,5 R", "40", "saco", "5400.00")]
    )
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    got = read_with(layout, series(printed, [("CIM-425", "Cimento", "8", "saco", "5400.00")])[0])[
        "fields"
    ]
    assert got["po_number"].value == want


def test_a_whole_number_place_learned_before_its_words_were_counted_reads_the_whole_cell():
    # a layout stored before the words around the number were counted reads as it did then:
    # the whole cell, not a number cut short
    page, confirmed = series("PO 2026 0046", [("CIM-425", "Cimento", "40", "saco", "5400.00")])
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    for place in layout["anchors"]["fields"]["po_number"]["places"]:
        place.pop("series", None), place.pop("tail", None)
    got = read_with(
        layout, series("PO 2026 0047", [("CIM-425", "Cimento", "8", "saco", "5400.00")])[0]
    )["fields"]
    assert got["po_number"].value == "PO 2026 0047"


RUN_ON = """\
MERIDIAN CONSTRUCTION LIBAN S.A.L.                           BON DE COMMANDE  N° {number}
Fournisseur                          Date de commande   16/09/2026
{supplier}
Zone industrielle, rue 22

Réf.       Désignation                      Qté   Unité       P.U.     Montant
{rows}
                                                   Total H.T.         {subtotal:>10}
                                                   TVA 11 %           {tax:>10}
                                                   Total T.T.C.       {total:>10}
"""


def run_on(number: str, name: str, form: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: the supplier's name with its legal form on the line
    under it."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{code:<11}{text:<32}{quantity:>5}  {unit:<6}{price:>10}{amount:>12}"

    template = RUN_ON.replace("{supplier}", f"{name}\n{form}")
    page, confirmed = priced_page(template, number, "", items, line, rate="0.11")
    return page, confirmed | {"supplier_name": f"{name} {form}"}


def test_a_supplier_s_name_whose_legal_form_runs_on_to_the_next_line_is_learned():
    page, confirmed = run_on("BC-26/0976", "Société Libanaise des Matériaux", "S.A.L.", [
        ("FER-HA12", "Fer à béton HA 12 mm", "1.5", "t", "772.45"),
        ("SAB-04", "Sable lavé 0/4", "12.5", "m3", "29.01"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = run_on("BC-26/1734", "Ets. Haddad Frères", "S.A.R.L.", [
        ("FER-HA12", "Fer à béton HA 12 mm", "2", "t", "770.00"),
    ])  # fmt: skip
    got = read_with(layout, page)["fields"]
    assert got["supplier_name"].value == "Ets. Haddad Frères S.A.R.L."


HAULAGE = """\
MERIDIAN CONSTRUCTION (PTY) LTD                               TRANSPORT ORDER
Transport order no.   {number}          Order date   23/07/2026
Carrier   {supplier}

Code      Description                       Qty  Unit         Rate        Amount
{rows}

                                                   Total excl. VAT    {subtotal:>10}
                                                   VAT 15%            {tax:>10}
                                                   Total              {total:>10}
"""


def haulage(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: under each item a line of its own particulars, a
    label and its colon first ('Fill: municipal standpipe')."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price, details = item
        return f"{code:<10}{text:<32}{quantity:>5}  {unit:<8}{price:>9}{amount:>14}\n" + "".join(
            f"          {detail}\n" for detail in details
        )

    return priced_page(HAULAGE, number, "Swartland Haulage (Pty) Ltd", items, line)


def test_a_line_of_an_item_s_particulars_under_a_label_of_its_own_is_no_description():
    page, confirmed = haulage("TO26-07356", [
        ("STD-HR", "Standing time", "10", "hour", "440.26", ["At: site or weighbridge"]),
        ("WBW-18K", "Water bowser 18 000 l", "2", "load", "2116.40", ["Fill: standpipe"]),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = haulage("TO26-07402", [
        ("ESC-AL", "Escort vehicle, abnormal load", "3", "trip", "3010.24",
         ["Route: N1 / R300 / N2, escort front and rear"]),
        ("TIP-10M3", "Tipper 10 m3", "2", "load", "1426.14", ["On site: offload and place"]),
    ])  # fmt: skip
    got = read_with(layout, page)["items"]
    assert [item["description"] for item in got] == [item["description"] for item in want["items"]]


FIRST_SHEET = """\
MERIDIAN CONSTRUCTION (TRINIDAD) LIMITED                     OFFICIAL ORDER
TO (SUPPLIER)                                                No.   {number}
{supplier}

Code        Description                       Qty  Unit     Unit Price      Amount
{rows}

                          Goods on this sheet                          {goods:>12}
                          Brought in from continuation sheets          {brought:>12}
                          Total before VAT                             {subtotal:>12}
                          VAT @ 12.5%                                  {tax:>12}
                          ORDER TOTAL                                  {total:>12}
CONDITIONS
1. Continuation sheets form part of this order.
2. Invoices in duplicate, quoting this order number.
"""
CONTINUATION = """\
CONTINUATION SHEET                    TO OFFICIAL ORDER No.   {number}

Code        Description                       Qty  Unit     Unit Price      Amount
{rows}

Initials                  Total this sheet - carry to first sheet      {brought:>12}
"""


def sheets(number: str, items: list[tuple]) -> tuple[list, dict]:
    """The order's lines and its confirmed values: its first sheet prints the first two items
    and the order's foot, a continuation sheet the rest; a description may run on to the
    next line (`more`)."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price, more = item
        row = f"{code:<12}{text:<32}{quantity:>5}  {unit:<8}{price:>11}{amount:>12}"
        return row + (f"\n            {more}" if more else "")

    page, confirmed = priced_page("{rows}", number, "", items, line, rate="0.125")
    for item, (_, text, *_, more) in zip(confirmed["items"], items, strict=True):
        item["description"] = f"{text} {more}".strip()
    rows = page.split("\n")
    first = sum(1 + bool(more) for *_, more in items[:2])
    amounts = [Decimal(item["amount"]) for item in confirmed["items"]]
    values = confirmed | {"number": number, "supplier": "Point Lisas Industrial Supplies Ltd"}
    values |= {"goods": sum(amounts[:2]), "brought": sum(amounts[2:])}
    lines = text_lines(FIRST_SHEET.format(**values | {"rows": "\n".join(rows[:first])}))
    more = CONTINUATION.format(**values | {"rows": "\n".join(rows[first:])})
    lines += text_lines(more, 1, lines[-1].y + 10)
    return lines, confirmed | {"supplier_name": values["supplier"]}


def test_the_foot_on_the_first_sheet_above_the_continuation_sheets_is_learned():
    lines, confirmed = sheets("PO25750", [
        ("CBL-12", "THHN wire No. 12", "24", "reel", "612.37", ""),
        ("BLK-4", "Concrete block 4 in", "50", "each", "5.78", ""),
        ("ELB-4", "PVC elbow 4 in x 90 deg", "40", "each", "28.72", "DWV, plain"),
        ("GRV-34", "Gravel 3/4 in", "8", "load", "1605.91", ""),
    ])  # fmt: skip
    layout = teach.learn(lines, confirmed) | {"id": "taught"}
    lines, want = sheets("PO25811", [
        ("CBL-12", "THHN wire No. 12", "30", "reel", "671.07", ""),
        ("DPM-1000", "Damp proof membrane", "50", "roll", "738.29", "1 m x 25 m"),
        ("PLY-34", "Plywood 3/4 in 4 x 8", "3", "sheet", "307.65", ""),
        ("ELB-4", "PVC elbow 4 in x 90 deg", "3", "each", "24.20", ""),
    ])  # fmt: skip
    got = read_with(layout, lines)
    assert {name: got["fields"][name].value for name in ("subtotal", "tax", "total")} == {
        name: want[name] for name in ("subtotal", "tax", "total")
    }
    assert recall.same_items(got["items"], want["items"])


FORM = """\
MB   Meridian Construction (Barbados) Inc.
                                   PURCHASE ORDER FORM
PO Number         {number}                  Date        24/10/2026
Supplier          {supplier}

No.  Item Code    Description                         Qty  Unit       Unit Price      Total
{rows}
                                                                  Sub-Total   {subtotal:>10}
                                                                  VAT @ 17.5% {tax:>10}
                                                                  TOTAL BDS$  {total:>10}
"""


def form(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: a word processor's form whose numbered item rows left
    empty print its placeholder text."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{n:>3}  {code:<13}{text:<32}{quantity:>6}  {unit:<8}{price:>12}{amount:>12}"

    page, confirmed = priced_page(FORM, number, "Wildey Electrical Ltd", items, line, "0.175")
    empty = [f"{n:>3}                   Click or tap here to enter text." for n in range(4, 7)]
    rows = [row for row in page.split("\n") if row.startswith("  3 ")]
    return page.replace(rows[0], "\n".join([rows[0], *empty])), confirmed


def test_a_form_s_empty_numbered_rows_are_no_description_running_on():
    page, confirmed = form("PO/BB/0225", [
        ("PVC-3", "PVC pipe 3 in x 20 ft", "6", "length", "71.46"),
        ("PLY-58", "Plywood 5/8 in 4 x 8", "5", "sheet", "125.34"),
        ("GLM-2414", "Galvalume sheet 24 ga x 14 ft", "3", "sheet", "152.97"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = form("PO/BB/0231", [
        ("CND-20", "Conduit 20 mm x 3 m", "40", "length", "6.85"),
        ("BRK-20", "Breaker 20 A single pole", "6", "each", "31.20"),
        ("PLY-58", "Plywood 5/8 in 4 x 8", "4", "sheet", "125.34"),
    ])  # fmt: skip
    got = read_with(layout, page)["items"]
    assert recall.same_items(got, want["items"])
