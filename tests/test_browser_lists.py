"""In Chromium against a real server and worker: lists that stay true as the worker and a
person change what is on them, and sorting the purchase orders by the select as often and
as quickly as one likes, on a desk and on a phone, and without script. The races are made
certain rather than waited for: answers are held back until the test lets them go, and
htmx's pause before it wires what it swapped in is made long."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, accessibility_problems
from tests.conftest import PASSWORD, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_batch, add_po
from tests.test_browser import browser, shot  # noqa: F401 - the module's Chromium
from tests.test_browser_office import admin_page, db, intake, signed_in  # noqa: F401

pytestmark = pytest.mark.browser


def damaged_dead_batches(intake, db, names):  # noqa: F811
    """Batches that died after three attempts on files a retry reads no better."""
    made = []
    for name in names:
        batch_id = store_batch(intake.settings, db, po_pdf_bytes(po_fields(name))[:300])
        db.conn.execute(
            "UPDATE data_import_batches SET status = 'dead', attempts = 3,"
            " last_error = 'Timed out (STALE).', original_filename = :f WHERE id = :id",
            {"f": f"{name.lower()}.pdf", "id": batch_id},
        )
        made.append(batch_id)
    return made


def test_a_retried_row_follows_its_batch_until_it_is_final(admin_page, intake, db):  # noqa: F811
    page = admin_page
    (batch_id,) = damaged_dead_batches(intake, db, ["STALEROW1"])
    page.goto(intake.url + "/batches?status=dead&q=stale")
    row = page.locator(f"#batch-{batch_id}")
    expect(row.locator(".pill")).to_have_text("Needs attention")
    row.get_by_role("button", name="Retry").click()
    # the worker reads it again at once and it dies again, on its first attempt this time:
    # the row says so without a reload, and the tab's count follows
    expect(row.locator("td[data-label=Attempts]")).to_have_text("1", timeout=10000)
    expect(row.locator(".pill")).to_have_text("Needs attention")
    expect(row).to_contain_text("Reading it again would fail the same way.")
    expect(page.locator("#batch-tabs a[aria-current=page]")).to_have_text("Dead 1")
    shot(page, "batches-row-after-retry")


def test_after_retry_all_the_dead_tab_shows_what_died_again(admin_page, intake, db):  # noqa: F811
    page = admin_page
    damaged_dead_batches(intake, db, ["STALEALL1", "STALEALL2", "STALEALL3"])
    page.goto(intake.url + "/batches?status=dead&q=staleall")
    expect(page.locator("#batch-results tbody tr")).to_have_count(3)
    page.get_by_role("link", name="Retry all 3 matching dead batches…").click()
    page.get_by_role("dialog").get_by_role("button", name="Retry 3").click()
    expect(page.locator(".notice")).to_have_text("3 batches queued to run again.")
    # they die again within moments: the list and its count agree without a reload
    expect(page.locator("#batch-tabs a[aria-current=page]")).to_have_text("Dead 3", timeout=10000)
    expect(page.locator("#batch-results tbody tr")).to_have_count(3, timeout=10000)
    expect(page.locator("#batch-results .pill").first).to_have_text("Needs attention")


def sort_page(browser, intake, db, tag, viewport=None):  # noqa: F811
    """Purchase orders from Cobalt, Anvil and Birch, totals rising in that order, listed."""
    for n, supplier in enumerate(["Cobalt", "Anvil", "Birch"]):
        add_po(db, f"{tag}-{n}", supplier=f"{supplier} {tag}", total=(n + 1) * 1000_00)
    page = signed_in(browser, intake, viewport=viewport)
    page.goto(intake.url + f"/purchasing?q={tag}")
    return page


def shows_sort(page, url_sort: str, first: str) -> None:
    """The address, the first row and the select all say the list is sorted by `url_sort`."""
    expect(page).to_have_url(re.compile(rf"sort={re.escape(url_sort)}(&|$)"))
    expect(page.locator("#po-results tbody tr").first.locator("td").first).to_have_text(first)
    expect(page.get_by_label("Sort by")).to_have_value(url_sort)


def sorted_by(page, label: str, url_sort: str, first: str) -> None:
    page.get_by_label("Sort by").select_option(label=label)
    shows_sort(page, url_sort, first)


def held(page, pattern: str) -> list:
    """The requests whose address matches, held unanswered until `let_go`."""
    routes = []
    page.route(re.compile(pattern), lambda route: routes.append(route))
    return routes


def let_go(page, routes: list, asker) -> None:
    """Lets the first held request through and waits until the element that asked for it (a
    handle: a heading may have left the page by then) has dealt with its answer."""
    while not routes:
        page.wait_for_timeout(20)
    asker.evaluate(
        """elt => { elt.answered = new Promise((done, fail) => {
             elt.addEventListener("htmx:afterRequest", done, { once: true });
             setTimeout(() => fail(new Error("htmx never dealt with the answer")), 10000);
           }) }"""
    )
    routes.pop(0).continue_()
    asker.evaluate("elt => elt.answered.then(() => true)")


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desk", "phone"])
def test_sort_by_works_every_time_and_after_a_header_click(browser, intake, db, viewport):  # noqa: F811
    tag = "SRTP" if viewport else "SRTD"
    page = sort_page(browser, intake, db, tag, viewport)
    sorted_by(page, "Total, largest first", "-total", f"{tag}-2")
    sorted_by(page, "Supplier", "supplier", f"{tag}-1")
    sorted_by(page, "Total, smallest first", "total", f"{tag}-0")
    if viewport is None:  # a phone shows no column headers: the select is its only sort
        page.locator("#po-results th").get_by_role("link", name="PO number").click()
        shows_sort(page, "number", f"{tag}-0")
    sorted_by(page, "Supplier", "supplier", f"{tag}-1")
    sorted_by(page, "Total, largest first", "-total", f"{tag}-2")
    shot(page, f"purchasing-sorted-{'phone' if viewport else 'desk'}")
    page.context.close()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desk", "phone"])
def test_a_sort_chosen_as_an_answer_is_swapped_in_counts(browser, intake, db, viewport):  # noqa: F811
    # htmx wires what it swaps in after a pause (20 ms; longer on a loaded machine), and a
    # change inside it (a quick hand, a keyboard's arrow keys) was lost: a long pause makes
    # every change land inside it
    tag = "SRTX" if viewport else "SRTW"
    page = sort_page(browser, intake, db, tag, viewport)
    page.evaluate("htmx.config.defaultSettleDelay = 2000")
    sorted_by(page, "Total, largest first", "-total", f"{tag}-2")
    sorted_by(page, "Supplier", "supplier", f"{tag}-1")
    sorted_by(page, "Total, smallest first", "total", f"{tag}-0")
    page.context.close()


def test_a_second_sort_chosen_while_the_first_is_on_its_way_wins(browser, intake, db):  # noqa: F811
    page = sort_page(browser, intake, db, "SRTQ", PHONE)
    first = held(page, r"/purchasing\?.*sort=-total")
    page.get_by_label("Sort by").select_option(label="Total, largest first")
    page.get_by_label("Sort by").select_option(label="Supplier")
    let_go(page, first, page.locator("div:has(> #po-sort)").element_handle())
    shows_sort(page, "supplier", "SRTQ-1")
    page.context.close()


def test_a_sort_chosen_while_a_headings_answer_is_on_its_way_wins(browser, intake, db):  # noqa: F811
    page = sort_page(browser, intake, db, "SRTH")
    heading = held(page, r"/purchasing\?.*sort=number")
    link = page.locator("#po-results th").get_by_role("link", name="PO number").element_handle()
    link.click()
    page.get_by_label("Sort by").select_option(label="Supplier")
    shows_sort(page, "supplier", "SRTH-1")
    let_go(page, heading, link)  # the heading's answer, asked for before the select's, comes after
    shows_sort(page, "supplier", "SRTH-1")
    page.context.close()


def test_sort_by_works_without_script(browser, intake, db):  # noqa: F811
    for n, supplier in enumerate(["Cobalt", "Anvil", "Birch"]):
        add_po(db, f"SRTN-{n}", supplier=f"{supplier} SRTN", total=(n + 1) * 1000_00)
    page = browser.new_context(java_script_enabled=False).new_page()
    page.goto(intake.url + "/login")
    page.get_by_label("Email").fill("ann@example.com")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.goto(intake.url + "/purchasing?q=SRTN")
    page.get_by_label("Sort by").select_option(label="Supplier")
    page.get_by_role("button", name="Apply").click()
    shows_sort(page, "supplier", "SRTN-1")
    page.context.close()


def test_a_filter_chosen_while_a_tabs_answer_is_on_its_way_wins(admin_page, intake, db):  # noqa: F811
    page = admin_page
    add_batch(db, status="dead", filename="tabrace-po.pdf")
    add_batch(db, status="processed", filename="tabrace-dn.pdf", batch_type="delivery_notes")
    page.goto(intake.url + "/batches?q=tabrace")
    tab = held(page, r"/batches\?.*status=dead")
    dead = (
        page.locator("#batch-tabs").get_by_role("link", name=re.compile("^Dead")).element_handle()
    )
    dead.click()
    page.get_by_label("Type").select_option("delivery_notes")
    rows = page.locator("#batch-results tbody tr")
    expect(rows).to_have_count(1)
    let_go(page, tab, dead)  # the tab's answer, asked for before the filter's, comes after it
    expect(page).to_have_url(re.compile(r"type=delivery_notes"))
    expect(page).not_to_have_url(re.compile(r"status=dead"))
    expect(rows.first).to_contain_text("tabrace-dn.pdf")
    expect(page.locator("#batch-tabs a[aria-current=page]")).to_have_text(re.compile("^All"))
    expect(page.locator("#batch-status")).to_have_value("")


def test_a_reload_after_a_form_shows_the_page_and_sends_nothing_again(admin_page, intake, db):  # noqa: F811
    page = admin_page
    page.goto(intake.url + "/users")
    page.get_by_role("link", name="Sam Staff").click()
    person = page.url
    page.get_by_label("Name of a new token").fill("reload test")
    page.get_by_role("button", name="Make a token").click()
    expect(page.get_by_label("Token", exact=True)).to_have_value(re.compile(r"^itk_"))
    expect(page).to_have_url(person)
    page.reload()  # a GET of the person's page: not a 405, and no second token
    expect(page.get_by_role("heading", name="Sam Staff")).to_be_visible()
    tokens = page.get_by_role("region", name="API tokens").locator("tbody tr")
    expect(tokens.filter(has_text="reload test")).to_have_count(1)
    page.goto(intake.url + "/sites")
    page.get_by_label("Or paste the CSV").fill("code,name\nRLD1,Reloaded Site\n")
    page.get_by_role("button", name="Preview the import").click()
    expect(page.get_by_role("heading", name="Import sites: what will change")).to_be_visible()
    expect(page).to_have_url(intake.url + "/sites")
    page.reload()
    expect(page.get_by_role("heading", name="Sites", exact=True)).to_be_visible()


def test_the_accessibility_check_can_fail(admin_page):  # noqa: F811
    # the check every screenshot runs: an image without a text alternative is critical
    admin_page.set_content("<!doctype html><html lang='en'><title>t</title><img src='data:,'>")
    assert any("image-alt (critical)" in problem for problem in accessibility_problems(admin_page))


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["desk", "phone"])
def test_the_pages_no_other_test_shows_pass_the_accessibility_check(browser, intake, viewport):  # noqa: F811
    # each shot runs axe-core: a serious or critical violation fails this test
    signed_out = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    login = signed_out.new_page()
    login.goto(intake.url + "/login")
    shot(login, f"login-{'phone' if viewport else 'desk'}")
    signed_out.close()
    page = signed_in(browser, intake, viewport=viewport)
    for path in ["/delivery-notes", "/imports", "/fuel-logs", "/account/password", "/"]:
        page.goto(intake.url + path)
        shot(page, f"page{path.replace('/', '-')}-{'phone' if viewport else 'desk'}")
    page.context.close()
