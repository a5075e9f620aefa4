"""Pages drawn in a test and read by the real tesseract, as the engine reads a photo."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from app.extract import engine, ocr
from app.extract.layout import Line, box_lines, box_scale, group_cells
from app.extract.second_look import OcrPage


def read_drawn(image: Image.Image) -> list[Line]:
    """The page's lines as the OCR reads them, each knowing the page image it came from (so
    a second look can read its areas again)."""
    seen, boxes = ocr.read_image(image)
    lines = box_lines(boxes)
    engine._remember(lines, OcrPage(seen, 0.0, *box_scale(boxes)))
    return lines


def misread(lines: list[Line], right: str, wrong: str) -> None:
    """A word the OCR read right written into the lines as a worse photo would have it read."""
    for line in lines:
        if any(w.text == right for w in line.words):
            line.words = [replace(w, text=wrong) if w.text == right else w for w in line.words]
            line.cells = group_cells(line.words)
