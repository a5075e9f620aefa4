"""Accuracy and speed of the built-in extractor on the fixture corpus.

    make bench-extract                      # or: .venv/bin/python -m tests.bench.bench_extract
    python -m tests.bench.bench_extract --ocr rapidocr --details

For each split (tune, heldout) and document kind (text PDF, image), prints
field accuracy (exact after normalising case and spacing), line-item
precision, recall and F1 (an item matches when its quantity and amount are
equal and its description matches after normalising), and the median and
worst seconds per page. Images include the tuning split's retakes (more
photos of a document). `--details` lists what went wrong, for the tuning
split only: the held-out split is for measuring, not for tuning.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path

from app.extract import engine
from app.extract.document import Document, ExtractionError, ExtractOptions

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "documents"
PO_FIELDS = ["po_number", "po_date", "supplier_name", "project_code", "subtotal", "tax", "total"]
DN_FIELDS = ["dn_number", "dn_date", "po_number", "supplier_name", "project_code"]
TYPES = {
    ".pdf": "application/pdf",
    ".jpg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
}


def normal(value) -> str:
    text = re.sub(r"\s+", " ", str(value or "")).strip().lower()
    try:
        return str(Decimal(text)) if re.fullmatch(r"-?\d+(\.\d+)?", text) else text
    except InvalidOperation:
        return text


def number(value) -> Decimal | None:
    try:
        return Decimal(str(value)).normalize() if value not in (None, "") else None
    except InvalidOperation:
        return None


LOOSE = False  # --loose: descriptions compared without any spaces (RapidOCR drops them)


def item_key(item: dict, with_amount: bool) -> tuple:
    amount = number(item.get("amount")) if with_amount else None
    description = normal(item.get("description"))
    if LOOSE:
        description = description.replace(" ", "")
    return (number(item.get("quantity")), amount, description)


@dataclass
class Tally:
    docs: int = 0
    pages: int = 0
    fields_right: int = 0
    fields_total: int = 0
    matched: int = 0
    extracted: int = 0
    expected: int = 0
    seconds: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def row(self, label: str) -> str:
        p = self.matched / self.extracted if self.extracted else 0.0
        r = self.matched / self.expected if self.expected else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        fields_pct = 100 * self.fields_right / self.fields_total if self.fields_total else 0.0
        median = statistics.median(self.seconds) if self.seconds else 0.0
        worst = max(self.seconds) if self.seconds else 0.0
        return (
            f"| {label} | {self.docs} | {self.pages} | {fields_pct:.1f} % | {100 * p:.1f} % | "
            f"{100 * r:.1f} % | {100 * f1:.1f} % | {median:.3f} | {worst:.3f} |"
        )


def score(tally: Tally, record: dict, path: Path, options: ExtractOptions, details: bool) -> None:
    expected = record["expected"]
    is_po = record["kind"] == "purchase_order"
    names = PO_FIELDS if is_po else DN_FIELDS
    started = time.perf_counter()
    try:
        got = engine.read(Document(path, TYPES[path.suffix], path.name, options))
        pages = got.get("pages", 1)
    except ExtractionError as exc:
        got, pages = {"items": []}, 1
        tally.problems.append(f"{path.name}: failed: {exc.message}")
    tally.seconds.append((time.perf_counter() - started) / pages)
    tally.docs += 1
    tally.pages += pages
    for name in names:
        tally.fields_total += 1
        if normal(got.get(name)) == normal(expected.get(name)):
            tally.fields_right += 1
        elif details:
            tally.problems.append(
                f"{path.name}: {name} {got.get(name)!r} != {expected.get(name)!r}"
            )
    wanted = [item_key(item, is_po) for item in expected["items"]]
    found = [item_key(item, is_po) for item in got.get("items") or []]
    tally.expected += len(wanted)
    tally.extracted += len(found)
    remaining = list(wanted)
    for key in found:
        if key in remaining:
            remaining.remove(key)
            tally.matched += 1
        elif details:
            tally.problems.append(f"{path.name}: extra item {key}")
    if details:
        tally.problems.extend(f"{path.name}: missed item {key}" for key in remaining)


def run(ocr_engine: str, details: bool, only: str | None) -> None:
    options = replace(ExtractOptions(), ocr_engine=ocr_engine)
    records = [json.loads(p.read_text()) for p in sorted(CORPUS.glob("*.json"))]
    tallies: dict[tuple[str, str], Tally] = {}
    for record in records:
        if only and not re.search(only, record["name"]):
            continue
        kind = "PO" if record["kind"] == "purchase_order" else "DN"
        sources = [("text PDF", CORPUS / record["pdf"])]
        # a scanned PDF is an image with a PDF around it; a retake is another photo
        for image in (record["image"], *record["retakes"]):
            if image:
                sources.append(("image", CORPUS / image))
        for source, path in sources:
            tally = tallies.setdefault((record["split"], f"{kind} {source}"), Tally())
            score(tally, record, path, options, details and record["split"] == "tune")
    print(
        f"OCR engine: {ocr_engine}" + (" (descriptions compared without spaces)" if LOOSE else "")
    )
    print(
        "| split / kind | docs | pages | fields | item P | item R | item F1 | median s/page "
        "| worst s/page |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for (split, kind), tally in sorted(
        tallies.items(), key=lambda kv: (kv[0][0] != "tune", kv[0][1])
    ):
        print(tally.row(f"{split} · {kind}"))
    for (split, _), tally in tallies.items():
        if split == "tune":
            for problem in tally.problems:
                print("  ", problem)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ocr", default="tesseract", choices=["tesseract", "rapidocr"])
    parser.add_argument("--details", action="store_true", help="list the tuning split's misses")
    parser.add_argument("--only", help="a regular expression on document names")
    parser.add_argument("--loose", action="store_true", help="ignore spaces in descriptions")
    args = parser.parse_args()
    global LOOSE
    LOOSE = args.loose
    run(args.ocr, args.details, args.only)


if __name__ == "__main__":
    main()
