"""The language tesseract reads a page in: a setting, its models, and English when one is missing.

The page is drawn here with Pillow: words with the letters an order from a Swedish supplier
prints, read through the engine's own OCR function by the real tesseract.
"""

from __future__ import annotations

import shutil

import pytest
from PIL import Image, ImageDraw, ImageFont

from app.config import ConfigError, Settings
from app.extract import ExtractOptions, ocr

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

needs_ocr = pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract-ocr")
needs_latin = pytest.mark.skipif(
    "Latin" not in ocr.installed_languages(), reason="needs tesseract-ocr-script-latn"
)


@pytest.fixture(scope="module")
def page() -> Image.Image:
    image = Image.new("RGB", (1200, 400), "white")
    draw = ImageDraw.Draw(image)
    draw.text((60, 150), "Väggfärg Göteborg", font=ImageFont.truetype(FONT, 48), fill="black")
    return image


def words(found: list) -> list[str]:
    return [box.text for box in found]


@needs_ocr
@needs_latin
def test_the_latin_model_reads_the_letters_english_has_not(page):
    _, found = ocr.read_image(page, "tesseract", 60, "Latin")
    assert words(found) == ["Väggfärg", "Göteborg"]


@needs_ocr
def test_a_model_that_is_not_installed_reads_in_english_without_an_error(page):
    _, english = ocr.read_image(page, "tesseract", 60, "eng")
    _, missing = ocr.read_image(page, "tesseract", 60, "Klingon")
    assert words(missing) == words(english) != []


@needs_ocr
@pytest.mark.parametrize(
    ("wanted", "used"),
    [("eng", "eng"), ("Klingon", "eng"), ("eng+Klingon", "eng"), ("Klingon+osd", "osd")],
)
def test_only_installed_models_are_asked_for(wanted, used):
    assert ocr.usable_language(wanted) == used


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({}, "eng"),
        ({"INTAKE_OCR_LANGUAGE": "Latin"}, "Latin"),
        ({"INTAKE_OCR_LANGUAGE": " eng+Latin "}, "eng+Latin"),
    ],
)
def test_the_language_is_a_setting_that_reaches_the_reader(tmp_path, env, language):
    settings = Settings.from_env(env=env, data_dir=tmp_path)
    assert ExtractOptions.from_settings(settings).ocr_language == language


@pytest.mark.parametrize("value", ["eng Latin", "eng,Latin", "../eng", "eng+"])
def test_a_language_tesseract_could_not_take_stops_start_up(tmp_path, value):
    with pytest.raises(ConfigError, match="INTAKE_OCR_LANGUAGE must name"):
        Settings.from_env(env={"INTAKE_OCR_LANGUAGE": value}, data_dir=tmp_path)


needs_cyrillic = pytest.mark.skipif(
    "Cyrillic" not in ocr.installed_languages(), reason="needs tesseract-ocr-script-cyrl"
)


@needs_ocr
@needs_cyrillic
def test_a_page_in_another_script_is_read_with_that_scripts_model_too():
    image = Image.new("RGB", (1400, 700), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 40)
    lines = ["Заказ поставщику № 2684", "Поставщик: Стройснаб Алматы", "Цемент строительный"]
    for n, text in enumerate(lines):
        draw.text((60, 100 + 120 * n), text, font=font, fill="black")
    _, found = ocr.read_image(image, "tesseract", 60, "eng")
    assert {"Заказ", "Поставщик:", "Цемент"} <= set(words(found))
    assert ocr.page_layout(image)[1] == "Cyrillic"


def test_the_script_model_is_asked_for_only_when_it_is_another_and_installed():
    installed = ocr.installed_languages()
    assert ocr._with_script("eng", "Latin") is None
    assert ocr._with_script("eng", None) is None
    assert ocr._with_script("eng+Cyrillic", "Cyrillic") is None
    assert ocr._with_script("eng", "Klingon") is None
    if "Greek" in installed:
        assert ocr._with_script("eng", "Greek") == "eng+Greek"
