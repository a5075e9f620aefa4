"""A supplier's quotation or proforma raised against our order, uploaded as a PO: imported as
that order with every value flagged (`quoted`) for a person to check against the order; a
quotation that names no order of ours is refused as before. Real worker pipeline, real
SQLite."""

from __future__ import annotations

from fpdf import FPDF

from app import pipeline, queue_reads
from app.purchase_orders import store
from tests.conftest import store_batch
from tests.fixtures.po_pdf import FIXED_DATE

ITEMS = [
    ("CIM-425R", "Cement 42.5R", "2.00", "bag", "141.30", "282.60"),
    ("SND-RV", "River sand", "6.00", "m3", "164.40", "986.40"),
]


def proforma_bytes(our_order_label: str) -> bytes:
    pdf = FPDF(format="A4")
    pdf.set_creation_date(FIXED_DATE)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(120, 10, "Umucyo Hardware Ltd")
    pdf.cell(0, 10, "PROFORMA", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=10)
    for line in ("No. PF-26-02409", "Date: 12/06/2026", "Client: Meridian Construction"):
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 6, our_order_label, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    widths = (25, 55, 20, 15, 30, 30)
    for title, width in zip(
        ("Code", "Description", "Qty", "Unit", "Unit price", "Amount"), widths, strict=True
    ):
        pdf.cell(width, 7, title)
    pdf.ln(7)
    for item in ITEMS:
        for text, width in zip(item, widths, strict=True):
            pdf.cell(width, 7, text)
        pdf.ln(7)
    pdf.ln(4)
    for label, amount in (("Subtotal", "1269.00"), ("VAT 15%", "190.35"), ("Total", "1459.35")):
        pdf.cell(0, 6, f"{label}: {amount}", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def test_a_proforma_naming_our_order_is_imported_as_it_every_value_flagged(settings, db):
    batch_id = store_batch(settings, db, proforma_bytes("Your order No.: MCR/PO/26/1795"))
    pipeline.run_batch(settings, batch_id)
    batch = queue_reads.get_batch(db, batch_id)
    assert batch["status"] == "processed", batch["last_error"]
    assert "quoted" in batch["warnings"]
    assert {"low_confidence:po_number", "low_confidence:total"} <= set(batch["warnings"])
    po = store.get_po(db, batch["processed_record_id"])
    assert po["purchase_order_number"] == "MCR/PO/26/1795"
    assert po["total_cents"] == 145935


def test_a_quotation_naming_no_order_of_ours_is_refused_with_a_sentence(settings, db):
    batch_id = store_batch(settings, db, proforma_bytes("Your ref.: telephone enquiry"))
    pipeline.run_batch(settings, batch_id)
    batch = queue_reads.get_batch(db, batch_id)
    assert batch["status"] == "dead"
    assert batch["processed_record_id"] is None
    assert "looks like a quotation" in batch["last_error"]
