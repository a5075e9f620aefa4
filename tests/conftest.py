"""Shared fixtures: a temporary data dir, the app on it, and signed-in clients."""

from __future__ import annotations

import hashlib

import pytest
from litestar.testing import TestClient

from app import auth, clock
from app.config import Settings
from app.db import open_database
from app.main import create_app
from app.web import CSRF_COOKIE, CSRF_HEADER

PASSWORD = "correct horse battery"


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings.from_env(env={}, data_dir=tmp_path / "data")


@pytest.fixture
def db(settings):
    database = open_database(settings.db_path)
    yield database
    database.close()


@pytest.fixture
def app(settings):
    return create_app(settings, immediate_tasks=True)


def make_user(db, email: str, role: str = "staff") -> dict:
    user_id = auth.create_user(db, email, role, PASSWORD, clock.now(), name=email.split("@")[0])
    return auth.get_user(db, user_id)


@pytest.fixture
def admin(db) -> dict:
    return make_user(db, "admin@example.com", "admin")


@pytest.fixture
def staff(db) -> dict:
    return make_user(db, "staff@example.com", "staff")


def sign_in(client: TestClient, email: str) -> TestClient:
    """Sign in through the login form, and send the CSRF header from then on, as htmx does."""
    client.get("/login")
    response = client.post(
        "/login",
        data={"email": email, "password": PASSWORD},
        headers={CSRF_HEADER: client.cookies[CSRF_COOKIE]},
        follow_redirects=False,
    )
    assert response.status_code == 303, response.text
    client.headers[CSRF_HEADER] = client.cookies[CSRF_COOKIE]
    return client


@pytest.fixture
def anonymous(app):
    with TestClient(app) as client:
        yield client


@pytest.fixture
def admin_client(app, admin):
    with TestClient(app) as client:
        yield sign_in(client, admin["email"])


@pytest.fixture
def staff_client(app, staff):
    with TestClient(app) as client:
        yield sign_in(client, staff["email"])


def store_batch(settings: Settings, db, data: bytes, uploaded_by: str | None = None) -> str:
    """A pending batch with its file in place, as an upload leaves it."""
    from app import ids, queue, storage

    batch_id = ids.new_id()
    path = storage.folder(settings, storage.INCOMING) / storage.stored_name(
        batch_id, "application/pdf"
    )
    path.write_bytes(data)
    queue.create_batch(
        db,
        batch_id=batch_id,
        batch_type="purchase_orders",
        content_type="application/pdf",
        original_filename="po.pdf",
        file_path=storage.relative(settings, path),
        sha256=hashlib.sha256(data).hexdigest(),
        size=len(data),
        uploaded_by=uploaded_by,
        now=clock.now(),
    )
    return batch_id


@pytest.fixture(autouse=True)
def watched_pages(request):
    """A browser test fails when its pages logged an error, threw, or had a request fail."""
    if "browser" not in request.fixturenames:
        yield
        return
    from tests.browser import Watch

    browser = request.getfixturevalue("browser")
    browser.watch = Watch()
    yield
    problems = browser.watch.unexpected()
    assert not problems, "\n".join(problems)
