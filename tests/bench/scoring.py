"""How a reading is scored against its truth: fields, items, silent errors and named rules.

Pure: a payload and the expected values in, tallies out; the benchmark
(bench_extract.py) reads the documents and prints the tallies.

- A field is right when it equals the truth after normalising case and
  spacing (numbers compared as numbers).
- An item is found when its quantity, amount and description match an
  expected item's (each expected item matched once).
- A silent error is a field read wrong with no warning for that field: the
  field is warned when the payload's warnings hold `low_confidence:<field>`,
  or, for subtotal, tax and total, `totals_mismatch`. A document the engine
  refused with a reason ({"refused": sentence}) is wrong everywhere but
  silent nowhere.
- A field is flagged when it is warned, right or wrong: a person checks it.
  Every field of a refused document is flagged (a person types it).
- A named rule's repair (an entry of the payload's `rules_applied`: rule,
  field, value, reason) is right when its value equals the truth of its field,
  wrong when not, and can't tell when the truth has no such field or an
  item's row cannot be paired with an expected item.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

MONEY = ("subtotal", "tax", "total")


def normal(value) -> str:
    text = re.sub(r"\s+", " ", str(value or "")).strip().lower()
    try:
        return str(Decimal(text)) if re.fullmatch(r"-?\d+(\.\d+)?", text) else text
    except InvalidOperation:
        return text


def number(value) -> Decimal | None:
    try:
        return Decimal(str(value)).normalize() if value not in (None, "") else None
    except InvalidOperation:
        return None


def same(got, want) -> bool:
    """Equal as numbers when both are numbers ('12.50' is '12.5'), else as normalised text."""
    a, b = number(got), number(want)
    if a is not None and b is not None:
        return a == b
    return normal(got) == normal(want)


def item_key(item: dict, with_amount: bool = True, loose: bool = False) -> tuple:
    amount = number(item.get("amount")) if with_amount else None
    description = normal(item.get("description"))
    if loose:  # RapidOCR drops spaces
        description = description.replace(" ", "")
    return (number(item.get("quantity")), amount, description)


def warned(name: str, warnings: list[str]) -> bool:
    return f"low_confidence:{name}" in warnings or (name in MONEY and "totals_mismatch" in warnings)


@dataclass
class Tally:
    """Figures for a set of readings; tallies add up (`+=`) into larger sets."""

    docs: int = 0
    pages: int = 0
    refused: int = 0
    fields_right: int = 0
    fields_total: int = 0
    silent: int = 0
    flagged: int = 0
    matched: int = 0
    extracted: int = 0
    expected: int = 0
    seconds: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    def __iadd__(self, other: Tally) -> Tally:
        counts = ("docs", "pages", "refused", "fields_right", "fields_total", "silent", "flagged")
        for name in counts:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.matched += other.matched
        self.extracted += other.extracted
        self.expected += other.expected
        self.seconds += other.seconds
        self.misses += other.misses
        return self

    @property
    def fields(self) -> float:
        return self.fields_right / self.fields_total if self.fields_total else 0.0

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.fields_total if self.fields_total else 0.0

    @property
    def precision(self) -> float:
        return self.matched / self.extracted if self.extracted else 0.0

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def silent_share(self) -> float:
        return self.silent / self.fields_total if self.fields_total else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.seconds) if self.seconds else 0.0


def score(
    tally: Tally,
    name: str,
    got: dict,
    expected: dict,
    fields: list[str],
    seconds: float,
    *,
    pages: int = 1,
    with_amount: bool = True,
    loose: bool = False,
) -> None:
    """Add one reading to the tally. A document the engine refused reads as
    {"refused": its sentence}; then `pages` says how many pages it has."""
    refused = "refused" in got
    pages = got.get("pages") or pages
    tally.docs += 1
    tally.pages += pages
    tally.seconds.append(seconds / pages)
    if refused:
        tally.refused += 1
        tally.misses.append(f"{name}: refused: {got['refused']}")
    warnings = got.get("warnings") or []
    for f in fields:
        tally.fields_total += 1
        tally.flagged += refused or warned(f, warnings)
        if refused:
            continue  # refused with a reason: every field wrong, none silently
        if same(got.get(f), expected.get(f)):
            tally.fields_right += 1
            continue
        silent = not warned(f, warnings)
        tally.silent += silent
        note = " (silent)" if silent else ""
        tally.misses.append(f"{name}: {f} {got.get(f)!r} != {expected.get(f)!r}{note}")
    wanted = [item_key(item, with_amount, loose) for item in expected["items"]]
    found = [item_key(item, with_amount, loose) for item in got.get("items") or []]
    tally.expected += len(wanted)
    tally.extracted += len(found)
    remaining = list(wanted)
    for key in found:
        if key in remaining:
            remaining.remove(key)
            tally.matched += 1
        else:
            tally.misses.append(f"{name}: extra item {shown(key)}")
    tally.misses.extend(f"{name}: missed item {shown(key)}" for key in remaining)


def shown(key: tuple) -> str:
    """An item key as a person reads it: 12.5 x 'river sand' = 6000."""
    quantity, amount, description = key
    text = f"{quantity:f}" if quantity is not None else "?"
    text += f" x {description!r}"
    return text + (f" = {amount:f}" if amount is not None else "")


# --- named rules ----------------------------------------------------------------------------

RIGHT, WRONG, UNKNOWN = "right", "wrong", "can't tell"
_ITEM_FIELD = re.compile(r"items\[(\d+)\]\.(\w+)")


def pair_items(got: list[dict], expected: list[dict]) -> dict[int, int]:
    """Each read item's index to its expected item's: by description; when both lists are
    as long, the items left over in their order; otherwise an item left over stays out."""
    pairs: dict[int, int] = {}
    free = list(range(len(expected)))
    for n, item in enumerate(got):
        for m in free:
            if normal(item.get("description")) == normal(expected[m].get("description")):
                pairs[n] = m
                free.remove(m)
                break
    if len(got) == len(expected):  # the rest in order: a misread description, same row
        pairs.update(zip([n for n in range(len(got)) if n not in pairs], free, strict=True))
    return pairs


def _part_of(value, truth: str, code: str) -> bool:
    """A description a rule gave is the truth's words, or some of them one after another: a
    rule may set one of a description's lines ('Welded mesh ref 193' of 'Welded mesh ref 193
    2.4 x 6.0 m sheets'), with the item's code still before it ('[WM-193] Welded ...'), the
    code split off later."""
    words, wanted = normal(value).split(), normal(truth).split()
    code = normal(code)
    while words and code and words[0].strip("[]()#:,") == code:
        words = words[1:]
    return bool(words) and any(
        wanted[n : n + len(words)] == words for n in range(len(wanted) - len(words) + 1)
    )


def judge_rule(entry: dict, got: dict, expected: dict) -> str:
    """Whether the value a rule produced is the truth of the field it set."""
    target = str(entry.get("field", ""))
    value = entry.get("value")
    match = _ITEM_FIELD.fullmatch(target)
    if match:
        index, name = int(match.group(1)), match.group(2)
        paired = pair_items(got.get("items") or [], expected["items"]).get(index)
        if paired is None or name not in expected["items"][paired]:
            return UNKNOWN
        truth = expected["items"][paired][name]
        if name == "description":
            code = expected["items"][paired].get("item_code") or ""
            return RIGHT if _part_of(value, truth, code) else WRONG
    elif target in expected and target != "items":
        truth = expected[target]
    else:
        return UNKNOWN
    return RIGHT if same(value, truth) else WRONG


@dataclass
class RuleTally:
    """Per rule: how often it fired, and how often its value was right, wrong or unknown."""

    counts: dict[str, Counter] = field(default_factory=dict)

    def add(self, got: dict, expected: dict) -> None:
        for entry in got.get("rules_applied") or []:
            verdict = judge_rule(entry, got, expected)
            self.counts.setdefault(str(entry.get("rule")), Counter())[verdict] += 1

    def rows(self) -> list[tuple[str, int, int, int, int]]:
        """(rule, fired, right, wrong, can't tell), the most fired first."""
        found = [
            (rule, sum(c.values()), c[RIGHT], c[WRONG], c[UNKNOWN])
            for rule, c in self.counts.items()
        ]
        return sorted(found, key=lambda row: (-row[1], row[0]))
