"""A PO or DN number the OCR read is read again, enlarged, where it was read.

Nothing proves a reference's letters the way sums prove money: an 'H' read as
'1' makes another order's number without a warning. The page here is drawn and
read by the real tesseract; only the first reading's misread is written into
the lines, as the OCR would have made it on a worse photo.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image, ImageDraw, ImageFont

from app.extract import engine, ocr, proofs
from app.extract.layout import box_lines, box_scale
from app.extract.model import Found
from app.extract.second_look import OcrPage, reference_again

pytestmark = pytest.mark.skipif(not ocr.shutil.which("tesseract"), reason="needs tesseract")


def _page(*texts: str):
    image = Image.new("L", (900, 80 + 60 * len(texts)), 255)
    draw = ImageDraw.Draw(image)
    for n, text in enumerate(texts):
        draw.text((40, 40 + 60 * n), text, font=ImageFont.load_default(size=28), fill=0)
    seen, boxes = ocr.read_image(image)
    lines = box_lines(boxes)
    engine._remember(lines, OcrPage(seen, 0.0, *box_scale(boxes)))
    return lines


def _misread(lines, right: str, wrong: str) -> None:
    for line in lines:
        line.words = [replace(w, text=wrong) if w.text == right else w for w in line.words]


def _found(value: str) -> dict[str, Found]:
    return {"po_number": Found(value, 0.9, f"Order number {value}", rank=0, ocr=True)}


def test_a_reference_read_otherwise_when_enlarged_is_doubted_and_left_as_read():
    lines = _page("Order number  H321019", "Supplier  Tshwane Tile")
    _misread(lines, "H321019", "1321019")
    found = _found("1321019")
    doubted = engine._read_again(found, "po_number", lines)
    assert doubted == {"po_number": "read as 'H321019' when enlarged"}
    assert found["po_number"].value == "1321019"
    proof = proofs.Reading(found, [], naming_ranks={"po_number": 0}, doubted=doubted)
    assert proofs.unproven(proof, ("po_number",)) == doubted


def test_a_reference_read_the_same_again_stays_as_it_was_and_proven():
    lines = _page("Order number  H321019", "Supplier  Tshwane Tile")
    assert reference_again(lines, "H321019") == ["H321019", "H321019"]
    found = _found("H321019")
    assert engine._read_again(found, "po_number", lines) == {}
    assert found["po_number"] == _found("H321019")["po_number"]
    proof = proofs.Reading(found, [], naming_ranks={"po_number": 0})
    assert proofs.unproven(proof, ("po_number",)) == {}


def test_a_value_not_printed_as_one_word_is_not_read_again():
    lines = _page("Order number  H321019")
    assert reference_again(lines, "H32 1019") == []
    assert reference_again(lines, "Q999") == []


def test_what_is_read_again_must_be_like_the_value_or_it_says_nothing():
    lines = _page("Order number  H321019")
    _misread(lines, "H321019", "ZZTOP")  # the first reading is nothing like what is there
    assert reference_again(lines, "ZZTOP") == ["", ""]
    found = _found("ZZTOP")
    assert engine._read_again(found, "po_number", lines) == {}
    assert found["po_number"].value == "ZZTOP"


def test_a_text_layer_reference_is_never_read_again():
    found = {"po_number": Found("1321019", 1.0, "Order number 1321019", rank=0)}
    assert engine._read_again(found, "po_number", []) == {}
    assert found["po_number"].value == "1321019"
