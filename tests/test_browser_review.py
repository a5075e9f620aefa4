"""In Chromium against a real server and worker: work the review queue from the top item down."""

from __future__ import annotations

import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from app import auth, clock, sites
from app.db import open_database
from tests.fixtures.po_pdf import REVISED_ITEMS, po_fields, po_pdf_bytes
from tests.test_browser import browser, intake, page, set_up_admin, shot  # noqa: F401

pytestmark = pytest.mark.browser


def upload(server, token: str, name: str, data: bytes) -> dict:
    """Through the API, as a script would, then wait for the worker to finish with it."""
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=server.url, headers=headers, timeout=10) as client:
        response = client.post(
            "/api/purchase-orders/upload", files={"file": (name, data, "application/pdf")}
        )
        assert response.status_code == 202, response.text
        batch_id = response.json()["batch_id"]
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            status = client.get(f"/api/data-import-batches/{batch_id}/status").json()
            if status["status"] in ("processed", "dead"):
                return status
            time.sleep(0.1)
    raise AssertionError(f"batch {batch_id} was not finished: {status}")


def settled(card) -> None:
    """htmx keeps the old attributes on a swapped card until it settles; wait for the new ones."""
    expect(card).to_have_class(re.compile(r"\breview-resolved\b"))


def top_card(tab):
    """The first open card, pinned by its id: once decided it is no longer the first open one."""
    card_id = tab.locator("article.review-open").first.get_attribute("id")
    return tab.locator(f"#{card_id}")


def test_work_the_review_queue_from_the_top(page, intake, tmp_path):  # noqa: F811
    set_up_admin(page, intake)
    db = open_database(intake.settings.db_path)
    sites.add_site(db, "SP01", "Sea Point", clock.now())
    sites.add_site(db, "CP09", "Cape Point", clock.now())
    admin = auth.get_user_by_email(db, "ann@example.com")
    token = auth.create_api_token(db, admin["id"], clock.now(), name="browser test")
    db.close()

    upload(intake, token, "b1.pdf", po_pdf_bytes(po_fields("B1", project_code="SEA-PT")))
    upload(intake, token, "b2.pdf", po_pdf_bytes(po_fields("B2")))
    upload(intake, token, "b2-rev.pdf", po_pdf_bytes(po_fields("B2", items=REVISED_ITEMS)))
    dead = upload(intake, token, "scan.pdf", b"%PDF-1.4 a scan with no text")
    assert dead["status"] == "dead"

    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("link", name="Review").click()
    expect(page.get_by_role("heading", name="Review", exact=True)).to_be_visible()
    kinds = page.locator("article.review-open").evaluate_all("els => els.map(e => e.dataset.kind)")
    # most money at risk first: two POs wait on the supplier, then B1's project code (no
    # site has it, so the reader flags it as unproven) and its site (the same money at risk,
    # so in either order), revision, scan
    assert kinds[0] == "supplier.proposed"
    assert sorted(kinds[1:3]) == ["low_confidence", "po.site_unmatched"]
    assert kinds[3:] == ["po.revision", "batch.dead"]
    shot(page, "review-queue")

    card = top_card(page)
    expect(card).to_contain_text("“Acme Steel (Pty) Ltd”")
    expect(card).to_contain_text("2\u00a0776.10 at risk")
    card.get_by_role("button", name="Create this supplier").click()
    expect(card).to_contain_text("New supplier created by Ann Buyer")
    settled(card)

    card = page.locator("article.review-open[data-kind='low_confidence']")
    card = page.locator(f"#{card.get_attribute('id')}")
    expect(card).to_contain_text("The reader was unsure of: project code")
    card.get_by_role("button", name="Mark verified").click()
    expect(card).to_contain_text("Verified")
    settled(card)

    card = top_card(page)
    expect(card).to_contain_text("SEA-PT")
    card.get_by_label("Site").select_option(label="SP01 · Sea Point")
    card.get_by_role("button", name="Use this site").click()
    expect(card).to_contain_text("SEA-PT is now an alias of site SP01")
    settled(card)

    card = top_card(page)
    expect(card).to_contain_text("566.37 at risk")
    expect(card.locator("tr.changed")).to_have_count(5)
    shot(page, "review-revision")
    card.get_by_role("button", name="Replace with the revision").click()
    expect(card).to_contain_text("Replaced by Ann Buyer")
    settled(card)

    card = top_card(page)
    expect(card).to_contain_text("scan.pdf")
    card.get_by_role("link", name="Enter the PO by hand").click()
    expect(page.get_by_role("heading", name="Enter the PO by hand")).to_be_visible()
    expect(page.locator(".preview iframe")).to_be_visible()
    page.get_by_label("PO number", exact=True).fill("HAND1")
    page.get_by_label("Supplier", exact=True).fill("Acme Steel")
    page.get_by_label("Project code", exact=True).fill("CP09")
    page.get_by_label("Item 1 code", exact=True).fill("HB-M8")
    page.get_by_label("Item 1 description", exact=True).fill("Hex bolt M8x40")
    page.get_by_label("Item 1 quantity", exact=True).fill("100")
    page.get_by_label("Item 1 unit price", exact=True).fill("0.25")
    page.get_by_label("Subtotal", exact=True).fill("25.00")
    page.get_by_label("Tax", exact=True).fill("3.75")
    page.get_by_label("Total", exact=True).fill("28.75")
    shot(page, "review-enter-by-hand")
    page.get_by_role("button", name="Import this PO").click()
    expect(page.get_by_role("heading", name="PO HAND1")).to_be_visible()
    expect(page.locator(".items-table tbody tr")).to_have_count(1)

    page.get_by_role("link", name="Review").click()
    expect(page.locator(".empty")).to_have_text("Nothing waits for a decision.")
    page.get_by_role("link", name="Resolved").click()
    expect(page.locator("article.review-resolved")).to_have_count(5)
    shot(page, "review-resolved")
    # the next document with the code a person taught Intake matches with no item
    upload(intake, token, "b3.pdf", po_pdf_bytes(po_fields("B3", project_code="sea pt")))
    page.get_by_role("link", name="Open").click()
    expect(page.locator(".empty")).to_have_text("Nothing waits for a decision.")
