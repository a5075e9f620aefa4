"""A site's code named in the words of a page, with no project label known and no known
site's code (rule `project_in_words`, flagged): above the items by a job's word too, a
number's marker between the word and the code ('Job No. HB-2207'); with none named above
the items, one the words under them name a project's or a site's (the terms' '... obra
MX-ESC-12'), never a job's there, where a supplier's foot names its own. Each page is made
up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE

HEAD = f"""\
{BUYER}                                  PURCHASE ORDER
14 Dock Road, Cape Town                                  Order No.   MC-55120
                                                         Date        03/11/2026
Supplier: Velmor Trading (Pty) Ltd"""


def _by_rule(payload: dict) -> bool:
    return "project_in_words" in (payload["source"].get("project_code") or "")


@pytest.mark.parametrize(
    "above, below, code",
    [
        # the job's word above the items, its number's marker before the code
        ("Deliver to: Harbour clinic extension (Job No. HB-2207)", "", "HB-2207"),
        ("Please deliver to our site, job HB-2207, Harbour clinic", "", "HB-2207"),
        # the project's word with a marker
        ("Deliver to: Harbour clinic extension, project nr. HB-2207", "", "HB-2207"),
        # a code that starts with a number's letters keeps them
        ("Deliver to: Harbour clinic extension - Project NORD-12", "", "NORD-12"),
        # none named above the items: the terms under them name the works
        ("", "Delivery: before 03/09/2026 to the site of obra MX-ESC-12, gate 2.", "MX-ESC-12"),
        ("", "Condiții: livrare la șantier CJ-ALB4, între orele 7 și 15.", "CJ-ALB4"),
        # Lithuanian's 'the object'
        ("", "Pristatymas iki 2026-11-19, objektas TLS-19, Telšiai.", "TLS-19"),
    ],
)
def test_a_code_the_words_name_is_read_flagged(above, below, code):
    page = f"{HEAD}\n{above}\n{TABLE}\n{below}\n"
    payload = read(page)
    assert payload["project_code"] == code
    assert _by_rule(payload)
    assert flagged(payload, "project_code")


@pytest.mark.parametrize(
    "above, below",
    [
        # a job's number under the items is the supplier's own
        ("", "Printed by CalLab LIMS - job KCS-26-0541 - booked in 03/11/2026"),
        # two codes named under the items: neither
        ("", "Deliver to obra MX-ESC-12; invoice to obra MX-ESC-14."),
        # the supplier's job above the items
        ("Ref: your quotation Q-4412 dated 28/10/2026, your job VT-2291", ""),
        ("Service of the loader as per job no. WS-4471", ""),
        # Portuguese's 'no' is 'in the', no number's mark
        ("Local de entrega: obra no IC19, nó de Ranholas, Sintra", ""),
        # under the items, words of no delivery: a rule's or a standard's name
        ("", "All drivers must complete COVID-19 site screening at the gate."),
        ("", "This order is a subcontract under the project NEC4 ECC, Option A."),
    ],
)
def test_no_code_where_the_words_do_not_name_one_alone(above, below):
    payload = read(f"{HEAD}\n{above}\n{TABLE}\n{below}\n")
    assert payload["project_code"] is None


def test_a_code_named_above_the_items_comes_before_one_under_them():
    page = f"{HEAD}\nDeliver to: Harbour clinic (project HB-2207)\n{TABLE}\nSee obra MX-ESC-12.\n"
    assert read(page)["project_code"] == "HB-2207"
