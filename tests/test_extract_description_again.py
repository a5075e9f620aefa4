"""An OCR'd item's description is read again, enlarged, where it was read.

Small print is misread as look-alike letters ('Portiand' for 'Portland', 'S' for '5'), and
nothing proves a description's letters the way quantity x price = amount proves its numbers.
The page here is drawn and read by the real tesseract; only the first reading's misread is
written into the lines, as the OCR would have made it on a worse photo.
"""

from __future__ import annotations

import shutil
from dataclasses import replace

import pytest
from PIL import Image, ImageDraw, ImageFont

from app.extract import ocr, reading
from app.extract.layout import group_cells, typical_step
from app.extract.model import Trail
from app.extract.second_look import _better
from tests.drawn import misread, read_drawn

pytestmark = pytest.mark.skipif(not ocr.shutil.which("tesseract"), reason="needs tesseract")
needs_latin = pytest.mark.skipif(
    "Latin" not in ocr.installed_languages(), reason="needs tesseract-ocr-script-latn"
)
# (a font with the accented letters of orders from abroad)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

ROWS = (
    ("Portland cement 50kg", "10", "95.00", "950.00"),
    ("Building sand per ton", "2", "410.00", "820.00"),
)


def _page(rows=ROWS):
    image = Image.new("L", (1100, 120 + 60 * len(rows)), 255)
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 26)
    at = (40, 560, 700, 880)
    for x, word in zip(at, ("Description", "Qty", "Price", "Amount"), strict=True):
        draw.text((x, 40), word, font=font, fill=0)
    for n, row in enumerate(rows):
        for x, text in zip(at, row, strict=True):
            draw.text((x, 100 + 60 * n), text, font=font, fill=0)
    return read_drawn(image)


def _items(lines):
    trail = Trail()
    table = reading.read_items(lines, typical_step(lines), False, trail)
    return [item.description for item in table.items], trail


def test_a_description_misread_in_small_print_is_read_right_when_enlarged():
    lines = _page()
    misread(lines, "Portland", "Portiand")
    misread(lines, "sand", "sancl")
    descriptions, trail = _items(lines)
    assert descriptions == ["Portland cement 50kg", "Building sand per ton"]
    again = [a for a in trail.applied if a.rule == "description_second_look"]
    assert [a.value for a in again] == ["Portland cement 50kg", "Building sand per ton"]


def test_a_description_read_alike_again_is_left_as_it_was():
    descriptions, trail = _items(_page())
    assert descriptions == ["Portland cement 50kg", "Building sand per ton"]
    assert not [a for a in trail.applied if a.rule == "description_second_look"]


def test_what_is_read_again_must_be_like_the_first_reading():
    lines = _page()
    # the first reading is nothing like what is there: the second says nothing of it
    misread(lines, "Portland", "Zqxwv")
    misread(lines, "cement", "Yyyyyy")
    descriptions, _ = _items(lines)
    assert descriptions[0] == "Zqxwv Yyyyyy 50kg"


def test_a_reading_again_with_other_words_in_it_is_not_taken():
    lines = _page()
    # 'Portland cement' read as one word: read again it has a word more
    for line in lines:
        words = [w.text for w in line.words]
        if "Portland" in words:
            at = words.index("Portland")
            joined = replace(line.words[at], text="Portlandcement", x1=line.words[at + 1].x1)
            line.words = [*line.words[:at], joined, *line.words[at + 2 :]]
            line.cells = group_cells(line.words)
    descriptions, _ = _items(lines)
    assert descriptions[0] == "Portlandcement 50kg"


def test_a_text_layers_description_is_not_read_again():
    lines = _page()
    misread(lines, "Portland", "Portiand")
    for line in lines:
        line.ocr_page = None
    descriptions, trail = _items(lines)
    assert descriptions[0] == "Portiand cement 50kg"
    assert not [a for a in trail.applied if a.rule == "description_second_look"]


@needs_latin
def test_accents_the_first_reading_lost_are_read_with_the_latin_letters_model():
    rows = (
        ("Písek praný 0/4", "10", "545.14", "5451.40"),
        ("Štěrk drcený 8/16", "2", "468.40", "936.80"),
    )
    lines = _page(rows)
    # (English's model reads 'Pisek prany 0/4' and 'Stérk drceny 8/16' here, as on a photo)
    assert [w.text for w in lines[1].words][:2] != ["Písek", "praný"]
    descriptions, _ = _items(lines)
    assert descriptions == ["Písek praný 0/4", "Štěrk drcený 8/16"]


@needs_latin
def test_the_latin_letters_model_is_made_once_in_its_folder_and_reads(tmp_path, monkeypatch):
    monkeypatch.setenv("INTAKE_OCR_MODELS", str(tmp_path / "models"))
    ocr.letters_model.cache_clear()
    try:
        arguments = ocr.letters_model()
        made = tmp_path / "models" / f"{ocr.LETTERS}.traineddata"
        assert arguments == ["--tessdata-dir", str(tmp_path / "models"), "-l", ocr.LETTERS]
        assert made.exists() and (tmp_path / "models" / "configs" / "tsv").exists()
        # the word list is left out: a fraction of the whole model's size
        whole = ocr._models()[0] / "Latin.traineddata"
        assert made.stat().st_size < whole.stat().st_size / 20
        image = Image.new("L", (700, 90), 255)
        ImageDraw.Draw(image).text(
            (20, 20), "Štěrk drcený 8/16", font=ImageFont.truetype(FONT, 40), fill=0
        )
        assert ocr.read_lines_again(image, [(0, 0, 700, 90)], language=ocr.LETTERS) == [
            ["Štěrk drcený 8/16", "Štěrk drcený 8/16"]
        ]
        ocr.letters_model.cache_clear()
        made.write_bytes(made.read_bytes())  # there already: used as it is, not made again
        before = made.stat().st_mtime_ns
        assert ocr.letters_model() == arguments
        assert made.stat().st_mtime_ns == before
        # its configs emptied by a cleaner of temporary files: made again
        shutil.rmtree(tmp_path / "models" / "configs")
        ocr.letters_model.cache_clear()
        assert ocr.letters_model() == arguments
        assert (tmp_path / "models" / "configs" / "tsv").exists()
    finally:
        ocr.letters_model.cache_clear()


def test_without_the_latin_model_descriptions_are_read_again_with_englishs(monkeypatch):
    monkeypatch.setattr(ocr, "installed_languages", lambda: frozenset({"eng", "osd"}))
    ocr.letters_model.cache_clear()
    try:
        assert ocr.letters_model() == []
        lines = _page()
        misread(lines, "Portland", "Portiand")
        descriptions, _ = _items(lines)
        assert descriptions[0] == "Portland cement 50kg"
    finally:
        ocr.letters_model.cache_clear()


def test_a_description_running_on_to_a_second_line_is_read_again_there_too():
    rows = (
        ("Welded mesh ref 193", "10", "527.68", "5276.80"),
        ("2.4 x 6.0 m sheets", "", "", ""),
        ("Portland cement 50kg", "10", "95.00", "950.00"),
    )
    lines = _page(rows)
    misread(lines, "sheets", "sheats")
    misread(lines, "Welded", "VVelded")
    descriptions, trail = _items(lines)
    assert descriptions == ["Welded mesh ref 193 2.4 x 6.0 m sheets", "Portland cement 50kg"]
    again = [a.value for a in trail.applied if a.rule == "description_second_look"]
    assert again == ["Welded mesh ref 193", "2.4 x 6.0 m sheets"]


@pytest.mark.parametrize(
    ("first", "again", "taken"),
    [
        ("Portiand cement", ["Portland cement", "Portland cement"], "Portland cement"),
        ("Pisek prany 0/4", ["Písek praný 0/4", "Písek praný 0/4"], "Písek praný 0/4"),
        ("Enamel paint white Sl", ["Enamel paint white 5l"] * 2, "Enamel paint white 5l"),
        # the two sizes read it otherwise: the print is not clear, the first stands
        ("Portiand cement", ["Portland cement", "Portiand cement"], None),
        # capitals only: nothing the larger print sets right
        ("Generator 20 kVA", ["Generator 20 KVA"] * 2, None),
        # a digit read as another digit: no sum proves a size's digits
        ("Hollow block 26 x 12", ["Hollow block 26 x 17"] * 2, None),
        # other words, or a word more or less
        ("Portland cement", ["Steel mesh ref", "Steel mesh ref"], None),
        ("Portlandcement 50kg", ["Portland cement 50kg"] * 2, None),
        ("Portland cement", [], None),
    ],
)
def test_a_description_read_again_replaces_the_first_only_where_it_sets_a_letter_right(
    first, again, taken
):
    assert _better(first, again) == taken


def test_a_quote_the_first_reading_read_straight_stays_straight():
    first = "Granite chippings from the islancl's quarry"
    again = ["Granite chippings from the island’s quarry"] * 2
    assert _better(first, again) == "Granite chippings from the island's quarry"
    # a curly one the first read too stays as it is
    assert _better("Plyvvood 15/32” 4x8", ["Plywood 15/32” 4x8"] * 2) == "Plywood 15/32” 4x8"


def test_on_a_page_with_no_accent_in_its_first_reading_an_accent_read_again_goes():
    assert _better("Wire nails 4in", ["Wíre nails 4in"] * 2, accented=False) is None
    assert _better("Wlre nails 4in", ["Wíre nails 4in"] * 2, accented=False) == "Wire nails 4in"
    assert _better("Wire nails 4in", ["Wíre nails 4in"] * 2, accented=True) == "Wíre nails 4in"
