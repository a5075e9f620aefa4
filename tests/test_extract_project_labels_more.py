"""The project's code under two more labels: Dutch's project number run together with its
mark ('Projectnr.', 'Projectnummer', as 'Project No.' was read), and French's reference of
the site ('Réf. chantier', 'Référence du chantier'); not a 'Réf. affaire', which may be the
supplier's own file. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract.engine import read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE

PAGE = f"""\
{BUYER}                                          PURCHASE ORDER
PO No.  PO-52218        Date  11/06/2026
Supplier  Velmor Trading (Pty) Ltd
{{label}}
Code      Description                          Qty  Unit     Unit Price      Amount
BLK-140   Hollow block 140 mm                  400  each          9.80     3,920.00
                                                    Total excl. VAT          3,920.00
                                                    VAT 15%                    588.00
                                                    Total incl. VAT          4,508.00
"""


def project(label: str) -> str | None:
    return read_page_text(PAGE.format(label=label), **OFFICE)["project_code"]


@pytest.mark.parametrize(
    "label",
    [
        "Projectnr.  PRJ00041",
        "Projectnummer: PRJ00041",
        "Project Nr: PRJ00041",
        "Réf. chantier : PRJ00041",
        "Référence du chantier : PRJ00041",
    ],
)
def test_the_projects_code_under_more_of_its_labels(label):
    assert project(label) == "PRJ00041"


def test_a_reference_of_the_affair_is_no_label_of_the_site():
    # the supplier's own file number on its acknowledgement: the site under 'Chantier' wins
    page = "Chantier :  LY-305 Lyon Confluence\nRéf. affaire :  AF-2417"
    assert project(page) == "LY-305"
