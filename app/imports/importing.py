"""Importing a checked file: the plan made again and written, all in one transaction.

The batch (written processed at once, by `app.queue`), the new people and
vehicles with their links, every good row (one executemany), the review
items (names to confirm, implausible fills) and the remembered mapping
commit together or not at all. The same file again (its sha256) is refused
with the batch that brought it; with "all or nothing" a file with any
problem writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from app import ids, queue
from app.db import immediate
from app.imports import fuel_logs, mapping, outliers, people, planning, timesheets
from app.imports.checks import Problem
from app.imports.planning import Plan
from app.imports.reading import NoUsableHeader, ParsedFile

# The problems a batch keeps in its `extracted` JSON, for its page; the counts are all there.
KEPT_PROBLEMS = 500


class AlreadyImported(Exception):
    """This very file was imported before; `batch` is the import that brought it."""

    def __init__(self, batch: dict):
        super().__init__(f"{batch['original_filename']} was imported before.")
        self.batch = batch


class NothingImported(Exception):
    """All or nothing was asked and some rows have problems: nothing was written."""

    def __init__(self, plan: Plan):
        lines = plan.problem_lines
        super().__init__(
            f"Nothing was imported: {lines} row{'s have' if lines != 1 else ' has'} problems,"
            " and all or nothing was asked. Correct the file and upload it again."
        )
        self.plan = plan


@dataclass(frozen=True)
class Staged:
    """The uploaded file, where it waits under the id its batch will have."""

    batch_id: str
    filename: str
    file_path: str  # relative to the data dir
    sha256: str
    size: int


@dataclass(frozen=True)
class Outcome:
    batch_id: str
    imported: int
    skipped: int
    problems: list[Problem]
    plan: Plan


def import_file(
    db: Database,
    staged: Staged,
    parsed: ParsedFile,
    *,
    threshold: float,
    actor: str | None,
    now: datetime,
    all_or_nothing: bool = False,
) -> Outcome:
    """Write what the plan says, now, in one IMMEDIATE transaction."""
    with immediate(db):
        plan = planning.plan(db, parsed, staged.sha256, threshold)
        if plan.earlier is not None:
            raise AlreadyImported(plan.earlier)
        if plan.parsed.missing:
            raise NoUsableHeader(plan.parsed)
        if all_or_nothing and plan.problems:
            raise NothingImported(plan)
        queue.record_import_batch(
            db,
            batch_id=staged.batch_id,
            batch_type=parsed.kind,
            original_filename=staged.filename,
            file_path=staged.file_path,
            sha256=staged.sha256,
            size=staged.size,
            uploaded_by=actor,
            extracted=summary(plan),
            warnings=batch_warnings(plan),
            now=now,
        )
        _settle_names(db, plan, actor, now)
        for row, row_id in zip(plan.rows, ids.run_of_ids(len(plan.rows)), strict=True):
            row["id"] = row_id
        if plan.kind == "timesheets":
            timesheets.insert_rows(db, staged.batch_id, plan.rows)
        else:
            fuel_logs.insert_rows(db, staged.batch_id, plan.rows)
        _open_reviews(db, plan, staged.batch_id, now)
        mapping.remember(db, plan.kind, parsed.header_key, parsed.mapping, actor, now)
    return Outcome(staged.batch_id, len(plan.rows), len(plan.duplicates), plan.problems, plan)


def summary(plan: Plan) -> dict:
    """What the batch keeps of its import: the counts, how the file was read, its problems."""
    parsed = plan.parsed
    return {
        "rows_imported": len(plan.rows),
        "rows_skipped": len(plan.duplicates),
        "problems": plan.problem_lines,
        "lines": parsed.lines,
        "encoding": parsed.encoding,
        "delimiter": parsed.delimiter,
        "decimal_comma": parsed.decimal_comma,
        "day_first": parsed.day_first,
        "mapping": dict(zip(parsed.headers, parsed.mapping, strict=True)),
        "problem_list": [
            {"line": p.line, "column": parsed.column_name(p.column), "message": p.message}
            for p in plan.problems[:KEPT_PROBLEMS]
        ],
        "duplicates": plan.duplicates[:KEPT_PROBLEMS],
    }


def batch_warnings(plan: Plan) -> list[str]:
    """The batch's warnings: what kinds of check its rows are waiting for."""
    seen = {warning for row in plan.rows for warning in row["warnings"]}
    return sorted(seen)


def _settle_names(db: Database, plan: Plan, actor: str | None, now: datetime) -> None:
    """Links for the names the map knew or the import creates; rows get their record."""
    register = people.BY_KIND[plan.kind]
    column = "person_key" if plan.kind == "timesheets" else "vehicle_key"
    record_column = "employee_id" if plan.kind == "timesheets" else "vehicle_id"
    tanks = plan.tanks
    settled = {}
    for key, found in plan.matches.items():
        settled[key] = people.settle(
            db, register, key, plan.names[key], found, actor, now, tanks.get(key)
        )
        if found.outcome in ("linked", "exact") and tanks.get(key):
            people.note_tank(db, found.record_id, tanks[key])
    for row in plan.rows:
        row[record_column] = settled[row[column]]
        if row[record_column] is None and f"{register.record_type}_proposed" not in row["warnings"]:
            row["warnings"].append(f"{register.record_type}_proposed")


def _open_reviews(db: Database, plan: Plan, batch_id: str, now: datetime) -> None:
    register = people.BY_KIND[plan.kind]
    for key, found in plan.matches.items():
        if found.outcome == "proposed":
            people.open_proposal(db, register, key, plan.names[key], found, now)
    by_line = {row["line"]: row for row in plan.rows} if plan.outliers else {}
    for line, why in plan.outliers.items():
        outliers.open_outlier(db, by_line[line], why, batch_id, now)
