"""What rotation 22's families, tuned on as dev families from rotation 24, showed was read
wrong with no warning: a tax line's printed rate that the tax is not included at, Albanian's
totals before and with TVSH, a currency named in the total's own label, a British address
on a page that prints no currency, the supplier's code in our books printed where its name
would be, and an order's number that is the site's code. Each page is made up here."""

from __future__ import annotations

from app.extract import countries, validate
from tests.test_extract_rotation_8 import BUYER, flagged, read


def test_a_tax_line_at_its_printed_rate_is_no_tax_included_at_another():
    # the items add up to 41,285.64; 8,257.13 is 20 % of it, not 20 % included in it (that
    # would be 25 %): the prices do not include the tax, whatever the foot's words
    page = f"""\
{BUYER}                                           PURCHASE ORDER
PO No: MC-26-0412                                 Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd

Code       Description                 Qty     Price        Amount
TB-40402   Square tube 40x40x2           2   1,882.23      3,764.46
LM-ZN05    Galvanised sheet 0.5 mm       6   2,421.05     14,526.30
TR-DR      Transport to site             3   7,664.96     22,994.88

                                     Summa e mallrave     41,285.64
                                     TVSH 20%:             8,257.13
"""
    payload = read(page)
    assert payload["subtotal"] != "33028.51"
    assert payload["total"] != "41285.64"
    assert flagged(payload, "total") or payload["total"] == "49542.77"


def test_a_tax_included_at_the_rate_its_line_prints_is_read_so():
    page = f"""\
{BUYER}                                           PURCHASE ORDER
PO No: MC-26-0413                                 Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd

Code       Description                 Qty     Price        Amount
TB-40402   Square tube 40x40x2           2     600.00      1,200.00

                                     Summa e mallrave      1,200.00
                                     TVSH 20%:               200.00
"""
    payload = read(page)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1000.00",
        "200.00",
        "1200.00",
    )


ALBANIAN = f"""\
Adriatik Hekur sh.p.k.                            FATURË PROFORMË
Rruga Egnatia, Km 3, 2001 Durrës                  Nr.:  PF-2026/0108
Tel.: +355 52 555 218                             Data:  14.09.2026
{BUYER}                                           Porosia juaj nr.:  P2600299

Nr.  Kodi       Përshkrimi                 Sasia     Çmimi       Vlera
1    TB-40402   Tub katror 40x40x2 mm          2  1 882,23    3 764,46
2    LM-ZN05    Llamarinë e zinkuar            6  2 421,05   14 526,30

Llogaritë bankare:                           Totali pa TVSH:        18 290,76
Banka Kombëtare   AL47 2051 1011   ALL       TVSH 20%:               3 658,15
Raiffeisen Bank   AL90 2021 1109   EUR       Totali me TVSH (ALL):  21 948,91

Kundërvlera: 223,62 EUR (kursi 98,15)
"""


def test_albanian_totals_before_and_with_tvsh():
    # a discount between the items and the foot: the sums alone do not find it
    page = f"""\
Adriatik Hekur sh.p.k.                            FATURË PROFORMË
Rruga Egnatia, Km 3, 2001 Durrës                  Nr.:  PF-2026/0109
{BUYER}                                           Porosia juaj nr.:  P2600300

Nr.  Kodi       Përshkrimi                 Sasia     Çmimi       Vlera
1    TB-40402   Tub katror 40x40x2 mm          2    600,00    1 200,00

                                             Zbritje:                  200,00
                                             Totali pa TVSH:         1 000,00
                                             TVSH 20%:                 200,00
                                             Totali me TVSH:         1 200,00
"""
    payload = read(page)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1000.00",
        "200.00",
        "1200.00",
    )


def test_the_currency_the_totals_label_names_over_a_bank_accounts():
    payload = read(ALBANIAN)
    assert payload["currency"] == "ALL"


def test_a_code_that_is_a_word_in_the_totals_label_is_flagged():
    payload = read(ALBANIAN)
    assert flagged(payload, "currency")  # ('TOTAL (ALL)' may mean all of it)


def test_a_mark_on_the_totals_amount_beats_its_labels_code():
    page = ALBANIAN.replace(
        "Totali me TVSH (ALL):  21 948,91", "Totali me TVSH (ALL):  € 21 948,91"
    )
    payload = read(page)
    assert payload["currency"] == "EUR"
    assert flagged(payload, "currency")


def test_a_currency_label_that_the_totals_label_contradicts_is_doubted():
    page = ALBANIAN.replace("Tel.: +355 52 555 218      ", "Tel.: +355 52 555 218  Monedha: EUR")
    payload = read(page)
    assert payload["currency"] == "EUR"  # as its label says, and doubted
    assert payload["unproven"]["currency"] == "the total's label names ALL"


def test_a_british_postcode_names_the_united_kingdom():
    assert countries.named("3 Waterfront Way, Brierley Hill DY5 1XN · 01384 262 400") == {"uk"}
    assert countries.named("Block 2, Wardpark South, Cumbernauld G67 3EN  Unit 4") == {"uk"}
    assert countries.named("Darlaston, Wednesbury WS10 7RS") == {"uk"}
    # (a product's code is no postcode, nor a town's name alone)
    assert countries.named("Steel angle M10 4AB 2.5 m") == set()
    assert countries.named("LED tube T8 4FT") == set()
    assert countries.named("Floor L1 2ND, Unit 4") == set()
    assert countries.named("Cumbernauld") == set()


def test_a_british_page_with_no_currency_is_priced_in_pounds_flagged():
    page = f"""\
{BUYER}                                           PURCHASE ORDER
3 Waterfront Way, Brierley Hill DY5 1XN           Order No.  P0032620
Supplier: Velmor Trading (Pty) Ltd                Date  29/07/2026

Code       Description                 Qty     Price        Amount
LNT-1800   Steel cavity lintel 1800     15     61.84        927.60

                                     Goods Total             927.60
                                     VAT @ 20.00%            185.52
                                     Order Total           1,113.12
"""
    payload = read(page)
    assert payload["currency"] == "GBP"
    assert flagged(payload, "currency")


def test_a_suppliers_code_before_its_name_is_not_the_names():
    page = f"""\
{BUYER}                                           PURCHASE ORDER
Order no  26178359                                Order date  13/11/2026

Supplier
V23153  Strathkelvin Interiors Distribution Ltd
Block 2, Wardpark South, Cumbernauld G67 3EN

Code       Description                 Qty     Price        Amount
WC-CC-PK   Close-coupled WC pack         8     96.98        775.84

                                     Net amount              775.84
                                     VAT 20.00 %             155.17
                                     Total amount            931.01
"""
    payload = read(page)
    assert payload["supplier_name"] == "Strathkelvin Interiors Distribution Ltd"


def test_a_code_of_capitals_and_digits_is_no_suppliers_name():
    assert validate.not_a_supplier("BADGER0001", (BUYER,)) == "a code, not a name"
    assert validate.not_a_supplier("V23153", (BUYER,)) == "a code, not a name"
    # (a name in capitals with a space, or short, is a name)
    assert validate.not_a_supplier("3M", (BUYER,)) is None
    assert validate.not_a_supplier("K2000 TRADING", (BUYER,)) is None
    for name in ("BUILD4LESS", "TOOLS4U", "WD-40", "MAKITA"):
        assert validate.not_a_supplier(name, (BUYER,)) is None


CODE_OVER_NAME = f"""\
{BUYER}                                           Purchase Order
2201 Sixth Avenue, Suite 1400, Seattle, WA 98121  Order Nbr.  PO003103
                                                  Date  6/13/2026
VENDOR                                            SHIP TO
EMERALDCIT                                        Job SEA-0419 Interbay Self Storage
{{name}}1601 15th Ave W
1500 W Ewing Street                               Seattle, WA 98119

Line  Inventory ID  Description            Qty    Unit Cost    Ext. Cost
1     PLY-CDX-34    Plywood CDX 3/4 in    8.00      57.4600       459.68

                                                  Line Total      459.68
                                                  Order Total USD 459.68
"""


def test_a_name_under_the_suppliers_code_is_its_name():
    page = CODE_OVER_NAME.format(name="Emerald City Lumber Co.".ljust(50))
    payload = read(page)
    assert payload["supplier_name"] == "Emerald City Lumber Co."


def test_a_name_under_the_code_that_is_not_its_name_is_not_taken():
    page = CODE_OVER_NAME.format(name="Fastway Couriers (Pty) Ltd".ljust(50))
    payload = read(page)
    assert payload["supplier_name"] != "Fastway Couriers (Pty) Ltd"


def test_a_purchase_orders_number_that_is_the_sites_code_is_not_doubted_for_it():
    page = f"""\
{BUYER}                                           PURCHASE ORDER
Purchase Order No:  CP09                          Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd                Site: CP09

Code       Description                 Qty     Price        Amount
TB-40402   Square tube 40x40x2           2     600.00      1,200.00

                                     Subtotal              1,200.00
                                     VAT 15%                 180.00
                                     Total                 1,380.00
"""
    payload = read(page)
    assert payload["po_number"] == "CP09"
    assert not flagged(payload, "po_number")


def test_an_order_numbered_as_the_sites_code_is_doubted():
    page = f"""\
{BUYER}                                           AANKOOPBESTELLING
Verskaffer: Velmor Trading (Pty) Ltd              Datum  2026/06/22
Projek PE-220: Drakenstein kliniek

Rekening   Ons Verwysing   U Kwotasie
V23683     PE-220          Q74460

Kode       Beskrywing                  Hoev.   Prys         Bedrag
SND-PL     Pleistersand                    6   401.13      2,406.78

                                     Totaal Uitsl. BTW     2,406.78
                                     BTW @ 15%               361.02
                                     Totaal Ingesl. BTW    2,767.80
"""
    payload = read(page)
    assert payload["po_number"] != "PE-220" or flagged(payload, "po_number")
