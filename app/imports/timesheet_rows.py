"""Checking one row of a timesheet, and a person's day across rows, before anything is saved.

Pure: text cells in, the row as it will be stored or every problem with it,
in words (the values are read by `checks.py`). What a row cannot be alone is
checked across rows: more than 24 hours in one person's day, with the hours
already stored for that day counted in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.imports.checks import (
    Problem,
    Reading,
    RowProblems,
    hours_seconds,
    hours_text,
    person_key,
    read_date,
    tidy,
    time_in,
)

DAY_SECONDS = 24 * 3600


@dataclass
class TimesheetRow:
    line: int
    work_date: str
    person_name: str
    person_key: str
    site_code: str
    seconds: int
    start_time: str = ""
    end_time: str = ""
    description: str = ""
    warnings: list[str] = field(default_factory=list)


def _person(cells: dict[str, str]) -> str:
    name = tidy(cells.get("person"))
    if name:
        return name
    return tidy(f"{cells.get('first_name', '')} {cells.get('last_name', '')}")


def _minutes(moment: str) -> int:
    return int(moment[:2]) * 60 + int(moment[3:])


def _worked(cells: dict[str, str], how: Reading, problems: RowProblems) -> tuple[int, str, str]:
    """(seconds, start, end): the hours column, else the time from start to end."""
    start = end = ""
    for name in ("start", "end"):
        cell = (cells.get(name) or "").strip()
        if cell:
            try:
                moment = time_in(cell)
            except ValueError as exc:
                problems.add(name, str(exc))
                continue
            start, end = (moment, end) if name == "start" else (start, moment)
    hours = (cells.get("hours") or "").strip()
    if hours:
        try:
            return hours_seconds(hours, how.decimal_comma), start, end
        except ValueError:
            problems.add("hours", f"“{hours[:40]}” is not a number of hours.")
            return 0, start, end
    if start and end:
        # an end before the start is past midnight
        span = (_minutes(end) - _minutes(start)) % (24 * 60)
        return span * 60, start, end
    problems.add("hours", "The hours are missing.")
    return 0, start, end


def timesheet_row(line: int, cells: dict[str, str], how: Reading) -> TimesheetRow | list[Problem]:
    """One line of a timesheet as it will be stored, or every problem with it."""
    problems = RowProblems(line)
    work_date, _ = read_date(cells.get("date") or "", how, problems)
    name = _person(cells)
    if not person_key(name):
        problems.add("person", "The person's name is missing.")
    seconds, start, end = _worked(cells, how, problems)
    if seconds <= 0 and not any(p.column == "hours" for p in problems.problems):
        problems.add("hours", f"{hours_text(seconds)} hours: a row needs more than 0 hours.")
    elif seconds > DAY_SECONDS:
        problems.add("hours", f"{hours_text(seconds)} hours is more than a day has.")
    if problems.problems:
        return problems.problems
    return TimesheetRow(
        line=line,
        work_date=work_date,
        person_name=name[:200],
        person_key=person_key(name),
        site_code=tidy(cells.get("site"))[:64],
        seconds=seconds,
        start_time=start,
        end_time=end,
        description=tidy(cells.get("description"))[:500],
    )


def over_a_day(rows: list[TimesheetRow], stored: dict[tuple[str, str], int]) -> list[Problem]:
    """Every row of a person's day that adds up to more than 24 hours, with the rows
    already stored for that day counted in."""
    totals: dict[tuple[str, str], int] = {}
    for row in rows:
        day = (row.person_key, row.work_date)
        totals[day] = totals.get(day, 0) + row.seconds
    over = {day for day, total in totals.items() if total + stored.get(day, 0) > DAY_SECONDS}
    days: dict[tuple[str, str], list[TimesheetRow]] = {}
    for row in rows:
        if (row.person_key, row.work_date) in over:
            days.setdefault((row.person_key, row.work_date), []).append(row)
    problems = []
    for (key, day), group in days.items():
        earlier = stored.get((key, day), 0)
        total = earlier + totals[key, day]
        lines = ", ".join(str(row.line) for row in group)
        also = f", with {hours_text(earlier)} hours imported before" if earlier else ""
        message = (
            f"{group[0].person_name} has {hours_text(total)} hours on {day}"
            f" (lines {lines}{also}): more than 24."
        )
        problems += [Problem(row.line, "hours", message) for row in group]
    return problems
