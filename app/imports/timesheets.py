"""The timesheets table: rows written by an import, read by the list, its totals and export.

Hours are whole seconds; a row keeps the person's name and site code as the
file wrote them beside the employee and site they were matched to (either may
come later, when a person confirms a name). This module owns `timesheets`:
the import writes through `insert_rows`, the review queue through
`assign_employee`; nothing else writes here.
"""

from __future__ import annotations

from sqlite_utils import Database

from app import keyset
from app.db import rows
from app.imports import checks, lists

CSV_COLUMNS = [
    "Date",
    "Person",
    "Employee",
    "Site code",
    "Site name",
    "Hours",
    "Start",
    "End",
    "Description",
    *lists.ORIGIN_COLUMNS,
]


def insert_rows(db: Database, batch_id: str, planned: list[dict]) -> None:
    """Inside the import's transaction: every row at once (`planned` as the import made them)."""
    lists.insert_planned(
        db,
        "INSERT INTO timesheets (id, batch_id, line_no, work_date, person_name, person_key,"
        " employee_id, site_code, site_key, site_id, seconds, start_time, end_time, description,"
        " warnings) VALUES (:id, :batch_id, :line, :work_date, :person_name, :person_key,"
        " :employee_id, :site_code, :site_key, :site_id, :seconds, :start_time, :end_time,"
        " :description, :warnings)",
        batch_id,
        planned,
    )


def already_stored(db: Database, date_from: str, date_to: str) -> dict[tuple, str]:
    """(person, day, site, seconds) of rows stored for these days -> the batch they came in."""
    return lists.stored_between(
        db,
        "SELECT person_key, work_date, site_key, seconds, batch_id FROM timesheets"
        " WHERE work_date BETWEEN :date_from AND :date_to",
        date_from,
        date_to,
    )


def day_seconds(db: Database, date_from: str, date_to: str) -> dict[tuple[str, str], int]:
    """Seconds already stored per (person, day), for the 24-hours-a-day check."""
    found = db.conn.execute(
        "SELECT person_key, work_date, sum(seconds) FROM timesheets"
        " WHERE work_date BETWEEN :date_from AND :date_to GROUP BY person_key, work_date",
        {"date_from": date_from, "date_to": date_to},
    )
    return {(person, day): total for person, day, total in found}


def assign_employee(db: Database, person_key: str, employee_id: str) -> int:
    """Rows with this name and no employee yet get the employee a person decided on."""
    cursor = db.conn.execute(
        "UPDATE timesheets SET employee_id = :employee WHERE person_key = :key"
        " AND employee_id IS NULL",
        {"employee": employee_id, "key": person_key},
    )
    return cursor.rowcount


def waiting_rows(db: Database, person_key: str) -> int:
    found = rows(
        db,
        "SELECT count(*) AS n FROM timesheets WHERE person_key = :key AND employee_id IS NULL",
        {"key": person_key},
    )
    return found[0]["n"]


# --- the list ----------------------------------------------------------------------


def _where(db: Database, flt: lists.RowFilter) -> tuple[list[str], dict]:
    return flt.where(db, "t", "work_date", "person_name")


def _shown(row: dict) -> None:
    row["hours"] = checks.hours_text(row["seconds"])


def totals(db: Database, flt: lists.RowFilter) -> lists.Totals:
    grouped = lists.weekly_sums(
        db, _where(db, flt), "timesheets", "t", "work_date", "sum(t.seconds) AS seconds"
    )
    return lists.shape(grouped, "seconds", "hours", 3600)


def as_json(row: dict) -> dict:
    return {
        "id": row["id"],
        "date": row["work_date"],
        "person": row["person_name"],
        "employee_id": row["employee_id"],
        "employee": row["employee_name"],
        "site_code": row["site_code"],
        "site_id": row["site_id"],
        "hours": row["hours"],
        "start": row["start_time"],
        "end": row["end_time"],
        "description": row["description"],
        **lists.origin_json(row),
    }


def _cells(row: dict) -> tuple:
    return (
        row["work_date"],
        row["person_name"],
        row["employee_name"],
        row["site_code"],
        row["site_name"],
        row["hours"],
        row["start_time"],
        row["end_time"],
        row["description"],
        *lists.origin_cells(row),
    )


# The list page, its JSON and its CSV export read the table through this.
LISTING = lists.Listing(
    "SELECT t.*, t.work_date AS sort_key, e.name AS employee_name,"
    " s.code AS site_code_matched, s.name AS site_name"
    " FROM timesheets t LEFT JOIN employees e ON e.id = t.employee_id"
    " LEFT JOIN sites s ON s.id = t.site_id",
    keyset.Order("t.work_date", "t.id", descending=True),
    _where,
    _shown,
    CSV_COLUMNS,
    _cells,
)
export_csv = LISTING.export_csv
