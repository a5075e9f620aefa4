"""An import's plan: the file's rows checked against what is already stored.

Reads only. A row already imported from another file is a duplicate and is
skipped; a person's day over 24 hours counts the hours stored before; each
name and registration is looked up through the identity map (`people`); each
site code is matched like a PO's project code; a fill larger than the
vehicle plausibly takes is flagged. The preview shows the plan; the import
makes it again inside its transaction and writes exactly that.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from sqlite_utils import Database

from app import queue_reads, sites
from app.imports import fuel_logs, fuel_rows, people, timesheet_rows, timesheets
from app.imports.checks import Problem
from app.imports.people import Match
from app.imports.reading import ParsedFile


@dataclass
class Plan:
    parsed: ParsedFile
    sha256: str
    rows: list[dict] = field(default_factory=list)  # as they will be stored
    problems: list[Problem] = field(default_factory=list)
    duplicates: list[dict] = field(default_factory=list)  # {line, batch_id}
    names: dict[str, str] = field(default_factory=dict)  # key -> the name as first written
    matches: dict[str, Match] = field(default_factory=dict)
    sites: dict[str, dict | None] = field(default_factory=dict)  # site key -> site
    site_codes: dict[str, tuple[str, dict | None]] = field(default_factory=dict)
    outliers: dict[int, dict] = field(default_factory=dict)  # line -> why
    tanks: dict[str, int] = field(default_factory=dict)  # vehicle key -> litres, when known
    earlier: dict | None = None  # the batch that brought this very file before

    @property
    def kind(self) -> str:
        return self.parsed.kind

    @property
    def problem_lines(self) -> int:
        return len({problem.line for problem in self.problems})

    @property
    def ready(self) -> bool:
        """Something can be imported: the mapping is complete and the file is new."""
        return not self.parsed.missing and self.earlier is None

    def new_names(self) -> list[str]:
        return sorted(self.names[k] for k, m in self.matches.items() if m.outcome == "new")

    def proposed_names(self) -> list[tuple[str, Match]]:
        return sorted(
            (self.names[k], m) for k, m in self.matches.items() if m.outcome == "proposed"
        )


def plan(db: Database, parsed: ParsedFile, sha256: str, threshold: float) -> Plan:
    """What importing this file would do now."""
    result = Plan(parsed=parsed, sha256=sha256, problems=list(parsed.problems))
    result.earlier = queue_reads.imported_file(db, parsed.kind, sha256)
    if parsed.rows:
        if parsed.kind == "timesheets":
            _plan_timesheets(db, result)
        else:
            _plan_fuel(db, result)
        _match(db, result, threshold)
    result.problems.sort(key=lambda p: (p.line, p.column))
    return result


def _dates(parsed: ParsedFile, column: str) -> tuple[str, str]:
    days = [getattr(row, column) for row in parsed.rows]
    return min(days), max(days)


def _site(db: Database, result: Plan, code: str) -> tuple[str, dict | None]:
    """(key, site) of a code as written; each spelling is matched once per file."""
    found = result.site_codes.get(code)
    if found is None:
        key = _code_key(code)
        if key and key not in result.sites:
            result.sites[key] = sites.match_site(db, code)
        found = result.site_codes[code] = (key, result.sites.get(key))
    return found


@functools.lru_cache(maxsize=4096)
def _code_key(code: str) -> str:
    return sites.code_key(code)


def _stored_row(db: Database, result: Plan, row, extra: dict) -> dict:
    site_key, site = _site(db, result, row.site_code)
    warnings = ["site_unmatched"] if site_key and site is None else []
    return {
        **vars(row),
        **extra,
        "site_key": site_key,
        "site_id": site["id"] if site else None,
        "warnings": warnings,
    }


def _plan_timesheets(db: Database, result: Plan) -> None:
    first, last = _dates(result.parsed, "work_date")
    stored = timesheets.already_stored(db, first, last)
    fresh = []
    for row in result.parsed.rows:
        key = (row.person_key, row.work_date, _code_key(row.site_code), row.seconds)
        if key in stored:
            result.duplicates.append({"line": row.line, "batch_id": stored[key]})
        else:
            fresh.append(row)
    over = timesheet_rows.over_a_day(fresh, timesheets.day_seconds(db, first, last))
    result.problems += over
    refused = {problem.line for problem in over}
    for row in fresh:
        if row.line not in refused:
            result.names.setdefault(row.person_key, row.person_name)
            result.rows.append(_stored_row(db, result, row, {"employee_id": None}))


def _plan_fuel(db: Database, result: Plan) -> None:
    first, last = _dates(result.parsed, "fill_date")
    stored = fuel_logs.already_stored(db, first, last)
    for row in result.parsed.rows:
        key = (row.vehicle_key, row.fill_date, row.fill_time, row.millilitres)
        if key in stored:
            result.duplicates.append({"line": row.line, "batch_id": stored[key]})
            continue
        result.names.setdefault(row.vehicle_key, row.vehicle_number)
        planned = _stored_row(db, result, row, {"vehicle_id": None})
        planned.pop("tank_litres")
        result.rows.append(planned)


def _match(db: Database, result: Plan, threshold: float) -> None:
    register = people.BY_KIND[result.kind]
    result.matches = people.match_all(db, register, result.names, threshold)
    column = "person_key" if result.kind == "timesheets" else "vehicle_key"
    record_column = "employee_id" if result.kind == "timesheets" else "vehicle_id"
    for row in result.rows:
        found = result.matches[row[column]]
        if found.outcome in ("linked", "exact"):
            row[record_column] = found.record_id
        elif found.outcome == "proposed":
            row["warnings"].append(f"{register.record_type}_proposed")
    if result.kind == "fuel_logs":
        result.tanks = _tanks(result)
        _flag_outliers(db, result)


def _tanks(result: Plan) -> dict[str, int]:
    """The tank size of each vehicle: as known, else as the statement gives it."""
    known = {key: m.tank_litres for key, m in result.matches.items() if m.tank_litres}
    for row in result.parsed.rows:
        if row.tank_litres and row.vehicle_key not in known:
            known[row.vehicle_key] = row.tank_litres
    return known


def _flag_outliers(db: Database, result: Plan) -> None:
    history = fuel_logs.recent_fills(db, list(result.names), _dates(result.parsed, "fill_date")[1])
    by_vehicle: dict[str, list[int]] = {key: list(fills) for key, fills in history.items()}
    for row in result.rows:
        by_vehicle.setdefault(row["vehicle_key"], []).append(row["millilitres"])
    fleet = sorted(ml for fills in by_vehicle.values() for ml in fills)
    for fills in by_vehicle.values():
        fills.sort()
    for row in result.rows:
        why = fuel_rows.implausible(
            row["millilitres"],
            result.tanks.get(row["vehicle_key"]),
            by_vehicle[row["vehicle_key"]],
            fleet,
        )
        if why:
            why["text"] = fuel_rows.outlier_text(why, row["millilitres"])
            result.outliers[row["line"]] = why
            row["warnings"].append("fuel_outlier")
