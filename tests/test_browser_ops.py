"""In Chromium: when no worker is running, everyone is told, in the navigation bar and on the
pill of what they just uploaded; when a worker comes back, both go and the upload is read.

The web app runs without its own worker; the test starts and stops a real
`intake worker` beside it. Heartbeats come every second and a worker counts
as gone after three (two minutes and 15 s in an office).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app import auth, clock, health
from app.db import open_database
from tests.conftest import PASSWORD
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.server import RunningIntake
from tests.test_browser import browser, shot  # noqa: F401 - the module's Chromium
from tests.workers import start_worker, stop, wait_for

pytestmark = pytest.mark.browser

FAST = {"INTAKE_HEARTBEAT_SECONDS": "1", "INTAKE_WORKER_GONE_SECONDS": "3"}
NO_WORKER = "Documents are not being read: no worker is running"


@pytest.fixture
def intake(tmp_path):
    server = RunningIntake(tmp_path / "data", "--no-worker", **FAST)
    db = open_database(server.settings.db_path)
    auth.create_user(db, "sam@example.com", "staff", PASSWORD, clock.now(), name="Sam Staff")
    db.close()
    yield server
    log = server.stop()
    assert "Traceback" not in log, log


@pytest.fixture
def page(browser, intake):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(intake.url + "/login")
    page.get_by_label("Email").fill("sam@example.com")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    heading = page.get_by_role("heading", name="Documents in, purchase orders and deliveries out")
    expect(heading).to_be_visible()
    yield page
    context.close()


def test_staff_are_told_when_no_worker_reads_documents(page, intake, tmp_path):
    settings = intake.settings
    worker = start_worker(settings, **FAST)
    try:
        wait_for(lambda: health.worker_alive(settings, clock.now()), timeout=30)
        page.reload()
        expect(page.locator("#nav-counts")).not_to_contain_text(NO_WORKER)
    finally:
        stop(worker)

    page.reload()
    banner = page.locator("#nav-counts").get_by_role("alert")
    expect(banner).to_have_text(NO_WORKER)
    document = tmp_path / "po-waiting.pdf"
    document.write_bytes(po_pdf_bytes(po_fields("NOWORKER1")))
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Documents").set_input_files(str(document))
    dialog.get_by_role("button", name="Upload").click()
    pill = dialog.locator(".pill")
    expect(pill).to_have_text("Queued — documents are not being read: no worker is running")
    shot(page, "no-worker")

    worker = start_worker(settings, **FAST)
    try:
        expect(pill).to_contain_text("Imported as PO #NOWORKER1", timeout=30_000)
        dialog.get_by_role("button", name="Close").click()
        page.reload()
        expect(page.locator("#nav-counts")).not_to_contain_text(NO_WORKER)
        expect(page.locator("#nav-counts .badge-no-worker")).to_have_count(0)
    finally:
        log = stop(worker)
    assert "Traceback" not in log, log
