"""The outbox with real worker processes against real receivers on 127.0.0.1.

- A worker SIGKILLed while its request is in flight: the write ends `sent`
  exactly once, found by the look-up.
- 200 POs verified through the web app while the receiver flaps between up,
  down and every kind of bad answer: each is received exactly once.
- Dead batches reach the alert webhook within a minute, and the alert emails
  (a real SMTP server) come as a digest: one, then one for the rest.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from datetime import timedelta

import pytest
from litestar.testing import TestClient

from app import clock, links
from app.config import Settings
from app.db import open_database
from app.main import create_app
from app.outbox import reads, sender, states, store
from app.purchase_orders import edit
from tasks import huey_app
from tasks.jobs import process_batch
from tests.conftest import make_user, sign_in, store_batch
from tests.fixtures.records import add_po
from tests.receiver import Inbox, Receiver
from tests.workers import start_worker, stop, wait_for

pytestmark = pytest.mark.slow

SECRET = "shared-secret"
FLAPPED_POS = 200


def outbox_env(receiver: Receiver, **extra: str) -> dict[str, str]:
    return {
        "INTAKE_ACCOUNTING_URL": receiver.url,
        "INTAKE_ACCOUNTING_SECRET": SECRET,
        "INTAKE_OUTBOX_TIMEOUT": "1",
        "INTAKE_SWEEP_SECONDS": "1",
        **extra,
    }


@pytest.fixture
def receiver():
    found = Receiver(secret=SECRET, hang_seconds=30)
    yield found
    found.down()


def leave_no_systems(tmp_path) -> None:
    """Tasks inline again, and no outside system: the tests after these configure none."""
    huey_app.configure(Settings.from_env(env={}, data_dir=tmp_path / "data"), immediate=True)


def states_of(db) -> Counter[str]:
    return Counter(state for (state,) in db.execute("SELECT state FROM outbox"))


def test_a_sender_killed_mid_request_leaves_the_write_sent_once(tmp_path, receiver):
    env = outbox_env(receiver, INTAKE_OUTBOX_TIMEOUT="20")
    settings = Settings.from_env(env=env, data_dir=tmp_path / "data")
    huey_app.configure(settings, immediate=True)  # this process queues writes for accounting
    db = open_database(settings.db_path)
    try:
        admin = make_user(db, "admin@example.com", "admin")
        po_id = add_po(db, "KILL1")
        edit.verify_po(db, po_id, admin["id"], clock.now())
        receiver.mode = "hang"  # it keeps the write, then answers nothing for 30 s
        worker = start_worker(settings, **env)
        try:
            assert receiver.arrived.wait(30), "the worker never sent the write"
            worker.kill()  # SIGKILL, with the request in flight
            worker.wait(timeout=10)
        finally:
            stop(worker)
        (write,) = reads.writes_about(db, "purchase_order", po_id)
        assert write["state"] == "sending"

        # With no sender alive, the lease runs out (the clock moved past it): ambiguous.
        later = clock.now() + states.LEASE + timedelta(seconds=1)
        assert store.expire_leases(db, later) == [write["id"]]
        receiver.mode = "ok"
        worker = start_worker(settings, **env)
        try:
            # a real worker, its sweep every second, looks the write up before anything else
            wait_for(lambda: reads.get_write(db, write["id"])["state"] == "sent", timeout=30)
        finally:
            log = stop(worker)
        assert "Traceback" not in log, log
        write = reads.get_write(db, write["id"])
        kinds = [(a["kind"], a["outcome"]) for a in reads.attempts_of(db, write["id"])]
        print(f"\nkilled mid-request: posts {receiver.posts}, look-ups {receiver.lookups}, {kinds}")
        assert kinds == [("lease", "unknown"), ("lookup", "accepted")]
        assert (write["external_id"], write["attempts"]) == ("ACC-1", 2)
        assert receiver.posts == [(f"po:{po_id}:v1", "hang")]  # one POST, ever
        assert receiver.lookups == [f"po:{po_id}:v1"] and not receiver.repeats
        assert links.active_link(db, "accounting", "ACC-1")["record_id"] == po_id
    finally:
        db.close()
        leave_no_systems(tmp_path)


class Flapper(threading.Thread):
    """Every few hundredths of a second: up and answering well (40 %), down (25 %: connections
    refused), or up with a bad answer (35 %: any of the ways a receiver fails)."""

    BAD = ["error", "error_after_record", "drop", "busy", "conflict", "hang"]

    def __init__(self, receiver: Receiver):
        super().__init__(daemon=True)
        self.receiver = receiver
        self.stopping = threading.Event()
        self.rng = random.Random(17)
        self.downs = 0

    def run(self) -> None:
        while not self.stopping.is_set():
            roll = self.rng.random()
            if roll < 0.25:
                self.receiver.down()
                self.downs += 1
            else:
                self.receiver.mode = "ok" if roll < 0.65 else self.rng.choice(self.BAD)
                self.receiver.up()
            self.stopping.wait(self.rng.uniform(0.05, 0.3))
        self.receiver.mode = "ok"
        self.receiver.up()


def test_two_hundred_pos_verified_while_the_receiver_flaps_each_arrive_once(tmp_path):
    receiver = Receiver(secret=SECRET, hang_seconds=1.5)
    env = outbox_env(receiver)
    settings = Settings.from_env(env=env, data_dir=tmp_path / "data")
    app = create_app(settings)  # the page's send goes through data/huey.db to the worker
    db = open_database(settings.db_path)
    admin = make_user(db, "admin@example.com", "admin")
    po_ids = [add_po(db, f"FLAP{n:03d}", total=10000 + n) for n in range(FLAPPED_POS)]
    flapper = Flapper(receiver)
    worker = start_worker(settings, **env)
    try:
        flapper.start()
        with TestClient(app) as client:
            sign_in(client, admin["email"])
            for po_id in po_ids:
                answer = client.post(f"/purchasing/{po_id}/verify", headers={"hx-request": "1"})
                assert answer.status_code == 200
        time.sleep(2)  # the worker goes on sending into the flapping for a while
        flapper.stopping.set()
        flapper.join(timeout=10)
        during = states_of(db)
        # What waits out its backoff is sent with the clock moved on, as hours passing would.
        for hours in range(1, 20):
            if states_of(db)["sent"] == FLAPPED_POS:
                break
            wait_for(lambda: not states_of(db)["sending"], timeout=30)
            sender.send_due(settings, "accounting", clock.now() + timedelta(hours=hours))
        modes = Counter(mode for _, mode in receiver.posts)
        print(
            f"\n{FLAPPED_POS} POs verified; receiver down {flapper.downs} times;"
            f" when the flapping stopped: {dict(during)}; POSTs: {len(receiver.posts)}"
            f" {dict(modes)}; look-ups: {len(receiver.lookups)};"
            f" kept: {len(receiver.records)};"
            f" sent again after it was kept: {sum(receiver.repeats.values())}"
        )
        assert states_of(db) == {"sent": FLAPPED_POS}
        keys = {f"po:{po_id}:v1" for po_id in po_ids}
        assert set(receiver.records) == keys  # every PO received
        assert not receiver.repeats  # and none of them twice
        assert receiver.bad_signatures == 0
        for write in reads.list_writes(db, state=None, system=None, action=None, limit=1000):
            assert write["external_id"] == receiver.records[write["idempotency_key"]]["id"]
            linked = links.active_link(db, "accounting", write["external_id"])
            assert linked["record_id"] == write["record_id"]
        assert "Traceback" not in stop(worker)
    finally:
        flapper.stopping.set()
        if worker.poll() is None:
            stop(worker)
        receiver.down()
        db.close()
        leave_no_systems(tmp_path)


def test_dead_batches_reach_the_webhook_within_a_minute_and_email_as_a_digest(tmp_path):
    webhook = Receiver()
    inbox = Inbox()
    window = 4
    env = {
        "INTAKE_ALERT_WEBHOOK_URL": webhook.url,
        "INTAKE_SMTP_URL": inbox.url,
        "INTAKE_ALERT_EMAIL_TO": "office@example.com",
        "INTAKE_ALERT_DIGEST_SECONDS": str(window),
        "INTAKE_SWEEP_SECONDS": "1",
        "INTAKE_PUBLIC_URL": "https://intake.example.com",
    }
    settings = Settings.from_env(env=env, data_dir=tmp_path / "data")
    huey_app.configure(settings)  # process_batch goes through data/huey.db to the worker
    db = open_database(settings.db_path)
    worker = start_worker(settings, **env)

    def die(name: str) -> str:
        batch_id = store_batch(settings, db, f"%PDF-1.4 {name} is not really a PDF".encode())
        db.execute(
            "UPDATE data_import_batches SET original_filename = ? WHERE id = ?", [name, batch_id]
        )
        process_batch(batch_id)
        return batch_id

    try:
        started = time.monotonic()
        first = die("first.pdf")
        wait_for(lambda: len(webhook.posts) == 1, timeout=60)
        reached = time.monotonic() - started
        wait_for(lambda: len(inbox.messages) == 1, timeout=60)
        first_email = time.monotonic()
        rest = [die(f"later-{n}.pdf") for n in range(3)]
        wait_for(lambda: len(webhook.posts) == 4, timeout=60)
        wait_for(lambda: len(inbox.messages) == 2, timeout=60)
        gap = time.monotonic() - first_email
        time.sleep(window + 2)  # nothing more comes: every alert went once
        print(
            f"\nfirst dead batch at the webhook after {reached:.1f} s;"
            f" emails: {len(inbox.messages)}, the digest {gap:.1f} s after the first"
        )
        assert reached < 60
        assert len(webhook.posts) == 4 and len(inbox.messages) == 2
        texts = [webhook.records[key]["body"]["text"] for key, _ in webhook.posts]
        assert "first.pdf" in texts[0]
        assert f"https://intake.example.com/batches/{first}" in texts[0]
        one, digest = inbox.messages
        assert one["Subject"] == "Intake could not import first.pdf"
        assert digest["Subject"] == "Intake could not import 3 documents"
        body = digest.get_payload()
        assert all(f"later-{n}.pdf" in body for n in range(3))
        assert all(f"/batches/{batch_id}" in body for batch_id in rest)
        assert gap >= window - 1
        assert states_of(db) == {"sent": 8}
    finally:
        log = stop(worker)
        assert "Traceback" not in log, log
        webhook.down()
        inbox.stop()
        db.close()
        leave_no_systems(tmp_path)
