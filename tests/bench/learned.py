"""The seam where a layout memory joins the benchmark's learned-layout figures.

For each family the benchmark reads document 1 cold, then asks `teach` for
the reader of documents 2..n, given document 1's reading, its truth (what a
person would correct it to and verify) and the cold reader. A layout memory
plugs in here: learn from (payload, truth), return a reader that uses what it
learned. Until one exists, `teach` hands back the cold reader and NOTE says so
in the table's title.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

Reader = Callable[[Path], dict]

NOTE = "layout memory not built yet: documents 2..n are read cold"


def teach(first: dict, truth: dict, read: Reader) -> Reader:
    """The reader for a family's later documents once `first` was corrected to `truth`."""
    return read
