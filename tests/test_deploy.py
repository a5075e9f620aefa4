"""The deployment recipe in deploy/ agrees with the code: the units run commands `intake`
takes, the proxies let through the largest upload Intake takes and keep /metrics private,
and the example environment file sets only settings Intake reads."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from app.cli import parser
from app.config import Settings

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
README = Path(__file__).resolve().parent.parent / "README.md"
UNITS = ("intake-web.service", "intake-worker.service", "intake-backup.service")


def unit(name: str) -> dict[str, str]:
    found = {}
    for line in (DEPLOY / name).read_text().splitlines():
        key, equals, value = line.partition("=")
        if equals and not line.startswith("#"):
            found.setdefault(key.strip(), value.strip())
    return found


@pytest.mark.parametrize("name", UNITS)
def test_each_unit_runs_an_intake_command_with_the_settings_file(name):
    settings = unit(name)
    program, *args = shlex.split(settings["ExecStart"])
    assert program == "/opt/intake/.venv/bin/intake"
    parser().parse_args(args)  # exits (SystemExit) on a command intake does not take
    assert settings["EnvironmentFile"] == "/etc/intake/intake.env"
    assert "/var/lib/intake" in settings["ReadWritePaths"].split()


def test_the_long_running_units_restart_on_failure_and_the_backup_runs_nightly():
    assert unit("intake-web.service")["Restart"] == "on-failure"
    assert unit("intake-worker.service")["Restart"] == "on-failure"
    assert unit("intake-worker.service")["KillSignal"] == "SIGINT"  # Huey's polite stop
    assert "--no-worker" in unit("intake-web.service")["ExecStart"]
    assert unit("intake-backup.timer")["OnCalendar"] == "*-*-* 02:30:00"


def test_the_proxies_take_the_largest_upload_and_hide_metrics():
    largest = Settings.from_env(env={"INTAKE_SECRET_KEY": "k"}).max_upload_mb
    nginx = (DEPLOY / "nginx-intake.conf").read_text()
    caddy = (DEPLOY / "Caddyfile").read_text()
    assert int(re.search(r"client_max_body_size (\d+)m;", nginx).group(1)) > largest
    assert int(re.search(r"max_size (\d+)MB", caddy).group(1)) > largest
    assert "location = /metrics {\n        return 404;" in nginx
    assert "respond /metrics 404" in caddy
    assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in nginx


def test_the_example_environment_sets_only_documented_settings():
    example = (DEPLOY / "intake.env.example").read_text()
    names = set(re.findall(r"^#?(INTAKE_\w+)=", example, re.MULTILINE))
    documented = set(re.findall(r"^\| `(INTAKE_\w+)`", README.read_text(), re.MULTILINE))
    assert names and names <= documented, names - documented
