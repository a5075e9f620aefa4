"""Matching a delivery note to its PO and its lines to the PO's lines, as tables of cases."""

from decimal import Decimal

import pytest

from app.delivery_notes import matching
from app.delivery_notes.matching import Line, LineMatch, Proposal


@pytest.mark.parametrize(
    ("printed", "keys"),
    [
        ("PO-2026-8019", ["PO20268019", "20268019"]),
        ("po 2026/8019", ["PO20268019", "20268019"]),
        ("2026-8019", ["20268019", "PO20268019"]),
        ("P.O. No. 4512345678", ["PONO4512345678", "4512345678", "PO4512345678"]),
        ("Purchase Order 77", ["PURCHASEORDER77", "77", "PO77"]),
        ("MC/4411", ["MC4411", "POMC4411"]),
        ("ORDERS", ["ORDERS", "POORDERS"]),  # a prefix is dropped only before a number
        ("", []),
        ("  --  ", []),
    ],
)
def test_reference_keys(printed, keys):
    assert matching.reference_keys(printed) == keys


NUMBERS = {
    matching.reference_key(n): (f"id-{n}", n)
    for n in ["PO-2026-00457", "PO-2026-00458", "PO-2026-01457", "PO-2026-99999", "MC/4411"]
}


@pytest.mark.parametrize(
    ("printed", "nearest"),
    [
        # a transposed pair of digits is one edit; one changed digit is one edit too
        ("PO-2026-00475", [("PO-2026-00457", 1)]),
        ("PO-2026-00459", [("PO-2026-00457", 1), ("PO-2026-00458", 1)]),
        ("PO-2026-0457", [("PO-2026-00457", 1), ("PO-2026-01457", 1)]),
        ("MC/4412", [("MC/4411", 1)]),
        ("PO-2031-55555", []),  # far from all
        ("X1", []),  # too short to be near anything: at most a quarter of it may differ
    ],
)
def test_nearest_numbers(printed, nearest):
    found = matching.nearest_numbers(printed, NUMBERS)
    assert [(p.po_number, p.edits) for p in found] == nearest


def line(ref, code, description, qty):
    return Line(ref, code, description, Decimal(qty) if qty is not None else None)


PO = [
    line("p1", "CEM-50", "Cement 50kg bag", "5"),
    line("p2", "PVC-110", "PVC pipe 110mm class 34", "25"),
    line("p3", "CEM-50", "Cement 50kg bag", "40"),
    line("p4", "", "Safety boots size 9", "12"),
    line("p5", "RB-12", "Rebar 12mm", "4"),
]


def matched(dn_lines, po_lines=PO):
    return [(m.po_ref, m.method) for m in matching.match_lines(dn_lines, po_lines)]


@pytest.mark.parametrize(
    ("dn_lines", "expected"),
    [
        ([line("d1", "PVC-110", "PVC pipe", "25")], [("p2", "code")]),
        # the same code twice on the PO: the equal quantity decides
        ([line("d1", "CEM-50", "Cement 50kg bag", "40")], [("p3", "code")]),
        (
            [line("d1", "CEM-50", "Cement", "5"), line("d2", "CEM-50", "Cement", "40")],
            [("p1", "code"), ("p3", "code")],
        ),
        # no code printed: the description, in another order and case
        ([line("d1", "", "boots, safety SIZE 9", "6")], [("p4", "description")]),
        # a description cut short still matches
        ([line("d1", "", "PVC pipe 110mm", "10")], [("p2", "description")]),
        # the supplier's own code, our words
        ([line("d1", "SUP-991", "Rebar 12mm", "4")], [("p5", "description")]),
        # nothing alike: the one PO line left with that very quantity, as a guess
        ([line("d1", "", "Item A", "12")], [("p4", "quantity")]),
        # nothing alike and no quantity to go by
        ([line("d1", "", "Diesel 50L", "3")], [(None, None)]),
        # two DN lines for one PO line: the surer one takes it
        (
            [line("d1", "RB-12", "Rebar 12mm", "2"), line("d2", "", "Rebar 12 mm", "2")],
            [("p5", "code"), (None, None)],
        ),
        ([], []),
    ],
)
def test_match_lines(dn_lines, expected):
    assert matched(dn_lines) == expected


def test_each_match_says_how_sure_it_is():
    found = matching.match_lines(
        [
            line("d1", "CEM-50", "Cement 50kg bag", "40"),
            line("d2", "", "boots safety size 9", "1"),
            line("d3", "", "Item A", "4"),
        ],
        PO,
    )
    assert found[0].score == 1.0 and found[0].sure
    assert 0.6 <= found[1].score <= 0.9 and found[1].sure  # words alike: never as sure as a code
    assert found[2] == LineMatch("d3", "p5", "quantity", 0.4)
    assert not found[2].sure  # a quantity alone waits for a person


@pytest.mark.parametrize(
    ("fits", "taken", "proposed"),
    [
        ([("A", 0.95), ("B", 0.3)], "A", []),
        ([("A", 0.95)], "A", []),
        ([("A", 0.9), ("B", 0.8)], None, ["A", "B"]),  # two close fits: a person chooses
        ([("A", 0.6), ("B", 0.1)], None, ["A"]),  # not clear enough to take
        ([("A", 0.1)], None, []),
        ([], None, []),
    ],
)
def test_choose_among_open_pos(fits, taken, proposed):
    choice = matching.choose([Proposal(f"id-{n}", n, fit=f) for n, f in fits])
    assert (choice.taken.po_number if choice.taken else None) == taken
    assert [p.po_number for p in choice.proposals] == proposed


def test_fit_is_the_share_of_lines_surely_matched():
    dn = [line("d1", "CEM-50", "Cement 50kg bag", "5"), line("d2", "", "Diesel", "9")]
    assert matching.fit(dn, PO) == 0.5
    assert matching.fit([], PO) == 0.0
