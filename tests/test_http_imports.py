"""Importing timesheets and fuel logs over HTTP: the preview, changing the mapping, the import
and its result page, the two lists, and the JSON API, through Litestar's test client."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from litestar.testing import TestClient

from app import clock, review_items, sites, storage
from app.config import Settings
from app.db import open_database, rows
from app.main import create_app
from tests.conftest import make_user, sign_in

CSV = Path(__file__).parent / "fixtures" / "csv"
HTMX = {"hx-request": "true"}


def fixture(name: str) -> bytes:
    return (CSV / name).read_bytes()


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


def staged_files(settings) -> list[str]:
    folder = settings.files_dir / storage.IMPORTS
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.fixture
def known_sites(db):
    for code, name in (("CP09", "Menlyn Mall"), ("CP12", "Hatfield Flats")):
        sites.add_site(db, code, name, clock.now())


def preview(client, raw: bytes, slug="timesheets", name="export.csv"):
    return client.post(
        f"/imports/{slug}/preview", files={"file": (name, raw, "text/csv")}, headers=HTMX
    )


def form_of(page: BeautifulSoup) -> tuple[str, dict[str, str]]:
    """The preview's form as the browser would send it: its action and its fields."""
    form = page.select_one("form.import-form")
    fields = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    for select in form.select("select"):
        chosen = select.select_one("option[selected]")
        fields[select["name"]] = chosen["value"] if chosen else ""
    return form["action"], fields


# --- the page -----------------------------------------------------------------------


def test_the_import_page_offers_both_kinds(admin_client):
    page = soup(admin_client.get("/imports?kind=fuel_logs"))
    kinds = [(a.text.strip(), a.get("aria-current")) for a in page.select(".choose-kind a")]
    assert kinds == [("Timesheets", None), ("Fuel log", "page")]
    assert page.select_one("form[hx-post]")["hx-post"] == "/imports/fuel-logs/preview"


def test_a_preview_shows_the_mapping_every_row_and_every_problem(admin_client, db, known_sites):
    response = preview(admin_client, fixture("timesheets-clockify-bad-rows.csv"))
    assert response.status_code == 200
    page = soup(response)
    mapped = {
        row.th.text: row.select_one("option[selected]")["value"]
        for row in page.select(".mapping-table tbody tr")
        if row.select_one("option[selected]")
    }
    assert mapped == {
        "Project": "site",
        "Description": "description",
        "User": "person",
        "Start Date": "date",
        "Start Time": "start",
        "End Time": "end",
        "Duration (decimal)": "hours",
    }
    lines = [tr.td.text for tr in page.select(".preview-rows tbody tr")]
    assert lines == ["2", "9"]
    problems = [
        [td.text for td in tr.select("td")] for tr in page.select(".preview-problems tbody tr")
    ]
    assert problems[2] == ["5", "Start Date", "“02/30/2026” is not a date."]
    assert len(problems) == 6
    assert page.select_one(".import-actions button").text.strip() == "Import 2 rows"
    # nothing is written by a preview
    assert rows(db, "SELECT count(*) AS n FROM data_import_batches") == [{"n": 0}]


def test_changing_the_mapping_shows_the_preview_again(admin_client, known_sites):
    page = soup(preview(admin_client, fixture("timesheets-sa-semicolon-bom.csv")))
    action, fields = form_of(page)
    fields["column_3"] = ""  # the site column: not imported
    again = admin_client.post(action + "/preview", data=fields, headers=HTMX)
    assert again.status_code == 200
    sites_shown = {
        tr.select("td")[3].text.strip() for tr in soup(again).select(".preview-rows tbody tr")
    }
    assert sites_shown == {"—"}
    fields["column_5"] = ""  # and the hours: nothing can be imported
    again = soup(admin_client.post(action + "/preview", data=fields, headers=HTMX))
    assert "Choose the column that holds the hours" in again.select_one(".warning").text
    assert again.select_one(".import-actions button").has_attr("disabled")


def test_import_then_the_result_page_links_to_the_rows_and_the_batch(admin_client, db, known_sites):
    page = soup(
        preview(admin_client, fixture("timesheets-sa-semicolon-bom.csv"), name="week 10.csv")
    )
    action, fields = form_of(page)
    response = admin_client.post(action, data=fields, follow_redirects=False)
    assert response.status_code == 303
    batch_id = action.rsplit("/", 1)[1]
    assert response.headers["location"] == f"/imports/timesheets/{batch_id}/result"
    result = soup(admin_client.get(response.headers["location"]))
    assert result.h1.text == "12 rows imported from week 10.csv"
    links = {a.text: a["href"] for a in result.select(".import-result .actions a")}
    assert links == {
        "See the imported rows": f"/timesheets?batch={batch_id}",
        "The batch": f"/batches/{batch_id}",
    }
    listed = soup(admin_client.get(f"/timesheets?batch={batch_id}"))
    assert len(listed.select(".log-table tbody tr")) == 12
    batch_page = soup(admin_client.get(f"/batches/{batch_id}"))
    assert batch_page.find("a", string="The imported rows, and those that were not")


def test_the_same_file_again_is_refused_with_a_link_to_the_first(admin_client, db):
    raw = fixture("timesheets-sa-semicolon-bom.csv")
    action, fields = form_of(soup(preview(admin_client, raw)))
    admin_client.post(action, data=fields)
    first = action.rsplit("/", 1)[1]
    page = soup(preview(admin_client, raw, name="again.csv"))
    notice = page.select_one(".import-preview .warning")
    assert "This very file was imported" in notice.text
    assert notice.a["href"] == f"/imports/timesheets/{first}/result"
    assert page.select_one(".import-actions button").has_attr("disabled")
    action, fields = form_of(page)
    forced = admin_client.post(action, data=fields, follow_redirects=False)
    assert forced.headers["location"] == f"/imports/timesheets/{first}/result?again=1"
    said = soup(admin_client.get(forced.headers["location"])).select_one(".import-result .warning")
    assert "had been imported already, so nothing was imported again" in said.text
    assert rows(db, "SELECT count(*) AS n FROM timesheets") == [{"n": 12}]


def test_all_or_nothing_imports_nothing_and_says_why(admin_client, db):
    action, fields = form_of(
        soup(preview(admin_client, fixture("timesheets-clockify-bad-rows.csv")))
    )
    response = admin_client.post(action, data=fields | {"all_or_nothing": "yes"})
    assert response.status_code == 422
    page = soup(response)
    assert "Nothing was imported: 6 rows have problems" in page.select_one("p.error").text
    assert page.select_one("input[name=all_or_nothing]").has_attr("checked")
    assert rows(db, "SELECT count(*) AS n FROM timesheets") == [{"n": 0}]


def test_a_file_that_is_not_a_csv_is_refused_and_not_kept(admin_client, settings):
    response = preview(admin_client, b"%PDF-1.7\n1 0 obj", name="statement.pdf")
    assert response.status_code == 400
    assert "statement.pdf is a PDF, not a CSV file" in response.text
    assert staged_files(settings) == []


def test_a_form_that_is_not_the_previews_maps_nothing_and_says_so(admin_client):
    action, _ = form_of(soup(preview(admin_client, fixture("timesheets-sa-semicolon-bom.csv"))))
    garbled = admin_client.post(
        action + "/preview", data={"columns": "many", "column_0": "date"}, headers=HTMX
    )
    assert garbled.status_code == 200
    assert "Choose the column that holds the date." in soup(garbled).select_one(".warning").text


def test_an_expired_preview_says_to_upload_again(admin_client):
    response = admin_client.post(
        "/imports/timesheets/abcdefghijklmno", data={"filename": "x.csv", "columns": "2"}
    )
    assert response.status_code == 404
    assert "This preview has expired" in response.text


def test_an_unknown_kind_of_import_is_not_found(admin_client):
    assert admin_client.get("/imports/payroll/abcdefghijklmno/result").status_code == 404


# --- the lists ---------------------------------------------------------------------


def test_the_fuel_list_shows_totals_per_currency_and_a_chart_per_site(admin_client, known_sites):
    for name in ("fuel-card-statement.csv", "fuel-nl-semicolon-bom.csv"):
        admin_client.post(
            "/api/imports/fuel-logs", files={"file": (name, fixture(name), "text/csv")}
        )
    page = soup(admin_client.get("/fuel-logs"))
    assert "15 fills" in page.select_one(".result-count").text
    sites_total = {
        tr.select("td")[0].text: tr.select("td")[2].text
        for tr in page.select(".totals-sites tbody tr")
    }
    # MEG-04 is no site here: 71.25 l and 68.90 l at 22.31, and the Dutch statement in euros
    assert sites_total["No site matched"] == "EUR 249.14 · ZAR 3\u00a0126.75"
    charts = page.select("figure.week-chart")
    assert [c.h3.text for c in charts] == [
        "CP09 · Menlyn Mall: litres per week",
        "CP12 · Hatfield Flats: litres per week",
        "No site matched: litres per week",
    ]
    assert len(charts[0].select("svg rect.segment")) == 2  # two weeks of fills
    assert charts[0].select("details tbody tr td")[0].text == "2026-03-09"

    filtered = admin_client.get("/fuel-logs?site=CP12&who=gp", headers=HTMX)
    assert filtered.headers["hx-push-url"] == "/fuel-logs?site=CP12&who=gp"
    assert len(soup(filtered).select(".log-table tbody tr")) == 3
    export = admin_client.get("/fuel-logs/export.csv?site=CP12")
    assert export.headers["content-type"].startswith("text/csv")
    assert len(export.text.strip().splitlines()) == 4


def test_the_list_api_filters_and_pages(admin_client, known_sites):
    admin_client.post(
        "/api/imports/timesheets",
        files={"file": ("sa.csv", fixture("timesheets-sa-semicolon-bom.csv"), "text/csv")},
    )
    body = admin_client.get("/api/timesheets?site=CP09&from=2026-03-03").json()
    assert [r["date"] for r in body["rows"]] == ["2026-03-09", "2026-03-09", "2026-03-03"]
    assert sorted((r["date"], r["person"], r["hours"]) for r in body["rows"]) == [
        ("2026-03-03", "Sipho Dlamini", "9.25"),
        ("2026-03-09", "Sipho Dlamini", "7"),
        ("2026-03-09", "Thabo Nkosi", "8"),
    ]
    assert body["totals"]["sites"] == [{"site_code": "CP09", "rows": 3, "hours": "24.25"}]
    assert body["next"] is None
    assert admin_client.get("/api/timesheets?from=yesterday").status_code == 400
    assert admin_client.get("/api/timesheets?after=garbage").status_code == 400


# --- the API ------------------------------------------------------------------------


def test_api_dry_run_answers_the_preview_and_keeps_nothing(admin_client, db, settings, known_sites):
    response = admin_client.post(
        "/api/imports/timesheets?dry_run=1",
        files={"file": ("c.csv", fixture("timesheets-clockify-bad-rows.csv"), "text/csv")},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["mapping"]["Duration (decimal)"] == "hours"
    assert [row["line"] for row in body["rows"]] == [2, 9]
    assert body["rows"][1]["warnings"] == ["site_unmatched"]
    assert {
        "line": 7,
        "column": "Duration (decimal)",
        "message": "0 hours: a row needs more than 0 hours.",
    } in body["problems"]
    assert body["duplicates"] == []
    assert staged_files(settings) == []
    assert rows(db, "SELECT count(*) AS n FROM data_import_batches") == [{"n": 0}]


def test_api_import_then_the_same_file_is_a_409_with_the_first_batch(admin_client, db):
    files = {"file": ("fuel.csv", fixture("fuel-card-statement.csv"), "text/csv")}
    first = admin_client.post("/api/imports/fuel-logs", files=files)
    assert first.status_code == 200
    body = first.json()
    assert (body["imported"], body["skipped"], body["problems"]) == (12, 0, [])
    again = admin_client.post("/api/imports/fuel-logs", files=files)
    assert again.status_code == 409
    assert again.json()["batch_id"] == body["batch_id"]
    [outlier] = review_items.open_items(db, "fuel.outlier")
    assert outlier["money_at_risk_cents"] == 112_400_000


def test_api_rows_imported_from_another_file_are_skipped(admin_client):
    week = b"Date,Employee,Hours\n2026-03-02,Ann Lee,8\n2026-03-03,Ann Lee,8\n"
    admin_client.post("/api/imports/timesheets", files={"file": ("a.csv", week, "text/csv")})
    more = week + b"2026-03-04,Ann Lee,7.5\n"
    body = admin_client.post(
        "/api/imports/timesheets", files={"file": ("b.csv", more, "text/csv")}
    ).json()
    assert (body["imported"], body["skipped"]) == (1, 2)


@pytest.mark.parametrize(
    ("raw", "status", "said"),
    [
        (b"PK\x03\x04rest of a workbook", 400, "Excel workbook"),
        (b"When,Who,What\n2026-03-02,Ann,8\n", 400, "has no usable header"),
        (b"just one column\n", 400, "one column only"),
    ],
)
def test_api_refuses_what_is_not_a_usable_csv(admin_client, raw, status, said):
    response = admin_client.post(
        "/api/imports/timesheets", files={"file": ("x.csv", raw, "text/csv")}
    )
    assert response.status_code == status
    assert said in response.json()["detail"]


def test_api_all_or_nothing_is_a_422_with_every_problem(admin_client, db):
    response = admin_client.post(
        "/api/imports/timesheets?all_or_nothing=1",
        files={"file": ("c.csv", fixture("timesheets-clockify-bad-rows.csv"), "text/csv")},
    )
    assert response.status_code == 422
    assert len(response.json()["problems"]) == 6
    assert rows(db, "SELECT count(*) AS n FROM timesheets") == [{"n": 0}]


def test_api_upload_without_a_file_or_not_multipart(admin_client):
    empty = admin_client.post("/api/imports/timesheets", files={"file": ("e.csv", b"", "text/csv")})
    assert (empty.status_code, empty.json()["detail"]) == (
        400,
        "e.csv is empty; choose the CSV export to import.",
    )
    plain = admin_client.post("/api/imports/timesheets", content=b"Date,Name\n")
    assert plain.status_code == 400


def test_an_upload_over_the_limit_is_refused_and_leaves_nothing(tmp_path):
    settings = Settings.from_env(env={"INTAKE_MAX_UPLOAD_MB": "1"}, data_dir=tmp_path / "data")
    app = create_app(settings, immediate_tasks=True)
    make_user(open_database(settings.db_path), "big@example.com", "staff")
    big = b"Date,Employee,Hours\n" + b"2026-03-02,Ann Lee,8\n" * 60_000
    with TestClient(app) as client:
        sign_in(client, "big@example.com")
        response = client.post(
            "/api/imports/timesheets", files={"file": ("big.csv", big, "text/csv")}
        )
    assert response.status_code == 413
    assert staged_files(settings) == []


# --- review --------------------------------------------------------------------------


def test_the_review_cards_for_names_and_fills(admin_client, db):
    admin_client.post(
        "/api/imports/fuel-logs",
        files={"file": ("fuel.csv", fixture("fuel-card-statement.csv"), "text/csv")},
    )
    admin_client.post(
        "/api/imports/fuel-logs",
        files={
            "file": ("f2.csv", b"Date,Registration,Litres\n2026-03-20,CA 123-465,60\n", "text/csv")
        },
    )
    page = soup(admin_client.get("/review"))
    cards = {card["data-kind"]: card for card in page.select("article.review-item")}
    assert set(cards) == {"fuel.outlier", "vehicle.proposed"}
    assert "1\u00a0124\u00a0000.00 at risk" in cards["fuel.outlier"].text
    assert cards["vehicle.proposed"].find("button", string=re.compile("Yes, it is CA 123-456"))
    [outlier] = review_items.open_items(db, "fuel.outlier")
    decided = admin_client.post(
        f"/review/{outlier['id']}/decide/correct", data={"litres": "lots"}, headers=HTMX
    )
    assert decided.status_code == 400
    assert "“lots” is not a number of litres." in decided.text
    decided = admin_client.post(
        f"/review/{outlier['id']}/decide/correct", data={"litres": "50"}, headers=HTMX
    )
    assert decided.status_code == 200
    assert "Corrected" in soup(decided).select_one(".review-outcome").text


@pytest.mark.parametrize(
    ("path", "name", "imported", "problem_lines", "first"),
    [
        ("timesheets", "timesheets-sa-semicolon-bom.csv", 12, 0, ("Sipho Dlamini", "8")),
        ("timesheets", "timesheets-harvest-windows1252.csv", 7, 0, ("José Gonçalves", "8")),
        ("timesheets", "timesheets-clockify-bad-rows.csv", 2, 6, ("Ann Lee", "8.5")),
        ("fuel-logs", "fuel-card-statement.csv", 12, 0, ("CA 123-456", "62.4")),
        ("fuel-logs", "fuel-nl-semicolon-bom.csv", 3, 0, ("12-ABC-3", "48.37")),
    ],
)
def test_each_export_through_the_api(admin_client, path, name, imported, problem_lines, first):
    body = admin_client.post(
        f"/api/imports/{path}", files={"file": (name, fixture(name), "text/csv")}
    ).json()
    assert body["imported"] == imported
    assert len({p["line"] for p in body["problems"]}) == problem_lines
    listed = admin_client.get(f"/api/{path}?batch={body['batch_id']}").json()["rows"]
    earliest = min(listed, key=lambda row: row["line"])
    if path == "timesheets":
        assert (earliest["person"], earliest["hours"]) == first
    else:
        assert (earliest["vehicle"], earliest["litres"]) == first
