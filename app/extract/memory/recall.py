"""Reading a document with the layout it matches, for the engine's proofs to judge.

`read_known` runs inside the engine's PO reading, after the generic reader
and before the proofs, in the extraction child. It finds the layout whose
fingerprint the first page matches and reads each value from its learned
place:

- a header field replaces the generic reading when it passes the engine's own
  check for that field (not a label word, not our own company or an address,
  a date in its window);
- the items replace the generic ones when each line's quantity x price less
  discount is its amount and they add up with the totals;
- the subtotal, tax and total are taken where they agree with each other and
  with the items (the items add up to the subtotal, or to the total where the
  prices include the tax); what does not agree stays as the generic reader had it;
- the currency is the layout's unless the page names another: a sign the learned page
  printed for it ('$' for pesos) names it, and so does its code printed anywhere on the page.

A value read at its learned place counts as read under its label, and nothing
else: the engine's proofs then judge it like any other reading (the sums, the
known sites and suppliers, the OCR's confidence), so a value the layout read is
proven only where those checks pass, and flagged otherwise. Each value carries
its source ("layout learned from PO …"); the payload's `layout.read_with`
names the layout and the values it gave, for the PO page and for counting the
values people correct later. Pure.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from rapidfuzz import fuzz

from app import numbers
from app.extract import checks, fields, validate
from app.extract.layout import Cell, Line, date_order, typical_step
from app.extract.memory import places, table, words
from app.extract.memory.places import HEADER, MONEY, SHAPE_ONLY, Judge, Reading
from app.extract.memory.words import Frame, norm
from app.extract.model import MISSING, Found, Item
from app.extract.proofs import LOW

# The confidence of a value read at its learned place from a text layer.
LEARNED = 0.97
# What a value worked out by a layout's formula ('total - tax') was made by.
LEARNED_FORMULA = "learned_formula"


def read(anchors: dict, lines: list[Line], frame: Frame, judge: Judge = SHAPE_ONLY) -> dict:
    """Every value the layout can read on these lines that passes its field's check:
    {"fields": {name: places.Reading}, "items": [...]} (items empty when its table was not
    found)."""
    comma, day_first = anchors["comma"], anchors["day_first"]
    if not anchors.get("dates_taught", True):
        # document 1's date read the same either way ('11/11/2026'): this page's own dates
        # say how the layout writes them, where one reads one way only ('11/21/2026')
        said = date_order(lines)
        day_first = day_first if said is None else said
    items, end, sheet, head = [], None, None, None
    if anchors.get("table"):
        items, end = table.read(anchors["table"], lines, frame, comma)
        sheet = table.first_sheet(anchors["table"], lines, frame) if items else None
        heads = table.headers(anchors["table"], lines, frame) if items else {}
        head = min(heads) if heads else None
    found: dict[str, Reading] = {}
    for name, learned in anchors["fields"].items():
        check = places.checker(name, day_first, comma, judge)
        area = places.region(lines, end if items else None, name in MONEY, sheet, head)
        if "places" in learned:
            value = _one_value(learned["places"], area, frame, check)
            earlier = places.page_before_last(lines) if name in MONEY and not items else None
            if value is None and earlier:
                value = _one_value(learned["places"], earlier, frame, check)
            if value:
                found[name] = value
        elif "parts" in learned:
            parts = [places.read_field(part, area, frame, check) for part in learned["parts"]]
            if all(parts):
                total = sum(numbers.parse_money(part.value) for part in parts)
                text = " + ".join(part.text for part in parts)
                conf = min(part.conf for part in parts)
                found[name] = Reading(numbers.cents_to_text(total), text, conf)
    date = found.get("po_date")
    if date and date.ours and not _after_number(lines, found.get("po_number"), date.text):
        # the date chosen for standing after our order's number stands after another here
        found["po_date"] = replace(date, conf=min(date.conf, LOW - 0.1), ours=False)
    if "supplier_name" in found:  # its legal form may run on where the learned one did not
        found["supplier_name"] = with_legal_form(found["supplier_name"], lines)
    supplier = anchors["fields"].get("supplier_name")
    own = _own_supplier(anchors.get("supplier"), found.get("supplier_name"), supplier, lines, frame)
    if own:
        found["supplier_name"] = own
    if "supplier_name" not in found and anchors.get("letterhead") and anchors.get("supplier"):
        head = letterhead(lines, anchors["supplier"])
        if head is not None:  # the name a person verified, as the letterhead prints it again
            found["supplier_name"] = Reading(anchors["supplier"], head.text.strip(), head.conf)
    for name, learned in anchors["fields"].items():
        if "derived" in learned and name not in found:
            worked = _derived(learned["derived"], found)
            if worked and _in_range(name, worked, found):
                found[name] = worked
    return {"fields": found, "items": items}


def _after_number(lines: list[Line], number: Reading | None, date: str) -> bool:
    """This page prints the date a word or two after the PO number read on it."""
    if number is None:
        return False
    pattern = rf"(?<![\w-]){re.escape(number.value)}(?:\s+[^\W\d]+\.?){{0,2}}\s+{re.escape(date)}"
    return any(re.search(pattern, line.text, re.IGNORECASE) for line in lines)


def _own_supplier(
    own: str | None, read: Reading | None, learned: dict | None, lines: list[Line], frame: Frame
) -> Reading | None:
    """The supplier a person verified on the layout, as they wrote it, where its place reads
    no company's name (an item's description, or nothing) and a cell of the page standing
    across where the name stood, or a whole line there, prints that one (legal forms and case
    aside): a name in a drawing's title block, which moves down as the items grow, is still
    the layout's own. A company's name read at the place is another supplier's: our own form
    sent to another, which may name the layout's supplier elsewhere (a delivery address),
    unless it is the one verified as printed ('Danvez Kerne - SCOP SARL' for 'Danvez Kerne
    SCOP'): that is read as written when verified."""
    if not own or not learned:
        return None
    if read and read.value != own and printed_as(read.value, own) and _same_form(read.value, own):
        return Reading(own, read.text, read.conf)
    if read and _a_company(read.value):
        return None
    spans = [_span(place, frame) for place in learned.get("places", [])]
    # the words a name was learned with after it in its cell, its particulars ('au capital
    # de 100 000 000 FCFA - …' in the foot's registration line, which moves with the items)
    contexts = [place for place in learned.get("places", []) if len(place.get("after", "")) > 20]
    for line in lines:
        for cell in (*name_cells(line), Cell(line.words)):
            over = any(min(cell.x1, x1) - max(cell.x0, x0) > 0 for x0, x1 in spans if x1 > x0)
            if over and printed_as(cell.text, own):
                return Reading(own, cell.text.strip(), cell.conf)
        for cell, place in itertools.product(line.cells, contexts):
            name = places.strip_context(cell.text, {"after": place["after"]})
            if name and printed_as(name, own) and _same_form(name, own):
                return Reading(own, name, cell.conf)
    return None


def letterhead(lines: list[Line], name: str, most: int = 3) -> Cell | None:
    """The supplier's name as a letterhead at the top of the first page prints it, spaced out
    or over two or three lines ('F O O T H I L L S' over 'R O O F I N G  S U P P LY  LT D .',
    'SIDERTUBI' over 'BERGAMASCA S.p.A.'): cells one under another from the page's first
    lines (a name lower down is in an address's box: our own form's to a supplier),
    starting or centred alike, whose letters and digits are the name's (its legal form left
    off or not), no cell running on from them on their lines."""
    top = [line for line in lines[:most] if line.page == lines[0].page] if lines else []
    wanted = {_squashed(name), _squashed(validate.company_key(name))} - {""}
    step = typical_step(top) if top else 1.0
    below_top = lines[len(top) : len(top) + 2] if lines else []
    for index, line in enumerate(top):
        for run in _whole_runs(line):
            stack, y = [run], line.y
            for below in [*top[index + 1 :], *below_top][:2]:
                if below.page != line.page or below.y - y > 3 * step:
                    break
                y = below.y
                under = [c for c in _whole_runs(below) if _stacked(stack[0], c)]
                if not under:
                    break
                for cell in under:
                    joined = Cell([*(w for part in stack for w in part.words), *cell.words])
                    if _squashed(joined.text) in wanted:
                        return joined
                stack.append(under[0])
            if len(stack) == 1 and _squashed(run.text) in wanted and " " in run.text.strip():
                letters = run.text.split()
                if sum(len(word) == 1 for word in letters) * 2 >= len(letters):
                    return run  # spaced out on one line ('S I D E R T U B I  B E R G A M A S C A')
    return None


def _whole_runs(line: Line, gap: float = 3.0) -> list[Cell]:
    """A line's runs of up to four cells side by side that no cell runs on from closely (a
    name's '( B C )' or 'INC.' three spaces after 'SUPPLY' makes another company's name)."""
    cells, out = line.cells, []
    for i in range(len(cells)):
        for n in range(1, 5):
            if i + n > len(cells):
                break
            if i + n < len(cells) and cells[i + n].x0 - cells[i + n - 1].x1 <= gap:
                continue  # the next cell runs on from this run
            if i and cells[i].x0 - cells[i - 1].x1 <= gap:
                break  # this run starts inside a longer one
            out.append(Cell([word for cell in cells[i : i + n] for word in cell.words]))
    return out


def _stacked(above: Cell, below: Cell) -> bool:
    """Two cells one under the other as a letterhead sets them: starting or centred alike."""
    centre = abs((above.x0 + above.x1) / 2 - (below.x0 + below.x1) / 2)
    return abs(above.x0 - below.x0) <= 3 or centre <= 3


def _squashed(text: str) -> str:
    """The text's letters and digits alone, in lower case, accents dropped."""
    return validate.plain(text).replace(" ", "")


# Legal forms the engine's own list does not hold, written after a name ('Vestland
# Festemidler AS', 'Nordbygg AB', 'Rakennus Oy', 'Danvez Kerne SCOP'), without their points.
_MORE_FORMS = {
    "as", "asa", "ab", "oy", "oyj", "spa", "se", "aps", "a/s", "kft", "zrt", "bt", "sia", "uab",
    "ou", "ad", "eood", "ood", "doo", "dd", "llp", "lp", "pte", "pvt", "scop", "snc", "eurl",
    "sasu", "ehf", "hf", "sro", "sa", "sas", "kg", "ag", "nv", "bv",
}  # fmt: skip


def _bare(word: str) -> str:
    return word.lower().replace(".", "").strip("(),")


def _form_word(word: str) -> bool:
    return _bare(word) in _MORE_FORMS or validate.is_legal_form(word)


def printed_as(printed: str, verified: str) -> bool:
    """A supplier's name as a page prints it is the one a person verified: legal forms and
    case aside, or the verified name's last word a legal form the page leaves off."""
    if validate.is_known(printed, (verified,)):
        return True
    words = verified.split()
    if len(words) < 3 or not _form_word(words[-1]):
        return False
    return validate.is_known(printed, (" ".join(words[:-1]),))


def ends_in_form(name: str) -> bool:
    """The name's last word is a legal form ('SOLELEC CÔTE D'IVOIRE SA')."""
    words = name.split()
    return len(words) > 1 and _form_word(words[-1])


def _forms(name: str) -> set[str]:
    return {_bare(word) for word in name.split() if _form_word(word)}


def _same_form(read: str, verified: str) -> bool:
    """The name read carries no legal form the verified one does not, or the verified one
    none the name read lacks ('Danvez Kerne - SCOP SARL' for 'Danvez Kerne SCOP'; not 'ACME
    STEEL INC' for 'Acme Steel Co', which may be another company)."""
    a, b = _forms(read), _forms(verified)
    return a <= b or b <= a


def name_cells(line: Line, most: int = 3) -> list[Cell]:
    """A line's cells, and its runs of up to `most` cells side by side: a letterhead spaced
    wide prints a name's words as cells of their own ('VESTLAND', 'FESTEMIDLER')."""
    cells = line.cells
    return [
        Cell([word for cell in cells[i : i + n] for word in cell.words])
        for n in range(1, most + 1)
        for i in range(len(cells) - n + 1)
    ]


def leading(line: Line, most: int = 10) -> list[Cell]:
    """The first words of each cell of a line, two or more and fewer than all, the longest
    first: a name printed at the start of the foot's registration line, run on with its
    particulars ('SOLELEC CÔTE D'IVOIRE SA au capital de …')."""
    return [
        Cell(cell.words[:k])
        for cell in line.cells
        for k in range(min(len(cell.words) - 1, most), 1, -1)
    ]


def _a_company(name: str) -> bool:
    return validate.ends_in_legal_form(name) or validate.is_legal_form(name.split()[-1])


def _span(place: dict, frame: Frame) -> tuple[float, float]:
    """Where across the page a learned place held its value."""
    if place.get("kind") == "label":
        return frame.x(place["x"] + place["dx0"]), frame.x(place["x"] + place["dx1"])
    return frame.x(place.get("x", 0.0)), frame.x(place.get("x1", 0.0))


def _one_value(learned: list[dict], area, frame: Frame, check) -> Reading | None:
    """The field at the first of its places that gives a value; not sure (under LOW, so the
    layout's reading is not taken) where another of its places gives another value: the
    document taught showed it in two places alike (a confirmation's own date and our order's,
    on one day), and here they differ, so which is the field's the layout cannot say, unless
    one of them stood right after our order's number."""
    if len({spot(place) for place in learned}) < 2:
        # one spot learned in several ways (by its label, by its place)
        return places.read_field(learned, area, frame, check)
    read = [places.read_place(place, area, frame, check) for place in learned]
    value = next((reading for reading in read if reading), None)
    if value and any(other and other.value != value.value for other in read):
        # but a date printed right after our order's number is our order's (teach._after):
        # `ours` says so, for `read` to check that number against this page's
        ours = [got for got, place in zip(read, learned, strict=True) if got and place.get("ours")]
        if len({got.value for got in ours}) == 1:
            return replace(ours[0], ours=True)
        return replace(value, conf=min(value.conf, LOW - 0.1))
    return value


def spot(place: dict) -> tuple:
    """Where the value stood on the document taught: after its label, or at its place."""
    x, y = place.get("x", 0), place.get("y", 0)
    if place.get("kind") == "label":  # (the label's place, and the value's offset from it)
        x, y = x + place.get("dx0", 0), y + place.get("dy", 0)
    return (round(x, 1), round(y, 1))


def with_legal_form(reading: Reading, lines: list[Line]) -> Reading:
    """A supplier's name read at its place, with its legal form where that ran on to the line
    under it ('Marmara Beton ve İnşaat Malzemeleri' over 'A.Ş.')."""
    read = Found(reading.value, reading.conf, reading.text)
    whole = fields.legal_form_under(lines, read, typical_step(lines))
    if whole.value == reading.value:
        return reading
    return replace(
        reading,
        value=whole.value,
        text=f"{reading.text} {whole.value[len(reading.value) :].strip()}",
    )


def _derived(formula: str, found: dict[str, Reading]) -> Reading | None:
    left, sign, right = formula.split(" ")
    if left not in found or right not in found:
        return None
    a, b = numbers.parse_money(found[left].value), numbers.parse_money(found[right].value)
    value = numbers.cents_to_text(a + b if sign == "+" else a - b)
    conf = min(found[left].conf, found[right].conf)
    return Reading(value, f"worked out: {formula}", conf, worked_out=True)


def _in_range(name: str, worked: Reading, found: dict[str, Reading]) -> bool:
    """A value worked out is an amount its field can hold: none below zero, and a tax no more
    than the subtotal it is on (a discount or a delivery charge where the tax stood is not
    one)."""
    cents = numbers.parse_money(worked.value)
    if cents < 0:
        return False
    if name == "tax" and "subtotal" in found:
        return cents <= numbers.parse_money(found["subtotal"].value)
    return True


def same(name: str, got: str | None, want: str | None) -> bool:
    """Whether a value read is the confirmed one (money to the cent, words as words)."""
    if got is None or want is None:
        return got == want
    if name in MONEY:
        return numbers.parse_money(got) == numbers.parse_money(want)
    return norm(got) == norm(want)


def _item_key(item: dict) -> tuple:
    def cents(value) -> int | None:
        return numbers.parse_money(value) if value not in (None, "") else None

    return (
        norm(item.get("item_code") or ""),
        norm(item.get("description") or ""),
        numbers.parse_decimal(item["quantity"]) if item.get("quantity") else None,
        norm(item.get("unit") or ""),
        cents(item.get("unit_price")),
        cents(item.get("amount")),
    )


def same_items(read: list[dict], confirmed: list[dict], whole: bool = True) -> bool:
    """Whether the items read are the confirmed ones; when the words read were not the whole
    document (its first and last page only), the first and last of them."""
    if not read or len(read) > len(confirmed) or (whole and len(read) != len(confirmed)):
        return False
    got = [_item_key(item) for item in read]
    want = [_item_key(item) for item in confirmed]
    return any(got == want[:k] + want[len(want) - (len(got) - k) :] for k in range(len(got) + 1))


# --- taking what the layout read ---------------------------------------------------------


@dataclass
class Learned:
    """A reading with a layout's values in it: the fields and items to prove, and the note for
    the payload's `layout` (which layout read which values, or why it could not)."""

    found: dict[str, Found]
    items: list[Item]
    note: dict
    # the layout read the date, and a verified document of it showed which way round its
    # numeric dates are written: the order is the layout's, not a guess
    date_order_known: bool = False
    # a verified document of the layout showed its prices include the tax: the items add up
    # to the total
    inclusive: bool = False
    # the layout read the date printed right after our order's number: our order's date
    ours_date: bool = False
    # fields the reader proved that the layout reads otherwise here, with why they are doubted
    disputed: dict[str, str] = field(default_factory=dict)


TEXTS = ("item_code", "description", "unit")
NUMBERS = ("quantity", "unit_price", "amount", "discount")


def _as_item(item: dict, ocr: bool) -> Item:
    values = {key: item.get(key) or "" for key in TEXTS}
    values |= {key: item.get(key) for key in NUMBERS}
    return Item(**values, ocr=ocr)


def _lines_ok(rows: list[Item]) -> bool:
    """Every item has an amount, and quantity x price less discount is it where a price is."""
    return all(
        row.amount is not None and (row.unit_price is None or checks.line_ok(row)) for row in rows
    )


def _agree(money: dict[str, str | None], rows: list[Item]) -> bool:
    """Subtotal + tax = total, and the items add up to the subtotal (or to the total)."""
    cents = {name: checks.cents(value) for name, value in money.items()}
    summed = checks.items_sum(rows)
    if None in cents.values() or summed is None:
        return False
    if cents["subtotal"] + cents["tax"] != cents["total"]:
        return False
    return summed in (cents["subtotal"], cents["total"])


def _choose(found: dict[str, Found], rows: list[Item], got: dict, ocr: bool):
    """The items and the foot's values to keep: of the layout's and the generic reader's,
    the pairing that agrees (items, subtotal, tax and total), with as many of the layout's
    values as can be (a value its formula worked out only where the generic reader read
    none, or read by no label those the layout's differ from); None when none agrees."""
    learned = {name: got["fields"].get(name) for name in MONEY}
    # where the generic reader read no label's value that the layout's differ from (the sums'
    # guesses), a formula worked out from what the layout read at its labels is not less sure
    differ = [
        name
        for name, reading in learned.items()
        if reading and found.get(name, MISSING).value not in (None, reading.value)
    ]
    guessed = bool(differ) and not any(_by_label(found.get(name, MISSING)) for name in differ)
    # a value the formula worked out where the generic reader read one is taken only where
    # nothing else adds up with the items (the tax read '72.00' from 'art. 72' beside '0,00')
    doubted = {
        name
        for name, reading in learned.items()
        if reading
        and reading.worked_out
        and found.get(name, MISSING).value is not None
        and not guessed
    }
    choices = [(rows, False)]
    layout_rows = [_as_item(item, ocr) for item in got["items"]]
    if layout_rows and (_lines_ok(layout_rows) or not _lines_ok(rows)):
        choices.insert(0, (layout_rows, True))
    agreeing = []
    for items, from_layout in choices:
        for picks in itertools.product((True, False), repeat=len(MONEY)):
            chosen = {
                name: learned[name] if pick and learned[name] else None
                for name, pick in zip(MONEY, picks, strict=True)
            }
            money = {
                name: chosen[name].value if chosen[name] else found.get(name, MISSING).value
                for name in MONEY
            }
            if _lines_ok(items) and _agree(money, items):
                worked = sum(bool(chosen[name]) for name in doubted)
                rank = (-worked, from_layout, sum(picks))
                agreeing.append((rank, items, from_layout, chosen, money))
    if not agreeing:
        return None
    _, items, from_layout, chosen, money = max(agreeing, key=lambda option: option[0])
    # sums that add up either way, to other amounts (a levy the person counted in the tax,
    # the reader not): which the order's are, neither says
    split = {name for *_, other in agreeing for name in MONEY if other[name] != money[name]}
    picked = {name: value for name, value in chosen.items() if value}
    return items, from_layout, picked, split


def _by_label(found: Found) -> bool:
    """A value the generic reader read beside a label, not one a rule worked out or made."""
    return found.value is not None and found.rank is not None and not found.rule


def _found(reading: Reading, origin: str, ocr: bool, placed: bool = True) -> Found:
    """A value the layout read as the engine's proofs see it: read where the learned label or
    place is (rank 0) when `placed`; as sure as the OCR was of it, else LEARNED; one worked
    out from others (the learned formula) is made by a rule, never read."""
    source = f"{origin}: {reading.text}"
    confidence = round(reading.conf, 3) if ocr else LEARNED
    rule = LEARNED_FORMULA if reading.worked_out else ""
    return Found(reading.value, confidence, source, 0 if placed else None, ocr, rule)


def _known(supplier: str, layout: dict, judge: Judge) -> bool:
    """A supplier's name read at the learned place is the layout's own supplier (the one a
    person verified on it) or one the office knows: else the place may have moved (an
    e-mail's quoted text, a longer address) and what stands there now is not proven."""
    own = [layout["anchors"].get("supplier"), layout.get("supplier")]
    names = (*judge.supplier_names, *(name for name in own if name))
    return validate.is_known(supplier, names)


def _merge(
    found: dict[str, Found], rows: list[Item], got: dict, layout: dict, lines, proven, judge
):
    """The fields and items with what the layout read put in; and the values taken, by name.

    Nothing here proves a value: the engine's proofs judge these like any other reading. A
    header value the OCR read at its learned place is not proven by its place (the place
    says where it is, not its letters), and never overrules one the reader proved (`proven`,
    the names) or read alike; one the OCR itself was unsure of is not taken at all. On a text
    layer a value the reader proved that the layout reads otherwise stands too, doubted
    (`disputed`: the document taught printed the value at a place that holds another here,
    a confirmation's own date beside our order's). Where nothing adds up, the layout's items
    and foot go only where the generic reader found none."""
    origin = f"layout learned from PO {layout.get('learned_from') or '?'}"
    ocr = any(line.ocr for line in lines)
    found, taken, disputed = dict(found), {}, {}
    sure = {name: reading for name, reading in got["fields"].items() if reading.conf >= LOW}
    for name in HEADER:
        if name not in sure:
            continue
        alike = same(name, found[name].value, sure[name].value)
        if ocr and (name in proven or alike):
            continue  # on a photo, what the reader proved (or read alike) stands
        if name in proven and not alike and not sure[name].ours:
            disputed[name] = f"the {origin} reads {sure[name].value!r} here"
            continue
        placed = not ocr and (name != "supplier_name" or _known(sure[name].value, layout, judge))
        found[name], taken[name] = _found(sure[name], origin, ocr, placed), sure[name].value
    currency = layout["anchors"].get("currency")
    text = "\n".join(line.text for line in lines)
    named = fields.detect_currency(text)
    if currency and (
        named in (None, currency, layout["anchors"].get("named")) or _coded(currency, text)
    ):
        found["currency"] = _found(Reading(currency, "the layout's currency"), origin, False)
        taken["currency"] = currency
    chosen = _choose(found, rows, {"items": got["items"], "fields": sure}, ocr)
    if chosen is None:
        layout_rows = [_as_item(item, ocr) for item in got["items"]]
        if layout_rows and not rows:
            rows, taken["items"] = layout_rows, len(layout_rows)
        for name in MONEY:
            if found.get(name, MISSING).value is None and name in sure:
                found[name], taken[name] = _found(sure[name], origin, ocr), sure[name].value
        return found, rows, taken, disputed
    items, from_layout, money, split = chosen
    for name in split:
        disputed[name] = "the layout learned and the reader read sums that each add up, but differ"
    if from_layout:
        rows, taken["items"] = items, len(items)
    for name, reading in money.items():
        found[name], taken[name] = _found(reading, origin, ocr), reading.value
    return found, rows, taken, disputed


def _seen_on_photo(matched: words.Match) -> bool:
    """A photo shows the layout: many of its fingerprint's words stand in place, though
    fewer of them than a text PDF would show (words.PHOTO_MATCH, PHOTO_WORDS)."""
    return matched.score >= words.PHOTO_MATCH and matched.found >= words.PHOTO_WORDS


def _coded(currency: str, text: str) -> bool:
    """The page prints the layout's currency by its code ('AUD'), whatever signs it prints; not
    a code that is also a word ('ALL')."""
    if currency in numbers.WORDLIKE_CURRENCY_CODES:
        return False
    return bool(re.search(rf"(?<![\w/-]){re.escape(currency)}(?![\w]|[-/]\w)", text))


def known(layouts, lines: list[Line]) -> tuple[dict, words.Match] | None:
    """The layout a page is, if any: the best of those whose fingerprint it matches well
    (words.SURE), or matches (words.MATCH) and prints their item table's header; a page read
    by OCR, also one that shows enough of the fingerprint in place (`_seen_on_photo`)."""
    found = []
    first = lines[0].page if lines else 0
    ocr = any(line.ocr for line in lines if line.page == first)  # (the page matched)
    for layout in layouts:
        matched = words.match(layout["fingerprint"], lines)
        if matched is None:
            continue
        if ocr and _seen_on_photo(matched):
            found.append((matched.score, layout["id"], layout, matched))
            continue
        if matched.score < words.MATCH:
            continue
        learned_table = layout["anchors"].get("table")
        headed = not learned_table or table.headers(learned_table, lines, matched.frame)
        if matched.score < words.SURE and not headed:
            continue
        found.append((matched.score, layout["id"], layout, matched))
    if not found:
        return None
    _, _, layout, matched = max(found, key=lambda f: (f[0], f[1]))
    return layout, matched


def read_known(
    layouts,
    lines: list[Line],
    found: dict[str, Found],
    rows: list[Item],
    judge: Judge,
    proven: frozenset[str] | set[str] = frozenset(),
    again: Callable[[list[Item], list[Line]], list[Item]] | None = None,
) -> Learned | None:
    """When the page is a known layout, the fields and items with the values read at their
    learned places put in (for the engine's proofs to judge); None when it is none. `judge`:
    what the engine checks a header value against; `proven`: the fields the generic reading
    proved; `again`: how the engine reads an OCR'd page's descriptions again, for the items
    the layout's table read (the generic reader's were read again already)."""
    matched = known(layouts, lines)
    if matched is None:
        return None
    layout, match = matched
    try:
        got = read(layout["anchors"], lines, match.frame, judge)
        merged, items, taken, disputed = _merge(found, rows, got, layout, lines, proven, judge)
        if any(line.ocr for line in lines):
            if again is not None and "items" in taken:
                items = again(items, lines)
            items, _ = catalogued(items, layout["anchors"].get("catalogue") or [])
    except (ValueError, ArithmeticError, LookupError, TypeError) as exc:
        # a layout that cannot be applied must not cost the document its generic reading
        failed = f"layout {layout['id']}: {exc.__class__.__name__}: {exc}"
        return Learned(found, rows, {"failed": failed})
    note = {"id": layout["id"], "match": round(match.score, 2), "values": taken}
    known_order = "po_date" in taken and layout["anchors"].get("dates_taught", False)
    inclusive = layout["anchors"].get("inclusive", False)
    ours = "po_date" in taken and got["fields"]["po_date"].ours
    return Learned(merged, items, {"read_with": note}, known_order, inclusive, ours, disputed)


# --- the items people confirmed on the layout ------------------------------------------------

# How alike (rapidfuzz's ratio, 0..100) an OCR'd description must be to a confirmed one, both
# without accents, case and punctuation, to be taken for it: a letter or two misread in a
# line, not another word ('negro' for 'blanco'); none shorter than SHORTEST letters.
DESCRIBED, SHORTEST = 95, 8


def catalogued(rows: list[Item], catalogue: list[list[str]]) -> tuple[list[Item], int]:
    """Items read by OCR, each description that is one a person confirmed on this layout, for
    the same code (or none on either side), but for the OCR's misreadings of accents,
    quotes, brackets and a letter or so ('Arena lavada de rio' for 'Arena lavada de río'),
    as they confirmed it; and how many. Only with the same numbers in the same order (a 6"
    block is no 8" one, a ¾" elbow no ½" one) and no other confirmed description as close;
    the code, quantity, price and amount stay as read."""
    out, described = [], 0
    for row in rows:
        known = _confirmed(row, catalogue)
        out.append(row if known is None else replace(row, description=known))
        described += known is not None and known != row.description
    return out, described


def _confirmed(row: Item, catalogue: list[list[str]]) -> str | None:
    read = _plain(row.description)
    if len(read.replace(" ", "")) < SHORTEST:
        return None
    code = _plain(str(row.item_code or ""))
    scored = set()
    for entry in catalogue:
        confirmed_code, description = (str(value or "") for value in entry[:2])
        if _plain(confirmed_code) != code or _numbers(description) != _numbers(row.description):
            continue
        ratio = fuzz.ratio(read, _plain(description))
        if ratio >= DESCRIBED:
            scored.add((ratio, description))
    if len({description for _, description in scored}) != 1:
        return None  # none, or two confirmed descriptions alike: no telling which
    return next(iter(scored))[1]


def _numbers(text: str) -> list[str]:
    """The text's runs of digits and number signs ('½', '²', '٦'), in order."""
    return "".join(ch if ch.isnumeric() else " " for ch in text).split()


def _plain(text: str) -> str:
    """Lower case, without accents or punctuation, one space between words."""
    return " ".join(re.sub(r"[\W_]+", " ", validate.unaccented(text).lower()).split())
