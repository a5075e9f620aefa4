"""Comparing two versions of one PO: is a new document a revision, and what changed.

Pure: a version is a plain dict (the PO's fields and its items), made from a
stored PO or from an extracted payload, so the importer, the review page and
the tests compare the same way. A revision is a difference in the items
(codes, descriptions, quantities, units, prices, discounts, amounts) or the money
(subtotal, tax, total), judged after setting aside what reading a photo or a scan varies:
a unit lost, a code or description read with a character mistaken or its
spacing changed, a value one reading missed. A document that differs only in
that way, or in how its header was read (the date, the supplier's spelling),
is the same PO imported again.
The side-by-side comparison takes its fields as arguments, so a delivery
note that arrives again is compared the same way (`app/delivery_notes/revisions.py`).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

FIELDS = [
    ("po_date", "Date"),
    ("supplier_name", "Supplier"),
    ("project_code", "Project code"),
    ("currency", "Currency"),
    ("subtotal_cents", "Subtotal"),
    ("tax_cents", "Tax"),
    ("total_cents", "Total"),
]
MONEY_FIELDS = ("subtotal_cents", "tax_cents", "total_cents")
ITEM_FIELDS = [
    ("item_code", "Code"),
    ("description", "Description"),
    ("quantity", "Qty"),
    ("unit", "Unit"),
    ("unit_price_cents", "Unit price"),
    ("discount_percent", "Discount %"),
    ("amount_cents", "Amount"),
]


def item_values(item, item_fields=ITEM_FIELDS) -> dict:
    """An item (a row or a validated payload's item) as a version's item."""
    get = item.get if isinstance(item, dict) else lambda name: getattr(item, name)
    return {name: get(name) for name, _ in item_fields}


def version_of_po(po: dict, items: list[dict]) -> dict:
    """A stored PO and its items as a version."""
    return {name: po[name] for name, _ in FIELDS} | {"items": [item_values(i) for i in items]}


def version_of_data(data) -> dict:
    """A validated payload (intake.PurchaseOrderData) as a version."""
    return {name: getattr(data, name) for name, _ in FIELDS} | {
        "items": [item_values(i) for i in data.items]
    }


def is_revision(before: dict, after: dict) -> bool:
    """Items or money differ, beyond what reading varies: a person must choose which stands."""
    if any(_differ(before[name], after[name]) for name in MONEY_FIELDS):
        return True
    if len(before["items"]) != len(after["items"]):
        return True
    return any(
        not _same_item(old, new) for old, new in zip(before["items"], after["items"], strict=True)
    )


# Characters OCR takes for one another, folded to one before codes and descriptions are compared.
_LOOKALIKES = str.maketrans("oilsbzg", "0115826")
# Descriptions this alike (0..1) after folding are one item read twice: a character or two of a
# line's description misread, not another item.
SAME_DESCRIPTION = 0.9


def _differ(old, new) -> bool:
    """Two readings of one value differ only when both were read: a value one reading
    missed is not evidence that the document changed."""
    return old is not None and new is not None and old != new


def _folded(text: str | None) -> str:
    """Letters and digits only, lower case, look-alikes as one: how OCR's variants compare."""
    return re.sub(r"[^0-9a-z]", "", (text or "").lower()).translate(_LOOKALIKES)


def _same_item(old: dict, new: dict) -> bool:
    """One line read twice: same quantity, prices and amount (where both readings have them),
    the same code and a description alike once folded. The unit is not compared: it changes
    no money, and a photo's reading often loses it."""
    if any(_differ(old[name], new[name]) for name in ("quantity", "unit_price_cents")):
        return False
    if _differ(old["amount_cents"], new["amount_cents"]):
        return False
    if _differ(_folded(old["item_code"]) or None, _folded(new["item_code"]) or None):
        return False
    first, second = _folded(old["description"]), _folded(new["description"])
    return (
        not (first and second) or SequenceMatcher(None, first, second).ratio() >= SAME_DESCRIPTION
    )


def money_at_risk(before: dict, after: dict) -> int:
    """The difference in totals (the items' sums when a total is missing), in cents."""
    if before["total_cents"] is not None and after["total_cents"] is not None:
        return abs(after["total_cents"] - before["total_cents"])

    def items_sum(version: dict) -> int:
        return sum(item["amount_cents"] or 0 for item in version["items"])

    return abs(items_sum(after) - items_sum(before))


def comparison(before: dict, after: dict, fields=FIELDS, item_fields=ITEM_FIELDS) -> dict:
    """Both versions side by side for the page, each differing value marked.

    {"fields": [{label, name, before, after, changed}],
     "items": [{line_no, before: {...} | None, after: {...} | None, changed: {field names}}]}
    """
    shown = [
        {
            "name": name,
            "label": label,
            "before": before.get(name),
            "after": after.get(name),
            "changed": before.get(name) != after.get(name),
        }
        for name, label in fields
    ]
    lines = []
    count = max(len(before["items"]), len(after["items"]))
    for index in range(count):
        old = before["items"][index] if index < len(before["items"]) else None
        new = after["items"][index] if index < len(after["items"]) else None
        if old is None or new is None:
            changed = [name for name, _ in item_fields]
        else:
            # (a version kept before items had discounts has none: .get)
            changed = [name for name, _ in item_fields if old.get(name) != new.get(name)]
        lines.append({"line_no": index + 1, "before": old, "after": new, "changed": changed})
    return {"fields": shown, "items": lines}


def changed_summary(before: dict, after: dict, fields=FIELDS, item_fields=ITEM_FIELDS) -> list[str]:
    """What differs, in words: ['Total', 'item 2 Qty', 'item 3 added']."""
    view = comparison(before, after, fields, item_fields)
    said = [field["label"] for field in view["fields"] if field["changed"]]
    labels = dict(item_fields)
    for line in view["items"]:
        if line["before"] is None:
            said.append(f"item {line['line_no']} added")
        elif line["after"] is None:
            said.append(f"item {line['line_no']} removed")
        else:
            said.extend(f"item {line['line_no']} {labels[name]}" for name in line["changed"])
    return said
