"""In Chromium against a real server: import a timesheet export from its preview, change how
a column maps on the way, and find the rows, their totals and the chart on the list."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from app import clock, sites
from app.db import open_database
from tests.test_browser import browser, intake, page, set_up_admin, shot  # noqa: F401

pytestmark = pytest.mark.browser
CSV = Path(__file__).parent / "fixtures" / "csv"


def test_preview_change_a_mapping_import_and_see_the_rows(page, intake):  # noqa: F811
    set_up_admin(page, intake)
    db = open_database(intake.settings.db_path)
    sites.add_site(db, "CP14", "Sandton fit-out", clock.now())
    db.close()
    export = CSV / "timesheets-harvest-windows1252.csv"

    page.get_by_role("link", name="Timesheets").first.click()
    page.get_by_role("link", name="Import a CSV…").click()
    expect(page.get_by_role("link", name="Timesheets", exact=True).last).to_have_attribute(
        "aria-current", "page"
    )
    page.get_by_label("The timesheets export").set_input_files(str(export))

    preview = page.locator("#import-preview")
    expect(preview.get_by_role("heading")).to_have_text(f"Preview of {export.name}")
    expect(preview.locator(".file-facts")).to_contain_text("Read as Windows-1252, comma-separated")
    expect(preview.get_by_label("Import “Project Code” as")).to_have_value("site")
    rows = preview.locator(".preview-rows tbody tr")
    expect(rows).to_have_count(7)
    expect(rows.first).to_contain_text("José Gonçalves")
    expect(rows.nth(1).locator("td").nth(5)).to_have_text("Primer coat, façade")
    expect(preview.locator(".new-names")).to_contain_text("Zoë Müller")
    shot(page, "import-preview")

    # The task says more than the notes here: read the descriptions from it instead.
    preview.get_by_label("Import “Task” as").select_option("description")
    expect(rows.nth(1).locator("td").nth(5)).to_have_text("Painting")
    expect(preview.get_by_label("Import “Notes” as")).to_have_value("")

    preview.get_by_role("button", name="Import 7 rows").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"7 rows imported from {export.name}")
    shot(page, "import-result")
    page.get_by_role("link", name="See the imported rows").click()
    expect(page.locator(".log-table tbody tr")).to_have_count(7)
    expect(page.locator(".result-count")).to_contain_text("7 rows: 46 hours.")
    expect(page.locator(".totals-sites")).to_contain_text("CP14 · Sandton fit-out")
    chart = page.locator("figure.week-chart").first
    expect(chart.locator("h3")).to_have_text("CP14 · Sandton fit-out: hours per week")
    expect(chart.locator("svg rect.segment")).to_have_count(1)
    shot(page, "timesheets-list")

    # The same file again is recognised and cannot be imported twice.
    page.goto(intake.url + "/imports?kind=timesheets")
    page.get_by_label("The timesheets export").set_input_files(str(export))
    notice = page.locator("#import-preview .warning")
    expect(notice).to_contain_text("This very file was imported")
    expect(page.get_by_role("button", name="Imported before")).to_be_disabled()
    notice.get_by_role("link", name="see that import").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("7 rows imported")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(intake.url + "/timesheets")
    shot(page, "timesheets-list-phone")
