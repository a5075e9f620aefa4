"""The pure parts of a CSV import, as tables of cases: reading the bytes, naming the
columns, and checking each row as a careful clerk would."""

from __future__ import annotations

import codecs
from datetime import date

import pytest

from app.imports import checks, columns, reading, sniffing
from app.imports.checks import Reading

TODAY = date(2026, 5, 1)
HOW = Reading(today=TODAY)
COMMA = Reading(today=TODAY, decimal_comma=True)


# --- the bytes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "text", "encoding"),
    [
        (b"Date,Name\n", "Date,Name\n", "UTF-8"),
        (codecs.BOM_UTF8 + b"Datum;Naam\n", "Datum;Naam\n", "UTF-8 with BOM"),
        ("Name\nZoë\n".encode("utf-16"), "Name\nZoë\n", "UTF-16"),
        ("Name\nJosé Gonçalves\n".encode("cp1252"), "Name\nJosé Gonçalves\n", "Windows-1252"),
        ("Name\nRené – €\n".encode("cp1252"), "Name\nRené – €\n", "Windows-1252"),
        ("Name\nZoë\n".encode(), "Name\nZoë\n", "UTF-8"),
        (b"Name\n\x81\x8d\n", "Name\n\x81\x8d\n", "ISO-8859-1"),
    ],
)
def test_the_encoding_is_found(raw, text, encoding):
    assert sniffing.decode(raw) == sniffing.Text(text, encoding)


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"%PDF-1.7\n...", "is a PDF, not a CSV file"),
        (b"PK\x03\x04\x14\x00", "is an Excel workbook or another zip file"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1", "old Excel workbook"),
        (b"\x89PNG\r\n\x1a\n", "is a PNG picture"),
        (b"\xff\xd8\xff\xe0", "is a JPEG photo"),
        (b"Date,Name\n\x00\x01\x02", "is not a text file"),
    ],
)
def test_a_file_that_is_not_text_is_refused_in_words(raw, said):
    with pytest.raises(sniffing.NotCsv, match=said):
        sniffing.decode(raw, "export.csv")


@pytest.mark.parametrize(
    ("text", "delimiter"),
    [
        ("Date,Name,Hours\n2026-03-03,Ann,8\n", ","),
        ("Date;Name;Hours\n03/03/2026;Ann;7,5\n04/03/2026;Bob;8,25\n", ";"),
        ("Date\tName\tHours\n2026-03-03\tAnn\t8\n", "\t"),
        ("Date|Name|Hours\n2026-03-03|Ann|8\n", "|"),
        ('Date,Name,Notes\n2026-03-03,Ann,"pour; strip; clean"\n', ","),
        # a header with a comma in a name, and decimal commas in every line
        ("Date;Amount (R, incl. VAT);Litres\n03/03/2026;1 050,00;45,20\n", ";"),
        ("sep=;\nDate;Name\n03/03/2026;Ann\n", ";"),
    ],
)
def test_the_delimiter_splits_header_and_rows_alike(text, delimiter):
    assert sniffing.delimiter(text) == delimiter


def test_records_keep_the_line_numbers_an_editor_shows():
    text = 'sep=,\nDate,Notes\n2026-03-03,"two\nlines"\n\n2026-03-04,next\n'
    assert list(sniffing.records(text, ",")) == [
        (2, ["Date", "Notes"]),
        (3, ["2026-03-03", "two\nlines"]),
        (6, ["2026-03-04", "next"]),
    ]


@pytest.mark.parametrize(
    ("values", "comma"),
    [
        (["7,5", "8", "6,25"], True),
        (["7.5", "8", "6.25"], False),
        (["1 234,56", "45,20"], True),
        (["1,234.56", "45.20"], False),
        (["1.234,56"], True),
        (["1,234", "2,500"], False),  # a thousand, or one and a bit: no vote either way
        (["R 1 050,00", "R 980,50"], True),
        ([], False),
    ],
)
def test_the_decimal_mark_is_read_from_the_numbers(values, comma):
    assert sniffing.decimal_comma(values) is comma


@pytest.mark.parametrize(
    ("values", "default", "day_first"),
    [
        (["03/03/2026", "13/03/2026"], False, True),
        (["03/03/2026", "03/13/2026"], True, False),
        (["03/03/2026", "04/03/2026"], True, True),
        (["03/03/2026", "04/03/2026"], False, False),
        (["2026-03-13", "2026-03-03"], False, False),
    ],
)
def test_the_day_order_is_read_from_the_dates(values, default, day_first):
    assert sniffing.day_first(values, default) is day_first


# --- the columns -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "headers", "mapping"),
    [
        (
            "timesheets",
            [
                "Project",
                "Client",
                "Description",
                "Task",
                "User",
                "Email",
                "Start Date",
                "Start Time",
                "End Date",
                "End Time",
                "Duration (h)",
                "Duration (decimal)",
            ],
            [
                "site",
                None,
                "description",
                None,
                "person",
                None,
                "date",
                "start",
                None,
                "end",
                None,
                "hours",
            ],
        ),
        (
            "timesheets",
            [
                "Date",
                "Client",
                "Project",
                "Project Code",
                "Task",
                "Notes",
                "Hours",
                "First Name",
                "Last Name",
            ],
            ["date", None, None, "site", None, "description", "hours", "first_name", "last_name"],
        ),
        (
            "timesheets",
            ["Datum", "Werknemer", "Projectcode", "Uren"],
            ["date", "person", "site", "hours"],
        ),
        (
            "fuel_logs",
            [
                "Transaction Date",
                "Transaction Time",
                "Card Number",
                "Registration",
                "Odometer",
                "Merchant Name",
                "Cost Centre",
                "Product",
                "Quantity (L)",
                "Unit Price",
                "Amount (ZAR)",
            ],
            [
                "date",
                "time",
                "card",
                "vehicle",
                "odometer",
                "merchant",
                "site",
                "product",
                "litres",
                "price",
                "amount",
            ],
        ),
        (
            "fuel_logs",
            ["Datum", "Kenteken", "Liter", "Prijs", "Bedrag"],
            ["date", "vehicle", "litres", "price", "amount"],
        ),
        ("fuel_logs", ["When", "Who", "What"], [None, None, None]),
    ],
)
def test_columns_are_named_by_their_headers(kind, headers, mapping):
    assert columns.guess(kind, headers) == mapping


@pytest.mark.parametrize(
    ("kind", "mapping", "missing"),
    [
        ("timesheets", ["date", "person", "hours"], []),
        ("timesheets", ["date", "first_name", "start", "end"], []),
        ("timesheets", ["date", "person", "start"], ["the hours"]),
        ("timesheets", ["person", "hours"], ["the date"]),
        ("fuel_logs", ["date", "vehicle", "litres"], []),
        ("fuel_logs", ["date", "litres"], ["registration"]),
        ("fuel_logs", [None, None], ["the date", "registration", "the litres"]),
    ],
)
def test_what_a_mapping_lacks_is_said(kind, mapping, missing):
    said = columns.missing(kind, mapping)
    assert len(said) == len(missing)
    assert all(word in sentence for word, sentence in zip(missing, said, strict=True))


def test_a_chosen_mapping_keeps_each_field_on_one_column_and_drops_unknown_fields():
    assert columns.checked("timesheets", ["date", "date", "hours", "bogus"], 5) == [
        "date",
        None,
        "hours",
        None,
        None,
    ]


def test_the_same_header_row_gives_the_same_key_however_spaced():
    assert columns.header_key(["Date", "Hours "]) == columns.header_key(["date", "HOURS"])
    assert columns.header_key(["Date", "Hours"]) != columns.header_key(["Hours", "Date"])


# --- values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "comma", "seconds"),
    [
        ("8", False, 8 * 3600),
        ("7.5", False, 27000),
        ("7,5", True, 27000),
        ("7:30", False, 27000),
        ("07:30:00", False, 27000),
        ("1:20", False, 4800),
        ("7h30", False, 27000),
        ("8h", False, 28800),
        ("45 min", False, 2700),
        ("0.333", False, 1199),
    ],
)
def test_hours_as_exports_write_them(text, comma, seconds):
    assert checks.hours_seconds(text, comma) == seconds


@pytest.mark.parametrize("text", ["eight", "7,5", "-", ""])
def test_hours_that_are_not_hours(text):
    with pytest.raises(ValueError):
        checks.hours_seconds(text, False)


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("7:42", "07:42"),
        ("07:42:10", "07:42"),
        ("5:30 PM", "17:30"),
        ("12:05 am", "00:05"),
        ("17h30", "17:30"),
    ],
)
def test_times_of_day(text, moment):
    assert checks.clock_time(text) == moment


@pytest.mark.parametrize("text", ["25:00", "7:61", "13:00 PM", "soon"])
def test_times_that_are_not(text):
    with pytest.raises(ValueError):
        checks.clock_time(text)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("  Zoë  Müller-Smith ", "zoe muller smith"),
        ("JOSÉ GONÇALVES", "jose goncalves"),
        ("O'Brien, Sean", "o brien sean"),
    ],
)
def test_names_are_compared_without_case_accents_or_punctuation(name, key):
    assert checks.person_key(name) == key


@pytest.mark.parametrize(
    ("number", "key"),
    [("ca 123-456", "CA123456"), ("PLANT 07", "PLANT07"), ("ND 12 34 GP", "ND1234GP")],
)
def test_registrations_are_compared_without_spaces_or_dashes(number, key):
    assert checks.vehicle_key(number) == key


# --- one timesheet row -------------------------------------------------------------


def timesheet(**cells):
    return checks.timesheet_row(
        7, {"date": "03/03/2026", "person": "Thabo Nkosi", "hours": "8"} | cells, HOW
    )


def test_a_good_timesheet_row_is_the_row_as_stored():
    row = timesheet(site=" CP09 ", description="Shuttering,  level 2")
    assert (row.work_date, row.person_name, row.person_key, row.site_code, row.seconds) == (
        "2026-03-03",
        "Thabo Nkosi",
        "thabo nkosi",
        "CP09",
        28800,
    )
    assert row.description == "Shuttering, level 2"


@pytest.mark.parametrize(
    ("cells", "column", "said"),
    [
        ({"date": ""}, "date", "The date is missing."),
        ({"date": "31/02/2026"}, "date", "“31/02/2026” is not a date."),
        ({"date": "2026-05-02"}, "date", "2026-05-02 is in the future."),
        ({"person": " "}, "person", "The person's name is missing."),
        ({"hours": "0"}, "hours", "0 hours: a row needs more than 0 hours."),
        ({"hours": "-2"}, "hours", "-2 hours: a row needs more than 0 hours."),
        ({"hours": "25"}, "hours", "25 hours is more than a day has."),
        ({"hours": "lots"}, "hours", "“lots” is not a number of hours."),
        ({"hours": ""}, "hours", "The hours are missing."),
        ({"hours": "", "start": "7:00", "end": "25:10"}, "end", "is not a time of day"),
    ],
)
def test_a_bad_timesheet_row_says_what_is_wrong(cells, column, said):
    problems = timesheet(**cells)
    assert [p.line for p in problems] == [7] * len(problems)
    assert any(p.column == column and said in p.message for p in problems), problems


def test_a_row_with_several_problems_reports_each():
    problems = timesheet(date="tomorrow", person="", hours="x")
    assert {p.column for p in problems} == {"date", "person", "hours"}


@pytest.mark.parametrize(
    ("cells", "seconds", "start", "end"),
    [
        ({"hours": "", "start": "07:00", "end": "16:30"}, 34200, "07:00", "16:30"),
        ({"hours": "", "start": "22:00", "end": "06:00"}, 28800, "22:00", "06:00"),
        (
            {"hours": "", "start": "2026-03-03 07:00", "end": "2026-03-03 12:15"},
            18900,
            "07:00",
            "12:15",
        ),
        ({"hours": "4", "start": "07:00", "end": "16:30"}, 14400, "07:00", "16:30"),
    ],
)
def test_hours_from_start_and_end_when_no_hours_column(cells, seconds, start, end):
    row = timesheet(**cells)
    assert (row.seconds, row.start_time, row.end_time) == (seconds, start, end)


def test_first_and_last_names_make_the_person():
    row = checks.timesheet_row(
        2, {"date": "2026-03-03", "first_name": "Zoë", "last_name": "Müller", "hours": "8"}, HOW
    )
    assert (row.person_name, row.person_key) == ("Zoë Müller", "zoe muller")


def test_a_day_over_24_hours_across_rows_is_a_problem_on_each_of_them():
    rows = [timesheet(hours="14"), timesheet(hours="9"), timesheet(hours="2", person="Ann")]
    rows[1].line = 9
    assert checks.over_a_day(rows, {}) == []
    problems = checks.over_a_day(rows, {("thabo nkosi", "2026-03-03"): 3 * 3600})
    assert [(p.line, p.column) for p in problems] == [(7, "hours"), (9, "hours")]
    assert problems[0].message == (
        "Thabo Nkosi has 26 hours on 2026-03-03 (lines 7, 9, with 3 hours imported before):"
        " more than 24."
    )


# --- one fuel row ------------------------------------------------------------------


def fill(how=HOW, **cells):
    base = {"date": "2026-03-03", "vehicle": "CA 123-456", "litres": "45.20", "price": "21.95"}
    return checks.fuel_row(4, base | cells, how)


def test_a_good_fill_is_the_row_as_stored():
    row = fill(time="07:42", card="7034 **** **** 1234", odometer="123 456 km", amount="992.14")
    assert (row.fill_date, row.fill_time, row.vehicle_number, row.vehicle_key) == (
        "2026-03-03",
        "07:42",
        "CA 123-456",
        "CA123456",
    )
    assert (row.card, row.odometer, row.millilitres, row.price_per_litre, row.amount_cents) == (
        "1234",
        123456,
        45200,
        "21.95",
        99214,
    )
    assert row.currency == "ZAR"


@pytest.mark.parametrize(
    ("cells", "how", "price", "amount", "currency"),
    [
        ({}, HOW, "21.95", 99214, "ZAR"),  # no amount: price x litres
        (
            {"price": "", "amount": "992.14"},
            HOW,
            "21.95",
            99214,
            "ZAR",
        ),  # no price: amount / litres
        ({"litres": "45,20 L", "price": "1,659", "amount": "€ 74,99"}, COMMA, "1.659", 7499, "EUR"),
        ({"currency": "usd", "amount": "992.14"}, HOW, "21.95", 99214, "USD"),
        ({"price": "", "amount": ""}, HOW, None, None, "ZAR"),
    ],
)
def test_price_amount_and_currency(cells, how, price, amount, currency):
    row = fill(how, **cells)
    assert (row.price_per_litre, row.amount_cents, row.currency) == (price, amount, currency)


@pytest.mark.parametrize(
    ("cells", "column", "said"),
    [
        ({"amount": "992.16"}, "amount", "45.2 l × 21.95 = 992.14, but the amount is 992.16."),
        ({"litres": "-45.20"}, "litres", "-45.20 litres is not a fill (a refund or a reversal?)."),
        ({"litres": ""}, "litres", "The litres are missing."),
        ({"litres": "lots"}, "litres", "“lots” is not a number of litres."),
        ({"vehicle": " - "}, "vehicle", "The vehicle's registration or number is missing."),
        ({"time": "26:00"}, "time", "“26:00” is not a time of day."),
        ({"price": "cheap"}, "price", "“cheap” is not a price."),
        ({"date": "2027-01-01"}, "date", "2027-01-01 is in the future."),
    ],
)
def test_a_bad_fill_says_what_is_wrong(cells, column, said):
    problems = fill(**cells)
    assert any(p.column == column and p.message == said for p in problems), problems


def test_an_amount_within_a_cent_of_price_times_litres_is_right():
    assert not isinstance(fill(amount="992.15"), list)
    assert not isinstance(fill(amount="992.13"), list)


def test_the_time_may_ride_in_the_date_cell():
    row = fill(date="14/03/2026 07:42")
    assert (row.fill_date, row.fill_time) == ("2026-03-14", "07:42")


# --- plausible fills ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("millilitres", "tank", "vehicle", "fleet", "rule"),
    [
        (90_000, 80, [], [], "tank"),
        (70_000, 80, [], [], None),
        (50_000_000, None, [55_000, 60_000, 62_000, 50_000_000], [], "median"),
        (170_000, None, [55_000, 60_000, 62_000, 170_000], [], None),  # under 3 x 60 l
        (190_000, None, [55_000, 60_000, 62_000, 190_000], [], "median"),
        (50_000_000, None, [50_000_000], [40_000, 60_000, 65_000, 50_000_000], "median"),
        (50_000_000, None, [60_000, 50_000_000], [60_000, 50_000_000], None),  # too few to judge
    ],
)
def test_a_fill_larger_than_plausible(millilitres, tank, vehicle, fleet, rule):
    why = checks.implausible(millilitres, tank, sorted(vehicle), sorted(fleet))
    assert (why or {}).get("rule") == rule


def test_the_reason_names_the_usual_fill():
    why = checks.implausible(50_000_000, None, [50_000_000], [40_000, 60_000, 65_000, 50_000_000])
    assert why == {"rule": "median", "scope": "fleet", "median_millilitres": 60_000}
    assert checks.outlier_text(why, 50_000_000) == (
        "50000 l is more than 3 × the fleet's (few fills yet) usual fill of 60 l."
    )


# --- a whole file ------------------------------------------------------------------


def test_a_report_with_a_title_and_a_totals_line():
    raw = (
        b"Detailed report,,,\n01/03/2026 - 31/03/2026,,,\n,,,\n"
        b"Date,Employee,Site,Hours\n03/03/2026,Ann Lee,CP09,8\nTotal,,,8\n"
    )
    parsed = reading.read(raw, "timesheets", "report.csv", HOW)
    assert (parsed.header_line, parsed.headers) == (4, ["Date", "Employee", "Site", "Hours"])
    assert [row.line for row in parsed.rows] == [5]
    assert (parsed.problems, parsed.ignored) == ([], [(6, "a totals line under the table")])


def test_a_remembered_mapping_wins_over_the_guess_and_a_chosen_one_over_both():
    raw = b"When,Who,Site,Time spent\n2026-03-03,Ann,CP09,8\n"
    guessed = reading.read(raw, "timesheets", "t.csv", HOW)
    assert guessed.mapping == [None, None, "site", None] and guessed.missing

    remembered = {"mapping": ["date", "person", "site", "hours"]}
    parsed = reading.read(raw, "timesheets", "t.csv", HOW, recall=lambda key: remembered)
    assert (parsed.mapping_from, parsed.missing, len(parsed.rows)) == ("remembered", [], 1)

    chosen = reading.Choices(mapping=("date", "person", None, "hours"))
    parsed = reading.read(raw, "timesheets", "t.csv", HOW, chosen, lambda key: remembered)
    assert (parsed.mapping_from, parsed.rows[0].site_code) == ("chosen", "")


def test_a_file_of_one_column_has_no_usable_header():
    with pytest.raises(sniffing.NotCsv, match="one column only"):
        reading.read(b"just some words\nand more\n", "fuel_logs", "notes.csv", HOW)
