"""Sites (construction projects) and matching a document's project code to one.

Codes match with case, spaces and dashes ignored, against a site's own code
or any alias a person confirmed. Matching never guesses beyond that, so no
code or alias may match two sites. This module owns the sites and
site_aliases tables; a CSV of sites is read and planned in `site_import.py`,
which writes through the functions here.
"""

from __future__ import annotations

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
        return insert_site(db, code, name, now)


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
    taken = site_by_code(db, code)
    if taken and taken["id"] != site_id:
        raise SiteError(f"A site with code {taken['code']} already exists.")
    holder = alias_holder(db, code)
    if holder and holder["id"] != site_id:
        raise SiteError(f"{code} is already an alias of site {holder['code']}.")


def alias_holder(db: Database, alias: str) -> dict | None:
    """The site (id and code) whose alias this spelling is, if any."""
    return one(
        db,
        "SELECT s.id, s.code FROM site_aliases a JOIN sites s ON s.id = a.site_id"
        " WHERE a.alias_key = :k",
        {"k": code_key(alias)},
    )


def insert_site(db: Database, code: str, name: str, now: datetime) -> str:
    """Inside the caller's transaction: a site whose code was checked free."""
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


def rename_site(db: Database, site_id: str, name: str) -> None:
    """Inside the caller's transaction: a site's new name (its code stays)."""
    db.conn.execute("UPDATE sites SET name = :name WHERE id = :id", {"id": site_id, "name": name})


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
        return insert_alias(db, site_id, alias, actor, now)


def insert_alias(db: Database, site_id: str, alias: str, actor: str | None, now: datetime) -> str:
    """Inside the caller's transaction: an alias whose spelling was checked free."""
    alias_id = new_id()
    db.conn.execute(
        "INSERT INTO site_aliases (id, site_id, alias, alias_key, created_by, created_at)"
        " VALUES (:id, :site, :alias, :key, :actor, :now)",
        {
            "id": alias_id,
            "site": site_id,
            "alias": alias,
            "key": code_key(alias),
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
