"""A PO or DN number the OCR read is read again, enlarged, where it was read.

Nothing proves a reference's letters the way sums prove money: an 'H' read as
'1' makes another order's number without a warning. The page here is drawn and
read by the real tesseract; only the first reading's misread is written into
the lines, as the OCR would have made it on a worse photo.
"""

from __future__ import annotations

from functools import partial

import pytest
from PIL import Image, ImageDraw, ImageFont

from app.extract import engine, ocr, proofs, second_look
from app.extract.document import ExtractOptions
from app.extract.memory import recall
from app.extract.model import Found, Trail
from app.extract.second_look import reference_again
from tests.drawn import misread, read_drawn

pytestmark = pytest.mark.skipif(not ocr.shutil.which("tesseract"), reason="needs tesseract")


def _page(*texts: str):
    image = Image.new("L", (900, 80 + 60 * len(texts)), 255)
    draw = ImageDraw.Draw(image)
    for n, text in enumerate(texts):
        draw.text((40, 40 + 60 * n), text, font=ImageFont.load_default(size=28), fill=0)
    return read_drawn(image)


def _found(value: str) -> dict[str, Found]:
    return {"po_number": Found(value, 0.9, f"Order number {value}", rank=0, ocr=True)}


def test_a_reference_read_otherwise_when_enlarged_is_doubted_and_left_as_read():
    lines = _page("Order number  H321019", "Supplier  Tshwane Tile")
    misread(lines, "H321019", "1321019")
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
    misread(lines, "H321019", "ZZTOP")  # the first reading is nothing like what is there
    assert reference_again(lines, "ZZTOP") == ["", ""]
    found = _found("ZZTOP")
    assert engine._read_again(found, "po_number", lines) == {}
    assert found["po_number"].value == "ZZTOP"


def test_a_text_layer_reference_is_never_read_again():
    lines = _page("Order number  H321019")
    misread(lines, "H321019", "1321019")  # read again, this would be doubted
    found = {"po_number": Found("1321019", 1.0, "Order number 1321019", rank=0)}
    assert engine._read_again(found, "po_number", lines) == {}
    assert found["po_number"].value == "1321019"


def test_a_number_run_into_its_label_reads_alike_again():
    lines = _page("Order No:45127", "Supplier  Tshwane Tile")
    found = _found("45127")
    assert engine._read_again(found, "po_number", lines) == {}


def test_the_number_is_read_again_from_its_own_print_not_from_a_longer_one_above():
    lines = _page("Account  451270", "PO Number  45127")
    line, word = second_look._word_of(lines, "45127")
    assert word.text == "45127" and line is lines[1]
    assert engine._read_again(_found("45127"), "po_number", lines) == {}


def test_a_reading_split_at_a_space_is_the_same_reading():
    assert second_look._likest("PO-2026- 0412", "PO-2026-0412") == "PO-2026-0412"
    assert second_look._likest("45127", "4512") == "45127"  # a digit more is another number


def test_a_number_a_learned_layout_read_instead_is_read_again_itself():
    lines = _page("Order number  H321019", "Reference  1321019")
    generic = _found("H321019") | {
        "supplier_name": Found(None, 0.0),
        "project_code": Found(None, 0.0),
    }
    from_layout = generic | {"po_number": Found("1321019", 0.9, "Reference 1321019", 0, True)}
    learned = recall.Learned(from_layout, [], {})
    prove = partial(lambda found, rows, **kw: kw, inclusive=False, doubted={})
    args = (learned, generic, lines, ExtractOptions(), Trail())
    *_, proved = engine._as_learned(*args, prove, False)
    assert proved(from_layout, [])["doubted"] == {}  # its own print reads '1321019' again
    misread(lines, "1321019", "I321019")
    learned.found["po_number"] = Found("I321019", 0.9, "Reference I321019", 0, True)
    *_, proved = engine._as_learned(*args, prove, False)
    assert "po_number" in proved(learned.found, [])["doubted"]
