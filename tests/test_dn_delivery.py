"""The delivery rule as a table: per line ordered, delivered, outstanding, over; a PO's status."""

from decimal import Decimal

import pytest

from app.delivery_notes import delivery


def item(qty="10", price=1000, amount=None, item_id="i1"):
    return {"id": item_id, "quantity": qty, "unit_price_cents": price, "amount_cents": amount}


@pytest.mark.parametrize(
    ("line", "delivered", "closed", "outstanding", "over", "out_cents", "over_cents"),
    [
        (item(), "0", False, "10", "0", 10000, 0),
        (item(), "4", False, "6", "0", 6000, 0),
        (item(), "10", False, "0", "0", 0, 0),
        (item(), "12", False, "0", "2", 0, 2000),
        (item(), "4", True, "0", "0", 0, 0),  # closed short: nothing outstanding
        (item("2.5", 1999), "1", False, "1.5", "0", 2999, 0),  # rounded to the cent
        (item("4", None, 10000), "1", False, "3", "0", 7500, 0),  # price from the amount
        (item("4", None, None), "1", False, "3", "0", None, None),  # no price: no value
    ],
)
def test_line_delivery(line, delivered, closed, outstanding, over, out_cents, over_cents):
    found = delivery.line_delivery(line, Decimal(delivered), closed)
    assert (found.outstanding, found.over) == (Decimal(outstanding), Decimal(over))
    assert (found.outstanding_cents, found.over_cents) == (out_cents, over_cents)


def lines(*pairs):
    return [delivery.line_delivery(item(o), Decimal(d)) for o, d in pairs]


@pytest.mark.parametrize(
    ("found", "closed", "status"),
    [
        (lines(("10", "0"), ("5", "0")), False, "not_delivered"),
        (lines(("10", "4"), ("5", "0")), False, "part_delivered"),
        (lines(("10", "10"), ("5", "5")), False, "delivered"),
        (lines(("10", "11"), ("5", "5")), False, "over_delivered"),
        (lines(("10", "11"), ("5", "0")), False, "over_delivered"),  # over anywhere wins
        (lines(("10", "4"), ("5", "0")), True, "delivered"),  # closed short
        (lines(("10", "0")), True, "delivered"),
        ([], False, "not_delivered"),
    ],
)
def test_status(found, closed, status):
    assert delivery.status(found, closed) == status


def test_money_is_added_per_currency_never_across():
    amounts = [("ZAR", 100), ("USD", 50), ("ZAR", 250), ("EUR", None), ("USD", 0)]
    assert delivery.by_currency(amounts) == [("ZAR", 350), ("USD", 50)]
