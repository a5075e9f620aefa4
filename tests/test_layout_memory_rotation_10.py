"""What rotation 10's families, as dev families, showed the layout memory: a number starting a
description at its column's edge on a page matched a hair off scale, whole amounts that do not
say how the page writes a fraction, a cost split printed under each item, a foot amount in one
cell after its label, and a foot label far from its amount. Each page is made up here."""

from __future__ import annotations

from decimal import Decimal

from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from app.extract.memory.words import Frame

SUPPLIER = "Karsten Steel Traders CC"


def learned(page: str, confirmed: dict) -> dict:
    layout = teach.learn(text_lines(page), {"supplier_name": SUPPLIER} | confirmed)
    assert layout is not None
    return layout | {"id": "taught"}


def read(layout: dict, page: str, frame: Frame | None = None) -> dict:
    lines = text_lines(page)
    matched = recall.known([layout], lines)
    assert matched is not None
    return recall.read(layout["anchors"], lines, frame or matched[1].frame)


def money(amounts: list[Decimal], rate: str = "0.15") -> dict:
    subtotal = sum(amounts)
    tax = (subtotal * Decimal(rate)).quantize(Decimal("0.01"))
    return {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}


GLASS = """\
PENINSULA GLASS & GLAZING                                  CUTTING SHEET
Supplier:    {supplier}
Order No.:   {number}
Site:        CP09

Mark        Glass     Description                       Qty  Unit        Rate        Amount
{rows}

                                           Total excl. VAT             {subtotal:>10}
                                           VAT 15%                     {tax:>10}
                                           Total incl. VAT             {total:>10}
"""


def glass(number: str, rows: list[tuple[str, str, str, str, str]]) -> tuple[str, dict]:
    printed, items = [], []
    for n, (code, text, qty, unit, price) in enumerate(rows, start=1):
        amount = Decimal(qty) * Decimal(price)
        printed.append(
            f"W{n:02}         {code:<11}{text:<32}{qty:>5}  {unit:<6}{price:>10}{amount:>14.2f}"
        )
        items.append(
            {"item_code": code, "description": text, "quantity": qty, "unit": unit,
             "unit_price": price, "amount": f"{amount:.2f}"}
        )  # fmt: skip
    foot = money([Decimal(item["amount"]) for item in items])
    page = GLASS.format(supplier=SUPPLIER, number=number, rows="\n".join(printed), **foot)
    return page, {"po_number": number, "items": items, **foot}


def test_a_number_starting_a_description_at_its_columns_edge_is_read_on_a_page_a_hair_off_scale():
    # '4' of '4 mm silver mirror', its header a character further along, ends where the
    # description column starts: on a page matched a hair off scale, a fraction of a character
    # outside it, and a number off every column of numbers was dropped ('mm silver mirror')
    taught, confirmed = glass(
        "PO48201",
        [("CLR4-FL", "4 mm clear float glass", "3.15", "m2", "353.14"),
         ("GRY6-TG", "6 mm grey toughened glass", "2.70", "m2", "756.62")],
    )  # fmt: skip
    page, want = glass(
        "PO48202",
        [("MIR4-SB", "4 mm silver mirror, backed", "5.40", "m2", "495.24"),
         ("SIL-CL280", "Glazing silicone, clear", "6", "each", "96.07")],
    )  # fmt: skip
    # its text layer lays the header out a character further along from 'Description' on,
    # its rows where the taught page's stood; and the page matches on a scale of 1.006
    page = page.replace("Glass     Description", "Glass      Description")
    got = read(learned(taught, confirmed), page, Frame(a=1.006))
    assert [item["description"] for item in got["items"]] == [
        item["description"] for item in want["items"]
    ]


FCFA = """\
QUINCAILLERIE DU LITTORAL SARL                          BON DE COMMANDE
Fournisseur :  {supplier}
N° commande :  {number}
Chantier :     CM-DLA11

Réf.        Désignation                      Qté   U           P.U. HT     Montant HT
{rows}

                                               Total HT               {subtotal:>12}
                                               TVA 17,5 %             {tax:>12}
                                               Total TTC              {total:>12}
"""


def francs(amount: Decimal) -> str:
    return f"{amount:,.0f}".replace(",", " ")


def fcfa(number: str, rows: list[tuple[str, str, str, str, int]]) -> tuple[str, dict]:
    printed, items = [], []
    for code, text, qty, unit, price in rows:
        amount = (Decimal(qty.replace(",", ".")) * price).quantize(Decimal(1))
        printed.append(
            f"{code:<12}{text:<32}{qty:>6}   {unit:<8}{francs(price):>11}{francs(amount):>15}"
        )
        items.append(
            {"item_code": code, "description": text, "quantity": qty.replace(",", "."),
             "unit": unit, "unit_price": f"{price}.00", "amount": f"{amount}.00"}
        )  # fmt: skip
    subtotal = sum(Decimal(item["amount"]) for item in items).quantize(Decimal(1))
    tax = (subtotal * Decimal("0.175")).quantize(Decimal(1))
    foot = {"subtotal": subtotal, "tax": tax, "total": subtotal + tax}
    page = FCFA.format(
        supplier=SUPPLIER, number=number, rows="\n".join(printed),
        **{key: francs(value) for key, value in foot.items()},
    )  # fmt: skip
    return page, {
        "po_number": number, "items": items, **{k: f"{v}.00" for k, v in foot.items()}
    }  # fmt: skip


def test_whole_amounts_leave_the_decimal_comma_to_the_pages_other_numbers():
    # every amount in whole francs and every quantity whole: read either way they were found
    # alike, so the layout took a decimal point, and a later document's '0,75 m3' was no
    # number and its line no item, though the page writes 'TVA 17,5 %'
    taught, confirmed = fcfa(
        "BC-2026-0411",
        [("FIL-REC25", "Fil à ligaturer recuit", "1", "rouleau", 22923),
         ("PAR-15", "Parpaing creux 15 x 20 x 40", "100", "pièce", 454)],
    )  # fmt: skip
    page, want = fcfa(
        "BC-2026-0412",
        [("SAB-SAN", "Sable de la Sanaga", "0,75", "m3", 11086),
         ("PAR-15", "Parpaing creux 15 x 20 x 40", "30", "pièce", 510)],
    )  # fmt: skip
    got = read(learned(taught, confirmed), page)
    assert [item["quantity"] for item in got["items"]] == ["0.75", "30"]
    assert recall.same("total", got["fields"]["total"].value, want["total"])


SPLIT = """\
MERIDIAN CONSTRUCTION                              PURCHASE ORDER - SHARED
Supplier:   {supplier}
PO No:      {number}
Project:    CT-031

Line  Item code  Description                       Qty  Unit        Unit price    Line total
{rows}
Allocation summary                                           Total excl. VAT  {subtotal:>12}
                                                             VAT 15%          {tax:>12}
                                                             Total incl. VAT  {total:>12}
"""


def split(number: str, rows: list[tuple[str, str, str, str, str]]) -> tuple[str, dict]:
    printed, items = [], []
    for n, (code, text, qty, unit, price) in enumerate(rows, start=1):
        amount = Decimal(qty) * Decimal(price)
        printed.append(f"{n:<6}{code:<11}{text:<32}{qty:>5}  {unit:<8}{price:>12}{amount:>14.2f}")
        for project, share in (("CT-031", Decimal("0.7")), ("PE-220", Decimal("0.3"))):
            part = (amount * share).quantize(Decimal("0.01"))
            printed.append(f"{'':<20}Charge to {project}  Masonry    {share:>10.0%}{part:>14.2f}")
        items.append(
            {"item_code": code, "description": text, "quantity": qty, "unit": unit,
             "unit_price": price, "amount": f"{amount:.2f}"}
        )  # fmt: skip
    foot = money([Decimal(item["amount"]) for item in items])
    page = SPLIT.format(supplier=SUPPLIER, number=number, rows="\n".join(printed), **foot)
    return page, {"po_number": number, "items": items, **foot}


def test_lines_printed_under_each_item_are_not_where_the_table_ends():
    # each item has its cost split by project under it ('Charge to CT-031 ... 70% 392.42'):
    # the split under the last item was learned as where the table stops, so the next
    # documents' tables stopped under their first item and the learned table read none right
    taught, confirmed = split(
        "PO-7301",
        [("CEM-425", "Cement CEM II 42.5N, 50 kg", "5", "bag", "112.12"),
         ("LIN-SBR", "SBR bonding liquid 5 l", "50", "each", "316.96"),
         ("PPE-HAT", "Hard hat, white", "60", "each", "74.72")],
    )  # fmt: skip
    page, want = split(
        "PO-7302",
        [("BRK-NFP", "Clay stock brick NFP", "12", "1000", "2463.18"),
         ("SND-PL", "Plaster sand per cubic metre", "60", "m3", "515.09"),
         ("LIN-SBR", "SBR bonding liquid 5 l", "40", "each", "286.85")],
    )  # fmt: skip
    layout = learned(taught, confirmed)
    assert layout["anchors"]["table"] is not None
    assert recall.same_items(read(layout, page)["items"], want["items"])


INCLUSIVE = """\
JOBTRACK FIELD SERVICE                                      PURCHASE ORDER
Supplier:   {supplier}
PO:         {number}
Site:       CT-031

Part      Description                         Qty  Unit   Unit price incl VAT   Total incl VAT
{rows}

Job materials                                   Total incl. VAT {total:>14}
Committed earlier                  R0.00                              Includes VAT 15%: {tax}
"""


def inclusive(number: str, rows: list[tuple[str, str, str, str, str]]) -> tuple[str, dict]:
    printed, items = [], []
    for code, text, qty, unit, price in rows:
        amount = Decimal(qty) * Decimal(price)
        printed.append(f"{code:<10}{text:<36}{qty:>3}  {unit:<8}{price:>18}{amount:>17.2f}")
        items.append(
            {"item_code": code, "description": text, "quantity": qty, "unit": unit,
             "unit_price": price, "amount": f"{amount:.2f}"}
        )  # fmt: skip
    total = sum(Decimal(item["amount"]) for item in items)
    tax = (total * 15 / 115).quantize(Decimal("0.01"))
    foot = {"subtotal": f"{total - tax:.2f}", "tax": f"{tax:.2f}", "total": f"{total:.2f}"}
    page = INCLUSIVE.format(
        supplier=SUPPLIER, number=number, rows="\n".join(printed),
        total=f"R{total:,.2f}", tax=f"R{tax:,.2f}",
    )  # fmt: skip
    return page, {"po_number": number, "items": items, **foot}


def test_a_foot_amount_printed_in_one_cell_after_its_label_is_learned():
    # 'Includes VAT 15%: R1,449.04', one space between label and amount: no label cell stood
    # beside the amount, and the tax (and the subtotal, worked out from it) was not learned
    taught, confirmed = inclusive(
        "14368-01",
        [("DB-12W", "Distribution board 12-way, flush", "1", "each", "720.00"),
         ("CBL-25", "Surfix cable 2.5 mm2 twin and earth", "6", "roll", "1731.55")],
    )  # fmt: skip
    page, want = inclusive(
        "14371-02",
        [("CBL-25", "Surfix cable 2.5 mm2 twin and earth", "2", "roll", "1731.55"),
         ("CB-20A", "Circuit breaker 20 A single pole", "12", "each", "96.40")],
    )  # fmt: skip
    got = read(learned(taught, confirmed), page)["fields"]
    assert {name: got[name].value for name in ("subtotal", "tax", "total")} == {
        name: want[name] for name in ("subtotal", "tax", "total")
    }


WIDE = """\
BOLTLINE FASTENERS                                                 TRADE ORDER FORM
Supplier:   {supplier}
Your order no.   {number}
Deliver to       PE-220

Code      Description                    Unit     Price   Qty     Amount
{rows}

Delivery free in the metro on orders over R 2,500.00  Total excl. VAT{subtotal:>60}
Goods remain ours until paid in full. E&OE.            VAT 15%{tax:>68}
                                                       Total incl. VAT{total:>60}
"""


def wide(number: str, rows: list[tuple[str, str, str, str, str]]) -> tuple[str, dict]:
    printed, items = [], []
    for code, text, unit, price, qty in rows:
        amount = Decimal(qty) * Decimal(price)
        printed.append(f"{code:<10}{text:<31}{unit:<6}{price:>8}{qty:>6}{amount:>11.2f}")
        items.append(
            {"item_code": code, "description": text, "quantity": qty, "unit": unit,
             "unit_price": price, "amount": f"{amount:.2f}"}
        )  # fmt: skip
    foot = money([Decimal(item["amount"]) for item in items])
    page = WIDE.format(
        supplier=SUPPLIER, number=number, rows="\n".join(printed),
        **{key: f"R {Decimal(value):,.2f}" for key, value in foot.items()},
    )  # fmt: skip
    return page, {"po_number": number, "items": items, **foot}


def test_a_foot_label_far_from_its_amount_with_nothing_between_is_learned():
    # 'Total excl. VAT' in the middle of a wide page, its amount at the right edge fifty
    # characters on: too far to be taken for its label, and the subtotal was not learned
    taught, confirmed = wide(
        "MC26828/C",
        [("HB1030", "Hex bolt M10 x 30 gr 8.8 ZP", "box", "211.23", "1"),
         ("HN16", "Hex nut M16 HDG", "box", "221.33", "20")],
    )  # fmt: skip
    page, want = wide(
        "MC26901/C",
        [("HB1050", "Hex bolt M10 x 50 gr 8.8 ZP", "box", "314.12", "2"),
         ("FW16", "Flat washer M16 HDG", "box", "156.74", "3")],
    )  # fmt: skip
    got = read(learned(taught, confirmed), page)["fields"]
    assert {name: got[name].value for name in ("subtotal", "tax", "total")} == {
        name: want[name] for name in ("subtotal", "tax", "total")
    }


def test_a_sentence_of_notes_far_left_of_a_foot_amount_is_not_its_label():
    # the taught page's text layer put the tax's amount a row under its label, beside a line
    # of the page's notes: that sentence is no label to find the tax by on the next document
    taught, confirmed = wide(
        "MC26828/C",
        [("HB1030", "Hex bolt M10 x 30 gr 8.8 ZP", "box", "211.23", "1"),
         ("HN16", "Hex nut M16 HDG", "box", "221.33", "20")],
    )  # fmt: skip
    tax = f"R {Decimal(confirmed['tax']):,.2f}"
    lines = taught.splitlines()
    at = next(n for n, line in enumerate(lines) if line.rstrip().endswith(tax))
    lines[at] = lines[at][: -len(tax)].rstrip()
    note = "Prices are the supplier's list prices, firm for thirty days."
    lines.insert(at + 1, note + tax.rjust(75))
    page, want = wide(
        "MC26901/C",
        [("HB1050", "Hex bolt M10 x 50 gr 8.8 ZP", "box", "314.12", "2"),
         ("FW16", "Flat washer M16 HDG", "box", "156.74", "3")],
    )  # fmt: skip
    got = read(learned("\n".join(lines), confirmed), page)["fields"]
    assert got["tax"].value == want["tax"]
