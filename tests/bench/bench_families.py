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
    later_cold: Tally = field(default_factory=Tally)  # documents 2..n, cold
    recalled: int = 0  # of documents 2..n, how many were read with a learned layout
    later_photos: Tally = field(default_factory=Tally)  # their upright photos, taught too
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


def run_family(
    family: Family, read: Reader, photos: bool = True, options: ExtractOptions | None = None
) -> FamilyResult:
    result = FamilyResult(family)
    folder = OUT / family.name
    texts, uprights = [], []
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
            uprights.append(upright)
        if shots and upright:  # turned or angled photos: kept apart, beside the upright one
            add(result.variants.setdefault("upright", Tally()), upright)
        for label, path in shots.items():
            add(result.variants.setdefault(label, Tally()), timed(read, record, path))
    _learned(result, texts, uprights, options or ExtractOptions())
    return result


def _learned(result: FamilyResult, texts: list[Reading], photos, options) -> None:
    """Document 1 teaches its layout; documents 2..n (and their upright photos) are read again
    with it."""
    first, *rest = texts
    add(result.first, first)
    taught = learned.teach(first.path, first.record["expected"], options, cold_reader)
    for reading in rest:
        add(result.later_cold, reading)
        again = timed(taught, reading.record, reading.path)
        result.recalled += bool((again.got.get("layout") or {}).get("read_with"))
        add(result.later, again)
    for reading in photos:
        if reading.record["document"] > 1:
            add(result.later_photos, timed(taught, reading.record, reading.path))


def run(options: ExtractOptions, families: list[Family], photos: bool = True):
    read = cold_reader(options)
    results = []
    for family in families:
        started = time.perf_counter()
        result = run_family(family, read, photos, options)
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


def groups(results: list[FamilyResult]) -> list[tuple[str, list[FamilyResult]]]:
    """The families pooled: each fold, held-out first; a fold held out at more than one
    rotation, each rotation's families apart too (the fresh ones measure best)."""
    out = []
    for fold in ORDER:
        mine = [r for r in results if r.family.fold == fold]
        if not mine:
            continue
        out.append((fold, mine))
        rotations = sorted({r.family.rotation for r in mine if r.family.rotation})
        if len(rotations) > 1:
            out += [
                (f"{fold}, rotation {n}", [r for r in mine if r.family.rotation == n])
                for n in rotations
            ]
    return out


def summary(results: list[FamilyResult]) -> dict[tuple[str, str], tuple[Tally, list[float]]]:
    """Per (group, kind): the pooled tally and each family's field accuracy."""
    pooled: dict[tuple[str, str], tuple[Tally, list[float]]] = {}
    for group, mine in groups(results):
        for r in mine:
            for kind, t in r.kinds.items():
                if t.docs:
                    total, each = pooled.setdefault((group, kind), (Tally(), []))
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
    for group, _ in groups(results):
        for kind in KINDS:
            if (group, kind) not in pooled:
                continue
            t, each = pooled[(group, kind)]
            fields, f1, silent_share = TARGETS[kind]
            target = f"fields ≥ {fields:.0%}, F1 ≥ {f1:.0%}, silent ≤ {silent_share:.0%}"
            label = {"held-out": "**held-out** (never tuned on)", "dev": "dev (tuned on)"}
            label = label.get(group, group)
            lines.append(
                f"| {label} | {kind} | {len(each)} | {t.docs} | {pct(t.fields)} "
                f"| {pct(min(each))} | {pct(t.f1)} | {silent(t)} | {target} | {met(kind, t)} |"
            )
    return lines


def learned_table(results: list[FamilyResult]) -> list[str]:
    """Per family, then pooled per fold (the rows marked 'all': a held-out fold's figures
    can be looked at pooled only)."""
    lines = [
        "| family | fold | document 1 cold: fields | documents 2..n: fields | item F1 "
        "| silent errors | fields flagged: cold, then learned | read with a learned layout "
        "| their photos: fields | item F1 | silent errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    ordered = sorted(results, key=lambda r: (ORDER.index(r.family.fold), r.family.name))
    for r in ordered:
        lines.append(_learned_row(r.family.name, r.family.fold, [r]))
    for group, mine in groups(results):
        lines.append(_learned_row(f"**all {len(mine)}**", group, mine))
    return lines


def _learned_row(name: str, fold: str, results: list[FamilyResult]) -> str:
    first, later, cold, photos = Tally(), Tally(), Tally(), Tally()
    for r in results:
        first += r.first
        later += r.later
        cold += r.later_cold
        photos += r.later_photos
    recalled = sum(r.recalled for r in results)
    shots = (
        f"{pct(photos.fields)} | {pct(photos.f1)} | {silent(photos)}"
        if photos.docs
        else "– | – | –"
    )
    return (
        f"| {name} | {fold} | {pct(first.fields)} | {pct(later.fields)} | {pct(later.f1)} "
        f"| {silent(later)} | {pct(cold.flagged_share)}, {pct(later.flagged_share)} "
        f"| {recalled} of {later.docs} | {shots} |"
    )


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
        f"## Learned layout ({learned.NOTE})",
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
