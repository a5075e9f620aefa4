"""The extraction benchmark's scoring on small hand-made readings: silent errors, items,
named rules, per-family aggregation, and which misses it may print."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from app.extract.document import ExtractOptions
from tests.bench import bench_families, learned
from tests.bench.bench_families import FamilyResult
from tests.bench.scoring import RuleTally, Tally, judge_rule, pair_items, score
from tests.fixtures.families.registry import Family

FAMILIES = Path(__file__).parent / "fixtures" / "families" / "documents"
FIELDS = ["po_number", "supplier_name", "subtotal", "tax", "total"]
TRUTH = {
    "po_number": "PO-1",
    "supplier_name": "Acme Steel (Pty) Ltd",
    "subtotal": "100.00",
    "tax": "15.00",
    "total": "115.00",
    "items": [
        {"description": "Cement", "quantity": "2", "unit": "bag", "amount": "40.00"},
        {"description": "Sand", "quantity": "12.5", "unit": "m3", "amount": "60.00"},
    ],
}


def reading(warnings=(), **changes) -> dict:
    return {**TRUTH, **changes, "warnings": list(warnings)}


def scored(got: dict) -> Tally:
    tally = Tally()
    score(tally, "doc.pdf", got, TRUTH, FIELDS, 0.5)
    return tally


def test_a_wrong_field_without_its_warning_is_silent():
    tally = scored(reading(supplier_name="Name", tax="4120198765"))
    assert (tally.fields_right, tally.fields_total, tally.silent) == (3, 5, 2)
    assert tally.silent_share == 2 / 5


def test_a_warned_field_is_wrong_but_not_silent():
    tally = scored(reading(["low_confidence:supplier_name"], supplier_name="Name"))
    assert (tally.fields_right, tally.silent) == (4, 0)


def test_totals_mismatch_warns_the_money_fields_only():
    tally = scored(reading(["totals_mismatch"], tax="0.00", po_number="Status"))
    assert (tally.fields_right, tally.silent) == (3, 1)
    assert any("po_number" in miss and "(silent)" in miss for miss in tally.misses)


def test_a_warned_field_is_flagged_right_or_wrong_and_a_refused_document_everywhere():
    tally = scored(reading(["low_confidence:po_number", "totals_mismatch"], supplier_name="X"))
    assert (tally.flagged, tally.silent) == (4, 1)
    assert scored({"refused": "This looks like an invoice."}).flagged_share == 1.0


def test_another_fields_warning_does_not_cover_a_wrong_field():
    tally = scored(reading(["low_confidence:po_number"], supplier_name="Name"))
    assert tally.silent == 1


def test_a_refused_document_is_wrong_everywhere_and_silent_nowhere():
    tally = Tally()
    score(tally, "doc.pdf", {"refused": "No PO number was found."}, TRUTH, FIELDS, 2.0, pages=2)
    assert (tally.refused, tally.fields_right, tally.silent, tally.pages) == (1, 0, 0, 2)
    assert tally.seconds == [1.0]
    assert tally.recall == 0.0


def test_numbers_compare_as_numbers_and_items_match_once():
    got = reading(subtotal="100", items=[TRUTH["items"][1], TRUTH["items"][1]])
    got["items"][0] = {**got["items"][0], "quantity": "12.50", "description": " sand "}
    tally = scored(got)
    assert tally.fields_right == 5
    assert (tally.matched, tally.extracted, tally.expected) == (1, 2, 2)
    assert (tally.precision, tally.recall) == (0.5, 0.5)


def test_items_are_paired_by_description_then_by_position():
    got = [{"description": "Sand"}, {"description": "Cment"}]
    assert pair_items(got, TRUTH["items"]) == {0: 1, 1: 0}
    assert pair_items(got + [{"description": "x"}], TRUTH["items"]) == {0: 1}


def test_rules_are_judged_against_the_truth_of_their_field():
    got = reading(items=[{"description": "Sand"}, {"description": "Cement"}])
    cases = [
        ({"rule": "a", "field": "total", "value": "115"}, "right"),
        ({"rule": "a", "field": "tax", "value": "4120198765"}, "wrong"),
        ({"rule": "b", "field": "items[0].amount", "value": "60.00"}, "right"),
        ({"rule": "b", "field": "items[1].quantity", "value": "3"}, "wrong"),
        ({"rule": "b", "field": "items[7].amount", "value": "1"}, "can't tell"),
        ({"rule": "c", "field": "items[0].discount_percent", "value": "5"}, "can't tell"),
        ({"rule": "c", "field": "items", "value": "dropped a row"}, "can't tell"),
    ]
    assert [judge_rule(entry, got, TRUTH) for entry, _ in cases] == [v for _, v in cases]
    rules = RuleTally()
    rules.add({**got, "rules_applied": [entry for entry, _ in cases]}, TRUTH)
    rules.add(reading(), TRUTH)  # a payload without rules adds nothing
    assert rules.rows() == [("b", 3, 1, 1, 1), ("a", 2, 1, 1, 0), ("c", 2, 0, 0, 2)]


def test_a_rule_that_sets_a_description_is_judged_by_the_words_it_gave():
    truth = {
        "items": [
            {"item_code": "WM-193", "description": "Welded mesh ref 193 2.4 x 6.0 m sheets"},
        ]
    }
    got = {"items": [{"description": "Welded mesh ref 193 2.4 x 6.0 m sheets"}]}

    def judged(value: str) -> str:
        entry = {"rule": "d", "field": "items[0].description", "value": value}
        return judge_rule(entry, got, truth)

    assert judged("Welded mesh ref 193 2.4 x 6.0 m sheets") == "right"
    assert judged("Welded mesh ref 193") == "right"  # its first line
    assert judged("2.4 x 6.0 m sheets") == "right"  # the line it runs on to
    assert judged("[WM-193] Welded mesh ref 193") == "right"  # the code split off later
    assert judged("Welded mesh ref 198") == "wrong"
    assert judged("Welded mesh ref 193 2.4 x 6.0 m sheats") == "wrong"
    assert judged("[WM-193]") == "wrong"  # the code alone is no description


def _result(name: str, fold: str, right: int, silent: int, rotation: int = 0) -> FamilyResult:
    result = FamilyResult(Family(name, fold, frozenset(), rotation))
    text = result.kinds["text PDF"]
    text.docs, text.fields_total, text.fields_right, text.silent = 5, 40, right, silent
    text.misses = [f"{name}-2.pdf: tax wrong"]
    return result


def test_families_pool_by_fold_and_kind():
    results = [_result("a", "dev", 40, 0), _result("b", "held-out", 30, 2)]
    results.append(_result("c", "held-out", 38, 1))
    pooled = bench_families.summary(results)
    held, each = pooled[("held-out", "text PDF")]
    assert (held.docs, held.fields_right, held.fields_total, held.silent) == (10, 68, 80, 3)
    assert each == [30 / 40, 38 / 40]
    assert pooled[("dev", "text PDF")][0].fields == 1.0
    assert ("held-out", "photo") not in pooled  # no photos read: no row
    lofo = bench_families.lofo_table(results)
    assert "held-out" in lofo[2] and "85.0 %" in lofo[2] and "**no**" in lofo[2]


def test_a_fold_held_out_at_two_rotations_is_pooled_whole_and_by_rotation():
    results = [_result("a", "held-out", 30, 2, 3), _result("b", "held-out", 38, 1, 4)]
    results.append(_result("c", "dev", 40, 0))
    pooled = bench_families.summary(results)
    assert pooled[("held-out", "text PDF")][0].fields_right == 68
    assert pooled[("held-out, rotation 3", "text PDF")][0].fields_right == 30
    assert pooled[("held-out, rotation 4", "text PDF")][0].fields_right == 38
    lofo = bench_families.lofo_table(results)
    assert [row.split(" | ")[0] for row in lofo[2:]] == [
        "| **held-out** (never tuned on)",
        "| held-out, rotation 3",
        "| held-out, rotation 4",
        "| dev (tuned on)",
    ]
    learned = bench_families.learned_table(results)
    assert sum("**all" in row for row in learned) == 4


def test_misses_are_listed_for_dev_families_only():
    results = [_result("a", "dev", 39, 0), _result("b", "held-out", 30, 2)]
    assert bench_families.misses(results) == ["   a-2.pdf: tax wrong"]
    assert "b-2.pdf" not in "\n".join(bench_families.report(results, details=True))


def test_the_rules_table_says_when_no_rules_are_reported():
    assert bench_families.rules_table([_result("a", "dev", 40, 0)]) == [
        "no rules reported (no payload carried `rules_applied`)"
    ]


def test_the_taught_reader_gets_the_layout_document_1_taught():
    first = FAMILIES / "french" / "french-1.pdf"
    truth = json.loads(first.with_suffix(".json").read_text())["expected"]
    options = learned.teach(first, truth, ExtractOptions(), reader=lambda options: options)
    assert [layout["learned_from"] for layout in options.layouts] == [truth["po_number"]]


def test_the_workers_log_is_silent_while_the_benchmark_teaches_a_layout(caplog):
    # its line for a refused document quotes why, and a held-out family's misses stay unseen
    log = logging.getLogger("intake")
    with caplog.at_level(logging.INFO, logger="intake"), learned._quiet():
        log.warning("This does not look like a purchase order")
    log.warning("after")
    assert [r.getMessage() for r in caplog.records] == ["after"]
