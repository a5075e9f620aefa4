"""The `intake` command, run as a user runs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app import auth, clock, queue_reads, sites
from app.db import migrations
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.workers import worker_env


def intake(settings, *args, password=None, check=True):
    env = worker_env(settings, **({"INTAKE_PASSWORD": password} if password else {}))
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


def test_users_create_and_tokens(settings, db):
    out = intake(
        settings,
        "users",
        "create",
        "Clerk@Example.com",
        "--role",
        "staff",
        "--name",
        "Clerk",
        password="a long enough password",
    ).stdout
    assert out.startswith("created staff clerk@example.com")
    token = intake(
        settings, "tokens", "create", "clerk@example.com", "--name", "n8n"
    ).stdout.strip()
    assert token.startswith(auth.TOKEN_PREFIX)
    assert auth.token_user(db, token, clock.now())["email"] == "clerk@example.com"
    listed = intake(settings, "tokens", "list", "clerk@example.com").stdout
    assert "n8n" in listed and token not in listed
    token_id = listed.split()[0]
    assert intake(settings, "tokens", "revoke", token_id).stdout.strip() == f"revoked {token_id}"
    assert auth.token_user(db, token, clock.now()) is None


@pytest.mark.parametrize(
    ("args", "password", "message"),
    [
        (
            ["users", "create", "x@example.com", "--role", "staff"],
            "short",
            "at least 10 characters",
        ),
        (["tokens", "create", "nobody@example.com"], None, "no user with the email"),
        (["sites", "import", "/no/such/file.csv"], None, "No such file"),
    ],
)
def test_mistakes_are_sentences_and_exit_2(settings, args, password, message):
    result = intake(settings, *args, password=password, check=False)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_sites_add_and_import(settings, db, tmp_path):
    assert "added site CP09" in intake(settings, "sites", "add", "CP09", "Cape Point").stdout
    csv = tmp_path / "sites.csv"
    csv.write_text("code,name\nCP09,Cape Point Phase 2\nKL-01,Kloof Road\n")
    assert (
        intake(settings, "sites", "import", str(csv)).stdout.strip() == "sites: 1 added, 1 renamed"
    )
    assert [(s["code"], s["name"]) for s in sites.list_sites(db)] == [
        ("CP09", "Cape Point Phase 2"),
        ("KL-01", "Kloof Road"),
    ]
    assert sites.match_site(db, "kl 01")["name"] == "Kloof Road"


def test_sites_import_refuses_a_csv_without_its_columns(settings, tmp_path):
    csv = tmp_path / "sites.csv"
    csv.write_text("project,title\nCP09,Cape Point\n")
    result = intake(settings, "sites", "import", str(csv), check=False)
    assert result.returncode == 2
    assert "code and name" in result.stderr


def test_sweep_prints_what_it_did(settings, db):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields()))
    out = intake(settings, "sweep").stdout
    assert out.splitlines()[0] == (
        "watchdog: 0 reset to pending, 0 dead; due: 1 enqueued; orphaned files removed: 0"
    )
    assert f"due: {batch_id}" in out
    assert (
        queue_reads.get_batch(db, batch_id)["status"] == "pending"
    )  # enqueued for a worker, not run here


def test_migrate_reports_the_schema_version(settings):
    latest = len(migrations())  # the newest migration, whoever added it
    assert intake(settings, "migrate").stdout.startswith(f"schema at version {latest}")


def test_a_bad_setting_stops_with_its_name(settings):
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "migrate"],
        env=worker_env(settings, INTAKE_MAX_UPLOAD_MB="lots"),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "INTAKE_MAX_UPLOAD_MB must be a whole number (got 'lots')" in result.stderr


@pytest.mark.parametrize(
    ("url", "env", "message"),
    [
        ("10.0.0.5:8000", {"INTAKE_INGEST_SECRET": "s"}, "--remote takes the server's URL"),
        ("http://127.0.0.1:9", {}, "needs INTAKE_INGEST_SECRET"),
        (
            "http://127.0.0.1:9",
            {"INTAKE_INGEST_SECRET": "s", "INTAKE_EXTRACTOR": "external"},
            "unset INTAKE_EXTRACTOR",
        ),
    ],
)
def test_a_remote_worker_says_what_it_lacks_before_it_starts(settings, url, env, message):
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "worker", "--remote", url],
        env=worker_env(settings, **env),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
