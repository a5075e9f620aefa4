"""The first extractor: simple labelled text PDFs, and the documents it must refuse."""

from __future__ import annotations

import io

import pytest
from fpdf import FPDF
from pypdf import PdfReader, PdfWriter

from app.extract import Document, ExtractionError, extract
from app.extract.textpdf import parse_text
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes


def document(tmp_path, data: bytes, content_type: str = "application/pdf") -> Document:
    path = tmp_path / "doc"
    path.write_bytes(data)
    return Document(path, content_type, "doc.pdf")


def test_reads_the_labelled_layout(tmp_path):
    fields = po_fields()
    payload = extract(document(tmp_path, po_pdf_bytes(fields)))
    assert {k: payload[k] for k in ("po_number", "po_date", "supplier_name", "project_code")} == {
        "po_number": "MEGCP09199",
        "po_date": "2026-08-19",
        "supplier_name": "Acme Steel (Pty) Ltd",
        "project_code": "CP09",
    }
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1207.00",
        "181.05",
        "1388.05",
    )
    assert payload["items"] == [
        {
            "item_code": "HB-M8",
            "description": "Hex bolt M8x40",
            "quantity": "100",
            "unit": "each",
            "unit_price": "0.25",
            "amount": "25.00",
        },
        {
            "item_code": "CEM-50",
            "description": "Cement 50kg bag",
            "quantity": "12",
            "unit": "bag",
            "unit_price": "98.50",
            "amount": "1182.00",
        },
    ]


def test_a_table_over_two_pages_keeps_every_item(tmp_path):
    items = [
        {
            "item_code": f"C-{n}",
            "description": f"Item number {n}",
            "quantity": "1",
            "unit": "each",
            "unit_price": "1.00",
        }
        for n in range(60)
    ]
    data = po_pdf_bytes(po_fields(items=items))
    assert len(PdfReader(io.BytesIO(data)).pages) == 2
    payload = extract(document(tmp_path, data))
    assert [item["item_code"] for item in payload["items"]] == [f"C-{n}" for n in range(60)]


def test_a_wrapped_description_stays_with_its_item():
    text = "\n".join(
        [
            "PO Number: A1",
            "Code      Description             Qty    Unit    Unit price    Amount",
            "X1        Galvanised pipe         2      m       10.00         20.00",
            "          50mm class B",
            "X2        Elbow                   1      each    5.00          5.00",
            "Subtotal: 25.00",
        ]
    )
    items = parse_text(text)["items"]
    assert [item["description"] for item in items] == ["Galvanised pipe 50mm class B", "Elbow"]


@pytest.mark.parametrize(
    ("line", "number"),
    [
        ("PO Number: A-1", "A-1"),
        ("Purchase Order No. B22", "B22"),
        ("P.O. # C3", "C3"),
        ("PO No: D4", "D4"),
    ],
)
def test_po_number_labels(line, number):
    assert parse_text(line)["po_number"] == number


def test_an_encrypted_pdf_is_refused_for_good(tmp_path):
    writer = PdfWriter(clone_from=io.BytesIO(po_pdf_bytes(po_fields())))
    writer.encrypt(user_password="secret", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(ExtractionError) as caught:
        extract(document(tmp_path, out.getvalue()))
    assert caught.value.message == "This PDF is password-protected; upload an unlocked copy."
    assert caught.value.retryable is False


def test_a_pdf_without_text_is_refused(tmp_path):
    pdf = FPDF()
    pdf.add_page()
    with pytest.raises(ExtractionError, match="no text layer") as caught:
        extract(document(tmp_path, bytes(pdf.output())))
    assert caught.value.retryable is False


def test_a_document_without_a_po_number_is_refused(tmp_path):
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    pdf.cell(0, 10, "Dear Sir, thank you for your enquiry.")
    with pytest.raises(ExtractionError, match="No PO number"):
        extract(document(tmp_path, bytes(pdf.output())))


def test_a_truncated_pdf_is_refused(tmp_path):
    data = po_pdf_bytes(po_fields())
    with pytest.raises(ExtractionError, match="could not be read as a PDF|no text layer"):
        extract(document(tmp_path, data[: len(data) // 3]))


def test_images_wait_for_the_ocr_engine(tmp_path):
    with pytest.raises(ExtractionError, match="cannot be read yet") as caught:
        extract(document(tmp_path, b"\xff\xd8\xff\xe0", "image/jpeg"))
    assert caught.value.retryable is False
