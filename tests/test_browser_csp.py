"""In Chromium: the pages work under their Content-Security-Policy, and the browser
reports no violation of it while a person sets up, uploads and reads a PO.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.test_browser import browser, intake, page, set_up_admin  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def test_no_page_breaks_its_content_security_policy(page, intake, tmp_path):  # noqa: F811
    violations = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " e => console.error('Content Security Policy: ' + e.violatedDirective))"
    )
    set_up_admin(page, intake)
    document = tmp_path / "po.pdf"
    document.write_bytes(po_pdf_bytes(po_fields("CSP1")))
    page.get_by_role("button", name="Upload a document").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Document").set_input_files(str(document))
    dialog.get_by_role("button", name="Upload").click()
    expect(dialog.locator(".pill")).to_contain_text("Imported as PO #CSP1", timeout=15000)
    dialog.get_by_role("button", name="Close").click()
    page.get_by_role("link", name="Imported as PO #CSP1").first.click()
    expect(page.get_by_role("heading", name="PO CSP1")).to_be_visible()
    page.goto(intake.url + "/purchasing")
    # an injected inline script is what the policy is for: it must be refused
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.injected = true'; document.body.append(s); }"
    )
    assert page.evaluate("() => window.injected === undefined")
    assert violations and all("script-src" in v for v in violations), violations
