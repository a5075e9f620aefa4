"""Sites (construction projects) and matching a document's project code to one.

Codes match with case, spaces and dashes ignored, against a site's own code
or any alias a person confirmed. Matching never guesses beyond that, so no
code or alias may match two sites. A CSV import is planned first (the page
shows the plan) and the same plan is applied.
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

from app import clock
from app.db import immediate, joined, one, rows
from app.ids import new_id


class SiteError(ValueError):
    """A site cannot be saved as given; the message says why."""


# A CSV of sites, uploaded or pasted: thousands of sites fit in far less.
MAX_CSV_BYTES = 2 * 1024 * 1024
TOO_LARGE = "The CSV is larger than 2 MB; split it up."


def code_key(code: str | None) -> str:
    return re.sub(r"[\s\-\u2010-\u2015]+", "", code or "").upper()


def match_site(db: Database, project_code: str | None) -> dict | None:
    key = code_key(project_code)
    if not key:
        return None
    return one(
        db,
        "SELECT s.* FROM sites s WHERE s.active = 1 AND s.code_key = :key"
        " UNION ALL"
        " SELECT s.* FROM site_aliases a JOIN sites s ON s.id = a.site_id"
        " WHERE s.active = 1 AND a.alias_key = :key LIMIT 1",
        {"key": key},
    )


def known_codes(db: Database) -> tuple[str, ...]:
    """Every active site's code and alias: what a document's project code is checked against."""
    found = rows(
        db,
        "SELECT code FROM sites WHERE active = 1"
        " UNION SELECT a.alias FROM site_aliases a JOIN sites s ON s.id = a.site_id"
        " WHERE s.active = 1",
    )
    return tuple(sorted(row["code"] for row in found))


def add_site(db: Database, code: str, name: str, now: datetime) -> str:
    code, name = _checked(code, name)
    with immediate(db):
        _code_is_free(db, code, None)
        return _insert_site(db, code, name, now)


def _checked(code: str, name: str) -> tuple[str, str]:
    code, name = " ".join((code or "").split()), " ".join((name or "").split())
    if not code_key(code):
        raise SiteError("A site needs a project code.")
    if len(code) > 64 or len(name) > 200:
        raise SiteError("A code has at most 64 characters and a name at most 200.")
    if not name:
        raise SiteError(f"Site {code} needs a name.")
    return code, name


def _code_is_free(db: Database, code: str, site_id: str | None) -> None:
    """A code (or alias) must not match two sites, or matching would have to guess."""
    key = code_key(code)
    taken = one(db, "SELECT id, code FROM sites WHERE code_key = :k", {"k": key})
    if taken and taken["id"] != site_id:
        raise SiteError(f"A site with code {taken['code']} already exists.")
    alias = one(
        db,
        "SELECT a.alias, a.site_id, s.code FROM site_aliases a JOIN sites s ON s.id = a.site_id"
        " WHERE a.alias_key = :k",
        {"k": key},
    )
    if alias and alias["site_id"] != site_id:
        raise SiteError(f"{code} is already an alias of site {alias['code']}.")


def _insert_site(db: Database, code: str, name: str, now: datetime) -> str:
    site_id = new_id()
    db.conn.execute(
        "INSERT INTO sites (id, code, code_key, name, active, created_at)"
        " VALUES (:id, :code, :key, :name, 1, :now)",
        {"id": site_id, "code": code, "key": code_key(code), "name": name, "now": clock.iso(now)},
    )
    return site_id


def list_sites(db: Database) -> list[dict]:
    return rows(db, "SELECT * FROM sites ORDER BY code")


def get_site(db: Database, site_id: str) -> dict | None:
    return one(db, "SELECT * FROM sites WHERE id = :id", {"id": site_id})


def site_by_code(db: Database, code: str) -> dict | None:
    return one(db, "SELECT * FROM sites WHERE code_key = :k", {"k": code_key(code)})


def list_sites_with_aliases(db: Database) -> list[dict]:
    """Every site, code order, each with its aliases and how many POs it has."""
    found = rows(
        db,
        "SELECT s.*, (SELECT count(*) FROM purchase_orders po WHERE po.site_id = s.id) AS po_count"
        " FROM sites s ORDER BY s.active DESC, s.code",
    )
    aliases: dict[str, list[dict]] = {}
    for alias in rows(db, "SELECT * FROM site_aliases ORDER BY alias"):
        aliases.setdefault(alias["site_id"], []).append(alias)
    for site in found:
        site["aliases"] = aliases.get(site["id"], [])
    return found


def aliases_of(db: Database, site_id: str) -> list[dict]:
    return rows(
        db,
        "SELECT a.*, u.name AS created_by_name, u.email AS created_by_email"
        " FROM site_aliases a LEFT JOIN users u ON u.id = a.created_by"
        " WHERE a.site_id = :id ORDER BY a.alias",
        {"id": site_id},
    )


def update_site(db: Database, site_id: str, code: str, name: str) -> None:
    code, name = _checked(code, name)
    with immediate(db):
        if get_site(db, site_id) is None:
            raise SiteError("That site no longer exists.")
        _code_is_free(db, code, site_id)
        # Its own alias with the new code's spelling is now simply its code.
        db.conn.execute(
            "DELETE FROM site_aliases WHERE site_id = :id AND alias_key = :k",
            {"id": site_id, "k": code_key(code)},
        )
        db.conn.execute(
            "UPDATE sites SET code = :code, code_key = :key, name = :name WHERE id = :id",
            {"id": site_id, "code": code, "key": code_key(code), "name": name},
        )


def set_site_active(db: Database, site_id: str, active: bool) -> bool:
    """An inactive site matches nothing new; POs already matched keep it."""
    cursor = db.conn.execute(
        "UPDATE sites SET active = :active WHERE id = :id", {"id": site_id, "active": int(active)}
    )
    return cursor.rowcount == 1


def add_alias(
    db: Database, site_id: str, alias: str, actor: str | None, now: datetime
) -> str | None:
    """Another spelling of a site's project code, seen on documents: the alias's id.

    Documents whose project code matches it (case, spaces and dashes aside)
    match the site from now on. Adding an alias the site already has returns
    it; the site's own code adds nothing (None). SiteError when the spelling
    already means another site. Joins the caller's transaction, so a review
    decision adds it together with its other changes.
    """
    alias = " ".join((alias or "").split())
    key = code_key(alias)
    if not key:
        raise SiteError("An alias needs at least one letter or digit.")
    if len(alias) > 64:
        raise SiteError("An alias has at most 64 characters.")
    with joined(db):
        site = get_site(db, site_id)
        if site is None:
            raise SiteError("That site no longer exists.")
        if code_key(site["code"]) == key:
            return None
        existing = one(
            db,
            "SELECT id FROM site_aliases WHERE site_id = :id AND alias_key = :k",
            {"id": site_id, "k": key},
        )
        if existing:
            return existing["id"]
        _code_is_free(db, alias, site_id)
        alias_id = new_id()
        db.conn.execute(
            "INSERT INTO site_aliases (id, site_id, alias, alias_key, created_by, created_at)"
            " VALUES (:id, :site, :alias, :key, :actor, :now)",
            {
                "id": alias_id,
                "site": site_id,
                "alias": alias,
                "key": key,
                "actor": actor,
                "now": clock.iso(now),
            },
        )
        return alias_id


def remove_alias(db: Database, site_id: str, alias_id: str) -> bool:
    cursor = db.conn.execute(
        "DELETE FROM site_aliases WHERE id = :id AND site_id = :site",
        {"id": alias_id, "site": site_id},
    )
    return cursor.rowcount == 1


# --- CSV import: a preview, then the same plan applied ------------------------------


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
        site = one(db, "SELECT * FROM sites WHERE code_key = :k", {"k": key})
        alias_of = one(
            db,
            "SELECT s.code FROM site_aliases a JOIN sites s ON s.id = a.site_id"
            " WHERE a.alias_key = :k",
            {"k": key},
        )
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
    holder = one(
        db,
        "SELECT s.id, s.code FROM site_aliases a JOIN sites s ON s.id = a.site_id"
        " WHERE a.alias_key = :k",
        {"k": key},
    )
    if holder:
        if site and holder["id"] == site["id"]:
            return ""
        return f"{alias} is already an alias of site {holder['code']}."
    other = one(db, "SELECT code FROM sites WHERE code_key = :k", {"k": key})
    if other or key in file_codes:
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
            _insert_site(db, site["code"], site["name"], now)
        for change in plan.rename:
            db.conn.execute(
                "UPDATE sites SET name = :name WHERE id = :id",
                {"id": change["id"], "name": change["new"]},
            )
        for entry in plan.new_aliases:
            site = one(
                db, "SELECT id FROM sites WHERE code_key = :k", {"k": code_key(entry["code"])}
            )
            db.conn.execute(
                "INSERT INTO site_aliases (id, site_id, alias, alias_key, created_by, created_at)"
                " VALUES (:id, :site, :alias, :key, :actor, :now)",
                {
                    "id": new_id(),
                    "site": site["id"],
                    "alias": entry["alias"],
                    "key": code_key(entry["alias"]),
                    "actor": actor,
                    "now": clock.iso(now),
                },
            )
    return plan


def import_sites_csv(db: Database, text: str, now: datetime) -> tuple[int, int]:
    """The CLI's import: apply at once; returns (added, renamed)."""
    plan = apply_import(db, text, None, None, now)
    return len(plan.add), len(plan.rename)
