"""The order number's label in more of the languages suppliers and offices print orders
in: Finnish, Estonian, Polish, Czech, Slovak, Hungarian, Romanian, Croatian, Serbian,
Slovenian, Lithuanian, Latvian, Turkish and Catalan. Each page is made up here; the
label is the only thing that names the number."""

from __future__ import annotations

import pytest

from app.extract import engine

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09",), "today": "2026-12-01"}

PAGE = f"""\
{BUYER}
Meridian House, 41 Voortrekker Road
{{label}}   {{number}}                       Supplier: Nordic Aggregates Oy
Date: 14.05.2026

Description                      Qty     Price       Amount
Crushed stone 16-32 mm            12     40.00       480.00
                                          Total       480.00
"""


@pytest.mark.parametrize(
    ("label", "number"),
    [
        ("Tilausnumero", "260695"),
        ("Ostotilaus nro", "OT-2611"),
        ("Tellimuse nr", "26-01030"),
        ("Zamówienie nr", "ZAM/401/2026"),
        ("Numer zamówienia", "ZAM/402/2026"),
        ("Objednávka č.", "OBJ-2026/0975"),
        ("Číslo objednávky", "OV26-0161"),
        ("Rendelésszám", "R-26-0044"),
        ("Megrendelés száma", "MR-2026/00982"),
        ("Comanda nr.", "CMD-677/26"),
        ("Broj narudžbe", "NAR-0109/26"),
        ("Naročilnica št.", "26-NAR-00602"),
        ("Užsakymo nr.", "UZ26-0785"),
        ("Pasūtījuma Nr.", "MCB-26/0328"),
        ("Sipariş No", "SF-0828/26"),
        ("Núm. ordre", "OC26/00795"),
    ],
)
def test_an_order_numbers_label_names_it(label, number):
    payload = engine.read_text(PAGE.format(label=label, number=number), **OFFICE)
    assert payload["po_number"] == number
    assert "low_confidence:po_number" not in payload["warnings"]


def test_the_words_name_only_a_number_that_follows_them():
    # an order's confirmation is no order number ('Tilausvahvistus': order confirmation)
    page = PAGE.format(label="Tilausvahvistus", number="TV-2611")
    payload = engine.read_text(page, **OFFICE)
    assert payload["po_number"] != "TV-2611" or "low_confidence:po_number" in payload["warnings"]


@pytest.mark.parametrize("label", ["Päiväys", "Päivämäärä", "Kuupäev", "Dátum", "Tarih", "Datums"])
def test_a_dates_label_names_the_orders_date(label):
    page = PAGE.format(label="Tilausnumero", number="260695").replace("Date:", f"{label}:")
    payload = engine.read_text(page, **OFFICE)
    assert payload["po_date"] == "2026-05-14"
    assert "low_confidence:po_date" not in payload["warnings"]
