"""Our order for works or a job, numbered under its own label ('W.O. No.', 'Works Order No.',
'JO No.') on a page our company heads: that number is the order's, read flagged (rule
`number_under_works_order_label`); on an order that names a works order beside its own
number, its own number comes first, under its label or after its title. Each page is made
up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE


@pytest.mark.parametrize(
    "title, label, number",
    [
        ("WORKS ORDER", "W.O. No.:", "MCA/WO/26/0290"),
        ("WORK ORDER", "Works Order No.", "WO-438879"),
        ("JOB ORDER", "JO No.", "JO-2026-00514"),
    ],
)
def test_a_works_or_job_orders_number_is_the_orders_flagged(title, label, number):
    page = f"""\
{BUYER}                                  {title}
14 Dock Road, Cape Town                  {label}   {number}
Contractor: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_number"] == number
    assert flagged(payload, "po_number")


def test_an_orders_own_number_comes_before_the_works_order_it_names():
    page = f"""\
{BUYER}                                  PURCHASE ORDER
14 Dock Road, Cape Town                  PO No.   MC-44120
W.O. No.   WO-7781                       Date     10/11/2026
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""
    assert read(page)["po_number"] == "MC-44120"


def test_the_number_after_our_orders_title_comes_before_the_works_order_it_names():
    page = f"""\
{BUYER}                 PURCHASE ORDER
14 Dock Road, Cape Town                          No.  MC-44120
W.O. No.   WO-2291                               Date  12/05/2026
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""
    assert read(page)["po_number"] == "MC-44120"
