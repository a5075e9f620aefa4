"""The review queue: what Intake is unsure of, waiting for a person to decide.

`items` owns the table; `decisions` is what a person can do about each kind;
`hooks` are what other pages call when they settle a question elsewhere;
`hand_entry` is typing the PO of a document that could not be read; `page`
is what the queue page shows.
"""
