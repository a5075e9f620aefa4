"""The delivery note set (tests/fixtures/deliveries) against the fixture POs it was made from.

The POs are imported from their specs' truth; each DN goes through the real
queue and reader as an upload Intake works out. What it must come to is the
spec's own: the PO it delivers against, and the PO line of each of its lines.
"""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal
from pathlib import Path

import pytest

from app import clock, ids, pipeline, queue, queue_reads, review_items, storage
from app.delivery_notes import store as dn_store
from app.purchase_orders import intake
from app.purchase_orders import store as po_store

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DELIVERIES = {
    record["name"]: record
    for record in (
        json.loads(p.read_text()) for p in sorted((FIXTURES / "deliveries").glob("*.json"))
    )
}
TYPES = {".pdf": "application/pdf", ".jpg": "image/jpeg"}


def po_record(name: str) -> dict:
    return json.loads((FIXTURES / "documents" / f"{name}.json").read_text())


def stored(settings, db, path: Path, batch_type: str) -> str:
    data = path.read_bytes()
    batch_id = ids.new_id()
    content_type = TYPES[path.suffix]
    target = storage.folder(settings, storage.INCOMING) / storage.stored_name(
        batch_id, content_type
    )
    target.write_bytes(data)
    queue.create_batch(
        db,
        batch_id=batch_id,
        batch_type=batch_type,
        content_type=content_type,
        original_filename=path.name,
        file_path=storage.relative(settings, target),
        sha256=hashlib.sha256(data).hexdigest(),
        size=len(data),
        uploaded_by=None,
        now=clock.now(),
    )
    return batch_id


def import_po(settings, db, name: str) -> str:
    """A fixture PO from its spec's truth, as an outside extractor would hand it in."""
    record = po_record(name)
    batch_id = stored(settings, db, FIXTURES / "documents" / record["pdf"], "purchase_orders")
    claim = queue.claim_batch(db, batch_id, clock.now())
    return intake.process(db, settings, claim, dict(record["expected"]), clock.now()).po_id


def deliver(settings, db, name: str, image: bool = False) -> dict:
    record = DELIVERIES[name]
    path = FIXTURES / "deliveries" / (record["image"] if image else record["pdf"])
    batch_id = stored(settings, db, path, "documents")
    assert pipeline.run_batch(settings, batch_id).outcome == "processed"
    batch = queue_reads.get_batch(db, batch_id)
    assert batch["batch_type"] == "delivery_notes"
    return dn_store.get_dn(db, batch["processed_record_id"])


@pytest.fixture
def office(settings, db):
    """Every fixture PO the delivery set names, but the one whose DN comes first."""
    names = {r["against"] for r in DELIVERIES.values() if r["scenario"] != "before its PO"}
    # the other POs of the supplier whose DN prints no PO number, so its lines must choose
    names |= {"po-39"}
    return {name: import_po(settings, db, name) for name in sorted(names)}


def lines_of(db, dn: dict) -> list[int | None]:
    return [item["po_line_no"] for item in dn_store.dn_items(db, dn["id"])]


def open_kinds(db, record_id: str) -> set[str]:
    return {
        item["kind"]
        for item in review_items.list_items(db, "open")
        if record_id in (item["record_id"], item["evidence"].get("dn_id"))
        and item["kind"].startswith("dn.")
    }


def status(db, po_id: str) -> str:
    return po_store.get_po(db, po_id)["delivery_status"]


@pytest.mark.parametrize(
    ("name", "how", "po_status", "kinds"),
    [
        ("dnm-00", "number", "delivered", set()),
        ("dnm-01", "number", "part_delivered", {"dn.short"}),
        ("dnm-02", "number", "over_delivered", {"dn.over"}),
        ("dnm-03", "number", "delivered", {"dn.unmatched_line"}),
        ("dnm-06", "number", "part_delivered", {"dn.short"}),
        ("dnm-07", "lines", "part_delivered", {"dn.short"}),
    ],
)
def test_each_dn_finds_its_po_and_lines(settings, db, office, name, how, po_status, kinds):
    record = DELIVERIES[name]
    dn = deliver(settings, db, name)
    po_id = office[record["against"]]
    assert (dn["purchase_order_id"], dn["po_match"]) == (po_id, how)
    assert lines_of(db, dn) == record["po_lines"]
    assert status(db, po_id) == po_status
    assert open_kinds(db, po_id) | open_kinds(db, dn["id"]) == kinds


def test_the_photo_reads_and_matches_as_its_pdf_does(settings, db, office):
    dn = deliver(settings, db, "dnm-06", image=True)
    assert dn["purchase_order_id"] == office["po-42"]
    assert lines_of(db, dn) == DELIVERIES["dnm-06"]["po_lines"]


def test_short_is_valued_at_the_po_prices(settings, db, office):
    deliver(settings, db, "dnm-01")
    po = po_record("po-30")["expected"]
    delivered = {
        n: Decimal(i["quantity"])
        for n, i in zip(
            DELIVERIES["dnm-01"]["po_lines"], DELIVERIES["dnm-01"]["expected"]["items"], strict=True
        )
    }
    short = sum(
        (Decimal(item["quantity"]) - delivered.get(n, 0)) * Decimal(item["unit_price"])
        for n, item in enumerate(po["items"], start=1)
    )
    [item] = review_items.open_items(db, "dn.short")
    assert item["money_at_risk_cents"] == int((short * 100).quantize(Decimal(1)))
    assert item["money_currency"] == po["currency"]


def test_a_transposed_number_proposes_the_po(settings, db, office):
    dn = deliver(settings, db, "dnm-04")
    assert dn["purchase_order_id"] is None
    [item] = review_items.open_items(db, "dn.po_unknown")
    assert [p["po_number"] for p in item["evidence"]["proposals"]] == ["PO-2026-8792"]


def test_a_dn_before_its_po(settings, db, office):
    dn = deliver(settings, db, "dnm-05")
    assert dn["purchase_order_id"] is None
    po_id = import_po(settings, db, "po-40")
    dn = dn_store.get_dn(db, dn["id"])
    assert (dn["purchase_order_id"], dn["po_match"]) == (po_id, "number")
    assert lines_of(db, dn) == DELIVERIES["dnm-05"]["po_lines"]
    assert status(db, po_id) == "delivered"
    assert review_items.open_items(db, "dn.po_unknown") == []


def test_one_po_delivered_in_two_parts(settings, db, office):
    po_id = office["po-05"]
    first = deliver(settings, db, "dnm-08")
    assert status(db, po_id) == "part_delivered"
    assert open_kinds(db, po_id) == {"dn.short"}
    second = deliver(settings, db, "dnm-09")
    assert lines_of(db, first) == DELIVERIES["dnm-08"]["po_lines"]
    assert lines_of(db, second) == DELIVERIES["dnm-09"]["po_lines"]
    assert status(db, po_id) == "delivered"
    assert open_kinds(db, po_id) == set()
