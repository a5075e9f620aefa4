"""An item table learned from one verified document reads the next one's rows: rows that order
nothing, a due date beside a description running on, a description longer than any learned
with a number in it, and a code that is also the description's first word. The pages are made
up here."""

from __future__ import annotations

from app.extract.layout import text_lines
from app.extract.memory import teach
from tests.test_layout_memory_rotation_13 import read_with

HEAD = """\
Kestrel Building Supplies (Pty) Ltd
14 Voortrekker Road, Bellville 7530

{title:<56}Order No: {number}
                                                        Date: 0{day}/10/2026
Customer: Meridian Construction (Pty) Ltd
Site: CPT-07 Harbour Flats

"""

FOOT = """
{note}
                                                     Subtotal          {subtotal:>10}
                                                     VAT 15%           {tax:>10}
                                                     Total             {total:>10}
"""


def money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def document(title: str, number: str, table: str, items: list[dict], note: str = "") -> tuple:
    """A page with `table` between the header and the foot, and its confirmed values."""
    subtotal = sum(round(float(item["amount"]) * 100) for item in items)
    tax = subtotal * 15 // 100
    text = HEAD.format(title=title, number=number, day=len(items) % 9 + 1)
    text += table
    text += FOOT.format(
        note=note, subtotal=money(subtotal), tax=money(tax), total=money(subtotal + tax)
    )
    values = {
        "po_number": number,
        "po_date": f"2026-10-0{len(items) % 9 + 1}",
        "supplier_name": "Kestrel Building Supplies (Pty) Ltd",
        "project_code": "CPT-07",
        "subtotal": money(subtotal),
        "tax": money(tax),
        "total": money(subtotal + tax),
        "items": items,
    }
    return text, values


def item(code: str, description: str, quantity: str, unit: str, price: str) -> dict:
    amount = round(float(quantity) * float(price) * 100)
    return {
        "item_code": code,
        "description": description,
        "quantity": quantity,
        "unit": unit,
        "unit_price": price,
        "amount": money(amount),
    }


def learned_from(page: str, values: dict) -> dict:
    layout = teach.learn(text_lines(page), values)
    assert layout and layout["anchors"]["table"], "the table was not learned"
    return layout | {"id": "table-rows"}


def keys(items: list[dict]) -> list[tuple]:
    return [
        (i["item_code"], i["description"], float(i["quantity"]), i["unit"], i["amount"])
        for i in items
    ]


# --- a stock report: each location's row, with a quantity to reorder or a dash ------------

STOCK_HEAD = (
    "Bin    Code       Description                 Unit   Min  Max  Stock  Reorder"
    "     Price     Amount\n"
)


def stock(number: str, rows: list[tuple], dash: str = "-") -> tuple[str, dict]:
    """rows: (bin, code, description, unit, min, max, stock, reorder or None, price); a row
    with nothing to reorder prints `dash` there."""
    lines, items = [STOCK_HEAD], []
    for where, code, text, unit, low, high, held, reorder, price in rows:
        line = f"{where:<7}{code:<11}{text:<28}{unit:<6}{low:>4}{high:>5}{held:>7}"
        if reorder is None:
            lines.append(f"{line}{dash:>9}\n".rstrip() + "\n")
            continue
        ordered = item(code, text, str(reorder), unit, price)
        items.append(ordered)
        lines.append(f"{line}{reorder:>9}{price:>10}{ordered['amount']:>11}\n")
    return document("STOCK REPLENISHMENT ORDER", number, "".join(lines), items)


def test_rows_that_order_nothing_are_neither_notes_nor_where_the_table_stops():
    first, values = stock("RP-26-0101", [
        ("A-01", "TAP-CORD", "Corded ear plugs", "box", 7, 18, 6, 12, "25.63"),
        ("A-01", "MAS-FFP2", "FFP2 mask with valve", "box", 13, 41, 11, 30, "19.09"),
        ("C-03", "GUA-NIT9", "Nitrile coated glove 9", "pair", 4, 8, 4, None, ""),
        ("C-06", "BRI-4830", "Cable tie 4.8 x 300 mm", "bag", 3, 5, 2, 3, "5.43"),
        ("C-06", "DIS-11516", "Cutting disc 115 x 1.6", "box", 6, 12, 10, None, ""),
    ])  # fmt: skip
    layout = learned_from(first, values)
    later, wanted = stock("RP-26-0102", [
        ("A-01", "TAP-CORD", "Corded ear plugs", "box", 2, 3, 1, 2, "29.63"),
        ("A-01", "ESP-PU75", "PU foam gun grade 750 ml", "can", 4, 8, 4, None, ""),
        ("C-03", "GUA-NIT9", "Nitrile coated glove 9", "pair", 5, 10, 1, 9, "4.10"),
        ("C-06", "BRI-4830", "Cable tie 4.8 x 300 mm", "bag", 3, 10, 2, 8, "6.49"),
        ("C-06", "DIS-11516", "Cutting disc 115 x 1.6", "box", 6, 12, 3, 9, "2.75"),
        ("C-09", "ALA-R13", "Annealed wire 1.3 mm", "roll", 4, 9, 3, 6, "9.30"),
    ])  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


# --- a screen print: a description running on beside the line's due date --------------------


def screen(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """rows: (code, first line, second line or '', quantity, unit, price)."""
    lines = ["Ln  Item number   Description              Quantity UM    Unit cost   Extension\n"]
    items = []
    for n, (code, text, more, quantity, unit, price) in enumerate(rows, start=1):
        ordered = item(code, f"{text} {more}".strip(), quantity, unit, price)
        items.append(ordered)
        q = f"{float(quantity):.3f}"
        lines.append(
            f"{n:>2}  {code:<14}{text:<25}{q:>8} {unit:<4}{price:>11}{ordered['amount']:>12}\n"
        )
        lines.append(f"                  {more:<25}Due 14/03/26\n")
    return document("DISPLAY PURCHASE ORDER LINES", number, "".join(lines), items)


def test_a_description_running_on_beside_its_due_date_is_learned_and_read_whole():
    first, values = screen("4458664", [
        ("AGG-20-BLU", "AGGREGATE 20MM BLUE", "BULK, TIPPER LOAD", "15", "M3", "98.46"),
        ("SND-PREM", "CONCRETING SAND", "", "2", "M3", "66.27"),
        ("PLY-F17-17", "FORMPLY F17 17MM", "2400 X 1200", "100", "SHT", "84.41"),
    ])  # fmt: skip
    layout = learned_from(first, values)
    later, wanted = screen("4458690", [
        ("CHR-6575", "BAR CHAIR 65/75MM", "PLASTIC, BAG OF 500", "100", "BG", "98.03"),
        ("CEM-GP20", "CEMENT GP 20KG BAG", "AS 3972 TYPE GP", "30", "BG", "13.38"),
        ("SND-PREM", "CONCRETING SAND", "", "4", "M3", "66.27"),
    ])  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


# --- a typed page: a description longer than any learned, a number among its words -----------


def typed(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """rows: (quantity, unit, description, price); words typed three spaces apart."""
    lines = ["QUANT.   UNID.   DESIGNATION                                  PRICE      AMOUNT\n"]
    items = []
    for quantity, unit, text, price in rows:
        ordered = item("", text, quantity, unit, price)
        items.append(ordered)
        spaced = "   ".join(text.split())
        lines.append(f"{quantity:>6}   {unit:<8}{spaced:<45}{price:>9}{ordered['amount']:>12}\n")
    return document("NOTA DE ENCOMENDA", number, "".join(lines), items)


def test_a_number_between_the_words_of_a_description_longer_than_any_learned_is_its_own():
    first, values = typed("NE-0420", [
        ("200", "un.", "Cement block 15", "66.00"),
        ("5", "bucket", "Liquid damp proofing compounds", "819.40"),
    ])  # fmt: skip
    layout = learned_from(first, values)
    later, wanted = typed("NE-0421", [
        ("10", "bar", "Ribbed steel bar for slabs 10 mm", "90.50"),
        ("3", "bucket", "Liquid damp proofing compounds", "950.70"),
    ])  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


# --- a code that is also the first word of its description -----------------------------------


def quarry(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """rows: (code, description, second line, tonnes, price)."""
    lines = ["Code    Product                          Tonnes       $ / t       Value $\n"]
    items = []
    for code, text, more, tonnes, price in rows:
        ordered = item(code, f"{text} {more}".strip(), tonnes, "", price)
        items.append(ordered)
        lines.append(f"{code:<8}{text:<32}{tonnes:>8}{price:>12}{ordered['amount']:>14}\n")
        if more:
            lines.append(f"        {more}\n")
        lines.append("\n")
    return document("AGGREGATE ORDER", number, "".join(lines), items)


def test_a_description_starting_with_its_code_is_learned_where_it_is_printed_in_full():
    first, values = quarry("WO-30587", [
        ("AP40", "AP40 basecourse", "all passing 40 mm", "32.50", "40.08"),
    ])  # fmt: skip
    layout = learned_from(first, values)
    assert layout["anchors"]["table"]["columns"]["description"][0] > 5
    later, wanted = quarry("WO-30611", [
        ("AP20", "AP20 basecourse", "all passing 20 mm", "32.50", "40.49"),
        ("PEA10", "10 mm pea gravel", "", "60.50", "60.67"),
    ])  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


# --- a mail's table: a long description starts on the line above its numbers -----------------


def mailed(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """rows: (code, description's lines, quantity, unit, price); the numbers stand beside the
    description's last line."""
    lines = [
        "     NOBB-nr.       Varetekst                         Antall  Enhet     Pris     Sum\n"
    ]
    items = []
    for code, texts, quantity, unit, price in rows:
        ordered = item(code, " ".join(texts), quantity, unit, price)
        items.append(ordered)
        lines += [f"                    {text}\n" for text in texts[:-1]]
        numbers = f"{quantity:>6}  {unit:<6}{price:>8}{ordered['amount']:>10}"
        lines.append(f"     {code:<15}{texts[-1]:<34}{numbers}\n")
    return document("Bestilling", number, "".join(lines), items)


def test_a_description_that_starts_above_its_numbers_is_learned_and_read_whole():
    first, values = mailed("26-270", [
        ("61200178", ["OSB/3-plate 18 mm 1200x2400"], "12", "stk", "404.37"),
        ("41225567", ["Konstruksjonsvirke 48x198 C24", "i lengder på 4,8 m"], "1", "m", "84.79"),
        ("56112043", ["Fuktsperre PE-folie 0,15 mm", "4x25 m"], "10", "rull", "664.62"),
    ])  # fmt: skip
    layout = learned_from(first, values)
    assert layout["anchors"]["table"].get("lead")
    later, wanted = mailed("26-288", [
        ("13420881", ["Glassull A37 200 mm", "3,24 m² per pakke"], "60", "pk", "486.83"),
        ("52004418", ["Sponplate gulv 22 mm 600x2400"], "30", "stk", "269.00"),
        ("39017754", ["Treskrue 5,0x60 forsinket", "250 stk per eske"], "2", "pk", "258.65"),
    ])  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


# --- a confirmation: the quantity ordered beside the quantity confirmed ------------------------


def confirmation(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """rows: (code, description, ordered, confirmed, price); the amount is the confirmed's."""
    lines = [
        "Code     Description                      Unit  Qty req.  Qty conf.   Price     Amount\n"
    ]
    items = []
    for code, text, ordered, confirmed, price in rows:
        kept = item(code, text, confirmed, "PCE", price)
        items.append(kept)
        told = f"{confirmed} *" if confirmed != ordered else f"{confirmed}  "
        lines.append(
            f"{code:<9}{text:<33}PCE   {ordered:>8}{told:>11}{price:>8}{kept['amount']:>11}\n"
        )
    return document("ORDER CONFIRMATION", number, "".join(lines), items)


def test_the_quantity_the_amount_is_for_is_read_where_ordered_and_confirmed_differ():
    first, values = confirmation("SO-2641", [
        ("210912", "Heaving line", "2", "2", "324.46"),
        ("330151", "Lifebuoy 720 mm", "4", "4", "911.31"),
    ])  # fmt: skip
    layout = learned_from(first, values)
    later, wanted = confirmation("SO-2648", [
        ("550713", "Cotton rags, coloured", "2", "1", "191.81"),
        ("330151", "Lifebuoy 720 mm", "3", "3", "911.31"),
    ])  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


def test_rows_that_order_nothing_with_a_blank_for_the_quantity_are_no_descriptions():
    rows = [
        ("A-01", "TAP-CORD", "Corded ear plugs", "", 7, 18, 6, 12, "25.63"),
        ("C-03", "GUA-NIT9", "Nitrile coated glove 9", "", 4, 8, 4, None, ""),
        ("C-06", "BRI-4830", "Cable tie 4.8 x 300 mm", "", 3, 5, 2, 3, "5.43"),
    ]
    first, values = stock("RP-26-0101", rows, dash="")
    layout = learned_from(first, values)
    later, wanted = stock("RP-26-0102", rows[:1] + [
        ("C-03", "GUA-NIT9", "Nitrile coated glove 9", "", 5, 10, 9, None, ""),
        ("C-06", "BRI-4830", "Cable tie 4.8 x 300 mm", "", 3, 10, 2, 8, "6.49"),
    ], dash="")  # fmt: skip
    assert keys(read_with(layout, later)["items"]) == keys(wanted["items"])


def test_a_quantity_is_not_changed_where_the_learned_items_did_not_make_their_amounts():
    # bars ordered by the bar, priced by the kilogram: the mass between makes the amount
    def rebar(number: str, bars: int) -> tuple[str, dict]:
        mass, amount = bars * 5.33, f"{round(bars * 5.33 * 1.85, 2):.2f}"
        head = "Code     Description           Unit  Qty      Mass   Price/kg     Amount\n"
        line = (
            f"Y12      Rebar Y12 6 m         BAR  {bars:>4}{mass:>10.2f}{'1.85':>11}{amount:>11}\n"
        )
        ordered = {"item_code": "Y12", "description": "Rebar Y12 6 m", "quantity": str(bars),
                   "unit": "BAR", "unit_price": "1.85", "amount": amount}  # fmt: skip
        return document("ORDER", number, head + line, [ordered])

    first, values = rebar("PO-1001", 10)
    layout = learned_from(first, values)
    assert not layout["anchors"]["table"].get("explained")
    later, _ = rebar("PO-1002", 20)
    assert [i["quantity"] for i in read_with(layout, later)["items"]] == ["20"]
