"""A supplier's quotation or proforma raised against our order is read as that order, every
field flagged, whichever label names our order on it: the supplier's 'your order' ('Su
pedido', 'Buyer's Order No.'), the customer's order ('Customer order'), or a purchase
order's own label, which on the supplier's paper can only be the customer's ('PO No.',
'Orden de compra', 'N° bon de commande'), the reference alone under it; or no label, and the
one reference names itself a PO's ('MCI/BLR/PO/0278'). A proforma's own sales order ('Order
No.'), an enquiry, or words under the label ('Awaiting PO - ref quote 4471') still name no
order of ours, and the page is refused. Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract.document import ExtractionError
from app.extract.engine import QUOTED, as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged

PROFORMA = f"""\
KILIMO BUILDING SUPPLIES LTD                                          PROFORMA INVOICE
Plot 14, Industrial Area                                       No.   PF-26-04417
Tel: +255 22 286 1120                                          Date: 12/06/2026
BILL TO
{BUYER}
{{label}}
Code       Description               Qty   Unit    Unit price        Total
CEM-425    Portland cement 42.5N     20    bag         14.10        282.00
SND-RV     River sand                 6    m3          45.50        273.00
                                                   TOTAL              555.00
"""


def read(label: str) -> dict:
    return as_po(read_page_text(PROFORMA.format(label=label), **OFFICE))


@pytest.mark.parametrize(
    "label",
    [
        "Su pedido: MCR-1795/26",
        "Su O.C.: MCR-1795/26",
        "Customer order: MCR-1795/26",
        "Orden de compra: MCR-1795/26",
        "N° bon de commande : MCR-1795/26",
        "Kunden-Bestell-Nr.: MCR-1795/26 vom 11.06.2026",
        "PO No.: MCR-1795/26",
        "Ref: MCR/PO/26/1795",  # no label of our order: the reference names itself a PO's
    ],
)
def test_a_proforma_naming_our_order_under_any_label_of_it_is_read_as_it(label):
    found = read(label)
    assert found["document_type"] == "purchase_order"
    assert found["po_number"] in ("MCR-1795/26", "MCR/PO/26/1795")
    assert QUOTED in found["warnings"]
    assert all(flagged(found, name) for name in ("po_number", "po_date", "total", "items"))
    assert len(found["items"]) == 2


def test_our_order_under_its_label_in_a_row_of_labels_over_their_values():
    page = PROFORMA.format(label="").replace(
        "BILL TO",
        "SU PEDIDO      FECHA PEDIDO    OBRA\nPC-TF/1550     11/06/2026      DBN07\nBILL TO",
    )
    found = as_po(read_page_text(page, **OFFICE))
    assert found["po_number"] == "PC-TF/1550"
    assert QUOTED in found["warnings"]


@pytest.mark.parametrize(
    "label",
    [
        "Order No.: SO-26-2291",  # the proforma's own sales order
        "Réf. devis : DV-26-0410",  # a quotation's own reference
        "Customer ref.: RFQ-26-118",  # an enquiry's
        "Customer order: TO FOLLOW",  # no number yet
        "PO No.: Awaiting PO - ref quote 4471",  # words under the label, a quote's number
        "Orden de compra: telefónica, Sr. Ruiz 954 221 330",  # a telephone's number
    ],
)
def test_a_proforma_naming_no_order_of_ours_is_still_refused(label):
    with pytest.raises(ExtractionError, match="quotation"):
        read(label)


def test_a_sites_code_in_the_boxes_of_our_order_is_no_order_of_ours():
    # an estimate's 'P.O. No.' box that the supplier filled in with the site it delivers to
    assert "DBN07" in OFFICE["site_codes"]
    with pytest.raises(ExtractionError, match="quotation"):
        read("P.O. No.: DBN07")
