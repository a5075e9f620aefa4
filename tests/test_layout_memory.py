"""The layout memory on its own (pure): learned from document 1 of a layout family, it reads
documents 2 to 6 as their truth says; it does not take another family's documents for its
own; and it finds its layout on a page scaled and shifted as a photo's would be."""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import pytest

from app.extract import engine
from app.extract.document import Document
from app.extract.layout import Line, Word
from app.extract.memory import recall, teach, words
from tests.fixtures.families.registry import FAMILIES

DOCUMENTS = Path(__file__).parent / "fixtures" / "families" / "documents"
DEV = [family.name for family in FAMILIES if family.fold == "dev"]


@functools.cache
def lines(family: str, n: int) -> list[Line]:
    path = DOCUMENTS / family / f"{family}-{n}.pdf"
    return engine.document_lines(Document(path, "application/pdf", path.name))[0]


def truth(family: str, n: int) -> dict:
    path = DOCUMENTS / family / f"{family}-{n}.json"
    return json.loads(path.read_text())["expected"]


@functools.cache
def learned(family: str) -> dict:
    return teach.learn(lines(family, 1), truth(family, 1)) | {"id": family}


@pytest.mark.parametrize("family", DEV)
def test_learned_from_one_document_it_reads_the_others_as_printed(family):
    layout = learned(family)
    for n in range(2, 7):
        _, matched = recall.known([layout], lines(family, n))
        got = recall.read(layout["anchors"], lines(family, n), matched.frame)
        want = truth(family, n)
        wrong = {
            name: reading.value
            for name, reading in got["fields"].items()
            if not recall.same(name, reading.value, want[name])
        }
        assert wrong == {}, f"{family}-{n}"
        assert {"po_number", "supplier_name", "subtotal", "tax", "total"} <= set(got["fields"])
        assert recall.same_items(got["items"], want["items"]), f"{family}-{n}"


@pytest.mark.parametrize(("mine", "other"), list(itertools.permutations(DEV, 2)))
def test_another_familys_document_is_not_taken_for_the_layout(mine, other):
    assert recall.known([learned(mine)], lines(other, 2)) is None


def test_a_page_scaled_and_shifted_like_a_photo_still_matches():
    layout = learned("levy")

    def photo(line: Line) -> Line:
        moved = [Word(w.text, 1.3 * w.x0 + 5, 1.3 * w.x1 + 5) for w in line.words]
        return Line(moved, 1.2 * line.y + 2, line.page)

    matched = words.match(layout["fingerprint"], [photo(line) for line in lines("levy", 3)])
    assert matched.score >= words.MATCH
    assert matched.frame.a == pytest.approx(1.3, abs=0.02)
    assert matched.frame.c == pytest.approx(1.2, abs=0.02)


def test_the_kept_words_come_back_as_the_same_lines():
    kept = words.keep(lines("carried-forward", 1))
    again = words.decode(kept["lines"])
    assert kept["pages"] == 2
    assert [line.text for line in again] == [line.text for line in lines("carried-forward", 1)]
    assert [w.x0 for w in again[5].words] == [w.x0 for w in lines("carried-forward", 1)[5].words]
