"""What the reading stages hand each other: a field read, an item row, a rule applied.

A `Found` is one header or foot field with how sure the reader is and where
it came from; an `Item` is one line of the item table as the rules see it,
with whether the OCR read it and which of its numbers the OCR doubted; a
`Trail` records each time a named rule changed or made a value, so the
payload can say which rule did what and why. Pure: no files, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Found:
    """A field's value, how sure we are of it (0..1), and the text it came from.

    `rank` is which wording of the field's label found it (0 the most specific),
    None when no label did (worked out by a rule, or a default); `ocr` says the
    value was read by OCR; `rule` names the rule that made it, if one did.
    """

    value: str | None
    confidence: float
    source: str = ""
    rank: int | None = None
    ocr: bool = False
    rule: str = ""


MISSING = Found(None, 0.0, "")


@dataclass
class Item:
    """One item row: its values as decimal text, and what the rules need to know of it."""

    item_code: str = ""
    description: str = ""
    quantity: str | None = None
    unit: str = ""
    unit_price: str | None = None
    amount: str | None = None
    discount: str | None = None
    ordered_quantity: str | None = None  # a delivery note that prints both quantities...
    ordered_printed: bool = False  # ...says so here, even when the ordered one is unread
    confidence: float = 1.0
    ocr: bool = False  # read by OCR: its numbers may be misread, unlike a text layer's
    doubtful: frozenset[str] = frozenset()  # the values the OCR itself was unsure of
    row: object = None  # the table row it was read from, to name it in the rules' trail

    def po_payload(self) -> dict:
        out = {
            "item_code": self.item_code,
            "description": self.description,
            "quantity": self.quantity,
            "unit": self.unit,
            "unit_price": self.unit_price,
            "amount": self.amount,
        }
        if self.discount:
            out["discount"] = self.discount
        return out | {"confidence": round(self.confidence, 3)}

    def dn_payload(self) -> dict:
        out = {
            "item_code": self.item_code,
            "description": self.description,
            "quantity": self.quantity,
            "unit": self.unit,
        }
        if self.ordered_printed:
            out["ordered_quantity"] = self.ordered_quantity
        return out | {"confidence": round(self.confidence, 3)}


@dataclass(frozen=True)
class Applied:
    """One application of a rule: which, to what, the value it gave, and why."""

    rule: str
    field: str
    value: str
    reason: str
    target: object = None  # the item or table row it changed, resolved to items[n] at the end


@dataclass
class Trail:
    """Every rule application of one reading, in the order they happened."""

    applied: list[Applied] = field(default_factory=list)

    def note(self, rule: str, field: str, value, reason: str, target: object = None) -> None:
        self.applied.append(
            Applied(rule, field, "" if value is None else str(value), reason, target)
        )

    def payload(self, items: list[Item]) -> list[dict]:
        """The applications as the payload's `rules_applied`, with item fields named by their
        place in the final list ('items[2].amount'); a row that did not become an item is
        named 'items'."""
        places = {}
        for n, item in enumerate(items):
            places[id(item)] = n
            if item.row is not None:
                places.setdefault(id(item.row), n)
        out = []
        for entry in self.applied:
            name = entry.field
            if entry.target is not None:
                n = places.get(id(entry.target))
                name = "items" if n is None else f"items[{n}]" + (f".{name}" if name else "")
            out.append(
                {"rule": entry.rule, "field": name, "value": entry.value, "reason": entry.reason}
            )
        return out
