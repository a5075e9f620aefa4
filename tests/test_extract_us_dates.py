"""An order whose numeric dates do not say which comes first, the day or the month, is read
in the office's order (day first here), unless the addresses on it are of the United States
alone (a town, a comma, a state's two letters, a ZIP code): there dates are written month
first. The order is still a guess, so an order's date that reads both ways stays flagged.
Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract.engine import in_the_us_alone
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import flagged, read
from tests.test_extract_second_reading_7 import TABLE


def _page(address: str, date: str = "03/08/2026") -> str:
    return f"""\
Lone Star Rebar Supply LLC                              PURCHASE ORDER
1200 Navigation Blvd
{address}                                      PO Number   LS-40877
Phone (713) 555-0100                                    Date        {date}
Supplier: Velmor Trading (Pty) Ltd
Site CP09
{TABLE}"""


@pytest.mark.parametrize(
    "address",
    [
        "Houston, TX 77002",
        "HOUSTON, TX 77002-1234",
        "Portland, OR 97210",
    ],
)
def test_an_address_in_the_united_states_reads_dates_month_first(address):
    payload = read(_page(address))
    assert payload["po_date"] == "2026-03-08"
    assert flagged(payload, "po_date")


def test_elsewhere_the_office_reads_them_day_first():
    assert read(_page("Cape Town 8001"))["po_date"] == "2026-08-03"


def test_the_pages_own_dates_say_more_than_its_address():
    # a date that reads only day first ('25/08/2026') says so for the others
    page = _page("Houston, TX 77002").replace("Site CP09", "Site CP09   Required 25/08/2026")
    assert read(page)["po_date"] == "2026-08-03"


@pytest.mark.parametrize(
    "address",
    [
        # another country's address beside it: the supplier's or ours
        "Houston, TX 77002\nVelmor Trading, 3 Waterfront Way, Brierley Hill DY5 1XN",
        "Houston, TX 77002\nAv. Constitución 400, Monterrey, N.L., México",
        # a state's letters and five digits with no town and comma before them
        "Boston MA 02110",
    ],
)
def test_no_month_first_without_an_address_in_the_united_states_alone(address):
    assert read(_page(address))["po_date"] == "2026-08-03"


@pytest.mark.parametrize(
    "text, found",
    [
        ("Houston, TX 77002", True),
        ("Portland, OR 97210", True),
        ("SKU ID 23471", False),  # 'ID' is no state here: no town and comma before it
        ("Item ID 23471", False),
        ("Boston MA 02110", False),
        ("PAGE 1 OF 2  IN 12345", False),
        ("Houston, TX 77002\nBrierley Hill, West Midlands, DY5 1XN", False),
    ],
)
def test_what_is_an_address_in_the_united_states_alone(text, found):
    assert in_the_us_alone(text_lines(text)) is found
