"""The review queue itself: one open item per (kind, record), closing once, the
order of the queue, the constraints, and the hooks other pages call."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from app import clock, pipeline, queue, queue_reads, review_items, sites
from app.db import rows
from app.purchase_orders import intake, reviews, store, versions
from app.review import decisions, hooks
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

NOW = clock.parse("2026-08-19T10:00:00.000Z")


def open_item(db, kind="po.totals_mismatch", record="p" * 15, money=100, at=NOW, **evidence):
    entity = {"batch.dead": "batch"}.get(kind, "purchase_order")
    return review_items.open_item(db, kind, entity, record, evidence, money, at)


def test_the_same_finding_twice_is_one_item_seen_twice(db):
    first = open_item(db, money=100, seen="first")
    second = open_item(db, money=250, seen="second", at=NOW + timedelta(minutes=1))
    assert first["id"] == second["id"]
    item = review_items.get_item(db, first["id"])
    assert (item["seen_count"], item["money_at_risk_cents"], item["evidence"]) == (
        2,
        250,
        {"seen": "second"},
    )
    assert item["created_at"] == clock.iso(NOW)
    assert item["last_seen_at"] == clock.iso(NOW + timedelta(minutes=1))


def test_after_closing_the_same_finding_opens_a_new_item(db, admin):
    first = open_item(db)
    review_items.close_item(db, first["id"], resolution="verified", actor=admin["id"], now=NOW)
    again = open_item(db)
    assert again["id"] != first["id"] and again["seen_count"] == 1


def test_other_kinds_or_records_are_other_items(db):
    ids = {
        open_item(db)["id"],
        open_item(db, kind="low_confidence")["id"],
        open_item(db, record="q" * 15)["id"],
    }
    assert len(ids) == 3


def test_closing_twice_tells_the_second_person(db, admin, staff):
    item = open_item(db)
    review_items.close_item(db, item["id"], resolution="verified", actor=admin["id"], now=NOW)
    with pytest.raises(review_items.AlreadyClosed) as raised:
        review_items.close_item(db, item["id"], resolution="dismissed", actor=staff["id"], now=NOW)
    assert "already resolved by admin (verified)" in str(raised.value)
    closed = review_items.get_item(db, item["id"])
    assert (closed["resolution"], closed["resolved_by"]) == ("verified", admin["id"])


def test_an_item_closed_by_intake_says_so(db):
    item = open_item(db)
    review_items.close_item(db, item["id"], resolution="site_matched", actor=None, now=NOW)
    closed = review_items.get_item(db, item["id"])
    assert (closed["resolved_by"], closed["resolved_by_name"]) == (
        "intake",
        "Intake (automatically)",
    )


def test_the_queue_is_ordered_by_money_then_age_and_filters_by_kind(db):
    small = open_item(db, record="a" * 15, money=100)
    old_big = open_item(db, record="b" * 15, money=900)
    new_big = open_item(db, record="c" * 15, money=900, at=NOW + timedelta(minutes=5))
    dead = open_item(db, kind="batch.dead", record="d" * 15, money=0)
    listed = [item["id"] for item in review_items.list_items(db)]
    assert listed == [old_big["id"], new_big["id"], small["id"], dead["id"]]
    assert [i["id"] for i in review_items.list_items(db, kind="batch.dead")] == [dead["id"]]
    assert review_items.open_counts(db) == {"po.totals_mismatch": 3, "batch.dead": 1}


def insert_item(db, **values):
    row = {
        "id": values.pop("id", "r" * 15),
        "kind": "po.revision",
        "entity": "purchase_order",
        "record_id": "p" * 15,
        "created_at": clock.iso(NOW),
        "last_seen_at": clock.iso(NOW),
    } | values
    columns = ", ".join(row)
    marks = ", ".join(f":{name}" for name in row)
    db.conn.execute(f"INSERT INTO review_items ({columns}) VALUES ({marks})", row)


@pytest.mark.parametrize(
    "values",
    [
        {"state": "resolved"},  # closed, but no resolution, who or when
        {"state": "resolved", "resolution": "x", "resolved_by": "u" * 15},  # no when
        {"state": "resolved", "resolution": "x", "resolved_at": "t"},  # no who
        {"state": "dismissed", "resolution": "", "resolved_by": "u" * 15, "resolved_at": "t"},
        {"resolution": "x"},  # open, yet resolved
        {"kind": "po.mystery"},
        {"entity": "invoice"},
        {"state": "snoozed"},
        {"evidence": "not json"},
        {"money_at_risk_cents": -1},
        {"seen_count": 0},
    ],
)
def test_bad_items_are_refused_by_the_schema(db, values):
    with pytest.raises(sqlite3.IntegrityError):
        insert_item(db, **values)


def test_a_second_open_item_for_the_same_record_is_refused_by_the_schema(db):
    insert_item(db, id="a" * 15)
    with pytest.raises(sqlite3.IntegrityError):
        insert_item(db, id="b" * 15)
    closed = {"resolution": "kept_existing", "resolved_by": "u" * 15, "resolved_at": "t"}
    insert_item(db, id="c" * 15, state="resolved", **closed)  # closed ones may pile up


# --- hooks for the other pages -----------------------------------------------------


def imported(settings, db, **fields):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields(**fields)))
    pipeline.run_batch(settings, batch_id)
    return queue_reads.get_batch(db, batch_id)


def items_about(db, po_id):
    found = rows(
        db,
        "SELECT kind, state, resolution FROM review_items WHERE record_id = :id ORDER BY kind",
        {"id": po_id},
    )
    return [tuple(row.values()) for row in found]


def test_verifying_a_po_settles_its_totals_and_low_confidence_items(settings, db, admin):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("V1", total="9999.00")))
    claim = queue.claim_batch(db, batch_id, clock.now())
    payload = po_fields("V1", total="9999.00") | {"warnings": ["low_confidence:total"]}
    po_id = intake.process(db, settings, claim, payload, clock.now()).po_id
    assert ("low_confidence", "open", None) in items_about(db, po_id)
    assert reviews.on_po_verified(db, po_id, admin["id"], clock.now()) == 2
    assert items_about(db, po_id) == [
        ("low_confidence", "resolved", "verified"),
        ("po.site_unmatched", "open", None),
        ("po.totals_mismatch", "resolved", "verified"),
    ]
    notes = [h["note"] for h in store.po_history(db, po_id)]
    assert "Totals do not add up: settled: the PO was marked verified" in notes


def test_totals_corrected_elsewhere_settle_the_item(settings, db, admin):
    po_id = imported(settings, db, total="9999.00")["processed_record_id"]
    assert ("po.totals_mismatch", "open", None) in items_about(db, po_id)
    assert reviews.on_po_totals_changed(db, po_id, clock.now(), admin["id"]) is False
    db.conn.execute("UPDATE purchase_orders SET total_cents = 138805 WHERE id = ?", [po_id])
    assert reviews.on_po_totals_changed(db, po_id, clock.now(), admin["id"]) is True
    assert ("po.totals_mismatch", "resolved", "totals_agree") in items_about(db, po_id)


def test_a_site_added_elsewhere_settles_the_items_waiting_for_it(settings, db):
    first = imported(settings, db, po_number="S1", project_code="CP99")["processed_record_id"]
    second = imported(settings, db, po_number="S2", project_code="cp-99")["processed_record_id"]
    assert hooks.resolve_site_matches(db, clock.now()) == 0
    site_id = sites.add_site(db, "CP99", "Sea Point", clock.now())
    report = pipeline.sweep(settings)  # the safety net finds them without being told
    assert report.settled == 2
    for po_id in (first, second):
        assert store.get_po(db, po_id)["site_id"] == site_id
        assert ("po.site_unmatched", "resolved", "site_matched") in items_about(db, po_id)


def test_a_dead_batch_opens_one_item_in_the_same_transaction(settings, db):
    batch_id = store_batch(settings, db, b"%PDF-1.4 not really")
    pipeline.run_batch(settings, batch_id)
    [item] = review_items.list_items(db, kind="batch.dead")
    assert (item["record_id"], item["evidence"]["attempts"]) == (batch_id, 1)
    assert item["evidence"]["filename"] == "po.pdf"


def test_the_watchdog_opens_an_item_for_a_batch_it_gives_up_on(settings, db):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
    db.conn.execute("UPDATE data_import_batches SET attempts = 2 WHERE id = ?", [batch_id])
    queue.claim_batch(db, batch_id, clock.now())
    later = clock.now() + timedelta(minutes=16)
    queue.reset_stuck_batches(db, later, timedelta(minutes=15))
    [item] = review_items.list_items(db, kind="batch.dead")
    assert item["record_id"] == batch_id
    assert "on each of its 3 attempts" in item["evidence"]["error"]


def test_a_retry_from_anywhere_closes_the_dead_item(settings, db, admin):
    batch_id = store_batch(settings, db, b"%PDF-1.4 not really")
    pipeline.run_batch(settings, batch_id)
    assert queue.retry_batch(db, batch_id, clock.now(), admin["id"])
    item = review_items.list_items(db, state="resolved")[0]
    assert (item["record_id"], item["resolution"], item["resolved_by"]) == (
        batch_id,
        "retried",
        admin["id"],
    )
    pipeline.run_batch(settings, batch_id)  # it dies again: a new item
    assert len(review_items.list_items(db, kind="batch.dead")) == 1


def test_discard_only_from_failed_or_dead_and_closes_the_item(settings, db, admin):
    batch_id = store_batch(settings, db, b"%PDF-1.4 not really")
    assert queue.discard_batch(db, batch_id, clock.now(), admin["id"]) is False  # pending
    pipeline.run_batch(settings, batch_id)
    assert queue.discard_batch(db, batch_id, clock.now(), admin["id"]) is True
    assert queue_reads.get_batch(db, batch_id)["status"] == "discarded"
    assert queue.discard_batch(db, batch_id, clock.now(), admin["id"]) is False
    assert review_items.list_items(db, state="resolved")[0]["resolution"] == "discarded"
    events = [e["event"] for e in queue_reads.batch_events(db, batch_id)]
    assert events[-1] == "discarded"


# --- what counts as a revision -----------------------------------------------------


def version(total=1000, items=(("A", "1", 1000),), **fields):
    base = {
        "po_date": "2026-08-19",
        "supplier_name": "Acme",
        "project_code": "CP09",
        "currency": "ZAR",
        "subtotal_cents": total,
        "tax_cents": 0,
        "total_cents": total,
    }
    lines = [
        {
            "item_code": code,
            "description": "",
            "quantity": qty,
            "unit": "",
            "unit_price_cents": amount,
            "amount_cents": amount,
        }
        for code, qty, amount in items
    ]
    return base | fields | {"items": lines}


def line(code="PIPE-050", description="Steel pipe 50 mm, 6 m lengths", qty="51", unit="m",
         price=12000, amount=612000) -> dict:  # fmt: skip
    return {"item_code": code, "description": description, "quantity": qty, "unit": unit,
            "unit_price_cents": price, "amount_cents": amount}  # fmt: skip


@pytest.mark.parametrize(
    ("read_again", "revision"),
    [
        (line(), False),
        (line(unit=""), False),  # the unit lost
        (line(code="PIPE-O5O", description="STEEL PIPE 5Omm, 6m lengths"), False),
        (line(code="pipe 050", description="Steel pipe 50 mm. 6 m lenqths"), False),
        (line(price=None, amount=None), False),  # prices the photo's reading missed
        (line(qty="50", amount=600000), True),
        (line(price=12500, amount=637500), True),
        (line(code="PIPE-065"), True),
        (line(description="Copper elbow 22 mm"), True),
    ],
)
def test_a_document_read_again_is_a_revision_only_when_its_items_differ(read_again, revision):
    before = version(total=612000) | {"items": [line()]}
    after = version(total=612000) | {"items": [read_again]}
    assert versions.is_revision(before, after) is revision
    assert versions.is_revision(before, version(total=None) | {"items": [line()]}) is False
    assert versions.is_revision(before, version(total=612001) | {"items": [line()]}) is True


@pytest.mark.parametrize(
    ("after", "revision", "at_risk", "said"),
    [
        (version(), False, 0, []),
        (version(po_date="2026-08-20", supplier_name="ACME"), False, 0, ["Date", "Supplier"]),
        (version(items=(("A", "2", 1000),)), True, 0, ["item 1 Qty"]),
        (version(items=(("B", "1", 1000),)), True, 0, ["item 1 Code"]),
        (version(total=1500), True, 500, ["Subtotal", "Total"]),
        (version(items=()), True, 0, ["item 1 removed"]),
        (
            version(total=3000, items=(("A", "1", 1000), ("C", "1", 2000))),
            True,
            2000,
            ["Subtotal", "Total", "item 2 added"],
        ),
        (
            version(total=None, items=(("A", "1", 1200),)),
            True,
            200,
            ["Subtotal", "Total", "item 1 Unit price", "item 1 Amount"],
        ),
    ],
)
def test_what_is_a_revision(after, revision, at_risk, said):
    before = version()
    assert versions.is_revision(before, after) is revision
    assert versions.money_at_risk(before, after) == at_risk
    assert versions.changed_summary(before, after) == said


def test_the_same_contents_in_another_file_is_not_a_revision(settings, db):
    first = imported(settings, db, po_number="SAME1")
    other_file = po_pdf_bytes(po_fields("SAME1")) + b"\n% saved again by another program\n"
    batch_id = store_batch(settings, db, other_file)
    pipeline.run_batch(settings, batch_id)
    batch = queue_reads.get_batch(db, batch_id)
    assert batch["sha256"] != first["sha256"]
    assert batch["warnings"] == ["already_imported"]
    assert review_items.list_items(db, kind="po.revision") == []


def test_a_revision_is_recorded_in_the_po_history_when_it_arrives(settings, db):
    po_id = imported(settings, db, po_number="REV1")["processed_record_id"]
    imported(settings, db, po_number="REV1", total="1388.06")
    [line] = [h for h in store.po_history(db, po_id) if h["action"] == "revision_received"]
    assert line["note"].endswith("differs: Total")


@pytest.mark.parametrize("before", ["pending", "processing", "processed", "failed", "dead"])
def test_discard_and_entry_by_hand_sql_agree_with_the_state_machine(settings, db, admin, before):
    from app import batches
    from app.batches import InvalidTransition, QueueState, Status

    def allowed(transition) -> bool:
        try:
            transition(QueueState(Status(before), 1, NOW))
        except InvalidTransition:
            return False
        return True

    def batch_in(status):
        batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
        retry_at = clock.iso(NOW) if status == "failed" else None
        db.conn.execute(
            "UPDATE data_import_batches SET status = ?, attempts = 1, next_retry_at = ?"
            " WHERE id = ?",
            [status, retry_at, batch_id],
        )
        return batch_id

    discarded = queue.discard_batch(db, batch_in(before), NOW, admin["id"])
    assert discarded is allowed(batches.discard)
    claim = queue.claim_by_hand(db, batch_in(before), NOW, admin["id"])
    assert (claim is not None) is allowed(batches.enter_by_hand)
    if claim is not None:
        assert claim.attempt == batches.enter_by_hand(QueueState(Status.DEAD, 1)).attempts == 2


def test_two_people_deciding_at_once_one_wins(settings, db, admin, staff):
    """Each on their own connection and thread, released together: one decision lands."""
    import threading

    from app.db import connect

    po_id = imported(settings, db, po_number="RACE1")["processed_record_id"]
    imported(settings, db, po_number="RACE1", total="2000.00")
    [item] = review_items.list_items(db, kind="po.revision")
    start, outcomes = threading.Barrier(2), {}

    def decide(user, action):
        mine = connect(settings.db_path)
        start.wait()
        try:
            decisions.decide(mine, settings, item["id"], action, {}, user, clock.now())
            outcomes[user["email"]] = "won"
        except review_items.AlreadyClosed:
            outcomes[user["email"]] = "told"
        finally:
            mine.close()

    threads = [
        threading.Thread(target=decide, args=(admin, "replace")),
        threading.Thread(target=decide, args=(staff, "keep")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes.values()) == ["told", "won"]
    closed = review_items.get_item(db, item["id"])
    winner = admin if outcomes[admin["email"]] == "won" else staff
    assert closed["resolved_by"] == winner["id"]
    versions = store.po_versions(db, po_id)
    assert len(versions) == (1 if winner is admin else 0)  # the loser changed nothing


def test_batches_dead_before_the_upgrade_wait_in_the_queue(tmp_path):
    from app import db as database
    from app.ids import is_valid

    conn = database.connect(tmp_path / "old.db")
    found = database.migrations()
    ours = next(n for n, name, _ in found if name.endswith("_review_and_links.sql"))
    for number, _name, sql in found[: ours - 1]:  # the schema before the review queue
        for statement in database._statements(sql):
            conn.conn.execute(statement)
        conn.conn.execute(f"PRAGMA user_version={number}")
    conn.conn.execute(
        "INSERT INTO data_import_batches (id, batch_type, content_type, original_filename,"
        " file_path, sha256, size, date_uploaded, status, attempts, last_error)"
        " VALUES ('b00000000000001', 'purchase_orders', 'application/pdf', 'old.pdf',"
        " 'files/incoming/b.pdf', '', 5, '2026-01-01T00:00:00.000Z', 'dead', 3, 'It broke.')"
    )
    database.migrate(conn)
    [item] = review_items.list_items(conn, kind="batch.dead")
    assert item["evidence"] == {"filename": "old.pdf", "error": "It broke.", "attempts": 3}
    assert is_valid(item["id"]) and len(item["created_at"]) == 24
    conn.close()
