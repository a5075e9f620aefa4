"""The project or site named in Malay ('Tapak'), Swahili ('Mradi') and Irish ('Tionscadal'),
as rotation 24's families (dev since rotation 26) print it. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, read
from tests.test_extract_second_reading_7 import TABLE


@pytest.mark.parametrize("label", ["Tapak:", "Mradi:", "Tionscadal:"])
def test_the_project_under_its_label_in_more_languages(label):
    page = f"""\
{BUYER}                                  PURCHASE ORDER
Supplier: Velmor Trading (Pty) Ltd                   PO No.   MC-44120
{label}   GAI-04                                     Date     12/03/2026
{TABLE}"""
    assert read(page)["project_code"] == "GAI-04"
