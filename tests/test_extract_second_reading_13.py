"""A second reading of rotation 11's rules (07b9909, c1775d4): the dollars' codes counted
inside words ('AUDIO', 'CADASTRAL'); Slovak's 'Zo dňa' taken for our order's date after any
number; a store's code under 'Deliver to' proven the project's; a mark between 'Order No.'
and its number; a code after a column's stroke ('Amount/AED') no currency; a charge by its
rate alone taken for the tax over a registration number; a unit's 'BND' beside '$' prices;
'Qty ordered' over the quantity a line is priced at. Each page is made up here; each test
says what a correct reading gives."""

from __future__ import annotations

from tests.test_extract_rotation_11 import BUYER, flagged, read

# --- 1. a dollar's code inside a word ---------------------------------------------------


def _page(title: str, description: str) -> str:
    return f"""\
{BUYER}                   {title}
Order No.  MC-77121                       Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd
Site       CP09
Code       Description                       Qty  Unit      Rate      Amount
AV-01      {description:<32} 2  box    1 450.00   2 900.00
AV-02      Wall plate HDMI                   10  each      85.00     850.00
                                          Subtotal            3 750.00
                                          VAT 15%               562.50
                                          Total               4 312.50
"""


def test_a_word_in_capitals_that_starts_with_a_dollars_code_names_no_currency():
    # 'AUDIO-VISUAL' and 'CADASTRAL' were counted as the Australian and the Canadian dollar's
    # codes, and the page was read in that dollar, proven: no currency is printed, so it is
    # the office's own
    for title, description in [
        ("PURCHASE ORDER", "AUDIO-VISUAL cabling, Cat6 305 m"),
        ("PURCHASE ORDER  CADASTRAL SURVEY", "Data cabling, Cat6 305 m"),
        ("PURCHASE ORDER", "CADMIUM plated bolts M12"),
    ]:
        payload = read(_page(title, description))
        assert payload["currency"] == "ZAR", description


def test_an_audit_copy_leaves_the_rand_proven():
    # 'AUDIT COPY' named a second currency beside the rand, so the rand was flagged
    page = _page("PURCHASE ORDER - AUDIT COPY", "Data cabling, Cat6 305 m").replace(
        "Total               4 312.50", "Total             R 4 312.50"
    )
    payload = read(page)
    assert payload["currency"] == "ZAR"
    assert not flagged(payload, "currency")


# --- 2. Slovak's 'Zo dňa' after the confirmation's own number ----------------------------


def test_the_date_after_a_confirmations_own_number_is_not_our_orders():
    # 'zo dňa 23. 4. 2026' after the confirmation's number was taken for our order's date,
    # proven; our order's is the one beside 'Vaša objednávka č.' (here under 'Objednané dňa',
    # a label the engine does not know), so a person checks the date
    page = """\
KLIMAX Slovakia, s.r.o.
POTVRDENIE OBJEDNÁVKY č. 2633999                   zo dňa 23. 4. 2026
Odberateľ                                          Miesto dodania
Meridian Construction (Pty) Ltd                    Polyfunkčný objekt Nivy
Vaša objednávka č.:  MCS/OBJ/26/0512               Termín dodania:  18. 5. 2026
Objednané dňa:  21. 4. 2026                        Doprava:  vlastná
Zákazka:  CP09
P.č.  Kód      Názov tovaru                    Množstvo  MJ   Cena/MJ   Spolu bez DPH
1.    KX-MS80  Multisplit 8,0 kW                   2,00  ks   1 800,00       3 600,00
2.    R32-9    Chladivo R32, fľaša 9 kg           10,00  ks     190,00       1 900,00
                                              Spolu bez DPH      5 500,00 €
                                              DPH 23 %           1 265,00 €
                                              Spolu s DPH        6 765,00 €
"""
    payload = read(page, supplier_names=("KLIMAX Slovakia, s.r.o.",))
    assert payload["po_number"] == "MCS/OBJ/26/0512"
    assert payload["po_date"] == "2026-04-21" or flagged(payload, "po_date")
    # beside our order's number, 'Zo dňa' is its date
    beside = page.replace("Objednané dňa:", "Zo dňa:       ")
    payload = read(beside, supplier_names=("KLIMAX Slovakia, s.r.o.",))
    assert payload["po_date"] == "2026-04-21"


# --- 3. a store's code before its name under 'Deliver to' --------------------------------


def test_a_stores_code_under_deliver_to_is_not_proven_the_project():
    # 'WH-01 - Central stores' under 'Deliver to', no project label: the store's code was
    # taken for the project's, proven for its shape like the sites' ('PE-220')
    page = f"""\
{BUYER}                   PURCHASE ORDER
Order No.  MC-77150                       Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd       Deliver to
                                          WH-01 - Central stores, Germiston
Code       Description                       Qty  Unit      Rate      Amount
HB-12      Hex bolt M12 x 80               100  each     12.00   1 200.00
NW-12      Nut M12                         100  each      3.00     300.00
                                          Subtotal            1 500.00
                                          VAT 15%               225.00
                                          Total               1 725.00
"""
    payload = read(page)
    assert payload["project_code"] != "WH-01" or flagged(payload, "project_code")
    # a known site's code there is the project's
    known = read(page.replace("WH-01 - Central stores", "PE-220 - Harbour works"))
    assert known["project_code"] == "PE-220"


# --- 4. a mark between the order's label and its number ----------------------------------


def test_a_mark_between_the_label_and_the_number_leaves_it_proven():
    # 'Order No. | MC-4471' (a rule read as a stroke): the number was no longer the first
    # word after the label, so it was read by a rule and flagged
    for mark in ("|", "—", "="):
        page = f"""\
{BUYER}                   PURCHASE ORDER
Order No. {mark} MC-4471                         Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd
Site       CP09
Code       Description                       Qty  Unit      Rate      Amount
HB-12      Hex bolt M12 x 80               100  each     12.00   1 200.00
                                          Subtotal            1 200.00
                                          VAT 15%               180.00
                                          Total               1 380.00
"""
        payload = read(page)
        assert payload["po_number"] == "MC-4471", mark
        assert not flagged(payload, "po_number"), mark


# --- 5. a currency's code after a stroke in a column's head --------------------------------


def test_a_currency_code_after_a_stroke_in_the_heads_is_the_currency():
    # 'Unit Price/AED  Amount/AED': a code after a word and its stroke was taken for part of
    # a code ('NP-PKR02'), so no currency was printed and the office's own was proven
    page = f"""\
{BUYER}                   PURCHASE ORDER
Order No.  MC-77170                       Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd
Site       CP09
Code       Description                     Qty  Unit   Unit Price/AED    Amount/AED
HB-12      Hex bolt M12 x 80               100  each            12.00      1,200.00
NW-12      Nut M12                         100  each             3.00        300.00
                                          Subtotal              1,500.00
                                          VAT 5%                   75.00
                                          Total                 1,575.00
"""
    payload = read(page)
    assert payload["currency"] == "AED" or flagged(payload, "currency")


# --- 6. the one charge between the subtotal and the total ---------------------------------


def test_a_charge_by_its_rate_alone_is_no_tax_over_a_registration_number():
    # the supplier's VAT registration number was read for the tax, and the one charge
    # between the subtotal and the total, a delivery fee by its rate, was taken for the tax
    # instead, proven: the page names no tax there
    page = f"""\
{BUYER}                   PURCHASE ORDER
Order No.  MC-45121                       Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd       VAT 4068495914
Site       CP09
Code       Description                     Qty  Unit      Rate      Amount
CB-1P10    Circuit breaker 1-pole 10 A      10  each     80.00     800.00
                                   Subtotal                       800.00
                                   Delivery 5%                     40.00
                                   Total incl. VAT                840.00
"""
    payload = read(page)
    assert payload["tax"] != "40.00" or flagged(payload, "tax")


# --- 7. a unit beside '$' prices -----------------------------------------------------------


def test_bundles_beside_dollar_prices_name_no_dollar():
    # 'BND' (bundles, the items' unit) was taken for the Brunei dollar's code beside the '$',
    # and then, as a unit, for no currency at all: the office's own rand on a page of dollars
    page = f"""\
{BUYER}                   PURCHASE ORDER
Order No.  MC-77180                       Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd
Site       CP09
Code       Description                       Qty  Unit      Rate      Amount
RB-12      Rebar 12 mm x 6 m                  12  BND     $85.00   $1,020.00
TW-16      Tie wire 16 ga                     10  ROLL     $8.00      $80.00
                                          Subtotal           $1,100.00
                                          Sales tax 8%          $88.00
                                          Total              $1,188.00
"""
    payload = read(page)
    assert payload["currency"] == "USD"
    assert flagged(payload, "currency")  # '$' alone names no one country's dollar


# --- 8. the ordered quantity beside the one the line is priced at ---------------------------


def test_the_quantity_a_line_is_priced_at_beside_the_ordered_one():
    # 'Qty ordered  Qty received  Qty': the ordered quantity (200) was taken over the one
    # the amount is of (100), and the lines no longer added up
    page = f"""\
{BUYER}                   PURCHASE ORDER
Order No.  MC-77160                       Date  21/05/2026
Supplier   Velmor Trading (Pty) Ltd
Site       CP09
Code       Description              Qty ordered  Qty received    Qty   Unit Price      Amount
HB-12      Hex bolt M12 x 80                200           100    100        12.00    1 200.00
NW-12      Nut M12                          200           100    100         3.00      300.00
                                          Subtotal            1 500.00
                                          VAT 15%               225.00
                                          Total               1 725.00
"""
    payload = read(page)
    assert [i["quantity"] for i in payload["items"]] == ["100", "100"]
    assert not flagged(payload, "items")
