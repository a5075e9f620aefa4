"""Every rule that guesses or puts right what the page did not say plainly, in one list.

A rule has a name, a one-line purpose, whether it is for OCR readings only
(a text layer is not misread: a sum that does not add up there is the
document's own), the stage it works in, its function, and the kinds of page it
holds on, if not on any: our own page (`unlabelled.ours_alone`), a page titled
our purchase order that no other company heads (`unlabelled.titled_ours`). A
document's own number, after its title, is its issuer's: a supplier's 'SALES
ORDER No.' numbers its own. The engine honours that where it finds a field by
its place (`engine._by_place`), the only stages such a rule may be in. `RULES` is in the
order the engine applies them:

- decimal: where no amount has cents, the decimal mark under which the item lines hold
  (structure.py);
- number, date, project: a PO number, a date or a project code no known label names,
  found by where it is printed or as a known site's code (unlabelled.py);
- known_supplier, supplier: a supplier no label names, found as one the office knows by
  name, else by where it is printed;
- name: a supplier's name the OCR misread, put right by the known suppliers;
- code: a project code the OCR misread, put right by the known sites;
- names: a header cell that names a code over its description, and a name the header row
  gives two columns (tables.py);
- header: columns a header row does not name (tables.py);
- page: a page of the table with no header row: the OCR lost it, or the table
  runs on from the page before (tables.py);
- rows: an item table with no header row in known words: the row of words above lines
  that share number columns (structure.py), else none at all (tables.py);
- column: naming a column from what is under it; the first rule that names
  it wins (columns.py);
- second_look: numbers the OCR missed, read again (second_look.py);
- row, description, item: a row's values as it becomes an item (items.py);
- missing: an amount or a quantity the line lacks, worked out from the other two;
- parts: rows with no price or amount under priced ones that add up alone: an item's parts;
- amounts, amount, explain: misread numbers on a line that does not hold,
  put right only where the other numbers prove it (repairs.py);
- sums: a foot with no subtotal or total label, read from the amounts that add up
  (structure.py);
- foot: a misread subtotal, tax or total;
- net: no subtotal printed: the total less the tax it includes (prices with the tax), or
  the items' sum, which with the tax makes the total.

A rule that is right less often than it is wrong on layout families nobody
tuned it on goes (docs/reading.md lists the ones that went, and why).

Each time a rule changes or makes a value, the reading's Trail records its
name, the field, the value and the reason; the payload carries them as
`rules_applied`, and a field made by a rule names it in its `source`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from app.extract import (
    cards,
    checks,
    columns,
    items,
    repairs,
    second_look,
    structure,
    tables,
    totals,
    unlabelled,
    validate,
)
from app.extract.document import ExtractOptions
from app.extract.model import Found, Item, Trail
from app.extract.repairs import FootSums, Sums


@dataclass(frozen=True)
class Rule:
    name: str
    purpose: str
    ocr_only: bool
    stage: str
    function: Callable
    # the kinds of page the rule holds on, any of them, each asked with the page's lines and
    # what the office knows (ExtractOptions); none: any page
    holds: tuple[Callable[[list, ExtractOptions], bool], ...] = ()

    def applies(self, ocr: bool) -> bool:
        return ocr or not self.ocr_only


def _our_own(lines: list, office: ExtractOptions) -> bool:
    return unlabelled.ours_alone(lines, office.buyer_names)


def _titled_ours(lines: list, office: ExtractOptions) -> bool:
    return unlabelled.titled_ours(lines, office.buyer_names, office.supplier_names)


R = Rule
RULES: tuple[Rule, ...] = (
    R("decimal_mark_by_lines", "no cents printed: the decimal mark under which quantity x price"
      " = amount", False, "decimal", structure.decimal_mark_by_lines),
    R("number_in_words_over_reference", "a reference's label read ('Our Ref'): the purchase "
      "order's number the page's words name otherwise", False, "number_over_reference",
      unlabelled.number_in_words),
    R("number_after_title_over_site", "a label naming no PO read, its value the project's code: a "
      "number after the purchase order's title", False, "number_over_site",
      unlabelled.number_after_title),
    R("number_after_our_title", "no PO label known, our company heading the page: a reference "
      "after a number marker that follows the purchase order's title", False, "number",
      unlabelled.number_after_title, holds=(_our_own,)),
    R("number_after_po_title", "no PO label known, the page titled a purchase order that no "
      "other company heads: a reference after a number marker that follows the title", False,
      "number", unlabelled.number_after_title, holds=(_titled_ours,)),
    R("number_under_works_order_label", "no PO label known, our own page: the reference under "
      "a label naming a works or a job order's number ('W.O. No.', 'JO No.')", False,
      "number", unlabelled.number_under_works_order_label, holds=(_our_own,)),
    R("number_by_title_word", "no PO label known: a reference after a label with the title's word",
      False, "number", unlabelled.number_by_title_word),
    R("number_named_po", "no PO label known: the one reference above the items named a PO's",
      False, "number", unlabelled.number_named_po),
    R("number_quoted_as_po", "no PO label known: the one reference the words quote as 'PO'",
      False, "number", unlabelled.number_quoted_as_po),
    R("number_under_documents_label", "no PO label known, our own order: the reference under "
      "a label naming the document's own number ('Document number', 'Broj dokumenta')", False,
      "number", unlabelled.number_under_documents_label, holds=(_our_own, _titled_ours)),
    R("number_marked_first", "no PO label known, our own order: the reference after the first "
      "number marker alone above the items ('No.', 'N° :')", False, "number",
      unlabelled.number_marked_first, holds=(_our_own, _titled_ours)),
    R("date_near_top", "no date label known: the first date above the items",
      False, "date", unlabelled.date_near_top),
    R("project_known_code", "no project label known: a known site's code above the items",
      False, "project", unlabelled.project_known_code),
    R("project_in_words", "no project label known: a code the words name a project's or a site's",
      False, "project", unlabelled.project_in_words),
    R("known_supplier", "no supplier label read: a known supplier's name above the items",
      False, "known_supplier", unlabelled.known_supplier),
    R("supplier_registered_at_foot", "no supplier found above the items: the company whose "
      "registration line is at the page's foot", False, "supplier",
      unlabelled.supplier_registered_at_foot),
    R("supplier_addressed", "no supplier found otherwise: the company the page is addressed "
      "to ('M/s', 'Messrs')", False, "supplier", unlabelled.supplier_addressed),
    R("supplier_company_line", "no supplier found otherwise: the company whose name starts a "
      "line giving its address or registration after it", False, "supplier",
      unlabelled.supplier_company_line),
    R("supplier_heading_their_page", "no supplier found otherwise, the page titled the "
      "supplier's own document: the company whose name heads it", False, "supplier",
      unlabelled.supplier_heading_their_page),
    R("supplier_signing_off", "no supplier found otherwise: the company that signs the page, "
      "under a letter's or a mail's closing or over 'Authorised Signatory'", False, "supplier",
      unlabelled.supplier_signing_off),
    R("supplier_misread", "a name read by OCR that is a known supplier's but for a letter or two",
      True, "name", validate.like_known_name),
    R("site_code_misread", "a code read by OCR that is a known site's but for a look-alike",
      True, "code", validate.like_known_code),
    R("code_over_description", "one header cell names a code and, under it, its description",
      False, "names", tables.code_over_description),
    R("header_name_twice", "a name the header gives two columns: what is under them names them",
      False, "names", tables.shared_names),
    R("column_without_header", "values between two headers in most item lines get a column",
      False, "header", tables.unheaded_columns),
    R("codes_under_line_header", "a column headed as line numbers whose values are codes",
      False, "header", tables.codes_under_line_header),
    R("columns_from_other_page", "a page with no header row: another page's columns",
      False, "page", tables.rows_under_other_header),
    R("header_by_structure", "no known header: the words above lines sharing number columns",
      False, "rows", structure.table_by_structure),
    R("items_as_cards", "no header row: items printed as cards of labelled values",
      False, "rows", cards.items_as_cards),
    R("rows_without_header", "no header row: lines ending in two or more numbers are items",
      False, "rows", tables.headerless_rows),
    R("columns_by_arithmetic", "numbers whose lines keep quantity x price less discount = amount",
      False, "column", structure.by_arithmetic),
    R("column_of_line_numbers", "1, 2, 3 down a column is the line number",
      False, "column", columns.line_numbers),
    R("column_of_article_numbers", "long whole numbers before the words are article numbers",
      False, "column", columns.article_numbers),
    R("column_of_numbers", "numbers under an unnamed header: amount, price or quantity",
      False, "column", columns.numbers),
    R("column_of_codes", "codes under an unnamed header are the item codes",
      False, "column", columns.codes),
    R("column_of_text", "words under an unnamed header, and no description column",
      False, "column", columns.text),
    R("description_beside_header", "words beside a Description header with nothing under it",
      False, "column", columns.beside_description),
    R("column_of_units", "short words under an unnamed header are the units",
      False, "column", columns.units),
    R("digits_second_look", "an empty number cell read again as digits only",
      True, "second_look", second_look.fill_missing_numbers),
    R("description_second_look", "a description read again larger, both sizes alike",
      True, "second_look", second_look.descriptions_again),
    R("letter_in_size", "a letter read for a digit in a size ('S0kg')",
      True, "description", items.letter_in_size),
    R("letter_in_dimension", "letters read for digits in a dimension ('38xll4')",
      True, "description", items.letter_in_dimension),
    R("capital_i_as_l", "an l read for a capital I in a roman numeral ('CEM Il')",
      True, "description", items.capital_i_as_l),
    R("code_in_brackets", "a code in brackets before the description ('[HB-M8] Hex bolt')",
      False, "item", items.code_in_brackets),
    R("code_under_label", "a code after its own label under the description ('SKU: CEM-42')",
      False, "item", items.code_under_label),
    R("quantity_from_amount", "no quantity read: amount over price, if a plain quantity",
      False, "missing", repairs.quantity_from_amount),
    R("parts_of_items", "rows with no price or amount, the priced rows adding up: parts",
      False, "parts", repairs.parts_of_items),
    R("amounts_together", "several misread amounts, put right together by the subtotal",
      True, "amounts", repairs.amounts_together),
    R("amount_point_moved", "an amount's decimal point where the subtotal needs it",
      True, "amount", repairs.amount_point_moved),
    R("amount_from_subtotal", "quantity x price for an amount, where the subtotal proves it",
      True, "amount", repairs.amount_from_subtotal),
    R("discount_misread_as_amount", "quantity x price without the read discount fits",
      True, "amount", repairs.discount_misread_as_amount),
    R("amount_lost_group", "an amount whose first digit group was lost",
      True, "amount", repairs.amount_lost_group),
    R("discount_not_read", "a discount that explains the line where none was read",
      True, "explain", repairs.discount_not_read),
    R("discount_point_moved", "a discount's decimal point where the line needs it",
      True, "explain", repairs.discount_point_moved),
    R("price_point_moved", "a unit price's decimal point where the line needs it",
      True, "explain", repairs.price_point_moved),
    R("price_from_doubted", "a price the OCR doubted: amount over a clear quantity",
      True, "explain", repairs.price_from_doubted),
    R("discount_for_doubted", "a discount the OCR doubted: the plain one that fits",
      True, "explain", repairs.discount_for_doubted),
    R("foot_by_sums", "no subtotal or total label: the amounts under the items that add up",
      False, "sums", structure.foot_by_sums),
    R("subtotal_misread", "a subtotal that the items and the total both deny",
      True, "foot", repairs.subtotal_misread),
    R("tax_misread", "a tax one digit from total less subtotal, the rest agreeing",
      True, "foot", repairs.tax_misread),
    R("total_misread", "a total one digit from subtotal plus tax, the rest agreeing",
      True, "foot", repairs.total_misread),
    R("net_of_included_tax", "prices with the tax, no net subtotal printed: the total less the tax",
      False, "net", totals.net_of_included_tax),
    R("subtotal_of_items", "no subtotal printed: the items' sum, which with the tax makes the"
      " total", False, "net", totals.subtotal_of_items),
)  # fmt: skip
BY_NAME = {rule.name: rule for rule in RULES}


def stage(name: str, ocr: bool | None = None) -> list[Rule]:
    """The rules of one stage, in order; with `ocr` given, only those that apply to it."""
    return [r for r in RULES if r.stage == name and (ocr is None or r.applies(ocr))]


def _apply(rule: Rule, item: Item, change: repairs.Change, trail: Trail) -> None:
    setattr(item, change.field, change.value)
    for key, value in change.also.items():
        setattr(item, key, value)
    item.confidence = min(item.confidence, change.confidence)
    trail.note(rule.name, change.field, change.value, change.reason, item)


def complete_items(rows: list[Item], trail: Trail) -> None:
    """Each item's missing amount or quantity, worked out from the other two numbers."""
    for item in rows:
        for rule in stage("missing", item.ocr):
            change = rule.function(item, Sums(rows, None))
            if change is not None:
                _apply(rule, item, change, trail)
                break


def repair_lines(rows: list[Item], sums: Sums, trail: Trail) -> None:
    """Rows that are an item's parts set apart (`rows` loses them); then OCR'd lines that do
    not hold, put right where the other numbers prove it: first the amount (the first amount
    rule after which the line holds settles it), then, with the amounts adding up, the first
    explanation of the line."""
    for rule in stage("parts"):
        parts = {id(part): part for part in rule.function(rows, sums.subtotal)}
        for part in parts.values():
            trail.note(rule.name, "items", part.description, rule.purpose)
        rows[:] = [row for row in rows if id(row) not in parts]
    for rule in stage("amounts", ocr=True):
        for item, change in rule.function(rows, sums.subtotal):
            _apply(rule, item, change, trail)
    for item in rows:
        if checks.line_ok(item) is not False or not item.ocr:
            continue
        if _first(stage("amount", ocr=True), item, sums, trail, until_ok=True):
            continue
        if checks.sums_agree(rows, sums.subtotal):
            _first(stage("explain", ocr=True), item, sums, trail)


def _first(rules: list[Rule], item: Item, sums: Sums, trail: Trail, until_ok=False) -> bool:
    """Apply the first rule that proposes a change (with `until_ok`, go on while the line
    still does not hold); True when one did."""
    for rule in rules:
        change = rule.function(item, sums)
        if change is None:
            continue
        _apply(rule, item, change, trail)
        if not until_ok or checks.line_ok(item):
            return True
    return False


def net_subtotal(found: dict[str, Found], rows: list[Item], trail: Trail) -> None:
    """No (net) subtotal printed: the first `net` rule whose sums show one makes it."""
    for rule in stage("net"):
        net = rule.function(found, checks.items_sum(rows))
        if net is not None:
            found["subtotal"] = replace(net, source=f"{rule.name}: {rule.purpose} ({net.source})")
            trail.note(rule.name, "subtotal", net.value, rule.purpose)
            return


def complete_foot(found: dict[str, Found], rows: list[Item], ocr: bool, trail: Trail) -> None:
    """A subtotal, tax or total the rest deny, put right and recorded."""
    foot = FootSums(found, checks.items_sum(rows))
    for rule in stage("foot", ocr):
        change = rule.function(foot)
        if change is None:
            continue
        source = f"{rule.name}: {change.reason}"
        found[change.field] = replace(
            Found(change.value, change.confidence, source), rule=rule.name
        )
        trail.note(rule.name, change.field, change.value, change.reason)
