"""The delivery note list: search, filters (site, supplier, matched or not, date) and keyset pages.

The filter is read from the query string into `DnFilter` (`app/filters.py`);
each sort walks one index of migration 007, and pages are keyset pages
(`app/keyset.py`), as on the purchasing list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from sqlite_utils import Database

from app import keyset, sites
from app.db import rows
from app.filters import Filter, QueryReader, like

PAGE_SIZE = 50
NO_SITE = "-"
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
    site: str = ""  # a site code, NO_SITE, or "" for every site
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
        sort = (params.get("sort") or DEFAULT_SORT).strip()
        if sort.lstrip("-") not in SORTS:
            read.problems.append(
                f"The list cannot be sorted by “{sort[:40]}”; newest first instead."
            )
            sort = DEFAULT_SORT
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
    if flt.site == NO_SITE:
        where.append("dn.site_id IS NULL")
    elif flt.site:
        site = sites.site_by_code(db, flt.site)
        where.append("dn.site_id = :site_id")
        params["site_id"] = site["id"] if site else ""
    if flt.matched:
        where.append(
            "dn.purchase_order_id IS NOT NULL"
            if flt.matched == "yes"
            else "dn.purchase_order_id IS NULL"
        )
    if flt.date_from:
        where.append("dn.dn_date >= :date_from")
        params["date_from"] = flt.date_from
    if flt.date_to:
        where.append("dn.dn_date <= :date_to")
        params["date_to"] = flt.date_to
    return where, params


def _order(flt: DnFilter) -> keyset.Order:
    return keyset.Order(SORTS[flt.sort.lstrip("-")], "dn.id", descending=flt.sort.startswith("-"))


def list_dns(
    db: Database,
    flt: DnFilter,
    after: str | None = None,
    before: str | None = None,
    limit: int = PAGE_SIZE,
) -> keyset.Page:
    """One page of DNs for this filter, each with its PO's number, site and line counts."""
    where, params = _where(db, flt)
    cursor, backwards = (before, True) if before else (after, False)
    page_where, order_by, cursor_params = keyset.clause(_order(flt), cursor, backwards)
    where.append(page_where)
    found = rows(
        db,
        f"WITH page AS (SELECT dn.id, {_order(flt).expression} AS sort_key"
        f" FROM delivery_notes dn WHERE {' AND '.join(where)} ORDER BY {order_by} LIMIT :limit)"
        " SELECT page.sort_key, dn.*, s.code AS site_code, po.purchase_order_number AS po_number,"
        "   (SELECT count(*) FROM delivery_note_items i WHERE i.delivery_note_id = dn.id)"
        "     AS line_count,"
        "   (SELECT count(*) FROM delivery_note_items i WHERE i.delivery_note_id = dn.id"
        "     AND i.purchase_order_item_id IS NULL AND ifnull(i.match_method, '') != 'extra')"
        "     AS unmatched_lines"
        " FROM page JOIN delivery_notes dn ON dn.id = page.id"
        " LEFT JOIN sites s ON s.id = dn.site_id"
        " LEFT JOIN purchase_orders po ON po.id = dn.purchase_order_id"
        f" ORDER BY {order_by}",
        {**params, **cursor_params, "limit": limit + 1},
    )
    return keyset.paginate(found, limit, cursor, backwards)


def count_dns(db: Database, flt: DnFilter) -> int:
    where, params = _where(db, flt)
    sql = "SELECT count(*) AS n FROM delivery_notes dn"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return rows(db, sql, params)[0]["n"]
