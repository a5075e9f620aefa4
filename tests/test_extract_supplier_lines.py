"""A supplier no label names, found by two kinds of line: the line that gives a company's
address, registration or phone after its name (`supplier_company_line`: a foot's
'… bv - Kouterstraat 41, 9080 Lochristi - Ondernemingsnr. …', a letter's return address over
its window), and the company a page is addressed to, after 'M/s', 'Messrs' or Arabic's
'السادة/' (`supplier_addressed`). Both are found by their place: always flagged, never our
own company. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read

ITEMS = """\
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
OSB-11     OSB3 board 11 mm               10   sheet   20.00        200.00
                                                 Subtotal          1,000.00
                                                 VAT 15%             150.00
                                                 Total             1,150.00"""


def _rules(payload: dict) -> list[str]:
    return [r["rule"] for r in payload["rules_applied"]]


def _confirmation(foot: str, top: str = "") -> str:
    return f"""\
{top}
                                               ORDER CONFIRMATION
Your Order No.  MC-PO-7719                     Date  02/09/2026
Customer  {BUYER}                              Site  CP09
{ITEMS}
Goods remain our property until paid in full.
{foot}
"""


@pytest.mark.parametrize(
    "foot, name",
    [
        (
            "Boomkwekerij Van Damme-De Smet bv - Kouterstraat 41, 9080 Lochristi - "
            "Tel. 09 355 12 40",
            "Boomkwekerij Van Damme-De Smet bv",
        ),
        (
            "Kern Befestigungstechnik GmbH & Co. KG · Sitz Reutlingen · Tel. 07121 55 40",
            "Kern Befestigungstechnik GmbH & Co. KG",
        ),
        # a name with its own dash, the legal form after it
        (
            "Pavilis - Pavimentos e Calçadas, Lda. - Capital social 50 000,00 € - Pombal",
            "Pavilis - Pavimentos e Calçadas, Lda.",
        ),
        (
            "Corio Bay Skips & Waste Pty Ltd | ABN 41 623 118 902 | 9 Hume Court, Geelong",
            "Corio Bay Skips & Waste Pty Ltd",
        ),
    ],
)
def test_the_company_that_starts_the_foots_line_is_the_supplier_flagged(foot, name):
    found = read(_confirmation(foot))
    assert found["supplier_name"] == name
    assert flagged(found, "supplier_name")  # found by its place, never proven
    assert "supplier_company_line" in _rules(found)


def test_the_return_address_over_a_letters_window_names_the_supplier():
    top = "Holzbau Fankhauser GmbH · Gewerbestraße 14 · 6272 Kaltenbach im Zillertal"
    found = read(_confirmation("Thank you for your order.", top))
    assert found["supplier_name"] == "Holzbau Fankhauser GmbH"
    assert flagged(found, "supplier_name")


@pytest.mark.parametrize(
    "foot",
    [
        # our own company's line
        f"{BUYER} - 41 Voortrekker Road, Bellville - Tel. 021 948 3300",
        # a line of hours, its time's letters and points no legal form
        "Receiving Mon-Fri 7:00 a.m. - 3:00 p.m.",
        # a label's colon before the name: the label's line, not a company's
        "Bank: First Coastal Bank Ltd - Account 6204 1187 55",
        # a name with no legal form, or nothing after the mark
        "Meter Shop - pickup at the north gate",
        "Velmor Building Supplies Ltd -",
        # a company of our own group, its name starting with ours's first word
        "Meridian Bau GmbH · Postfach 2140 · 32371 Minden",
        # a bank's line, 'bank' a word of its name or a part of one
        "Zenith Bank Plc - Acct No: 1014725836 - Acct Name: Olumide & Sons Ltd",
        "Nedbank Ltd - Branch 198765 - Account 1020 3040 50",
        # a sentence that names a company, a page's number, names listed before one
        "Powered by Sage South Africa (Pty) Ltd - www.sage.com",
        "Payment to Velmor Timber Ltd - within 30 days",
        "Page 1 of 2 - Velmor Timber Ltd - 12 Dock Road",
        "Directors J Smith, P Naidoo - Harlow Holdings Ltd - Reg. 2001/004512/07",
    ],
)
def test_a_line_that_is_no_other_companys_names_no_supplier(foot):
    found = read(_confirmation(foot))
    assert found["supplier_name"] is None
    assert flagged(found, "supplier_name")


def test_a_supplier_under_its_label_is_not_taken_from_the_foot():
    page = _confirmation("Other Trading Ltd - 12 Dock Road, Cape Town").replace(
        "Customer", "Supplier  Velmor Trading (Pty) Ltd\nCustomer"
    )
    found = read(page)
    assert found["supplier_name"] == "Velmor Trading (Pty) Ltd"
    assert "supplier_company_line" not in _rules(found)


def _addressed(to: str, head: str = "NARMADA KSHETRA VIDYUT VITARAN COMPANY LIMITED") -> str:
    return f"""\
{head}
Block 7, Shakti Bhawan, Jabalpur (M.P.) - 482008
PURCHASE ORDER
PO No.: NKV-26-1887                         PO Date: 30.10.2026
{to}
15, Industrial Estate, Udyog Vihar, Rewa (M.P.) - 486006
Consignee: Area Store, Sagar, for M/s {BUYER}, Project CP09
{ITEMS}
"""


@pytest.mark.parametrize(
    "to, name",
    [
        ("M/s Rewa Power Equipments Pvt. Ltd.,", "Rewa Power Equipments Pvt. Ltd."),
        ("Messrs. Shannon Valley Timber Merchants Ltd", "Shannon Valley Timber Merchants Ltd"),
        ("السادة/ شركة سحاب للحديد والصلب ذ.م.م المحترمين", "شركة سحاب للحديد والصلب ذ.م.م"),
        # an Arabic establishment's name: its word first, no legal form after it
        ("السادة/ مؤسسة الرصيفة لتجارة مواد البناء المحترمين", "مؤسسة الرصيفة لتجارة مواد البناء"),
    ],
)
def test_the_company_a_page_is_addressed_to_is_the_supplier_flagged(to, name):
    found = read(_addressed(to))
    assert found["supplier_name"] == name
    assert flagged(found, "supplier_name")  # found by its place, never proven
    assert "supplier_addressed" in _rules(found)


@pytest.mark.parametrize(
    "to",
    [
        "M/s Rakesh Patel (Site Engineer)",
        "Messrs John Kamau & Peter Otieno",
        "M/s Sub: Supply of plywood as per our enquiry Ltd",
    ],
)
def test_a_person_or_a_subject_after_messrs_is_no_supplier(to):
    found = read(_addressed(to))
    assert "supplier_addressed" not in _rules(found)
    assert found["supplier_name"] is None or flagged(found, "supplier_name")


@pytest.mark.parametrize("name", ["M/Steel Fabricators Ltd", "Messrsmith Joinery Ltd"])
def test_a_name_that_starts_with_messrs_letters_keeps_them(name):
    found = read(_confirmation("Thank you.").replace("Customer", f"Supplier  {name}\nCustomer"))
    assert found["supplier_name"] == name


def test_a_page_addressed_to_our_own_company_names_no_supplier_so():
    found = read(_addressed(f"M/s {BUYER}", head="Rewa Power Equipments Pvt. Ltd."))
    assert found["supplier_name"] != BUYER
    assert "supplier_addressed" not in _rules(found)


def test_arabics_messrs_and_its_respected_are_no_part_of_the_name_under_to():
    # under 'To,' on our own order the name is the supplier's, but without the words that
    # address it ('السادة/ … المحترمين', 'Messrs … the respected')
    page = _addressed("To,\nالسادة/ شركة سحاب للحديد والصلب ذ.م.م المحترمين", head=BUYER)
    found = read(page)
    assert found["supplier_name"] == "شركة سحاب للحديد والصلب ذ.م.م"


def test_past_a_banks_line_the_suppliers_own_is_read():
    foot = (
        "Olumide & Sons Iron & Steel Ventures Ltd - 14 Apapa Road, Lagos\n"
        "Zenith Bank Plc - Acct No: 1014725836"
    )
    found = read(_confirmation(foot))
    assert found["supplier_name"] == "Olumide & Sons Iron & Steel Ventures Ltd"
    assert flagged(found, "supplier_name")
