"""Our order's number under the labels a supplier's page abroad gives it, each on a page made
up here: Spanish's 'OC:' and Chile's 'O/C cliente:', "Buyer's PO No.", French's 'Réf. votre
bon de commande', Montenegrin's 'Po vašoj narudžbi br.' and Finnish's 'Ostotilauksen
numero/pvm', Macedonian's 'Ваша нарачка бр.', and the Korean, Japanese and Chinese 'your
company's order number'; and a plain 'OC' in a word or a code is no label."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, read


def _page(label: str, value: str) -> str:
    return f"""\
Velmor Trading (Pty) Ltd                              SALES ORDER
12 Quarry Road, Germiston                             SO No.  SO-88123
{label:<30} {value}                  Date  02/09/2026
Customer  {BUYER}
Site CP09
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   40.00        800.00
                                                 Subtotal            800.00
                                                 VAT 15%             120.00
                                                 Total               920.00
"""


@pytest.mark.parametrize(
    "label, value",
    [
        ("OC:", "27867"),
        ("O/C cliente:", "4173-26"),
        ("Buyer's PO No.:", "GZ-PO-2603-095"),
        ("Réf. votre bon de commande :", "BC/TNG/370/26"),
        ("Po vašoj narudžbi br.", "PG-400/2026"),
        ("Ostotilauksen numero/pvm", "4500072907"),
        ("Ваша нарачка бр.", "НБ-735/26"),
        ("귀사 발주번호 :", "BSN-26-0481"),
        ("貴社注文番号", "TK26955-30"),
        ("贵公司订单号:", "CG20260409-23"),
    ],
)
def test_our_orders_number_under_a_suppliers_label_for_it(label, value):
    assert read(_page(label, value))["po_number"] == value


def test_a_label_ending_in_oc_is_not_spanishs_order():
    for label in ("Doc:", "Loc:", "Proc:"):
        assert read(_page(label, "5512"))["po_number"] != "5512"
