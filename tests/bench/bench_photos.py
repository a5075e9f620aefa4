"""Photos as phones take them: the tuning split's photos turned and shot at an angle.

    make bench-photos                       # or: .venv/bin/python -m tests.bench.bench_photos

For each PO of the corpus's tuning split that has a photo, reads that photo
as it is, turned a quarter, a half and three quarters round (the same pixels,
with no EXIF tag to say so), and the document's page printed again and shot
at an angle on a desk with the corpus's own photo simulation. Prints, per
way of taking the photo, field accuracy, item F1 and seconds per page, so a
turned or angled photo can be held against the upright one. The held-out
split is never read here.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import tempfile
import time
from decimal import Decimal, InvalidOperation
from pathlib import Path

from PIL import Image

from app.extract import engine, sheet
from app.extract.document import Document, ExtractionError
from tests.fixtures.generate_documents import photograph, render_page

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "documents"
FIELDS = ["po_number", "po_date", "supplier_name", "project_code", "subtotal", "tax", "total"]
TURNS = {
    "turned 90": Image.Transpose.ROTATE_90,
    "turned 180": Image.Transpose.ROTATE_180,
    "turned 270": Image.Transpose.ROTATE_270,
}
DESK = (118, 104, 92)


def normal(value) -> str:
    text = re.sub(r"\s+", " ", str(value or "")).strip().lower()
    try:
        return str(Decimal(text).normalize()) if re.fullmatch(r"-?\d+(\.\d+)?", text) else text
    except InvalidOperation:
        return text


def item_key(item: dict) -> tuple:
    return tuple(normal(item.get(key)) for key in ("quantity", "amount", "description"))


def at_an_angle(record: dict, rng: random.Random) -> Image.Image:
    """The page on a desk, its far edge narrower: the phone held low and to one side."""
    page = render_page((CORPUS / record["pdf"]).read_bytes())
    w, h = page.size
    size = (round(w * 1.25), round(h * 1.15))

    def near(x: float, y: float) -> tuple[float, float]:
        return (x + rng.uniform(-0.03, 0.03)) * size[0], (y + rng.uniform(-0.02, 0.02)) * size[1]

    corners = [near(0.15, 0.06), near(0.85, 0.06), near(0.94, 0.94), near(0.06, 0.94)]
    coefficients = sheet.perspective_coefficients(corners, [(0, 0), (w, 0), (w, h), (0, h)])
    desk = page.transform(
        size, Image.Transform.PERSPECTIVE, coefficients, Image.BICUBIC, fillcolor=DESK
    )
    return photograph(desk, rng, scan=False)


class Tally:
    def __init__(self) -> None:
        self.right = self.fields = self.matched = self.read = self.wanted = 0
        self.seconds: list[float] = []

    def add(self, got: dict, expected: dict, seconds: float) -> None:
        self.seconds.append(seconds)
        self.fields += len(FIELDS)
        self.right += sum(normal(got.get(k)) == normal(expected.get(k)) for k in FIELDS)
        wanted = [item_key(item) for item in expected["items"]]
        found = [item_key(item) for item in got.get("items") or []]
        self.wanted += len(wanted)
        self.read += len(found)
        for key in found:
            if key in wanted:
                wanted.remove(key)
                self.matched += 1

    def row(self, label: str) -> str:
        f1 = 2 * self.matched / (self.read + self.wanted) if self.read + self.wanted else 0.0
        return (
            f"| {label} | {len(self.seconds)} | {100 * self.right / self.fields:.1f} % "
            f"| {100 * f1:.1f} % | {statistics.median(self.seconds):.3f} "
            f"| {max(self.seconds):.3f} |"
        )


def read(path: Path) -> tuple[dict, float]:
    started = time.perf_counter()
    try:
        got = engine.read(Document(path, "image/png", path.name))
    except ExtractionError:
        got = {}
    return got, time.perf_counter() - started


def main() -> None:
    records = [json.loads(p.read_text()) for p in sorted(CORPUS.glob("*.json"))]
    records = [
        r
        for r in records
        if r["split"] == "tune"
        and r["kind"] == "purchase_order"
        and r["image"]
        and not r["image"].endswith(".pdf")
    ]
    tallies = {name: Tally() for name in ("upright", *TURNS, "at an angle")}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "photo.png"
        for record in records:
            photo = Image.open(CORPUS / record["image"])
            shots = {"upright": photo, **{k: photo.transpose(t) for k, t in TURNS.items()}}
            shots["at an angle"] = at_an_angle(record, random.Random(record["name"]))
            for name, image in shots.items():
                image.save(path)  # PNG: no EXIF orientation tag
                got, seconds = read(path)
                tallies[name].add(got, record["expected"], seconds)
    print("| photo | docs | fields | item F1 | median s/page | worst s/page |")
    print("|---|---|---|---|---|---|")
    for name, tally in tallies.items():
        print(tally.row(name))


if __name__ == "__main__":
    main()
