"""The batches admin: filters, counts per status, retry everything matching, the chart."""

from __future__ import annotations

from datetime import timedelta

import pytest

from app import batch_admin, chart, clock, queue, queue_reads, review_items
from app.batch_admin import BatchFilter
from tests.fixtures.records import START, add_batch


def names(page):
    return [row["original_filename"] for row in page.rows]


@pytest.fixture
def mixed(db, admin, staff):
    """Six batches, one uploaded each minute, in every interesting state."""
    return {
        "a": add_batch(
            db,
            status="dead",
            error="This PDF is password-protected.\nMore",
            filename="a.pdf",
            uploaded_by=admin["id"],
            minutes=1,
            attempts=1,
        ),
        "b": add_batch(
            db,
            status="dead",
            error="Not a purchase order.",
            filename="b.pdf",
            uploaded_by=staff["id"],
            minutes=2,
            attempts=3,
        ),
        "c": add_batch(
            db,
            status="failed",
            error="This PDF is password-protected.",
            filename="c.pdf",
            uploaded_by=staff["id"],
            minutes=3,
            attempts=1,
        ),
        "d": add_batch(
            db, status="pending", filename="locked-scan.pdf", uploaded_by=staff["id"], minutes=4
        ),
        "e": add_batch(
            db, status="processed", filename="e.pdf", uploaded_by=admin["id"], minutes=5, attempts=1
        ),
        "f": add_batch(
            db,
            status="dead",
            error="password-protected",
            filename="f.jpg",
            batch_type="delivery_notes",
            minutes=6,
            attempts=1,
        ),
    }


def test_newest_first_with_keyset_pages(db, mixed):
    first = batch_admin.list_batches(db, BatchFilter(), limit=4)
    assert names(first) == ["f.jpg", "e.pdf", "locked-scan.pdf", "c.pdf"]
    second = batch_admin.list_batches(db, BatchFilter(), after=first.next_cursor, limit=4)
    assert names(second) == ["b.pdf", "a.pdf"] and second.next_cursor is None
    back = batch_admin.list_batches(db, BatchFilter(), before=second.prev_cursor, limit=4)
    assert names(back) == names(first)


def test_filters_combine(db, mixed, staff):
    def found(**query):
        return names(batch_admin.list_batches(db, BatchFilter.from_query(query, "UTC")))

    assert found(status="dead") == ["f.jpg", "b.pdf", "a.pdf"]
    assert found(q="PASSWORD") == ["f.jpg", "c.pdf", "a.pdf"]
    assert found(q="locked") == ["locked-scan.pdf"]  # the file name counts too
    assert found(q="password", type="purchase_orders") == ["c.pdf", "a.pdf"]
    assert found(uploader=staff["id"], status="dead") == ["b.pdf"]
    day = START.date().isoformat()
    assert len(found(**{"from": day, "to": day})) == 6
    assert found(**{"from": (START + timedelta(days=1)).date().isoformat()}) == []


def test_counts_per_status_follow_the_filter_but_not_the_tab(db, mixed):
    counts = batch_admin.status_counts(db, BatchFilter(status="dead", text="password"))
    assert counts == {
        "pending": 0,
        "processing": 0,
        "processed": 0,
        "failed": 1,
        "dead": 2,
        "discarded": 0,
    }
    assert batch_admin.needs_attention(db) == {"failed": 1, "dead": 3}


def test_a_bad_filter_is_dropped_with_a_sentence():
    flt = BatchFilter.from_query(
        {"status": "lost", "type": "invoices", "uploader": "me", "from": "x"}
    )
    assert (flt.status, flt.batch_type, flt.uploader, flt.date_from) == ("", "", "", "")
    assert len(flt.problems) == 4


def test_retry_all_matching_acts_on_every_match_not_a_page(db, mixed, admin):
    flt = BatchFilter(status="dead", text="password")
    assert batch_admin.retryable_count(db, flt) == 2
    retried = batch_admin.retry_matching(db, flt, clock.now(), admin["id"])
    assert sorted(retried) == sorted([mixed["a"], mixed["f"]])
    for batch_id in retried:
        batch = queue_reads.get_batch(db, batch_id)
        assert (batch["status"], batch["attempts"], batch["last_error"]) == ("pending", 0, None)
        assert queue_reads.batch_events(db, batch_id)[-1]["event"] == "retry"
    assert (
        queue_reads.get_batch(db, mixed["c"])["status"] == "failed"
    )  # failed, not in the dead tab
    assert queue_reads.get_batch(db, mixed["b"])["status"] == "dead"  # another error
    assert batch_admin.retryable_count(db, flt) == 0


def test_retry_all_matching_settles_the_dead_batches_review_items(db, mixed, admin):
    for batch_id in (mixed["a"], mixed["f"]):
        queue.open_dead_review(db, batch_id, "po.pdf", "password-protected", 3, clock.now())
    batch_admin.retry_matching(
        db, BatchFilter(status="dead", text="password"), clock.now(), admin["id"]
    )
    for batch_id in (mixed["a"], mixed["f"]):
        assert review_items.open_item_for(db, "batch.dead", "batch", batch_id) is None


def test_retry_all_on_every_status_takes_failed_and_dead_only(db, mixed, admin):
    assert batch_admin.retryable_count(db, BatchFilter(text="password")) == 3
    assert batch_admin.retryable_count(db, BatchFilter(status="processed")) == 0
    assert (
        batch_admin.retry_matching(db, BatchFilter(status="pending"), clock.now(), admin["id"])
        == []
    )


def test_hourly_outcomes_count_each_attempt_in_its_hour(db, mixed):
    now = clock.parse("2026-08-03T10:30:00.000Z")
    for at, event in [
        ("2026-08-03T10:05:00.000Z", "processed"),
        ("2026-08-03T10:10:00.000Z", "processed"),
        ("2026-08-03T09:59:59.000Z", "failed"),
        ("2026-08-01T11:00:00.000Z", "dead"),  # the first hour of the window
        ("2026-08-01T10:59:59.000Z", "dead"),  # just before it
        ("2026-08-03T10:20:00.000Z", "claimed"),  # not an outcome
    ]:
        queue.record_event(db, mixed["a"], event, clock.parse(at))
    buckets = batch_admin.hourly_outcomes(db, now)
    assert len(buckets) == 48
    assert buckets[0] == {
        "start": "2026-08-01T11:00:00.000Z",
        "processed": 0,
        "failed": 0,
        "dead": 1,
    }
    assert buckets[-1] == {
        "start": "2026-08-03T10:00:00.000Z",
        "processed": 2,
        "failed": 0,
        "dead": 0,
    }
    assert buckets[-2]["failed"] == 1


def test_the_chart_stacks_outcomes_on_a_round_scale():
    buckets = [
        {"start": "h0", "processed": 3, "failed": 1, "dead": 0},
        {"start": "h1", "processed": 0, "failed": 0, "dead": 0},
    ]
    drawn = chart.hourly_chart(buckets, label_every=1)
    assert [value for value, _ in drawn.gridlines] == [0, 5]
    first, empty = drawn.bars
    assert [s.outcome for s in first.segments] == ["processed", "failed"]
    processed, failed = first.segments
    assert processed.y + processed.height == pytest.approx(drawn.baseline)
    assert failed.y + failed.height == pytest.approx(processed.y)
    assert processed.height == pytest.approx(3 * failed.height)
    assert empty.segments == () and empty.total == 0
    assert drawn.totals == {"processed": 3, "failed": 1, "dead": 0}
    assert [label for label, _ in drawn.labels] == ["h0", "h1"]
