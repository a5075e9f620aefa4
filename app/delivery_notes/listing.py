"""The delivery note list: search, filters (site, supplier, matched or not, date) and keyset pages.

The filter is read from the query string into `DnFilter` (`app/filters.py`);
each sort walks one index of migration 007, and pages are keyset pages
(`app/keyset.py`), as on the purchasing list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sqlite_utils import Database

from app import keyset
from app.db import rows
from app.filters import Filter, QueryReader, count_matching, date_range, like, site_condition

PAGE_SIZE = 50
SORTS = {
    "created": "dn.created_at",
    "date": "ifnull(dn.dn_date, '')",
    "number": "dn.dn_number",
}
DEFAULT_SORT = "-created"


@dataclass(frozen=True)
class DnFilter(Filter):
    PARAMS: ClassVar[dict[str, str]] = {
        "q": "q",
        "site": "site",
        "supplier": "supplier",
        "matched": "matched",
        "date_from": "from",
        "date_to": "to",
        "sort": "sort",
    }
    DEFAULTS: ClassVar[dict[str, str]] = {"sort": DEFAULT_SORT}

    q: str = ""  # DN number, PO reference or supplier name
    site: str = ""  # a site code, filters.NO_SITE, or "" for every site
    supplier: str = ""  # part of the supplier's name
    matched: str = ""  # "yes" (to a PO), "no", or "" for both
    date_from: str = ""  # YYYY-MM-DD, on the delivery date
    date_to: str = ""
    sort: str = DEFAULT_SORT

    @classmethod
    def from_query(cls, params: dict[str, str | None]) -> DnFilter:
        read = QueryReader(params)
        q, supplier = read.text("q", 100), read.text("supplier", 100)
        matched = read.choice(
            "matched", ("yes", "no"), "“{value}” is not yes or no; showing both.", True
        )
        date_from, date_to = read.date("from"), read.date("to")
        sort = read.sort(SORTS, DEFAULT_SORT)
        site = read.raw("site", 64)
        return cls(
            q, site, supplier, matched, date_from, date_to, sort, problems=tuple(read.problems)
        )

    @property
    def is_filtered(self) -> bool:
        return any((self.q, self.site, self.supplier, self.matched, self.date_from, self.date_to))


def _where(db: Database, flt: DnFilter) -> tuple[list[str], dict]:
    where: list[str] = []
    params: dict = {}
    if flt.q:
        where.append(
            "(dn.dn_number LIKE :q ESCAPE '\\' OR dn.po_reference LIKE :q ESCAPE '\\'"
            " OR dn.supplier_name LIKE :q ESCAPE '\\')"
        )
        params["q"] = like(flt.q)
    if flt.supplier:
        where.append("dn.supplier_name LIKE :supplier ESCAPE '\\'")
        params["supplier"] = like(flt.supplier)
    if flt.site:
        condition, found = site_condition(db, "dn.site_id", flt.site)
        where.append(condition)
        params |= found
    if flt.matched:
        where.append(
            "dn.purchase_order_id IS NOT NULL"
            if flt.matched == "yes"
            else "dn.purchase_order_id IS NULL"
        )
    dates, found = date_range("dn.dn_date", flt.date_from, flt.date_to)
    return where + dates, params | found


def list_dns(
    db: Database,
    flt: DnFilter,
    after: str | None = None,
    before: str | None = None,
    limit: int = PAGE_SIZE,
) -> keyset.Page:
    """One page of DNs for this filter, each with its PO's number, site and line counts."""
    where, params = _where(db, flt)
    window = keyset.window(keyset.sorted_by(flt.sort, SORTS, "dn.id"), after, before, limit)
    found = rows(
        db,
        window.chosen("delivery_notes dn", where)
        + " SELECT page.sort_key, dn.*, s.code AS site_code, po.purchase_order_number AS po_number,"
        "   (SELECT count(*) FROM delivery_note_items i WHERE i.delivery_note_id = dn.id)"
        "     AS line_count,"
        "   (SELECT count(*) FROM delivery_note_items i WHERE i.delivery_note_id = dn.id"
        "     AND i.purchase_order_item_id IS NULL AND ifnull(i.match_method, '') != 'extra')"
        "     AS unmatched_lines"
        " FROM page JOIN delivery_notes dn ON dn.id = page.id"
        " LEFT JOIN sites s ON s.id = dn.site_id"
        " LEFT JOIN purchase_orders po ON po.id = dn.purchase_order_id"
        f" ORDER BY {window.order_by}",
        params | window.params,
    )
    return window.page(found)


def count_dns(db: Database, flt: DnFilter) -> int:
    return count_matching(db, "delivery_notes dn", _where(db, flt))
