"""The purchase order list: search, filters, sorting and keyset pages.

A filter is read from the URL's query string into `PoFilter` (`app/filters.py`).
Every sort walks one index (see migration 003), and pages are keyset pages
(`app/keyset.py`). The CSV export walks the same pages (`export.py`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

from sqlite_utils import Database

from app import keyset
from app.db import rows
from app.delivery_notes.delivery import STATUSES
from app.filters import Filter, QueryReader, count_matching, date_range, like, site_condition
from app.purchase_orders import record, totals

PAGE_SIZE = 50
# column name -> (SQL sort expression, matching the indexes in migration 003)
SORTS = {
    "created": "po.created_at",
    "number": "ifnull(po.purchase_order_number, '')",  # one still without a number first
    "date": "ifnull(po.po_date, '')",
    "supplier": "po.supplier_name COLLATE NOCASE",
    "total": "ifnull(po.total_cents, -1e18)",
}
DEFAULT_SORT = "-created"
# The verified filter's choice for POs imported without a number, still waiting for it.
UNNUMBERED = "unnumbered"


@dataclass(frozen=True)
class PoFilter(Filter):
    PARAMS: ClassVar[dict[str, str]] = {
        "q": "q",
        "site": "site",
        "verified": "verified",
        "date_from": "from",
        "date_to": "to",
        "sort": "sort",
        "delivery": "delivery",
    }
    DEFAULTS: ClassVar[dict[str, str]] = {"sort": DEFAULT_SORT}

    q: str = ""
    site: str = ""  # a site code, filters.NO_SITE, or "" for every site
    verified: str = ""  # "yes", "no", "unnumbered" (not verified: no number yet) or "" for all
    date_from: str = ""  # YYYY-MM-DD, on the PO's own date
    date_to: str = ""
    sort: str = DEFAULT_SORT
    delivery: str = ""  # a delivery status (delivery.STATUSES), or "" for every one

    @classmethod
    def from_query(cls, params: dict[str, str | None]) -> PoFilter:
        """Read the filter from query parameters; a bad value is dropped and explained."""
        read = QueryReader(params)
        q = read.text("q", 100)
        verified = read.choice(
            "verified",
            ("yes", "no", UNNUMBERED),
            "“{value}” is not a verified state; showing all.",
            True,
        )
        date_from, date_to = read.date("from"), read.date("to")
        sort = read.sort(SORTS, DEFAULT_SORT)
        site = read.raw("site", 64)
        delivery = read.choice(
            "delivery", tuple(STATUSES), "“{value}” is not a delivery status; showing every one."
        )
        return cls(
            q, site, verified, date_from, date_to, sort, delivery, problems=tuple(read.problems)
        )

    def sort_link(self, column: str) -> str:
        """Sort by a column; a second click on the sorted column reverses it."""
        target = f"-{column}" if self.sort == column else column
        if column in ("created", "date", "total") and self.sort != f"-{column}":
            target = f"-{column}"  # newest and largest first is what people look for first
        return self.link("/purchasing", sort="" if target == DEFAULT_SORT else target)

    @property
    def is_filtered(self) -> bool:
        return any((self.q, self.site, self.verified, self.date_from, self.date_to, self.delivery))


def _where(db: Database, flt: PoFilter) -> tuple[list[str], dict]:
    where: list[str] = []
    params: dict = {}
    if flt.q:
        where.append(
            "(po.purchase_order_number LIKE :q ESCAPE '\\' OR po.supplier_name LIKE :q ESCAPE '\\')"
        )
        params["q"] = like(flt.q)
    if flt.site:
        condition, found = site_condition(db, "po.site_id", flt.site)
        where.append(condition)
        params |= found
    if flt.verified == UNNUMBERED:  # waiting for a person to type the number
        where.append("po.purchase_order_number IS NULL")
    elif flt.verified:
        where.append("po.is_verified = :verified")
        params["verified"] = 1 if flt.verified == "yes" else 0
    if flt.delivery:  # a stored column with its own index (migration 007): no subquery
        where.append("po.delivery_status = :delivery")
        params["delivery"] = flt.delivery
    dates, found = date_range("po.po_date", flt.date_from, flt.date_to)
    return where + dates, params | found


def list_pos(
    db: Database,
    flt: PoFilter,
    after: str | None = None,
    before: str | None = None,
    limit: int = PAGE_SIZE,
) -> keyset.Page:
    """One page of POs for this filter, with what each row shows (site, warnings, totals)."""
    where, params = _where(db, flt)
    window = keyset.window(keyset.sorted_by(flt.sort, SORTS, "po.id"), after, before, limit)
    found = rows(
        db,
        window.chosen("purchase_orders po", where)
        + " SELECT page.sort_key, po.*, s.code AS site_code, s.name AS site_name,"
        "   b.warnings AS batch_warnings,"
        "   (SELECT sum(i.amount_cents) FROM purchase_order_items i"
        "     WHERE i.purchase_order_id = po.id) AS items_total,"
        "   (SELECT count(*) FROM purchase_order_items i"
        "     WHERE i.purchase_order_id = po.id AND i.amount_cents IS NULL) AS items_unpriced,"
        "   (SELECT count(*) FROM purchase_order_items i"
        "     WHERE i.purchase_order_id = po.id) AS item_count"
        " FROM page JOIN purchase_orders po ON po.id = page.id"
        " LEFT JOIN sites s ON s.id = po.site_id"
        " LEFT JOIN data_import_batches b ON b.id = po.batch_id"
        f" ORDER BY {window.order_by}",
        params | window.params,
    )
    for row in found:
        row["warnings"] = _warnings(row)
    return window.page(found)


def _warnings(row: dict) -> list[str]:
    check = totals.check(
        row["items_total"] if row["item_count"] else None,
        row["items_unpriced"] == 0,
        row["subtotal_cents"],
        row["tax_cents"],
        row["total_cents"],
    )
    return record.current_warnings(row, json.loads(row["batch_warnings"] or "[]"), check)


def count_pos(db: Database, flt: PoFilter) -> int:
    return count_matching(db, "purchase_orders po", _where(db, flt))


def count_for(db: Database, flt: PoFilter, first: keyset.Page, paged: bool) -> int:
    """How many POs match: counted only when the first page does not already say.

    A search for one PO number finds it and stops; counting would walk every row again.
    """
    if not paged and first.next_cursor is None:
        return len(first.rows)
    return count_pos(db, flt)
