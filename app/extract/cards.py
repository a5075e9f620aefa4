"""Items printed as cards: each item a block of labels and values, not a row of a table.

Some orders (a web system's printout, a page too narrow for a table) print each
item as a card: a heading ('Item 1'), the description, and each value beside
its own label ('Quantity  12 bag', 'Unit price  R 122.52', 'Line total
R 1,470.24', 'Product code: CEM-42'). `items_as_cards` reads them when no header
row was found. A label is a column name the tables know, its value the cell
right of it or the rest of its cell after a colon; a card ends where a label it
already has comes again, or at a gap; the card's other words are its
description, a heading that numbers the cards 1, 2, 3 left off. The cards count
only when one at least prints a quantity, a price and an amount that keep
quantity x price = amount, and none that prints all three breaks it: the
arithmetic proves the labels were read as meant. A verified document of a
layout teaches the labels its cards print, in whatever words (`learn_labels`),
and the layout's next documents are read by them. Pure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from app.extract import checks
from app.extract.layout import Line
from app.extract.memory.words import norm
from app.extract.model import Item
from app.extract.tables import (
    CODE_LIKE,
    FOOT,
    Column,
    RawRow,
    column_key,
    is_number,
    money_text,
)

Labels = Callable[[str], str | None]  # a label's text -> the key of its value, or None
_KEYS = ("item_code", "description", "quantity", "unit", "unit_price", "discount", "amount")
# A card's heading that numbers it ('Item 1', 'Line 2', 'No. 3', '#4'), and what follows it.
_HEADING = re.compile(r"(?:[^\W\d]+\.?\s*)?#?\s*(\d{1,3})\.?(?:\s+(.*))?")
_HEADING_ALONE = re.compile(r"[^\W\d]+\.?\s*#?\s*(\d{1,3})")
# A quantity printed with its unit after it ('12 bag', '2.5 m3').
_WITH_UNIT = re.compile(r"(\d[\d.,]*)\s+([^\W\d]\S{0,7})")


@dataclass
class _Card:
    values: dict[str, str] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)  # its words that are no label or value
    y: float = 0.0
    last_y: float = 0.0
    end: int = 0  # the index of the line after its last
    page: int = 0
    conf: float = 1.0
    ocr: bool = False


def _quantity(value: str) -> tuple[str, str]:
    """A quantity and the unit printed after it, if any."""
    match = _WITH_UNIT.fullmatch(value.strip())
    return (match.group(1), match.group(2)) if match else (value.strip(), "")


def _fits(key: str, value: str, comma: bool) -> bool:
    """The value could be that label's: a number for the numbers (a quantity perhaps with its
    unit), a code for the code, a short word for the unit."""
    value = value.strip()
    if key == "quantity":
        return is_number(_quantity(value)[0], comma)
    if key in ("unit_price", "amount"):
        return money_text(value, comma) is not None
    if key == "discount":
        return is_number(value.rstrip("%").strip(), comma)
    if key == "item_code":
        return bool(CODE_LIKE.fullmatch(value) or value.isdigit())
    if key == "unit":
        return 0 < len(value) <= 8 and not is_number(value, comma)
    return bool(value)


def _candidates(line: Line) -> list[tuple[int, str, str]]:
    """Where a line may print a label and its value: (cells taken, label, value) for a cell
    and the cell right of it, and for a cell 'label: value', at each cell in turn."""
    cells = [cell.text.strip() for cell in line.cells]
    out = []
    for index, text in enumerate(cells):
        if index + 1 < len(cells):
            out.append((index, text, cells[index + 1]))
        label, colon, value = text.partition(":")
        if colon and value.strip():
            out.append((index, label, value.strip()))
    return out


def _pairs(line: Line, comma: bool, key_of: Labels) -> tuple[dict[str, str], list[str]]:
    """The line's labels with their values ({key: value}), and its other cells' texts."""
    pairs: dict[str, str] = {}
    taken: set[int] = set()
    for index, label, value in _candidates(line):
        key = key_of(label)
        if index in taken or key not in _KEYS or key_of(value) or not _fits(key, value, comma):
            continue
        pairs[key] = value
        beside = line.cells[index].text.strip() == label  # not 'label: value' in one cell
        taken |= {index, index + 1} if beside else {index}
    rest = [cell.text.strip() for i, cell in enumerate(line.cells) if i not in taken]
    return pairs, rest


def _cards(lines: list[Line], step: float, comma: bool, key_of: Labels) -> list[_Card]:
    """The cards, in print order: lines of label-value pairs and the words about them."""
    cards: list[_Card] = []
    card: _Card | None = None
    heading: Line | None = None  # a line of one cell that may head the next card
    for index, line in enumerate(lines):
        if cards and FOOT.match(line.cells[0].text):
            break  # the foot under the cards
        pairs, rest = _pairs(line, comma, key_of)
        near = card is not None and line.page == card.page and line.y - card.last_y <= 1.6 * step
        if pairs:
            if card is None or not near or set(pairs) & set(card.values):
                card = _Card(y=line.y, page=line.page)
                if heading and line.page == heading.page and line.y - heading.y <= 1.6 * step:
                    card.texts.append(heading.text)  # on a line of its own above the card
                cards.append(card)
            card.values.update(pairs)
        elif not near or card is None or any(is_number(t, comma) for t in rest):
            alone = len(line.cells) == 1 and _HEADING.fullmatch(line.text)
            card, heading = None, line if alone else None
            continue
        card.texts.extend(rest)  # words beside the labels, or the description running on
        card.last_y, card.end = line.y, index + 1
        card.conf = min([card.conf, *(c.conf for c in line.cells)])
        card.ocr = card.ocr or line.ocr
        heading = None
    return cards


def _without_headings(cards: list[_Card]) -> None:
    """The first words of every card number it, 1, 2, 3: a heading, not the description; so
    is a word and a number alone that count on from card to card ('Item 4', 'ftem 5' where
    the OCR lost the cards before them and misread a letter)."""
    firsts = [_HEADING.fullmatch(card.texts[0]) if card.texts else None for card in cards]
    if all(m and int(m.group(1)) == n for n, m in enumerate(firsts, 1)):
        for card, match in zip(cards, firsts, strict=True):
            card.texts[0] = match.group(2) or ""
        return
    alone = [
        (card, int(match.group(1)))
        for card in cards
        if card.texts and (match := _HEADING_ALONE.fullmatch(card.texts[0]))
    ]
    counted = [n for _, n in alone]
    if counted and counted == list(range(counted[0], counted[0] + len(counted))):
        for card, _ in alone:
            card.texts[0] = ""


def _holds(card: _Card, comma: bool) -> bool | None:
    """Whether the card's quantity x price (less its discount) is its amount; None when it
    lacks one of the three."""
    values = card.values
    item = Item(
        quantity=money_text(_quantity(values["quantity"])[0], comma),
        unit_price=money_text(values.get("unit_price", ""), comma),
        amount=money_text(values.get("amount", ""), comma),
        discount=money_text(values.get("discount", "").rstrip("%").strip(), comma),
    )
    return checks.line_ok(item)


def read_cards(
    lines: list[Line], step: float, comma: bool, labels: dict[str, str] | None = None
) -> tuple[list[RawRow], int]:
    """The items printed as cards, each card one row, and the index of the line after the
    last card; no rows unless their arithmetic holds. `labels`: the labels a verified document
    of the layout printed ({label: key}), else the column names the tables know."""
    key_of = column_key if labels is None else lambda text: labels.get(norm(text))
    cards = [
        card
        for card in _cards(lines, step, comma, key_of)
        if "quantity" in card.values and {"unit_price", "amount"} & set(card.values)
    ]
    held = [_holds(card, comma) for card in cards]
    if not cards or True not in held or False in held:
        return [], len(lines)
    _without_headings(cards)
    rows = []
    for card in cards:
        values = {key: value for key, value in card.values.items() if key != "description"}
        values["quantity"], unit = _quantity(values["quantity"])
        if unit and "unit" not in values:
            values["unit"] = unit
        description = " ".join([card.values.get("description", ""), *card.texts]).strip()
        columns = [Column(key, 0, 0) for key in [*values, "description"]]
        cells = dict(enumerate([*values.values(), description]))
        rows.append(RawRow(columns, cells, conf=card.conf, y=card.y, page=card.page, ocr=card.ocr))
    return rows, cards[-1].end


def items_as_cards(lines: list[Line], step: float, comma: bool) -> list[RawRow]:
    """No header row: items printed as cards of labelled values, each card one row."""
    return read_cards(lines, step, comma)[0]


# --- a layout's own labels, learned from a verified document --------------------------------


def _same(key: str, value: str, item: dict, comma: bool) -> bool:
    """The printed value is the confirmed item's value of that key (the confirmed discount is
    its 'discount_percent')."""
    want = item.get("discount_percent" if key == "discount" else key)
    if not want:
        return False
    if key == "item_code":
        return norm(value) == norm(want)
    text = _quantity(value)[0] if key == "quantity" else value.rstrip("%").strip()
    printed = money_text(text, comma)
    try:
        return printed is not None and Decimal(printed) == Decimal(str(want))
    except InvalidOperation:
        return False


def learn_labels(lines: list[Line], items: list[dict], comma: bool) -> dict[str, str]:
    """The labels the cards of a verified document print their values beside, in whatever
    words: {label: key}, each label the key its values most often were."""
    votes: dict[str, Counter] = {}
    for line in lines:
        for _, label, value in _candidates(line):
            for item in items:
                for key in ("item_code", "quantity", "unit_price", "discount", "amount"):
                    if norm(label) and _same(key, value, item, comma):
                        votes.setdefault(norm(label), Counter())[key] += 1
    return {label: counts.most_common(1)[0][0] for label, counts in votes.items()}


def labelled(line: Line, labels: dict[str, str]) -> bool:
    """The line prints one of the learned labels beside a value."""
    return any(norm(label) in labels for _, label, _ in _candidates(line))
