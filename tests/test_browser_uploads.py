"""In Chromium against a real server and worker: a pile of documents in one go, chosen or
dropped, each its own request and row with a live pill, and what a document that no
attempt can read offers instead of a Retry."""

from __future__ import annotations

import base64
import re

import pytest
from playwright.sync_api import expect

from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.test_browser import browser, intake, page, set_up_admin, shot  # noqa: F401

pytestmark = pytest.mark.browser


def drop_files(page, target: str, files: dict[str, bytes]) -> None:  # noqa: F811
    """Drop files on an element, as a person dragging them from their desktop does."""
    encoded = {name: base64.b64encode(data).decode() for name, data in files.items()}
    transfer = page.evaluate_handle(
        """files => {
            const transfer = new DataTransfer();
            for (const [name, data] of Object.entries(files)) {
                const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
                transfer.items.add(new File([bytes], name));
            }
            return transfer;
        }""",
        encoded,
    )
    page.locator(target).dispatch_event("dragover", {"dataTransfer": transfer})
    page.locator(target).dispatch_event("drop", {"dataTransfer": transfer})


def in_flight_counter(page) -> dict:  # noqa: F811
    """The most uploads the page had under way at one time."""
    seen = {"now": 0, "most": 0}

    def started(request):
        if request.method == "POST" and request.url.endswith("/upload"):
            seen["now"] += 1
            seen["most"] = max(seen["most"], seen["now"])

    def ended(request):
        if request.method == "POST" and request.url.endswith("/upload"):
            seen["now"] -= 1

    page.on("request", started)
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    return seen


def test_a_pile_dropped_on_the_home_page_is_sent_file_by_file(browser, page, intake):  # noqa: F811
    browser.watch.expect(r"400.*/upload|status of 400")  # the text file, refused on purpose
    set_up_admin(page, intake)
    seen = in_flight_counter(page)
    pile = {f"po-drop{n}.pdf": po_pdf_bytes(po_fields(f"DROP{n}")) for n in range(1, 7)}
    pile["notes.txt"] = b"not a document"
    pile["damaged.pdf"] = po_pdf_bytes(po_fields("DAMAGED"))[:400]
    drop_files(page, "main", pile)

    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    rows = dialog.locator("#upload-list > li")
    expect(rows).to_have_count(8)
    # the refused file says why in its own row; the others go on
    refused = rows.filter(has_text="notes.txt")
    expect(refused.get_by_role("alert")).to_contain_text("notes.txt is not a document")
    expect(rows.filter(has_text="po-drop6.pdf").locator(".pill")).to_contain_text(
        "Imported as PO #DROP6", timeout=20000
    )
    summary = dialog.locator("#upload-summary")
    expect(summary).to_have_text("6 imported, 1 need attention, 1 refused", timeout=20000)
    assert 1 < seen["most"] <= 3, seen
    shot(page, "upload-pile")
    # ready for the next pile; what was sent is in the list below too
    expect(dialog.get_by_label("Documents")).to_have_value("")
    dialog.get_by_role("button", name="Close").click()
    expect(page.locator("#recent-uploads tbody tr")).to_have_count(7)


def test_several_files_chosen_in_the_dialog_each_get_a_row(page, intake, tmp_path):  # noqa: F811
    set_up_admin(page, intake)
    paths = []
    for n in (1, 2, 3):
        path = tmp_path / f"chosen{n}.pdf"
        path.write_bytes(po_pdf_bytes(po_fields(f"CHOSEN{n}")))
        paths.append(str(path))
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Documents").set_input_files(paths)
    dialog.get_by_role("button", name="Upload").click()
    expect(dialog.locator("#upload-summary")).to_have_text("3 imported", timeout=20000)
    for n in (1, 2, 3):
        row = dialog.locator("#upload-list > li").filter(has_text=f"chosen{n}.pdf")
        expect(row.locator(".pill")).to_contain_text(f"Imported as PO #CHOSEN{n}")

    # the next pile starts a new list
    dialog.get_by_label("Documents").set_input_files(paths[:1])
    dialog.get_by_role("button", name="Upload").click()
    expect(dialog.locator("#upload-list > li")).to_have_count(1)
    expect(dialog.locator("#upload-summary")).to_have_text("1 imported", timeout=20000)
    expect(dialog.locator(".pill")).to_contain_text("Already imported as PO #CHOSEN1")


def test_a_document_no_attempt_can_read_offers_entry_by_hand(page, intake, tmp_path):  # noqa: F811
    set_up_admin(page, intake)
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(po_pdf_bytes(po_fields("DAMAGED"))[:400])
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Documents").set_input_files(str(damaged))
    dialog.get_by_role("button", name="Upload").click()
    pill = dialog.locator(".pill")
    expect(pill).to_contain_text("Reading it again would fail the same way", timeout=20000)
    expect(pill).not_to_contain_text("tried again")
    expect(pill.get_by_role("button", name="Retry")).to_have_count(0)
    shot(page, "upload-never-succeeds")
    pill.get_by_role("link", name="Enter by hand").click()
    expect(page).to_have_url(re.compile(r"/review/[^/]+/enter$"))
    expect(page.get_by_role("heading", name="Enter the PO by hand")).to_be_visible()
    expect(page.locator(".lead .filename")).to_have_text("damaged.pdf")
