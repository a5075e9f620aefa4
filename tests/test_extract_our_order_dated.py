"""A supplier's confirmation prints our order's date right after our order's number (a comma,
a space, or a word for 'of' between: 'Teie tellimus T2026/0183, 27.04.2026', 'Your LPO No.:
MER-LPO-26-1957' beside 'dated 04/09/2026', 'de fecha:' beside '18/03/2026'), or in a sentence
naming our order ('Thank you for your order of June 14, 2026', 'Vi takker for Deres ordre af
23-10-2026'); its own 'Date' is the confirmation's. Our order's date is read there; a sentence's
number is taken, flagged, where no label gave one; another order's number and date in a
sentence are not ours, and our own order's sentences are not read so. Each page is made up
here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged

CONFIRMATION = f"""\
VELMOR TRADING (Pty) Ltd                                   ORDER CONFIRMATION
14 Gate Street, Germiston 1401                             Date      15/09/2026
                                                           Conf. No. VC-88120
Customer: {BUYER}
{{ours}}
Code       Description               Qty   Unit    Rate        Amount
WP-2460    Wall panel 2400 x 600      60   each    1.41         84.60
AC-PRP     Acrow prop No. 3           80   each    0.57         45.60
                                              Total excl. VAT  130.20
                                              VAT 15%           19.53
                                              Total incl. VAT  149.73
"""


def read(ours: str) -> dict:
    return as_po(read_page_text(CONFIRMATION.format(ours=ours), **OFFICE))


def test_the_date_after_a_comma_is_our_orders():
    found = read("Your order:   MCN-26413, 12.09.2026")
    assert found["po_number"] == "MCN-26413"
    assert found["po_date"] == "2026-09-12"
    assert not flagged(found, "po_date")


def test_the_date_in_the_cell_after_the_number_after_dated():
    found = read("Your order No.:  MCN-26413      dated 12 September 2026")
    assert found["po_date"] == "2026-09-12"
    assert not flagged(found, "po_date")


def test_of_its_date_alone_in_a_cell_and_the_date_in_the_next():
    found = read("Su orden de compra N°:   MCN-26413     de fecha:    12/09/2026")
    assert found["po_date"] == "2026-09-12"


def test_a_person_in_brackets_after_the_date():
    found = read("Your order:   MCN-26413 dated 12 September 2026 (N. Dlamini)")
    assert found["po_date"] == "2026-09-12"


def test_a_sentence_naming_our_order_and_its_date():
    found = read("Thank you for your order MCN-26413 of 12/09/2026, which we confirm below.")
    assert found["po_number"] == "MCN-26413"
    assert flagged(found, "po_number")  # (a sentence, no label)
    assert found["po_date"] == "2026-09-12"


def test_a_sentence_in_danish_with_no_number():
    found = read(
        "Vi takker for Deres ordre af 12-09-2026 og bekræfter hermed levering af følgende:"
    )
    assert found["po_date"] == "2026-09-12"


def test_a_sentence_in_italian_with_its_number_after_n():
    found = read("Oggetto: Conferma d'ordine n. 26/0463 - Vs. ordine n. MIT-0780/26 del 12/09/2026")
    assert found["po_number"] == "MIT-0780/26"
    assert found["po_date"] == "2026-09-12"


def test_another_orders_number_in_the_sentence_gives_no_date():
    found = read(
        "Your order:   MCN-26413\nThis replaces your order MCN-26399 of 02/09/2026, now cancelled."
    )
    assert found["po_number"] == "MCN-26413"
    assert found["po_date"] != "2026-09-02"


def test_a_date_after_the_number_and_more_words_is_not_read_so():
    found = read("Your order:   MCN-26413 of 12/09/2026 and our quote Q-881 of 01/09/2026")
    assert found["po_date"] != "2026-09-01"


OURS = f"""\
{BUYER}                                   PURCHASE ORDER
3 Hardman Square, Cape Town                 PO Number   PO-4521
                                            Date        15/09/2026
Supplier: Velmor Trading (Pty) Ltd
Delivery to site CP09. Against your quotation; as your order of 02/09/2026 was cancelled.
Code       Description               Qty   Unit    Rate        Amount
WP-2460    Wall panel 2400 x 600      60   each    1.41         84.60
                                              Total excl. VAT   84.60
                                              VAT 15%           12.69
                                              Total incl. VAT   97.29
"""


def test_our_own_orders_sentence_leaves_its_date():
    found = as_po(read_page_text(OURS, **OFFICE))
    assert found["po_number"] == "PO-4521"
    assert found["po_date"] == "2026-09-15"


HEADINGS = f"""\
KIRINYAGA HARDWARE & STEEL MART Ltd                           SALES ORDER
Kirinyaga Road, Nairobi                             S/O No.     SO246276
                                                    S/O Date    03/09/2026
Sold To
{BUYER}
{{headings}}
{{values}}
Code       Description               Qty   Unit    Rate        Amount
WP-2460    Wall panel 2400 x 600      60   each    1.41         84.60
AC-PRP     Acrow prop No. 3           80   each    0.57         45.60
                                              Total excl. VAT  130.20
                                              VAT 16%           20.83
                                              Total incl. VAT  151.03
"""


def read_headed(headings: str, values: str) -> dict:
    page = HEADINGS.format(headings=headings, values=values)
    return as_po(read_page_text(page, **OFFICE))


def test_the_date_headed_beside_our_orders_heading():
    found = read_headed(
        "Cust. LPO No.     LPO Date      Project     Terms",
        "MK/LPO/4613/26    02/09/2026    CP09        30 Days",
    )
    assert found["po_number"] == "MK/LPO/4613/26"
    assert found["po_date"] == "2026-09-02"
    assert not flagged(found, "po_date")


def test_of_alone_as_the_heading_beside_ours():
    found = read_headed(
        "Your order No.    of            Project     Terms",
        "MK/LPO/4613/26    02/09/2026    CP09        30 Days",
    )
    assert found["po_date"] == "2026-09-02"


def test_a_delivery_dates_heading_beside_ours_is_not_our_orders_date():
    found = read_headed(
        "Cust. LPO No.     Delivery Date   Project     Terms",
        "MK/LPO/4613/26    19/09/2026      CP09        30 Days",
    )
    assert found["po_date"] != "2026-09-19"


def test_a_heading_naming_no_date_beside_ours_gives_none():
    found = read_headed(
        "Cust. LPO No.     Required        Project     Terms",
        "MK/LPO/4613/26    19/09/2026      CP09        30 Days",
    )
    assert found["po_date"] != "2026-09-19"


def test_your_reference_in_french_with_its_accent_is_found_not_proven():
    page = f"""\
M O S A N                                              Confirmation de commande
SANITAIRE · CHAUFFAGE                                  N° CC26/12447 du 02/09/2026
CLIENT
{BUYER}                      Votre référence   NAM-2601-86
Service achats                                         Chantier          CP09
Code       Description               Qty   Unit    Rate        Amount
WP-2460    Wall panel 2400 x 600      60   each    1.41         84.60
                                              Total HTVA        84.60
                                              TVA 21%           17.77
                                              Total TVAC       102.37
"""
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "NAM-2601-86"
    assert flagged(found, "po_number")  # (a reference may be a person's)
