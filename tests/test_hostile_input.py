"""What a probing outsider or a careless insider sends: each answered as a well-made server
would, in words, never with a 500, within a stated limit.

Crafted page cursors, JSON nested past any payload, a CSV cell that runs for
pages, a PO of too many items, trivial passwords, https behind the scenes,
the modes of what is written, and whose dead batch staff may take on.
"""

from __future__ import annotations

import base64
import stat

import pytest
from bs4 import BeautifulSoup
from litestar.testing import TestClient

from app import auth, clock, keyset, queue, queue_reads, site_import, sites
from app.db import open_database
from app.purchase_orders import edit, forms, intake
from app.web import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE
from tests.conftest import PASSWORD, make_user, sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_po
from tests.test_http_extraction import HEADERS, SECRET


def cursor(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


HUGE = cursor("[1" + "0" * 400 + ', "aaaaaaaaaaaaaaa"]')
INFINITE = cursor('[Infinity, "aaaaaaaaaaaaaaa"]')


@pytest.mark.parametrize(
    ("raw", "usable"),
    [
        ('[9223372036854775807, "a"]', True),
        ('[9223372036854775808, "a"]', False),
        ('[-9223372036854775809, "a"]', False),
        ('[1.5, "a"]', True),
        ('[Infinity, "a"]', False),
        ('[NaN, "a"]', False),
        ('[true, "a"]', False),
        ('["2026-08-19", "a"]', True),
        ('[null, "a"]', True),
    ],
)
def test_a_cursor_key_is_one_sqlite_can_compare(raw, usable):
    if usable:
        assert keyset.decode(cursor(raw))[1] == "a"
    else:
        with pytest.raises(keyset.CursorError):
            keyset.decode(cursor(raw))


@pytest.mark.parametrize("crafted", [HUGE, INFINITE])
@pytest.mark.parametrize("page", ["/purchasing", "/batches"])
def test_a_crafted_cursor_shows_the_first_page_and_says_why(admin_client, db, page, crafted):
    add_po(db, "CURSOR1")
    for direction in ("after", "before"):
        response = admin_client.get(f"{page}?{direction}={crafted}")
        assert response.status_code == 200
        assert "That page link is damaged; showing the first page." in response.text


def test_json_nested_past_any_payload_is_400(tmp_path):
    from app.config import Settings
    from app.main import create_app

    settings = Settings.from_env(env={"INTAKE_INGEST_SECRET": SECRET}, data_dir=tmp_path / "d")
    with TestClient(create_app(settings, immediate_tasks=True)) as client:
        response = client.post(
            "/api/purchase-orders/process-batch",
            content=b"[" * 100_000 + b"]" * 100_000,
            headers={"x-ingest-secret": SECRET, "content-type": "application/json"},
        )
        assert response.status_code == 400
        assert response.json()["detail"] == "The body must be JSON: {batch_id, claim, extracted}."
        big = client.post(
            "/api/purchase-orders/process-batch",
            json={"batch_id": "a" * 15, "extracted": {"x": "y" * 3_000_000}},
            headers=HEADERS,
        )
        assert big.status_code == 413
        assert big.json()["detail"].startswith("What was sent is larger than the 2 MB")


def test_a_csv_cell_that_runs_for_pages_is_400_in_words(admin_client):
    text = 'code,name\nCP1,"' + "x" * 200_000 + '"\n'
    response = admin_client.post("/sites/import", files={"text": (None, text)})
    assert response.status_code == 400
    error = BeautifulSoup(response.text, "html.parser").select_one(".error").get_text()
    assert error == (
        "Line 2 of the CSV cannot be read: a cell is far longer than any code or name"
        " (is a quote left open?)."
    )


def test_pasted_csv_has_the_files_limit(admin_client, db):
    row = "CPX,Somewhere far\n"
    text = "code,name\n" + row * (site_import.MAX_CSV_BYTES // len(row) + 1)
    response = admin_client.post("/sites/import", files={"text": (None, text)})
    assert response.status_code == 400
    assert site_import.TOO_LARGE in response.text
    with pytest.raises(sites.SiteError, match="larger than 2 MB"):
        site_import.plan_import(db, text)


def items(count: int) -> list[dict]:
    return [
        {"description": f"Line {n}", "quantity": "1", "unit_price": "1.00"} for n in range(count)
    ]


def test_a_po_has_at_most_its_number_of_items(db, admin):
    with pytest.raises(intake.InvalidPayload) as refused:
        intake.validate(po_fields("MANY", items=items(intake.MAX_ITEMS + 1)))
    assert refused.value.problems == [
        f"A purchase order has at most {intake.MAX_ITEMS} items; this one has"
        f" {intake.MAX_ITEMS + 1}."
    ]
    assert len(intake.validate(po_fields("FULL", items=items(intake.MAX_ITEMS))).items) == 500
    po_id = add_po(db, "FULL", items=[100] * intake.MAX_ITEMS, subtotal=100 * intake.MAX_ITEMS)
    line = {"description": "One more", "quantity": "1", "amount": "1.00"}
    with pytest.raises(forms.EditError, match="at most 500 items"):
        edit.add_item(db, po_id, line, admin["id"], clock.now())


@pytest.mark.parametrize(
    ("password", "refusal"),
    [
        ("nine char", "at least 10 characters"),
        (" " * 10, "one character over and over"),
        ("aaaaaaaaaa", "one character over and over"),
        ("1234567890", "first that anyone guesses"),
        ("Password123", "first that anyone guesses"),
        ("QWERTYUIOP", "first that anyone guesses"),
        ("x" * 199 + "y" * 2, "at most 200 characters"),
        ("correct horse battery", None),
        ("x" * 199 + "y", None),
    ],
)
def test_password_rules(password, refusal):
    if refusal is None:
        auth.check_password_rules(password)
    else:
        with pytest.raises(auth.AccountError, match=refusal):
            auth.check_password_rules(password)


def test_over_https_cookies_are_secure_and_hsts_is_sent(app, admin):
    with TestClient(app, base_url="https://intake.example") as client:
        first = client.get("/login")
        assert "secure" in first.headers["set-cookie"].lower()
        assert first.headers["strict-transport-security"] == "max-age=31536000"
        signed = client.post(
            "/login",
            data={"email": admin["email"], "password": PASSWORD},
            headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
            follow_redirects=False,
        )
        session = [c for c in signed.headers.get_list("set-cookie") if SESSION_COOKIE in c]
        assert session and "secure" in session[0].lower()
    with TestClient(app) as plain:
        page = plain.get("/login")
        assert "secure" not in page.headers["set-cookie"].lower()
        assert "strict-transport-security" not in page.headers


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_dir_is_private_and_what_is_written_there_too(admin_client, settings, db):
    from app import previews, storage

    settings.data_dir.chmod(0o755)  # as an older Intake left it
    open_database(settings.db_path).close()  # what starting up does
    assert mode(settings.data_dir) == 0o700
    upload = admin_client.post(
        "/api/purchase-orders/upload",
        files={"file": ("po.pdf", po_pdf_bytes(po_fields("MODE1")), "application/pdf")},
    )
    batch = queue_reads.get_batch(db, upload.json()["batch_id"])
    photo = storage.folder(settings, storage.INCOMING) / "photo.png"
    from PIL import Image

    Image.new("RGB", (40, 30), "white").save(photo)
    preview = previews.preview(settings, storage.relative(settings, photo))
    assert mode(settings.data_dir) == 0o700
    assert mode(settings.files_dir) == 0o700
    written = [settings.db_path, settings.db_path.with_name("intake.db-wal"), preview]
    written.append(storage.resolve(settings, batch["file_path"]))  # the PO's document
    assert {str(path.name): mode(path) for path in written} == {
        str(path.name): 0o600 for path in written
    }


def test_staff_take_on_only_their_own_dead_batches(app, settings, db, admin, staff):
    theirs = store_batch(settings, db, b"%PDF-1.4 unreadable", uploaded_by=admin["id"])
    db.conn.execute("UPDATE data_import_batches SET status = 'processing' WHERE id = ?", [theirs])
    claim = queue.current_claim(db, theirs)
    queue.fail_batch(db, claim, "Nothing could be read.", clock.now(), retryable=False)
    item = db.execute("SELECT id FROM review_items WHERE kind = 'batch.dead'").fetchone()[0]
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        card = BeautifulSoup(client.get("/review").text, "html.parser").select_one(f"#item-{item}")
        assert card.select_one("a[href$='/enter']") is None
        assert card.select_one("button[hx-post$='/retry']") is None
        assert "they or an administrator can retry it or enter it by hand" in card.get_text()
        assert client.get(f"/review/{item}/enter").status_code == 403
        refused = client.post(f"/review/{item}/enter", data={"po_number": "BYHAND1"})
        assert refused.status_code == 403
        assert "only their own uploads" in refused.text
    assert queue_reads.get_batch(db, theirs)["status"] == "dead"
    other = make_user(db, "other.admin@example.com", "admin")
    with TestClient(app) as client:
        sign_in(client, other["email"])
        assert client.get(f"/review/{item}/enter").status_code == 200


def test_trusted_proxies_are_addresses_or_networks(tmp_path):
    from app.config import ConfigError, Settings

    named = {"INTAKE_TRUSTED_PROXIES": " 127.0.0.1, 10.0.0.0/24 ,::1"}
    assert Settings.from_env(env=named, data_dir=tmp_path).trusted_proxies == (
        "127.0.0.1,10.0.0.0/24,::1"
    )
    assert Settings.from_env(env={}, data_dir=tmp_path).trusted_proxies == ""
    with pytest.raises(ConfigError, match="INTAKE_TRUSTED_PROXIES must list IP addresses"):
        Settings.from_env(env={"INTAKE_TRUSTED_PROXIES": "proxy.example"}, data_dir=tmp_path)
