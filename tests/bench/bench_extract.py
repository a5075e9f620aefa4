"""Accuracy and speed of the built-in extractor: layouts never tuned on first, then the old corpus.

    make bench-extract                      # or: .venv/bin/python -m tests.bench.bench_extract
    python -m tests.bench.bench_extract --folds dev --details     # a tuning loop
    python -m tests.bench.bench_extract --family levy --details
    python -m tests.bench.bench_extract --folds dev --text-only       # seconds, no OCR
    python -m tests.bench.bench_extract --corpus old --ocr rapidocr

The headline is the layout-family corpus (bench_families.py): figures on
held-out families, which nobody tunes on, against the targets. Then the old
corpus (tests/fixtures/documents), per split (tune, heldout) and kind: field
accuracy, item precision, recall and F1, silent errors (fields wrong with no
warning for them), and seconds per page (see scoring.py for each measure).
`--details` lists misses for dev families and the old tuning split only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from app.extract import engine
from app.extract.document import Document, ExtractionError, ExtractOptions
from tests.bench import bench_families
from tests.bench.__main__ import commit, load, machine
from tests.bench.scoring import RuleTally, Tally, score

CORPUS = Path(__file__).resolve().parent.parent / "fixtures" / "documents"
PO_FIELDS = ["po_number", "po_date", "supplier_name", "project_code", "subtotal", "tax", "total"]
DN_FIELDS = ["dn_number", "dn_date", "po_number", "supplier_name", "project_code"]


def read_old(tally: Tally, record: dict, path: Path, options: ExtractOptions, loose: bool) -> dict:
    """One document of the old corpus, read as it always was (engine.read, not refused);
    the payload read."""
    started = time.perf_counter()
    try:
        got = engine.read(Document(path, bench_families.TYPES[path.suffix], path.name, options))
    except ExtractionError as exc:
        got = {"refused": exc.message}
    is_po = record["kind"] == "purchase_order"
    fields = PO_FIELDS if is_po else DN_FIELDS
    seconds = time.perf_counter() - started
    score(
        tally, path.name, got, record["expected"], fields, seconds, with_amount=is_po, loose=loose
    )
    return got


def run_old(options: ExtractOptions, details: bool, only: str | None, loose: bool) -> list[str]:
    records = [json.loads(p.read_text()) for p in sorted(CORPUS.glob("*.json"))]
    tallies: dict[tuple[str, str], Tally] = {}
    rules = RuleTally()  # the named rules on the tuning split
    for record in records:
        if only and not re.search(only, record["name"]):
            continue
        kind = "PO" if record["kind"] == "purchase_order" else "DN"
        sources = [("text PDF", CORPUS / record["pdf"])]
        # a scanned PDF is an image with a PDF around it; a retake is another photo
        images = [image for image in (record["image"], *record["retakes"]) if image]
        sources += [("image", CORPUS / image) for image in images]
        for source, path in sources:
            tally = tallies.setdefault((record["split"], f"{kind} {source}"), Tally())
            got = read_old(tally, record, path, options, loose)
            if record["split"] == "tune":
                rules.add(got, record["expected"])
    print("… the old corpus", file=sys.stderr, flush=True)
    lines = [
        "| split / kind | docs | pages | fields | item P | item R | item F1 | silent errors "
        "| median s/page | worst s/page |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    pct = bench_families.pct
    for (split, kind), t in sorted(tallies.items(), key=lambda kv: (kv[0][0] != "tune", kv[0])):
        lines.append(
            f"| {split} · {kind} | {t.docs} | {t.pages} | {pct(t.fields)} | {pct(t.precision)} "
            f"| {pct(t.recall)} | {pct(t.f1)} | {bench_families.silent(t)} | {t.median:.3f} "
            f"| {max(t.seconds):.3f} |"
        )
    lines += ["", "Named rules on the tuning split (each value against the truth of its field):"]
    lines += ["", "| rule | fired | right | wrong | can't tell |", "|---|---|---|---|---|"]
    lines += [f"| {rule} | {n} | {a} | {b} | {c} |" for rule, n, a, b, c in rules.rows()]
    if details:
        for (split, _), t in tallies.items():
            if split == "tune":
                lines += [f"   {miss}" for miss in t.misses]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ocr", default="tesseract", choices=["tesseract", "rapidocr"])
    parser.add_argument(
        "--details", action="store_true", help="list misses (dev families, old tuning split)"
    )
    parser.add_argument("--family", action="append", help="only this family (repeatable)")
    parser.add_argument("--folds", nargs="+", choices=["dev", "held-out"], help="only these folds")
    parser.add_argument(
        "--corpus",
        choices=["all", "families", "old"],
        help="which corpus (default: all; only the families when --family or --folds is given)",
    )
    parser.add_argument(
        "--text-only", action="store_true", help="families: text PDFs only (no OCR, seconds)"
    )
    parser.add_argument("--only", help="old corpus: a regular expression on document names")
    parser.add_argument(
        "--loose", action="store_true", help="old corpus: ignore description spaces"
    )
    args = parser.parse_args()
    corpus = args.corpus or ("families" if args.family or args.folds else "all")
    options = bench_families.options_for(args.ocr)
    started = datetime.now(UTC)
    before = load()
    out = []
    if corpus in ("all", "families"):
        families = bench_families.choose(args.family, args.folds)
        results = bench_families.run(options, families, photos=not args.text_only)
        out += bench_families.report(results, args.details)
    if corpus in ("all", "old"):
        title = "## The old corpus (tests/fixtures/documents: its tuning split was tuned on)"
        spaces = " (descriptions compared without spaces)" if args.loose else ""
        out += ["", title + spaces, "", *run_old(options, args.details, args.only, args.loose)]
    print(
        f"Measured {started:%Y-%m-%d %H:%M} UTC at commit {commit()} on {machine()}; load "
        f"average {before} before, {load()} after. OCR engine: {args.ocr}. Command: "
        f"{' '.join(['python -m tests.bench.bench_extract', *sys.argv[1:]])}.\n"
    )
    print("\n".join(out))


if __name__ == "__main__":
    main()
