"""A remark printed under an item, in a table whose header names its columns in words not
known here (so the columns are named only once all its rows are read): a line that says it
is a note ('Note: …') or starts with a label and a colon naming no property of what is
ordered, words after it ('Merknad: levering …', 'Obs.: entregar con remito …'), ends the
item's description; a wrapped description, a property ('Farge: hvit'), or a code under its
name ('Kode: GP-125') do not. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_11 import read

PAGE = """\
Meridian Construction (Pty) Ltd                                    BESTILLING
Bestillingsnr.  PO-52218       Dato  11.06.2026      Leverandør  Velmor Trading (Pty) Ltd
Varenr.    Tekst                                   Ant.  Enh.        Pris         Beløp
77880014   Vindsperre 1,3x50 m                       3   RULL    1 392,03      4 176,09
           {under}
72300118   Gipsplate 12,5 mm 1200x2400              60   STK       130,32      7 819,20
                                                           Grunnlag mva       11 995,29
                                                           Mva 15 %            1 799,29
                                                           Sum                13 794,58
"""


def descriptions(under: str) -> list[str]:
    return [item["description"] for item in read(PAGE.format(under=under))["items"]]


@pytest.mark.parametrize(
    "under",
    [
        "Merknad: levering på byggeplass kun hverdager 07.00-14.30, ring anleggsleder",
        "Obs.: entregar con remito en obra; descarga a cargo del proveedor",
        "Note: colours to match the approved sample board at the site office",
        "Catatan: kirim ke gudang proyek, bongkar di area b",
    ],
)
def test_a_remark_under_an_item_is_no_part_of_its_description(under):
    assert descriptions(under) == ["Vindsperre 1,3x50 m", "Gipsplate 12,5 mm 1200x2400"]


@pytest.mark.parametrize(
    "under, description",
    [
        ("diffusjonsåpen, kl. W1", "Vindsperre 1,3x50 m diffusjonsåpen, kl. W1"),  # wrapped
        ("Colour: white, matt", "Vindsperre 1,3x50 m Colour: white, matt"),  # a property
    ],
)
def test_a_description_running_on_or_a_property_under_it_stays(under, description):
    assert descriptions(under)[0] == description
