"""A list page's filter, read from its query string: parsing, links and text search.

A filter is in the URL so a filtered list can be bookmarked and shared. A
value that makes no sense is dropped with a sentence saying so (the page
shows it), never a 500. Each list declares its own filter as a frozen
dataclass on `Filter` and reads it with a `QueryReader`; every list (POs,
delivery notes, batches, timesheets, fuel logs) builds its links, LIKE
patterns and site condition the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar
from urllib.parse import urlencode

from sqlite_utils import Database

from app import numbers, sites
from app.db import rows

NO_SITE = "-"  # ?site=- lists the records matched to no site; no site code can be empty


class QueryReader:
    """Reads query parameters one by one, collecting a sentence for each bad one."""

    def __init__(self, params: dict[str, str | None]):
        self.params = params
        self.problems: list[str] = []

    def raw(self, name: str, limit: int = 200) -> str:
        return (self.params.get(name) or "").strip()[:limit]

    def text(self, name: str, limit: int) -> str:
        """Free text, its runs of spaces made one."""
        return " ".join((self.params.get(name) or "").split())[:limit]

    def choice(self, name: str, allowed: tuple[str, ...], problem: str, lower: bool = False) -> str:
        """One of `allowed`, or "" with `problem` (which may name the {value}) said."""
        value = (self.params.get(name) or "").strip()
        value = value.lower() if lower else value
        if value and value not in allowed:
            self.problems.append(problem.format(value=value[:40]))
            return ""
        return value

    def sort(self, columns: dict[str, str], default: str) -> str:
        """A column of `columns`, `-` before it for descending; else `default` (newest first)."""
        sort = (self.params.get("sort") or default).strip()
        if sort.lstrip("-") not in columns:
            self.problems.append(
                f"The list cannot be sorted by “{sort[:40]}”; newest first instead."
            )
            return default
        return sort

    def date(self, name: str) -> str:
        """A day as YYYY-MM-DD, or "" (a date that is not one is ignored, and said)."""
        raw = (self.params.get(name) or "").strip()
        try:
            return numbers.parse_date(raw) if raw else ""
        except ValueError:
            self.problems.append(f"The {name} date “{raw[:40]}” is not a date; it is ignored.")
            return ""


@dataclass(frozen=True)
class Filter:
    """What a list's filters have in common: their problems, and links with changed values.

    A subclass names its query parameters in PARAMS (attribute -> parameter)
    and the values a link leaves out in DEFAULTS (parameter -> value).
    """

    PARAMS: ClassVar[dict[str, str]] = {}
    DEFAULTS: ClassVar[dict[str, str]] = {}

    problems: tuple[str, ...] = field(default=(), compare=False, kw_only=True)

    def query(self, **changes: str) -> str:
        """This filter as a query string, with some parameters changed (for links)."""
        values = {param: getattr(self, attr) for attr, param in self.PARAMS.items()}
        values = {p: "" if self.DEFAULTS.get(p) == v else v for p, v in values.items()}
        values.update(changes)
        return urlencode({key: value for key, value in values.items() if value})

    def link(self, path: str, **changes: str) -> str:
        """`path` with this filter (some values changed) as its query string."""
        query = self.query(**changes)
        return f"{path}?{query}" if query else path


def like(text: str) -> str:
    """A LIKE pattern (with ESCAPE '\\') that finds `text` anywhere, % and _ taken literally."""
    return "%" + re.sub(r"([%_\\])", r"\\\1", text) + "%"


def site_condition(db: Database, column: str, code: str) -> tuple[str, dict]:
    """SQL on `column` (a site id) for a site filter: a site's code, or NO_SITE for none.

    A code no site has matches nothing.
    """
    if code == NO_SITE:
        return f"{column} IS NULL", {}
    site = sites.site_by_code(db, code)
    return f"{column} = :site_id", {"site_id": site["id"] if site else ""}


def date_range(column: str, date_from: str, date_to: str) -> tuple[list[str], dict]:
    """SQL keeping `column` (a day, YYYY-MM-DD) from `date_from` to `date_to`; "" is open."""
    where: list[str] = []
    params: dict = {}
    if date_from:
        where.append(f"{column} >= :date_from")
        params["date_from"] = date_from
    if date_to:
        where.append(f"{column} <= :date_to")
        params["date_to"] = date_to
    return where, params


def count_matching(db: Database, table: str, conditions: tuple[list[str], dict]) -> int:
    """How many rows of `table` ("purchase_orders po": with the alias the conditions use)
    meet a filter's conditions."""
    where, params = conditions
    sql = f"SELECT count(*) AS n FROM {table}"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return rows(db, sql, params)[0]["n"]
