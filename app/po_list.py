"""The purchase order list: search, filters, sorting, keyset pages and the CSV export.

A filter is read from the URL's query string (so a filtered list can be
bookmarked and shared) into `PoFilter`; a value that makes no sense is
dropped with a sentence saying so, never a 500. Every sort walks one index
(see migration 003), and pages are keyset pages (`app/keyset.py`).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlencode

from sqlite_utils import Database

from app import keyset, numbers, po_edit, purchasing, sites
from app.db import rows

PAGE_SIZE = 50
NO_SITE = "-"  # ?site=- lists POs matched to no site; no site code can be empty
# column name -> (SQL sort expression, matching the indexes in migration 003)
SORTS = {
    "created": "po.created_at",
    "number": "po.purchase_order_number",
    "date": "ifnull(po.po_date, '')",
    "supplier": "po.supplier_name COLLATE NOCASE",
    "total": "ifnull(po.total_cents, -1e18)",
}
DEFAULT_SORT = "-created"


@dataclass(frozen=True)
class PoFilter:
    q: str = ""
    site: str = ""  # a site code, NO_SITE, or "" for every site
    verified: str = ""  # "yes", "no" or "" for both
    date_from: str = ""  # YYYY-MM-DD, on the PO's own date
    date_to: str = ""
    sort: str = DEFAULT_SORT
    problems: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def from_query(cls, params: dict[str, str | None]) -> PoFilter:
        """Read the filter from query parameters; a bad value is dropped and explained."""
        problems: list[str] = []
        q = " ".join((params.get("q") or "").split())[:100]
        verified = (params.get("verified") or "").strip().lower()
        if verified not in ("", "yes", "no"):
            problems.append(f"“{verified}” is not a verified state; showing both.")
            verified = ""
        dates = []
        for name, label in (("from", "from"), ("to", "to")):
            raw = (params.get(name) or "").strip()
            try:
                dates.append(numbers.parse_date(raw) if raw else "")
            except ValueError:
                problems.append(f"The {label} date “{raw[:40]}” is not a date; it is ignored.")
                dates.append("")
        sort = (params.get("sort") or DEFAULT_SORT).strip()
        if sort.lstrip("-") not in SORTS:
            problems.append(f"The list cannot be sorted by “{sort[:40]}”; newest first instead.")
            sort = DEFAULT_SORT
        site = (params.get("site") or "").strip()[:64]
        return cls(q, site, verified, dates[0], dates[1], sort, tuple(problems))

    def query(self, **changes: str) -> str:
        """This filter as a query string, with some values changed (for links)."""
        values = {
            "q": self.q,
            "site": self.site,
            "verified": self.verified,
            "from": self.date_from,
            "to": self.date_to,
            "sort": "" if self.sort == DEFAULT_SORT else self.sort,
        }
        values.update(changes)
        return urlencode({key: value for key, value in values.items() if value})

    def link(self, path: str, **changes: str) -> str:
        """`path` with this filter (some values changed) as its query string."""
        query = self.query(**changes)
        return f"{path}?{query}" if query else path

    def sort_link(self, column: str) -> str:
        """Sort by a column; a second click on the sorted column reverses it."""
        target = f"-{column}" if self.sort == column else column
        if column in ("created", "date", "total") and self.sort != f"-{column}":
            target = f"-{column}"  # newest and largest first is what people look for first
        return self.link("/purchasing", sort="" if target == DEFAULT_SORT else target)

    @property
    def is_filtered(self) -> bool:
        return any((self.q, self.site, self.verified, self.date_from, self.date_to))


def _like(text: str) -> str:
    return "%" + re.sub(r"([%_\\])", r"\\\1", text) + "%"


def _where(db: Database, flt: PoFilter) -> tuple[list[str], dict]:
    where: list[str] = []
    params: dict = {}
    if flt.q:
        where.append(
            "(po.purchase_order_number LIKE :q ESCAPE '\\' OR po.supplier_name LIKE :q ESCAPE '\\')"
        )
        params["q"] = _like(flt.q)
    if flt.site == NO_SITE:
        where.append("po.site_id IS NULL")
    elif flt.site:
        site = sites.site_by_code(db, flt.site)
        where.append("po.site_id = :site_id")
        params["site_id"] = site["id"] if site else ""
    if flt.verified:
        where.append("po.is_verified = :verified")
        params["verified"] = 1 if flt.verified == "yes" else 0
    if flt.date_from:
        where.append("po.po_date >= :date_from")
        params["date_from"] = flt.date_from
    if flt.date_to:
        where.append("po.po_date <= :date_to")
        params["date_to"] = flt.date_to
    return where, params


def _order(flt: PoFilter) -> keyset.Order:
    column = flt.sort.lstrip("-")
    return keyset.Order(SORTS[column], "po.id", descending=flt.sort.startswith("-"))


def list_pos(
    db: Database,
    flt: PoFilter,
    after: str | None = None,
    before: str | None = None,
    limit: int = PAGE_SIZE,
) -> keyset.Page:
    """One page of POs for this filter, with what each row shows (site, warnings, totals)."""
    where, params = _where(db, flt)
    cursor, backwards = (before, True) if before else (after, False)
    page_where, order_by, cursor_params = keyset.clause(_order(flt), cursor, backwards)
    where.append(page_where)
    # The page is chosen on the index alone; the details are read for its rows only.
    found = rows(
        db,
        f"WITH page AS (SELECT po.id, {_order(flt).expression} AS sort_key"
        f" FROM purchase_orders po WHERE {' AND '.join(where)}"
        f" ORDER BY {order_by} LIMIT :limit)"
        " SELECT page.sort_key, po.*, s.code AS site_code, s.name AS site_name,"
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
        f" ORDER BY {order_by}",
        {**params, **cursor_params, "limit": limit + 1},
    )
    for row in found:
        row["warnings"] = _warnings(row)
    return keyset.paginate(found, limit, cursor, backwards)


def _warnings(row: dict) -> list[str]:
    totals = purchasing.check_totals(
        row["items_total"] if row["item_count"] else None,
        row["items_unpriced"] == 0,
        row["subtotal_cents"],
        row["tax_cents"],
        row["total_cents"],
    )
    return po_edit.current_warnings(row, json.loads(row["batch_warnings"] or "[]"), totals)


def count_pos(db: Database, flt: PoFilter) -> int:
    where, params = _where(db, flt)
    sql = "SELECT count(*) AS n FROM purchase_orders po"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return rows(db, sql, params)[0]["n"]


def count_for(db: Database, flt: PoFilter, first: keyset.Page, paged: bool) -> int:
    """How many POs match: counted only when the first page does not already say.

    A search for one PO number finds it and stops; counting would walk every row again.
    """
    if not paged and first.next_cursor is None:
        return len(first.rows)
    return count_pos(db, flt)


def unverified_count(db: Database) -> int:
    return rows(db, "SELECT count(*) AS n FROM purchase_orders WHERE is_verified = 0")[0]["n"]


# --- CSV export ------------------------------------------------------------------

CSV_COLUMNS = [
    "PO number",
    "PO date",
    "Supplier",
    "Project code",
    "Site code",
    "Site name",
    "Currency",
    "Subtotal",
    "Tax",
    "Total",
    "Items total",
    "Verified",
    "Verified at",
    "Warnings",
    "Imported at",
]
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def safe_cell(value: object) -> str:
    """A cell a spreadsheet will show as text, never run as a formula.

    Text starting with = + - @ (or a tab or carriage return) gets a leading
    apostrophe; a plain number such as -12.50 is left as it is.
    """
    text = "" if value is None else str(value)
    if text.startswith(_FORMULA_START) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def export_csv(db: Database, flt: PoFilter, chunk: int = 1000) -> Iterator[str]:
    """Every PO matching the filter, in its order, as CSV text in chunks of rows."""
    cents = numbers.cents_to_text
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_COLUMNS)
    after = None
    while True:
        page = list_pos(db, flt, after=after, limit=chunk)
        for po in page.rows:
            writer.writerow(
                [
                    safe_cell(value)
                    for value in (
                        po["purchase_order_number"],
                        po["po_date"],
                        po["supplier_name"],
                        po["project_code"],
                        po["site_code"],
                        po["site_name"],
                        po["currency"],
                        cents(po["subtotal_cents"]),
                        cents(po["tax_cents"]),
                        cents(po["total_cents"]),
                        cents(po["items_total"]),
                        "yes" if po["is_verified"] else "no",
                        po["verified_at"],
                        "; ".join(po_edit.describe(w) for w in po["warnings"]),
                        po["created_at"],
                    )
                ]
            )
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        if page.next_cursor is None:
            return
        after = page.next_cursor
