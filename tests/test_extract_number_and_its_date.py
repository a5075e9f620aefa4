"""A business system's order prints one marker for its number and its date ('N°/Date',
'Číslo / datum') and their values the same way ('4500083501 / 19.07.2026'): the number after
the order's title is read from it (flagged, as every number read after a title is), and a
marker naming a date alone is no number's. Each page is made up here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged

FOOT = """\
Item     Description                     Qty   Unit     Price        Amount
00010    Ciment CEM II 32,5 sac 50 kg      40   SAC      92.50       3700.00
00020    Sable lavé 0/4                    12   T        41.25        495.00
                                                   Total HT           4195.00
                                                   TVA 18%             755.10
                                                   Total TTC          4950.10
"""

FRENCH = f"""\
{BUYER}
Commande d'achat
{{marker}}      {{value}}
Ciments du Sahel SA                             Votre offre   65731 du 01.07.2026
Usine de Pout, route de Thiès                   Chantier      CP09
{FOOT}"""


def read(marker: str, value: str) -> dict:
    return as_po(read_page_text(FRENCH.format(marker=marker, value=value), **OFFICE))


def test_the_number_before_its_date_under_one_marker():
    found = read("N°/Date", "4500083501 / 19.07.2026")
    assert found["po_number"] == "4500083501"
    assert flagged(found, "po_number")  # (after a title, no label naming a PO)


def test_the_marker_spaced_and_in_czech():
    page = f"""\
{BUYER}                                   OBJEDNÁVKA
Číslo / datum
4523789210 / 26.02.2026
Dodavatel                                         Stavba
Velmor Trading (Pty) Ltd                          CP09 Ulice Palackého
{FOOT}"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "4523789210"
    assert found["po_date"] == "2026-02-26"


def test_a_marker_naming_a_date_alone_gives_no_number():
    found = read("Date", "4500083501 / 19.07.2026")
    assert found["po_number"] != "4500083501" or flagged(found, "po_number")
