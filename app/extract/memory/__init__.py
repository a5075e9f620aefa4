"""The layout memory: a layout learned from one verified purchase order reads the next ones.

An office meets the same few dozen layouts again and again. Once a person has
verified one PO of a layout (after correcting it, or typing it beside a
document the reader could not read), the places of its values are known; the
next document of that layout is read from those places first.

How it fits the engine, and why this way:

- The engine keeps each PO document's words (first and last page) in its
  payload (`words.keep`), so a verification, days later, learns from the
  stored payload without reading the document again; a refused document
  keeps its words with the failed batch, so a PO typed beside it teaches too.
- Learning (`teach.learn`) finds each confirmed value on the page and writes
  down where it sat: beside or under which label, or inside which title, or
  at which place; the item table's header line, column spans and where it
  stops; and the fingerprint of the layout (`words.fingerprint`): the first
  page's printed words that are not values, with their positions.
- Reading runs in the extraction child, which has no database: the worker
  hands the known layouts in through ExtractOptions. Inside the engine's PO
  reading, after the generic reader and before its proofs,
  `recall.read_known` matches the page's words against each fingerprint (a
  photo is scaled and shifted onto the layout first); on a match it reads
  each field from its learned place, where it passes the engine's own check
  for that field, and leaves the generic reading of any field it could not
  read. A value read at its learned place counts as read under its label and
  nothing more: the engine's proofs (the sums, the known sites and
  suppliers, the OCR's confidence) prove or flag it like any other.

Pure modules: no database, no files. `app/layouts.py` keeps the layouts.
"""
