"""A list as a CSV file people open in a spreadsheet, streamed page by page.

Every export (purchase orders, timesheets, fuel logs) walks its list's
keyset pages from the first to the last, so 100,000 rows stream in flat
memory, and writes each cell through `spreadsheet.safe_cell`, so no cell is
ever run as a formula. An export names its columns and how a row becomes
its cells; nothing here knows a table.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator

from app.keyset import Page
from app.spreadsheet import safe_cell


def stream(
    columns: list[str],
    read_page: Callable[[str | None, int], Page],
    cells: Callable[[dict], Iterable[object]],
    chunk: int = 1000,
) -> Iterator[str]:
    """The header, then every row of every page as CSV text: one piece of text a page.

    `read_page(after, limit)` is the list's page after the cursor `after`
    (None: the first); `cells(row)` is a row's values in the columns' order.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(columns)
    after = None
    while True:
        page = read_page(after, chunk)
        for row in page.rows:
            writer.writerow(safe_cell(value) for value in cells(row))
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        if page.next_cursor is None:
            return
        after = page.next_cursor
