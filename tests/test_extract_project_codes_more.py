"""More places a page prints the project's or the site's code: under Turkish's 'Şantiye', under
a business system's work breakdown element ('PSP-Element', "Élément d'OTP"; read only where no
project or site is named, and flagged: a cost's code as much), and before the site's name under
more labels of the place of delivery ('Place of Delivery', 'Szállítási cím'; not a country's
letters before a postcode). A place on a site named by a word and its number ('Block 3') is
flagged unless a site is known by it. Each page is made up here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged

PAGE = f"""\
{BUYER}                                   PURCHASE ORDER
3 Hardman Square, Cape Town                 PO Number   PO-4521
                                            Date        15/09/2026
Supplier: Velmor Trading (Pty) Ltd
{{project}}
Code       Description               Qty   Unit    Rate        Amount
WP-2460    Wall panel 2400 x 600      60   each    1.41         84.60
                                              Total excl. VAT   84.60
                                              VAT 15%           12.69
                                              Total incl. VAT   97.29
"""


def read(project: str, **office) -> dict:
    return as_po(read_page_text(PAGE.format(project=project), **(OFFICE | office)))


def test_the_turkish_building_sites_label():
    found = read("Şantiye:   GAP-SHK-03 - Şehitkamil Konut Projesi, B Blok")
    assert found["project_code"] == "GAP-SHK-03"


def test_a_work_breakdown_element_names_the_project_flagged():
    found = read("PSP-Element:   P-2614-HH-03")
    assert found["project_code"] == "P-2614-HH-03"
    assert flagged(found, "project_code")


def test_a_site_named_outranks_a_work_breakdown_element():
    found = read("WBS element   P-4410-02\nSite          MK-12 - Milton Keynes medical centre")
    assert found["project_code"] == "MK-12"


def test_the_place_of_delivery_with_the_sites_code_before_its_name():
    found = read("Place of Delivery:   BEFF-07 - Santa Barbara National High School")
    assert found["project_code"] == "BEFF-07"
    assert flagged(found, "project_code")  # (no site known by it: perhaps a store's)


def test_a_postcode_under_a_place_of_delivery_is_no_code():
    found = read("Afleveradres:   NL-3072 AP Rotterdam, Wilhelminakade 12")
    assert found["project_code"] != "NL-3072"


def test_a_place_on_a_site_is_flagged_where_no_site_is_known():
    found = read("Site:   Block 3", site_codes=())
    assert found["project_code"] == "Block 3"
    assert flagged(found, "project_code")
