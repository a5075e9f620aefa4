"""POST /api/purchase-orders/upload and the dialog's /upload: what is accepted, what is refused.

Bad files (empty, mismatched, renamed, bombs, too large…) are in test_bad_input.py.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from app import queue_reads, storage
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

UPLOAD = "/api/purchase-orders/upload"


def png_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(out, "PNG")
    return out.getvalue()


def stored_files(settings) -> list[str]:
    incoming = settings.files_dir / storage.INCOMING
    return sorted(p.name for p in incoming.iterdir()) if incoming.exists() else []


def test_upload_answers_202_and_queues_a_batch(admin_client, db, settings, admin):
    response = admin_client.post(
        UPLOAD, files={"file": ("my po.pdf", po_pdf_bytes(po_fields()), "application/pdf")}
    )
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "queued"
    batch = queue_reads.get_batch(db, body["batch_id"])
    assert (batch["original_filename"], batch["uploaded_by"], batch["content_type"]) == (
        "my po.pdf",
        admin["id"],
        "application/pdf",
    )
    assert len(batch["sha256"]) == 64
    # Huey runs in immediate mode here, so the worker's part has happened too
    assert batch["status"] == "processed"


def test_an_image_is_accepted_by_its_bytes(admin_client, db):
    response = admin_client.post(UPLOAD, files={"file": ("photo.png", png_bytes(), "image/png")})
    assert response.status_code == 202
    batch = queue_reads.get_batch(db, response.json()["batch_id"])
    assert batch["content_type"] == "image/png"
    assert batch["status"] == "dead"  # a blank little picture: OCR finds nothing to import
    assert "No text could be found" in batch["last_error"]


def test_a_phone_photo_of_a_po_becomes_a_po(admin_client, db):
    photo = (Path(__file__).parent / "fixtures" / "documents" / "po-00.jpg").read_bytes()
    response = admin_client.post(UPLOAD, files={"file": ("po.jpg", photo, "image/jpeg")})
    batch = queue_reads.get_batch(db, response.json()["batch_id"])
    assert batch["status"] == "processed", batch["last_error"]
    po = admin_client.get(f"/api/purchase-orders/{batch['processed_record_id']}").json()
    assert (po["po_number"], po["total"]) == ("PO-2026-5283", "139347.17")
    assert json.loads(batch["extracted"])["engine"] == "ocr:tesseract"


@pytest.mark.parametrize(
    ("name", "data", "declared", "message"),
    [
        ("notes.txt", b"hello there", "text/plain", "is not a document Intake can read"),
        ("doc.pdf", b"%PDF-1.7 ...", "text/html", "was sent as text/html"),
    ],
)
def test_bad_files_are_400_and_leave_nothing(
    admin_client, settings, db, name, data, declared, message
):
    response = admin_client.post(UPLOAD, files={"file": (name, data, declared)})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"
    assert message in response.json()["detail"]
    assert "PDF, JPEG, PNG or WEBP" in response.json()["detail"]
    assert stored_files(settings) == []
    assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0


def test_no_file_field_is_400(admin_client):
    response = admin_client.post(
        UPLOAD, data={"note": "hello"}, files={"other": ("x", b"", "text/plain")}
    )
    assert response.status_code == 400


def test_two_files_are_400(admin_client, settings):
    pdf = po_pdf_bytes(po_fields())
    response = admin_client.post(
        UPLOAD,
        files=[
            ("file", ("a.pdf", pdf, "application/pdf")),
            ("file", ("b.pdf", pdf, "application/pdf")),
        ],
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "Send one file per upload."
    assert stored_files(settings) == []


def test_not_multipart_is_400(admin_client):
    response = admin_client.post(
        UPLOAD, content=b"%PDF-1.7", headers={"content-type": "application/pdf"}
    )
    assert response.status_code == 400
    assert "multipart/form-data" in response.json()["detail"]


def test_over_the_limit_without_content_length_is_413(admin_client, settings):
    boundary = "XyZ"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode()

    def body():
        yield head + b"%PDF-1.7\n"
        for _ in range(settings.max_upload_mb + 1):
            yield b"0" * (1024 * 1024)
        yield f"\r\n--{boundary}--\r\n".encode()

    response = admin_client.post(
        UPLOAD,
        content=body(),
        headers={"content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert response.status_code == 413
    assert stored_files(settings) == []


def test_a_cut_off_body_is_400(admin_client, settings):
    body = (
        b'--B\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'
        b"Content-Type: application/pdf\r\n\r\n%PDF-1.7 and then nothing"
    )
    response = admin_client.post(
        UPLOAD, content=body, headers={"content-type": "multipart/form-data; boundary=B"}
    )
    assert response.status_code == 400
    assert stored_files(settings) == []


@pytest.mark.parametrize(
    ("sent", "shown"),
    [
        ("../../etc/passwd.pdf", "passwd.pdf"),
        ("C:\\Users\\ann\\po.pdf", "po.pdf"),
        ("po\u202egnp.pdf", "pognp.pdf"),
        ("a" * 500 + ".pdf", "a" * 195 + "….pdf"),
    ],
)
def test_file_names_are_for_display_only(admin_client, db, settings, sent, shown):
    response = admin_client.post(
        UPLOAD, files={"file": (sent, po_pdf_bytes(po_fields()), "application/pdf")}
    )
    batch = queue_reads.get_batch(db, response.json()["batch_id"])
    assert batch["original_filename"] == shown
    path = storage.resolve(settings, batch["file_path"])
    assert path.parent.parent == settings.files_dir.resolve()
    assert path.name.startswith(batch["processed_record_id"] or batch["id"])


def test_a_raw_nul_in_the_file_name_is_dropped(admin_client, db):
    """Browsers and httpx percent-encode a NUL; a hand-made client may send it raw."""
    body = (
        b'--B\r\nContent-Disposition: form-data; name="file"; filename="po\x00.pdf"\r\n'
        b"Content-Type: application/pdf\r\n\r\n" + po_pdf_bytes(po_fields()) + b"\r\n--B--\r\n"
    )
    response = admin_client.post(
        UPLOAD, content=body, headers={"content-type": "multipart/form-data; boundary=B"}
    )
    assert response.status_code == 202, response.text
    assert queue_reads.get_batch(db, response.json()["batch_id"])["original_filename"] == "po.pdf"


def test_the_dialog_answers_with_a_pill(admin_client):
    response = admin_client.post(
        "/upload",
        files={"file": ("po.pdf", po_pdf_bytes(po_fields("DLG1")), "application/pdf")},
        headers={"hx-request": "true"},
    )
    assert response.status_code == 200
    assert "batch-uploaded" in response.headers["hx-trigger-after-settle"]
    assert "Imported as PO #DLG1" in response.text


def test_the_dialog_shows_a_refusal_in_words(admin_client):
    response = admin_client.post(
        "/upload",
        files={"file": ("x.pdf", b"nope", "application/pdf")},
        headers={"hx-request": "true"},
    )
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/html")
    assert "x.pdf is not a document Intake can read" in response.text


def test_upload_needs_the_csrf_token_in_a_browser(admin_client):
    del admin_client.headers["x-csrftoken"]
    response = admin_client.post(
        UPLOAD, files={"file": ("po.pdf", po_pdf_bytes(po_fields()), "application/pdf")}
    )
    assert response.status_code == 403
