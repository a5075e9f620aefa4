"""The outbox on a real SQLite file, delivered by the real sender to a real HTTP receiver.

Every path of the state machine goes through `sender.send_due` against the
receiver in tests/receiver.py answering as told; the clock is moved on
instead of waiting out a backoff.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta

import pytest

from app import clock, links, review_items
from app.db import migrate
from app.outbox import reads, sender, states, store, systems
from app.outbox.states import InvalidMove
from app.purchase_orders import edit
from tests.fixtures.records import add_po
from tests.receiver import Receiver
from tests.test_dn_migration import at_version

SECRET = "shared-secret"


@pytest.fixture
def receiver():
    found = Receiver(secret=SECRET, hang_seconds=1.5)
    yield found
    found.down()


@pytest.fixture
def on(settings, receiver):
    """Settings with the accounting system at the receiver, as this process's systems."""
    configured = replace(
        settings, accounting_url=receiver.url, accounting_secret=SECRET, outbox_timeout=1
    )
    systems.configure(configured)
    yield configured
    systems.configure(settings)


def verified_po(db, actor, number="OUT1", total=11500):
    po_id = add_po(db, number, total=total)
    edit.verify_po(db, po_id, actor["id"], clock.now())
    return po_id


def the_write(db, po_id):
    (write,) = reads.writes_about(db, "purchase_order", po_id)
    return write


def send(settings, minutes=0):
    """One run of the sender, with the clock this many minutes on."""
    return sender.send_due(settings, systems.ACCOUNTING, clock.now() + timedelta(minutes=minutes))


def outcomes(db, write_id):
    return [(a["kind"], a["outcome"], a["status_code"]) for a in reads.attempts_of(db, write_id)]


def test_verifying_a_po_queues_one_write_in_its_transaction(db, on, admin):
    po_id = verified_po(db, admin)
    write = the_write(db, po_id)
    request = json.loads(write["request"])
    assert (write["state"], write["idempotency_key"], write["action"]) == (
        "pending",
        f"po:{po_id}:v1",
        "purchase_order.verified",
    )
    assert request["event"] == "purchase_order.verified"
    assert request["purchase_order"]["po_number"] == "OUT1"
    assert request["purchase_order"]["total"] == "115.00"
    assert write["created_by"] == admin["id"]


def test_nothing_is_queued_for_a_system_not_configured(db, settings, admin):
    systems.configure(settings)
    po_id = verified_po(db, admin)
    assert reads.writes_about(db, "purchase_order", po_id) == []


def test_verified_again_after_an_edit_is_a_new_write(db, on, admin):
    po_id = verified_po(db, admin)
    edit.unverify_po(db, po_id, admin["id"], clock.now())
    edit.verify_po(db, po_id, admin["id"], clock.now())
    edit.verify_po(db, po_id, admin["id"], clock.now())  # already verified: nothing new
    keys = [w["idempotency_key"] for w in reads.writes_about(db, "purchase_order", po_id)]
    assert keys == [f"po:{po_id}:v1", f"po:{po_id}:v2"]


def test_the_same_key_again_is_the_first_write_and_for_another_record_an_error(db, on):
    args = dict(system="accounting", action="purchase_order.verified", entity="purchase_order")
    first = store.queue_write(
        db, **args, record_id="a1", key="po:a1:v1", request={"n": 1}, now=clock.now()
    )
    again = store.queue_write(
        db, **args, record_id="a1", key="po:a1:v1", request={"n": 2}, now=clock.now()
    )
    assert again == first
    with pytest.raises(store.KeyClash, match="already belongs to a write"):
        store.queue_write(
            db, **args, record_id="b2", key="po:a1:v1", request={"n": 3}, now=clock.now()
        )


def test_sent_links_the_po_to_the_external_id_and_the_body_is_signed(db, on, admin, receiver):
    po_id = verified_po(db, admin)
    report = send(on)
    write = the_write(db, po_id)
    assert (report.sent, write["state"], write["external_id"]) == (1, "sent", "ACC-1")
    assert receiver.posts == [(f"po:{po_id}:v1", "ok")]
    assert receiver.bad_signatures == 0
    link = links.active_link(db, "accounting", "ACC-1")
    assert (link["record_type"], link["record_id"], link["how"]) == (
        "purchase_order",
        po_id,
        "created_by_intake",
    )
    assert outcomes(db, write["id"]) == [("send", "accepted", 201)]


def test_a_409_with_its_id_is_sent(db, on, admin, receiver):
    receiver.script("conflict")
    po_id = verified_po(db, admin)
    send(on)
    assert (the_write(db, po_id)["state"], the_write(db, po_id)["external_id"]) == ("sent", "ACC-1")


def test_a_500_is_ambiguous_then_looked_up_and_sent_once(db, on, admin, receiver):
    receiver.script("error")
    po_id = verified_po(db, admin)
    send(on)
    write = the_write(db, po_id)
    assert (write["state"], write["attempts"]) == ("ambiguous", 1)
    assert send(on).attempted == 0  # not due for a minute
    send(on, minutes=2)
    write = the_write(db, po_id)
    assert write["state"] == "sent"
    assert outcomes(db, write["id"]) == [
        ("send", "unknown", 500),
        ("lookup", "not_found", 404),
        ("send", "accepted", 201),
    ]
    assert len(receiver.records) == 1 and not receiver.repeats


def test_a_500_after_the_receiver_kept_it_is_found_by_the_look_up(db, on, admin, receiver):
    receiver.script("error_after_record")
    po_id = verified_po(db, admin)
    send(on)
    send(on, minutes=2)
    write = the_write(db, po_id)
    assert (write["state"], write["external_id"]) == ("sent", "ACC-1")
    assert [kind for kind, _, _ in outcomes(db, write["id"])] == ["send", "lookup"]
    assert len(receiver.posts) == 1 and not receiver.repeats


def test_a_hang_past_the_timeout_is_ambiguous_and_found_later(db, on, admin, receiver):
    receiver.script("hang")
    po_id = verified_po(db, admin)
    send(on)
    write = the_write(db, po_id)
    assert write["state"] == "ambiguous"
    assert "No answer within 1 s" in write["last_error"]
    send(on, minutes=2)
    assert the_write(db, po_id)["state"] == "sent"
    assert len(receiver.posts) == 1


def test_a_dropped_connection_is_ambiguous_and_sent_once_more(db, on, admin, receiver):
    receiver.script("drop")
    po_id = verified_po(db, admin)
    send(on)
    assert the_write(db, po_id)["state"] == "ambiguous"
    send(on, minutes=2)
    assert the_write(db, po_id)["state"] == "sent"
    assert [mode for _, mode in receiver.posts] == ["drop", "ok"]
    assert len(receiver.records) == 1


def test_429_and_a_refused_connection_wait_as_pending(db, on, admin, receiver):
    receiver.script("busy")
    po_id = verified_po(db, admin)
    send(on)
    assert the_write(db, po_id)["state"] == "pending"
    receiver.down()
    send(on, minutes=2)
    write = the_write(db, po_id)
    assert (write["state"], write["attempts"]) == ("pending", 2)
    assert "Could not connect" in write["last_error"]
    receiver.up()
    send(on, minutes=10)
    assert the_write(db, po_id)["state"] == "sent"
    assert receiver.lookups == []  # never sent with an unknown outcome: nothing to look up


def test_a_400_fails_at_once_with_a_review_item_and_the_money_at_risk(db, on, admin, receiver):
    receiver.script("bad")
    po_id = verified_po(db, admin, total=123456)
    send(on)
    write = the_write(db, po_id)
    assert write["state"] == "failed"
    item = review_items.open_item_for(db, "write.failed", "outbox", write["id"])
    assert (item["money_at_risk_cents"], item["money_currency"]) == (123456, "ZAR")
    assert item["evidence"]["key"] == write["idempotency_key"]


def test_eight_unanswered_attempts_fail(db, on, admin, receiver):
    receiver.mode = "error"
    po_id = verified_po(db, admin)
    for hour in range(8):
        send(on, minutes=hour * 7 * 60)
    write = the_write(db, po_id)
    assert (write["state"], write["attempts"]) == ("failed", 8)
    assert review_items.open_item_for(db, "write.failed", "outbox", write["id"])


def test_a_wrong_signature_is_refused_by_the_receiver(db, on, admin, receiver):
    po_id = verified_po(db, admin)
    send(replace(on, accounting_secret="not-the-secret"))
    assert the_write(db, po_id)["state"] == "failed"
    assert receiver.bad_signatures == 1 and receiver.records == {}


def test_send_again_looks_the_failed_write_up_first(db, on, admin, receiver):
    receiver.script("bad")
    po_id = verified_po(db, admin)
    send(on)
    write = the_write(db, po_id)
    store.send_again(db, write["id"], admin["id"], clock.now())
    assert not review_items.open_item_for(db, "write.failed", "outbox", write["id"])
    send(on)
    write = the_write(db, po_id)
    assert (write["state"], write["attempts"]) == ("sent", 1)
    assert [k for k, _, _ in outcomes(db, write["id"])] == ["send", "lookup", "send"]


def test_cancel_and_the_moves_a_state_refuses(db, on, admin, receiver):
    po_id = verified_po(db, admin)
    write = the_write(db, po_id)
    with pytest.raises(InvalidMove):
        store.send_again(db, write["id"], admin["id"], clock.now())
    cancelled = store.cancel(db, write["id"], admin["id"], clock.now())
    assert (cancelled["state"], cancelled["cancelled_by"]) == ("cancelled", admin["id"])
    send(on)
    assert receiver.posts == []
    with pytest.raises(InvalidMove):
        store.cancel(db, write["id"], admin["id"], clock.now())


def test_a_sent_write_cannot_be_cancelled(db, on, admin):
    po_id = verified_po(db, admin)
    send(on)
    with pytest.raises(InvalidMove, match="only a pending, ambiguous or failed"):
        store.cancel(db, the_write(db, po_id)["id"], admin["id"], clock.now())


def test_a_lease_run_out_makes_the_write_ambiguous(db, on, admin, receiver):
    po_id = verified_po(db, admin)
    (claim,) = store.claim_due(db, "accounting", clock.now(), 1)
    assert store.expire_leases(db, clock.now()) == []
    later = clock.now() + states.LEASE + timedelta(seconds=1)
    assert store.expire_leases(db, later) == [claim.write_id]
    assert the_write(db, po_id)["state"] == "ambiguous"
    # the sender that held the lease is fenced out: its late result changes nothing
    accepted = store.Attempt("send", states.Answer.ACCEPTED, 201, external_id="X")
    sent = states.answered(claim.state, states.Answer.ACCEPTED, later)
    assert store.finish(db, claim, sent, [accepted], later) is False
    sender.send_due(on, "accounting", later)
    write = the_write(db, po_id)
    assert (write["state"], write["external_id"]) == ("sent", "ACC-1")
    assert [k for k, _, _ in outcomes(db, write["id"])] == ["lease", "lookup", "send"]


def test_the_sent_check_holds_in_the_schema(db, on, admin):
    po_id = verified_po(db, admin)
    with pytest.raises(Exception, match="CHECK"):
        db.conn.execute(
            "UPDATE outbox SET state = 'sent', sent_at = 'x' WHERE id = ?",
            [the_write(db, po_id)["id"]],
        )


def test_migration_9_keeps_every_review_item_and_link(tmp_path):
    db = at_version(tmp_path / "intake.db", 8)
    db.conn.execute(
        "INSERT INTO review_items (id, kind, entity, record_id, evidence, money_at_risk_cents,"
        " money_currency, state, resolution, resolved_by, resolved_at, created_at, last_seen_at)"
        " VALUES ('r1', 'fuel.outlier', 'fuel_log', 'f1', '{\"a\": 1}', 700, 'EUR', 'resolved',"
        " 'confirmed', 'intake', 'then', 'before', 'then')"
    )
    db.conn.execute(
        "INSERT INTO external_links (id, system, external_key, record_type, record_id, how,"
        " state, created_at) VALUES ('l1', 'supplier_documents', 'acme', 'supplier', 's1',"
        " 'exact_code', 'active', 'then')"
    )
    before = [
        db.conn.execute(f"SELECT * FROM {table}").fetchall()
        for table in ("review_items", "external_links")
    ]
    assert migrate(db) >= 9
    after = [
        db.conn.execute(f"SELECT * FROM {table}").fetchall()
        for table in ("review_items", "external_links")
    ]
    assert after == before
    indexes = {name for (name,) in db.conn.execute("SELECT name FROM sqlite_master")}
    assert {"review_items_one_open", "external_links_active_key", "outbox_due"} <= indexes
    review_items.open_item(db, "write.failed", "outbox", "w1", {}, 100, clock.now(), "ZAR")
    db.close()
