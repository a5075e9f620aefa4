"""On the supplier's quotation that we accepted, our order's date is the day it was accepted,
printed in the acceptance's block under the prices ('ACEPTADA', 'Acceptance of Quotation',
'Bon pour accord'), not the quotation's own date at its head; found there, flagged. Our own
order's block where the supplier accepts it gives no date of ours. Each page is made up."""

from __future__ import annotations

import pytest

from app.extract.engine import read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE

QUOTE = f"""\
{{title}}                                          Ferrecentro Herrera, S.R.L.
No.    COT-24342                               Av. Isabel Aguiar No. 214, Santo Domingo
Fecha  01/05/2026
Cliente
{BUYER}
Cant.   Unidad   Código    Descripción                     Precio        Importe
5       RLL      ALB-18    Alambre dulce No. 18          5,020.83      25,104.15
3       VIAJE    ARN-LAV   Arena lavada                 12,457.05      37,371.15
                                                  Subtotal              62,475.30
                                                  ITBIS 18%             11,245.55
                                                  Total RD$             73,720.85
{{block}}
"""


def po_date(title: str, block: str) -> tuple[str | None, list[str]]:
    found = read_page_text(QUOTE.format(title=title, block=block), **OFFICE)
    return found["po_date"], found["warnings"]


@pytest.mark.parametrize(
    "title, block",
    [
        ("COTIZACIÓN", "ACEPTADA\nOrden de compra No.:   OC-4970-26\nFecha:   08/05/2026"),
        ("QUOTATION", "ACCEPTANCE OF QUOTATION\nPurchase order no.  OC-4970-26\nDate   08/05/2026"),
        ("DEVIS N° D26983", "Bon pour accord\nCommande n° OC-4970-26\ndu 08/05/2026"),
        ("PRESSUPOST", "ACCEPTACIÓ DEL PRESSUPOST\nData d'acceptació:   08/05/2026"),
    ],
)
def test_the_day_the_quotation_was_accepted_is_our_orders_date(title, block):
    value, warnings = po_date(title, block)
    assert value == "2026-05-08"
    assert "low_confidence:po_date" in warnings  # found by its place, not proven


def test_a_quotation_with_no_acceptance_keeps_its_own_date():
    value, _ = po_date("COTIZACIÓN", "Válida hasta 16/05/2026")
    assert value == "2026-05-01"


def test_our_own_orders_block_where_the_supplier_accepts_it_gives_no_date():
    page = f"""\
{BUYER}                                          PURCHASE ORDER
PO No.  PO-52218        Date  11/06/2026
Supplier  Velmor Trading (Pty) Ltd
Code      Description                          Qty  Unit     Unit Price      Amount
BLK-140   Hollow block 140 mm                  400  each          9.80     3,920.00
                                                    Total excl. VAT          3,920.00
                                                    VAT 15%                    588.00
                                                    Total incl. VAT          4,508.00
ACCEPTANCE
We accept this order and its terms.
Date   14/06/2026
"""
    assert read_page_text(page, **OFFICE)["po_date"] == "2026-06-11"
