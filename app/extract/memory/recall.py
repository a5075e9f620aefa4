"""Reading a document with the layout it matches, and keeping what that reading proves.

`read_known` runs after the generic reader, in the extraction child. It keeps
the document's words in the payload (for a later verification to learn from),
finds the layout whose fingerprint the first page matches, and reads each
value from its learned place:

- a header field replaces the generic reading when it passes the field's check;
- the items replace the generic ones when each line's quantity x price less
  discount is its amount (to the cent) and they add up with the totals;
- the subtotal, tax and total are taken where they agree with each other and
  with the items (the items add up to the subtotal, or to the total where the
  prices include the tax); what does not agree stays as the generic reader had it;
- the currency is the layout's unless the page names another.

Every value the layout gives carries its source ("layout learned from PO …")
and a high confidence, and its doubt (low_confidence, totals_mismatch) is
settled only where it is proven. `layout.read_with` in the payload names the
layout and the values it gave, for the PO page and for counting the values
people correct later. Pure.
"""

from __future__ import annotations

import itertools

from app import numbers
from app.extract import fields
from app.extract.layout import Line
from app.extract.memory import places, table, words
from app.extract.memory.places import HEADER, MONEY, Reading
from app.extract.memory.words import Frame, norm

# The confidence of a value read at its learned place and proven there.
LEARNED = 0.97


def read(anchors: dict, lines: list[Line], frame: Frame) -> dict:
    """Every value the layout can read on these lines: {"fields": {name: places.Reading},
    "items": [...]} (items empty when its table was not found)."""
    comma, day_first = anchors["comma"], anchors["day_first"]
    items, end = [], None
    if anchors.get("table"):
        items, end = table.read(anchors["table"], lines, frame, comma)
    found: dict[str, Reading] = {}
    for name, learned in anchors["fields"].items():
        check = places.checker(name, day_first, comma)
        area = places.region(lines, end if items else None, foot=name in MONEY)
        if "places" in learned:
            value = places.read_field(learned["places"], area, frame, check)
            if value:
                found[name] = value
        elif "parts" in learned:
            parts = [places.read_field(part, area, frame, check) for part in learned["parts"]]
            if all(parts):
                total = sum(numbers.parse_money(part.value) for part in parts)
                text = " + ".join(part.text for part in parts)
                conf = min(part.conf for part in parts)
                found[name] = Reading(numbers.cents_to_text(total), text, conf)
    for name, learned in anchors["fields"].items():
        if "derived" in learned and name not in found:
            worked = _derived(learned["derived"], found)
            if worked:
                found[name] = worked
    return {"fields": found, "items": items}


def _derived(formula: str, found: dict[str, Reading]) -> Reading | None:
    left, sign, right = formula.split(" ")
    if left not in found or right not in found:
        return None
    a, b = numbers.parse_money(found[left].value), numbers.parse_money(found[right].value)
    value = numbers.cents_to_text(a + b if sign == "+" else a - b)
    return Reading(value, f"worked out: {formula}", min(found[left].conf, found[right].conf))


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


# --- keeping what the layout proves ------------------------------------------------------


def _lines_ok(items: list[dict]) -> bool:
    """Every item has an amount, and quantity x price less discount is it where a price is."""
    for item in items:
        if item.get("amount") is None:
            return False
        if item.get("unit_price") is None:
            continue
        try:
            worked = numbers.line_amount(
                numbers.parse_decimal(item["quantity"]),
                numbers.parse_money(item["unit_price"]),
                item.get("discount"),
            )
        except (ValueError, ArithmeticError):
            return False
        if abs(worked - numbers.parse_money(item["amount"])) > 1:
            return False
    return True


def _agree(money: dict[str, str | None], items: list[dict]) -> bool:
    """Subtotal + tax = total, and the items add up to the subtotal (or to the total)."""
    try:
        cents = {k: numbers.parse_money(v) if v is not None else None for k, v in money.items()}
        summed = sum(numbers.parse_money(item["amount"]) for item in items)
    except (ValueError, TypeError):
        return False
    if None in cents.values() or not items:
        return False
    if cents["subtotal"] + cents["tax"] != cents["total"]:
        return False
    return summed in (cents["subtotal"], cents["total"])


def _choose(payload: dict, got: dict) -> tuple[list[dict], dict[str, str | None], bool]:
    """The items and totals to keep: of the layout's and the generic reader's, the pairing
    that agrees (items, subtotal, tax and total), with as many of the layout's values as
    can be; and whether one agrees. When none does, the generic reading stands."""
    learned_money = {name: got["fields"].get(name) for name in MONEY}
    generic_items = payload.get("items") or []
    item_choices = [(generic_items, False)]
    if got["items"] and (_lines_ok(got["items"]) or not _lines_ok(generic_items)):
        item_choices.insert(0, (got["items"], True))
    agreeing = []
    for items, learned_items in item_choices:
        for picks in itertools.product((True, False), repeat=len(MONEY)):
            money = {
                name: learned_money[name].value
                if pick and learned_money[name]
                else payload.get(name)
                for name, pick in zip(MONEY, picks, strict=True)
            }
            if _lines_ok(items) and _agree(money, items):
                agreeing.append(((learned_items, sum(picks)), items, money))
    if not agreeing:
        return generic_items, {name: payload.get(name) for name in MONEY}, False
    _, items, money = max(agreeing, key=lambda option: option[0])
    return items, money, True


def _take(payload: dict, name: str, reading: Reading, origin: str, taken: dict, settle=True):
    """Put a value the layout read into the payload; `settle` its doubt when it is proven."""
    payload[name] = reading.value
    payload.setdefault("confidence", {})[name] = LEARNED if settle else round(reading.conf, 3)
    payload.setdefault("source", {})[name] = f"{origin}: {reading.text}"
    taken[name] = reading.value
    if settle:
        _settle(payload, f"low_confidence:{name}")


def _settle(payload: dict, warning: str) -> None:
    payload["warnings"] = [w for w in payload.get("warnings") or [] if w != warning]


def _fill_in(payload: dict, got: dict, origin: str, taken: dict) -> None:
    """Nothing adds up: the layout's items and totals go only where the generic reader found
    none, doubted (a person checks them), and better than nothing."""
    if got["items"] and not payload.get("items"):
        payload["items"] = got["items"]
        taken["items"] = len(got["items"])
        _doubt(payload, "low_confidence:items")
    for name in MONEY:
        if payload.get(name) is None and name in got["fields"]:
            _take(payload, name, got["fields"][name], origin, taken, settle=False)
            _doubt(payload, f"low_confidence:{name}")


def _doubt(payload: dict, warning: str) -> None:
    if warning not in (payload.get("warnings") or []):
        payload["warnings"] = [*(payload.get("warnings") or []), warning]


def _merge(payload: dict, got: dict, layout: dict, lines: list[Line], sure: float) -> dict:
    """Take what the layout read and proved into the payload; the values taken, by name.

    Read by OCR, a header value at its learned place is taken, but its place does not prove
    its letters: a doubt the engine had about the field stays. A value the OCR itself was
    unsure of is not taken at all."""
    origin = f"layout learned from PO {layout.get('learned_from') or '?'}"
    ocr = any(line.ocr_page is not None for line in lines)
    taken: dict = {}
    sure_of = {name: reading for name, reading in got["fields"].items() if reading.conf >= sure}
    got = {"items": got["items"], "fields": sure_of}
    for name in HEADER:
        if name in sure_of:
            _take(payload, name, sure_of[name], origin, taken, settle=not ocr)
    currency = layout["anchors"].get("currency")
    named = fields.detect_currency("\n".join(line.text for line in lines))
    if currency and named in (None, currency):
        reading = Reading(currency, "the layout's currency")
        _take(payload, "currency", reading, origin, taken, settle=not ocr)
    items, money, agree = _choose(payload, got)
    if not agree:
        _fill_in(payload, got, origin, taken)
        return taken
    if items is got["items"]:
        payload["items"] = items
        taken["items"] = len(items)
    for name in MONEY:  # proven by the sums, however they were read
        learned = sure_of.get(name)
        if learned and money[name] == learned.value:
            _take(payload, name, learned, origin, taken)
    for name in ("low_confidence:items", *(f"low_confidence:{m}" for m in MONEY)):
        _settle(payload, name)
    _settle(payload, "totals_mismatch")
    payload["checks_failed"] = []
    return taken


def known(layouts, lines: list[Line]) -> tuple[dict, words.Match] | None:
    """The layout a page is, if any: the best of those whose fingerprint it matches well
    (words.SURE), or matches (words.MATCH) and prints their item table's header."""
    found = []
    for layout in layouts:
        matched = words.match(layout["fingerprint"], lines)
        if matched is None or matched.score < words.MATCH:
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


def read_known(layouts: tuple | list, lines: list[Line], payload: dict, sure: float) -> dict:
    """The payload, with the words kept and, when the page is a known layout, the values
    read at their learned places wherever they are proven. `sure`: the OCR confidence under
    which a reading proves nothing (the engine's own)."""
    payload["layout"] = words.keep(lines)
    found = known(layouts, lines)
    if found is None:
        return payload
    layout, matched = found
    try:
        got = read(layout["anchors"], lines, matched.frame)
        taken = _merge(payload, got, layout, lines, sure)
    except (ValueError, ArithmeticError, LookupError, TypeError) as exc:
        # a layout that cannot be applied must not cost the document its generic reading
        payload["layout"]["failed"] = f"layout {layout['id']}: {exc.__class__.__name__}: {exc}"
        return payload
    payload["layout"]["read_with"] = {
        "id": layout["id"],
        "match": round(matched.score, 2),
        "values": taken,
    }
    return payload
