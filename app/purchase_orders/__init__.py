"""Purchase orders: importing them, reading them back, a person checking and editing them.

`store` owns the tables; `intake` turns an extracted payload into a PO;
`edit` and `forms` are a person's changes; `record` is one PO as the page and
the API both show it; `listing` and `export` the list; `totals` the one
totals rule; `versions` and `revisions` a PO that arrives again changed;
`matching` gives POs their site and supplier.
"""
