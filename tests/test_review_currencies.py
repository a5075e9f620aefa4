"""Money at risk in several currencies: one currency per item, never compared across.

The open queue takes the largest item of every currency first, then the
second largest of every currency, and so on; nothing at risk comes last.
"""

from __future__ import annotations

from datetime import timedelta

from app import clock, review_items


def open_items(db, items):
    now = clock.now()
    for n, (record, cents, currency) in enumerate(items):
        review_items.open_item(
            db, "dn.over", "purchase_order", record, {}, cents, now + timedelta(seconds=n), currency
        )


def test_the_queue_interleaves_currencies_by_rank(db):
    open_items(
        db,
        [
            ("zar-small", 1_000, "ZAR"),
            ("usd-big", 90_000, "USD"),
            ("zar-big", 5_000_000, "ZAR"),
            ("usd-small", 10, "USD"),
            ("nothing", 0, None),
            ("eur-only", 700, "EUR"),
            ("zar-mid", 20_000, "ZAR"),
        ],
    )
    order = [item["record_id"] for item in review_items.list_items(db, "open")]
    assert order == [
        "eur-only", "usd-big", "zar-big",  # the largest of each currency, by currency code
        "usd-small", "zar-mid",
        "zar-small",
        "nothing",
    ]  # fmt: skip


def test_an_item_keeps_its_currency_and_none_without_money(db):
    open_items(db, [("a", 500, "USD"), ("b", 0, "USD")])
    found = {item["record_id"]: item for item in review_items.list_items(db, "open")}
    assert review_items.as_json(found["a"])["money_currency"] == "USD"
    assert (found["b"]["money_at_risk_cents"], found["b"]["money_currency"]) == (0, None)
