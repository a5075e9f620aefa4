"""In Chromium against a real server and worker: set up, upload, follow the pill."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.browser import CHROMIUM_ARGS, DESK, WatchedBrowser, chromium_path, shot
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.server import RunningIntake

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser():
    """Chromium for the module; what its pages complain about is checked after each test
    (the `watched_pages` fixture in conftest.py)."""
    with sync_playwright() as playwright:
        watched = WatchedBrowser(
            playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        )
        yield watched
        watched.close()


@pytest.fixture
def intake(tmp_path):
    server = RunningIntake(tmp_path / "data")
    yield server
    log = server.stop()
    assert "Traceback" not in log, log


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    yield page
    context.close()


def set_up_admin(page, intake) -> None:
    page.goto(intake.url + "/")
    expect(page).to_have_url(intake.url + "/setup")
    shot(page, "setup")
    page.get_by_label("Your name").fill("Ann Buyer")
    page.get_by_label("Email").fill("ann@example.com")
    page.get_by_label("Password", exact=False).first.fill("a long enough password")
    page.get_by_label("Password again").fill("a long enough password")
    page.get_by_role("button", name="Create administrator").click()
    expect(
        page.get_by_role("heading", name="Documents in, purchase orders and deliveries out")
    ).to_be_visible()


def test_upload_a_po_and_follow_the_pill_to_it(page, intake, tmp_path):
    set_up_admin(page, intake)
    shot(page, "home-empty")
    document = tmp_path / "po-browser1.pdf"
    document.write_bytes(po_pdf_bytes(po_fields("BROWSER1")))

    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Documents").set_input_files(str(document))
    dialog.get_by_role("button", name="Upload").click()

    pill = dialog.locator(".pill")
    expect(pill).to_have_text(re.compile(r"Queued|Processing|Imported"), timeout=5000)
    expect(pill).to_contain_text("Imported as PO #BROWSER1", timeout=15000)
    expect(dialog.locator(".upload-result .filename")).to_have_text("po-browser1.pdf")
    shot(page, "upload-imported")
    # the list below refreshed itself with the same upload
    dialog.get_by_role("button", name="Close").click()
    row = page.locator("#recent-uploads tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator(".filename")).to_have_text("po-browser1.pdf")
    expect(row.locator(".pill")).to_contain_text("Imported as PO #BROWSER1", timeout=5000)

    row.get_by_role("link", name="Imported as PO #BROWSER1").click()
    expect(page.get_by_role("heading", name="PO BROWSER1")).to_be_visible()
    expect(page.locator(".items-table tbody tr")).to_have_count(2)
    shot(page, "po-detail")
    page.get_by_role("link", name="← Purchase orders").click()
    expect(page.get_by_role("link", name="BROWSER1")).to_be_visible()
    shot(page, "purchasing-list")


def test_a_refused_file_is_explained_in_the_dialog(browser, page, intake, tmp_path):
    browser.watch.expect(r"400.*upload|status of 400")
    set_up_admin(page, intake)
    notes = tmp_path / "notes.txt"
    notes.write_text("not a purchase order")
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Documents").set_input_files(str(notes))
    dialog.get_by_role("button", name="Upload").click()
    expect(dialog.get_by_role("alert")).to_contain_text(
        "notes.txt is not a document Intake can read"
    )
    shot(page, "upload-refused")
    expect(page.locator("#recent-uploads .empty")).to_be_visible()
