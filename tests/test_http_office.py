"""The office's pages over HTTP: fragments for htmx, edits and their out-of-band
updates, the batches admin's actions, sites, users and the navigation counts."""

from __future__ import annotations

import csv
import io
import json

import pytest
from bs4 import BeautifulSoup
from PIL import Image

from app import auth, clock, ids, pipeline, queue, queue_reads, review_items, sites, storage
from app.purchase_orders import store
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_batch, add_po


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


def text(node) -> str:
    return " ".join(node.get_text(" ").split())


def oob_all(page, selector) -> list:
    """Elements sent out of band, inside <template>s, where CSS selectors do not look."""
    found = []
    for template in page.find_all("template"):
        inner = BeautifulSoup(template.decode_contents(), "html.parser")
        found += inner.select(selector)
    return found


def oob(page, selector):
    found = oob_all(page, selector)
    return found[0] if found else None


HTMX = {"hx-request": "true"}


@pytest.fixture
def po_id(settings, db, admin):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("HTTP1")), uploaded_by=admin["id"])
    pipeline.run_batch(settings, batch_id)
    return queue_reads.get_batch(db, batch_id)["processed_record_id"]


# --- purchasing ----------------------------------------------------------------------


def test_the_list_page_holds_its_filter_and_htmx_gets_only_the_results(admin_client, db):
    add_po(db, "FIND-ME", supplier="Acme")
    add_po(db, "OTHER", supplier="Zeta")
    page = soup(admin_client.get("/purchasing?q=acme&verified=no"))
    assert page.select_one("#po-q")["value"] == "acme"
    assert page.select_one("#po-verified option[selected]")["value"] == "no"
    assert page.select_one("#export-link")["href"] == "/purchasing/export.csv?q=acme&verified=no"
    fragment = admin_client.get("/purchasing?q=acme", headers=HTMX)
    assert "<html" not in fragment.text
    rows = soup(fragment).select("#po-results tbody tr")
    assert [text(r.select_one("td")) for r in rows] == ["FIND-ME"]
    assert soup(fragment).select_one("#export-link")["hx-swap-oob"] == "true"


def test_a_bad_filter_is_explained_on_the_page(admin_client, db):
    add_po(db, "ANY")
    page = soup(admin_client.get("/purchasing?from=someday&after=garbage"))
    notes = [text(n) for n in page.select("#po-results .warning")]
    assert notes == [
        "The from date “someday” is not a date; it is ignored.",
        "That page link is damaged; showing the first page.",
    ]
    assert len(page.select("#po-results tbody tr")) == 1


def test_the_export_is_a_csv_download_of_the_filter(admin_client, db):
    add_po(db, "=cmd()", supplier="Acme")
    add_po(db, "SKIPPED", supplier="Zeta")
    response = admin_client.get("/purchasing/export.csv?q=acme")
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"].startswith("attachment;")
    table = list(csv.reader(io.StringIO(response.text)))
    assert [row[0] for row in table[1:]] == ["'=cmd()"]


def test_detail_shows_the_pdf_beside_the_data(admin_client, po_id):
    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert page.select_one("iframe.po-pdf")["src"].startswith(f"/purchasing/{po_id}/document#")
    assert text(page.select_one("#field-supplier_name .field-value")) == "Acme Steel (Pty) Ltd"
    assert "The project code matches no site." in text(page.select_one("#po-warnings"))
    assert text(page.select_one("#po-check .ok")) == "✓ The items and totals agree."


def test_a_photo_is_shown_as_a_scaled_preview(admin_client, settings, db):
    po_id = add_po(db, "PHOTO1")
    path = storage.folder(settings, storage.PURCHASE_ORDERS) / f"{po_id}.png"
    Image.new("RGB", (3200, 2400), "white").save(path)
    db.conn.execute(
        "UPDATE purchase_orders SET file_path = :p, content_type = 'image/png' WHERE id = :id",
        {"p": storage.relative(settings, path), "id": po_id},
    )
    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert page.select_one("img.po-preview")["src"] == f"/purchasing/{po_id}/preview"
    assert page.select_one("iframe") is None
    preview = admin_client.get(f"/purchasing/{po_id}/preview")
    assert preview.headers["content-type"] == "image/jpeg"
    assert Image.open(io.BytesIO(preview.content)).size == (1600, 1200)


def test_a_pdf_has_no_preview_and_a_broken_photo_says_so(admin_client, settings, db, po_id):
    assert admin_client.get(f"/purchasing/{po_id}/preview").status_code == 404
    broken = add_po(db, "BROKEN")
    path = storage.folder(settings, storage.PURCHASE_ORDERS) / f"{broken}.jpg"
    path.write_bytes(b"\xff\xd8\xff not really a jpeg")
    db.conn.execute(
        "UPDATE purchase_orders SET file_path = :p, content_type = 'image/jpeg' WHERE id = :id",
        {"p": storage.relative(settings, path), "id": broken},
    )
    response = admin_client.get(f"/purchasing/{broken}/preview")
    assert response.status_code == 404
    assert "cannot be shown as a preview" in response.text


def test_editing_a_field_inline(admin_client, po_id):
    form = soup(admin_client.get(f"/purchasing/{po_id}/fields/tax_cents/edit", headers=HTMX))
    field = form.select_one("form#field-tax_cents")
    assert field.select_one("label")["for"] == field.select_one("input[name=value]")["id"]
    assert field.select_one("input[name=opened_with]")["value"] == "181.05"

    refused = admin_client.post(
        f"/purchasing/{po_id}/fields/tax_cents",
        data={"value": "lots", "opened_with": "181.05"},
        headers=HTMX,
    )
    assert refused.status_code == 400
    again = soup(refused).select_one("form#field-tax_cents")
    assert text(again.select_one(".error")) == "The tax “lots” is not an amount of money."
    assert again.select_one("input[name=value]")["value"] == "lots"

    saved = admin_client.post(
        f"/purchasing/{po_id}/fields/tax_cents",
        data={"value": "200", "opened_with": "181.05"},
        headers=HTMX,
    )
    page = soup(saved)
    assert text(page.select_one("#field-tax_cents .field-value")) == "ZAR 200.00"
    check = oob(page, "#po-check")
    assert "The totals do not agree" in text(check)
    assert check["hx-swap-oob"] == "true"
    history = text(oob(page, "#po-history"))
    assert "Tax 181.05 200.00" in history


def test_editing_an_item_recomputes_the_check(admin_client, db, po_id):
    item = store.po_items(db, po_id)[1]  # 12 bags at 98.50
    edit = soup(admin_client.get(f"/purchasing/{po_id}/items/{item['id']}/edit", headers=HTMX))
    version = edit.select_one("input[name=version]")["value"]
    saved = admin_client.post(
        f"/purchasing/{po_id}/items/{item['id']}",
        data={
            "item_code": "CEM-50",
            "description": "Cement 50kg bag",
            "quantity": "10",
            "unit": "bag",
            "unit_price": "98.50",
            "amount": "",
            "version": version,
        },
        headers=HTMX,
    )
    page = soup(saved)
    cells = {td.get("data-label"): text(td) for td in page.select(f"tr#item-{item['id']} td")}
    assert cells["Qty"] == "10" and cells["Amount"] == "985.00"
    check = text(oob(page, "#po-check"))
    assert "Items add up to ZAR 1 010.00" in check.replace("\u00a0", " ")
    assert "The items add up to 1 010.00, but the subtotal is 1 207.00" in check.replace(
        "\u00a0", " "
    )


def test_verify_and_unverify(admin_client, db, po_id, admin):
    verified = soup(admin_client.post(f"/purchasing/{po_id}/verify", headers=HTMX))
    assert text(verified.select_one("#po-verify .verify-state")).startswith("✓ Verified by admin")
    assert verified.select_one("#po-verify button")["hx-post"] == f"/purchasing/{po_id}/unverify"
    assert oob(verified, "#nav-counts .badge") is None  # nothing left to verify
    assert store.get_po(db, po_id)["verified_by"] == admin["id"]
    admin_client.post(f"/purchasing/{po_id}/unverify", headers=HTMX)
    assert store.get_po(db, po_id)["is_verified"] == 0


# --- batches -------------------------------------------------------------------------


@pytest.fixture
def dead(db, admin):
    return [
        add_batch(
            db,
            status="dead",
            error="This PDF is password-protected.",
            filename=f"locked{n}.pdf",
            minutes=n,
            uploaded_by=admin["id"],
            attempts=1,
        )
        for n in range(3)
    ] + [
        add_batch(db, status="dead", error="Not a purchase order.", filename="other.pdf", minutes=5)
    ]


def test_the_batches_page_has_tabs_with_counts(admin_client, dead):
    page = soup(admin_client.get("/batches?status=dead"))
    tabs = {text(a) for a in page.select("#batch-tabs a")}
    assert {"All 4", "Dead 4", "Failed 0", "Pending 0", "Discarded 0"} <= tabs
    assert text(page.select_one("#batch-tabs a[aria-current=page]")) == "Dead 4"
    rows = page.select("#batch-results tbody tr")
    assert [text(r.select_one("td")) for r in rows] == [
        "other.pdf",
        "locked2.pdf",
        "locked1.pdf",
        "locked0.pdf",
    ]
    assert text(rows[0].select_one(".last-error")) == "Not a purchase order."
    poller = page.select_one("#batches-live")
    assert poller["hx-trigger"] == "every 5s, batch-changed from:body"  # nothing can change
    assert [mark["value"] for mark in page.select("#batch-results .live-mark")] == [
        f"{batch_id}.dead.{1 if n < 3 else 0}" for n, batch_id in reversed(list(enumerate(dead)))
    ]


def test_retry_all_asks_with_the_count_then_retries_every_match(admin_client, db, dead):
    listing = soup(admin_client.get("/batches?status=dead&q=password"))
    assert text(listing.select_one("#batch-bulk a")) == "Retry all 3 matching dead batches…"
    confirm = soup(admin_client.get("/batches/retry-all?status=dead&q=password", headers=HTMX))
    assert text(confirm.select_one("h2")) == "Retry 3 dead batches?"
    form = {i["name"]: i.get("value", "") for i in confirm.select("input[type=hidden]")}
    done = soup(admin_client.post("/batches/retry-all", data=form, headers=HTMX))
    assert text(done.select_one(".notice")) == "3 batches queued to run again."
    # immediate mode: they ran again at once, and failed again on their missing files
    for batch_id in dead[:3]:
        assert queue_reads.batch_events(db, batch_id)[-3]["event"] == "retry"
    assert queue_reads.get_batch(db, dead[3])["attempts"] == 0  # the other error was left alone


def test_retry_all_with_a_damaged_filter_retries_nothing(admin_client, db, dead):
    done = soup(admin_client.post("/batches/retry-all", data={"status": "dead", "uploader": "me"}))
    assert text(done.select_one(".notice")).startswith("Nothing was retried: That uploader")
    assert all(queue_reads.get_batch(db, batch_id)["status"] == "dead" for batch_id in dead)


def test_retry_all_says_when_the_list_changed_since_asking(admin_client, db, dead):
    done = soup(admin_client.post("/batches/retry-all", data={"status": "dead", "count": "3"}))
    assert text(done.select_one(".notice")) == (
        "4 batches queued to run again. (You were asked about 3; the list changed in the meantime.)"
    )


def test_the_live_poll_sends_only_rows_that_changed(admin_client, db, dead):
    pending = add_batch(db, status="pending", filename="waiting.pdf", minutes=9)
    marks = f"shown={pending}.pending.0&shown={dead[0]}.dead.1"
    quiet = soup(admin_client.get(f"/batches/live?{marks}", headers=HTMX))
    assert oob_all(quiet, "tr") == []
    db.conn.execute(
        "UPDATE data_import_batches SET status = 'processing', attempts = 1 WHERE id = ?", [pending]
    )
    moved = soup(admin_client.get(f"/batches/live?{marks}", headers=HTMX))
    assert [tr["id"] for tr in oob_all(moved, "tr")] == [f"batch-{pending}"]
    assert moved.select_one("#batches-live")["hx-trigger"].startswith("every 2s")
    assert oob(moved, "#batch-tabs")["hx-swap-oob"] == "true"


def test_the_first_page_is_sent_again_when_a_batch_newly_matches(admin_client, db, dead):
    marks = "&".join(f"shown={batch_id}.dead.1" for batch_id in dead)
    same = soup(admin_client.get(f"/batches/live?status=dead&first=1&{marks}", headers=HTMX))
    assert oob_all(same, "#batch-results") == []
    # a batch retried a moment ago died again: the Dead tab shows it without a reload
    again = add_batch(db, status="dead", error="Still damaged.", filename="again.pdf", minutes=30)
    grown = soup(admin_client.get(f"/batches/live?status=dead&first=1&{marks}", headers=HTMX))
    results = oob(grown, "#batch-results")
    assert text(results.select_one("tbody tr td")) == "again.pdf"
    assert text(results.select_one("#batch-tabs a[aria-current=page]")) == "Dead 5"
    assert f"batch-{again}" in [tr["id"] for tr in results.select("tbody tr")]


def test_a_retried_row_tells_the_live_poll_to_ask_at_once(admin_client, db, dead):
    answer = admin_client.post(f"/batches/{dead[3]}/retry?view=row", headers=HTMX)
    assert "batch-changed" in answer.headers["hx-trigger-after-settle"]
    assert soup(answer).select_one("tr .live-mark")["value"].startswith(f"{dead[3]}.")


def test_discard_a_dead_batch_from_its_row(admin_client, db, dead):
    row = soup(admin_client.post(f"/batches/{dead[0]}/discard?view=row", headers=HTMX))
    assert "Discarded — will not run again" in text(row.select_one(".pill"))
    assert row.select_one("button") is None
    again = admin_client.post(f"/batches/{dead[0]}/discard?view=row", headers=HTMX)
    assert again.status_code == 409
    assert "only a failed or dead batch can be discarded" in text(
        soup(again).select_one("tr .error")
    )


def test_pause_and_resume(admin_client, db, settings, admin):
    paused = soup(admin_client.post("/batches/pause", headers=HTMX))
    assert "Processing is paused" in text(paused.select_one("#pause-banner"))
    assert "Processing paused" in text(oob(paused, "#nav-counts"))
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("WAITS")), uploaded_by=admin["id"])
    assert pipeline.run_batch(settings, batch_id).outcome == "skipped"
    resumed = soup(admin_client.post("/batches/resume", headers=HTMX))
    assert "Processing is running" in text(resumed.select_one("#pause-banner"))
    assert queue_reads.get_batch(db, batch_id)["status"] == "processed"  # handed out on resume


def test_batch_detail_has_the_whole_story(admin_client, settings, db, admin):
    document = po_pdf_bytes(po_fields("STORY1"))
    batch_id = store_batch(settings, db, document, uploaded_by=admin["id"])
    pipeline.run_batch(settings, batch_id)
    page = soup(admin_client.get(f"/batches/{batch_id}"))
    events = [text(tr.select("td")[1]) for tr in page.select("tbody tr")]
    assert events == ["Uploaded", "Claimed", "Processed"]
    assert '"po_number": "STORY1"' in page.select_one("pre.json").get_text()
    assert text(page.select_one("dd a")) == "PO #STORY1"
    download = admin_client.get(f"/batches/{batch_id}/file")
    assert download.headers["content-disposition"].startswith("attachment;")
    assert download.content == document


def test_a_discarded_batch_says_when_its_file_went(admin_client, db, dead):
    queue.discard_batch(db, dead[0], clock.now(), None)
    queue.record_event(db, dead[0], "file_removed", clock.now())
    page = soup(admin_client.get(f"/batches/{dead[0]}"))
    assert "30 days after the batch was discarded" in text(page)
    assert page.select_one("a[download]") is None


# --- sites and users -----------------------------------------------------------------


def test_adding_an_alias_matches_the_pos_waiting_for_it(admin_client, db):
    site_id = sites.add_site(db, "CP09", "Cape Point", clock.now())
    po_id = add_po(db, "WAITING", project_code="CP-9X")
    page = soup(admin_client.post(f"/sites/{site_id}/aliases", data={"alias": "CP-9X"}))
    assert text(page.select_one(".notice")) == (
        "CP-9X now matches CP09. 1 purchase order without a site now matches it."
    )
    assert store.get_po(db, po_id)["site_id"] == site_id
    refused = admin_client.post(f"/sites/{site_id}/aliases", data={"alias": "cp09"})
    assert refused.status_code == 400
    assert "this site's own code" in text(soup(refused).select_one(".error"))


def test_the_csv_import_previews_then_applies(admin_client, db):
    csv_file = ("sites.csv", b"code,name,aliases\nKL01,Kloof,KL-1\n", "text/csv")
    preview = soup(admin_client.post("/sites/import", files={"file": csv_file}))
    assert [text(td) for td in preview.select("tbody tr")[0].select("td")] == [
        "Add",
        "KL01",
        "—",
        "Kloof",
    ]
    assert sites.list_sites(db) == []  # nothing saved by a preview
    form = preview.select_one("form[action='/sites/import/apply']")
    data = {
        "fingerprint": form.select_one("[name=fingerprint]")["value"],
        "text": form.select_one("textarea").get_text(),
    }
    done = soup(admin_client.post("/sites/import/apply", data=data))
    assert text(done.select_one(".notice")) == "Imported: 1 added, 0 renamed, 1 alias added."
    assert sites.match_site(db, "kl 1")["code"] == "KL01"


def test_adding_a_user_and_the_last_admin_rule(admin_client, db, admin):
    form = {
        "email": "New@Example.com",
        "name": "New",
        "role": "staff",
        "password": "a long password",
        "password_again": "a long password",
    }
    added = soup(admin_client.post("/users", data=form))
    assert text(added.select_one(".notice")) == "new@example.com can sign in now as staff."
    refused = admin_client.post(f"/users/{admin['id']}/role", data={"role": "staff"})
    assert refused.status_code == 400
    assert "You are the last administrator" in text(soup(refused).select_one(".error"))
    refused = admin_client.post(f"/users/{admin['id']}/disable")
    assert "you cannot disable yourself" in text(soup(refused).select_one(".error"))


def test_a_token_is_shown_once(admin_client, db, staff):
    made = soup(admin_client.post(f"/users/{staff['id']}/tokens", data={"name": "scanner"}))
    token = made.select_one("#token-value")["value"]
    assert auth.token_user(db, token, clock.now())["id"] == staff["id"]
    later = admin_client.get(f"/users/{staff['id']}").text
    assert token not in later and "scanner" in later


def test_nav_counts_what_is_waiting_for_each_role(app, admin_client, staff_client, db, dead):
    add_po(db, "UNVERIFIED")
    staff_nav = soup(staff_client.get("/"))
    assert [text(a) for a in staff_nav.select("#nav-counts a")] == ["1 unverified"]
    assert staff_nav.select_one("nav a[href='/batches']") is None
    admin_nav = soup(admin_client.get("/"))
    assert [text(a) for a in admin_nav.select("#nav-counts a")] == [
        "4 batches need attention",
        "1 unverified",
    ]
    assert admin_nav.select_one("#nav-counts a")["href"] == "/batches?status=dead"


def test_a_malformed_or_unknown_id_is_a_readable_error(admin_client):
    assert admin_client.get("/batches/bad").status_code == 400
    assert admin_client.get(f"/batches/{ids.new_id()}").status_code == 404
    assert admin_client.get(f"/sites/{ids.new_id()}").status_code == 404
    response = admin_client.get("/purchasing/zzzzzzzzzzzzzzz/fields/nope")
    assert response.status_code == 404


def test_a_csv_with_problems_comes_back_to_correct_not_lost(admin_client):
    pasted = "code,name\nKL01,\nKL02,Kloof Two\n"
    preview = soup(admin_client.post("/sites/import", files={"text": (None, pasted)}))
    assert preview.select(".card-warning li")
    form = preview.select_one("form[action='/sites/import']")
    assert form.select_one("textarea[name=text]").get_text() == pasted


@pytest.mark.parametrize(
    ("number", "title"),
    [("PO-2026-5283", "PO-2026-5283 · Intake"), ("5283", "PO 5283 · Intake"),
     ("POLE7", "PO POLE7 · Intake"), ("po 77", "po 77 · Intake")],
)  # fmt: skip
def test_a_po_page_title_names_the_po_once(admin_client, db, number, title):
    po_id = add_po(db, number)
    assert text(soup(admin_client.get(f"/purchasing/{po_id}")).select_one("title")) == title


def test_a_po_without_a_project_code_asks_for_its_site_in_words(staff_client, db):
    po_id = add_po(db, "NOCODE1", project_code="")
    review_items.open_item(
        db, "po.site_unmatched", "purchase_order", po_id, {"project_code": ""}, 0, clock.now()
    )
    card = soup(staff_client.get("/review")).select_one(".review-item")
    said = text(card)
    assert "The document gives no project code" in said and "(none)" not in said
    assert "intake sites add" not in said
    assert "An administrator adds them on the Sites page" in said


def test_the_po_page_shows_a_lines_discount_and_a_line_that_does_not_hold(admin_client, db):
    po_id = add_po(db, "DISCPAGE1", items=[4750, 9999], subtotal=14749, tax=0, total=14749)
    db.conn.execute(
        "UPDATE purchase_order_items SET quantity = '50', unit_price_cents = 100,"
        " discount_percent = '5' WHERE purchase_order_id = ? AND line_no = 1",
        [po_id],
    )
    db.conn.execute(  # as if a person set line 2's quantity and left its amount
        "UPDATE purchase_order_items SET quantity = '2'"
        " WHERE purchase_order_id = ? AND line_no = 2",
        [po_id],
    )
    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    cells = page.select("#po-items tbody td[data-label=Discount]")
    assert [text(cell) for cell in cells] == ["5 %", ""]
    check = page.select_one("#po-check")
    assert [text(li) for li in check.select("li")] == [
        "Item 2: 2 × 99.99 is 199.98, but its amount is 99.99."
    ]


def test_unsure_of_the_items_says_which_line(admin_client, db):
    batch_id = add_batch(db, status="processed", warnings=["low_confidence:items"])
    po_id = add_po(db, "DOUBT1", batch_id=batch_id)
    read = {"unproven": {"items": "item 2: a number worked out, put right, or unsure"}}
    db.conn.execute(
        "UPDATE purchase_orders SET raw_ocr_data = ? WHERE id = ?", [json.dumps(read), po_id]
    )
    page = soup(admin_client.get(f"/purchasing/{po_id}"))
    assert "Unsure of the items (as read: item 2: a number worked out, put right, or unsure)." in [
        text(li) for li in page.select("#po-warnings li")
    ]
    review_items.open_item(
        db, "low_confidence", "purchase_order", po_id, {"fields": ["items"]}, 0, clock.now()
    )
    card = soup(admin_client.get("/review")).select_one("[data-kind=low_confidence]")
    assert [" ".join(li.get_text().split()) for li in card.select("li")] == [
        "items (as read: item 2: a number worked out, put right, or unsure)"
    ]
