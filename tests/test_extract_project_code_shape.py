"""In a row of headings over their values, the words beside a project's label that are no code
(no digit nor hyphen: 'REQUIRED BY', 'Prazo de Entrega', 'Besteller'), with a value of their
own under them, are the next heading: the project's code is the one under its label. Elsewhere
a project named in words is read as before (and flagged by its proof). Each page is made up
here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE

ITEMS = """\
Code       Description               Qty   Unit    Price        Amount
CEM-425    Portland cement 42.5N     20    bag      14.10        282.00
SND-RV     River sand                 6    m3       45.50        273.00
                                                  TOTAL           555.00
"""


def read(header: str, **office) -> dict:
    page = f"""\
{BUYER}                                    PURCHASE ORDER
41 Voortrekker Road, Bellville 7530           PO No.   MC-26-0412
                                              Date     12/06/2026
Supplier:   Velmor Trading (Pty) Ltd
{header}
{ITEMS}"""
    return as_po(read_page_text(page, **(OFFICE | office)))


def test_a_row_of_headings_over_their_values_gives_the_projects_code():
    found = read("PROJECT        REQUIRED BY     TERMS\nMIS-0412       15/06/2026      30 days")
    assert found["project_code"] == "MIS-0412"


def test_another_labels_words_beside_the_project_label_are_no_code():
    found = read("Obra           Prazo de Entrega\nGMR-204        15/06/2026")
    assert found["project_code"] == "GMR-204"


def test_a_code_of_letters_joined_by_a_hyphen_is_one():
    found = read("Chantier :   MRS-BELSUNCE")
    assert found["project_code"] == "MRS-BELSUNCE"


def test_a_known_sites_alias_in_words_is_still_read():
    found = read("Site:   Riverside", site_codes=("CP09", "Riverside"))
    assert found["project_code"] == "Riverside"


def test_a_cost_centres_heading_beside_another_over_their_values():
    found = read(
        "Kostenstelle     Besteller       Lieferdatum\nKST-4410         A. Schmidt      15.06.2026"
    )
    assert found["project_code"] == "KST-4410"


def test_a_project_named_in_words_beside_its_label_stays_read():
    # (no row of headings: the contract's number on the same line is not read in its place)
    found = read("Project:   Seapoint Promenade        Contract:   FW-229")
    assert found["project_code"] == "Seapoint Promenade"
