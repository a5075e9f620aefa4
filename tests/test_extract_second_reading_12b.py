"""A second reading of 3157554's money, currencies and foot: the dinar's Latin 'din' is a
currency only where it ends its cell (Romanian's 'din' after an amount is 'of'), the tax's
base between the subtotal and the total is known by its label, not by its amount (a real
charge may equal the subtotal; a second rate's base does not), and a line's VAT rate under
a Cyrillic head ('ПДВ %') is no discount. Each page is made up here; each test says what a
correct reading gives."""

from __future__ import annotations

from tests.test_extract_rotation_8 import BUYER, flagged, read

# --- 1. the dinar's short name in Latin letters -------------------------------------------

ROMANIAN = f"""\
{BUYER}                                          COMANDĂ
Nr. comandă:   CMD-1930                  Data:   12.07.2026
Furnizor:      Velmor Trading (Pty) Ltd
Proiect:       CP09
Cod        Denumire                          U.M.  Cantitate   Preț (lei)   Valoare (lei)
PLS-06     Plasă sudată Ø6 100x100            buc         50       110,75        5.537,50
OTL-12     Oțel beton PC52 Ø12                buc          5        80,33          401,65
                                                 Total fără TVA:             5.939,15
                                                 TVA 19%:                    1.128,44
                                                 Total de plată:             7.067,59
Avansul de 30%, respectiv 2.120,28 din valoarea comenzii, se achită la semnare.
"""


def test_romanians_din_after_an_amount_is_no_dinar():
    # 'din' ('of') after the advance's amount was read as the Serbian dinar, unflagged
    assert read(ROMANIAN)["currency"] != "RSD"


def test_the_dinar_in_latin_letters_at_the_end_of_its_cell_is_still_read():
    page = ROMANIAN.replace("5.939,15", "5.939,15 din.").replace("7.067,59", "7.067,59 din")
    payload = read(page.replace("(lei)", "     "))
    assert payload["currency"] == "RSD" and not flagged(payload, "currency")
