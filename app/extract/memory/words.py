"""A document's words kept with its payload, and the fingerprint that tells a layout.

The payload keeps the words of the first and the last page (where the header
and the foot of an order are), one string a line: "0 17.0: KL-19@0,5
Klip@16,20", page and y, then each word with its x span. That is what a
verification learns from, days later, without reading the document again.

A layout's fingerprint is its first page's printed words that are not values
(labels, headings, the office's letterhead) with their places. A page is
that layout when most of those words stand in the same places once the
layout's positions are scaled and shifted onto the page's: a photo is larger
or smaller, and starts elsewhere, than the text PDF a layout was learned
from. The scale and shift are fitted on the words both print once. Pure.
"""

from __future__ import annotations

import difflib
import itertools
import re
import statistics
import unicodedata
from dataclasses import dataclass

from app.extract.layout import Line, Word

# A page may be a layout when this share of its fingerprint's words stand in place (and
# its item table's header is found: recall.known); it is one when this larger share does.
MATCH, SURE = 0.5, 0.75
# ... and at least this many of them.
MIN_WORDS = 4
# A photo loses words a text PDF prints (small or grey print the OCR does not see: a
# bilingual form's second language, a letterhead's strapline), so a page read by OCR is
# the layout too when this share of its words stand in place and at least this many: more
# than a page of any other layout showed of one among the 87 dev families' learned layouts
# (14 on their photos, 15 on their text PDFs).
PHOTO_MATCH, PHOTO_WORDS = 0.3, 20
# How far a word may stand from its place: character widths across, lines down.
ACROSS, DOWN = 3.0, 1.5
_PUNCTUATION = ":;,.#*()[]{}|'\"“”‘’"


def norm(text: str) -> str:
    """A word or phrase as compared: folded case, single spaces, no punctuation at its ends."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(word.strip(_PUNCTUATION) for word in text.split()).strip()


# --- the words a payload keeps -------------------------------------------------------------


def keep(lines: list[Line]) -> dict:
    """The first and last page's lines, one string each, and how many pages there are."""
    if not lines:
        return {"lines": [], "pages": 0}
    pages = {lines[0].page, lines[-1].page}
    kept = [_encode(line) for line in lines if line.page in pages]
    return {"lines": kept, "pages": lines[-1].page - lines[0].page + 1}


def whole(kept: dict) -> bool:
    """Whether the kept words are the whole document (two pages or fewer)."""
    return kept.get("pages", 0) <= 2


def _encode(line: Line) -> str:
    words = " ".join(f"{w.text}@{w.x0:g},{w.x1:g}" for w in line.words)
    return f"{line.page} {round(line.y, 2):g}: {words}"


def decode(kept: list[str]) -> list[Line]:
    """Kept lines back as lines (ValueError when they are not what keep() wrote)."""
    lines = []
    for text in kept:
        head, _, rest = text.partition(": ")
        page, y = head.split(" ")
        words = []
        for part in rest.split(" "):
            word, _, span = part.rpartition("@")
            x0, x1 = span.split(",")
            words.append(Word(word, float(x0), float(x1)))
        lines.append(Line(words, float(y), int(page)))
    return lines


# --- the fingerprint ---------------------------------------------------------------------


def page_lines(lines: list[Line], page: int) -> list[Line]:
    return [line for line in lines if line.page == page]


def top(lines: list[Line], page: int) -> float:
    """Where a page's first line is: positions on a page are measured from it."""
    return min((line.y for line in lines if line.page == page), default=0.0)


def _printed(word: str) -> bool:
    """A word that can be part of a fingerprint: letters, and no digits (numbers are values)."""
    return len(word) >= 2 and not re.search(r"\d", word) and bool(re.search(r"[^\W\d_]", word))


def fingerprint(
    lines: list[Line], values: set[str], bottom: float | None, skip: set[int] = frozenset()
) -> list[list]:
    """The first page's printed words above `bottom` (the item table's first row) that are not
    one of the confirmed values' words, nor one of `skip` (ids of words that vary from one
    document to the next, such as the supplier's address): [[word, x, y], ...], y from the
    page's first line."""
    first = lines[0].page if lines else 0
    origin = top(lines, first)
    out = []
    for line in page_lines(lines, first):
        if bottom is not None and line.y >= bottom:
            break
        for word in line.words:
            text = norm(word.text)
            if _printed(text) and text not in values and id(word) not in skip:
                out.append([text, round(word.x0, 1), round(line.y - origin, 1)])
    return out


@dataclass(frozen=True)
class Frame:
    """How a layout's positions map onto a page: x' = a x + b, y' = c y + d."""

    a: float = 1.0
    b: float = 0.0
    c: float = 1.0
    d: float = 0.0

    def x(self, x: float) -> float:
        return self.a * x + self.b

    def y(self, y: float) -> float:
        return self.c * y + self.d


def _first_page_words(lines: list[Line]) -> list[tuple[str, float, float]]:
    """Every word of the first page: (folded text, x, y from the page's first line)."""
    first = lines[0].page if lines else 0
    origin = top(lines, first)
    return [
        (norm(word.text), word.x0, line.y - origin)
        for line in page_lines(lines, first)
        for word in line.words
    ]


def fit(pairs: list[tuple[float, float]], spread: float) -> tuple[float, float] | None:
    """A robust line through (u, v) pairs: the median slope of pairs `spread` apart (1 when
    none are), and the median offset."""
    slopes = [
        (v2 - v1) / (u2 - u1)
        for (u1, v1), (u2, v2) in itertools.combinations(pairs, 2)
        if abs(u2 - u1) >= spread
    ]
    slope = statistics.median(slopes) if slopes else 1.0
    if not 0.5 <= slope <= 2.0:
        return None
    return slope, statistics.median(v - slope * u for u, v in pairs)


@dataclass(frozen=True)
class Match:
    score: float  # the share of the fingerprint's words found in place
    frame: Frame
    found: int = 0  # how many of them


def match(print_: list[list], lines: list[Line]) -> Match | None:
    """How well a page matches a fingerprint, and the frame that maps it; None when it cannot
    be told (too few words in common).

    The frame is fitted on the words both print once; then a fingerprint word counts when
    the page prints it near its place, or a word the OCR misread from it (three quarters of
    its letters alike)."""
    if len(print_) < MIN_WORDS:
        return None
    page = _first_page_words(lines)
    where: dict[str, list[tuple[float, float]]] = {}
    for text, x, y in page:
        if _printed(text):
            where.setdefault(text, []).append((x, y))
    counts: dict[str, int] = {}
    for text, _, _ in print_:
        counts[text] = counts.get(text, 0) + 1
    pairs = [
        ((x, y), where[text][0])
        for text, x, y in print_
        if counts[text] == 1 and len(where.get(text, ())) == 1
    ]
    if len(pairs) < 3:
        return None
    across = fit([(u[0], v[0]) for u, v in pairs], 10.0)
    down = fit([(u[1], v[1]) for u, v in pairs], 3.0)
    if across is None or down is None:
        return None
    frame = Frame(across[0], across[1], down[0], down[1])

    def near(x: float, y: float, px: float, py: float) -> bool:
        return abs(px - frame.x(x)) <= ACROSS * frame.a and abs(py - frame.y(y)) <= DOWN * frame.c

    def seen(text: str, x: float, y: float) -> bool:
        if any(near(x, y, px, py) for px, py in where.get(text, ())):
            return True
        return any(near(x, y, px, py) and _misread(text, word) for word, px, py in page)

    found = sum(1 for text, x, y in print_ if seen(text, x, y))
    return Match(found / len(print_), frame, found)


def _misread(word: str, seen: str) -> bool:
    """A word the OCR read with a letter or two wrong ('Loweld' for 'Lowveld')."""
    return len(word) >= 4 and difflib.SequenceMatcher(None, word, seen).ratio() >= 0.75
