"""Money, quantities and dates as the office writes them."""

from __future__ import annotations

import pytest

from app import numbers


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("25.00", 2500),
        ("1,234.56", 123456),
        ("1 234.56", 123456),
        ("R 1 234.56", 123456),
        ("R1234.56", 123456),
        ("ZAR 99", 9900),
        ("0.255", 26),  # half up to the cent
        ("(12.50)", -1250),
        ("-3", -300),
        (12, 1200),
        ("1\u00a0234 567.8", 123456780),
        ("1 234,56", 123456),  # grouped thousands and a decimal comma
        ("1.234,56", 123456),
        ("R 12 345,60", 1234560),
        ("1 234,56 €", 123456),
        ("EUR 99", 9900),
        ("US$1,000.00", 100000),
        ("1,18,394.60", 11839460),  # grouped in lakhs and crores, as India prints them
        ("Rs. 22,87,738.80", 228773880),
        ("₹ 1,441.08", 144108),
    ],
)
def test_parse_money(text, cents):
    assert numbers.parse_money(text) == cents


@pytest.mark.parametrize(("text", "cents"), [("1,23", 123), ("234,5", 23450), ("12", 1200)])
def test_parse_money_with_decimal_commas(text, cents):
    assert numbers.parse_money(text, decimal_comma=True) == cents


@pytest.mark.parametrize("text", ["", "abc", "12.3.4", "1,23", "R", "--5"])
def test_parse_money_refuses(text):
    with pytest.raises(ValueError, match="is not a money amount"):
        numbers.parse_money(text)


@pytest.mark.parametrize(
    ("text", "quantity"),
    [("100", "100"), ("2.50", "2.5"), ("1,000", "1000"), ("0.125", "0.125"), ("3.000", "3")],
)
def test_parse_quantity(text, quantity):
    assert numbers.parse_quantity(text) == quantity


@pytest.mark.parametrize(
    ("cents", "text", "shown"),
    [
        (123456, "1234.56", "1\u00a0234.56"),
        (5, "0.05", "0.05"),
        (-250, "-2.50", "-2.50"),
        (None, None, ""),
    ],
)
def test_money_out(cents, text, shown):
    assert numbers.cents_to_text(cents) == text
    assert numbers.format_money(cents) == shown


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("2026-08-19", "2026-08-19"),
        ("19/08/2026", "2026-08-19"),
        ("2026/08/19", "2026-08-19"),
        ("19 Aug 2026", "2026-08-19"),
        ("19 August 2026", "2026-08-19"),
        ("Aug 19, 2026", "2026-08-19"),
        ("19.08.26", "2026-08-19"),
        ("19-Aug-2026", "2026-08-19"),
        ("19th August 2026", "2026-08-19"),
        ("Wednesday, 19 August 2026", "2026-08-19"),
        ("August 19, 2026", "2026-08-19"),
        ("2026.08.19", "2026-08-19"),
        ("08/19/2026", "2026-08-19"),  # only works month first, so read that way
        # month names in the other languages suppliers print
        ("14 Februarie 2026", "2026-02-14"),
        ("6 Maart 2026", "2026-03-06"),
        ("19. August 2026", "2026-08-19"),
        ("1 Dezember 2026", "2026-12-01"),
        ("19 août 2026", "2026-08-19"),
        ("3 févr. 2026", "2026-02-03"),
        ("19 de agosto de 2026", "2026-08-19"),
        ("5 março 2026", "2026-03-05"),
        # the year first, each part with its mark after it
        ("2026年2月27日", "2026-02-27"),
        ("2026년 2월 27일", "2026-02-27"),
        ("2026 оны 02 сарын 27", "2026-02-27"),
        # Uzbek's: the year with its word, the day in quotation marks, the month's name
        ("2026-yil «3» iyul", "2026-07-03"),
        ("2026 yil 21 may", "2026-05-21"),
    ],
)
def test_parse_date(text, iso):
    assert numbers.parse_date(text) == iso


def test_parse_date_month_first_when_asked():
    assert numbers.parse_date("08/19/2026", day_first=False) == "2026-08-19"
    assert numbers.parse_date("03/08/2026", day_first=False) == "2026-03-08"
    assert numbers.parse_date("03/08/2026") == "2026-08-03"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Date: 19/08/2026 (Tuesday)", "19/08/2026"),
        ("issued 19 Aug 2026 by J", "19 Aug 2026"),
        ("Datum 14 Februarie 2026", "14 Februarie 2026"),
        ("Fecha: 19 de agosto de 2026.", "19 de agosto de 2026"),
        ("Order 4500123456", None),
        ("日期：2026年11月3日（星期二）", "2026年11月3日"),
        ("서울, 2026년 11월 3일 발행", "2026년 11월 3일"),
        ("2026 оны 02 сарын 27 No 0712 Улаанбаатар хот", "2026 оны 02 сарын 27"),
        ("No 2026 11 3", None),
        ("Toshkent sh.   2026-yil «3» iyul", "2026-yil «3» iyul"),
        ("2026-yil 3 ta", None),
    ],
)
def test_a_date_inside_longer_text(text, found):
    match = numbers.DATE_IN_TEXT.search(text)
    assert (match.group() if match else None) == found


@pytest.mark.parametrize("text", ["", "31/02/2026", "someday", "2026-13-01"])
def test_parse_date_refuses(text):
    with pytest.raises(ValueError, match="is not a date"):
        numbers.parse_date(text)


@pytest.mark.parametrize("text", ["9" * 30, "9" * 14, 10**20, float("inf"), "1" * 14 + ".5"])
def test_amounts_too_large_to_be_real_are_refused_in_words(text):
    with pytest.raises(ValueError, match="too large|is not a"):
        numbers.parse_money(text)


def test_the_largest_accepted_amount_still_fits_a_database_integer():
    assert numbers.parse_money("9" * 13 + ".99") < 2**63
