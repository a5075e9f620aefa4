"""The engine on dev families whose printed words are disguised: what it reads from structure.

Every word of a dev family's text PDFs that is not part of a value the order
carries (the supplier's and our own company's names, the PO number, the
project code, the currency's code, the items' codes, descriptions and units)
is replaced by an invented word of the same length and the same capitals, the
same word for each occurrence, drawn from a seed. Signs, digits and
punctuation stay. No title, label or month name the engine knows is left, so
what it still reads it reads from the page's structure and its arithmetic, as
it must an order in a language nobody listed.

This is a measure for tuning, not a held-out one: the layouts are dev layouts
and their structure has been tuned on. It says how much of a reading hangs on
known words. Tune with one seed and report another (`--seed`); held-out
families are never read here.

    .venv/bin/python -m tests.bench.bench_disguised [--seed N] [--family F] [--photos] [--details]

With --photos the upright photos are read too (OCR, a second or so each), their words
disguised after the OCR read them: a word it misread is no longer the value's, and is
disguised as a label would be.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from app.extract import engine
from app.extract.layout import Line, Word
from tests.bench import bench_families
from tests.bench.bench_families import FIELDS, cold_reader, options_for, records, timed
from tests.bench.scoring import Tally, score
from tests.fixtures import document_specs
from tests.fixtures.families.registry import FAMILIES
from tests.fixtures.generate_families import OUT

_LETTERS = re.compile(r"[^\W\d_]+")
# Invented words are drawn from letters that spell none of the engine's number markers
# ('no', 'nr', 'č', '#') nor a currency's sign.
_CONSONANTS = "bdfgklmptvz"
_VOWELS = "aeiou"


def kept_words(expected: dict) -> set[str]:
    """The words of the values the order carries, lower-cased: these are printed as they are."""
    values = [expected.get(name) for name in ("supplier_name", "po_number", "project_code")]
    values += [expected.get("currency"), document_specs.BUYER]
    for item in expected.get("items") or []:
        values += [item.get("item_code"), item.get("description"), item.get("unit")]
    return {word.lower() for value in values if value for word in _LETTERS.findall(str(value))}


def invented(word: str, seed: int) -> str:
    """The same invented word for the same word (whatever its capitals), of its length."""
    digest = hashlib.sha256(f"{seed}:{word.lower()}".encode()).digest()
    letters = [
        (_CONSONANTS if i % 2 == 0 else _VOWELS)[digest[i % len(digest)] % (5 if i % 2 else 11)]
        for i in range(len(word))
    ]
    made = "".join(letters)
    if word.isupper() and len(word) > 1:
        return made.upper()
    return made.capitalize() if word[0].isupper() else made


def disguise(text: str, keep: set[str], seed: int) -> str:
    """A word's text with each run of two letters or more that is not kept invented anew."""

    def swap(match: re.Match) -> str:
        run = match.group()
        return run if len(run) < 2 or run.lower() in keep else invented(run, seed)

    return _LETTERS.sub(swap, text)


def disguised_lines(lines: list[Line], keep: set[str], seed: int) -> list[Line]:
    return [
        Line(
            [
                Word(disguise(w.text, keep, seed), w.x0, w.x1, w.conf, w.size, w.ocr)
                for w in line.words
            ],
            line.y,
            line.page,
        )
        for line in lines
    ]


@contextmanager
def disguising(keeps: dict[str, set[str]], seed: int) -> Iterator[None]:
    """The engine reads every document named in `keeps` with its words disguised: the lines
    its text layer or its OCR gives, each time they are made (a photo read again with its
    ruled lines painted out is disguised too)."""
    make_document, make_text, make_boxes = (
        engine.document_lines,
        engine.text_lines,
        engine.box_lines,
    )
    keep: dict[str, set[str] | None] = {"now": None}

    def lines_of(document):
        keep["now"] = keeps.get(document.filename)  # until the next document
        return make_document(document)

    def hidden(make):
        def made(*args, **kwargs):
            lines = make(*args, **kwargs)
            return lines if keep["now"] is None else disguised_lines(lines, keep["now"], seed)

        return made

    engine.document_lines, engine.text_lines = lines_of, hidden(make_text)
    engine.box_lines = hidden(make_boxes)
    try:
        yield
    finally:
        engine.document_lines, engine.text_lines, engine.box_lines = (
            make_document,
            make_text,
            make_boxes,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="which invented words (default 1)")
    parser.add_argument("--family", action="append", help="only this dev family (repeatable)")
    parser.add_argument("--photos", action="store_true", help="read the upright photos too")
    parser.add_argument("--details", action="store_true", help="list the misses")
    args = parser.parse_args()
    families = [f for f in FAMILIES if f.fold == "dev"]
    if args.family:
        unknown = set(args.family) - {f.name for f in families}
        if unknown:
            raise SystemExit(f"Not a dev family: {', '.join(sorted(unknown))}")
        families = [f for f in families if f.name in args.family]
    read = cold_reader(options_for("tesseract"))
    kinds = ("text PDF", "photo") if args.photos else ("text PDF",)
    rows, pooled = [], {kind: (Tally(), Tally()) for kind in kinds}
    for family in families:
        docs = records(family)
        tallies = {kind: (Tally(), Tally()) for kind in kinds}
        for record in docs:
            files = {"text PDF": [record["pdf"]]}
            files["photo"] = [s["file"] for s in record["photos"] if _upright(s["photo"])]
            keeps = {
                name: kept_words(record["expected"]) for names in files.values() for name in names
            }
            for kind in kinds:
                plain, hidden = tallies[kind]
                for name in files[kind]:
                    path = OUT / family.name / name
                    bench_families.add(plain, timed(read, record, path))
                    with disguising(keeps, args.seed):
                        reading = timed(read, record, path)
                    pages = record["pages"] if kind == "text PDF" else 1
                    expected = record["expected"]
                    score(hidden, name, reading.got, expected, FIELDS, reading.seconds, pages=pages)
        for kind in kinds:
            rows.append((family.name, kind, *tallies[kind]))
            pooled[kind][0].__iadd__(tallies[kind][0])
            pooled[kind][1].__iadd__(tallies[kind][1])
        print(f"… {family.name}", file=sys.stderr, flush=True)
    pct = bench_families.pct
    print(f"## Dev families, words disguised (seed {args.seed})\n")
    print(
        "| family | kind | as printed: fields / item F1 | disguised: refused | fields | item F1 "
        "| silent errors |"
    )
    print("|---|---|---|---|---|---|---|")
    totals = [("**all**", kind, *pooled[kind]) for kind in kinds]
    for name, kind, plain, hidden in [*rows, *totals]:
        print(
            f"| {name} | {kind} | {pct(plain.fields)} / {pct(plain.f1)} "
            f"| {hidden.refused} of {hidden.docs} | {pct(hidden.fields)} | {pct(hidden.f1)} "
            f"| {hidden.silent} |"
        )
    if args.details:
        print("\n## Misses, disguised\n")
        for *_, hidden in rows:
            for miss in dict.fromkeys(hidden.misses):
                print(f"   {miss}")


def _upright(photo: dict) -> bool:
    return not photo.get("turned") and not photo.get("perspective")


if __name__ == "__main__":
    main()
