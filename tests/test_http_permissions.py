"""Who may use which page: every route, signed out, as staff, and as an admin.

Signed out, a page sends you to sign in; staff get 403 from every admin
route; admins are refused nowhere. Each request carries a valid CSRF token,
so what is tested is the permission, not the form's expiry.
"""

from __future__ import annotations

import re

import pytest
from litestar.routes import HTTPRoute
from litestar.testing import TestClient

from app import auth, clock, layouts, pipeline, queue, queue_reads, review_items, sites
from app.delivery_notes import intake as dn_intake
from app.ids import new_id
from app.imports import receiving
from app.outbox import store as outbox_store
from app.outbox.systems import ACCOUNTING
from app.purchase_orders import edit
from app.web import CSRF_COOKIE, CSRF_HEADER
from tests.conftest import sign_in, store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

EVERYONE, ADMIN = "signed in", "admin"
CSV = ("sites.csv", b"code,name\nZZ01,Zulu\n", "text/csv")

# (method, path, who may, form data)
ROUTES = [
    ("GET", "/", EVERYONE, None),
    ("GET", "/recent", EVERYONE, None),
    ("GET", "/nav-counts", EVERYONE, None),
    ("GET", "/purchasing", EVERYONE, None),
    ("GET", "/purchasing?q=PERM&verified=no", EVERYONE, None),
    ("GET", "/purchasing/export.csv", EVERYONE, None),
    ("GET", "/purchasing/{po}", EVERYONE, None),
    ("GET", "/purchasing/{po}/document", EVERYONE, None),
    ("GET", "/purchasing/{po}/fields/supplier_name", EVERYONE, None),
    ("GET", "/purchasing/{po}/fields/supplier_name/edit", EVERYONE, None),
    ("POST", "/purchasing/{po}/fields/tax_cents", EVERYONE, {"value": "x", "opened_with": ""}),
    ("GET", "/purchasing/{po}/items/{po_item}", EVERYONE, None),
    ("GET", "/purchasing/{po}/items/{po_item}/edit", EVERYONE, None),
    ("POST", "/purchasing/{po}/items/{po_item}", EVERYONE, {"quantity": "x", "version": ""}),
    ("POST", "/purchasing/{po}/items", EVERYONE, {"quantity": "1", "amount": "1"}),
    ("POST", "/purchasing/{po}/verify", EVERYONE, {}),
    ("POST", "/purchasing/{po}/unverify", EVERYONE, {}),
    ("POST", "/purchasing/{po}/remove", EVERYONE, {}),  # the uploader's; it has a number: 409
    ("GET", "/purchasing/{po}/preview", EVERYONE, None),
    ("POST", "/purchasing/{po}/items/{po_item}/delete", EVERYONE, {}),
    ("GET", "/delivery-notes", EVERYONE, None),
    ("GET", "/delivery-notes/{dn}", EVERYONE, None),
    ("GET", "/delivery-notes/{dn}/document", EVERYONE, None),
    ("GET", "/delivery-notes/{dn}/preview", EVERYONE, None),
    ("POST", "/delivery-notes/{dn}/fields/dn_date", EVERYONE, {"value": "x", "opened_with": ""}),
    ("POST", "/delivery-notes/{dn}/po", EVERYONE, {"po_number": "PERM1"}),
    ("POST", "/delivery-notes/{dn}/items/{dn_item}", EVERYONE, {"quantity": "x"}),
    ("POST", "/delivery-notes/{dn}/items/{dn_item}/match", EVERYONE, {"po_item_id": "extra"}),
    ("POST", "/delivery-notes/{dn}/verify", EVERYONE, {}),
    ("POST", "/delivery-notes/{dn}/unverify", EVERYONE, {}),
    ("GET", "/account/password", EVERYONE, None),
    ("POST", "/account/password", EVERYONE, {"current": "not it"}),
    ("GET", "/batches/{mine}/pill", EVERYONE, None),
    ("POST", "/batches/{mine}/retry", EVERYONE, {}),
    ("GET", "/batches/{my_dead}/enter", EVERYONE, None),  # one's own upload
    ("GET", "/batches", ADMIN, None),
    ("GET", "/batches?status=dead&q=x", ADMIN, None),
    ("GET", "/batches/live?shown={dead}.dead.3", ADMIN, None),
    ("GET", "/batches/retry-all?status=dead", ADMIN, None),
    ("POST", "/batches/retry-all", ADMIN, {"status": "failed"}),
    ("GET", "/batches/{dead}", ADMIN, None),
    ("GET", "/batches/{dead}/file", ADMIN, None),
    ("POST", "/batches/{dead}/retry?view=row", ADMIN, {}),
    ("POST", "/batches/{dead2}/discard?view=row", ADMIN, {}),
    ("POST", "/batches/pause", ADMIN, {}),
    ("POST", "/batches/resume", ADMIN, {}),
    ("GET", "/sites", ADMIN, None),
    ("POST", "/sites", ADMIN, {"code": "NW01", "name": "New"}),
    ("POST", "/sites/import", ADMIN, "csv"),
    ("POST", "/sites/import/apply", ADMIN, {"text": "code,name\nZZ02,Zulu\n", "fingerprint": ""}),
    ("GET", "/sites/{site}", ADMIN, None),
    ("POST", "/sites/{site}", ADMIN, {"code": "CP09", "name": "Cape Point"}),
    ("POST", "/sites/{site}/deactivate", ADMIN, {}),
    ("POST", "/sites/{site}/activate", ADMIN, {}),
    ("POST", "/sites/{site}/aliases", ADMIN, {"alias": "CP-9Y"}),
    ("POST", "/sites/{site}/aliases/{alias}/delete", ADMIN, {}),
    ("GET", "/users", ADMIN, None),
    ("POST", "/users", ADMIN, {"email": "x@example.com", "role": "staff", "password": "p"}),
    ("GET", "/users/{staff}", ADMIN, None),
    ("POST", "/users/{staff}/role", ADMIN, {"role": "staff"}),
    ("POST", "/users/{staff}/password", ADMIN, {"password": "another long one"}),
    ("POST", "/users/{staff}/tokens", ADMIN, {"name": "scanner"}),
    ("POST", "/users/{staff}/tokens/{token}/revoke", ADMIN, {}),
    ("POST", "/users/{staff}/disable", ADMIN, {}),
    ("POST", "/users/{staff}/enable", ADMIN, {}),
    ("GET", "/layouts", ADMIN, None),
    ("POST", "/layouts/{layout}/forget", ADMIN, {}),
    ("GET", "/review", EVERYONE, None),
    ("GET", "/review?state=resolved&kind=batch.dead", EVERYONE, None),
    ("POST", "/review/{item}/decide/dismiss", EVERYONE, {}),
    ("GET", "/review/{my_dead_item}/enter", EVERYONE, None),  # one's own upload
    ("POST", "/review/{my_dead_item}/enter", EVERYONE, {}),
    ("GET", "/review/{dead_item}/document", EVERYONE, None),
    ("GET", "/imports?kind=fuel_logs", EVERYONE, None),
    ("POST", "/imports/timesheets/preview", EVERYONE, "csv"),
    ("POST", "/imports/timesheets/{csv}/preview", EVERYONE, {"filename": "t.csv", "columns": "3"}),
    (
        "POST",
        "/imports/timesheets/{csv}",
        EVERYONE,
        {"columns": "3", "column_0": "date", "column_1": "person", "column_2": "hours"},
    ),
    ("GET", "/imports/timesheets/{csv}/result", EVERYONE, None),
    ("GET", "/timesheets?site=CP09", EVERYONE, None),
    ("GET", "/timesheets/export.csv", EVERYONE, None),
    ("GET", "/fuel-logs", EVERYONE, None),
    ("GET", "/fuel-logs/export.csv", EVERYONE, None),
    ("GET", "/outbox", ADMIN, None),
    ("GET", "/outbox/{write}", ADMIN, None),
    ("POST", "/outbox/{write}/cancel", ADMIN, {}),
    ("POST", "/outbox/{write}/send-again", ADMIN, {}),  # cancelled by then: 409, not refused
    ("POST", "/upload", EVERYONE, {}),  # not multipart: refused in words, after the guard
    ("POST", "/logout", EVERYONE, {}),  # last: it ends the session
]


@pytest.fixture
def ids(settings, db, admin, staff):
    """One of everything the routes name."""
    mine = store_batch(settings, db, po_pdf_bytes(po_fields("PERM1")), uploaded_by=staff["id"])
    pipeline.run_batch(settings, mine)
    po = queue_reads.get_batch(db, mine)["processed_record_id"]
    dead, dead2 = (
        store_batch(settings, db, b"%PDF-1.4 broken", uploaded_by=admin["id"]) for _ in "12"
    )
    my_dead = store_batch(settings, db, b"%PDF-1.4 broken too", uploaded_by=staff["id"])
    for batch_id in (dead, dead2, my_dead):
        pipeline.run_batch(settings, batch_id)
    edit.verify_po(db, po, admin["id"], clock.now())  # which teaches its layout
    site = sites.add_site(db, "CP09", "Cape Point", clock.now())
    alias = sites.add_alias(db, site, "CP-9X", admin["id"], clock.now())
    auth.create_api_token(db, staff["id"], clock.now(), name="t")
    dead_item = review_items.open_item_for(db, "batch.dead", "batch", dead)["id"]
    dn_batch = store_batch(settings, db, po_pdf_bytes(po_fields("PERM2")), uploaded_by=staff["id"])
    payload = {
        "dn_number": "DN-PERM",
        "po_number": "PERM1",
        "supplier_name": "Acme Steel",
        "items": [{"description": "Hex bolt M8x40", "quantity": "1"}],
    }
    claim = queue.claim_batch(db, dn_batch, clock.now())
    dn = dn_intake.process(db, settings, claim, payload, clock.now()).dn_id
    write = outbox_store.queue_write(
        db,
        system=ACCOUNTING,
        action="purchase_order.verified",
        entity="purchase_order",
        record_id=po,
        key=f"po:{po}:v1",
        request={"po_number": "PERM1"},
        now=clock.now(),
    )
    csv = new_id()  # a timesheet export waiting for its import
    receiving.staged_path(settings, csv).write_bytes(b"Date,Employee,Hours\n2026-03-02,Ann,8\n")
    return {
        "csv": csv,
        "write": write["id"],
        "dn": dn,
        "dn_item": db.execute("SELECT id FROM delivery_note_items LIMIT 1").fetchone()[0],
        "dead_item": dead_item,
        "my_dead": my_dead,
        "my_dead_item": review_items.open_item_for(db, "batch.dead", "batch", my_dead)["id"],
        "item": dead_item,
        "po": po,
        "po_item": db.execute("SELECT id FROM purchase_order_items LIMIT 1").fetchone()[0],
        "mine": mine,
        "dead": dead,
        "dead2": dead2,
        "site": site,
        "alias": alias,
        "staff": staff["id"],
        "token": auth.list_api_tokens(db, staff["id"])[0]["id"],
        "layout": layouts.list_layouts(db)[0]["id"],
    }


def call(client: TestClient, method: str, path: str, data):
    if method == "GET":
        return client.get(path, follow_redirects=False)
    if data == "csv":
        return client.post(path, files={"file": CSV}, follow_redirects=False)
    return client.post(path, data=data, follow_redirects=False)


def each_route(client, ids):
    for method, path, who, data in ROUTES:
        yield method, path, who, call(client, method, path.format(**ids), data)


def test_the_table_covers_every_page_route(app):
    """A page route added without a row here fails this test, not silently passes."""
    rows = [(method, re.sub(r"\{\w+\}", "x", path.split("?")[0])) for method, path, _, _ in ROUTES]
    uncovered = [
        (method, route.path)
        for route in app.routes
        if isinstance(route, HTTPRoute) and not route.path.startswith("/api/")  # test_security
        for method, (handler, _) in route.route_handler_map.items()
        if method != "OPTIONS"
        and not handler.opt.get("public")
        and not any(
            m == method and re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", route.path), path)
            for m, path in rows
        )
    ]
    assert uncovered == []


def test_signed_out_every_route_sends_you_to_sign_in(app, ids):
    with TestClient(app) as client:
        client.get("/login")
        client.headers[CSRF_HEADER] = client.cookies[CSRF_COOKIE]
        wrong = [
            (method, path, response.status_code)
            for method, path, _, response in each_route(client, ids)
            if response.status_code not in (302, 303)
            or not response.headers["location"].startswith("/login")
        ]
    assert wrong == []


def test_staff_get_403_from_every_admin_route_and_use_the_rest(app, ids, staff):
    with TestClient(app) as client:
        sign_in(client, staff["email"])
        wrong = [
            (method, path, response.status_code)
            for method, path, who, response in each_route(client, ids)
            if (response.status_code == 403) != (who == ADMIN) or response.status_code >= 500
        ]
    assert wrong == []


def test_admins_are_refused_nowhere(app, ids, admin):
    with TestClient(app) as client:
        sign_in(client, admin["email"])
        wrong = [
            (method, path, response.status_code)
            for method, path, _, response in each_route(client, ids)
            if response.status_code in (401, 403) or response.status_code >= 500
        ]
    assert wrong == []
