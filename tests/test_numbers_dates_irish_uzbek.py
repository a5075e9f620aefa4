"""Dates with Irish's month names ('7 Samhain 2026', September's and October's two words
'Meán Fómhair', 'Deireadh Fómhair'), and Uzbek's with a hyphen between the day and the month
('2026-yil 17-iyun'), found in a text and read."""

from __future__ import annotations

import pytest

from app import numbers


@pytest.mark.parametrize(
    "text, iso",
    [
        ("7 Samhain 2026", "2026-11-07"),
        ("14 Márta 2026", "2026-03-14"),
        ("2 Eanáir 2027", "2027-01-02"),
        ("3 Meán Fómhair 2026", "2026-09-03"),
        ("21 Deireadh Fómhair 2026", "2026-10-21"),
        ("4 Nollaig 2026", "2026-12-04"),
        ("2026-yil 17-iyun", "2026-06-17"),
        ("2026-yil «3» iyul", "2026-07-03"),
    ],
)
def test_a_date_in_irish_or_uzbek_is_found_and_read(text, iso):
    found = numbers.DATE_IN_TEXT.search(f"Dáta:  {text}  ")
    assert found is not None and found.group() == text
    assert numbers.parse_date(found.group()) == iso


def test_the_irish_word_for_christmas_alone_is_no_date():
    assert numbers.DATE_IN_TEXT.search("Beannachtaí na Nollag agus Nollaig shona") is None
