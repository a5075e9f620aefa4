"""Delivery notes: what arrived against which PO line, and what is still outstanding.

`store` owns the tables; `intake` turns an extracted payload into a DN matched
to its PO; `matching` (pure) matches a DN to a PO and its lines to the PO's
lines; `reconcile` does it in the database and keeps each PO's delivery
status; `delivery` (pure) is the delivery rule; `reviews` the review items
that follow; `revisions` a DN that arrives again; `hooks` what PO imports and
edits call; `record` one DN (and a PO's deliveries) for the pages and the API;
`listing` the list; `edit` a person's changes; `outstanding` a site's open lines.
"""
