"""A second reading of 3157554's money, currencies and foot: the dinar's Latin 'din' is a
currency only where it ends its cell (Romanian's 'din' after an amount is 'of'), the tax's
base between the subtotal and the total is known by its label, not by its amount (a real
charge may equal the subtotal; a second rate's base does not), a line's VAT rate under a
Cyrillic head ('ПДВ %') is no discount, '(RM)' over a quantity is running metres, not the
ringgit, and the items' head under the supplier's name is no legal form. Each page is made
up here; each test says what a correct reading gives."""

from __future__ import annotations

from tests.test_extract_rotation_8 import BUYER, SERBIAN, flagged, read

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


# --- 2. the tax's base, by its label ------------------------------------------------------


def test_a_charge_equal_to_the_subtotal_is_still_a_charge():
    # the levy was dropped for its amount being the subtotal's: the tax lost it (the total
    # then flagged as no sum; a tax more than the subtotal is flagged either way)
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Velmor Trading (Pty) Ltd
Site        CP09
Code       Description                         Qty  Unit      Rate        Amount
CRN-50     Mobile crane 50 t, per day            1  day    4 500.00      4 500.00
                                                    Subtotal             4 500.00
                                                    Out-of-town levy     4 500.00
                                                    VAT 15%              1 350.00
                                                    Total               10 350.00
"""
    payload = read(page)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "4500.00",
        "5850.00",
        "10350.00",
    )


SERBIAN_TWO_RATES = f"""\
{BUYER}
                        НАРУЏБЕНИЦА бр. 4410/2026
                        Место и датум: Нови Сад, 03.03.2026. године
ДОБАВЉАЧ:   Велмор Трејд д.о.о.           Објекат:   DBN07 – Складиште
Р. бр.  Шифра    Назив добра        Јед. мере  Количина       Цена   ПДВ %    Износ без ПДВ
1.      300120   Цемент 50 кг       џак           20,00     900,00      20        18.000,00
2.      300450   Хлеб за раднике    ком           10,00     180,00      10         1.800,00
                                      Укупно без ПДВ:          19.800,00 дин.
                                      Основица за ПДВ 20%:     18.000,00 дин.
                                      ПДВ 20%:                  3.600,00 дин.
                                      Основица за ПДВ 10%:      1.800,00 дин.
                                      ПДВ 10%:                    180,00 дин.
                                      Укупно за плаћање:       23.580,00 дин.
"""


def test_each_rates_base_is_no_charge():
    # the bases of VAT at 20 % and at 10 % (not the subtotal) were added to the tax
    payload = read(SERBIAN_TWO_RATES)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "19800.00",
        "3780.00",
        "23580.00",
    )
    assert "foot_sum" not in payload["checks_failed"] and not flagged(payload, "tax")


# --- 3. a line's VAT rate under a Cyrillic head -------------------------------------------


def test_a_lines_vat_rate_under_a_cyrillic_head_is_no_discount():
    # 'ПДВ %' (the line's VAT rate) was read as a discount: 20 % and 10 % off each line
    items = read(SERBIAN_TWO_RATES)["items"]
    assert [(i["quantity"], i["unit_price"], i["amount"], i.get("discount")) for i in items] == [
        ("20", "900.00", "18000.00", None),
        ("10", "180.00", "1800.00", None),
    ]


# --- 4. 'RM' over a quantity ---------------------------------------------------------------


def test_running_metres_over_a_quantity_name_no_ringgit():
    # 'Qty (RM)' (running metres) was read as the ringgit, unflagged, on an order in rand
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Velmor Trading (Pty) Ltd
Site        CP09
Code       Description                  Qty (RM)      Rate        Amount
SKT-70     Skirting board pine 70 mm       120.00     45.00      5 400.00
CRN-75     Cornice 75 mm                    80.00     30.00      2 400.00
                                                    Subtotal             7 800.00
                                                    VAT 15%              1 170.00
                                                    Total                8 970.00
"""
    payload = read(page)
    assert payload["currency"] != "MYR" or flagged(payload, "currency")
    assert [i["quantity"] for i in payload["items"]] == ["120", "80"]


# --- 5. a table's head under the supplier's name -------------------------------------------


def test_the_items_head_under_the_suppliers_name_is_no_legal_form():
    # 'Р. бр.' (the line number's head, letters and points) was taken for the name's legal
    # form run on to the next line: 'Велмор Трејд д.о.о. Р. бр.', unflagged
    assert read(SERBIAN)["supplier_name"] == "Велмор Трејд д.о.о."
