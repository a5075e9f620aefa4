"""An item line as the API and the reader name it: the same on a PO and on a DN.

A stored line (a row of `purchase_order_items` or `delivery_note_items`)
becomes the plain values the API's JSON, the accounting system's body and
the layout memory use: its words, and for a PO line its money as decimal
text. Pure: it reads no table.
"""

from __future__ import annotations

from app import numbers


def words(item: dict) -> dict:
    """What every line says, a PO's or a DN's: its code, description, quantity and unit."""
    return {
        "item_code": item["item_code"],
        "description": item["description"],
        "quantity": item["quantity"],
        "unit": item["unit"],
    }


def priced(item: dict) -> dict:
    """A PO line's words and money, as the reader names them (money as decimal text)."""
    return words(item) | {
        "unit_price": numbers.cents_to_text(item["unit_price_cents"]),
        "discount_percent": item["discount_percent"],
        "amount": numbers.cents_to_text(item["amount_cents"]),
    }
