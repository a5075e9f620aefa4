"""What the timesheet and fuel log lists share: their filter, and totals per week and per site.

A filter is in the URL (`app/filters.py`): site (a code, or `-` for rows
matched to no site), a person or vehicle (text found in the name or number
as written), a date range, and the batch the rows came from. Totals are
summed in SQL by site and week (weeks start on Monday) and shaped here into
the three views the page shows: per week, per site, and a chart per site.
The owners (`timesheets`, `fuel_logs`) state their own SQL; the helpers
here only run it, so no table is written from this module.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from typing import ClassVar

from sqlite_utils import Database

from app import chart, csv_export, ids, keyset, numbers
from app.db import rows
from app.filters import Filter, QueryReader, date_range, like, site_condition
from app.imports import checks

PAGE_SIZE = 50
API_PAGE = 500
PARAMS = ("site", "who", "from", "to", "batch")
# The chart of a site shows its latest weeks; the table under it has every week.
CHART_WEEKS = 26
# What an imported row's warnings mean, for the pages and the exports.
WARNINGS = {
    "site_unmatched": "the site code matches no site",
    "employee_proposed": "the person is waiting to be confirmed",
    "vehicle_proposed": "the vehicle is waiting to be confirmed",
    "fuel_outlier": "more litres than plausible: a person checks it",
}


# What every imported row says of where it came from: last in its JSON and in its CSV row.
ORIGIN_COLUMNS = ["Warnings", "Batch", "Line"]


def warnings_text(warnings: list[str]) -> str:
    return "; ".join(WARNINGS.get(w, w) for w in warnings)


def origin_json(row: dict) -> dict:
    return {"warnings": row["warnings"], "batch_id": row["batch_id"], "line": row["line_no"]}


def origin_cells(row: dict) -> tuple:
    return (warnings_text(row["warnings"]), row["batch_id"], row["line_no"])


def insert_planned(db: Database, insert: str, batch_id: str, planned: list[dict]) -> None:
    """Run the owner's `insert` for every planned row at once, with its batch and warnings."""
    db.conn.executemany(
        insert,
        ({**row, "batch_id": batch_id, "warnings": json.dumps(row["warnings"])} for row in planned),
    )


def stored_between(db: Database, select: str, date_from: str, date_to: str) -> dict[tuple, str]:
    """The rows stored for these days, as the owner's `select` names them (the columns that
    say it is the same row, then its batch_id), each to its batch."""
    found = db.conn.execute(select, {"date_from": date_from, "date_to": date_to})
    return {tuple(key): batch for *key, batch in found}


@dataclass(frozen=True)
class RowFilter(Filter):
    PARAMS: ClassVar[dict[str, str]] = {
        "site": "site",
        "who": "who",
        "date_from": "from",
        "date_to": "to",
        "batch": "batch",
    }

    site: str = ""  # a site code, filters.NO_SITE, or "" for every site
    who: str = ""  # text in the person's name or the vehicle's number
    date_from: str = ""
    date_to: str = ""
    batch: str = ""  # a batch id: the rows one import brought

    @classmethod
    def from_query(cls, params: dict[str, str | None]) -> RowFilter:
        read = QueryReader(params)
        batch = read.raw("batch", 40)
        if batch and not ids.is_valid(batch):
            read.problems.append("That batch is not one Intake knows; showing every batch.")
            batch = ""
        return cls(
            site=read.raw("site", 64),
            who=read.text("who", 100),
            date_from=read.date("from"),
            date_to=read.date("to"),
            batch=batch,
            problems=tuple(read.problems),
        )

    @property
    def is_filtered(self) -> bool:
        return any((self.site, self.who, self.date_from, self.date_to, self.batch))

    def where(
        self, db: Database, alias: str, date_column: str, who_column: str
    ) -> tuple[list[str], dict]:
        """SQL conditions on the table `alias`."""
        where: list[str] = []
        params: dict = {}
        if self.site:
            condition, found = site_condition(db, f"{alias}.site_id", self.site)
            where.append(condition)
            params |= found
        if self.who:
            where.append(f"{alias}.{who_column} LIKE :who ESCAPE '\\'")
            params["who"] = like(self.who)
        dates, found = date_range(f"{alias}.{date_column}", self.date_from, self.date_to)
        where += dates
        params |= found
        if self.batch:
            where.append(f"{alias}.batch_id = :batch")
            params["batch"] = self.batch
        return where, params


@dataclass
class Totals:
    """Sums per week, per site, and per site and week (for the charts)."""

    weeks: list[dict]
    sites: list[dict]
    charts: list[dict]
    grand: dict


def _add(into: dict, row: dict, measures: tuple[str, ...]) -> None:
    for name in measures:
        into[name] = into.get(name, 0) + (row[name] or 0)
    into["rows"] = into.get("rows", 0) + row["rows"]
    for currency, cents in row.get("money", {}).items():
        into.setdefault("money", {})
        into["money"][currency] = into["money"].get(currency, 0) + cents


def _shown(total: dict, measure: str) -> dict:
    """A total with its measure as people read it: hours, litres, money per currency."""
    text = checks.hours_text if measure == "seconds" else checks.litres_text
    total["quantity"] = text(total.get(measure, 0))
    total["costs"] = sorted(total.get("money", {}).items())
    return total


def weekly_sums(
    db: Database,
    conditions: tuple[list[str], dict],
    table: str,
    alias: str,
    day: str,
    sums: str,
    also_by: str | None = None,
) -> list[dict]:
    """The filtered rows of an imported table summed per site and week, for `shape`.

    Weeks start on Monday. `sums` is the owner's SELECT of its sums (each named
    as `shape` reads it); `also_by` is a further column to keep apart (a fill's
    currency).
    """
    where, params = conditions
    also = f", {alias}.{also_by}" if also_by else ""
    return rows(
        db,
        f"SELECT {alias}.site_id, s.code AS site_code, s.name AS site_name,"
        f" date({alias}.{day}, 'weekday 0', '-6 days') AS week{also}, {sums}, count(*) AS rows"
        f" FROM {table} {alias} LEFT JOIN sites s ON s.id = {alias}.site_id"
        f" WHERE {' AND '.join(where) or '1'} GROUP BY {alias}.site_id, week{also}",
        params,
    )


def shape(grouped: list[dict], measure: str, unit: str, scale: int) -> Totals:
    """From rows of (site_id, site_code, site_name, week, <measure>, rows[, money]).

    `scale` turns the stored measure into what people read (3600 seconds an
    hour, 1000 millilitres a litre) for the charts.
    """
    weeks: dict[str, dict] = {}
    sites: dict[str | None, dict] = {}
    grand: dict = {}
    for row in grouped:
        week = weeks.setdefault(row["week"], {"week": row["week"]})
        site = sites.setdefault(
            row["site_id"],
            {
                "site_id": row["site_id"],
                "site_code": row["site_code"],
                "site_name": row["site_name"],
                "weeks": {},
            },
        )
        _add(week, row, (measure,))
        _add(site, row, (measure,))
        _add(grand, row, (measure,))
        site["weeks"][row["week"]] = site["weeks"].get(row["week"], 0) + (row[measure] or 0)
    ordered_sites = sorted(sites.values(), key=lambda s: (s["site_code"] is None, s["site_code"]))
    charts = [
        {
            "site": site,
            "chart": chart.bar_chart(
                [
                    (week, Decimal(value) / scale)
                    for week, value in sorted(site["weeks"].items())[-CHART_WEEKS:]
                ],
                unit,
            ),
        }
        for site in ordered_sites
    ]
    return Totals(
        weeks=[_shown(w, measure) for w in sorted(weeks.values(), key=lambda w: w["week"])][::-1],
        sites=[_shown(site, measure) for site in ordered_sites],
        charts=charts,
        grand=_shown(grand, measure),
    )


@dataclass(frozen=True)
class Listing:
    """How an owner's table is listed: one filtered page at a time, and as a CSV export.

    `select` is the owner's `SELECT … FROM …` (its rows' `sort_key` the
    `order`), `where(db, flt)` the filter's SQL on it, `shown(row)` adds what
    people read (hours, litres), and `cells(row)` is a row's values in the
    order of `columns`.
    """

    select: str
    order: keyset.Order
    where: Callable[[Database, RowFilter], tuple[list[str], dict]]
    shown: Callable[[dict], None]
    columns: list[str]
    cells: Callable[[dict], tuple]

    def rows(
        self,
        db: Database,
        flt: RowFilter,
        after: str | None = None,
        before: str | None = None,
        limit: int = PAGE_SIZE,
    ) -> keyset.Page:
        """One page of rows for this filter, each with its warnings read."""
        where, params = self.where(db, flt)
        window = keyset.window(self.order, after, before, limit)
        found = rows(
            db,
            f"{self.select} WHERE {' AND '.join([*where, window.where])}"
            f" ORDER BY {window.order_by} LIMIT :limit",
            params | window.params,
        )
        for row in found:
            row["warnings"] = json.loads(row["warnings"])
            self.shown(row)
        return window.page(found)

    def export_csv(self, db: Database, flt: RowFilter, chunk: int = 1000) -> Iterator[str]:
        """Every row matching the filter, newest first, as CSV text in chunks."""
        return csv_export.stream(
            self.columns,
            lambda after, limit: self.rows(db, flt, after=after, limit=limit),
            self.cells,
            chunk,
        )


def page_view(db, store, flt: RowFilter, after: str | None, before: str | None) -> dict:
    """What a list page shows for a filter: one page of rows, the totals, and any problems.

    `store` is the module that owns the table (`timesheets` or `fuel_logs`).
    """
    problems = list(flt.problems)
    results = keyset.asked_or_first(partial(store.LISTING.rows, db, flt), after, before, problems)
    return {
        "flt": flt,
        "results": results,
        "totals": store.totals(db, flt),
        "problems": problems,
        "paged": bool(after or before),
    }


def api_view(db, store, flt: RowFilter, after: str | None) -> dict:
    """The list as JSON: a page of rows (500 at most), the next page's cursor, and the totals."""
    page = store.LISTING.rows(db, flt, after=after, limit=API_PAGE)
    totals = store.totals(db, flt)
    return {
        "rows": [store.as_json(row) for row in page.rows],
        "next": page.next_cursor,
        "totals": {
            "weeks": [_json_total(week, "week") for week in totals.weeks],
            "sites": [_json_total(site, "site_code") for site in totals.sites],
        },
    }


def _json_total(total: dict, label: str) -> dict:
    shown = {label: total[label], "rows": total["rows"]}
    if "seconds" in total:
        shown["hours"] = checks.hours_text(total["seconds"])
    if "millilitres" in total:
        shown["litres"] = checks.litres_text(total["millilitres"])
        shown["cost"] = {
            currency: numbers.cents_to_text(cents)
            for currency, cents in sorted(total.get("money", {}).items())
        }
    return shown
