"""In Chromium: the pages work under their Content-Security-Policy, and the browser
reports no violation of it while a person sets up, uploads and reads a PO.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.test_browser import browser, intake, page, set_up_admin  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def test_no_page_breaks_its_content_security_policy(browser, page, intake, tmp_path):  # noqa: F811
    browser.watch.expect("script-src")  # the injected script below, refused on purpose
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
    page.get_by_role("button", name="Upload documents").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Documents").set_input_files(str(document))
    dialog.get_by_role("button", name="Upload").click()
    expect(dialog.locator(".pill")).to_contain_text("Imported as PO #CSP1", timeout=15000)
    dialog.get_by_role("button", name="Close").click()
    page.get_by_role("link", name="Imported as PO #CSP1").first.click()
    expect(page.get_by_role("heading", name="PO CSP1")).to_be_visible()
    # Back and Forward through pages htmx changed in place: each is loaded afresh, whole
    page.goto(intake.url + "/purchasing")
    page.get_by_label("Verified").select_option("no")
    expect(page).to_have_url(intake.url + "/purchasing?verified=no")
    page.get_by_role("link", name="CSP1").click()
    expect(page.get_by_role("heading", name="PO CSP1")).to_be_visible()
    page.go_back()
    expect(page.get_by_label("Verified")).to_have_value("no")
    page.go_back()
    expect(page).to_have_url(intake.url + "/purchasing")
    expect(page.get_by_role("heading", name="Purchase orders")).to_be_visible()
    expect(page.get_by_label("Verified")).to_have_value("")
    page.evaluate("() => { window.before = true; }")
    page.go_forward()
    page.wait_for_function("() => window.before === undefined")  # loaded afresh, whole
    expect(page.get_by_role("link", name="CSP1")).to_be_visible()
    assert not violations, violations
    # an injected inline script is what the policy is for: it must be refused
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.injected = true'; document.body.append(s); }"
    )
    assert page.evaluate("() => window.injected === undefined")
    assert violations and all("script-src" in v for v in violations), violations
