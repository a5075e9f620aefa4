"""The identity map: normalising names, every outcome of linking, confirming and
superseding, and the constraints that hold even against SQL written by hand."""

from __future__ import annotations

import sqlite3

import pytest

from app import clock, links, review_items, sites, suppliers
from app.db import immediate, rows

S, SUP = links.SUPPLIER_NAMES, links.SUPPLIER
PO = {"id": "po0000000000001", "number": "PO1", "total_cents": 1000}


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Acme Steel (Pty) Ltd", "acme steel"),
        ("ACME STEEL PTY. LTD.", "acme steel"),
        ("Acme Steel (Proprietary) Limited", "acme steel"),
        ("  acme   steel ", "acme steel"),
        ("Acme-Steel CC", "acme steel"),
        ("Bolt & Co", "bolt"),
        ("Bolt and Nut Co. Ltd", "bolt and nut"),
        ("Électro Supplies Inc.", "electro supplies"),
        ("Limited", "limited"),  # never normalised away to nothing
        ("", ""),
        (None, ""),
    ],
)
def test_normalise_name(name, key):
    assert links.normalise_name(name) == key


@pytest.mark.parametrize(
    ("a", "b", "at_least", "below"),
    [
        ("acme steel", "acme steel", 1.0, None),
        ("acme steel", "acme steels", 0.9, None),
        ("acme steel", "steel acme", 1.0, None),  # word order does not count
        ("acme steel", "bolt and nut", None, 0.5),
        ("", "acme", None, 0.01),
    ],
)
def test_similarity(a, b, at_least, below):
    score = links.similarity(a, b)
    if at_least is not None:
        assert score >= at_least
    if below is not None:
        assert score < below


def supplier(db, name):
    return suppliers.create_supplier(db, name, None, clock.now())


def link(db, key, record_id, how="exact_code", actor=None, record_type=SUP):
    return links.link(
        db,
        system=S,
        key=key,
        value=key.title(),
        record_type=record_type,
        record_id=record_id,
        how=how,
        now=clock.now(),
        actor=actor,
    )


def states(db):
    return [
        (r["external_key"], r["record_id"], r["how"], r["state"])
        for r in rows(db, "SELECT * FROM external_links ORDER BY created_at, rowid")
    ]


# --- link ------------------------------------------------------------------------


def test_exact_evidence_links(db):
    acme = supplier(db, "Acme Steel")
    result = link(db, "acme steel", acme["id"])
    assert (result.outcome, result.record_id) == ("linked", acme["id"])
    assert states(db) == [("acme steel", acme["id"], "exact_code", "active")]


def test_linking_again_is_existing_and_adds_nothing(db):
    acme = supplier(db, "Acme Steel")
    first = link(db, "acme steel", acme["id"])
    again = link(db, "acme steel", acme["id"])
    assert (again.outcome, again.link_id) == ("existing", first.link_id)
    assert len(states(db)) == 1


def test_a_key_taken_by_another_record_is_a_conflict_that_changes_nothing(db):
    acme, other = supplier(db, "Acme Steel"), supplier(db, "Other Steel")
    first = link(db, "acme steel", acme["id"])
    result = link(db, "acme steel", other["id"], how="person", actor=None)
    assert result.outcome == "conflict"
    assert states(db) == [("acme steel", acme["id"], "exact_code", "active")]
    item = review_items.get_item(db, result.item_id)
    assert (item["kind"], item["entity"], item["record_id"]) == (
        "link.conflict",
        "external_link",
        first.link_id,
    )
    assert item["evidence"]["existing"][0]["record_id"] == acme["id"]
    assert item["evidence"]["new"]["record_id"] == other["id"]
    assert item["evidence"]["new"]["record_name"] == "Other Steel"


def test_a_record_already_linked_from_another_key_is_a_conflict(db):
    acme = supplier(db, "Acme Steel")
    link(db, "acme steel", acme["id"])
    result = link(db, "acme stl", acme["id"], how="person")
    assert result.outcome == "conflict"
    assert [s[0] for s in states(db)] == ["acme steel"]


def test_the_same_conflict_again_refreshes_its_one_item(db):
    acme, other = supplier(db, "Acme Steel"), supplier(db, "Other Steel")
    link(db, "acme steel", acme["id"])
    first = link(db, "acme steel", other["id"], how="person")
    second = link(db, "acme steel", other["id"], how="person")
    assert first.item_id == second.item_id
    assert review_items.get_item(db, first.item_id)["seen_count"] == 2


def test_a_name_match_cannot_be_linked_directly(db):
    acme = supplier(db, "Acme Steel")
    with pytest.raises(links.LinkError):
        link(db, "acme stel", acme["id"], how="name")


# --- match_supplier (the importer's entry) -----------------------------------------


def test_match_supplier_outcomes(db):
    now = clock.now()
    acme = supplier(db, "Acme Steel (Pty) Ltd")
    exact = suppliers.match_supplier(db, "ACME STEEL PTY LTD", 0.85, now, PO)
    assert (exact.outcome, exact.record_id) == ("linked", acme["id"])
    again = suppliers.match_supplier(db, "Acme Steel", 0.85, now, PO)
    assert (again.outcome, again.record_id) == ("existing", acme["id"])
    close = suppliers.match_supplier(db, "Acme Steels", 0.85, now, PO)
    assert (close.outcome, close.record_id) == ("proposed", None)
    proposed = links.get_link(db, close.link_id)
    assert (proposed["how"], proposed["state"], proposed["record_id"]) == (
        "name",
        "proposed",
        acme["id"],
    )
    item = review_items.get_item(db, close.item_id)
    assert item["evidence"]["proposal"]["supplier_name"] == "Acme Steel (Pty) Ltd"
    unknown = suppliers.match_supplier(db, "Zebra Timber", 0.85, now, PO)
    assert (unknown.outcome, unknown.link_id) == ("proposed", None)
    assert review_items.get_item(db, unknown.item_id)["evidence"]["proposal"] is None


def test_the_threshold_decides_what_is_close(db):
    supplier(db, "Acme Steel")
    assert suppliers.match_supplier(db, "Acme Steels", 0.99, clock.now(), PO).link_id is None
    assert suppliers.match_supplier(db, "Acme Steels", 0.9, clock.now(), PO).link_id is not None


def test_every_po_waiting_on_a_name_is_in_its_one_item(db):
    now = clock.now()
    first = suppliers.match_supplier(db, "Zebra Timber", 0.85, now, PO)
    second_po = {"id": "po0000000000002", "number": "PO2", "total_cents": 500}
    second = suppliers.match_supplier(db, "ZEBRA TIMBER (PTY) LTD", 0.85, now, second_po)
    assert first.item_id == second.item_id
    item = review_items.get_item(db, first.item_id)
    assert [po["number"] for po in item["evidence"]["pos"]] == ["PO1", "PO2"]
    assert (item["seen_count"], item["money_at_risk_cents"]) == (2, 1500)


# --- confirm and supersede ---------------------------------------------------------


def proposal(db, key, record_id):
    return links.propose(
        db,
        system=S,
        key=key,
        value=key,
        record_type=SUP,
        record_id=record_id,
        score=0.9,
        now=clock.now(),
    )


def test_confirm_makes_the_proposal_active(db, admin):
    acme = supplier(db, "Acme Steel")
    link_id = proposal(db, "acme steels", acme["id"])
    assert proposal(db, "acme steels", acme["id"]) == link_id  # proposed once
    result = links.confirm(db, link_id, admin["id"], clock.now())
    assert result.outcome == "confirmed"
    confirmed = links.get_link(db, link_id)
    assert (confirmed["state"], confirmed["how"], confirmed["confirmed_by"]) == (
        "active",
        "name",
        admin["id"],
    )


def test_confirming_twice_is_already_decided(db, admin, staff):
    acme = supplier(db, "Acme Steel")
    link_id = proposal(db, "acme steels", acme["id"])
    assert links.confirm(db, link_id, admin["id"], clock.now()).outcome == "confirmed"
    assert links.confirm(db, link_id, staff["id"], clock.now()).outcome == "decided"
    assert links.get_link(db, link_id)["confirmed_by"] == admin["id"]


def test_confirm_when_the_key_was_taken_meanwhile_is_a_conflict(db, admin):
    acme, other = supplier(db, "Acme Steel"), supplier(db, "Acme Steels")
    link_id = proposal(db, "acme steelz", acme["id"])
    link(db, "acme steelz", other["id"], how="person", actor=admin["id"])  # meanwhile
    result = links.confirm(db, link_id, admin["id"], clock.now())
    assert result.outcome == "conflict"
    assert links.get_link(db, link_id)["state"] == "proposed"  # nothing changed
    assert review_items.get_item(db, result.item_id)["evidence"]["new"]["link_id"] == link_id


def test_confirm_when_the_record_was_linked_meanwhile_is_a_conflict(db, admin):
    acme = supplier(db, "Acme Steel")
    link_id = proposal(db, "acme steels", acme["id"])
    link(db, "acme steel", acme["id"])  # meanwhile, from exact evidence
    assert links.confirm(db, link_id, admin["id"], clock.now()).outcome == "conflict"


def test_two_confirmers_at_once_one_wins(settings, db, admin, staff):
    """Both read the proposal as open; the IMMEDIATE transaction makes the second wait and see."""
    from app.db import connect

    acme, other = supplier(db, "Acme Steel"), supplier(db, "Other Steel")
    to_acme = proposal(db, "acme stl", acme["id"])
    to_other = proposal(db, "acme stl", other["id"])
    second = connect(settings.db_path, busy_timeout_ms=50)
    with immediate(db):
        assert links.confirm(db, to_acme, admin["id"], clock.now()).outcome == "confirmed"
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            links.confirm(second, to_other, staff["id"], clock.now())
    assert links.confirm(second, to_other, staff["id"], clock.now()).outcome == "conflict"
    second.close()
    assert [s[3] for s in states(db)] == ["active", "proposed"]


def test_replace_supersedes_every_colliding_link(db, admin):
    acme, other = supplier(db, "Acme Steel"), supplier(db, "Other Steel")
    old = link(db, "acme steel", acme["id"])
    conflict = link(db, "acme steel", other["id"], how="person", actor=admin["id"])
    new = review_items.get_item(db, conflict.item_id)["evidence"]["new"]
    result = links.replace(db, new, admin["id"], clock.now())
    assert result.outcome == "linked"
    retired = links.get_link(db, old.link_id)
    assert (retired["state"], retired["superseded_by"]) == ("superseded", result.link_id)
    assert links.active_link(db, S, "acme steel")["record_id"] == other["id"]
    assert len(states(db)) == 2  # never deleted


def test_supersede_once(db):
    acme = supplier(db, "Acme Steel")
    made = link(db, "acme steel", acme["id"])
    assert links.supersede(db, made.link_id, clock.now()) is True
    assert links.supersede(db, made.link_id, clock.now()) is False
    assert links.active_link(db, S, "acme steel") is None
    # the key is free again for a new active link
    assert link(db, "acme steel", acme["id"]).outcome == "linked"


def test_suppliers_are_unique_by_normalised_name(db):
    supplier(db, "Acme Steel (Pty) Ltd")
    with pytest.raises(links.LinkError, match="already exists"):
        supplier(db, "ACME STEEL LTD")
    with pytest.raises(links.LinkError, match="needs a name"):
        supplier(db, " (--) ")


# --- the constraints, against rows written by hand -----------------------------------


def insert(db, **values):
    row = {
        "id": values.pop("id", "l" * 15),
        "system": S,
        "external_key": "acme steel",
        "record_type": SUP,
        "record_id": "s" * 15,
        "how": "exact_code",
        "state": "active",
        "created_at": clock.iso(clock.now()),
    } | values
    columns = ", ".join(row)
    marks = ", ".join(f":{name}" for name in row)
    db.conn.execute(f"INSERT INTO external_links ({columns}) VALUES ({marks})", row)


@pytest.mark.parametrize(
    "values",
    [
        {"how": "name", "state": "active"},  # a name match nobody confirmed
        {"how": "name", "state": "active", "confirmed_by": None, "confirmed_at": "x"},
        {"how": "guess"},
        {"state": "deleted"},
        {"state": "superseded"},  # superseded without saying when
        {"state": "active", "superseded_at": "2026-01-01T00:00:00.000Z"},
        {"record_type": "invoice"},
        {"external_key": ""},
    ],
)
def test_bad_links_are_refused_by_the_schema(db, values):
    with pytest.raises(sqlite3.IntegrityError):
        insert(db, **values)


def test_a_confirmed_name_match_may_be_active(db, admin):
    confirmed = {"confirmed_by": admin["id"], "confirmed_at": clock.iso(clock.now())}
    insert(db, how="name", state="active", **confirmed)


def test_one_active_link_per_key_and_per_record(db):
    insert(db, id="a" * 15)
    with pytest.raises(sqlite3.IntegrityError):
        insert(db, id="b" * 15, record_id="t" * 15)  # same key, another record
    with pytest.raises(sqlite3.IntegrityError):
        insert(db, id="c" * 15, external_key="acme stl")  # same record, another key
    insert(db, id="d" * 15, state="proposed", record_id="t" * 15)  # proposals may pile up
    insert(db, id="e" * 15, external_key="acme stl", system="accounting")  # another system


def test_site_aliases_cannot_point_one_code_at_two_sites(db):
    now = clock.now()
    a = sites.add_site(db, "CP09", "Cape Point", now)
    b = sites.add_site(db, "CP10", "Camps Bay", now)
    alias_id = sites.add_alias(db, a, "Cape-9", None, now)
    assert sites.add_alias(db, a, "CAPE 9", None, now) == alias_id  # the same alias again
    assert sites.add_alias(db, a, "cp09", None, now) is None  # its own code adds nothing
    with pytest.raises(sites.SiteError, match="already an alias of site CP09"):
        sites.add_alias(db, b, "cape9", None, now)
    with pytest.raises(sites.SiteError, match="A site with code CP10 already exists"):
        sites.add_alias(db, a, "CP-10", None, now)
    assert sites.match_site(db, "cape 9")["id"] == a


@pytest.mark.parametrize(
    ("raw", "value"),
    [("", 0.85), ("0.9", 0.9), ("1", 1.0), ("0", None), ("1.5", None), ("x", None)],
)
def test_the_supplier_threshold_is_a_setting(tmp_path, raw, value):
    from app.config import ConfigError, Settings

    env = {"INTAKE_SUPPLIER_MATCH_THRESHOLD": raw}
    if value is None:
        with pytest.raises(ConfigError, match="INTAKE_SUPPLIER_MATCH_THRESHOLD"):
            Settings.from_env(env=env, data_dir=tmp_path)
    else:
        assert Settings.from_env(env=env, data_dir=tmp_path).supplier_match_threshold == value
