"""Importing timesheets and fuel logs on a real SQLite file: what is written, what is
skipped, what waits for a person, and what the lists add up to.

The files are the realistic exports in tests/fixtures/csv/ (and a few written here).
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from app import clock, ids, links, review_items, sites, storage
from app.db import connect, migrations, rows
from app.imports import flow, importing, lists, receiving, timesheets
from app.imports import fuel_logs as fuel_store
from app.imports.importing import Staged
from app.imports.reading import Choices
from app.review import decisions

CSV = Path(__file__).parent / "fixtures" / "csv"


def stage(settings, raw: bytes, name: str = "export.csv") -> Staged:
    """A file as an upload leaves it, waiting for its import."""
    batch_id = ids.new_id()
    path = receiving.staged_path(settings, batch_id)
    path.write_bytes(raw)
    return Staged(
        batch_id, name, storage.relative(settings, path), hashlib.sha256(raw).hexdigest(), len(raw)
    )


def run(db, settings, kind, raw, name="export.csv", user=None, all_or_nothing=False, choices=None):
    staged = stage(settings, raw, name)
    return flow.run(
        db, settings, kind, staged, choices or Choices(), user and user["id"], all_or_nothing
    )


def fixture(name: str) -> bytes:
    return (CSV / name).read_bytes()


@pytest.fixture
def known_sites(db):
    for code, name in (("CP09", "Menlyn Mall"), ("CP12", "Hatfield Flats"), ("CP14", "Sandton")):
        sites.add_site(db, code, name, clock.now())


def table(db, sql, params=()):
    return rows(db, sql, params)


# --- a file in, rows out -----------------------------------------------------------


def test_a_semicolon_file_with_a_bom_and_decimal_commas(db, settings, admin, known_sites):
    outcome = run(
        db, settings, "timesheets", fixture("timesheets-sa-semicolon-bom.csv"), user=admin
    )
    assert (outcome.imported, outcome.skipped, outcome.problems) == (12, 0, [])
    stored = table(
        db, "SELECT line_no, person_name, site_code, seconds FROM timesheets ORDER BY line_no"
    )
    assert stored[1] == {
        "line_no": 3,
        "person_name": "Thabo Nkosi",
        "site_code": "CP09",
        "seconds": 27000,
    }
    assert sum(row["seconds"] for row in stored) / 3600 == 91.75
    people = table(db, "SELECT name FROM employees ORDER BY name")
    assert [p["name"] for p in people] == [
        "Johan van der Merwe",
        "Lindiwe Mokoena",
        "Sipho Dlamini",
        "Thabo Nkosi",
    ]
    # a record's own name is its own evidence: the map keeps only other spellings
    assert table(db, "SELECT count(*) AS n FROM external_links") == [{"n": 0}]
    # MEG-04 is no site here: those rows are stored without one, and say so
    unmatched = table(db, "SELECT line_no, warnings FROM timesheets WHERE site_id IS NULL")
    assert unmatched == [
        {"line_no": 8, "warnings": '["site_unmatched"]'},
        {"line_no": 9, "warnings": '["site_unmatched"]'},
    ]


def test_the_batch_is_written_processed_at_once_with_its_counts(db, settings, admin, known_sites):
    outcome = run(
        db,
        settings,
        "timesheets",
        fixture("timesheets-clockify-bad-rows.csv"),
        name="clockify.csv",
        user=admin,
    )
    batch = table(db, "SELECT * FROM data_import_batches WHERE id = ?", [outcome.batch_id])[0]
    assert (batch["batch_type"], batch["status"], batch["processed_record_id"]) == (
        "timesheets",
        "processed",
        None,
    )
    assert (batch["original_filename"], batch["uploaded_by"]) == ("clockify.csv", admin["id"])
    summary = flow.batch_summary(batch)
    assert (summary["rows_imported"], summary["rows_skipped"], summary["problems"]) == (2, 0, 6)
    assert batch["warnings"] == '["site_unmatched"]'
    events = table(
        db, "SELECT event FROM batch_events WHERE batch_id = ? ORDER BY id", [batch["id"]]
    )
    assert [e["event"] for e in events] == ["uploaded", "processed"]
    assert storage.resolve(settings, batch["file_path"]).read_bytes() == fixture(
        "timesheets-clockify-bad-rows.csv"
    )


def test_windows_1252_names_keep_their_accents_and_match_without_them(db, settings, known_sites):
    run(db, settings, "timesheets", fixture("timesheets-harvest-windows1252.csv"))
    people = [p["name"] for p in table(db, "SELECT name FROM employees ORDER BY name")]
    assert people == ["André Fourie", "José Gonçalves", "Renée du Plessis", "Zoë Müller"]
    described = table(db, "SELECT description FROM timesheets WHERE line_no = 3")
    assert described == [{"description": "Primer coat, façade"}]
    later = b"Date,First Name,Last Name,Project Code,Hours\n2026-03-12,Jose,Goncalves,CP14,8\n"
    run(db, settings, "timesheets", later)
    jose = table(
        db, "SELECT DISTINCT employee_id FROM timesheets WHERE person_key = 'jose goncalves'"
    )
    assert len(jose) == 1 and jose[0]["employee_id"] is not None
    assert len(table(db, "SELECT id FROM employees")) == 4


def test_bad_rows_are_left_out_each_with_its_line_and_reason(db, settings, known_sites):
    outcome = run(db, settings, "timesheets", fixture("timesheets-clockify-bad-rows.csv"))
    assert outcome.imported == 2
    assert [row["line_no"] for row in table(db, "SELECT line_no FROM timesheets ORDER BY 1")] == [
        2,
        9,
    ]
    said = {(p.line, p.message) for p in outcome.problems}
    assert said == {
        (3, "Ben Khumalo has 25 hours on 2026-03-16 (lines 3, 4): more than 24."),
        (4, "Ben Khumalo has 25 hours on 2026-03-16 (lines 3, 4): more than 24."),
        (5, "“02/30/2026” is not a date."),
        (6, "The person's name is missing."),
        (7, "0 hours: a row needs more than 0 hours."),
        (8, "2031-01-06 is in the future."),
    }


def test_all_or_nothing_writes_nothing_when_a_row_has_a_problem(db, settings):
    with pytest.raises(importing.NothingImported, match="6 rows have problems"):
        run(
            db,
            settings,
            "timesheets",
            fixture("timesheets-clockify-bad-rows.csv"),
            all_or_nothing=True,
        )
    for name in (
        "data_import_batches",
        "timesheets",
        "employees",
        "external_links",
        "import_mappings",
    ):
        assert table(db, f"SELECT count(*) AS n FROM {name}") == [{"n": 0}], name


def test_the_same_file_again_is_refused_with_its_first_import(db, settings):
    raw = fixture("timesheets-sa-semicolon-bom.csv")
    first = run(db, settings, "timesheets", raw)
    with pytest.raises(importing.AlreadyImported) as refused:
        run(db, settings, "timesheets", raw, name="renamed.csv")
    assert refused.value.batch["id"] == first.batch_id
    assert table(db, "SELECT count(*) AS n FROM timesheets") == [{"n": 12}]
    assert table(db, "SELECT count(*) AS n FROM data_import_batches") == [{"n": 1}]


def test_rows_already_imported_from_another_file_are_skipped(db, settings, known_sites):
    first = run(db, settings, "timesheets", fixture("timesheets-sa-semicolon-bom.csv"))
    overlap = (
        b"Date;Employee;Site;Hours\n"
        b"09/03/2026;Thabo Nkosi;CP09;8\n"  # already imported
        b"09/03/2026;Sipho Dlamini;CP 09;7\n"  # the same site, written another way
        b"10/03/2026;Lindiwe Mokoena;CP12;8\n"
        b"11/03/2026;Lindiwe Mokoena;CP12;8\n"  # new
        b"09/03/2026;Thabo Nkosi;CP12;8\n"  # another site: not the same row
    )
    outcome = run(db, settings, "timesheets", overlap)
    assert (outcome.imported, outcome.skipped) == (2, 3)
    assert outcome.plan.duplicates == [{"line": n, "batch_id": first.batch_id} for n in (2, 3, 4)]
    # Thabo's second row that day is imported: 16 hours is still a day
    assert table(db, "SELECT count(*) AS n FROM timesheets") == [{"n": 14}]


def test_a_day_over_24_hours_counts_the_hours_imported_before(db, settings):
    run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Ann Lee,16\n")
    outcome = run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Ann Lee,9\n")
    assert [p.message for p in outcome.problems] == [
        "Ann Lee has 25 hours on 2026-03-02 (lines 2, with 16 hours imported before): more than 24."
    ]


# --- people and vehicles through the identity map ------------------------------------


def proposed(db, kind):
    return review_items.open_items(db, kind)


def test_a_near_name_is_proposed_and_a_person_confirms_it(db, settings, admin):
    run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Thabo Nkosi,8\n")
    outcome = run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-03,Thabo Nkozi,8\n")
    assert outcome.plan.matches["thabo nkozi"].outcome == "proposed"
    waiting = table(
        db, "SELECT employee_id, warnings FROM timesheets WHERE person_key = 'thabo nkozi'"
    )
    assert waiting == [{"employee_id": None, "warnings": '["employee_proposed"]'}]
    [item] = proposed(db, "employee.proposed")
    assert (item["evidence"]["proposal"]["record_name"], item["evidence"]["rows"]) == (
        "Thabo Nkosi",
        1,
    )
    decided = decisions.decide(db, settings, item["id"], "confirm", {}, admin, clock.now())
    assert (decided["state"], decided["resolution"]) == ("resolved", "confirmed")
    assert "Thabo Nkozi is Thabo Nkosi; 1 row given to them" in decided["note"]
    given = table(db, "SELECT DISTINCT employee_id FROM timesheets")
    assert len(given) == 1 and given[0]["employee_id"] is not None
    # the confirmed spelling now links by itself
    again = run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-04,Thabo Nkozi,8\n")
    assert again.plan.matches["thabo nkozi"].outcome == "linked"
    assert proposed(db, "employee.proposed") == []


def test_a_person_can_say_a_near_name_is_someone_new(db, settings, admin):
    run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Ann Lee,8\n")
    run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Anna Lee,8\n")
    [item] = proposed(db, "employee.proposed")
    decided = decisions.decide(
        db, settings, item["id"], "create", {"name": "Anna Lee"}, admin, clock.now()
    )
    assert decided["resolution"] == "record_created"
    assert [p["name"] for p in table(db, "SELECT name FROM employees ORDER BY name")] == [
        "Ann Lee",
        "Anna Lee",
    ]
    proposal = links.get_link(db, item["evidence"]["proposal"]["link_id"])
    assert proposal["state"] == "superseded"


def test_a_near_registration_is_proposed_and_a_person_chooses_the_vehicle(db, settings, admin):
    statement = "Date,Registration,Litres,Price\n2026-03-02,{reg},60,22.00\n"
    run(db, settings, "fuel_logs", statement.format(reg="CA 123-456").encode())
    run(db, settings, "fuel_logs", statement.format(reg="CA 123-465").encode())
    [item] = proposed(db, "vehicle.proposed")
    assert item["money_at_risk_cents"] == 132000
    vehicle = table(db, "SELECT id FROM vehicles WHERE number_key = 'CA123456'")[0]
    with pytest.raises(decisions.DecisionError, match="Choose one of the vehicles"):
        decisions.decide(db, settings, item["id"], "choose", {"record_id": "x"}, admin, clock.now())
    decisions.decide(
        db, settings, item["id"], "choose", {"record_id": vehicle["id"]}, admin, clock.now()
    )
    assert table(db, "SELECT DISTINCT vehicle_id FROM fuel_logs") == [{"vehicle_id": vehicle["id"]}]


def test_a_dismissed_proposal_leaves_the_rows_waiting_and_retires_the_proposed_link(
    db, settings, admin
):
    run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Ann Lee,8\n")
    run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-02,Anna Lee,8\n")
    [item] = proposed(db, "employee.proposed")
    decisions.decide(db, settings, item["id"], "dismiss", {}, admin, clock.now())
    assert links.get_link(db, item["evidence"]["proposal"]["link_id"])["state"] == "superseded"
    assert table(db, "SELECT employee_id FROM timesheets WHERE person_key = 'anna lee'") == [
        {"employee_id": None}
    ]


# --- fuel -----------------------------------------------------------------------------


def test_the_50000_litre_typo_is_imported_flagged_and_corrected(db, settings, admin, known_sites):
    outcome = run(db, settings, "fuel_logs", fixture("fuel-card-statement.csv"))
    assert (outcome.imported, outcome.problems) == (12, [])
    assert outcome.plan.parsed.ignored == [(14, "a totals line under the table")]
    [item] = proposed(db, "fuel.outlier")
    assert item["money_at_risk_cents"] == 1_124_000_00
    assert item["evidence"]["why"]["text"] == (
        "50000 l is more than 3 × this vehicle's usual fill of 61.73 l."
    )
    fill = fuel_store.get_fill(db, item["record_id"])
    assert (fill["line_no"], fill["warnings"]) == (10, '["fuel_outlier"]')
    decided = decisions.decide(
        db, settings, item["id"], "correct", {"litres": "50,00"}, admin, clock.now()
    )
    assert decided["note"] == "corrected from 50000 l to 50 l; the amount is now 1\u00a0124.00"
    fill = fuel_store.get_fill(db, item["record_id"])
    assert (fill["millilitres"], fill["amount_cents"], fill["warnings"]) == (50000, 112400, "[]")


def test_a_fill_over_the_tank_size_is_flagged(db, settings):
    statement = (
        b"Date,Plant No,Tank Size,Litres,Amount\n"
        b"2026-03-02,EXC-07,400,350,7700.00\n"
        b"2026-03-03,EXC-07,400,410,9020.00\n"
    )
    outcome = run(db, settings, "fuel_logs", statement)
    assert [why["rule"] for why in outcome.plan.outliers.values()] == ["tank"]
    assert table(db, "SELECT tank_litres FROM vehicles") == [{"tank_litres": 400}]
    [item] = proposed(db, "fuel.outlier")
    assert item["evidence"]["why"]["text"] == "410 l is more than its 400 l tank holds."


def test_a_semicolon_statement_in_euros(db, settings):
    outcome = run(db, settings, "fuel_logs", fixture("fuel-nl-semicolon-bom.csv"))
    assert outcome.imported == 3
    stored = table(
        db,
        "SELECT fill_date, millilitres, price_per_litre, amount_cents, currency"
        " FROM fuel_logs ORDER BY line_no LIMIT 1",
    )
    assert stored == [
        {
            "fill_date": "2026-03-16",
            "millilitres": 48370,
            "price_per_litre": "1.659",
            "amount_cents": 8025,
            "currency": "EUR",
        }
    ]


# --- mappings ----------------------------------------------------------------------


def test_a_layout_mapped_by_a_person_maps_the_same_way_next_time(db, settings):
    header = "When,Who,Where,Spent\n"
    chosen = Choices(mapping=("date", "person", "site", "hours"))
    run(
        db,
        settings,
        "timesheets",
        (header + "2026-03-02,Ann Lee,CP09,8\n").encode(),
        choices=chosen,
    )
    next_week = stage(settings, (header + "2026-03-09,Ann Lee,CP09,7\n").encode())
    plan = flow.preview(db, settings, "timesheets", next_week)
    assert (plan.parsed.mapping_from, plan.parsed.mapping) == (
        "remembered",
        ["date", "person", "site", "hours"],
    )
    assert len(plan.rows) == 1


# --- the lists ---------------------------------------------------------------------


def test_timesheet_totals_per_week_and_per_site(db, settings, known_sites):
    run(db, settings, "timesheets", fixture("timesheets-sa-semicolon-bom.csv"))
    totals = timesheets.totals(db, lists.RowFilter())
    assert [(w["week"], w["quantity"], w["rows"]) for w in totals.weeks] == [
        ("2026-03-09", "23", 3),
        ("2026-03-02", "68.75", 9),
    ]
    assert [(s["site_code"], s["quantity"]) for s in totals.sites] == [
        ("CP09", "43"),
        ("CP12", "32"),
        (None, "16.75"),
    ]
    cp09 = totals.charts[0]
    assert [(c.label, str(c.value)) for c in cp09["chart"].columns] == [
        ("2026-03-02", "28"),
        ("2026-03-09", "15"),
    ]
    only_cp12 = timesheets.totals(db, lists.RowFilter(site="CP12", who="sipho"))
    assert only_cp12.grand["quantity"] == "11.5"


def test_fuel_totals_keep_each_currency_apart(db, settings, known_sites):
    run(db, settings, "fuel_logs", fixture("fuel-card-statement.csv"))
    run(db, settings, "fuel_logs", fixture("fuel-nl-semicolon-bom.csv"))
    totals = fuel_store.totals(db, lists.RowFilter())
    statement = list(csv.DictReader(io.StringIO(fixture("fuel-card-statement.csv").decode())))
    zar = sum(Decimal(row["Amount (ZAR)"]) for row in statement if row["Amount (ZAR)"])
    assert zar == Decimal("1143157.37")
    assert totals.grand["costs"] == [("EUR", 8025 + 8591 + 8298), ("ZAR", 1143157_37)]
    weeks = {w["week"]: w for w in totals.weeks}
    assert weeks["2026-03-16"]["costs"] == [("EUR", 24914)]
    assert weeks["2026-03-16"]["quantity"] == "150.49"


def test_the_export_is_safe_to_open_in_a_spreadsheet(db, settings):
    run(
        db,
        settings,
        "timesheets",
        b'Date,Employee,Hours,Notes\n2026-03-02,Ann Lee,8,"=HYPERLINK(""http://x"")"\n',
    )
    text = "".join(timesheets.export_csv(db, lists.RowFilter()))
    header, row = list(csv.reader(io.StringIO(text)))
    assert (header[8], row[8]) == ("Description", '\'=HYPERLINK("http://x")')
    assert row[:6] == ["2026-03-02", "Ann Lee", "Ann Lee", "", "", "8"]


# --- the schema --------------------------------------------------------------------


def test_the_migration_keeps_every_link_and_review_item(tmp_path):
    db = connect(tmp_path / "old.db")
    for number, _name, sql in migrations():
        if number <= 6:
            db.conn.executescript(sql)
    db.conn.execute("PRAGMA user_version = 6")
    db.conn.executescript(
        "INSERT INTO suppliers VALUES ('s1', 'Acme', 'acme', NULL, 't');"
        "INSERT INTO external_links (id, system, external_key, record_type, record_id, how, state,"
        " created_at, superseded_at) VALUES ('l1', 'x', 'acme', 'supplier', 's1', 'exact_code',"
        " 'superseded', 't', 't');"
        "INSERT INTO external_links (id, system, external_key, record_type, record_id, how, state,"
        " created_at) VALUES ('l2', 'x', 'acme', 'supplier', 's1', 'person', 'active', 't');"
        "UPDATE external_links SET superseded_by = 'l2' WHERE id = 'l1';"
        "INSERT INTO review_items (id, kind, entity, record_id, created_at, last_seen_at)"
        " VALUES ('r1', 'link.conflict', 'external_link', 'l2', 't', 't');"
    )
    from app.db import migrate

    assert migrate(db) == len(migrations())
    assert table(db, "SELECT id, superseded_by FROM external_links ORDER BY id") == [
        {"id": "l1", "superseded_by": "l2"},
        {"id": "l2", "superseded_by": None},
    ]
    assert table(db, "SELECT id, kind FROM review_items") == [{"id": "r1", "kind": "link.conflict"}]
    assert db.conn.execute("PRAGMA foreign_key_check").fetchall() == []
    names = {r["name"] for r in table(db, "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"review_items_one_open", "external_links_active_key", "timesheets_date"} <= names


def test_a_preview_nobody_imported_is_removed_by_the_sweep_an_hour_later(db, settings):
    waiting = stage(settings, b"Date,Employee,Hours\n2026-03-02,Ann Lee,8\n")
    imported = run(db, settings, "timesheets", b"Date,Employee,Hours\n2026-03-03,Ann Lee,8\n")
    for staged_path in settings.files_dir.joinpath(storage.IMPORTS).iterdir():
        os.utime(staged_path, (0, 0))  # both written long ago
    removed = storage.reap_orphans(db, settings, clock.now(), timedelta(hours=1))
    assert removed == [waiting.file_path]
    batch = table(db, "SELECT file_path FROM data_import_batches WHERE id = ?", [imported.batch_id])
    assert storage.resolve(settings, batch[0]["file_path"]).exists()
