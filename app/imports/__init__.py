"""Timesheets and fuel logs: CSV exports from other systems, checked row by row, imported at once.

A file is read (`sniffing`: encoding and delimiter; `columns`: which column is
which field), every row is checked (`checks`, pure), compared with what is
stored (`planning`: duplicates, people, vehicles, sites, plausible fills) and
shown to the person as a preview; the import writes the good rows, the batch
(through `app.queue`) and the review items in one transaction (`importing`).
`timesheets`, `fuel_logs`, `people` and `mapping` own their tables.
"""
