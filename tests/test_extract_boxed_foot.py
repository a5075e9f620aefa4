"""A photo's total inside a box drawn with a heavy rule: the OCR, reading the page whole,
can lose the boxed line entirely ('ORDER TOTAL £ 1,353.28' in a framed box). A page with
no total found is read again with its rules painted out, and the words only that reading
found are added to the first reading's, whose cells the rules kept apart.

The photos are two dev families' (guernsey, honduran), read by the real tesseract."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app.extract import Document, engine, extract
from app.extract.layout import Box

FAMILIES = Path(__file__).resolve().parent / "fixtures" / "families" / "documents"
TYPES = {".jpg": "image/jpeg", ".png": "image/png", ".webp": "image/webp"}

needs_ocr = pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract-ocr")


def _photo(name: str) -> tuple[dict, dict]:
    family = name.rsplit("-", 1)[0]
    path = FAMILIES / family / name
    truth = json.loads(path.with_suffix(".json").read_text())
    return extract(Document(path, TYPES[path.suffix], name)), truth["expected"]


@needs_ocr
@pytest.mark.parametrize("name", ["guernsey-2.jpg", "honduran-6.png", "californian-2.jpg"])
def test_a_boxed_total_lost_to_the_first_reading_is_found(name):
    payload, expected = _photo(name)
    assert payload["total"] == expected["total"]
    # the items the first reading read stay read (the rules kept their cells apart)
    amounts = [item["amount"] for item in payload["items"]]
    assert amounts == [item["amount"] for item in expected["items"]][: len(amounts)]
    assert len(amounts) >= len(expected["items"]) - 1


def _box(text: str, left: float, top: float, width: float = 60) -> Box:
    return Box(text, left, top, width, 20, 0.9)


def test_only_words_where_the_first_reading_found_none_are_added():
    seen = [_box("Qty", 10, 100), _box("Cement", 100, 100, 120), _box("120.00", 400, 100)]
    again = [
        _box("Qty", 12, 101),  # the same word, a pixel off: not added
        _box("Cernent", 105, 98, 110),  # read otherwise where the first read a word
        _box("TOTAL", 300, 200),  # where the first found nothing: added
        _box("1,380.00", 400, 202),
        _box("x", 40, 108, 8),  # overlaps 'Qty' by more than half its height
    ]
    assert [box.text for box in engine._unseen(again, seen)] == ["TOTAL", "1,380.00"]
    # a word on the next line, touching the first's word by a pixel or two, is its own
    below = _box("m3", 10, 118)
    assert engine._unseen([below], seen) == [below]
