"""Settings, read once from INTAKE_* environment variables, with defaults.

Everything else receives a Settings object; nothing else reads the environment.
A bad value stops start-up with a sentence that names the variable.
"""

from __future__ import annotations

import ipaddress
import math
import os
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from ipaddress import ip_network
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

ROOT = Path(__file__).resolve().parent.parent


LOOPBACK = ("127.0.0.1/32", "::1/128")
REPLICA_SCHEMES = ("file://", "s3://")


class ConfigError(Exception):
    """A setting has a value Intake cannot use."""


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    secret_key: str
    ingest_secret: str | None = None
    max_upload_mb: int = 20
    sweep_seconds: int = 60
    # Minutes; a fraction is allowed (the tests' watchdog gives up after seconds).
    stuck_minutes: float = 15
    sweep_batch: int = 10
    workers: int = 2
    # Small so an idle worker notices a new task within a fraction of a second.
    worker_max_delay: float = 0.25
    # Times are stored in UTC and shown in this zone; None is the machine's own.
    timezone: str | None = None
    # Extraction: the engine (or `external`: none here, outside extractors claim the batches),
    # how numeric dates are written, and the limits on one document.
    extractor: str = "builtin"
    day_first: bool = True
    # Our own company's names: a supplier read as one of these is the buyer, never taken.
    buyer_names: tuple[str, ...] = ()
    ocr_engine: str = "tesseract"
    # Tesseract's language models for a page ('eng', 'Latin', 'eng+Latin'); one not installed
    # is left out when a page is read.
    ocr_language: str = "eng"
    extract_timeout: int = 60
    extract_memory_mb: int = 2048
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: str = ""
    # How alike (0..1) an unknown supplier name must be to an existing supplier to be proposed.
    supplier_match_threshold: float = 0.85
    # How long a request or a task waits for another writer before giving up.
    busy_timeout_ms: int = 5000
    # Running it: worker heartbeats, the free disk /healthz asks for, who may read /metrics,
    # and the Litestream replica `intake serve` keeps (empty: none).
    heartbeat_seconds: int = 15
    worker_gone_seconds: int = 120
    disk_free_min_mb: int = 1024
    metrics_allow: tuple[str, ...] = LOOPBACK  # networks, checked when read
    replica_url: str = ""
    # Reverse proxies whose X-Forwarded-For and -Proto are believed ("" believes nobody).
    trusted_proxies: str = ""
    # Writes to other systems (the outbox; "" leaves a system out): the accounting system's
    # webhook and its signing secret, the alert channels, how long one send waits for an
    # answer, the least time between two alert emails, and the address links point at.
    accounting_url: str = ""
    accounting_secret: str = ""
    alert_webhook_url: str = ""
    smtp_url: str = ""
    alert_email_to: str = ""
    alert_email_from: str = ""
    outbox_timeout: int = 10
    alert_digest_seconds: int = 900
    public_url: str = ""

    @property
    def db_path(self) -> Path:
        return self.data_dir / "intake.db"

    @property
    def huey_path(self) -> Path:
        return self.data_dir / "huey.db"

    @property
    def files_dir(self) -> Path:
        return self.data_dir / "files"

    @property
    def max_upload_bytes(self) -> int:
        return self.max_upload_mb * 1024 * 1024

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides) -> Settings:
        env = dict(os.environ if env is None else env)
        data_dir = Path(overrides.pop("data_dir", None) or env.get("INTAKE_DATA_DIR") or "data")
        data_dir = data_dir.resolve()
        values = {
            "data_dir": data_dir,
            "secret_key": env.get("INTAKE_SECRET_KEY") or "",
            "ingest_secret": env.get("INTAKE_INGEST_SECRET") or None,
            "max_upload_mb": _positive_int(env, "INTAKE_MAX_UPLOAD_MB", 20),
            "sweep_seconds": _positive_int(env, "INTAKE_SWEEP_SECONDS", 60),
            "stuck_minutes": _positive_number(env, "INTAKE_STUCK_MINUTES", 15),
            "sweep_batch": _positive_int(env, "INTAKE_SWEEP_BATCH", 10),
            "workers": _positive_int(env, "INTAKE_WORKERS", 2),
            "timezone": _timezone(env),
            **_extraction(env),
            "supplier_match_threshold": _fraction(env, "INTAKE_SUPPLIER_MATCH_THRESHOLD", 0.85),
            "busy_timeout_ms": _positive_int(env, "INTAKE_BUSY_TIMEOUT_MS", 5000),
            **_operations(env),
            "trusted_proxies": _addresses(env, "INTAKE_TRUSTED_PROXIES"),
            **_outbox(env),
        }
        values.update(overrides)
        if not values["secret_key"]:
            values["secret_key"] = load_or_create_secret(data_dir)
        return cls(**values)


def _positive_int(env: dict[str, str], name: str, default: int) -> int:
    return _number(env, name, default, int, "a whole number", lambda n: n >= 1, "at least 1")


def _positive_number(env: dict[str, str], name: str, default: float) -> float:
    return _number(
        env,
        name,
        default,
        float,
        "a number, such as 15 or 0.5",
        lambda n: math.isfinite(n) and n > 0,
        "more than 0",
    )


def _number(
    env: dict[str, str],
    name: str,
    default: float,
    parse: Callable[[str], float],
    kind: str,
    fits: Callable[[float], bool],
    bounds: str,
) -> float:
    """A number from the environment, `default` when unset; a sentence naming the variable
    when it is not `kind` or does not fit its `bounds`."""
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = parse(raw)
    except ValueError:
        raise ConfigError(f"{name} must be {kind} (got {raw!r}).") from None
    if not fits(value):
        raise ConfigError(f"{name} must be {bounds} (got {raw}).")
    return value


def _choice(env: dict[str, str], name: str, choices: tuple[str, ...]) -> str:
    value = env.get(name, "").strip().lower() or choices[0]
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)} (got {value!r}).")
    return value


def _extraction(env: dict[str, str]) -> dict:
    values = {
        "extractor": _choice(env, "INTAKE_EXTRACTOR", ("builtin", "llm", "external")),
        "day_first": _choice(env, "INTAKE_DAY_FIRST", ("yes", "no", "true", "false", "1", "0"))
        in ("yes", "true", "1"),
        "buyer_names": tuple(
            name.strip() for name in env.get("INTAKE_BUYER_NAMES", "").split(",") if name.strip()
        ),
        "ocr_engine": _choice(env, "INTAKE_OCR_ENGINE", ("tesseract", "rapidocr")),
        "ocr_language": _ocr_language(env),
        "extract_timeout": _positive_int(env, "INTAKE_EXTRACT_TIMEOUT", 60),
        "extract_memory_mb": _positive_int(env, "INTAKE_EXTRACT_MEMORY_MB", 2048),
        "llm_base_url": env.get("INTAKE_LLM_BASE_URL", "").strip().rstrip("/"),
        "llm_model": env.get("INTAKE_LLM_MODEL", "").strip(),
        "llm_api_key": env.get("INTAKE_LLM_API_KEY", "").strip(),
    }
    if values["extractor"] == "llm" and not (values["llm_base_url"] and values["llm_model"]):
        raise ConfigError(
            "INTAKE_EXTRACTOR=llm needs INTAKE_LLM_BASE_URL (an OpenAI-compatible API, "
            "such as http://127.0.0.1:11434/v1) and INTAKE_LLM_MODEL."
        )
    return values


def _ocr_language(env: dict[str, str]) -> str:
    value = env.get("INTAKE_OCR_LANGUAGE", "").strip() or "eng"
    if not re.fullmatch(r"[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*", value):
        raise ConfigError(
            "INTAKE_OCR_LANGUAGE must name tesseract's language models joined by '+', such as "
            f"eng, Latin or eng+Latin (got {value!r})."
        )
    return value


def _operations(env: dict[str, str]) -> dict:
    values = {
        "heartbeat_seconds": _positive_int(env, "INTAKE_HEARTBEAT_SECONDS", 15),
        "worker_gone_seconds": _positive_int(env, "INTAKE_WORKER_GONE_SECONDS", 120),
        "disk_free_min_mb": _positive_int(env, "INTAKE_DISK_FREE_MIN_MB", 1024),
        "metrics_allow": _networks(env, "INTAKE_METRICS_ALLOW", LOOPBACK),
        "replica_url": env.get("INTAKE_REPLICA_URL", "").strip(),
    }
    if values["worker_gone_seconds"] <= values["heartbeat_seconds"]:
        raise ConfigError(
            "INTAKE_WORKER_GONE_SECONDS must be longer than INTAKE_HEARTBEAT_SECONDS, "
            "or every worker would look gone between two heartbeats."
        )
    url = values["replica_url"]
    if url and not (url.startswith(REPLICA_SCHEMES) and len(url) > len("s3://")):
        raise ConfigError(
            "INTAKE_REPLICA_URL must be a file:// path (file:///srv/replica/intake) "
            f"or an S3 URL (s3://bucket/intake) (got {url!r})."
        )
    return values


def _outbox(env: dict[str, str]) -> dict:
    values = {
        "accounting_url": _url(env, "INTAKE_ACCOUNTING_URL", ("http://", "https://")),
        "accounting_secret": env.get("INTAKE_ACCOUNTING_SECRET", "").strip(),
        "alert_webhook_url": _url(env, "INTAKE_ALERT_WEBHOOK_URL", ("http://", "https://")),
        "smtp_url": _url(env, "INTAKE_SMTP_URL", ("smtp://", "smtps://")),
        "alert_email_to": env.get("INTAKE_ALERT_EMAIL_TO", "").strip(),
        "alert_email_from": env.get("INTAKE_ALERT_EMAIL_FROM", "").strip(),
        "outbox_timeout": _positive_int(env, "INTAKE_OUTBOX_TIMEOUT", 10),
        "alert_digest_seconds": _positive_int(env, "INTAKE_ALERT_DIGEST_SECONDS", 900),
        "public_url": _url(env, "INTAKE_PUBLIC_URL", ("http://", "https://")).rstrip("/"),
    }
    if bool(values["smtp_url"]) != bool(values["alert_email_to"]):
        raise ConfigError(
            "Alert emails need both INTAKE_SMTP_URL (such as smtp://127.0.0.1:25) and "
            "INTAKE_ALERT_EMAIL_TO (the addresses, separated by commas); one is set alone."
        )
    return values


def _url(env: dict[str, str], name: str, schemes: tuple[str, ...]) -> str:
    url = env.get(name, "").strip()
    if url and not (url.startswith(schemes) and len(url) > len(schemes[0]) + 1):
        raise ConfigError(f"{name} must start with {' or '.join(schemes)} (got {url!r}).")
    return url


def _networks(env: dict[str, str], name: str, default: tuple) -> tuple:
    raw = env.get(name)
    if raw is None:
        return default
    try:
        return tuple(str(ip_network(part.strip())) for part in raw.split(",") if part.strip())
    except ValueError:
        raise ConfigError(
            f"{name} must be addresses or networks separated by commas, such as "
            f"127.0.0.1,10.0.0.0/24 (got {raw!r}); leave it empty to allow no address."
        ) from None


def _fraction(env: dict[str, str], name: str, default: float) -> float:
    return _number(
        env,
        name,
        default,
        float,
        "a number between 0 and 1",
        lambda n: 0 < n <= 1,
        "more than 0 and at most 1",
    )


def _addresses(env: dict[str, str], name: str) -> str:
    """Comma-separated addresses or networks (10.0.0.5, 10.0.0.0/24, ::1), tidied."""
    found = [part.strip() for part in env.get(name, "").split(",") if part.strip()]
    for part in found:
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise ConfigError(
                f"{name} must list IP addresses or networks, such as 127.0.0.1,10.0.0.0/24 "
                f"(got {part!r})."
            ) from None
    return ",".join(found)


def _timezone(env: dict[str, str]) -> str | None:
    name = env.get("INTAKE_TIMEZONE", "").strip()
    if not name:
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(
            f"INTAKE_TIMEZONE must be a zone name such as Africa/Johannesburg (got {name!r})."
        ) from None
    return name


def data_dir_from_env(env: dict[str, str] | None = None) -> Path:
    """The data dir alone, for a command that must not write into it before it starts (restore)."""
    env = os.environ if env is None else env
    return Path(env.get("INTAKE_DATA_DIR") or "data").resolve()


def private_dir(path: Path) -> Path:
    """A directory only this user may enter: made so, or made so again if it was not.

    The data dir holds the records, the documents and the secret key; nobody
    else on the machine has any business in it.
    """
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = path.stat()
    if mode.st_mode & 0o077 and mode.st_uid == os.getuid():
        path.chmod(0o700)
    return path


def load_or_create_secret(data_dir: Path) -> str:
    """The secret key kept in the data dir, made on first use.

    Written to a temporary file and hard-linked into place, so the web process
    and a worker starting together agree on one complete key.
    """
    path = data_dir / "secret_key"
    private_dir(data_dir)
    if not path.exists():
        tmp = data_dir / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_urlsafe(48) + "\n")
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    key = path.read_text().strip()
    if not key:
        raise ConfigError(f"{path} is empty; delete it so a new key is made.")
    return key
