"""Delivery notes in Chromium against a real server and worker: a DN dropped into the one
upload dialog is worked out, and its PO's page shows what arrived and what is outstanding."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app import auth, clock
from app.db import open_database
from tests.conftest import PASSWORD
from tests.fixtures.dn_pdf import dn_fields, dn_pdf_bytes
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.server import RunningIntake
from tests.test_browser import browser, shot  # noqa: F401 - the module's Chromium
from tests.test_browser_office import signed_in

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def intake(tmp_path_factory):
    server = RunningIntake(tmp_path_factory.mktemp("deliveries") / "data")
    db = open_database(server.settings.db_path)
    auth.create_user(db, "ann@example.com", "admin", PASSWORD, clock.now(), name="Ann Admin")
    db.close()
    yield server
    log = server.stop()
    assert "Traceback" not in log, log


def upload(page, path, pill_text: str) -> None:
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.locator("#upload-dialog")
    expect(dialog.get_by_label("What they are")).to_have_value("auto")
    dialog.get_by_label("Documents").set_input_files(str(path))
    dialog.get_by_role("button", name="Upload").click()
    expect(dialog.locator(".upload-result .pill")).to_contain_text(pill_text, timeout=20000)
    dialog.get_by_role("button", name="Close").click()


def test_a_dn_dropped_in_the_dialog_shows_on_its_pos_page(browser, intake, tmp_path):  # noqa: F811
    page = signed_in(browser, intake)
    order = tmp_path / "po-dn1.pdf"
    order.write_bytes(po_pdf_bytes(po_fields("DNPO-1")))
    upload(page, order, "Imported as PO #DNPO-1")
    short = [
        {"item_code": "HB-M8", "description": "Hex bolt M8x40", "quantity": "60", "unit": "each"},
        {"item_code": "CEM-50", "description": "Cement 50kg bag", "quantity": "12", "unit": "bag"},
    ]
    note = tmp_path / "dn-1.pdf"
    note.write_bytes(dn_pdf_bytes(dn_fields("DN-77001", "DNPO-1", items=short)))
    upload(page, note, "Imported as delivery note DN-77001 against PO DNPO-1")
    shot(page, "dn-uploaded")

    page.locator("#recent-uploads").get_by_role("link", name="Imported as PO #DNPO-1").click()
    section = page.locator("#po-deliveries")
    expect(section.locator("#delivery-status")).to_have_text("Part delivered")
    rows = section.locator(".delivery-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td")).to_have_text(
        ["1", "HB-M8 Hex bolt M8x40", "100", "60", "40", "ZAR 10.00"]
    )
    expect(rows.nth(1).locator("td")).to_have_text(
        ["2", "CEM-50 Cement 50kg bag", "12", "12", "0", ""]
    )
    expect(section.get_by_role("link", name="DN DN-77001")).to_be_visible()
    shot(page, "po-deliveries")

    # the DN's own page: its first line was really 100, so the PO is delivered in full
    section.get_by_role("link", name="DN DN-77001").click()
    expect(page.get_by_role("heading", name="Delivery note DN-77001")).to_be_visible()
    page.get_by_label("Line 1 quantity").fill("100")
    page.locator("#dn-items tbody tr").first.get_by_role("button", name="Save").click()
    expect(page.locator("#dn-data")).to_contain_text("line 1 quantity")
    shot(page, "dn-detail")
    page.get_by_role("link", name="PO DNPO-1").click()
    expect(page.locator("#delivery-status")).to_have_text("Delivered")
    page.context.close()
