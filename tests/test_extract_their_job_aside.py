"""On a supplier's own page (a hire contract, a job confirmation, a sales contract), the number
under 'Job No.' or 'Contract No.' is the supplier's own; where a project's or a site's label
names another code shaped as the office's sites' codes are ('Project: PE-231', 'SITE' over
'WOL-046 - Wolverhampton station car park'), that one is likelier our project's: taken, and
flagged unless it is a known site's (the supplier's yard may be named so). A job's or
contract's number stays where nothing else names a project, where the other is a place's name
('Site: Depot 3'), where it is a known site's code, and on our own order. Each page is made up
here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged

HIRE = f"""\
TAME VALLEY PLANT HIRE Ltd                                        HIRE CONTRACT
Unit 7, Bromford Gate, Birmingham B24 8DW              Contract No.   HC218384
VAT Reg. No. GB 294 1836 52                            Your order No. MUK-34070
                                                       Order date     20/02/2026
HIRER                              {{head}}
{BUYER}       {{code}}
3 Hardman Square, Manchester      Railway Drive, Wolverhampton
Code       Description               Qty   Unit    Rate        Amount
WP-2460    Wall panel 2400 x 600      60   each    1.41         84.60
AC-PRP     Acrow prop No. 3           80   each    0.57         45.60
                                              Total excl. VAT  130.20
                                              VAT 20%           26.04
                                              Total incl. VAT  156.24
"""


def read(head: str, code: str) -> dict:
    return as_po(read_page_text(HIRE.format(head=head, code=code), **OFFICE))


def test_the_site_under_its_heading_is_the_project_not_the_hire_contract():
    found = read("SITE", "WOL-046 - Wolverhampton station car park")
    assert found["project_code"] == "WOL-046"
    assert flagged(found, "project_code")  # (no known site's: perhaps the supplier's yard)


def test_a_place_under_the_site_heading_leaves_the_contract_flagged():
    found = read("SITE", "Depot 3 - Bromford Gate")
    assert found["project_code"] == "HC218384"
    assert flagged(found, "project_code")


def test_a_known_site_under_its_heading_is_the_project_and_proven():
    found = read("SITE", "PE-220 - Gqeberha harbour offices")
    assert found["project_code"] == "PE-220"
    assert not flagged(found, "project_code")


def test_with_no_project_named_the_contract_stays_flagged():
    found = read("TRANSPORT", "Collected by hirer")
    assert found["project_code"] == "HC218384"
    assert flagged(found, "project_code")


JOB = f"""\
DARLING DOWNS TERMITE & PEST Pty Ltd                           JOB CONFIRMATION
12 Ruthven Street, Toowoomba QLD 4350                    Job No.    {{job}}
Builder      {BUYER}                                     Booked for 10 Oct 2026
Your order   MCA-40803
Project:     {{project}}
Code       Description                 Qty   Unit    Price       Amount
TB-PERIM   Perimeter termite barrier    42   m       18.50       777.00
TB-PEN     Penetration collars          16   each     9.25       148.00
                                                  Total excl. GST  925.00
                                                  GST 10%           92.50
                                                  Total            1,017.50
"""


def test_a_project_label_beside_the_suppliers_job_number_wins():
    page = JOB.format(job="J26-1414", project="PE-231")
    found = as_po(read_page_text(page, **OFFICE))
    assert found["project_code"] == "PE-231"
    assert flagged(found, "project_code")


def test_a_known_sites_code_under_a_project_label_beside_the_job_number_is_proven():
    page = JOB.format(job="J26-1414", project="PE-220")
    found = as_po(read_page_text(page, **OFFICE))
    assert found["project_code"] == "PE-220"
    assert not flagged(found, "project_code")


def test_a_job_number_that_is_a_known_sites_code_stays():
    page = JOB.format(job="DBN07", project="PE-231")
    found = as_po(read_page_text(page, **OFFICE))
    assert found["project_code"] == "DBN07"


OURS = f"""\
{BUYER}                                               PURCHASE ORDER
41 Voortrekker Road, Bellville 7530                     PO No.    MC-26-0412
                                                        Date      12/06/2026
                                                        Job No.   KZ-4410
SUPPLIER                         SITE
Velmor Trading (Pty) Ltd         WH-01 - Central stores
Code       Description               Qty   Unit    Price        Amount
CEM-425    Portland cement 42.5N     20    bag      14.10        282.00
                                                  TOTAL           282.00
"""


def test_on_our_own_order_the_job_number_is_ours():
    found = as_po(read_page_text(OURS, **OFFICE))
    assert found["project_code"] == "KZ-4410"
