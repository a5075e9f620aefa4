"""The office's pages in Chromium against a real server and worker.

One server for the module; each test makes its own records (distinct PO
numbers and file names) so they do not see each other's. Screenshots of
every page land in test-artifacts/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app import auth, clock, pipeline, queue_reads, sites
from app.db import open_database
from tests.conftest import PASSWORD, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_batch, add_po
from tests.server import RunningIntake
from tests.test_browser import browser, shot  # noqa: F401 - the module's Chromium

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def intake(tmp_path_factory):
    server = RunningIntake(tmp_path_factory.mktemp("office") / "data")
    db = open_database(server.settings.db_path)
    auth.create_user(db, "ann@example.com", "admin", PASSWORD, clock.now(), name="Ann Admin")
    auth.create_user(db, "sam@example.com", "staff", PASSWORD, clock.now(), name="Sam Staff")
    db.close()
    yield server
    log = server.stop()
    assert "Traceback" not in log, log


@pytest.fixture
def db(intake):
    database = open_database(intake.settings.db_path)
    yield database
    database.close()


def signed_in(browser, intake, email="ann@example.com", viewport=None):  # noqa: F811
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(intake.url + "/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(
        page.get_by_role("heading", name="Documents in, purchase orders and deliveries out")
    ).to_be_visible()
    return page


@pytest.fixture
def admin_page(browser, intake):  # noqa: F811
    page = signed_in(browser, intake)
    yield page
    page.context.close()


def imported(intake, db, fields, uploaded_by=None) -> tuple[str, str]:
    """A PO PDF uploaded and imported: (batch id, PO id)."""
    batch_id = store_batch(intake.settings, db, po_pdf_bytes(fields), uploaded_by=uploaded_by)
    pipeline.run_batch(intake.settings, batch_id)
    return batch_id, queue_reads.get_batch(db, batch_id)["processed_record_id"]


def results(page):
    return page.locator("#po-results tbody tr")


def test_search_and_filter_the_po_list(admin_page, intake, db):
    page = admin_page
    site = sites.add_site(db, "LST1", "List Site", clock.now())
    ann = auth.get_user_by_email(db, "ann@example.com")["id"]
    for n in range(60):
        add_po(
            db,
            f"LIST-{n:03d}",
            supplier="Acme Listing Co" if n % 2 else "Bolt Listing Ltd",
            site_id=site if n % 3 == 0 else None,
            verified_by=ann if n % 5 == 0 else None,
            total=100_00 * (n + 1),
            created_minutes=n,
        )
    page.goto(intake.url + "/purchasing")
    page.get_by_label("Search PO number or supplier").fill("acme listing")
    expect(page).to_have_url(re.compile(r"q=acme\+listing"))
    expect(results(page)).to_have_count(30)
    expect(page.locator(".result-count")).to_contain_text("30 purchase orders match.")
    page.get_by_label("Verified").select_option("no")
    expect(page).to_have_url(re.compile(r"verified=no"))
    expect(results(page)).to_have_count(24)  # the odd numbers not divisible by 5
    page.get_by_label("Site").select_option("LST1")
    expect(results(page)).to_have_count(8)
    page.get_by_role("link", name="Total").click()
    expect(results(page).first.locator("td").first).to_have_text("LIST-057")  # largest first
    expect(page.locator("th[aria-sort=descending]")).to_have_text("Total ▼")
    shot(page, "purchasing-list-filtered")

    # The URL holds the filter: open it afresh and it is all still there.
    page.goto(page.url)
    expect(page.get_by_label("Search PO number or supplier")).to_have_value("acme listing")
    expect(page.get_by_label("Verified")).to_have_value("no")
    expect(results(page)).to_have_count(8)

    page.goto(intake.url + "/purchasing?q=LIST-")
    expect(results(page)).to_have_count(50)
    page.get_by_role("link", name="Next page →").click()
    expect(results(page)).to_have_count(10)
    expect(results(page).last.locator("td").first).to_have_text("LIST-000")
    page.get_by_role("link", name="← Previous page").click()
    expect(results(page).first.locator("td").first).to_have_text("LIST-059")
    shot(page, "purchasing-list")
    page.set_viewport_size(PHONE)
    shot(page, "purchasing-list-phone")


def test_edit_an_item_and_see_the_total_recomputed(browser, admin_page, intake, db):  # noqa: F811
    browser.watch.expect(r"/purchasing/\w+/items/\w+\b")  # the typing slip, refused on purpose
    page = admin_page
    fields = po_fields("EDIT1", project_code="NONE1")
    fields["items"][1]["amount"] = "1282.00"  # misread: 12 x 98.50 is 1182.00
    _, po_id = imported(intake, db, fields)
    page.goto(f"{intake.url}/purchasing/{po_id}")
    check = page.locator("#po-check")
    expect(check).to_contain_text("The totals do not agree")
    expect(page.locator("#po-warnings")).to_contain_text("The items and totals do not add up.")

    page.get_by_role("button", name="Edit item 2").click()
    editing = page.locator("tr.editing")
    amount = editing.get_by_label("Amount")
    expect(editing.get_by_label("Code")).to_be_focused()
    amount.fill("")  # empty: quantity x unit price
    shot(page, "po-detail-editing-item")
    amount.press("Enter")
    row = page.locator("#po-items tbody tr").nth(1)
    expect(row.locator("td[data-label=Amount]")).to_have_text("1\u00a0182.00")
    expect(check).to_contain_text("✓ The items and totals agree.")
    expect(check).to_contain_text("Items add up to ZAR 1\u00a0207.00")
    expect(page.locator("#po-warnings")).not_to_contain_text("do not add up")
    expect(page.locator("#po-history")).to_contain_text("item 2 amount 1282.00 1182.00")
    expect(page.get_by_role("button", name="Edit item 2")).to_be_focused()

    # a typing slip is refused in words, and Escape leaves the form
    page.get_by_role("button", name="Edit supplier").click()
    page.get_by_role("button", name="Edit item 1").click()
    editing.get_by_label("Quantity").fill("a hundred")
    editing.get_by_role("button", name="Save item").click()
    expect(editing.get_by_role("alert")).to_contain_text(
        "The quantity “a hundred” is not a number."
    )
    editing.get_by_label("Quantity").press("Escape")
    # focus comes back to the row once htmx settles it; typing elsewhere before then
    # would have its Enter land on this button
    expect(page.get_by_role("button", name="Edit item 1")).to_be_focused()
    page.get_by_label("Supplier").fill("Acme Steel Holdings")
    page.get_by_label("Supplier").press("Enter")
    expect(page.locator("#field-supplier_name")).to_contain_text("Acme Steel Holdings")
    shot(page, "po-detail")
    page.set_viewport_size(PHONE)
    shot(page, "po-detail-phone")


def test_verify_a_po(browser, intake, db):  # noqa: F811
    _, po_id = imported(intake, db, po_fields("VERIFY1"))
    page = signed_in(browser, intake, "sam@example.com")
    page.goto(f"{intake.url}/purchasing/{po_id}")
    unverified = page.locator("#nav-counts a").filter(has_text="unverified")
    before = int(unverified.inner_text().split()[0])
    page.get_by_role("button", name="Mark verified").click()
    expect(page.locator("#po-verify")).to_contain_text(
        re.compile(r"✓ Verified by Sam Staff, \d{4}-")
    )
    expect(page.locator("#po-history")).to_contain_text("Verified")
    expect(unverified).to_have_text(f"{before - 1} unverified")
    expect(page.get_by_role("button", name="Mark unverified")).to_be_focused()
    shot(page, "po-verified")
    # staff have no admin pages in their navigation
    expect(page.get_by_role("link", name="Batches")).to_have_count(0)
    page.context.close()


def test_type_a_missing_po_number_then_verify(browser, admin_page, intake, db):  # noqa: F811
    browser.watch.expect(r"/purchasing/\w+/verify")  # verified before it has a number: refused
    _, po_id = imported(intake, db, po_fields(""))
    page = admin_page
    page.goto(f"{intake.url}/purchasing/{po_id}")
    expect(page.locator("#po-title")).to_have_text("PO (no number yet)")
    page.get_by_role("button", name="Mark verified").click()
    expect(page.locator("#po-verify .error")).to_contain_text("type it from the document")
    page.get_by_role("button", name="Edit PO number").click()
    page.locator("#edit-purchase_order_number").fill("TYPED-1")
    page.locator("#field-purchase_order_number").get_by_role("button", name="Save").click()
    expect(page.locator("#po-title")).to_have_text("PO TYPED-1")  # the heading follows
    expect(page.locator("#po-warnings")).not_to_contain_text("No PO number was read")
    page.get_by_role("button", name="Mark verified").click()
    expect(page.locator("#po-verify")).to_contain_text("✓ Verified by Ann Admin")
    shot(page, "po-numbered-by-hand")


def test_remove_a_numberless_copy_of_a_po(browser, admin_page, intake, db):  # noqa: F811
    browser.watch.expect(r"/fields/purchase_order_number")  # a number taken: refused
    imported(intake, db, po_fields("COPY1"))
    _, po_id = imported(intake, db, po_fields("", po_date="2026-08-21"))
    page = admin_page
    page.goto(f"{intake.url}/purchasing/{po_id}")
    page.get_by_role("button", name="Edit PO number").click()
    page.locator("#edit-purchase_order_number").fill("COPY1")
    page.locator("#field-purchase_order_number").get_by_role("button", name="Save").click()
    expect(page.locator("#field-purchase_order_number .error")).to_contain_text(
        "If this one is a copy of it, remove this one."
    )
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_response(re.compile(r"/remove$"), timeout=60_000) as removed:
        page.get_by_role("button", name="Remove this PO").click()
    assert removed.value.status == 200, removed.value.status
    expect(page.locator("p.notice")).to_contain_text("without a number was removed")
    expect(page).to_have_url(re.compile(r"/purchasing\?removed=1$"))
    shot(page, "po-removed")


def dead_batches(intake, db, error, names, **fields):
    """Real PO files whose batches died with `error` (so a retry can succeed)."""
    made = []
    for name in names:
        batch_id = store_batch(intake.settings, db, po_pdf_bytes(po_fields(name, **fields)))
        db.conn.execute(
            "UPDATE data_import_batches SET status = 'dead', attempts = 3, last_error = :e,"
            " original_filename = :f WHERE id = :id",
            {"e": error, "f": f"{name.lower()}.pdf", "id": batch_id},
        )
        made.append(batch_id)
    return made


def test_filter_batches_by_error_text_and_retry_all_matching(admin_page, intake, db):
    page = admin_page
    locked = dead_batches(
        intake, db, "The scanner timed out (RETRYME).", ["RETRY1", "RETRY2", "RETRY3"]
    )
    other = dead_batches(intake, db, "This PDF is password-protected.", ["KEEPDEAD1"])
    page.goto(intake.url + "/batches")
    shot(page, "batches")
    page.locator("#batch-tabs").get_by_role("link", name=re.compile("^Dead")).click()
    expect(page).to_have_url(re.compile(r"status=dead"))
    page.get_by_label("Text in the error or file name").fill("retryme")
    expect(page.locator("#batch-results tbody tr")).to_have_count(3)
    expect(page.locator("#batch-tabs a[aria-current=page]")).to_have_text("Dead 3")
    page.get_by_role("link", name="Retry all 3 matching dead batches…").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading")).to_have_text("Retry 3 dead batches?")
    shot(page, "batches-retry-confirm")
    dialog.get_by_role("button", name="Retry 3").click()
    expect(dialog).to_be_hidden()
    expect(page.locator(".notice")).to_have_text("3 batches queued to run again.")
    expect(page.locator("#batch-tabs a[aria-current=page]")).to_have_text("Dead 0")
    # The worker imports them and the tabs follow it live. A success clears the
    # error, so find them by their file names now.
    page.get_by_label("Text in the error or file name").fill("retry")
    processed = page.locator("#batch-tabs").get_by_role("link", name=re.compile("^Processed"))
    expect(processed).to_have_text("Processed 3", timeout=20000)
    processed.click()
    expect(page.locator("#batch-results .pill")).to_have_count(3)
    expect(page.locator("#batch-results .pill").first).to_contain_text("Imported as PO #RETRY")
    shot(page, "batches-after-retry")
    for batch_id in locked:
        assert queue_reads.get_batch(db, batch_id)["status"] == "processed"
    assert queue_reads.get_batch(db, other[0])["status"] == "dead"


def test_discard_a_dead_batch(admin_page, intake, db):
    page = admin_page
    (batch_id,) = dead_batches(intake, db, "Not a purchase order (DISCARDME).", ["DISCARD1"])
    page.goto(intake.url + "/batches?status=dead&q=discardme")
    row = page.locator(f"#batch-{batch_id}")
    expect(row).to_contain_text("Not a purchase order (DISCARDME).")
    page.once("dialog", lambda dialog: dialog.accept())
    row.get_by_role("button", name="Discard discard1.pdf").click()
    expect(row.locator(".pill")).to_have_text("Discarded — will not run again")
    expect(row.get_by_role("button")).to_have_count(0)
    expect(
        page.locator("#batch-tabs").get_by_role("link", name=re.compile("^Discarded"))
    ).to_have_text("Discarded 1", timeout=10000)
    row.get_by_role("link", name="discard1.pdf").click()
    expect(page.locator("tbody")).to_contain_text("Discarded")
    expect(page.get_by_role("button", name="Retry")).to_have_count(0)
    shot(page, "batch-detail-discarded")
    assert queue_reads.get_batch(db, batch_id)["status"] == "discarded"


def test_pause_and_resume(admin_page, intake, db, tmp_path):
    page = admin_page
    page.goto(intake.url + "/batches")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Pause processing").click()
    banner = page.locator("#pause-banner")
    expect(banner).to_contain_text("Processing is paused")
    expect(banner).to_contain_text("by Ann Admin")
    expect(page.locator("#nav-counts")).to_contain_text("Processing paused")
    shot(page, "batches-paused")

    document = tmp_path / "paused-po.pdf"
    document.write_bytes(po_pdf_bytes(po_fields("PAUSED1")))
    page.goto(intake.url + "/")
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Documents").set_input_files(str(document))
    dialog.get_by_role("button", name="Upload").click()
    pill = dialog.locator(".pill")
    expect(pill).to_have_text("Queued — processing is paused for now")
    page.wait_for_timeout(3000)  # the worker got the task; paused, it leaves the batch alone
    expect(pill).to_have_text("Queued — processing is paused for now")
    dialog.get_by_role("button", name="Close").click()

    page.goto(intake.url + "/batches")
    page.get_by_role("button", name="Resume processing").click()
    expect(page.locator("#pause-banner")).to_contain_text("Processing is running")
    page.goto(intake.url + "/")
    expect(page.locator("#recent-uploads .pill").first).to_contain_text(
        "Imported as PO #PAUSED1", timeout=15000
    )


def test_add_a_site_alias_and_see_a_reprocessed_batch_match_it(admin_page, intake, db):
    page = admin_page
    sites.add_site(db, "CP77", "Cape Seventy", clock.now())
    # imported before anyone knew this spelling: no site
    _, early = imported(intake, db, po_fields("ALIAS1", project_code="CP-77X"))
    # and one that died on the way in, to be retried once the alias exists
    (dead,) = dead_batches(
        intake,
        db,
        "The worker stopped while reading this document.",
        ["ALIAS2"],
        project_code="cp77x",
    )
    page.goto(f"{intake.url}/purchasing/{early}")
    expect(page.locator("#field-site_id")).to_contain_text("No site matches this project code")

    page.goto(intake.url + "/sites")
    page.get_by_role("link", name="CP77").click()
    page.get_by_label("New alias").fill("CP 77X")
    page.get_by_role("button", name="Add alias").click()
    expect(page.locator(".notice")).to_have_text(
        "CP 77X now matches CP77. 1 purchase order without a site now matches it."
    )
    expect(page.locator(".alias-list")).to_contain_text("CP 77X")
    shot(page, "site-detail")

    page.goto(f"{intake.url}/batches/{dead}")
    page.locator("form").get_by_role("button", name="Retry").click()
    pill = page.locator(".page-head .pill")
    expect(pill).to_contain_text("Imported as PO #ALIAS2", timeout=15000)
    expect(pill).not_to_contain_text("matches no site")
    pill.get_by_role("link").click()
    expect(page.locator("#field-site_id")).to_contain_text("CP77 · Cape Seventy")
    page.goto(f"{intake.url}/purchasing/{early}")
    expect(page.locator("#field-site_id")).to_contain_text("CP77 · Cape Seventy")
    expect(page.locator("#po-history")).to_contain_text("project code CP-77X now matches site CP77")


def test_sites_import_and_users_pages(browser, admin_page, intake, db, tmp_path):  # noqa: F811
    browser.watch.expect(r"/users/\w+/disable")  # the last administrator, refused on purpose
    page = admin_page
    page.goto(intake.url + "/sites")
    page.get_by_label("Or paste the CSV").fill(
        "code,name,aliases\nIMP1,Imported One,IMP ONE\nIMP2,Imported Two,\n"
    )
    page.get_by_role("button", name="Preview the import").click()
    expect(page.get_by_role("heading", name="Import sites: what will change")).to_be_visible()
    shot(page, "sites-import-preview")
    page.get_by_role("button", name="Apply 3 changes").click()
    expect(page.locator(".notice")).to_have_text("Imported: 2 added, 0 renamed, 1 alias added.")
    shot(page, "sites")

    page.goto(intake.url + "/users")
    page.get_by_label("Name").fill("Pat Picker")
    page.get_by_label("Email").fill("pat@example.com")
    page.get_by_label("Password", exact=False).first.fill("a long enough password")
    page.get_by_label("Password again").fill("a long enough password")
    page.get_by_role("button", name="Add user").click()
    expect(page.locator(".notice")).to_have_text("pat@example.com can sign in now as staff.")
    shot(page, "users")
    page.get_by_role("link", name="Pat Picker").click()
    page.get_by_label("Name of a new token").fill("scanner")
    page.get_by_role("button", name="Make a token").click()
    expect(page.get_by_label("Token", exact=True)).to_have_value(re.compile(r"^itk_"))
    shot(page, "user-detail-token")
    page.goto(intake.url + "/users")
    page.get_by_role("link", name="Ann Admin", exact=True).click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Disable ann@example.com").click()
    expect(page.get_by_role("alert")).to_contain_text("You are the last administrator")

    batch_id = add_batch(
        db, status="dead", error="Shown in full\nsecond line", filename="detail.pdf"
    )
    page.goto(f"{intake.url}/batches/{batch_id}")
    expect(page.locator("pre.error-text")).to_have_text("Shown in full\nsecond line")
    shot(page, "batch-detail")
    page.set_viewport_size(PHONE)
    page.goto(intake.url + "/batches")
    shot(page, "batches-phone")
