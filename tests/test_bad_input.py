"""Every file in the bad-input corpus (tests/fixtures/bad/), uploaded through the API
with the worker's part run inline: a clear refusal that leaves nothing behind, or
a batch that ends in a final state, its text shown escaped. Never a 500, never a
stuck batch, never a file outside the data dir.

File names with ../, NUL, right-to-left overrides or 500 characters, and multipart
bodies with no file or two, are in test_http_upload.py.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from app import queue_reads, storage
from tests.fixtures import bad

UPLOAD = "/api/purchase-orders/upload"

# name -> (status code, final batch status or None when refused, words the person reads)
EXPECTED = {
    "empty.pdf": (400, None, "empty.pdf is empty (0 bytes)"),
    "truncated.pdf": (202, "dead", "could not be read as a PDF"),
    "encrypted.pdf": (202, "dead", "This PDF is password-protected; upload an unlocked copy."),
    "png-renamed.pdf": (400, None, "sent as application/pdf but its contents are PNG"),
    "html-renamed.png": (400, None, "html-renamed.png is not a document Intake can read"),
    "svg-renamed.png": (400, None, "svg-renamed.png is not a document Intake can read"),
    "archive.zip": (400, None, "archive.zip is not a document Intake can read"),
    "javascript.pdf": (202, "processed", None),
    "pages-2000.pdf": (202, "dead", "This PDF has 2000 pages; a PO has at most 50."),
    "bomb.png": (400, None, "bomb.png has more pixels than Intake can read safely"),
    "large-21mb.pdf": (413, None, "larger than 20 MB, the upload limit"),
    "script-supplier.pdf": (202, "processed", None),
}


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    return bad.build(tmp_path_factory.mktemp("bad-corpus"))


def files_under(path) -> set[str]:
    return {str(p) for p in path.rglob("*") if p.is_file()}


def upload(client, corpus, name: str):
    entry = next(item for item in bad.CORPUS if item.name == name)
    sent = entry.sent_as or entry.name
    with corpus[name].open("rb") as handle:
        return client.post(UPLOAD, files={"file": (sent, handle, entry.content_type)})


def test_the_corpus_and_the_expectations_agree():
    assert [item.name for item in bad.CORPUS] == list(EXPECTED)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_bad_file(name, corpus, admin_client, settings, db, tmp_path):
    code, final, words = EXPECTED[name]
    response = upload(admin_client, corpus, name)
    assert response.status_code == code, response.text
    if final is None:
        assert words in response.json()["detail"]
        assert db.execute("SELECT count(*) FROM data_import_batches").fetchone()[0] == 0
        assert list((settings.files_dir / storage.INCOMING).glob("*")) == []
    else:
        batch = queue_reads.get_batch(db, response.json()["batch_id"])
        assert batch["status"] == final
        if words:
            assert words in batch["last_error"]
        assert storage.resolve(settings, batch["file_path"]).is_file()
    # nothing was written anywhere but the data dir, and nothing half-written stayed
    assert files_under(tmp_path) == files_under(settings.data_dir)
    assert list(settings.data_dir.rglob("*" + storage.PARTIAL_SUFFIX)) == []


def test_markup_and_sql_in_a_po_are_shown_as_text(corpus, admin_client, db):
    batch_id = upload(admin_client, corpus, "script-supplier.pdf").json()["batch_id"]
    po_id = queue_reads.get_batch(db, batch_id)["processed_record_id"]
    pages = {
        "list": admin_client.get("/purchasing"),
        "detail": admin_client.get(f"/purchasing/{po_id}"),
        "recent": admin_client.get("/recent"),
    }
    for response in pages.values():
        assert response.status_code == 200
        html = BeautifulSoup(response.text, "html.parser")
        assert all(s.get("src", "").startswith("/static/") for s in html.select("script"))
        assert html.select("img") == []  # the file name's <img onerror> stayed text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages["list"].text
    detail = BeautifulSoup(pages["detail"].text, "html.parser")
    supplier = detail.select_one("#field-supplier_name .field-value")
    assert supplier.get_text(strip=True) == bad.SCRIPT_SUPPLIER
    descriptions = [
        row.select_one('td[data-label="Description"]').get_text(strip=True)
        for row in detail.select(".items-table tbody tr")
    ]
    assert descriptions == bad.SQL_DESCRIPTIONS
    recent = BeautifulSoup(pages["recent"].text, "html.parser")
    assert recent.select_one(".filename").get_text() == bad.HTML_FILENAME
    # the SQL-looking text was stored as text: the table it names is still there
    assert db.execute("SELECT count(*) FROM purchase_orders").fetchone()[0] == 1
    api = admin_client.get(f"/api/purchase-orders/{po_id}").json()
    assert api["supplier_name"] == bad.SCRIPT_SUPPLIER


def test_a_pdf_with_javascript_is_served_only_as_a_pdf(corpus, admin_client, db):
    batch_id = upload(admin_client, corpus, "javascript.pdf").json()["batch_id"]
    po_id = queue_reads.get_batch(db, batch_id)["processed_record_id"]
    document = admin_client.get(f"/purchasing/{po_id}/document")
    assert document.headers["content-type"] == "application/pdf"
    assert document.headers["x-content-type-options"] == "nosniff"
    assert document.headers["content-security-policy"].startswith("default-src 'none'")
