"""Which column of an export is which field: header names and the words other systems use.

Pure. Time-tracking exports call the person User, Employee, Name or First and
Last name; fuel-card statements call the vehicle Registration, Reg No, Fleet
No or Plant No. Each field lists the names it goes by (English, the common
export names, and a few Dutch, German and Afrikaans ones that semicolon
exports bring), best first: when two columns answer to one field (Clockify's
"Duration (h)" and "Duration (decimal)"), the better name wins and the other
column is left out. A person can change any of it on the preview.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

KINDS = ("timesheets", "fuel_logs")


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    names: tuple[str, ...]  # normalised (`normalise`), best first


def _field(name: str, label: str, names: str) -> Field:
    return Field(name, label, tuple(n.strip() for n in names.split(",")))


TIMESHEET_FIELDS = (
    _field(
        "date",
        "Date",
        "date, work date, day, start date, entry date, spent date, datum, dag, fecha",
    ),
    _field(
        "person",
        "Person",
        "person, employee, employee name, name, full name, user, member, team member, worker, "
        "staff, resource, username, naam, werknemer, mitarbeiter, werker",
    ),
    _field(
        "first_name",
        "First name",
        "first name, firstname, given name, voornaam, vorname, naam voornaam",
    ),
    _field(
        "last_name",
        "Last name",
        "last name, lastname, surname, family name, achternaam, nachname, van",
    ),
    _field(
        "site",
        "Site code",
        "site, site code, project code, projectcode, job number, job no, job code, cost centre, "
        "cost center, job, project number, project no, project, projekt",
    ),
    _field(
        "hours",
        "Hours",
        "hours, hrs, hours worked, worked hours, total hours, duration decimal, time decimal, "
        "decimal hours, duration, duration h, time h, time, uren, ure, stunden",
    ),
    _field(
        "start",
        "Start time",
        "start time, start, time in, clock in, from, begin, starttijd, beginn",
    ),
    _field("end", "End time", "end time, end, time out, clock out, to, finish, eindtijd, ende"),
    _field(
        "description",
        "Description",
        "description, notes, note, task, activity, comment, comments, details, work done, "
        "omschrijving, beschreibung, beskrywing",
    ),
)

FUEL_FIELDS = (
    _field(
        "date",
        "Date",
        "date, transaction date, trans date, txn date, fill date, purchase date, date time, "
        "transaction date time, datum, transactiedatum",
    ),
    _field("time", "Time", "time, transaction time, trans time, txn time, tijd, uhrzeit, tyd"),
    _field(
        "card",
        "Card",
        "card, card number, card no, card nr, fuel card, card number masked, kaartnummer, karte",
    ),
    _field(
        "vehicle",
        "Vehicle",
        "registration, vehicle, registration number, vehicle registration, reg no, reg, "
        "registration no, licence plate, license plate, plate, fleet number, fleet no, "
        "plant number, plant no, asset number, asset, vehicle number, unit, kenteken, "
        "kennzeichen, voertuig, fahrzeug",
    ),
    _field(
        "odometer",
        "Odometer",
        "odometer, odo, odometer reading, mileage, km, kilometres, kilometers, kilometerstand, "
        "km stand, kilometerstand km",
    ),
    _field(
        "site",
        "Site code",
        "site, site code, project code, project, cost centre, cost center, job, job number, "
        "job no, kostenplaats",
    ),
    _field(
        "merchant",
        "Merchant",
        "merchant, merchant name, station, fuel station, service station, merchant location, "
        "location, retailer, tankstation, tankstelle",
    ),
    _field(
        "product",
        "Product",
        "product, fuel type, product name, product description, grade, fuel, description, produkt",
    ),
    _field(
        "litres",
        "Litres",
        "litres, liters, litre, liter, ltrs, ltr, volume, volume l, quantity, qty, "
        "quantity litres, liters l, litres l, menge, hoeveelheid",
    ),
    _field(
        "price",
        "Price per litre",
        "price per litre, price per liter, price l, unit price, price, pump price, rate, ppl, "
        "unit cost, prijs, prijs per liter, preis, preis pro liter, prys, prys per liter",
    ),
    _field(
        "amount",
        "Amount",
        "amount, total, total amount, amount incl vat, gross amount, value, cost, net amount, "
        "total cost, bedrag, betrag, bedrag incl btw",
    ),
    _field("currency", "Currency", "currency, curr, ccy, currency code, valuta, wahrung"),
    _field("tank", "Tank size (litres)", "tank size, tank capacity, tank, capacity, tank litres"),
)

FIELDS = {"timesheets": TIMESHEET_FIELDS, "fuel_logs": FUEL_FIELDS}
LABELS = {kind: {f.name: f.label for f in fields} for kind, fields in FIELDS.items()}


def normalise(header: str) -> str:
    """'Price/L (ZAR)' -> 'price l zar': case, accents and punctuation set aside."""
    text = unicodedata.normalize("NFKD", header or "")
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def _candidates(header: str) -> list[str]:
    """The header, and the header without what is in brackets ('Amount (R)' -> 'amount')."""
    whole = normalise(header)
    bare = normalise(re.sub(r"\(.*?\)|\[.*?\]", " ", header or ""))
    return [whole] if bare in ("", whole) else [whole, bare]


def _rank(field: Field, header: str) -> int | None:
    """How well a header names a field: the position of its best name, or None."""
    found = [field.names.index(c) for c in _candidates(header) if c in field.names]
    return min(found) if found else None


def guess(kind: str, headers: list[str]) -> list[str | None]:
    """The field each column holds, by its header (None: not imported)."""
    ranked = []
    for column, header in enumerate(headers):
        for field in FIELDS[kind]:
            rank = _rank(field, header)
            if rank is not None:
                ranked.append((rank, column, field.name))
    mapping: list[str | None] = [None] * len(headers)
    taken: set[str] = set()
    for _, column, name in sorted(ranked):
        if name not in taken and mapping[column] is None:
            mapping[column] = name
            taken.add(name)
    return mapping


def recognised(kind: str, headers: list[str]) -> int:
    """How many columns the header names: a header row names two or more."""
    return sum(1 for name in guess(kind, headers) if name)


def missing(kind: str, mapping: list[str | None]) -> list[str]:
    """What the mapping lacks before anything can be imported, as sentences."""
    chosen = set(mapping)
    needs = []
    if "date" not in chosen:
        needs.append("Choose the column that holds the date.")
    if kind == "timesheets":
        if not ({"person", "first_name", "last_name"} & chosen):
            needs.append("Choose the column that holds the person's name.")
        if "hours" not in chosen and not {"start", "end"} <= chosen:
            needs.append("Choose the column that holds the hours (or the start and end times).")
    else:
        if "vehicle" not in chosen:
            needs.append("Choose the column that holds the vehicle's registration or number.")
        if "litres" not in chosen:
            needs.append("Choose the column that holds the litres.")
    return needs


def checked(kind: str, chosen: list[str | None], width: int) -> list[str | None]:
    """A mapping as a person sent it: unknown fields dropped, each field on one column only."""
    names = {f.name for f in FIELDS[kind]}
    mapping: list[str | None] = []
    for name in (list(chosen) + [None] * width)[:width]:
        mapping.append(name if name in names and name not in mapping else None)
    return mapping


def header_key(headers: list[str]) -> str:
    """The same header row, however it is spaced or capitalised, gives the same key."""
    joined = "\x1f".join(normalise(h) for h in headers)
    return hashlib.sha256(joined.encode()).hexdigest()[:32]


def find_header(kind: str, rows: list[tuple[int, list[str]]]) -> int:
    """Which of the first rows is the header: the first that names two or more fields.

    Reports often open with a title and a date range above the table. When no
    row names two fields the first row is the header, for a person to map.
    """
    for index, (_line, cells) in enumerate(rows[:10]):
        if recognised(kind, cells) >= 2:
            return index
    return 0
