"""A CSV of sites: read, planned against the sites as they are, and the same plan applied.

The page shows the plan first; applying reads the CSV again and plans it again
inside the write transaction, and refuses when that plan is not the one the
person saw (its fingerprint travels with the form). The sites and their aliases
are written through `sites.py`, which owns those tables.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from datetime import datetime

from sqlite_utils import Database

from app import sites
from app.db import immediate
from app.sites import SiteError, code_key

# A CSV of sites, uploaded or pasted: thousands of sites fit in far less.
MAX_CSV_BYTES = 2 * 1024 * 1024
TOO_LARGE = "The CSV is larger than 2 MB; split it up."


@dataclass
class ImportPlan:
    """What importing a CSV would do, worked out against the sites as they are now."""

    add: list[dict] = field(default_factory=list)  # {code, name, aliases}
    rename: list[dict] = field(default_factory=list)  # {id, code, old, new}
    new_aliases: list[dict] = field(default_factory=list)  # {code, alias}
    unchanged: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def changes(self) -> int:
        return len(self.add) + len(self.rename) + len(self.new_aliases)

    def fingerprint(self) -> str:
        """Carried from the preview to the apply button: the plan shown is the plan applied."""
        shown = [self.add, self.rename, self.new_aliases, self.unchanged, self.problems]
        return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()[:20]


def _csv_rows(text: str) -> tuple[list[tuple[int, dict]], list[str]]:
    if len(text.encode("utf-8", "replace")) > MAX_CSV_BYTES:
        raise SiteError(TOO_LARGE)
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        return _read_rows(reader)
    except csv.Error as exc:
        reason = str(exc)
        if "field larger than field limit" in reason:
            reason = "a cell is far longer than any code or name (is a quote left open?)"
        raise SiteError(
            f"Line {reader.line_num + 1} of the CSV cannot be read: {reason}."
        ) from None


def _read_rows(reader: csv.DictReader) -> tuple[list[tuple[int, dict]], list[str]]:
    if not reader.fieldnames or {"code", "name"} - {f.strip().lower() for f in reader.fieldnames}:
        raise SiteError("The CSV needs a header row with the columns code and name.")
    parsed, problems = [], []
    for line_no, row in enumerate(reader, start=2):
        row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not any(row.values()):
            continue
        if not code_key(row.get("code")) or not row.get("name"):
            problems.append(f"Line {line_no} needs both a code and a name.")
            continue
        raw_aliases = re.split(r"[;|]", row.get("aliases", ""))
        row["aliases"] = [" ".join(a.split()) for a in raw_aliases if code_key(a)]
        parsed.append((line_no, row))
    return parsed, problems


def plan_import(db: Database, text: str) -> ImportPlan:
    """Read a CSV (columns code, name, and optionally aliases separated by ;) into a plan."""
    parsed, problems = _csv_rows(text)
    plan = ImportPlan(problems=problems)
    seen: dict[str, int] = {}
    file_codes = {code_key(row["code"]) for _, row in parsed}
    planned: dict[str, str] = {}  # alias key -> the code key of the site it goes to
    for line_no, row in parsed:
        key = code_key(row["code"])
        if key in seen:
            plan.problems.append(
                f"Line {line_no} repeats the code {row['code']} of line {seen[key]}."
            )
            continue
        seen[key] = line_no
        site = sites.site_by_code(db, row["code"])
        alias_of = sites.alias_holder(db, row["code"])
        if site is None and alias_of:
            plan.problems.append(
                f"Line {line_no}: {row['code']} is already an alias of site {alias_of['code']}."
            )
            continue
        changed = False
        if site is None:
            plan.add.append({"code": row["code"], "name": row["name"]})
            changed = True
        elif site["name"] != row["name"]:
            plan.rename.append(
                {"id": site["id"], "code": site["code"], "old": site["name"], "new": row["name"]}
            )
            changed = True
        for alias in row["aliases"]:
            problem = _alias_problem(db, site, row["code"], alias, file_codes, planned)
            if problem == "":
                continue  # already there
            if problem:
                plan.problems.append(f"Line {line_no}: {problem}")
                continue
            planned[code_key(alias)] = key
            plan.new_aliases.append({"code": row["code"], "alias": alias})
            changed = True
        if not changed:
            plan.unchanged += 1
    return plan


def _alias_problem(
    db: Database,
    site: dict | None,
    code: str,
    alias: str,
    file_codes: set[str],
    planned: dict[str, str],
) -> str | None:
    """None when the alias can be added; "" when it is there already; else why not."""
    key = code_key(alias)
    if key == code_key(code) or planned.get(key) == code_key(code):
        return ""
    if key in planned:
        return f"{alias} is also given as an alias of another site in this file."
    holder = sites.alias_holder(db, alias)
    if holder:
        if site and holder["id"] == site["id"]:
            return ""
        return f"{alias} is already an alias of site {holder['code']}."
    if sites.site_by_code(db, alias) or key in file_codes:
        return f"{alias} is the code of another site."
    return None


def apply_import(
    db: Database, text: str, fingerprint: str | None, actor: str | None, now: datetime
) -> ImportPlan:
    """Apply the plan the preview showed, in one transaction.

    Refused when the CSV has problems, or when the sites changed since the
    preview so that the plan is no longer the one the person saw.
    """
    with immediate(db):
        plan = plan_import(db, text)
        if plan.problems:
            raise SiteError("Fix the problems in the CSV first: " + " ".join(plan.problems))
        if fingerprint is not None and fingerprint != plan.fingerprint():
            raise SiteError(
                "The sites changed since the preview was made;"
                " check the new preview and apply again."
            )
        for site in plan.add:
            sites.insert_site(db, site["code"], site["name"], now)
        for change in plan.rename:
            sites.rename_site(db, change["id"], change["new"])
        for entry in plan.new_aliases:
            site = sites.site_by_code(db, entry["code"])
            sites.insert_alias(db, site["id"], entry["alias"], actor, now)
    return plan


def import_sites_csv(db: Database, text: str, now: datetime) -> tuple[int, int]:
    """The CLI's import: apply at once; returns (added, renamed)."""
    plan = apply_import(db, text, None, None, now)
    return len(plan.add), len(plan.rename)
