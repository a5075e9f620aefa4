"""The fuel_logs table: fills written by an import, read by the list, its totals and export.

Litres are whole millilitres and money integer cents in the row's own
currency; the price per litre stays decimal text (pumps price to a tenth of
a cent). A row keeps the registration and site code as the file wrote them
beside the vehicle and site they were matched to. This module owns
`fuel_logs`: the import writes through `insert_rows`, the review queue
through `assign_vehicle` and `correct_litres`; nothing else writes here.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from sqlite_utils import Database

from app import keyset, numbers
from app.db import one, rows
from app.imports import checks, lists

# The fills of a vehicle that say what it usually takes: its latest ones, within a year.
HISTORY = 50
HISTORY_DAYS = 365
CSV_COLUMNS = [
    "Date",
    "Time",
    "Vehicle",
    "Card",
    "Odometer",
    "Site code",
    "Site name",
    "Merchant",
    "Product",
    "Litres",
    "Price per litre",
    "Amount",
    "Currency",
    *lists.ORIGIN_COLUMNS,
]


def insert_rows(db: Database, batch_id: str, planned: list[dict]) -> None:
    """Inside the import's transaction: every fill at once (`planned` as the import made them)."""
    lists.insert_planned(
        db,
        "INSERT INTO fuel_logs (id, batch_id, line_no, fill_date, fill_time, vehicle_number,"
        " vehicle_key, vehicle_id, card, odometer, site_code, site_key, site_id, merchant,"
        " product, millilitres, price_per_litre, amount_cents, currency, warnings)"
        " VALUES (:id, :batch_id, :line, :fill_date, :fill_time, :vehicle_number, :vehicle_key,"
        " :vehicle_id, :card, :odometer, :site_code, :site_key, :site_id, :merchant, :product,"
        " :millilitres, :price_per_litre, :amount_cents, :currency, :warnings)",
        batch_id,
        planned,
    )


def already_stored(db: Database, date_from: str, date_to: str) -> dict[tuple, str]:
    """(vehicle, day, time, millilitres) of fills stored for these days -> their batch."""
    return lists.stored_between(
        db,
        "SELECT vehicle_key, fill_date, fill_time, millilitres, batch_id FROM fuel_logs"
        " WHERE fill_date BETWEEN :date_from AND :date_to",
        date_from,
        date_to,
    )


def recent_fills(db: Database, vehicle_keys: list[str], until: str) -> dict[str, list[int]]:
    """The latest fills (millilitres) of each of these vehicles in the year up to `until`.

    Read along the date index: an import writes 50,000 fills at once, and an index
    by vehicle would cost each of them more than this read costs the import.
    """
    since = (date.fromisoformat(until) - timedelta(days=HISTORY_DAYS)).isoformat()
    wanted = set(vehicle_keys)
    found = db.conn.execute(
        "SELECT vehicle_key, millilitres FROM fuel_logs"
        " WHERE fill_date BETWEEN :since AND :until ORDER BY fill_date DESC, fill_time DESC",
        {"since": since, "until": until},
    )
    fills: dict[str, list[int]] = {}
    for key, millilitres in found:
        if key in wanted:
            kept = fills.setdefault(key, [])
            if len(kept) < HISTORY:
                kept.append(millilitres)
    return fills


def assign_vehicle(db: Database, vehicle_key: str, vehicle_id: str) -> int:
    """Fills with this number and no vehicle yet get the vehicle a person decided on."""
    cursor = db.conn.execute(
        "UPDATE fuel_logs SET vehicle_id = :vehicle WHERE vehicle_key = :key"
        " AND vehicle_id IS NULL",
        {"vehicle": vehicle_id, "key": vehicle_key},
    )
    return cursor.rowcount


def waiting_amount(db: Database, vehicle_key: str) -> tuple[int, int, str | None]:
    """(fills, cents, currency) waiting for a person to say which vehicle this number is.

    Money is never added across currencies: the cents are those of the currency with
    the most waiting, and the fills count every one.
    """
    found = rows(
        db,
        "SELECT currency, count(*) AS n, coalesce(sum(amount_cents), 0) AS cents FROM fuel_logs"
        " WHERE vehicle_key = :key AND vehicle_id IS NULL GROUP BY currency"
        " ORDER BY cents DESC, currency",
        {"key": vehicle_key},
    )
    if not found:
        return 0, 0, None
    return sum(row["n"] for row in found), found[0]["cents"], found[0]["currency"]


def get_fill(db: Database, fill_id: str) -> dict | None:
    return one(db, "SELECT * FROM fuel_logs WHERE id = :id", {"id": fill_id})


def correct_litres(db: Database, fill_id: str, millilitres: int) -> dict:
    """A person's correction of a mistyped fill: the litres, and the amount when it was worked
    out from them (a price is known); the fill as it is now."""
    fill = get_fill(db, fill_id)
    amount = fill["amount_cents"]
    if fill["price_per_litre"] is not None:
        price_cents = Decimal(fill["price_per_litre"]) * 100
        amount = numbers.line_amount(Decimal(millilitres) / 1000, price_cents)
    db.conn.execute(
        "UPDATE fuel_logs SET millilitres = :ml, amount_cents = :amount,"
        " warnings = (SELECT json_group_array(value) FROM json_each(warnings)"
        "             WHERE value != 'fuel_outlier')"
        " WHERE id = :id",
        {"id": fill_id, "ml": millilitres, "amount": amount},
    )
    return get_fill(db, fill_id)


# --- the list ----------------------------------------------------------------------


def _where(db: Database, flt: lists.RowFilter) -> tuple[list[str], dict]:
    return flt.where(db, "f", "fill_date", "vehicle_number")


def _shown(row: dict) -> None:
    row["litres"] = checks.litres_text(row["millilitres"])


def totals(db: Database, flt: lists.RowFilter) -> lists.Totals:
    grouped = lists.weekly_sums(
        db,
        _where(db, flt),
        "fuel_logs",
        "f",
        "fill_date",
        "sum(f.millilitres) AS millilitres, sum(f.amount_cents) AS cents",
        also_by="currency",
    )
    for row in grouped:
        row["money"] = {row["currency"]: row["cents"]} if row["cents"] is not None else {}
    return lists.shape(grouped, "millilitres", "litres", 1000)


def as_json(row: dict) -> dict:
    return {
        "id": row["id"],
        "date": row["fill_date"],
        "time": row["fill_time"],
        "vehicle": row["vehicle_number"],
        "vehicle_id": row["vehicle_id"],
        "card": row["card"],
        "odometer": row["odometer"],
        "site_code": row["site_code"],
        "site_id": row["site_id"],
        "merchant": row["merchant"],
        "product": row["product"],
        "litres": row["litres"],
        "price_per_litre": row["price_per_litre"],
        "amount": numbers.cents_to_text(row["amount_cents"]),
        "currency": row["currency"],
        **lists.origin_json(row),
    }


def _cells(row: dict) -> tuple:
    return (
        row["fill_date"],
        row["fill_time"],
        row["vehicle_number"],
        row["card"],
        row["odometer"],
        row["site_code"],
        row["site_name"],
        row["merchant"],
        row["product"],
        row["litres"],
        row["price_per_litre"],
        numbers.cents_to_text(row["amount_cents"]),
        row["currency"],
        *lists.origin_cells(row),
    )


# The list page, its JSON and its CSV export read the table through this.
LISTING = lists.Listing(
    "SELECT f.*, f.fill_date AS sort_key, s.name AS site_name"
    " FROM fuel_logs f LEFT JOIN sites s ON s.id = f.site_id",
    keyset.Order("f.fill_date", "f.id", descending=True),
    _where,
    _shown,
    CSV_COLUMNS,
    _cells,
)
export_csv = LISTING.export_csv
