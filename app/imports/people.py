"""People and vehicles named by timesheets and fuel logs, matched through the identity map.

A name on a timesheet (`checks.person_key`: case, accents, punctuation set
aside) or a registration on a fuel log (`checks.vehicle_key`: upper case, no
spaces or dashes) is looked up like a supplier's name: an active link in the
map, or a record with exactly that key, is the record; a close one is only
proposed (an `employee.proposed` or `vehicle.proposed` review item, counting
the rows waiting on it) until a person confirms it, chooses another or creates
one; an unknown one is created when the person confirms the import.

A record's own name is exact evidence of itself, so it needs no link: the map
holds the other spellings people confirmed or chose ("Thabo Nkozi" is Thabo
Nkosi). The map allows one active link per record in a system, so a second
spelling of the same person waits as a `link.conflict` for an administrator;
linking every exact name too would make each confirmed spelling collide with
it. This module owns the `employees` and `vehicles` tables.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from app import clock, ids, links, review_items
from app.db import one, rows
from app.ids import new_id
from app.imports import fuel_logs, timesheets
from app.imports.checks import person_key, vehicle_key


@dataclass(frozen=True)
class Register:
    """One kind of record named in imported files, and where its names are kept."""

    record_type: str  # in the identity map
    system: str  # the identity map's system for the keys as files write them
    review_kind: str
    entity: str
    what: str  # for sentences: "person", "vehicle"
    key: Callable[[str], str]  # a name as written -> what matching compares


EMPLOYEES = Register(
    "employee", "timesheet_names", "employee.proposed", "employee_name", "person", person_key
)
VEHICLES = Register(
    "vehicle", "fuel_vehicle_numbers", "vehicle.proposed", "vehicle_number", "vehicle", vehicle_key
)
BY_KIND = {"timesheets": EMPLOYEES, "fuel_logs": VEHICLES}
BY_REVIEW_KIND = {r.review_kind: r for r in (EMPLOYEES, VEHICLES)}

_SELECT = {
    "employee": "SELECT id, name, name_key AS key, NULL AS tank_litres FROM employees",
    "vehicle": "SELECT id, number AS name, number_key AS key, tank_litres FROM vehicles",
}


@dataclass(frozen=True)
class Match:
    """What the map says of one key: linked | exact | proposed | new."""

    outcome: str
    record_id: str | None = None
    record_name: str = ""
    score: float | None = None
    tank_litres: int | None = None


def records(db: Database, register: Register) -> list[dict]:
    return rows(db, f"{_SELECT[register.record_type]} ORDER BY name COLLATE NOCASE, id")


def get_record(db: Database, register: Register, record_id: str) -> dict | None:
    return one(db, f"{_SELECT[register.record_type]} WHERE id = :id", {"id": record_id})


def match_all(
    db: Database, register: Register, names: dict[str, str], threshold: float
) -> dict[str, Match]:
    """Read-only: what each key (-> the name as first written) is, by the map and the records."""
    known = records(db, register)
    by_id = {record["id"]: record for record in known}
    by_key = {record["key"]: record for record in known}
    active = {
        link["external_key"]: link["record_id"]
        for link in rows(
            db,
            "SELECT external_key, record_id FROM external_links WHERE system = :system"
            " AND state = 'active' AND external_key IN (SELECT value FROM json_each(:keys))",
            {"system": register.system, "keys": json.dumps(list(names))},
        )
    }
    found = {}
    for key in names:
        record = by_id.get(active.get(key, "")) or by_key.get(key)
        if record is not None:
            outcome = "linked" if key in active else "exact"
            found[key] = Match(outcome, record["id"], record["name"], 1.0, record["tank_litres"])
            continue
        best, score = _closest(known, key)
        if best is not None and score >= threshold:
            found[key] = Match("proposed", best["id"], best["name"], score, best["tank_litres"])
        else:
            found[key] = Match("new")
    return found


def _closest(known: list[dict], key: str) -> tuple[dict | None, float]:
    best, best_score = None, 0.0
    for record in known:
        score = links.similarity(key, record["key"])
        if score > best_score:
            best, best_score = record, score
    return best, best_score


# --- writing, inside the import's transaction -------------------------------------------


def create_record(
    db: Database,
    register: Register,
    name: str,
    actor: str | None,
    now: datetime,
    tank_litres: int | None = None,
) -> dict:
    """A new person or vehicle; LinkError when the name is empty or one by that key exists."""
    name = " ".join((name or "").split())[:200]
    key = register.key(name)
    if not key:
        raise links.LinkError(f"A {register.what} needs a name.")
    existing = one(db, f"{_SELECT[register.record_type]} WHERE key = :key", {"key": key})
    if existing:
        raise links.LinkError(f"A {register.what} named {existing['name']} already exists.")
    values = {"id": new_id(), "name": name, "key": key, "by": actor, "now": clock.iso(now)}
    if register is EMPLOYEES:
        db.conn.execute(
            "INSERT INTO employees (id, name, name_key, created_by, created_at)"
            " VALUES (:id, :name, :key, :by, :now)",
            values,
        )
    else:
        db.conn.execute(
            "INSERT INTO vehicles (id, number, number_key, tank_litres, created_by, created_at)"
            " VALUES (:id, :name, :key, :tank, :by, :now)",
            values | {"tank": tank_litres},
        )
    return get_record(db, register, values["id"])


def note_tank(db: Database, vehicle_id: str, tank_litres: int) -> None:
    """A statement that gives a tank size tells us what we did not know yet."""
    db.conn.execute(
        "UPDATE vehicles SET tank_litres = :tank WHERE id = :id AND tank_litres IS NULL",
        {"id": vehicle_id, "tank": tank_litres},
    )


def settle(
    db: Database,
    register: Register,
    key: str,
    name: str,
    match: Match,
    actor: str | None,
    now: datetime,
    tank_litres: int | None = None,
) -> str | None:
    """Write what the import decided for a key: the record its rows get, or None while a
    person has to decide (a proposal)."""
    if match.outcome in ("linked", "exact"):
        return match.record_id
    if match.outcome == "new":
        return create_record(db, register, name, actor, now, tank_litres)["id"]
    links.propose(
        db,
        system=register.system,
        key=key,
        value=name,
        record_type=register.record_type,
        record_id=match.record_id,
        score=match.score,
        now=now,
    )
    return None


def open_proposal(
    db: Database, register: Register, key: str, name: str, match: Match | None, now: datetime
) -> dict:
    """Open or refresh the one review item for this name, with the rows now waiting on it."""
    proposal = None
    if match is not None and match.outcome == "proposed":
        link = one(
            db,
            "SELECT id FROM external_links WHERE system = :system AND external_key = :key"
            " AND record_id = :record AND state = 'proposed'",
            {"system": register.system, "key": key, "record": match.record_id},
        )
        proposal = {
            "link_id": link["id"] if link else None,
            "record_id": match.record_id,
            "record_name": match.record_name,
            "score": match.score,
        }
    if register is EMPLOYEES:
        waiting, money, currency = timesheets.waiting_rows(db, key), 0, None
    else:
        waiting, money, currency = fuel_logs.waiting_amount(db, key)
    evidence = {"name": name, "key": key, "proposal": proposal, "rows": waiting}
    return review_items.open_item(
        db, register.review_kind, register.entity, key, evidence, money, now, currency
    )


# --- a person's decision about a proposed name ------------------------------------------


def _give_rows(db: Database, register: Register, key: str, record_id: str) -> int:
    if register is EMPLOYEES:
        return timesheets.assign_employee(db, key, record_id)
    return fuel_logs.assign_vehicle(db, key, record_id)


def decide(
    db: Database, item: dict, action: str, form: dict, actor: str, now: datetime
) -> tuple[str, str]:
    """confirm | create | choose for an employee.proposed or vehicle.proposed item, inside the
    decision's transaction: (resolution, what was decided in words). LinkError says why not."""
    register = BY_REVIEW_KIND[item["kind"]]
    evidence = item["evidence"]
    key, name = evidence["key"], evidence["name"]
    proposal = evidence.get("proposal")
    if action == "confirm":
        if not proposal or not proposal.get("link_id"):
            raise links.LinkError(f"Nothing was proposed for this {register.what}; choose one.")
        result = links.confirm(db, proposal["link_id"], actor, now)
        if result.outcome == "decided":
            raise links.LinkError("This proposal was already decided; reload the queue.")
        record, resolution = get_record(db, register, result.record_id), "confirmed"
    elif action == "create":
        record = create_record(db, register, form.get("name") or name, actor, now)
        result = _link_by_person(db, register, evidence, record, "created_by_intake", actor, now)
        resolution = "record_created"
    else:
        chosen = (form.get("record_id") or "").strip()
        record = get_record(db, register, chosen) if ids.is_valid(chosen) else None
        if record is None:
            raise links.LinkError(f"Choose one of the {register.what}s in the list.")
        result = _link_by_person(db, register, evidence, record, "person", actor, now)
        resolution = "record_chosen"
    given = _give_rows(db, register, key, record["id"])
    text = f"{name} is {record['name']}; {given} row{'s' if given != 1 else ''} given to them"
    if result.outcome == "conflict":
        text += "; the link collides with an existing one, see the link conflict item"
    return resolution, text


def _link_by_person(db, register, evidence, record, how, actor, now) -> links.LinkResult:
    """Remember that this spelling is this record (its own spelling needs no link); the
    proposal, if there was one, is retired either way."""
    if record["key"] == evidence["key"]:
        result = links.LinkResult("existing", None, record["id"])
    else:
        result = _link(db, register, evidence, record, how, actor, now)
    proposal = evidence.get("proposal")
    if proposal and proposal.get("link_id") and result.outcome in ("linked", "existing"):
        links.supersede(db, proposal["link_id"], now, by_link=result.link_id)
    return result


def _link(db, register, evidence, record, how, actor, now) -> links.LinkResult:
    return links.link(
        db,
        system=register.system,
        key=evidence["key"],
        value=evidence["name"],
        record_type=register.record_type,
        record_id=record["id"],
        how=how,
        now=now,
        actor=actor,
    )
