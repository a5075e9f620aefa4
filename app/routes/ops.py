"""For whoever runs Intake: `/healthz` for a load balancer or a monitor, `/metrics` for Prometheus.

`/healthz` needs no sign-in and tells nothing private: whether the database
takes writes, the queue answers, a worker is alive and the disk has room.
`/metrics` is for an administrator (an API token, as Prometheus sends it, or
a session) or for a scraper on an address in INTAKE_METRICS_ALLOW. A request
a proxy forwarded (it carries X-Forwarded-For or Forwarded) never counts as
coming from an allowed address: behind a reverse proxy on the same box every
visitor's request arrives from 127.0.0.1.
"""

from __future__ import annotations

from ipaddress import ip_address, ip_network

from litestar import get
from litestar.connection import ASGIConnection
from litestar.exceptions import PermissionDeniedException
from litestar.handlers import BaseRouteHandler
from litestar.response import Response
from prometheus_client import generate_latest

from app import clock, health, metrics
from app.config import Settings
from app.web import DB, Config

FORWARDED = ("x-forwarded-for", "forwarded", "x-real-ip")
# The text format generate_latest() writes (Litestar adds the charset).
PROMETHEUS_TEXT = "text/plain; version=0.0.4"


@get("/healthz", opt={"public": True}, sync_to_thread=True)
def healthz(db: DB, settings: Config) -> Response:
    """200 when every part is well, else 503; the body says which part is not, and why."""
    found = health.report(db, settings, clock.now())
    return Response(found, status_code=200 if found["ok"] else 503)


def metrics_allowed(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    user = connection.scope.get("user")
    if user and user["role"] == "admin":
        return
    settings: Settings = connection.app.state.settings
    if _from_allowed_address(connection, settings):
        return
    raise PermissionDeniedException(
        "Metrics are for an administrator's API token, or for the addresses in "
        "INTAKE_METRICS_ALLOW."
    )


def _from_allowed_address(connection: ASGIConnection, settings: Settings) -> bool:
    if any(name in connection.headers for name in FORWARDED) or connection.client is None:
        return False
    try:
        address = ip_address(connection.client.host)
    except ValueError:
        return False
    return any(address in ip_network(network) for network in settings.metrics_allow)


@get(
    "/metrics",
    opt={"public": True},
    guards=[metrics_allowed],
    sync_to_thread=True,
    include_in_schema=False,
)
def prometheus(settings: Config) -> Response:
    """Every figure in Prometheus's text format, read from the database now."""
    return Response(
        generate_latest(metrics.registry(settings)), media_type=PROMETHEUS_TEXT, status_code=200
    )


route_handlers = [healthz, prometheus]
