"""The example receiver of docs/outbox.md, run as it is written, against Intake's real sender.

A contract in the docs drifts from the code unless something runs it: the
block is read from docs/outbox.md, given a free port and a secret, and started.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from app import clock
from app.outbox import reads, sender, store, systems
from app.purchase_orders import edit
from tests.fixtures.records import add_po
from tests.server import free_port

OUTBOX_DOC = Path(__file__).resolve().parent.parent / "docs" / "outbox.md"
SECRET = "example-secret"


def example_receiver() -> str:
    section = OUTBOX_DOC.read_text().split("## The contract a receiving system implements", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def running_example(tmp_path):
    port = free_port()
    code = example_receiver().replace(
        'SECRET, PORT = b"the same as INTAKE_ACCOUNTING_SECRET", 8080',
        f'SECRET, PORT = b"{SECRET}", {port}',
    )
    assert f"{port}" in code, "the example receiver no longer sets SECRET and PORT on one line"
    (tmp_path / "receiver.py").write_text(code)
    process = subprocess.Popen([sys.executable, "receiver.py"], cwd=tmp_path)
    url = f"http://127.0.0.1:{port}/writes"
    deadline = time.monotonic() + 10
    while True:
        try:
            urllib.request.urlopen(url)  # noqa: S310 - our own test server
        except urllib.error.HTTPError:
            break  # it answers (401: the probe is unsigned)
        except OSError:
            assert time.monotonic() < deadline, "the example receiver did not start"
            time.sleep(0.05)
    yield url
    process.kill()
    process.wait()


def test_the_example_receiver_takes_a_write_once_and_answers_the_look_up(
    db, settings, admin, running_example
):
    on = replace(settings, accounting_url=running_example, accounting_secret=SECRET)
    systems.configure(on)
    try:
        po_id = add_po(db, "EXAMPLE1")
        edit.verify_po(db, po_id, admin["id"], clock.now())
        assert sender.send_due(on, systems.ACCOUNTING).sent == 1
        (write,) = reads.writes_about(db, "purchase_order", po_id)
        assert write["external_id"] == f"ACC-{po_id}"
        claim = store.claim_due(db, systems.ACCOUNTING, clock.now(), 1)  # nothing is due
        assert claim == []
        adapter = sender.ADAPTERS[systems.ACCOUNTING](on)
        # the sent write as a sender holds it, to put the look-up and a repeat to the receiver
        as_claimed = store.Claim(
            write["id"],
            0,
            1,
            "accounting",
            "",
            "purchase_order",
            po_id,
            write["idempotency_key"],
            write["request"],
            True,
        )
        assert adapter.look_up(as_claimed).external_id == f"ACC-{po_id}"
        again = adapter.send(as_claimed)
        assert (again.status_code, again.external_id) == (409, f"ACC-{po_id}")
        unsigned = sender.ADAPTERS[systems.ACCOUNTING](replace(on, accounting_secret="wrong"))
        assert unsigned.send(as_claimed).status_code == 401
    finally:
        systems.configure(settings)
