"""Importing timesheets and fuel logs from CSV: choose the kind, drop the file, check the
preview (and change how its columns map), import; and the same as a JSON API.

The upload streams to disk (`app/imports/receiving.py`); reading and checking
the file, and the import's one transaction, run in a worker thread so the
server goes on answering while 50,000 rows are read.
"""

from __future__ import annotations

from typing import Annotated, Any

import anyio
from litestar import Request, Response, get, post
from litestar.enums import RequestEncodingType
from litestar.exceptions import ClientException, NotFoundException
from litestar.params import Body, FromPath, FromQuery
from litestar.plugins.htmx import HTMXRequest
from litestar.response import Redirect, Template
from sqlite_utils import Database

from app import queue_reads
from app.config import Settings
from app.imports import columns, flow, importing, lists, receiving, sniffing
from app.imports.importing import Staged
from app.imports.reading import Choices
from app.web import DB, Config, current_user, found, page, parse_id

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]
# The preview's forms carry a mapping for each column and a few choices, never a file.
FORM_LIMIT = 256 * 1024
SLUGS = {"timesheets": "timesheets", "fuel-logs": "fuel_logs"}
SLUG_OF = {kind: slug for slug, kind in SLUGS.items()}
LIST_OF = {"timesheets": "/timesheets", "fuel_logs": "/fuel-logs"}
# Rows drawn on the preview page; the counts, every problem and the JSON preview have them all.
PREVIEW_ROWS = 500
PREVIEW_PROBLEMS = 1000
MAX_COLUMNS = 500


def _kind(slug: str) -> str:
    if slug not in SLUGS:
        raise NotFoundException("Intake imports timesheets and fuel logs only.")
    return SLUGS[slug]


def _choices(data: dict[str, str]) -> Choices:
    """What the person set on the preview's form: a field per column, the decimal mark, the day
    order. (A form that is not the preview's maps nothing, and the preview says what is missing.)"""
    width = data.get("columns", "")
    width = min(int(width), MAX_COLUMNS) if width.isdigit() else 0
    mapping = tuple((data.get(f"column_{i}") or None) for i in range(width))
    decimal = {"comma": True, "point": False}.get(data.get("decimal", ""))
    day_first = {"day": True, "month": False}.get(data.get("day_order", ""))
    return Choices(mapping=mapping, decimal_comma=decimal, day_first=day_first)


def _readable(action, *args):
    """Run a step that reads the file; a file that is not a usable CSV is a 400 in words."""
    try:
        return action(*args)
    except sniffing.NotCsv as exc:
        raise ClientException(str(exc)) from None


async def _receive(request: Request, settings: Settings) -> Staged:
    return await receiving.receive_csv(
        settings, request.headers.get("content-type", ""), request.content_length, request.stream()
    )


def _discard(settings: Settings, staged: Staged) -> None:
    receiving.staged_path(settings, staged.batch_id).unlink(missing_ok=True)


def _preview_page(kind: str, plan, staged: Staged, fragment: bool, status_code: int = 200, **extra):
    context = {
        "kind": kind,
        "slug": SLUG_OF[kind],
        "kind_name": flow.KIND_NAMES[kind],
        "plan": plan,
        "staged": staged,
        "fields": columns.FIELDS[kind],
        "rows": [flow.row_view(plan, row) for row in plan.rows[:PREVIEW_ROWS]],
        "problems": [flow.problem_view(plan, p) for p in plan.problems[:PREVIEW_PROBLEMS]],
        "warning_names": lists.WARNINGS,
        "delimiter_names": sniffing.DELIMITER_NAMES,
        **extra,
    }
    name = "_import_preview.html" if fragment else "import_preview.html"
    return page(name, status_code=status_code, **context)


@get("/imports", sync_to_thread=False)
def imports_page(kind: FromQuery[str | None] = None) -> Template:
    chosen = kind if kind in SLUG_OF else None
    return page("imports.html", kind=chosen, slugs=SLUG_OF, kind_names=flow.KIND_NAMES)


@post("/imports/{slug:str}/preview", request_max_body_size=None, status_code=200)
async def upload_preview(
    request: HTMXRequest, slug: FromPath[str], db: DB, settings: Config
) -> Template:
    """The file, streamed to disk, read and checked: its preview (nothing is written yet)."""
    kind = _kind(slug)
    staged = await _receive(request, settings)
    try:
        plan = await anyio.to_thread.run_sync(
            _readable, flow.preview, db, settings, kind, staged, None
        )
    except ClientException:
        _discard(settings, staged)
        raise
    return _preview_page(kind, plan, staged, fragment=bool(request.htmx))


def _staged(settings: Settings, batch_id: str, data: dict[str, str]) -> Staged:
    staged = receiving.staged_file(settings, parse_id(batch_id, "upload"), data.get("filename", ""))
    if staged is None:
        raise NotFoundException(
            "This preview has expired (a file waits an hour for its import); upload it again."
        )
    return staged


@post(
    "/imports/{slug:str}/{batch_id:str}/preview",
    request_max_body_size=FORM_LIMIT,
    status_code=200,
    sync_to_thread=True,
)
def change_preview(
    request: HTMXRequest,
    slug: FromPath[str],
    batch_id: FromPath[str],
    db: DB,
    settings: Config,
    data: Form,
) -> Template:
    """The preview again, with the columns mapped (or numbers read) as the person chose."""
    kind = _kind(slug)
    staged = _staged(settings, batch_id, data)
    plan = _readable(flow.preview, db, settings, kind, staged, _choices(data))
    return _preview_page(
        kind,
        plan,
        staged,
        fragment=bool(request.htmx),
        all_or_nothing=data.get("all_or_nothing") == "yes",
    )


@post(
    "/imports/{slug:str}/{batch_id:str}",
    request_max_body_size=FORM_LIMIT,
    status_code=200,
    sync_to_thread=True,
)
def import_upload(
    request: Request,
    slug: FromPath[str],
    batch_id: FromPath[str],
    db: DB,
    settings: Config,
    data: Form,
) -> Template | Redirect:
    """Import the previewed file as it was last shown; then the result page."""
    kind = _kind(slug)
    staged = _staged(settings, batch_id, data)
    choices = _choices(data)
    try:
        outcome = _readable(
            flow.run,
            db,
            settings,
            kind,
            staged,
            choices,
            current_user(request)["id"],
            data.get("all_or_nothing") == "yes",
        )
    except importing.AlreadyImported as exc:
        again = f"/imports/{slug}/{exc.batch['id']}/result?again=1"
        return Redirect(path=again, status_code=303)
    except importing.NothingImported as exc:
        return _preview_page(
            kind,
            exc.plan,
            staged,
            fragment=False,
            status_code=422,
            refused=str(exc),
            all_or_nothing=True,
        )
    return Redirect(path=f"/imports/{slug}/{outcome.batch_id}/result", status_code=303)


@get("/imports/{slug:str}/{batch_id:str}/result", sync_to_thread=False)
def import_result(
    slug: FromPath[str], batch_id: FromPath[str], db: DB, again: FromQuery[str | None] = None
) -> Template:
    """What an import did; `again` when the person just tried to import the same file twice."""
    kind = _kind(slug)
    batch = found(queue_reads.get_batch(db, parse_id(batch_id, "batch")), "import")
    if batch["batch_type"] != kind:
        raise NotFoundException(f"There is no {flow.KIND_NAMES[kind].lower()} import with that id.")
    return page(
        "import_result.html",
        kind=kind,
        slug=slug,
        kind_name=flow.KIND_NAMES[kind],
        batch=batch,
        summary=flow.batch_summary(batch),
        list_url=LIST_OF[kind],
        warning_names=lists.WARNINGS,
        kept=importing.KEPT_PROBLEMS,
        again=bool(again),
    )


# --- the API -------------------------------------------------------------------------


def _flag(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes")


def _api_import(
    db: Database, settings: Settings, kind: str, staged: Staged, request: Request
) -> Response:
    query = request.query_params
    if _flag(query.get("dry_run")):
        return Response(flow.preview_json(flow.usable_preview(db, settings, kind, staged)))
    actor = current_user(request)["id"]
    try:
        outcome = flow.run(
            db, settings, kind, staged, Choices(), actor, _flag(query.get("all_or_nothing"))
        )
    except importing.AlreadyImported as exc:
        body = {"error": "conflict", "detail": str(exc), "batch_id": exc.batch["id"]}
        return Response(body, status_code=409)
    except importing.NothingImported as exc:
        problems = [flow.problem_view(exc.plan, p) for p in exc.plan.problems]
        body = {"error": "unprocessable", "detail": str(exc), "problems": problems}
        return Response(body, status_code=422)
    return Response(flow.result_json(outcome))


async def _api_upload(request: Request, db: Database, settings: Settings, kind: str) -> Response:
    staged = await _receive(request, settings)
    try:
        answer = await anyio.to_thread.run_sync(
            _readable, _api_import, db, settings, kind, staged, request
        )
    except BaseException:
        _discard(settings, staged)
        raise
    if answer.status_code != 200 or _flag(request.query_params.get("dry_run")):
        _discard(settings, staged)
    return answer


@post("/api/imports/timesheets", request_max_body_size=None, status_code=200)
async def api_import_timesheets(request: Request, db: DB, settings: Config) -> Response[Any]:
    return await _api_upload(request, db, settings, "timesheets")


@post("/api/imports/fuel-logs", request_max_body_size=None, status_code=200)
async def api_import_fuel_logs(request: Request, db: DB, settings: Config) -> Response[Any]:
    return await _api_upload(request, db, settings, "fuel_logs")


route_handlers = [
    imports_page,
    upload_preview,
    change_preview,
    import_upload,
    import_result,
    api_import_timesheets,
    api_import_fuel_logs,
]
