"""Learning a layout from one verified purchase order: where each confirmed value sat.

Each confirmed value is looked for on the document's kept words: the PO
number, date, supplier and project code on the first page, the subtotal, tax
and total below the item table (a tax printed as several lines, VAT and a
levy, is their sum; a total not printed is worked out from the others), and
the items (table.py). Every place a value can be read from next time is kept
only if it reads this very document back to the confirmed value: what the
layout cannot read right here it does not claim to know. The fingerprint
(words.fingerprint) is taken from the first page above the item table. Pure.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from decimal import Decimal

from app import numbers
from app.extract import fields, proofs, validate
from app.extract.layout import Line, date_order, typical_step
from app.extract.memory import places, recall, table, words
from app.extract.memory.places import HEADER, MONEY, Spot
from app.extract.memory.words import Frame, norm
from app.extract.model import Found

# At most this many places a field: the first that reads a passing value wins.
PLACES = 4


def learn(lines: list[Line], confirmed: dict, whole: bool = True) -> dict | None:
    """The layout these lines show, read with the confirmed values: its fingerprint and what
    it knows (`anchors`); None when too little of it can be told. `whole`: the lines are the
    whole document, not its first and last page only."""
    if not lines:
        return None
    comma = _decimal_comma(lines, confirmed)
    items = confirmed.get("items") or []
    learned_table, end = None, None
    printed = None
    for way in table.learn(lines, items, comma):  # the first that reads its items back
        read, at = table.read(way, lines, Frame(), comma)
        if not recall.same_items(read, items, whole):
            printed = as_printed(items, lines, comma) if printed is None else printed
            if not recall.same_items(read, printed, whole):
                continue
        learned_table, end = way, at
        break
    said = _day_first(lines, confirmed.get("po_date"))
    anchors = {"comma": comma, "day_first": said is not False, "dates_taught": said is not None}
    if said is None and confirmed.get("po_date"):
        # the date reads the same either way ('11/11/2026'): the page's other dates say how
        # the layout likely writes them, where one reads one way only ('Fecha requerida:
        # 11/21/2026'); likely only (a print server may stamp its own way), so not taught
        anchors["day_first"] = date_order(lines) is not False
    anchors["currency"] = confirmed.get("currency")
    # what the page's signs name, which on this layout is the confirmed currency ('$' for pesos)
    anchors["named"] = fields.detect_currency("\n".join(line.text for line in lines))
    anchors["supplier"] = confirmed.get("supplier_name")  # the one a person verified
    anchors["inclusive"] = _inclusive(confirmed)
    spots = {name: _spots(lines, name, confirmed, comma, end) for name in (*HEADER, *MONEY)}
    value_cells = {
        id(cell)
        for found in spots.values()
        for spot in found
        for cell in places.cells_of(lines[spot.index], spot)
    }
    learned = {}
    for name in HEADER:
        value = confirmed.get(name)
        ours = confirmed.get("po_number") if name == "po_date" else None
        found = _checked(lines, name, spots[name], value_cells, anchors, end, value, ours)
        learned[name] = {"places": found} if found else None
    supplier = confirmed.get("supplier_name")
    # no place for the supplier's name, which its letterhead spaces out or sets over lines
    anchors["letterhead"] = bool(
        supplier and not learned["supplier_name"] and recall.letterhead(lines, supplier)
    )
    sheet = table.first_sheet(learned_table, lines, Frame()) if learned_table else None
    anchors["table"] = learned_table
    for name in MONEY:
        learned[name] = _money(lines, name, spots, value_cells, anchors, end, confirmed, sheet)
    anchors["fields"] = {name: found for name, found in learned.items() if found}
    anchors["catalogue"] = catalogue(items)
    if not anchors["fields"] and not learned_table:
        return None
    bottom = _table_top(learned_table, lines, items, comma)
    skip = _address(lines, spots["supplier_name"])
    print_ = words.fingerprint(lines, _printed_values(lines, spots), bottom, skip)
    if len(print_) < words.MIN_WORDS:
        return None
    return {"fingerprint": print_, "anchors": anchors}


# At most this many confirmed items a layout keeps, the latest first.
CATALOGUE = 400


def catalogue(items: list[dict], known: list[list[str]] = ()) -> list[list[str]]:
    """The items' codes and descriptions as a person confirmed them, then those known before
    (the latest first, each once): a photo's misread description of one of them is read as
    confirmed."""
    out: dict[tuple[str, str], None] = {}
    for item in items:
        if item.get("description"):
            out[((item.get("item_code") or "").strip(), item["description"].strip())] = None
    for code, description, *_ in known:
        out.setdefault((code, description), None)
    return [list(entry) for entry in out][:CATALOGUE]


def _inclusive(confirmed: dict) -> bool:
    """The confirmed items add up to the total, which is more than the subtotal: the layout's
    prices include the tax."""
    try:
        amounts = [numbers.parse_money(item["amount"]) for item in confirmed.get("items") or []]
        total, subtotal = (numbers.parse_money(confirmed[k]) for k in ("total", "subtotal"))
    except (KeyError, TypeError, ValueError):
        return False
    return bool(amounts) and sum(amounts) == total != subtotal


def _decimal_comma(lines: list[Line], confirmed: dict) -> bool:
    """Whether the document writes 1 234,56: its amounts are found only when read that way;
    where they read alike either way (whole amounts, as a currency with no cents prints them),
    as the page's other numbers with a fraction write it ('TVA 17,5 %', '1,22 x 2,50 m')."""
    printed = [confirmed.get(key) for key in MONEY] + [
        item.get(key)
        for item in confirmed.get("items") or []
        for key in ("quantity", "unit_price", "amount")
    ]
    wanted = {numbers.parse_decimal(value) for value in printed if value}

    def found(comma: bool) -> int:
        seen = {run.value for line in lines for run in places.runs(line, comma)}
        return len(wanted & seen)

    told = found(True) - found(False)
    if told:
        return told > 0
    # not the items' own lines, nor their descriptions running on: a description names its
    # product as the catalogue writes it ('SA pine 38x38 3,6 m' on a page printing 'R 1,920')
    items = confirmed.get("items") or []
    rows = {table.item_line(lines, 0, item, comma) for item in items for comma in (True, False)}
    described = [norm(item.get("description") or "") for item in items]
    text = "\n".join(
        line.text
        for n, line in enumerate(lines)
        if n not in rows and not any(norm(line.text) in said for said in described)
    )
    return len(_COMMA_FRACTION.findall(text)) > len(_POINT_FRACTION.findall(text))


# A number with one or two decimals after a comma ('17,5', '2,50'), or after a point.
_COMMA_FRACTION = re.compile(r"\d,\d{1,2}(?![\d,.])")
_POINT_FRACTION = re.compile(r"\d\.\d{1,2}(?![\d,.])")


def _in_words(lines: list[Line], po_date: str) -> bool:
    """The page prints the date with its month in words ('Guatemala, 3 de febrero de 2026')."""
    for line in lines:
        for match in numbers.DATE_IN_TEXT.finditer(line.text):
            if re.search(r"[^\W\d_]{3}", match.group()) and _parses_to(match.group(), po_date):
                return True
    return False


def _parses_to(text: str, value: str) -> bool:
    try:
        return numbers.parse_date(text) == value
    except ValueError:
        return False


def _day_first(lines: list[Line], po_date: str | None) -> bool | None:
    """Whether the document's date is written day first (19/08) or month first (08/19), as
    the date a person confirmed shows it; None when it does not say ('05/05/2026'), or the
    page prints that date in words ('3 de febrero de 2026'): a numeric date that is it only
    read one way is then as likely another date ('Fecha de entrega: 02/03/2026')."""
    if po_date and not _in_words(lines, po_date):
        for line in lines:
            text = line.text
            for match in numbers.DATE_IN_TEXT.finditer(text):
                order = _written(match.group(), po_date)
                if order is not None:
                    return order
    return None


_NUMERIC_DATE = re.compile(r"(\d{1,2})[/.\-](\d{1,2})[/.\-]\d{2,4}")


def _written(text: str, po_date: str) -> bool | None:
    """Whether this printed date is the PO's date written day first (True) or month first
    (False); None when it is not that date, or reads the same either way ('05/05/2026',
    '19 Aug 2026'). '07/19/2026' is month first, though it parses either way round."""
    numeric = _NUMERIC_DATE.fullmatch(text.strip())
    if not numeric or numeric[1] == numeric[2]:
        return None
    for day_first in (True, False):
        try:
            value = numbers.parse_date(text, day_first)
        except ValueError:
            continue
        if value == po_date:
            day, month = (numeric[1], numeric[2]) if day_first else (numeric[2], numeric[1])
            if int(value[8:]) == int(day) and int(value[5:7]) == int(month):
                return day_first
    return None


def _spots(lines: list[Line], name: str, confirmed: dict, comma: bool, end) -> list[Spot]:
    """Where a confirmed value is printed: whole cells first, then in reading order."""
    value = confirmed.get(name)
    if not value:
        return []
    found = []
    for index, line in enumerate(lines):
        if name in MONEY:
            if end is not None and index < end:
                continue
            want = numbers.parse_decimal(value)
            found += [Spot(index, r.i, r.j) for r in places.runs(line, comma) if r.value == want]
            continue
        for i in range(len(line.words)):
            for j in range(i, min(i + 8, len(line.words))):
                said = " ".join(w.text for w in line.words[i : j + 1])
                if _is(name, said, value):
                    found.append(Spot(index, i, j))
    if name in MONEY:
        return list(reversed(found))  # the foot is at the end
    if name == "supplier_name" and not found:
        found = _name_over_two_lines(lines, value) or _name_as_printed(lines, value)
    if name == "po_date" and _in_words(lines, value):
        # printed in words: a numeric date that is it read one way only is another date
        found = [spot for spot in found if not proofs.either_way(_spot_text(lines, spot))]
    return sorted(found, key=lambda spot: not _whole(lines, spot))


def _name_over_two_lines(lines: list[Line], value: str) -> list[Spot]:
    """Where a supplier's name stands whose legal form ran on to the line under it ('Société
    Libanaise des Matériaux de Construction' over 'S.A.L.'): the cell of its first line."""
    step = typical_step(lines)
    found = []
    for index, line in enumerate(lines):
        for cell in line.cells:
            if not norm(value).startswith(norm(cell.text) + " "):
                continue
            whole = fields.legal_form_under(lines, Found(cell.text, 1.0), step)
            if norm(whole.value) == norm(value):
                i = next(n for n, word in enumerate(line.words) if word is cell.words[0])
                found.append(Spot(index, i, i + len(cell.words) - 1))
    return found


def _name_as_printed(lines: list[Line], value: str) -> list[Spot]:
    """Where a supplier's name stands printed as its letterhead prints it, in its own case or
    without its legal form ('MATSAPHA HARDWARE & BUILDING SUPPLIES' for 'Matsapha Hardware &
    Building Supplies (Pty) Ltd'): a whole cell of the first page, or cells side by side, that
    are that name, legal forms and case aside. The layout answers the name a person verified
    where that cell prints it again (recall._own_supplier)."""
    if len(validate.company_key(value).split()) < 2:
        return []  # one word of name: too little to tell it from another's
    found = []
    for index, line in enumerate(lines):
        if line.page != lines[0].page:
            break
        for cell in recall.name_cells(line):
            if recall.printed_as(cell.text, value):
                i = next(n for n, word in enumerate(line.words) if word is cell.words[0])
                found.append(Spot(index, i, i + len(cell.words) - 1))
    return found or _name_leading_a_cell(lines, value)


def _name_leading_a_cell(lines: list[Line], value: str) -> list[Spot]:
    """Where a supplier's name is printed only at the start of a cell, run on with its
    particulars ('SOLELEC CÔTE D'IVOIRE SA au capital de …' in the foot's registration line):
    the words that are the name verified, legal forms and case aside."""
    found = []
    for index, line in enumerate(lines):
        for start in recall.leading(line):
            # (its legal form closes it: the words after are its particulars, not more name)
            if recall.ends_in_form(start.text) and recall.printed_as(start.text, value):
                i = next(n for n, word in enumerate(line.words) if word is start.words[0])
                found.append(Spot(index, i, i + len(start.words) - 1))
    return found


def _spot_text(lines: list[Line], spot: Spot) -> str:
    return " ".join(w.text for w in lines[spot.index].words[spot.i : spot.j + 1])


def _is(name: str, said: str, value: str) -> bool:
    if name == "po_date":
        said = places.boxed_date(said.strip(" ,.:"))
        if not numbers.DATE_IN_TEXT.fullmatch(said):
            return False
        for day_first in (True, False):
            try:
                if numbers.parse_date(said, day_first) == value:
                    return True
            except ValueError:
                continue
        return False
    return norm(said) == norm(value)


def _whole(lines: list[Line], spot: Spot) -> bool:
    line = lines[spot.index]
    cell = places.span_of(line, spot)
    return cell.words[0] is line.words[spot.i] and cell.words[-1] is line.words[spot.j]


def _region(lines: list[Line], name: str, end) -> places.Region:
    return places.region(lines, end, foot=name in MONEY)


def _checked(lines, name, spots, value_cells, anchors, end, value, ours=None) -> list[dict]:
    """The places of a field that read this document back to its confirmed value; a header
    value's on the last page only where the first page gives none (a quotation's acceptance,
    our order number written in, on its last page). `ours`: the confirmed PO number, for a
    date: the place right after it comes first among those printing the same day."""
    check = places.checker(name, anchors["day_first"], anchors["comma"])
    area = _region(lines, name, end)
    first = [spot for spot in spots if name in MONEY or lines[spot.index].page == lines[0].page]
    kept = _kept(lines, name, first, value_cells, area, check, value)
    if not kept:
        later = [spot for spot in spots if spot not in first]
        kept = _kept(lines, name, later, value_cells, area, check, value)
    # a date right after our order's number, marked for recall._one_value to choose it
    kept = [place | {"ours": True} if _after(place, ours) else place for place in kept]
    # a value printed twice ('Confirmed' and 'Your order date' on one day): the place whose
    # label names the field first, as the reader would take it; then one in the words naming
    # our order ('Vaša narudžbenica: NAR-545/26 od 04.09.2026.' under the document's own
    # 'Datum izdavanja' of the same day)
    kept.sort(
        key=lambda place: (
            not (fields.names_field(_label_of(place), name) or place.get("ours")),
            not proofs.names_our_order_text(_label_of(place)),
        )
    )
    chosen = kept[:PLACES]
    for place in kept[PLACES:]:  # and one place for each other spot it was printed at, so
        # that a later document where they differ is seen to differ (recall._one_value)
        if recall.spot(place) not in {recall.spot(other) for other in chosen}:
            chosen.append(place)
    return chosen


# At most this many words between our order's number and its date ('MBN-4416 av', 'ZAM/0816
# z dnia', 'pedido MC-0425 del').
_BETWEEN = 2


def _after(place: dict, number: str | None) -> bool:
    """The value stood right after the confirmed PO number in its cell, a word or two between
    (words without digits): our order's date, as the supplier's confirmation quotes it beside
    its own document's date."""
    before, ours = place.get("before", "").split(), norm(number or "").split()
    if not ours:
        return False
    for between in range(_BETWEEN + 1):
        cut = len(before) - between
        if cut < len(ours) or any(re.search(r"\d", word) for word in before[cut:]):
            break
        if before[cut - len(ours) : cut] == ours:
            return True
    return False


def _kept(lines, name, spots, value_cells, area, check, value) -> list[dict]:
    kept = []
    for spot in spots:
        for place in places.learn_places(lines, spot, value_cells, foot=name in MONEY):
            got = places.read_place(place, area, Frame(), check)
            if got and _part_of(got.value, value):
                # the check read the number out of it: the value is as many words of its text
                # as the confirmed value has around that one (a series code printed before it
                # a space apart, 'NE LUA26/395', 'FT A/118'; a number in groups, 'PO 2026 0046')
                words = norm(value).split()
                before = words.index(norm(got.value))
                place = place | {"whole": True, "series": before, "tail": len(words) - before - 1}
                got = places.read_place(place, area, Frame(), check)
            if got and name == "supplier_name":  # as read: its legal form may run on
                got = recall.with_legal_form(got, lines)
            if got and _reads_back(name, got.value, value) and place not in kept:
                kept.append(place)
    return kept


def _reads_back(name: str, read: str, value: str) -> bool:
    """The place reads this document's confirmed value back: a supplier's name as its
    letterhead prints it too, legal forms and case aside (what recall answers with the name
    verified)."""
    if recall.same(name, read, value):
        return True
    return name == "supplier_name" and recall.printed_as(read, value)


def _part_of(read: str, value: str) -> bool:
    """The value read is one of the confirmed value's words, not all of them."""
    words = norm(value).split()
    return len(words) > 1 and norm(read) in words


def _label_of(place: dict) -> str:
    return place.get("label") or place.get("before") or ""


def _money(lines, name, spots, value_cells, anchors, end, confirmed, sheet) -> dict | None:
    """A total's places; else on the first sheet under its items, where the table runs on to
    continuation sheets; else the printed parts it is the sum of (VAT and a levy); else how it
    is worked out from the other two."""
    value = confirmed.get(name)
    if not value:
        return None
    cents = numbers.cents_to_text(numbers.parse_money(value))
    found = _checked(lines, name, spots[name], value_cells, anchors, end, cents)
    if not found and sheet:
        found = _on_first_sheet(lines, name, value_cells, anchors, sheet, cents)
    if not found and end is not None:
        found = _above_table(lines, name, value_cells, anchors, cents)
    others = {"subtotal": "total - tax", "tax": "total - subtotal", "total": "subtotal + tax"}
    # where its places read nothing next time (a zero-rated line printed apart), the value
    # is worked out from the other two, if this document's add up
    fallback = {"derived": others[name]} if _adds_up(confirmed) else {}
    if found:
        return {"places": found} | fallback
    if name == "tax":
        parts = _parts(lines, Decimal(cents), confirmed, value_cells, anchors, end)
        if parts:
            return {"parts": parts} | fallback
    return {"derived": others[name]}


def _adds_up(confirmed: dict) -> bool:
    """The confirmed subtotal and tax make the confirmed total, to the cent."""
    try:
        subtotal, tax, total = (numbers.parse_money(confirmed[k]) for k in MONEY)
    except (KeyError, TypeError, ValueError):
        return False
    return subtotal + tax == total


def _above_table(lines, name, value_cells, anchors, cents: str) -> list[dict]:
    """A foot value's places above the table's head on its page, where none is under it: a
    sales system's page printing its totals block over the items ('Totals', 'Order Amount',
    'Grand Total (incl. HST)' above 'Order Products')."""
    heads = table.headers(anchors["table"], lines, Frame()) if anchors.get("table") else {}
    if not heads:
        return []
    head = min(heads)
    above = [index for index in range(head) if lines[index].page == lines[head].page]
    return _foot_in(lines, above, name, value_cells, anchors, cents, {"above": True})


def _on_first_sheet(lines, name, value_cells, anchors, sheet, cents: str) -> list[dict]:
    """A foot value's places on the first sheet, under its items: an order printed on
    continuation sheets gives its foot there, above the sheets' items."""
    start, stop = sheet
    rows = list(range(start, stop))
    return _foot_in(lines, rows, name, value_cells, anchors, cents, {"sheet": "first"})


def _foot_in(lines, rows, name, value_cells, anchors, cents: str, mark: dict) -> list[dict]:
    """A foot value's places among these lines (by index), the last first, each marked as
    read there."""
    want = numbers.parse_decimal(cents)
    spots = [
        Spot(index, run.i, run.j)
        for index in reversed(rows)
        for run in places.runs(lines[index], anchors["comma"])
        if run.value == want
    ]
    area = places.Region([lines[index] for index in rows], 0.0, False)
    check = places.checker(name, anchors["day_first"], anchors["comma"])
    kept = _kept(lines, name, spots, value_cells, area, check, cents)
    return [place | mark for place in kept[:PLACES]]


def _parts(lines, tax: Decimal, confirmed, value_cells, anchors, end) -> list[list[dict]]:
    """Two or three amounts printed at the foot that add up to the tax, each with its places."""
    start = end if end is not None else 0
    others = {
        numbers.parse_decimal(confirmed[key]) for key in ("subtotal", "total") if confirmed.get(key)
    }
    found = [
        (index, run)
        for index in range(start, len(lines))
        for run in places.runs(lines[index], anchors["comma"])
        if not run.percent and run.value not in others and 0 < run.value < tax
    ]
    for size in (2, 3):
        for group in itertools.combinations(found, size):
            if sum(run.value for _, run in group) != tax:
                continue
            learned = [
                _checked(lines, "tax", [Spot(i, r.i, r.j)], value_cells, anchors, end, _cents(r))
                for i, r in group
            ]
            if all(learned):
                return learned
    return []


def _cents(run) -> str:
    return numbers.cents_to_text(numbers.parse_money(run.value))


def _printed_values(lines: list[Line], spots: dict[str, list[Spot]]) -> set[str]:
    """The words of every confirmed value as printed: never part of the fingerprint."""
    return {
        norm(word.text)
        for found in spots.values()
        for spot in found
        for word in lines[spot.index].words[spot.i : spot.j + 1]
    }


def _address(lines: list[Line], supplier: list[Spot]) -> set[int]:
    """The words of the supplier's address, under its name and starting where it starts: they
    change with the supplier, so they are no part of the layout's fingerprint."""
    if not supplier:
        return set()
    spot = supplier[0]
    name = lines[spot.index]
    left = name.words[spot.i].x0
    skip: set[int] = set()
    last_y = name.y
    for line in lines[spot.index + 1 : spot.index + 7]:
        block = [w for w in line.words if w.x0 >= left - 2]
        if line.page != name.page or line.y - last_y > 1.5 or not block:
            break
        if abs(block[0].x0 - left) > 2:
            break
        run = [block[0]]
        for word in block[1:]:  # the address line's words, up to a wide gap (another column)
            if word.x0 - run[-1].x1 > 3:
                break
            run.append(word)
        skip |= {id(word) for word in run}
        last_y = line.y
    return skip


def _table_top(
    learned_table: dict | None, lines: list[Line], items: list[dict], comma: bool
) -> float | None:
    """Just under the table's header line: the fingerprint stops there. Where no table was
    learned, at the first line printing a confirmed item, or else its description (an item
    written out in a sentence): what is below the items (the foot, the terms) moves with how
    many there are, and a short order would not match."""
    heads = table.headers(learned_table, lines, Frame()) if learned_table else {}
    if heads and "record" in learned_table:  # the line its first item starts
        return lines[min(heads)].y - 0.5
    if heads:
        return lines[min(heads)].y + 0.5
    first = table.item_line(lines, 0, items[0], comma) if items else None
    if first is None and items:
        first = table.described_line(lines, items[0])
    return lines[first].y - 0.5 if first is not None else None


def as_printed(items: list[dict], lines: list[Line], comma: bool) -> list[dict]:
    """The confirmed items as the page prints them: a code or unit a person gave that the
    item's own line does not print (the page has no unit column) is none the layout could
    have learned."""
    out, start = [], 0
    for item in items:
        index = table.item_line(lines, start, item, comma)
        if index is None:  # not on a line of its own (a card): as confirmed
            out.append(item)
            continue
        # a unit's word in the description ('bulk bag') is the description's, unless the line
        # prints it once more ('..., je Palette  2 Palette')
        shown = Counter(norm(word.text) for word in lines[index].words)
        shown -= Counter(norm(word) for word in (item.get("description") or "").split())
        start = index + 1
        blank = {key: "" for key in ("item_code", "unit") if not _shown(item.get(key), shown)}
        out.append(item | blank)
    return out


def _shown(value: str | None, printed: Counter) -> bool:
    return bool(value) and all(norm(part) in printed for part in str(value).split())
