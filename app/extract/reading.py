"""From lines to checked items and totals: the item table read, its rules applied, its sums settled.

`read_items` finds the item table (under its header row, else by a rule),
names the columns no header named, takes a second look at numbers the OCR
missed, turns rows into items and works out a number a line lacks.
`settle_sums` puts right the OCR's misread numbers where the sums prove it,
completes the foot, and says which checks still fail. Every rule applied is
recorded in the reading's Trail (rules.py lists them). Pure but for the
second look, which reads the page image again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.extract import checks, columns, items, repairs, rules, structure, tables, totals
from app.extract.layout import Line
from app.extract.model import Found, Item, Trail
from app.extract.tables import RawRow

FOOT = ("subtotal", "tax", "total")


@dataclass
class Table:
    """The item table as items, whether it has a discount column, and whether its rows
    were guessed by a rule (no header row was found)."""

    items: list[Item]
    discounts: bool = False
    guessed: bool = False


def _rows(
    lines: list[Line], step: float, comma: bool, trail: Trail, look_again: bool = True
) -> tuple[list[RawRow], bool]:
    """The item table's rows: under its header, else by the first rows rule that finds some
    (then True: guessed); the OCR's missed numbers read again unless `look_again` is False."""
    ocr = any(line.ocr for line in lines)
    headers, pages = rules.stage("header", ocr), rules.stage("page", ocr)
    names = rules.stage("names", ocr)
    raw = tables.find_table(lines, step, comma, headers, trail, pages, names)
    guessed = False
    for rule in [] if raw else rules.stage("rows", ocr):
        raw = rule.function(lines, step, comma)
        if raw:
            trail.note(rule.name, "items", f"{len(raw)} rows", rule.purpose)
            guessed = True
            break
    columns.name_columns(raw, comma, rules.stage("column", ocr), trail)
    for rule in rules.stage("second_look", ocr) if look_again else []:
        for row, key, text in rule.function(raw, lines, comma):
            trail.note(rule.name, key or "", text, rule.purpose, row)
    return tables.settle_maybe_rows(raw, comma), guessed


def read_items(
    lines: list[Line], step: float, comma: bool, trail: Trail, delivery_note: bool = False
) -> Table:
    """The item table as items, their missing numbers worked out; a row with no quantity,
    or a lone number with nothing it is of (a speck or a stray mark), is no item."""
    raw, guessed = _rows(lines, step, comma, trail)
    discounts = any(column.key == "discount" for row in raw for column in row.columns)
    rows = items.to_items(raw, comma, rules.RULES, trail, delivery_note)
    if delivery_note:
        return Table([row for row in rows if row.quantity], discounts, guessed)
    rules.complete_items(rows, trail)
    kept = [
        row for row in rows if row.quantity and (row.description or row.amount or row.item_code)
    ]
    return Table(kept, discounts, guessed)


def lines_holding(lines: list[Line], step: float, comma: bool) -> int:
    """How many item lines keep quantity x price = amount when the page's numbers are read
    with a decimal comma (True) or point: a trial reading, nothing recorded."""
    raw, _ = _rows(lines, step, comma, Trail(), look_again=False)
    rows = items.to_items(raw, comma, rules.RULES, Trail())
    return sum(1 for row in rows if checks.line_ok(row))


def foot_from_sums(
    lines: list[Line],
    rows: list[Item],
    foot: dict[str, Found],
    step: float,
    comma: bool,
    trail: Trail,
) -> None:
    """No subtotal or no total under a label: the sums rule reads the amounts under the items
    that add up (`foot` is completed in place). A value a label read stays the label's, but
    for a tax the sums deny, or one tax line of several (VAT at two rates). The tax so found
    is flagged unless each charge is one (`totals.charge_is_tax`): a charge could be freight,
    or a discount."""
    placed = [(item.row.page, item.row.y) for item in rows if isinstance(item.row, RawRow)]
    if ("subtotal" in foot and "total" in foot) or not placed:
        return
    for rule in rules.stage("sums"):
        sums = rule.function(lines, checks.items_sum(rows), max(placed), step, comma)
        if not sums:
            continue
        if sums["subtotal"].source == structure.LESS_INCLUDED and _label_differs(foot, sums):
            return  # labels read the tax, or another total: theirs, as the label says
        if _total_before_charges(foot, sums):
            del foot["total"]  # the goods' total ('Total order value'), the charges under it
        charges = sums["tax"].source.split(" + ")  # each charge line's text
        taxed = all(totals.charge_is_tax(c, sums["subtotal"].value, comma) for c in charges)
        for key, value in sums.items():
            if key in foot and not (key == "tax" and (taxed or not _adds_up(foot, sums))):
                continue  # a label's value stays, unless it is a tax the sums deny
            if key == "tax" and _subtotal_again(foot, sums):
                continue  # no charge: the 'total' the amounts add up to is the subtotal again
            found = replace(value, source=f"{rule.name}: {rule.purpose} ({value.source})")
            foot[key] = replace(found, rule=rule.name) if key == "tax" and not taxed else found
            trail.note(rule.name, key, value.value, rule.purpose)
        return


def _label_differs(foot: dict[str, Found], sums: dict[str, Found]) -> bool:
    """Labels read both the tax and the total, or one of them other than the sums make
    ('Gesamtbetrag inkl. MwSt.', or 'VAGST included (15%)', over the same amount as the sums'
    agrees with them)."""
    if "tax" in foot and "total" in foot:
        return True
    return any(
        key in foot
        and (key not in sums or checks.cents(foot[key].value) != checks.cents(sums[key].value))
        for key in ("tax", "total")
    )


def _total_before_charges(foot: dict[str, Found], sums: dict[str, Found]) -> bool:
    """No subtotal label, and the amount a total's label read is the one the items add up to,
    with charges under it that make a larger total ('Total order value' over 'VAT 15%' over an
    'Amount payable' no label names): the label's is the goods' total, before the charges."""
    if "subtotal" in foot or "total" not in foot or "total" not in sums:
        return False
    label, sub, total = (
        checks.cents(f.value) for f in (foot["total"], sums["subtotal"], sums["total"])
    )
    return None not in (label, sub, total) and label == sub < total


def _subtotal_again(foot: dict[str, Found], sums: dict[str, Found]) -> bool:
    """The sums' one charge is nothing, and a label read another total: the amounts that add
    up are the subtotal printed twice, a zero between ('SUBTOTAL 15%  46.22', 'SUBTOTAL 0%
    0.00', 'SUBTOTAL SIN IMPUESTOS  46.22' over 'IVA 15%' and 'VALOR TOTAL  53.15'), and
    the tax is under them."""
    if "total" not in foot:
        return False
    label, summed = checks.cents(foot["total"].value), checks.cents(sums["total"].value)
    nothing = checks.cents(sums["tax"].value) == 0
    return None not in (label, summed) and nothing and label != summed


def _adds_up(foot: dict[str, Found], sums: dict[str, Found]) -> bool:
    """The tax a label read is what the sums' subtotal and total differ by."""
    values = (sums["subtotal"].value, foot["tax"].value, sums["total"].value)
    sub, tax, total = (checks.cents(v) for v in values)
    return None not in (sub, tax, total) and sub + tax == total


def settle_sums(
    rows: list[Item], foot: dict[str, Found], discounts: bool, ocr: bool, trail: Trail
) -> list[str]:
    """The OCR's misread numbers put right where the sums prove it, the foot made whole
    where it can be (`foot` is completed in place); the names of the checks that fail."""
    inclusive = totals.tax_included(foot.get("tax")) or structure.sums_included(foot)
    stated = foot.get("total" if inclusive else "subtotal")  # what the items add up to
    sums = repairs.Sums(rows, checks.cents(stated.value) if stated else None, discounts)
    rules.repair_lines(rows, sums, trail)
    rules.complete_foot(foot, rows, ocr, trail)
    rules.net_subtotal(foot, rows, trail)
    amounts = (checks.cents(foot[k].value) if k in foot else None for k in FOOT)
    return checks.failures(rows, checks.Foot(*amounts, inclusive))
