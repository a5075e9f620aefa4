"""Photos as phones take them: turned with no EXIF tag, shot at an angle, or no page at all.

The turned and angled photos are made here from a tuning document of the
corpus with its own photo simulation (never from the held-out split).
"""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from app.extract import Document, ExtractionError, extract, ocr, sheet
from tests.fixtures.generate_documents import photograph, render_page

CORPUS = Path(__file__).resolve().parent / "fixtures" / "documents"
RECORD = json.loads((CORPUS / "po-02.json").read_text())  # a tuning photo that reads whole
DESK = (118, 104, 92)

needs_ocr = pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract-ocr")


def read(tmp_path: Path, image: Image.Image) -> dict:
    path = tmp_path / "photo.png"
    image.save(path)  # a PNG written by Pillow carries no EXIF orientation
    return extract(Document(path, "image/png", "photo.png"))


def essentials(payload: dict) -> tuple:
    rows = [(r["description"], r["quantity"], r["amount"]) for r in payload["items"]]
    return payload["po_number"], payload["total"], rows


def on_a_desk(page: Image.Image, corners: list[tuple[float, float]]) -> Image.Image:
    """The page drawn with its corners at these fractions of a desk a little larger than it,
    as a phone held at an angle sees it."""
    w, h = page.size
    size = (round(w * 1.25), round(h * 1.15))
    placed = [(x * size[0], y * size[1]) for x, y in corners]
    coefficients = sheet.perspective_coefficients(placed, [(0, 0), (w, 0), (w, h), (0, h)])
    return page.transform(
        size, Image.Transform.PERSPECTIVE, coefficients, Image.BICUBIC, fillcolor=DESK
    )


# the far edge narrower: the phone held low over the sheet's foot
AT_AN_ANGLE = [(0.15, 0.06), (0.85, 0.06), (0.94, 0.94), (0.06, 0.94)]


@pytest.fixture(scope="module")
def upright(tmp_path_factory) -> tuple[Image.Image, dict]:
    photo = Image.open(CORPUS / RECORD["image"])
    payload = read(tmp_path_factory.mktemp("upright"), photo)
    expected = RECORD["expected"]
    assert (payload["po_number"], payload["total"]) == (expected["po_number"], expected["total"])
    assert len(payload["items"]) == len(expected["items"])
    return photo, payload


@needs_ocr
@pytest.mark.parametrize(
    "turn",
    [Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_180, Image.Transpose.ROTATE_270],
    ids=["90", "180", "270"],
)
def test_a_photo_turned_with_no_exif_tag_reads_as_the_upright_one(upright, turn, tmp_path):
    photo, payload = upright
    assert essentials(read(tmp_path, photo.transpose(turn))) == essentials(payload)


@needs_ocr
def test_a_sheet_shot_at_an_angle_reads_as_the_upright_photo(upright, tmp_path):
    page = render_page((CORPUS / RECORD["pdf"]).read_bytes())
    shot = photograph(on_a_desk(page, AT_AN_ANGLE), random.Random(1), scan=False)
    assert essentials(read(tmp_path, shot)) == essentials(upright[1])


def test_the_corners_of_a_sheet_at_an_angle_are_found():
    page = Image.new("RGB", (850, 1100), "white")
    draw = ImageDraw.Draw(page)
    for y in range(100, 1000, 40):  # lines of print
        draw.rectangle((80, y, 700, y + 12), fill="black")
    shot = on_a_desk(page, AT_AN_ANGLE)
    found = sheet.find_sheet(shot.convert("L"))
    width, height = shot.size
    assert found is not None
    for (x, y), (fx, fy) in zip(AT_AN_ANGLE, found, strict=True):
        assert abs(fx - x * width) < 0.01 * width and abs(fy - y * height) < 0.01 * height
    # flattened, the lines of print start one under the other again, and no desk is left
    flat = sheet.flatten(shot.convert("L"))
    starts = left_ends(flat)
    assert len(starts) > 100 and max(starts) - min(starts) < 0.01 * flat.width
    assert max(left_ends(shot.convert("L"))) - min(left_ends(shot.convert("L"))) > 50
    assert all(
        flat.crop((x, y, x + 20, y + 20)).getextrema()[0] > 200
        for x in (0, flat.width - 20)
        for y in (0, flat.height - 20)
    )


def left_ends(image: Image.Image) -> list[int]:
    """Where the print starts on each row that has print (the desk is not dark enough)."""
    data, width = image.tobytes(), image.width
    rows = [data[y * width : (y + 1) * width] for y in range(image.height)]
    return [x for row in rows if (x := next((i for i, v in enumerate(row) if v < 60), -1)) >= 0]


def test_the_perspective_coefficients_take_each_corner_where_it_belongs():
    output = [(0, 0), (400, 0), (400, 600), (0, 600)]
    source = [(31, 12), (377, 40), (420, 590), (5, 555)]
    a, b, c, d, e, f, g, h = sheet.perspective_coefficients(output, source)
    for (x, y), (u, v) in zip(output, source, strict=True):
        depth = g * x + h * y + 1
        assert (a * x + b * y + c) / depth == pytest.approx(u)
        assert (d * x + e * y + f) / depth == pytest.approx(v)


def test_a_sheet_seen_from_straight_above_is_left_to_the_straightening():
    photo = ocr.load_image(CORPUS / RECORD["image"])  # tilted on a desk, but square
    assert sheet.find_sheet(photo) is not None
    assert sheet.flatten(photo) is photo


def test_an_image_with_no_sheet_edges_is_left_alone():
    rng = random.Random(7)
    scene = Image.new("L", (1200, 900), 90)  # a photo of something else: patches of light
    draw = ImageDraw.Draw(scene)
    for _ in range(40):
        x, y = rng.randrange(1200), rng.randrange(900)
        draw.ellipse((x, y, x + rng.randrange(40, 300), y + rng.randrange(40, 300)), fill=230)
    assert sheet.flatten(scene) is scene


def test_a_page_that_fills_the_frame_is_left_alone():
    photo = ocr.load_image(CORPUS / RECORD["image"])
    filling = photo.crop((100, 100, photo.width - 100, photo.height - 100))
    assert sheet.find_sheet(filling) is None
    assert sheet.flatten(filling) is filling


@pytest.mark.parametrize("size", [(1, 1), (3, 5), (30, 20)])
def test_a_tiny_image_is_left_as_it_is(size):
    tiny = Image.new("L", size, 255)
    assert sheet.find_sheet(tiny) is None
    assert sheet.flatten(tiny) is tiny


@needs_ocr
def test_a_tiny_photo_is_refused_with_a_sentence(tmp_path):
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(out, "PNG")
    path = tmp_path / "tiny.png"
    path.write_bytes(out.getvalue())
    with pytest.raises(ExtractionError, match="No text could be found"):
        extract(Document(path, "image/png", "tiny.png"))
