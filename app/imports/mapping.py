"""Remembered column mappings: a file layout seen before maps the way a person last confirmed.

A layout is its header row (`columns.header_key`), per kind of import. When
a person imports a file, its mapping is remembered, so next week's export of
the same report maps the same way without asking. This module owns the
`import_mappings` table.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlite_utils import Database

from app import clock
from app.db import one


def recall(db: Database, kind: str, header_key: str) -> dict | None:
    """{mapping, updated_at} for this layout, or None when it was never imported."""
    found = one(
        db,
        "SELECT mapping, updated_at FROM import_mappings WHERE kind = :kind AND header_key = :key",
        {"kind": kind, "key": header_key},
    )
    if found is None:
        return None
    return {"mapping": json.loads(found["mapping"]), "updated_at": found["updated_at"]}


def remember(
    db: Database,
    kind: str,
    header_key: str,
    mapping: list[str | None],
    actor: str | None,
    now: datetime,
) -> None:
    """Inside the import's transaction: this layout maps this way from now on."""
    db.conn.execute(
        "INSERT INTO import_mappings (kind, header_key, mapping, updated_by, updated_at)"
        " VALUES (:kind, :key, :mapping, :actor, :now)"
        " ON CONFLICT (kind, header_key) DO UPDATE SET mapping = excluded.mapping,"
        " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
        {
            "kind": kind,
            "key": header_key,
            "mapping": json.dumps(mapping),
            "actor": actor,
            "now": clock.iso(now),
        },
    )
