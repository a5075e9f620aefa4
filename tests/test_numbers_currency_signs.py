"""An amount with its currency's sign before or after it is read, whichever currency's sign
Unicode names it ('¢162 139,68', '₦1,234.50', '12 500,00 ₸', '1 234,56 $'), as the codes
and the rand, the dollar, the euro and the pound were before."""

from __future__ import annotations

from decimal import Decimal

import pytest

from app import numbers


@pytest.mark.parametrize(
    "text, value",
    [
        ("¢162 139,68", "162139.68"),  # the colón, as Costa Rica prints it
        ("₡ 20 267,46", "20267.46"),
        ("₦1,234.50", "1234.50"),
        ("₱ 1,234.50", "1234.50"),
        ("¥12,000", "12000"),
        ("₺1.234,50", "1234.50"),
        ("GH₵ 1,234.50", "1234.50"),  # a sign with its country's letters, as 'NZ$'
        ("৳1,234.00", "1234.00"),
        ("฿1,234.00", "1234.00"),
        ("12 500,00 ₸", "12500.00"),  # after the amount
        ("1 234,56 $", "1234.56"),  # Quebec's dollar after its amount
        ("(₦1,234.50)", "-1234.50"),
    ],
)
def test_an_amount_with_its_currencys_sign_is_read(text, value):
    assert numbers.parse_decimal(text) == Decimal(value)


@pytest.mark.parametrize("text", ["271$00", "6.850.776$00"])
def test_the_escudos_sign_in_the_decimal_marks_place_is_still_the_escudo(text):
    assert numbers.parse_decimal(text) == Decimal(text.replace(".", "").replace("$", "."))


@pytest.mark.parametrize("text", ["₦", "$$", "₦ N/A", "12 ₦ 50"])
def test_a_sign_without_an_amount_is_no_number(text):
    with pytest.raises(ValueError):
        numbers.parse_decimal(text)


@pytest.mark.parametrize(
    "text, code",
    [
        ("TOTAL  ₡250 753,40", "CRC"),  # the colón's sign
        ("GH¢ 1,234.50", "GHS"),  # the cedi's, with Ghana's letters
        ("TOTAL  ¢1,234.50", None),  # a bare '¢': Ghana's cedi or Costa Rica's colón
        ("only 50¢ each", None),  # a cent, after its amount
    ],
)
def test_the_colons_sign_names_costa_ricas_currency(text, code):
    from app.extract import fields

    assert fields.currency(text) == code


@pytest.mark.parametrize(
    "text, value",
    [
        ("45.000₫", "45000"),  # no cents in use: the point groups thousands
        ("₫45.000", "45000"),
        ("450.000 ₭", "450000"),
        ("₲ 1.234.500", "1234500"),
        ("1.234,50 ₫", "1234.50"),  # a decimal comma after the groups is still one
        ("45.000 $", "45000"),  # a peso's sign after the amount, as Chile's and Colombia's
        ("1.500$", "1500"),  # a whole escudo
        ("0.99$", "0.99"),  # cents, as a shop in Quebec prints them
    ],
)
def test_after_the_sign_of_a_currency_with_no_cents_a_point_groups_thousands(text, value):
    assert numbers.parse_decimal(text) == Decimal(value)


@pytest.mark.parametrize("text", ["50¢", "12.5¢", "99 ￠"])
def test_a_cent_after_its_amount_is_no_currencys_amount(text):
    # read as a whole one it would be a hundred times the price: left for a person
    with pytest.raises(ValueError):
        numbers.parse_decimal(text)
