"""The title's number in the series its initials name, after its marker ('NOTA DE
ENCOMENDA' over 'N.º NE 2026/105'), is read whole by `unlabelled.number_after_title` (the
rules `number_after_our_title` and `number_after_po_title`); and a label with its value at
the page's top ('GSTIN: 36AAHCM4417K1Z3') is no title, so no label sharing a word with it
names the order's number. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import unlabelled
from app.extract.engine import typical_step
from app.extract.layout import text_lines
from tests.test_extract_second_reading_7 import TABLE


def _page(number: str) -> str:
    return f"""\
MERIDIAN CONSTRUÇÕES GUINÉ-BISSAU, LDA
Rua Eduardo Mondlane, n.º 27, Bissau
                              NOTA DE ENCOMENDA
                              N.º {number}
Fornecedor
Velmor Trading (Pty) Ltd
{TABLE}"""


def _after_title(page: str) -> str | None:
    lines = text_lines(page)
    return unlabelled.number_after_title(lines, typical_step(lines)).value


def test_the_number_in_the_series_the_titles_initials_name_is_read_whole():
    assert _after_title(_page("NE 2026/105")) == "NE 2026/105"


@pytest.mark.parametrize("number", ["BS 2026/105", "NE 2026/105 12 pallets"])
def test_other_letters_or_more_words_after_the_number_are_not_the_orders(number):
    assert _after_title(_page(number)) is None


@pytest.mark.parametrize(
    "top, title",
    [
        ("GSTIN: 36AAHCM4417K1Z3\nWORK ORDER", "WORK ORDER"),
        ("RCCM : CD/LSH/RCCM/24-B-00871\nBON DE COMMANDE", "BON DE COMMANDE"),
        ("PURCHASE ORDER", "PURCHASE ORDER"),
    ],
)
def test_a_label_and_its_value_at_the_top_is_no_title(top, title):
    found = unlabelled.title(text_lines(top))
    assert found is not None and found.text.strip() == title
