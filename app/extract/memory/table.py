"""The item table of a learned layout: its header line, where each column's values stand,
where it stops, and reading its rows.

Learning finds each confirmed item's line (the one printing its amount with its
quantity or description), then each of its values on that line; a column's
span is where its values stood, row after row (where a value could be in two
places, the place most rows agree on). Values may share a cell ('7,5 ton' is a
quantity and a unit, '[DPM-250] Damp proof membrane' a code and a description):
each word goes to the column its place is in. The header is the line above
the first item that has words over two columns or more; the table stops at the
line that followed the last item ('Subtotaal').

Reading starts under each line that is the header (repeated on later pages),
gives each word, or each number of several words, to the column it stands in,
and makes an item of a line with a quantity and an amount or price; a line of
words under the description only, right under an item, is its description
running on. A line with an amount and no quantity ('Carried forward') is not
an item. What the item lines print in none of the learned columns (a line's
number, a tariff code), or in a cell of none of the item's values (a plant's
common name), is learned as an unused place: nothing standing there later is
an item's value, nor part of a description running on. A line between items
that starts as the learned notes did, or where they all started left of the
descriptions (a group's heading), or with a label and its colon where theirs did
('Route:'), is a note, never a description; so is a line that starts with a number where
the items printed their line's (a form's empty numbered row). Items printed as cards are
learned as the labels their values stand beside, and read by them (cards.py). Pure.

This module is the table as the rest of the memory knows it (teach.py learns with it,
recall.py reads with it). Where a line's words stand against the columns is
table_columns.py's; learning, table_learn.py's; reading, table_read.py's.
"""

from __future__ import annotations

from app.extract.memory.table_columns import (
    EDGE,
    NUMERIC,
    SLACK,
    TEXT,
    Across,
    described_line,
    item_line,
)
from app.extract.memory.table_learn import AGREE, learn
from app.extract.memory.table_read import first_sheet, headers, read

__all__ = [
    "AGREE",
    "EDGE",
    "NUMERIC",
    "SLACK",
    "TEXT",
    "Across",
    "described_line",
    "first_sheet",
    "headers",
    "item_line",
    "learn",
    "read",
]
