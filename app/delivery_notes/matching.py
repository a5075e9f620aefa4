"""Matching a delivery note to its purchase order, and its lines to the PO's lines.

Pure: no I/O, tested as tables of cases. A printed PO reference is compared
by its key (upper case, letters and digits only) with and without a "PO"
prefix; one that matches nothing proposes the nearest PO numbers by edit
distance (a transposition counts as one edit). Each delivered line finds its
PO line by item code, then by description (rapidfuzz), then by quantity, and
says how it matched and how sure that is (0..1). A DN that names no PO is
fitted by its lines against the supplier's open POs: one clear fit is taken,
several are proposed for a person.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from rapidfuzz import fuzz, process, utils
from rapidfuzz.distance import OSA

# Words a reference may start with that are not part of the number.
PREFIXES = ("PURCHASEORDER", "ORDERNO", "ORDER", "PONO", "PO")
# The nearest PO numbers proposed for a reference that matches none: at most this many
# edits away (a transposed pair of digits is one), and never more than a quarter of it.
MAX_EDITS = 2
PROPOSALS = 3
# A description this alike (0..1) to a PO line's is the same thing.
DESCRIPTION_ALIKE = 0.75
# A match less sure than this waits for a person (dn.unmatched_line).
SURE = 0.6
# How sure each way of matching can be: a code is near-certain, a description as alike
# as it is, a quantity alone a guess.
CODE_BASE, CODE_SPAN = 0.9, 0.1
DESCRIPTION_WEIGHT = 0.9
QUANTITY_SCORE = 0.4
# A DN without a PO number takes the supplier's open PO whose lines fit this well, when
# the next best fits clearly worse; fits above PROPOSE_FIT are proposed to a person.
CLEAR_FIT = 0.75
CLEAR_MARGIN = 0.2
PROPOSE_FIT = 0.3


def reference_key(text: str | None) -> str:
    """'po-2026 / 8019' -> 'PO20268019': what references and PO numbers are compared by."""
    return re.sub(r"[^A-Z0-9]", "", (text or "").upper())


def reference_keys(text: str | None) -> list[str]:
    """The keys a printed reference may stand for, most literal first.

    'PO-8019' may be our PO8019 or 8019; '8019' may be our 8019 or PO8019.
    """
    key = reference_key(text)
    if not key:
        return []
    bare = key
    for prefix in PREFIXES:
        rest = key.removeprefix(prefix)
        if rest != key and any(ch.isdigit() for ch in rest):
            bare = rest
            break
    keys = [key, bare, "PO" + bare]
    return list(dict.fromkeys(keys))


@dataclass(frozen=True)
class Proposal:
    """A PO proposed to a person: its id and number, and why (edits away, or lines fit)."""

    po_id: str
    po_number: str
    edits: int | None = None
    fit: float | None = None


def nearest_numbers(reference: str, numbers: dict[str, tuple[str, str]]) -> list[Proposal]:
    """The PO numbers nearest to a reference that matched none (all equally near).

    `numbers` maps each PO's key to (id, number as stored).
    """
    key = reference_key(reference)
    if not key or not numbers:
        return []
    limit = min(MAX_EDITS, max(1, len(key) // 4))
    found = process.extract(
        key, list(numbers), scorer=OSA.distance, score_cutoff=limit, limit=PROPOSALS
    )
    nearest = min((edits for _, edits, _ in found), default=None)
    return [
        Proposal(numbers[choice][0], numbers[choice][1], edits=int(edits))
        for choice, edits, _ in sorted(found, key=lambda hit: (hit[1], hit[0]))
        if edits == nearest  # only the nearest: a number two edits away is a worse guess
    ]


@dataclass(frozen=True)
class Line:
    """A line on either side: its id (PO line) or place (DN line), code, words and quantity."""

    ref: str
    item_code: str
    description: str
    quantity: Decimal | None


@dataclass(frozen=True)
class LineMatch:
    """Where one delivered line went: the PO line, how it matched, how sure (0..1)."""

    dn_ref: str
    po_ref: str | None
    method: str | None  # code | description | quantity | None (no PO line)
    score: float

    @property
    def sure(self) -> bool:
        return self.po_ref is not None and self.score >= SURE


def quantity(text: object) -> Decimal | None:
    try:
        return Decimal(str(text)) if text not in (None, "") else None
    except InvalidOperation:
        return None


def _code(text: str) -> str:
    return reference_key(text)


def description_similarity(a: str, b: str) -> float:
    """0..1: word order and case do not count; a description cut short still matches well."""
    if not a.strip() or not b.strip():
        return 0.0
    whole = fuzz.token_sort_ratio(a, b, processor=utils.default_process)
    within = fuzz.token_set_ratio(a, b, processor=utils.default_process) * 0.9
    return round(max(whole, within) / 100, 3)


def pair(dn: Line, po: Line) -> tuple[str, float] | None:
    """How a delivered line matches one PO line by code or description, if it does."""
    alike = description_similarity(dn.description, po.description)
    if _code(dn.item_code) and _code(dn.item_code) == _code(po.item_code):
        return "code", round(CODE_BASE + CODE_SPAN * alike, 3)
    if alike >= DESCRIPTION_ALIKE:
        return "description", round(DESCRIPTION_WEIGHT * alike, 3)
    return None


def match_lines(dn_lines: list[Line], po_lines: list[Line]) -> list[LineMatch]:
    """Each delivered line's PO line, one PO line per delivered line, best pairs first.

    Pairs by code or description are taken from the surest down (an equal quantity
    breaks a tie, as between two lines of the same cement); a line left over takes
    the one PO line left with its very quantity, as a guess.
    """
    ranked = []
    for i, dn in enumerate(dn_lines):
        for j, po in enumerate(po_lines):
            found = pair(dn, po)
            if found:
                same = dn.quantity is not None and dn.quantity == po.quantity
                ranked.append((found[1] + (0.0005 if same else 0), -i, -j, found))
    ranked.sort(reverse=True)
    taken: dict[int, LineMatch] = {}
    used: set[int] = set()
    for _, i, j, (method, score) in ranked:
        i, j = -i, -j
        if i in taken or j in used:
            continue
        taken[i] = LineMatch(dn_lines[i].ref, po_lines[j].ref, method, score)
        used.add(j)
    for i, dn in enumerate(dn_lines):
        if i in taken or dn.quantity is None:
            continue
        same = [j for j, po in enumerate(po_lines) if j not in used and po.quantity == dn.quantity]
        if len(same) == 1:
            taken[i] = LineMatch(dn.ref, po_lines[same[0]].ref, "quantity", QUANTITY_SCORE)
            used.add(same[0])
    return [taken.get(i) or LineMatch(dn.ref, None, None, 0.0) for i, dn in enumerate(dn_lines)]


def fit(dn_lines: list[Line], po_lines: list[Line]) -> float:
    """0..1: how well a PO's lines explain a DN's (the sure matches' scores, per DN line)."""
    if not dn_lines:
        return 0.0
    matches = match_lines(dn_lines, po_lines)
    return round(sum(m.score for m in matches if m.sure) / len(dn_lines), 3)


@dataclass(frozen=True)
class Choice:
    """A DN without a PO number: the PO taken (one clear fit), or those proposed."""

    taken: Proposal | None
    proposals: list[Proposal]


def choose(candidates: list[Proposal]) -> Choice:
    """One clear fit among the supplier's open POs is taken; several close ones are proposed."""
    ranked = sorted(candidates, key=lambda c: (-(c.fit or 0), c.po_number))
    if not ranked:
        return Choice(None, [])
    best = ranked[0]
    runner_up = (ranked[1].fit or 0) if len(ranked) > 1 else 0.0
    if (best.fit or 0) >= CLEAR_FIT and runner_up <= (best.fit or 0) - CLEAR_MARGIN:
        return Choice(best, [])
    return Choice(None, [c for c in ranked if (c.fit or 0) >= PROPOSE_FIT][:PROPOSALS])
