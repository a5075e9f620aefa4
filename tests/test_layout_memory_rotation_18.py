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


ACKNOWLEDGEMENT = """\
Tel 01452 724 318
SEVERN VALE SOLAR
ORDER ACKNOWLEDGEMENT No. SVS-OA-{number}
CUSTOMER ORDER
Meridian Construction (Pty) Ltd                   Your order no. MUK/PO/{number}

Line  Product code  Description             Qty  Unit   Unit price        Net
10    BAT-512       Battery storage 5 kWh     4  no.      1,000.00   4,000.00

                                                   Net total          4,000.00
                                                   VAT @ 20%            800.00
                                                   Total              4,800.00
"""


def test_a_supplier_printed_without_its_legal_form_is_learned_and_read_as_verified():
    page = ACKNOWLEDGEMENT.format(number="3721")
    confirmed = {
        "po_number": "MUK/PO/3721",
        "supplier_name": "Severn Vale Solar Ltd",  # as the office knows it
        "subtotal": "4000.00",
        "tax": "800.00",
        "total": "4800.00",
        "items": [
            {"item_code": "BAT-512", "description": "Battery storage 5 kWh", "quantity": "4",
             "unit": "no.", "unit_price": "1000.00", "amount": "4000.00"}
        ],
    }  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "acknowledgement"}
    assert "supplier_name" in layout["anchors"]["fields"]  # no place was learned for it
    got = read_with(layout, ACKNOWLEDGEMENT.format(number="3802"))["fields"]
    assert got["supplier_name"].value == "Severn Vale Solar Ltd"
