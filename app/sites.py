"""Sites (construction projects) and matching a document's project code to one.

Codes match with case, spaces and dashes ignored, against a site's own code
or any alias a person confirmed. Matching never guesses beyond that.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from sqlite_utils import Database

from app import clock
from app.db import immediate, joined, one, rows
from app.ids import new_id


class SiteError(ValueError):
    """A site cannot be saved as given; the message says why."""


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


def add_site(db: Database, code: str, name: str, now: datetime) -> str:
    code, name = code.strip(), name.strip()
    if not code_key(code):
        raise SiteError("A site needs a project code.")
    if not name:
        raise SiteError(f"Site {code} needs a name.")
    with immediate(db):
        if one(db, "SELECT id FROM sites WHERE code_key = :k", {"k": code_key(code)}):
            raise SiteError(f"A site with code {code} already exists.")
        return _insert_site(db, code, name, now)


def _insert_site(db: Database, code: str, name: str, now: datetime) -> str:
    site_id = new_id()
    db.conn.execute(
        "INSERT INTO sites (id, code, code_key, name, active, created_at)"
        " VALUES (:id, :code, :key, :name, 1, :now)",
        {"id": site_id, "code": code, "key": code_key(code), "name": name, "now": clock.iso(now)},
    )
    return site_id


def import_sites_csv(db: Database, text: str, now: datetime) -> tuple[int, int]:
    """Add or rename sites from CSV with columns code,name; returns (added, updated)."""
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or {"code", "name"} - {f.strip().lower() for f in reader.fieldnames}:
        raise SiteError("The CSV needs a header row with the columns code and name.")
    parsed = []
    for line_no, row in enumerate(reader, start=2):
        row = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not code_key(row["code"]) or not row["name"]:
            raise SiteError(f"Line {line_no} needs both a code and a name.")
        parsed.append(row)
    added = updated = 0
    with immediate(db):
        for row in parsed:
            key = code_key(row["code"])
            existing = one(db, "SELECT id, name FROM sites WHERE code_key = :k", {"k": key})
            if existing is None:
                _insert_site(db, row["code"], row["name"], now)
                added += 1
            elif existing["name"] != row["name"]:
                db.conn.execute(
                    "UPDATE sites SET name = :name WHERE id = :id",
                    {"id": existing["id"], "name": row["name"]},
                )
                updated += 1
    return added, updated


def list_sites(db: Database) -> list[dict]:
    return rows(db, "SELECT * FROM sites ORDER BY code")


def get_site(db: Database, site_id: str) -> dict | None:
    return one(db, "SELECT * FROM sites WHERE id = :id", {"id": site_id})


def add_alias(
    db: Database, site_id: str, alias: str, actor: str | None, now: datetime
) -> str | None:
    """A code that means this site from now on (the alias's id); SiteError when it means
    another site already.

    Adding an alias the site already has returns it; its own code adds nothing (None). Joins
    the caller's transaction, so a review decision adds it together with its other changes.
    """
    alias = alias.strip()
    key = code_key(alias)
    if not key:
        raise SiteError("An alias needs a code.")
    with joined(db):
        site = get_site(db, site_id)
        if site is None:
            raise SiteError("There is no such site.")
        owner = one(db, "SELECT id, code FROM sites WHERE code_key = :k", {"k": key})
        if owner is not None:
            if owner["id"] == site_id:
                return None
            raise SiteError(f"{alias} is the code of site {owner['code']}.")
        existing = one(
            db,
            "SELECT a.id, a.site_id, s.code FROM site_aliases a JOIN sites s ON s.id = a.site_id"
            " WHERE a.alias_key = :k",
            {"k": key},
        )
        if existing is not None:
            if existing["site_id"] == site_id:
                return existing["id"]
            raise SiteError(f"{alias} is already an alias of site {existing['code']}.")
        alias_id = new_id()
        db.conn.execute(
            "INSERT INTO site_aliases (id, site_id, alias, alias_key, created_by, created_at)"
            " VALUES (:id, :site, :alias, :key, :by, :now)",
            {
                "id": alias_id,
                "site": site_id,
                "alias": alias,
                "key": key,
                "by": actor,
                "now": clock.iso(now),
            },
        )
        return alias_id


def site_aliases(db: Database, site_id: str) -> list[dict]:
    return rows(
        db, "SELECT * FROM site_aliases WHERE site_id = :id ORDER BY alias", {"id": site_id}
    )
