"""Routing accuracy, and how the delivery set reads: part of `make bench-extract`.

    .venv/bin/python -m tests.bench.bench_routing [--text-only]

Every document of the corpus (tests/fixtures/documents) and of the delivery
set (tests/fixtures/deliveries), from its PDF and from each photo, is read as
an upload Intake works out (`app/extract/routing.py`). The first table counts
how each was routed: as what it is, as the other kind (the error that must
never happen: a PO imported as a DN or the other way round), or refused. The
second gives the delivery set's DN fields (exact after normalising case and
spacing) and items (an item is right when its quantity and description are).
"""

from __future__ import annotations

import argparse
import json
import re
import time
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from app.extract import routing
from app.extract.document import Document, ExtractionError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CORPORA = ("documents", "deliveries")
TYPES = {
    ".pdf": "application/pdf",
    ".jpg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
}
DN_FIELDS = ("dn_number", "dn_date", "po_number", "supplier_name", "project_code")
KIND = {"purchase_order": "PO", "delivery_note": "DN"}


@dataclass
class Routed:
    docs: int = 0
    right: int = 0
    crossed: int = 0  # read as the other kind
    refused: int = 0
    seconds: float = 0.0
    misses: list[str] = field(default_factory=list)


@dataclass
class Read:
    docs: int = 0
    fields_right: int = 0
    fields_total: int = 0
    matched: int = 0
    extracted: int = 0
    expected: int = 0


def normal(value) -> str:
    return re.sub(r"\s+", " ", str(value or "")).strip().lower()


def amount(value) -> Decimal | None:
    try:
        return Decimal(str(value)).normalize()
    except InvalidOperation:
        return None


def sources(folder: str, record: dict) -> list[tuple[str, Path]]:
    found = [("text PDF", FIXTURES / folder / record["pdf"])]
    for image in (record.get("image"), *record.get("retakes", [])):
        if image:
            found.append(("image", FIXTURES / folder / image))
    return found


def score_dn(tally: Read, record: dict, payload: dict) -> None:
    expected = record["expected"]
    tally.docs += 1
    for name in DN_FIELDS:
        tally.fields_total += 1
        tally.fields_right += normal(payload.get(name)) == normal(expected.get(name))
    wanted = [(amount(i["quantity"]), normal(i["description"])) for i in expected["items"]]
    got = [(amount(i.get("quantity")), normal(i.get("description"))) for i in payload["items"]]
    tally.expected += len(wanted)
    tally.extracted += len(got)
    for key in got:
        if key in wanted:
            wanted.remove(key)
            tally.matched += 1


def run(text_only: bool) -> tuple[dict, dict]:
    routed: dict[tuple[str, str, str], Routed] = {}
    read: dict[str, Read] = {}
    for folder in CORPORA:
        for path in sorted((FIXTURES / folder).glob("*.json")):
            record = json.loads(path.read_text())
            for source, document in sources(folder, record):
                if text_only and source != "text PDF":
                    continue
                tally = routed.setdefault((folder, KIND[record["kind"]], source), Routed())
                started = time.perf_counter()
                try:
                    payload = routing.read_any(
                        Document(document, TYPES[document.suffix], document.name)
                    )
                    kind = payload["document_type"]
                except ExtractionError as exc:
                    payload, kind = None, "refused"
                    tally.misses.append(f"{document.name}: refused: {exc.message}")
                tally.seconds += time.perf_counter() - started
                tally.docs += 1
                if kind == record["kind"]:
                    tally.right += 1
                elif kind == "refused":
                    tally.refused += 1
                else:
                    tally.crossed += 1
                    tally.misses.append(f"{document.name}: read as {kind}")
                if folder == "deliveries" and payload and kind == "delivery_note":
                    score_dn(read.setdefault(source, Read()), record, payload)
    return routed, read


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "—"


def print_tables(routed: dict, read: dict) -> None:
    print("| corpus / kind | docs | routed right | as the other kind | refused | s/doc |")
    print("|---|---|---|---|---|---|")
    for (folder, kind, source), t in sorted(routed.items()):
        print(
            f"| {folder} · {kind} {source} | {t.docs} | {pct(t.right, t.docs)} | {t.crossed} "
            f"| {t.refused} | {t.seconds / t.docs:.3f} |"
        )
    total = sum(t.docs for t in routed.values())
    right = sum(t.right for t in routed.values())
    crossed = sum(t.crossed for t in routed.values())
    print(f"\nrouting: {right} of {total} right ({pct(right, total)}); {crossed} crossed kinds")
    print("\n| delivery set · DN | docs | fields | item P | item R | item F1 |")
    print("|---|---|---|---|---|---|")
    for source, t in sorted(read.items()):
        p = t.matched / t.extracted if t.extracted else 0.0
        r = t.matched / t.expected if t.expected else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        print(
            f"| {source} | {t.docs} | {pct(t.fields_right, t.fields_total)} | {100 * p:.1f} % "
            f"| {100 * r:.1f} % | {100 * f1:.1f} % |"
        )
    misses = [miss for t in routed.values() for miss in t.misses]
    if misses:
        print("\nnot routed as what they are:")
        print("\n".join(f"- {miss}" for miss in misses))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--text-only", action="store_true", help="the PDFs only (no OCR)")
    args = parser.parse_args()
    print_tables(*run(args.text_only))


if __name__ == "__main__":
    main()
