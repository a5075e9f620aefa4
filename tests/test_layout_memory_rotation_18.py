"""What rotation 16's families, once dev families, showed the layout memory: a supplier's
pro-forma whose own date and our order's date, printed after our order's number, are one day
on document 1. The page is made up here."""

from __future__ import annotations

from app.extract.layout import text_lines
from app.extract.memory import teach
from tests.test_layout_memory_rotation_13 import read_with

PROFORMA = """\
GRADNJA PROMET d.o.o.
Cetinjski put bb, 81000 Podgorica
PREDRAČUN br. {number}/26

Kupac:                                            Datum izdavanja: {issued}
MERIDIAN GRADNJA d.o.o.                           Važi do: 30.09.2026.
Bulevar 51, 81000 Podgorica                       Vaša narudžbenica: NAR-{number}/26 od {ordered}
                                                  Gradilište: PG-04 Stambeni objekat

R.b.  Šifra    Naziv artikla             J.m.    Kol.      Cijena       Iznos
1.    011001   PVC kanalizaciona cijev   kom       10       10,00      100,00

                                                  Ukupno bez PDV-a:    100,00
                                                  PDV 21%:              21,00
                                                  UKUPNO ZA UPLATU:    121,00
"""
ITEMS = [
    {"item_code": "011001", "description": "PVC kanalizaciona cijev", "quantity": "10",
     "unit": "kom", "unit_price": "10.00", "amount": "100.00"}
]  # fmt: skip


def test_our_orders_date_after_its_number_is_learned_over_the_documents_own_of_that_day():
    page = PROFORMA.format(number="545", issued="04.09.2026.", ordered="04.09.2026.")
    confirmed = {
        "po_number": "NAR-545/26",
        "po_date": "2026-09-04",
        "supplier_name": "GRADNJA PROMET d.o.o.",
        "subtotal": "100.00",
        "tax": "21.00",
        "total": "121.00",
        "items": ITEMS,
    }
    layout = teach.learn(text_lines(page), confirmed) | {"id": "proforma"}
    later = PROFORMA.format(number="609", issued="05.09.2026.", ordered="03.09.2026.")
    got = read_with(layout, later)["fields"]
    # not the pro-forma's own 'Datum izdavanja', the first place the date was printed
    assert got["po_date"].value == "2026-09-03"
