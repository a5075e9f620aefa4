"""The engine on layouts it was never tuned on: the layout-family corpus, family by family.

Reads every family's text PDFs and photos (tests/fixtures/families) and
prints: the leave-one-family-out summary (held-out families only, then dev
families, each against the targets), a row per family, the learned-layout
figures (document 1 cold, documents 2..n after it was taught), the named
rules' record, and photos turned or shot at an angle beside upright ones.
Misses are listed for dev families only: a held-out family's misses are
never printed, so nobody tunes on them.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from app.extract import engine
from app.extract.document import Document, ExtractionError, ExtractOptions
from tests.bench import learned
from tests.bench.scoring import RuleTally, Tally, score
from tests.fixtures import document_specs
from tests.fixtures.families import orders
from tests.fixtures.families.registry import FAMILIES, Family
from tests.fixtures.generate_families import OUT

FIELDS = [
    "po_number",
    "po_date",
    "supplier_name",
    "project_code",
    "currency",
    "subtotal",
    "tax",
    "total",
]
TYPES = {
    ".pdf": "application/pdf",
    ".jpg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
}
KINDS = ("text PDF", "photo")
# The targets on layouts the engine was never tuned on: fields, item F1, silent share.
TARGETS = {"text PDF": (0.97, 0.95, 0.0), "photo": (0.85, 0.80, 0.02)}
VARIANTS = ("upright", "turned 90", "turned 180", "at an angle")
ORDER = ("held-out", "dev")  # the figures that count first

Reader = Callable[[Path], dict]


def cold_reader(options: ExtractOptions) -> Reader:
    """The engine as the importer calls it: a payload, or {"refused": its sentence}."""

    def read(path: Path) -> dict:
        try:
            return engine.extract_po(Document(path, TYPES[path.suffix], path.name, options))
        except ExtractionError as exc:
            return {"refused": exc.message}

    return read


@dataclass
class Reading:
    record: dict
    path: Path
    got: dict
    seconds: float


@dataclass
class FamilyResult:
    family: Family
    kinds: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in KINDS})
    first: Tally = field(default_factory=Tally)  # document 1, cold
    later: Tally = field(default_factory=Tally)  # documents 2..n, taught by document 1
    variants: dict[str, Tally] = field(default_factory=dict)
    rules: RuleTally = field(default_factory=RuleTally)


def timed(read: Reader, record: dict, path: Path) -> Reading:
    started = time.perf_counter()
    got = read(path)
    return Reading(record, path, got, time.perf_counter() - started)


def add(tally: Tally, r: Reading) -> None:
    score(tally, r.path.name, r.got, r.record["expected"], FIELDS, r.seconds, pages=_pages(r))


def _pages(r: Reading) -> int:
    return r.record["pages"] if r.path.suffix == ".pdf" else 1


def _variant(photo: dict) -> str | None:
    if photo.get("turned"):
        return f"turned {photo['turned']}"
    return "at an angle" if photo.get("perspective") else None


def records(family: Family) -> list[dict]:
    folder = OUT / family.name
    found = [json.loads(p.read_text()) for p in folder.glob("*.json")]
    return sorted(found, key=lambda record: record["document"])


def run_family(family: Family, read: Reader, photos: bool = True) -> FamilyResult:
    result = FamilyResult(family)
    folder = OUT / family.name
    texts = []
    for record in records(family):
        text = timed(read, record, folder / record["pdf"])
        texts.append(text)
        add(result.kinds["text PDF"], text)
        result.rules.add(text.got, record["expected"])
        shots = {_variant(s["photo"]): folder / s["file"] for s in record["photos"] if photos}
        upright = timed(read, record, shots.pop(None)) if None in shots else None
        if upright:
            add(result.kinds["photo"], upright)
            result.rules.add(upright.got, record["expected"])
        if shots and upright:  # turned or angled photos: kept apart, beside the upright one
            add(result.variants.setdefault("upright", Tally()), upright)
        for label, path in shots.items():
            add(result.variants.setdefault(label, Tally()), timed(read, record, path))
    _learned(result, texts, read)
    return result


def _learned(result: FamilyResult, texts: list[Reading], read: Reader) -> None:
    first, *rest = texts
    add(result.first, first)
    taught = learned.teach(first.got, first.record["expected"], read)
    for reading in rest:
        add(
            result.later, reading if taught is read else timed(taught, reading.record, reading.path)
        )


def run(options: ExtractOptions, families: list[Family], photos: bool = True):
    read = cold_reader(options)
    results = []
    for family in families:
        started = time.perf_counter()
        result = run_family(family, read, photos)
        results.append(result)
        text, photo = result.kinds["text PDF"], result.kinds["photo"]
        print(
            f"… {family.name} ({family.fold}): {text.docs} text PDFs, {photo.docs} photos, "
            f"{time.perf_counter() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    return results


# --- tables -------------------------------------------------------------------------------


def pct(value: float) -> str:
    return f"{100 * value:.1f} %"


def silent(t: Tally) -> str:
    return f"{t.silent} ({pct(t.silent_share)})"


def family_table(results: list[FamilyResult]) -> list[str]:
    lines = [
        "| family | fold | kind | docs | refused | fields | item P | item R | item F1 "
        "| silent errors | median s/page |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in sorted(results, key=lambda r: (ORDER.index(r.family.fold), r.family.name)):
        for kind, t in r.kinds.items():
            if t.docs:
                lines.append(
                    f"| {r.family.name} | {r.family.fold} | {kind} | {t.docs} | {t.refused} "
                    f"| {pct(t.fields)} | {pct(t.precision)} | {pct(t.recall)} | {pct(t.f1)} "
                    f"| {silent(t)} | {t.median:.2f} |"
                )
    return lines


def summary(results: list[FamilyResult]) -> dict[tuple[str, str], tuple[Tally, list[float]]]:
    """Per (fold, kind): the pooled tally and each family's field accuracy."""
    pooled: dict[tuple[str, str], tuple[Tally, list[float]]] = {}
    for r in results:
        for kind, t in r.kinds.items():
            if t.docs:
                total, each = pooled.setdefault((r.family.fold, kind), (Tally(), []))
                total += t
                each.append(t.fields)
    return pooled


def met(kind: str, t: Tally) -> str:
    fields, f1, silent_share = TARGETS[kind]
    ok = t.fields >= fields and t.f1 >= f1 and t.silent_share <= silent_share
    return "yes" if ok else "**no**"


def lofo_table(results: list[FamilyResult]) -> list[str]:
    lines = [
        "| fold | kind | families | docs | fields | worst family | item F1 | silent errors "
        "| target | met |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    pooled = summary(results)
    for fold in ORDER:
        for kind in KINDS:
            if (fold, kind) not in pooled:
                continue
            t, each = pooled[(fold, kind)]
            fields, f1, silent_share = TARGETS[kind]
            target = f"fields ≥ {fields:.0%}, F1 ≥ {f1:.0%}, silent ≤ {silent_share:.0%}"
            label = "**held-out** (never tuned on)" if fold == "held-out" else "dev (tuned on)"
            lines.append(
                f"| {label} | {kind} | {len(each)} | {t.docs} | {pct(t.fields)} "
                f"| {pct(min(each))} | {pct(t.f1)} | {silent(t)} | {target} | {met(kind, t)} |"
            )
    return lines


def learned_table(results: list[FamilyResult]) -> list[str]:
    lines = [
        "| family | fold | document 1 cold: fields | documents 2..n: fields | item F1 "
        "| silent errors |",
        "|---|---|---|---|---|---|",
    ]
    for r in sorted(results, key=lambda r: (ORDER.index(r.family.fold), r.family.name)):
        lines.append(
            f"| {r.family.name} | {r.family.fold} | {pct(r.first.fields)} "
            f"| {pct(r.later.fields)} | {pct(r.later.f1)} | {silent(r.later)} |"
        )
    return lines


def rules_table(results: list[FamilyResult]) -> list[str]:
    per_fold: dict[str, RuleTally] = {}
    for r in results:
        tally = per_fold.setdefault(r.family.fold, RuleTally())
        for rule, counts in r.rules.counts.items():
            tally.counts.setdefault(rule, Counter()).update(counts)
    rows = [(fold, row) for fold in ORDER if fold in per_fold for row in per_fold[fold].rows()]
    if not rows:
        return ["no rules reported (no payload carried `rules_applied`)"]
    lines = ["| rule | fold | fired | right | wrong | can't tell |", "|---|---|---|---|---|---|"]
    lines += [f"| {rule} | {fold} | {n} | {a} | {b} | {c} |" for fold, (rule, n, a, b, c) in rows]
    return lines


def variants_table(results: list[FamilyResult]) -> list[str]:
    pooled = {label: Tally() for label in VARIANTS}
    for r in results:
        for label, t in r.variants.items():
            pooled[label] += t
    lines = [
        "| photo | docs | fields | item F1 | silent errors | median s/page |",
        "|---|---|---|---|---|---|",
    ]
    for label, t in pooled.items():
        if t.docs:
            lines.append(
                f"| {label} | {t.docs} | {pct(t.fields)} | {pct(t.f1)} | {silent(t)} "
                f"| {t.median:.2f} |"
            )
    return lines


def misses(results: list[FamilyResult]) -> list[str]:
    """What went wrong on dev families; never a held-out family's."""
    found = []
    for r in results:
        if r.family.fold == "dev":
            for t in (*r.kinds.values(), *r.variants.values()):
                found += [f"   {miss}" for miss in dict.fromkeys(t.misses)]
    return found


def report(results: list[FamilyResult], details: bool) -> list[str]:
    out = [
        "## Layouts never tuned on: leave-one-family-out",
        "",
        "Pooled over families; fields are " + ", ".join(FIELDS) + ".",
        "",
        *lofo_table(results),
        "",
        "## Per family",
        "",
        *family_table(results),
        "",
        f"## Learned layout (text PDFs; {learned.NOTE})",
        "",
        *learned_table(results),
        "",
        "## Named rules (each repair's value against the truth of its field)",
        "",
        *rules_table(results),
    ]
    variants = variants_table(results)
    if len(variants) > 2:
        out += ["", "## Photos turned or at an angle (dev documents, beside their upright photo)"]
        out += ["", *variants]
    if details:
        listed = misses(results) or ["(none listed: a held-out family's misses never are)"]
        out += ["", "## Misses on dev families", "", *listed]
    return out


def choose(names: list[str] | None, folds: list[str] | None) -> list[Family]:
    chosen = [f for f in FAMILIES if (not names or f.name in names)]
    chosen = [f for f in chosen if not folds or f.fold in folds]
    unknown = set(names or []) - {f.name for f in FAMILIES}
    if unknown:
        known = ", ".join(f.name for f in FAMILIES)
        raise SystemExit(f"No family named {', '.join(sorted(unknown))}; the families: {known}")
    return chosen


# What the office knows, as the worker passes it in: our own company (never the supplier),
# the sites a project code must match, the suppliers it buys from (what proves a name the
# OCR read), and a fixed today so dates judge the same each run.
OFFICE = {
    "buyer_names": (document_specs.BUYER,),
    "site_codes": tuple(document_specs.PROJECTS),
    "supplier_names": tuple(
        dict.fromkeys(
            [*document_specs.SUPPLIERS]
            + [party.name for parties in orders.SUPPLIERS.values() for party in parties]
        )
    ),
    "today": "2026-12-01",
}


def options_for(ocr_engine: str) -> ExtractOptions:
    return replace(ExtractOptions(), ocr_engine=ocr_engine, **OFFICE)
