"""The two steps a person (or a script) takes with a file: see its preview, then import it.

What the routes call: `preview` reads the staged file and plans its import
(nothing is written), `run` imports it. `row_view` and `preview_json` are the
one view of a planned row and of a preview that both the page and the API
show. Both steps parse the whole file, so the routes run them in a thread.
"""

from __future__ import annotations

import json
from datetime import date
from zoneinfo import ZoneInfo

from sqlite_utils import Database

from app import clock, numbers, storage
from app.config import Settings
from app.imports import checks, importing, mapping, planning, reading
from app.imports.importing import Outcome, Staged
from app.imports.planning import Plan
from app.imports.reading import Choices, ParsedFile

KIND_NAMES = {"timesheets": "Timesheets", "fuel_logs": "Fuel log"}


def today(settings: Settings) -> date:
    """Today in the office: a date later than this is in the future."""
    zone = ZoneInfo(settings.timezone) if settings.timezone else None
    return clock.now().astimezone(zone).date()


def read_staged(
    db: Database, settings: Settings, kind: str, staged: Staged, choices: Choices
) -> ParsedFile:
    raw = storage.resolve(settings, staged.file_path).read_bytes()
    how = checks.Reading(today=today(settings), day_first=settings.day_first)
    return reading.read(
        raw, kind, staged.filename, how, choices, lambda key: mapping.recall(db, kind, key)
    )


def preview(
    db: Database, settings: Settings, kind: str, staged: Staged, choices: Choices | None = None
) -> Plan:
    """What importing the file would do; sniffing.NotCsv when it cannot be read."""
    parsed = read_staged(db, settings, kind, staged, choices or Choices())
    return planning.plan(db, parsed, staged.sha256, settings.supplier_match_threshold)


def usable_preview(db: Database, settings: Settings, kind: str, staged: Staged) -> Plan:
    """The preview of a file whose header says which column is which (what the API needs)."""
    plan = preview(db, settings, kind, staged)
    if plan.parsed.missing:
        raise reading.NoUsableHeader(plan.parsed)
    return plan


def run(
    db: Database,
    settings: Settings,
    kind: str,
    staged: Staged,
    choices: Choices,
    actor: str | None,
    all_or_nothing: bool,
) -> Outcome:
    """Import the file; importing.AlreadyImported / NothingImported when it is not."""
    parsed = read_staged(db, settings, kind, staged, choices)
    return importing.import_file(
        db,
        staged,
        parsed,
        threshold=settings.supplier_match_threshold,
        actor=actor,
        now=clock.now(),
        all_or_nothing=all_or_nothing,
    )


def _matched(plan: Plan, key: str) -> dict:
    found = plan.matches.get(key)
    if found is None:
        return {"outcome": "new", "name": None}
    return {"outcome": found.outcome, "name": found.record_name or None}


def _site(plan: Plan, row: dict) -> str | None:
    site = plan.sites.get(row["site_key"])
    return site["code"] if site else None


def row_view(plan: Plan, row: dict) -> dict:
    """One planned row as the preview shows it (and the API returns it)."""
    if plan.kind == "timesheets":
        return {
            "line": row["line"],
            "date": row["work_date"],
            "person": row["person_name"],
            "employee": _matched(plan, row["person_key"]),
            "site_code": row["site_code"],
            "site": _site(plan, row),
            "hours": checks.hours_text(row["seconds"]),
            "start": row["start_time"],
            "end": row["end_time"],
            "description": row["description"],
            "warnings": row["warnings"],
        }
    why = plan.outliers.get(row["line"])
    return {
        "line": row["line"],
        "date": row["fill_date"],
        "time": row["fill_time"],
        "vehicle": row["vehicle_number"],
        "vehicle_match": _matched(plan, row["vehicle_key"]),
        "card": row["card"],
        "odometer": row["odometer"],
        "site_code": row["site_code"],
        "site": _site(plan, row),
        "merchant": row["merchant"],
        "product": row["product"],
        "litres": checks.litres_text(row["millilitres"]),
        "price_per_litre": row["price_per_litre"],
        "amount": numbers.cents_to_text(row["amount_cents"]),
        "currency": row["currency"],
        "warnings": row["warnings"],
        "outlier": why["text"] if why else None,
    }


def problem_view(plan: Plan, problem: checks.Problem) -> dict:
    return {
        "line": problem.line,
        "column": plan.parsed.column_name(problem.column),
        "message": problem.message,
    }


def preview_json(plan: Plan) -> dict:
    parsed = plan.parsed
    return {
        "mapping": dict(zip(parsed.headers, parsed.mapping, strict=True)),
        "mapping_from": parsed.mapping_from,
        "missing": parsed.missing,
        "encoding": parsed.encoding,
        "delimiter": parsed.delimiter,
        "decimal_comma": parsed.decimal_comma,
        "day_first": parsed.day_first,
        "rows": [row_view(plan, row) for row in plan.rows],
        "problems": [problem_view(plan, p) for p in plan.problems],
        "duplicates": plan.duplicates,
        "ignored": [{"line": line, "why": why} for line, why in parsed.ignored],
        "new": plan.new_names(),
        "proposed": [
            {"name": name, "proposal": found.record_name, "score": found.score}
            for name, found in plan.proposed_names()
        ],
        "imported_before": plan.earlier["id"] if plan.earlier else None,
    }


def batch_summary(batch: dict) -> dict:
    """What an import batch keeps of its import (its `extracted` JSON)."""
    return json.loads(batch.get("extracted") or "{}")


def result_json(outcome: Outcome) -> dict:
    return {
        "batch_id": outcome.batch_id,
        "imported": outcome.imported,
        "skipped": outcome.skipped,
        "problems": [problem_view(outcome.plan, p) for p in outcome.problems],
    }
