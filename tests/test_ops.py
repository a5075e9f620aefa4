"""Running it, in-process: /metrics parsed as Prometheus parses it, /healthz, the heartbeat
files, the settings for them, and previews made again after they are removed."""

from __future__ import annotations

import io
import os
import time

import pytest
from litestar.testing import TestClient
from PIL import Image
from prometheus_client.parser import text_string_to_metric_families

from app import auth, clock, health, pipeline, queue_reads, storage
from app.config import ConfigError, Settings
from app.main import create_app
from tests.conftest import store_batch
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes
from tests.fixtures.records import add_po


def samples(text: str) -> dict[tuple, float]:
    """{(sample name, sorted labels): value} from the Prometheus text format."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def bearer(db, user) -> dict[str, str]:
    return {"authorization": f"Bearer {auth.create_api_token(db, user['id'], clock.now())}"}


def test_metrics_count_what_the_rows_say(anonymous, settings, db, admin):
    for number in ("MET1", "MET2"):
        pipeline.run_batch(settings, store_batch(settings, db, po_pdf_bytes(po_fields(number))))
    broken = store_batch(settings, db, b"%PDF-1.4 not really a PDF")
    pipeline.run_batch(settings, broken)
    store_batch(settings, db, po_pdf_bytes(po_fields("MET3")))  # waiting

    response = anonymous.get("/metrics", headers=bearer(db, admin))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
    found = samples(response.text)

    def value(name: str, **labels: str) -> float:
        return found[(name, tuple(sorted(labels.items())))]

    assert value("intake_batches", status="processed", type="purchase_orders") == 2
    assert value("intake_batches", status="dead", type="purchase_orders") == 1
    assert value("intake_batches", status="pending", type="purchase_orders") == 1
    assert value("intake_batches", status="pending", type="delivery_notes") == 0
    imported = "intake_upload_to_imported_seconds"
    assert value(f"{imported}_count", type="purchase_orders") == 2
    assert value(f"{imported}_bucket", type="purchase_orders", le="+Inf") == 2
    assert value(f"{imported}_bucket", type="purchase_orders", le="86400.0") == 2
    assert value("intake_extraction_seconds_count", engine="text") == 2
    assert value("intake_extraction_seconds_sum", engine="text") > 0
    assert value("intake_review_items_open", kind="batch.dead") == 1
    assert value("intake_review_items_open", kind="po.revision") == 0
    assert value("intake_workers_alive") == 0


def test_metrics_refuse_staff_and_strangers(anonymous, db, staff):
    assert anonymous.get("/metrics", headers=bearer(db, staff)).status_code == 403
    refused = anonymous.get("/metrics")  # the test client's address is not an allowed one
    assert refused.status_code == 403
    assert "INTAKE_METRICS_ALLOW" in refused.text


def test_an_admin_session_may_read_metrics(admin_client):
    assert admin_client.get("/metrics").status_code == 200


def test_healthz_is_public_and_names_the_missing_worker(anonymous, settings):
    response = anonymous.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert (body["db"]["ok"], body["queue"]["ok"], body["disk"]["ok"]) == (True, True, True)
    assert body["worker"] == {
        "ok": False,
        "alive": 0,
        "last_heartbeat_seconds_ago": None,
        "paused": False,
        "error": "Documents are not being read: no worker is running.",
    }


def test_healthz_is_200_while_a_heartbeat_is_fresh(anonymous, settings):
    beat = health.Heartbeat(settings, threads=2, sweeps=True)
    beat.beat()
    assert anonymous.get("/healthz").status_code == 200
    old = time.time() - settings.worker_gone_seconds - 1
    os.utime(beat.path, (old, old))
    assert anonymous.get("/healthz").json()["worker"]["ok"] is False
    beat.beat()
    assert anonymous.get("/healthz").json()["worker"]["alive"] == 1
    beat.stop()
    assert health.heartbeats(settings) == []


def test_healthz_says_when_the_disk_is_short(tmp_path):
    greedy = Settings.from_env(env={}, data_dir=tmp_path / "data", disk_free_min_mb=10**12)
    with TestClient(create_app(greedy, immediate_tasks=True)) as client:
        disk = client.get("/healthz").json()["disk"]
    assert disk["ok"] is False
    assert "INTAKE_DISK_FREE_MIN_MB" in disk["error"]


def test_a_starting_worker_clears_only_heartbeats_long_gone(settings):
    gone, live = (health.Heartbeat(settings, 1, False) for _ in range(2))
    gone.path, live.path = gone.folder / "old-1.json", live.folder / "new-2.json"
    gone.beat()
    live.beat()
    old = time.time() - settings.worker_gone_seconds - 1
    os.utime(gone.path, (old, old))
    health.remove_gone(settings, clock.now())
    assert [beat.path.name for beat in health.heartbeats(settings)] == ["new-2.json"]


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"INTAKE_METRICS_ALLOW": "localhost"}, "INTAKE_METRICS_ALLOW must be addresses"),
        ({"INTAKE_REPLICA_URL": "/srv/replica"}, "INTAKE_REPLICA_URL must be a file:// path"),
        ({"INTAKE_REPLICA_URL": "s3://"}, "INTAKE_REPLICA_URL must be a file:// path"),
        ({"INTAKE_STUCK_MINUTES": "0"}, "INTAKE_STUCK_MINUTES must be more than 0"),
        ({"INTAKE_STUCK_MINUTES": "inf"}, "INTAKE_STUCK_MINUTES must be more than 0"),
        ({"INTAKE_STUCK_MINUTES": "soon"}, "INTAKE_STUCK_MINUTES must be a number"),
        ({"INTAKE_EXTRACTOR": "n8n"}, "INTAKE_EXTRACTOR must be one of builtin, llm, external"),
        (
            {"INTAKE_HEARTBEAT_SECONDS": "30", "INTAKE_WORKER_GONE_SECONDS": "30"},
            "INTAKE_WORKER_GONE_SECONDS must be longer than INTAKE_HEARTBEAT_SECONDS",
        ),
    ],
)
def test_settings_for_running_it_are_checked(tmp_path, env, message):
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env={"INTAKE_SECRET_KEY": "k", **env}, data_dir=tmp_path)


def test_settings_for_running_it_have_defaults(tmp_path):
    settings = Settings.from_env(env={"INTAKE_SECRET_KEY": "k"}, data_dir=tmp_path)
    assert (settings.stuck_minutes, settings.extractor) == (15, "builtin")
    quick = {
        "INTAKE_SECRET_KEY": "k",
        "INTAKE_STUCK_MINUTES": "0.05",
        "INTAKE_EXTRACTOR": "external",
    }
    assert Settings.from_env(env=quick, data_dir=tmp_path).stuck_minutes == 0.05
    assert (settings.heartbeat_seconds, settings.worker_gone_seconds) == (15, 120)
    assert settings.metrics_allow == ("127.0.0.1/32", "::1/128")
    assert settings.replica_url == ""
    nobody = Settings.from_env(env={"INTAKE_SECRET_KEY": "k", "INTAKE_METRICS_ALLOW": ""})
    assert nobody.metrics_allow == ()


def test_a_removed_preview_is_made_again(admin_client, settings, db):
    po_id = add_po(db, "PREVIEW1")
    path = storage.folder(settings, storage.PURCHASE_ORDERS) / f"{po_id}.png"
    Image.new("RGB", (2000, 1000), "white").save(path)
    db.conn.execute(
        "UPDATE purchase_orders SET file_path = :p, content_type = 'image/png' WHERE id = :id",
        {"p": storage.relative(settings, path), "id": po_id},
    )
    first = admin_client.get(f"/purchasing/{po_id}/preview")
    (cached,) = (settings.files_dir / "previews").iterdir()
    cached.unlink()
    again = admin_client.get(f"/purchasing/{po_id}/preview")
    assert again.status_code == 200 and again.content == first.content
    assert cached.exists()
    assert Image.open(io.BytesIO(again.content)).size == (1600, 800)


def test_the_pill_of_a_queued_upload_is_plain_while_tasks_run_inline(admin_client, settings, db):
    batch_id = store_batch(settings, db, po_pdf_bytes(po_fields("PILLOPS")))
    assert queue_reads.get_batch(db, batch_id)["status"] == "pending"
    pill = admin_client.get(f"/batches/{batch_id}/pill").text
    assert "no worker is running" not in pill
