"""The built-in engine end to end: fixture POs and DNs, photos, and the documents it must refuse."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from fpdf import FPDF
from PIL import Image
from pypdf import PdfReader, PdfWriter

from app.extract import Document, ExtractionError, ExtractOptions, extract, extract_delivery_note
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes, slow_po_pdf_bytes

CORPUS = Path(__file__).resolve().parent / "fixtures" / "documents"
TYPES = {
    ".pdf": "application/pdf",
    ".jpg": "image/jpeg",
    ".png": "image/png",
    ".webp": "image/webp",
}


def document(tmp_path, data: bytes, content_type: str = "application/pdf", **options) -> Document:
    path = tmp_path / "doc"
    path.write_bytes(data)
    return Document(path, content_type, "doc", ExtractOptions(**options))


def fixture(name: str) -> tuple[Document, dict]:
    record = json.loads((CORPUS / f"{name.split('.')[0]}.json").read_text())
    path = CORPUS / name
    return Document(path, TYPES[path.suffix], name), record["expected"]


def header(payload: dict, keys=("po_number", "po_date", "supplier_name", "project_code")) -> dict:
    return {key: payload[key] for key in keys}


def test_reads_the_foundation_layout(tmp_path):
    payload = extract(document(tmp_path, po_pdf_bytes(po_fields())))
    assert header(payload) == {
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
    assert [(i["item_code"], i["quantity"], i["amount"]) for i in payload["items"]] == [
        ("HB-M8", "100", "25.00"),
        ("CEM-50", "12", "1182.00"),
    ]
    assert payload["warnings"] == []
    assert payload["confidence"]["po_number"] > 0.9
    assert payload["source"]["po_number"] == "PO Number: MEGCP09199"


@pytest.mark.parametrize("name", ["po-00.pdf", "po-01.pdf", "po-02.pdf", "po-07.pdf"])
def test_text_pdfs_in_several_layouts(name):
    doc, expected = fixture(name)
    payload = extract(doc)
    assert header(payload) == header(expected)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        expected["subtotal"],
        expected["tax"],
        expected["total"],
    )
    assert [(i["description"], i["amount"]) for i in payload["items"]] == [
        (i["description"], i["amount"]) for i in expected["items"]
    ]


def test_a_table_over_pages_keeps_every_item_once():
    doc, expected = fixture("po-03.pdf")
    payload = extract(doc)
    assert payload["pages"] == 2
    assert [i["amount"] for i in payload["items"]] == [i["amount"] for i in expected["items"]]


def test_a_delivery_note():
    doc, expected = fixture("dn-01.pdf")
    payload = extract_delivery_note(doc)
    assert header(payload, ("dn_number", "dn_date", "po_number", "supplier_name")) == header(
        expected, ("dn_number", "dn_date", "po_number", "supplier_name")
    )
    assert [(i["description"], i["quantity"]) for i in payload["items"]] == [
        (i["description"], i["quantity"]) for i in expected["items"]
    ]


def test_a_delivery_note_uploaded_as_a_po_is_refused():
    doc, _ = fixture("dn-01.pdf")
    with pytest.raises(ExtractionError, match="delivery note, not a purchase order") as caught:
        extract(doc)
    assert caught.value.retryable is False


needs_ocr = pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs tesseract-ocr")


@needs_ocr
@pytest.mark.parametrize("name", ["po-00.jpg", "po-06.scan.pdf"])
def test_a_photo_and_a_scan_are_read_by_ocr(name):
    doc, expected = fixture(name)
    payload = extract(doc)
    assert payload["engine"] == "ocr:tesseract"
    assert payload["po_number"] == expected["po_number"]
    assert payload["total"] == expected["total"]


def quantities_and_amounts(rows: list[dict]) -> list[tuple]:
    return [(row["quantity"], row.get("amount")) for row in rows]


@needs_ocr
@pytest.mark.parametrize(
    "name",
    [
        # (po-27.scan.pdf, a boxed table whose quantity column's header hides in its rules,
        # lost two of its three items when quantity_beside_price went: docs/reading.md, Rules
        # that went)
        "po-13.jpg",  # a header word misread ('aty') over a lone digit
        "po-41.jpg",  # a foot with lost points ('R 12 038 03'), a quantity misread
    ],
)
def test_photos_and_scans_keep_every_item(name):
    doc, expected = fixture(name)
    payload = extract(doc)
    assert quantities_and_amounts(payload["items"]) == quantities_and_amounts(expected["items"])
    assert (payload["subtotal"], payload["total"]) == (expected["subtotal"], expected["total"])


@needs_ocr
def test_a_delivery_note_item_whose_numbers_the_ocr_lost_stands_apart():
    doc, expected = fixture("dn-03.jpg")
    rows = extract_delivery_note(doc)["items"]
    assert [(r["quantity"], r["description"]) for r in rows] == [
        (i["quantity"], i["description"]) for i in expected["items"]
    ]


@needs_ocr
def test_a_palette_png_is_flattened_and_read():
    doc, expected = fixture("po-01.png")
    assert Image.open(doc.path).mode == "P"
    assert extract(doc)["po_number"] == expected["po_number"]


def _letter(title: str, body: list[str]) -> bytes:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 10, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", size=11)
    for line in body:
        pdf.cell(0, 7, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


@pytest.mark.parametrize(
    ("title", "body", "message"),
    [
        (
            "QUOTATION",
            ["Quote No: Q-1234", "Description  Qty  Price  Amount", "Cement  2  10.00  20.00"],
            "looks like a quotation",
        ),
        ("TAX INVOICE", ["Invoice No: INV-77", "Total: 100.00"], "looks like an invoice"),
        (
            "Meridian Construction",
            ["Dear Sir,", "Thank you for your enquiry of 3 March.", "Yours faithfully"],
            "does not look like a purchase order",
        ),
    ],
)
def test_documents_that_are_not_purchase_orders(tmp_path, title, body, message):
    with pytest.raises(ExtractionError, match=message) as caught:
        extract(document(tmp_path, _letter(title, body)))
    assert caught.value.retryable is False


def test_a_blank_page_is_refused(tmp_path):
    pdf = FPDF()
    pdf.add_page()
    with pytest.raises(ExtractionError, match="No text could be found") as caught:
        extract(document(tmp_path, bytes(pdf.output())))
    assert caught.value.retryable is False


@needs_ocr
def test_a_blank_photo_is_refused(tmp_path):
    out = io.BytesIO()
    Image.new("RGB", (1200, 1600), "white").save(out, "JPEG")
    with pytest.raises(ExtractionError, match="No text could be found"):
        extract(document(tmp_path, out.getvalue(), "image/jpeg"))


# --- hostile files ---------------------------------------------------------------------


def test_an_encrypted_pdf_is_refused_for_good(tmp_path):
    writer = PdfWriter(clone_from=io.BytesIO(po_pdf_bytes(po_fields())))
    writer.encrypt(user_password="secret", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    with pytest.raises(ExtractionError) as caught:
        extract(document(tmp_path, out.getvalue()))
    assert caught.value.message == "This PDF is password-protected; upload an unlocked copy."
    assert caught.value.retryable is False


def test_a_truncated_pdf_is_refused(tmp_path):
    data = po_pdf_bytes(po_fields())
    with pytest.raises(ExtractionError, match="could not be read as a PDF|No text could be found"):
        extract(document(tmp_path, data[: len(data) // 3]))


def test_a_decompression_bomb_is_refused(tmp_path):
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, "PNG")  # 400 megapixels in a few kilobytes
    assert len(out.getvalue()) < 200_000
    with pytest.raises(ExtractionError, match="too large to read safely") as caught:
        extract(document(tmp_path, out.getvalue(), "image/png"))
    assert caught.value.retryable is False


def test_a_damaged_image_is_refused(tmp_path):
    with pytest.raises(ExtractionError, match="could not be read"):
        extract(document(tmp_path, b"\xff\xd8\xff\xe0" + b"\x00" * 64, "image/jpeg"))


def test_a_document_slower_than_the_timeout_is_abandoned_as_retryable(tmp_path):
    slow = slow_po_pdf_bytes(po_fields(), no_ops=900_000)
    with pytest.raises(ExtractionError, match="longer than 1 second,") as caught:
        extract(document(tmp_path, slow, timeout=1))
    assert caught.value.retryable is True


def test_a_document_needing_too_much_memory_is_stopped(tmp_path):
    out = io.BytesIO()
    Image.new("RGB", (9_000, 9_000), "white").save(out, "PNG")  # under the bomb limit, 243 MB
    with pytest.raises(ExtractionError, match="more than 300 MB") as caught:
        extract(document(tmp_path, out.getvalue(), "image/png", memory_mb=300))
    assert caught.value.retryable is False


def test_a_pdf_with_too_many_pages_is_refused(tmp_path):
    writer = PdfWriter()
    for _ in range(51):
        writer.add_blank_page(200, 200)
    out = io.BytesIO()
    writer.write(out)
    assert len(PdfReader(io.BytesIO(out.getvalue())).pages) == 51
    with pytest.raises(ExtractionError, match="51 pages"):
        extract(document(tmp_path, out.getvalue()))
