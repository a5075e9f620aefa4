"""Keyset pagination: a page is "the next N rows after this one", never OFFSET.

OFFSET makes SQLite walk and throw away every row before the page, so page 50
costs fifty pages. A keyset page starts from the sort key and id of the last
row shown and walks the index from there, so every page costs the same.

Pure: builds SQL fragments and cursors; the list modules run the queries.
A cursor is opaque to people (base64 of the row's sort key and id) and a
malformed one is refused with CursorError rather than guessed at.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from dataclasses import dataclass


class CursorError(ValueError):
    """A page link whose cursor is damaged."""


@dataclass(frozen=True)
class Order:
    """ORDER BY `expression`, then `id_column`, both in one direction."""

    expression: str
    id_column: str
    descending: bool


@dataclass(frozen=True)
class Page:
    rows: list[dict]
    next_cursor: str | None
    prev_cursor: str | None


def encode(key: object, row_id: str) -> str:
    raw = json.dumps([key, row_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(cursor: str) -> tuple[object, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        key, row_id = json.loads(raw)
    except (binascii.Error, ValueError, TypeError):
        raise CursorError("That page link is damaged; showing the first page.") from None
    if not isinstance(row_id, str) or not _is_key(key):
        raise CursorError("That page link is damaged; showing the first page.")
    return key, row_id


def _is_key(key: object) -> bool:
    """A sort key SQLite can compare: text, null, or a number it can hold."""
    if isinstance(key, bool):
        return False
    if isinstance(key, int):
        return -(2**63) <= key < 2**63
    if isinstance(key, float):
        return math.isfinite(key)
    return key is None or isinstance(key, str)


def clause(order: Order, cursor: str | None, backwards: bool) -> tuple[str, str, dict]:
    """(WHERE fragment, ORDER BY fragment, params) for the page after or before `cursor`.

    Going backwards walks the same index the other way; the caller reverses the
    rows it gets back so they read in the page's order.
    """
    descending = order.descending != backwards
    direction = "DESC" if descending else "ASC"
    order_by = f"{order.expression} {direction}, {order.id_column} {direction}"
    if cursor is None:
        return "1", order_by, {}
    key, row_id = decode(cursor)
    past = "<" if descending else ">"
    # Spelled out rather than as a row value `(expr, id) < (key, id)`: SQLite seeks an
    # index on an expression (or with a collation) for `expr <= key`, not for a row value.
    where = (
        f"{order.expression} {past}= :cursor_key"
        f" AND ({order.expression} {past} :cursor_key OR {order.id_column} {past} :cursor_id)"
    )
    return where, order_by, {"cursor_key": key, "cursor_id": row_id}


def paginate(
    found: list[dict], limit: int, cursor: str | None, backwards: bool, key: str = "sort_key"
) -> Page:
    """Turn `limit + 1` fetched rows into a page with links on either side.

    One row more than the page is fetched to learn whether another page follows.
    """
    more = len(found) > limit
    shown = found[:limit]
    if backwards:
        shown.reverse()
    has_next = more if not backwards else cursor is not None
    has_prev = (cursor is not None) if not backwards else more
    first, last = (shown[0], shown[-1]) if shown else (None, None)
    return Page(
        rows=shown,
        next_cursor=encode(last[key], last["id"]) if has_next and last else None,
        prev_cursor=encode(first[key], first["id"]) if has_prev and first else None,
    )
