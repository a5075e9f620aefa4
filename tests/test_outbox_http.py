"""The outbox through the app (tasks run inline): a PO or DN verified on its page reaches the
receiver, /outbox and its detail, Cancel and Send again, the review queue's decisions, the API,
the nav badge and /metrics."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from app import auth, clock, review_items
from app.config import Settings
from app.outbox import reads, systems
from tests.fixtures.records import add_po
from tests.receiver import Receiver
from tests.test_dn_flow import HTMX, dn, po
from tests.test_ops import samples

SECRET = "shared-secret"


@pytest.fixture
def receiver():
    found = Receiver(secret=SECRET)
    yield found
    found.down()


@pytest.fixture
def settings(tmp_path, receiver):
    env = {
        "INTAKE_ACCOUNTING_URL": receiver.url,
        "INTAKE_ACCOUNTING_SECRET": SECRET,
        "INTAKE_OUTBOX_TIMEOUT": "1",
    }
    yield Settings.from_env(env=env, data_dir=tmp_path / "data")
    systems.configure(Settings.from_env(env={}, data_dir=tmp_path / "data"))


def verify(client, po_id):
    response = client.post(f"/purchasing/{po_id}/verify", headers=HTMX)
    assert response.status_code == 200, response.text
    (write,) = [w for w in client.get("/api/outbox").json()["writes"] if w["record"]["id"] == po_id]
    return write


def test_a_po_verified_on_its_page_reaches_the_receiver_once(admin_client, db, receiver):
    po_id = add_po(db, "WEB1")
    write = verify(admin_client, po_id)
    assert (write["state"], write["external_id"]) == ("sent", "ACC-1")
    assert write["request"]["purchase_order"]["po_number"] == "WEB1"
    sent = receiver.records[f"po:{po_id}:v1"]["body"]
    assert sent == {
        "event": "purchase_order.verified",
        "idempotency_key": f"po:{po_id}:v1",
        "purchase_order": write["request"]["purchase_order"],
    }
    assert len(receiver.posts) == 1 and receiver.bad_signatures == 0


def test_a_po_verified_through_the_api_is_sent_at_once_too(admin_client, db, receiver):
    po_id = add_po(db, "API1")
    assert admin_client.post(f"/api/purchase-orders/{po_id}/verify").status_code == 200
    (write,) = admin_client.get("/api/outbox").json()["writes"]
    assert (write["state"], write["idempotency_key"]) == ("sent", f"po:{po_id}:v1")
    assert len(receiver.posts) == 1


def test_a_dn_verified_on_its_page_is_written_too(admin_client, receiver):
    po(admin_client)
    _, note = dn(admin_client)
    response = admin_client.post(f"/delivery-notes/{note['id']}/verify", headers=HTMX)
    assert response.status_code == 200
    (write,) = admin_client.get("/api/outbox", params={"action": "delivery_note.verified"}).json()[
        "writes"
    ]
    assert (write["state"], write["idempotency_key"]) == ("sent", f"dn:{note['id']}:v1")
    assert receiver.records[f"dn:{note['id']}:v1"]["body"]["delivery_note"]["id"] == note["id"]


def test_the_outbox_page_lists_writes_by_state_and_filters(admin_client, db, receiver):
    receiver.script("bad")
    verify(admin_client, add_po(db, "WEB2"))
    verify(admin_client, add_po(db, "WEB3"))
    page = BeautifulSoup(admin_client.get("/outbox").text, "html.parser")
    tabs = {a.get_text(" ", strip=True) for a in page.select("nav.tabs a")}
    assert {"All 2", "Failed 1", "Sent 1", "Pending 0"} <= tabs
    failed = BeautifulSoup(admin_client.get("/outbox?state=failed").text, "html.parser")
    assert [row["data-state"] for row in failed.select("table.outbox-writes tbody tr")] == [
        "failed"
    ]
    other = BeautifulSoup(admin_client.get("/outbox?system=alert_email").text, "html.parser")
    assert other.select("table.outbox-writes") == []
    odd = admin_client.get("/outbox?state=lost")
    assert odd.status_code == 200 and "“lost” is not a state of a write." in odd.text


def test_a_failed_write_in_full_then_sent_again(admin_client, db, receiver):
    receiver.script("bad")
    po_id = add_po(db, "WEB4", total=250000)
    write = verify(admin_client, po_id)
    assert write["state"] == "failed"
    detail = BeautifulSoup(admin_client.get(f"/outbox/{write['id']}").text, "html.parser")
    assert "refused the write (400)" in detail.get_text()
    assert [b.get_text() for b in detail.select(".actions button")] == ["Send again", "Cancel"]
    answer, request = (pre.get_text() for pre in detail.select("pre.json"))
    assert '"error": "bad"' in answer and '"po_number": "WEB4"' in request
    again = admin_client.post(f"/outbox/{write['id']}/send-again", follow_redirects=False)
    assert again.status_code == 303
    after = admin_client.get("/api/outbox").json()["writes"][0]
    assert (after["state"], after["attempts"]) == ("sent", 1)
    assert receiver.lookups == [f"po:{po_id}:v1"]
    refused = admin_client.post(f"/outbox/{write['id']}/cancel")
    assert refused.status_code == 409
    assert "only a pending, ambiguous or failed write can be cancelled" in refused.text


def test_cancel_a_waiting_write(admin_client, db, receiver):
    receiver.down()
    write = verify(admin_client, add_po(db, "WEB5"))
    assert write["state"] == "pending"
    response = admin_client.post(f"/outbox/{write['id']}/cancel", follow_redirects=False)
    assert response.status_code == 303
    assert admin_client.get("/api/outbox?state=cancelled").json()["counts"]["cancelled"] == 1


def test_the_review_queue_sends_a_failed_write_again_and_staff_may_not(
    app, admin_client, staff_client, db, receiver
):
    receiver.script("bad")
    write = verify(admin_client, add_po(db, "WEB6", total=99900))
    item = review_items.open_item_for(db, "write.failed", "outbox", write["id"])
    assert (item["money_at_risk_cents"], item["money_currency"]) == (99900, "ZAR")
    queue = BeautifulSoup(staff_client.get("/review").text, "html.parser")
    card = queue.select_one(f"#item-{item['id']}")
    assert "An administrator can send it again" in card.get_text()
    refused = staff_client.post(f"/review/{item['id']}/decide/send_again", headers=HTMX)
    assert refused.status_code == 403
    decided = admin_client.post(f"/review/{item['id']}/decide/send_again", headers=HTMX)
    assert decided.status_code == 200 and "Sent again" in decided.text
    assert reads.get_write(db, write["id"])["state"] == "sent"


def test_the_api_filters_and_refuses_what_is_not_a_filter(admin_client, db):
    verify(admin_client, add_po(db, "WEB7"))
    found = admin_client.get("/api/outbox", params={"state": "sent"}).json()
    assert [w["state"] for w in found["writes"]] == ["sent"] and found["counts"]["sent"] == 1
    bad = admin_client.get("/api/outbox", params={"state": "lost"})
    assert bad.status_code == 400 and "not a state of a write" in bad.json()["detail"]


def test_an_admin_token_reads_the_api_and_a_staff_token_does_not(anonymous, db, admin, staff):
    for user, status in ((admin, 200), (staff, 403)):
        token = auth.create_api_token(db, user["id"], clock.now())
        answer = anonymous.get("/api/outbox", headers={"authorization": f"Bearer {token}"})
        assert answer.status_code == status


def test_the_nav_badge_counts_failed_writes_and_metrics_count_states(admin_client, db, receiver):
    receiver.mode = "bad"
    for number in ("WEB8", "WEB9"):
        admin_client.post(f"/purchasing/{add_po(db, number)}/verify", headers=HTMX)
    page = BeautifulSoup(admin_client.get("/purchasing").text, "html.parser")
    badge = page.select_one('#nav-counts a[href="/outbox?state=failed"]')
    assert badge.get_text(strip=True) == "2 writes to other systems failed"
    found = samples(admin_client.get("/metrics").text)
    assert found[("intake_outbox_writes", (("state", "failed"), ("system", "accounting")))] == 2
    assert found[("intake_outbox_writes", (("state", "sent"), ("system", "accounting")))] == 0
