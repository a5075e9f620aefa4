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

    .venv/bin/python -m tests.bench.bench_disguised [--seed N] [--family F] [--details]
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
    """The engine reads every document named in `keeps` with its words disguised."""
    original = engine.document_lines

    def lines_of(document):
        lines, pages, source = original(document)
        keep = keeps.get(document.filename)
        return (lines if keep is None else disguised_lines(lines, keep, seed)), pages, source

    engine.document_lines = lines_of
    try:
        yield
    finally:
        engine.document_lines = original


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="which invented words (default 1)")
    parser.add_argument("--family", action="append", help="only this dev family (repeatable)")
    parser.add_argument("--details", action="store_true", help="list the misses")
    args = parser.parse_args()
    families = [f for f in FAMILIES if f.fold == "dev"]
    if args.family:
        unknown = set(args.family) - {f.name for f in families}
        if unknown:
            raise SystemExit(f"Not a dev family: {', '.join(sorted(unknown))}")
        families = [f for f in families if f.name in args.family]
    read = cold_reader(options_for("tesseract"))
    rows, pooled, plain_pooled = [], Tally(), Tally()
    for family in families:
        docs = records(family)
        keeps = {r["pdf"]: kept_words(r["expected"]) for r in docs}
        plain, hidden = Tally(), Tally()
        for record in docs:
            path = OUT / family.name / record["pdf"]
            bench_families.add(plain, timed(read, record, path))
            with disguising(keeps, args.seed):
                reading = timed(read, record, path)
            score(hidden, path.name, reading.got, record["expected"], FIELDS, reading.seconds)
        rows.append((family.name, plain, hidden))
        pooled += hidden
        plain_pooled += plain
        print(f"… {family.name}", file=sys.stderr, flush=True)
    print(f"## Dev families' text PDFs, words disguised (seed {args.seed})\n")
    print(
        "| family | as printed: fields / item F1 | disguised: refused | fields | item F1 "
        "| silent errors |"
    )
    print("|---|---|---|---|---|---|")
    for name, plain, hidden in [*rows, ("**all**", plain_pooled, pooled)]:
        print(
            f"| {name} | {bench_families.pct(plain.fields)} / {bench_families.pct(plain.f1)} "
            f"| {hidden.refused} of {hidden.docs} | {bench_families.pct(hidden.fields)} "
            f"| {bench_families.pct(hidden.f1)} | {hidden.silent} |"
        )
    if args.details:
        print("\n## Misses, disguised\n")
        for _, _, hidden in rows:
            for miss in dict.fromkeys(hidden.misses):
                print(f"   {miss}")


if __name__ == "__main__":
    main()
