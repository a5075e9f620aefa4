"""The imported timesheets and fuel logs: each list with its filters, totals per week and per
site, a chart per site, CSV export, and the same as JSON."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from litestar import Request, get
from litestar.exceptions import ClientException
from litestar.plugins.htmx import HTMXRequest, HTMXTemplate
from litestar.response import Stream, Template

from app import clock, keyset, sites
from app.imports import fuel_logs, lists, timesheets
from app.web import DB, page

LISTS: dict[str, tuple[ModuleType, str, str]] = {
    "timesheets": (timesheets, "/timesheets", "Timesheets"),
    "fuel_logs": (fuel_logs, "/fuel-logs", "Fuel logs"),
}


def _filter(request: Request) -> lists.RowFilter:
    return lists.RowFilter.from_query(
        {name: request.query_params.get(name) for name in lists.PARAMS}
    )


def _list(request: HTMXRequest, db: DB, kind: str) -> Template:
    """The whole page, or for htmx (a filter, a page link) just the results."""
    store, path, title = LISTS[kind]
    flt = _filter(request)
    after, before = request.query_params.get("after"), request.query_params.get("before")
    context = lists.page_view(db, store, flt, after, before) | {
        "kind": kind,
        "path": path,
        "title": title,
        "warning_names": lists.WARNINGS,
    }
    if request.htmx:
        here = flt.link(path, after=after or "", before=before or "")
        return HTMXTemplate(template_name="_work_log_results.html", context=context, push_url=here)
    return page("work_logs.html", sites=sites.list_sites(db), **context)


@get("/timesheets", sync_to_thread=False)
def timesheets_page(request: HTMXRequest, db: DB) -> Template:
    return _list(request, db, "timesheets")


@get("/fuel-logs", sync_to_thread=False)
def fuel_logs_page(request: HTMXRequest, db: DB) -> Template:
    return _list(request, db, "fuel_logs")


def _export(request: Request, db: DB, kind: str) -> Stream:
    store, path, _ = LISTS[kind]
    stamp = clock.now().strftime("%Y%m%d-%H%M")
    return Stream(
        store.export_csv(db, _filter(request)),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{path.strip("/")}-{stamp}.csv"',
            "X-Content-Type-Options": "nosniff",
        },
    )


@get("/timesheets/export.csv", sync_to_thread=False)
def timesheets_export(request: Request, db: DB) -> Stream:
    return _export(request, db, "timesheets")


@get("/fuel-logs/export.csv", sync_to_thread=False)
def fuel_logs_export(request: Request, db: DB) -> Stream:
    return _export(request, db, "fuel_logs")


def _api(request: Request, db: DB, kind: str) -> dict[str, Any]:
    """A page of rows as JSON; a filter value that makes no sense is a 400, not ignored."""
    flt = _filter(request)
    if flt.problems:
        raise ClientException(" ".join(flt.problems))
    try:
        return lists.api_view(db, LISTS[kind][0], flt, request.query_params.get("after"))
    except keyset.CursorError as exc:
        raise ClientException(str(exc)) from None


@get("/api/timesheets", sync_to_thread=True)
def api_timesheets(request: Request, db: DB) -> dict[str, Any]:
    return _api(request, db, "timesheets")


@get("/api/fuel-logs", sync_to_thread=True)
def api_fuel_logs(request: Request, db: DB) -> dict[str, Any]:
    return _api(request, db, "fuel_logs")


route_handlers = [
    timesheets_page,
    fuel_logs_page,
    timesheets_export,
    fuel_logs_export,
    api_timesheets,
    api_fuel_logs,
]
