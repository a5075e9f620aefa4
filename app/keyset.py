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
from collections.abc import Callable
from dataclasses import dataclass


class CursorError(ValueError):
    """A page link whose cursor is damaged."""


@dataclass(frozen=True)
class Order:
    """ORDER BY `expression`, then `id_column`, both in one direction."""

    expression: str
    id_column: str
    descending: bool


def sorted_by(sort: str, columns: dict[str, str], id_column: str) -> Order:
    """The order a list's `sort` parameter names: a key of `columns` (its SQL expression),
    `-` before it for descending."""
    return Order(columns[sort.lstrip("-")], id_column, descending=sort.startswith("-"))


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


@dataclass(frozen=True)
class Window:
    """The page a link asks for, as SQL: a WHERE fragment, the ORDER BY, and parameters.

    `params` holds the cursor's values and `:limit`, one row more than the page.
    """

    order: Order
    where: str
    order_by: str
    params: dict
    limit: int
    cursor: str | None
    backwards: bool

    def chosen(self, table: str, where: list[str]) -> str:
        """`WITH page AS (…)`: the page's ids and sort keys, chosen on the index alone.

        The query that follows joins `page` on `id` and reads the details of the
        page's rows only, not of every row the index walks past.
        """
        return (
            f"WITH page AS (SELECT {self.order.id_column}, {self.order.expression} AS sort_key"
            f" FROM {table} WHERE {' AND '.join([*where, self.where])}"
            f" ORDER BY {self.order_by} LIMIT :limit)"
        )

    def page(self, found: list[dict], key: str = "sort_key") -> Page:
        """The fetched rows as a page (see `paginate`)."""
        return paginate(found, self.limit, self.cursor, self.backwards, key)


def window(order: Order, after: str | None, before: str | None, limit: int) -> Window:
    """The page after `after`, or before `before`, or the first page; CursorError if damaged."""
    cursor, backwards = (before, True) if before else (after, False)
    where, order_by, params = clause(order, cursor, backwards)
    return Window(order, where, order_by, params | {"limit": limit + 1}, limit, cursor, backwards)


def asked_or_first(
    read_page: Callable[..., Page], after: str | None, before: str | None, problems: list[str]
) -> Page:
    """The page a link asks for, read by `read_page(after=, before=)`; a damaged link gets
    the first page instead, and its sentence is added to `problems` for the page to show."""
    try:
        return read_page(after=after, before=before)
    except CursorError as exc:
        problems.append(str(exc))
        return read_page()


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
