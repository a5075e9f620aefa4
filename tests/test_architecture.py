"""The shape of app/: each table is written from its one owner module.

Read from the source, so a write that creeps into another module fails here
before it becomes a second copy of a rule.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OWNERS = {
    "purchase_orders": "app/purchase_orders/store.py",
    "purchase_order_items": "app/purchase_orders/store.py",
    "purchase_order_history": "app/purchase_orders/store.py",
    "purchase_order_versions": "app/purchase_orders/store.py",
    "delivery_notes": "app/delivery_notes/store.py",
    "delivery_note_items": "app/delivery_notes/store.py",
    "delivery_note_history": "app/delivery_notes/store.py",
    "delivery_closures": "app/delivery_notes/store.py",
    "review_items": "app/review_items.py",
    "external_links": "app/links.py",
    "suppliers": "app/suppliers.py",
    "data_import_batches": "app/queue.py",
    "batch_events": "app/queue.py",
    "queue_control": "app/pausing.py",
    "sites": "app/sites.py",
    "site_aliases": "app/sites.py",
    "users": "app/auth.py",
    "sessions": "app/auth.py",
    "api_tokens": "app/auth.py",
    "sign_in_failures": "app/lockout.py",
    "timesheets": "app/imports/timesheets.py",
    "fuel_logs": "app/imports/fuel_logs.py",
    "employees": "app/imports/people.py",
    "vehicles": "app/imports/people.py",
    "import_mappings": "app/imports/mapping.py",
    "outbox": "app/outbox/store.py",
    "outbox_attempts": "app/outbox/store.py",
}
WRITE = re.compile(
    r"\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)",
    re.IGNORECASE,
)


def writes() -> list[tuple[str, str]]:
    """(module, table) for every SQL write in the code (migrations are the schema's own)."""
    found = []
    for path in sorted([*ROOT.glob("app/**/*.py"), *ROOT.glob("tasks/**/*.py")]):
        module = str(path.relative_to(ROOT))
        for table in WRITE.findall(path.read_text()):
            if table in OWNERS:
                found.append((module, table))
    return found


def test_the_scan_finds_the_owners_writes():
    tables_written = {table for _, table in writes()}
    assert tables_written == set(OWNERS)


@pytest.mark.parametrize(("module", "table"), writes())
def test_each_table_is_written_by_its_owner_only(module, table):
    assert module == OWNERS[table], f"{module} writes {table}; ask {OWNERS[table]} to do it"


def test_a_write_elsewhere_would_be_caught():
    sample = 'db.conn.execute("UPDATE purchase_orders SET x = 1")'
    assert WRITE.findall(sample) == ["purchase_orders"]
