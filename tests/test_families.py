"""The layout-family corpus is well formed: files there, truth that adds up, folds assigned.

No OCR here: `make bench-extract` reads the corpus; these only check what it is scored against.
"""

from __future__ import annotations

import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.fixtures.families import registry
from tests.fixtures.families.orders import make_order
from tests.fixtures.generate_families import OUT

RECORDS = [
    (family, json.loads((OUT / family.name / f"{family.name}-{n}.json").read_text()))
    for family in registry.FAMILIES
    for n in range(1, registry.DOCUMENTS + 1)
]
IDS = [record["name"] for _, record in RECORDS]


def _sum(values) -> Decimal:
    return sum((Decimal(v) for v in values), Decimal(0))


@pytest.mark.parametrize(("family", "record"), RECORDS, ids=IDS)
def test_truth_adds_up_by_the_familys_rule(family, record):
    want = record["expected"]
    items = _sum(item["amount"] for item in want["items"])
    assert items == Decimal(want["subtotal" if record["money"] == "exclusive" else "total"])
    assert Decimal(want["subtotal"]) + Decimal(want["tax"]) == Decimal(want["total"])
    assert _sum(line["amount"] for line in record["tax_lines"]) == Decimal(want["tax"])
    assert want["items"] and all(want[key] for key in ("po_number", "supplier_name"))


@pytest.mark.parametrize(("family", "record"), RECORDS, ids=IDS)
def test_files_exist_and_pages_are_counted(family, record):
    folder = OUT / family.name
    reader = PdfReader(folder / record["pdf"])
    assert len(reader.pages) == record["pages"]
    text = "".join(page.extract_text() for page in reader.pages)
    assert record["expected"]["po_number"] in text  # a text layer, not a picture of one
    pages = len(reader.pages)
    if "multi-page" in family.traits:
        assert pages >= 2
    for shot in record["photos"]:
        assert (folder / shot["file"]).stat().st_size > 10_000
    upright = [s for s in record["photos"] if set(s["photo"]) == {"format"}]
    assert len(upright) == (1 if record["document"] in registry.PHOTOS else 0)


@pytest.mark.parametrize("family", registry.FAMILIES, ids=lambda f: f.name)
def test_truth_is_written_from_the_layouts_order(family):
    profile = registry.layout(family).PROFILE
    for n in range(1, registry.DOCUMENTS + 1):
        stored = json.loads((OUT / family.name / f"{family.name}-{n}.json").read_text())
        assert stored["expected"] == make_order(profile, n).expected()
        assert stored["family"] == family.name


@pytest.mark.parametrize(
    "family",
    [f for f in registry.FAMILIES if registry.layout(f).GENERATOR != "chromium"],
    ids=lambda f: f.name,
)
def test_the_stored_pdfs_print_what_the_layout_prints_now(family):
    """Drawn again, a document says the same words (Chromium's need a browser: not here)."""
    module = registry.layout(family)
    again = PdfReader(io.BytesIO(module.draw(make_order(module.PROFILE, 3))))
    stored = PdfReader(OUT / family.name / f"{family.name}-3.pdf")
    assert [p.extract_text() for p in again.pages] == [p.extract_text() for p in stored.pages]


def test_every_family_has_a_fold_and_a_layout():
    assert {f.fold for f in registry.FAMILIES} <= set(registry.FOLDS)
    assert len({f.name for f in registry.FAMILIES}) == len(registry.FAMILIES)
    for family in registry.FAMILIES:
        assert registry.layout(family).PROFILE.family == family.name


@pytest.mark.parametrize("fold", registry.FOLDS)
def test_each_fold_has_every_kind_of_hard_family(fold):
    traits = set().union(*(f.traits for f in registry.FAMILIES if f.fold == fold))
    assert traits >= {"erp", "foreign", "multi-page", "tax-inclusive"}


def test_enough_families_are_held_out():
    held = sum(f.fold == "held-out" for f in registry.FAMILIES)
    assert held >= 12
    assert held / len(registry.FAMILIES) >= 0.2


def test_a_held_out_family_says_which_rotation_held_it_out():
    for family in registry.FAMILIES:
        assert (family.fold == "held-out") == (family.rotation > 0), family.name


def test_no_other_folders_lie_in_the_corpus():
    assert {p.name for p in OUT.iterdir()} == {f.name for f in registry.FAMILIES}


def test_photos_for_the_photo_work_are_marked():
    marks = [
        shot["photo"]
        for _, record in RECORDS
        for shot in record["photos"]
        if set(shot["photo"]) != {"format"}
    ]
    assert {m.get("turned") for m in marks} >= {90, 180}
    assert any(m.get("perspective") for m in marks)


def test_the_corpus_is_small():
    size = sum(p.stat().st_size for p in Path(OUT).rglob("*") if p.is_file())
    # 1,087 families: about 341 MB; a family about half a megabyte, most of it its photos (a
    # fresh one under 0.25 MB); room for the next rotation's hundred-odd more
    assert size < 375_000_000
