"""Delivery notes: the list, one DN beside its document with inline edits, matches and Verify;
the uploads that make them (as a DN, or as whatever the document is) and the DN API.

Every change on a DN's page answers with the page's data panel (`_dn_data.html`),
so what follows from it (the PO matched, a line matched, verification, history)
is never stale.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from litestar import Request, get, post
from litestar.enums import RequestEncodingType
from litestar.exceptions import ClientException, NotFoundException
from litestar.params import Body, FromPath, FromQuery
from litestar.plugins.htmx import HTMXRequest
from litestar.response import File, Template
from sqlite_utils import Database

from app import clock, keyset, previews, sites
from app.delivery_notes import edit, listing, matching, record, store
from app.enqueue import send_writes
from app.purchase_orders.forms import EditError, StaleEdit
from app.routes.api import receive_upload
from app.web import (
    DB,
    Config,
    HtmxPage,
    current_user,
    found,
    page,
    parse_id,
    record_file,
)

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]
_LIST_PARAMS = ("q", "site", "supplier", "matched", "from", "to", "sort")


# --- uploads and the API -----------------------------------------------------------------


@post("/api/delivery-notes/upload", request_max_body_size=None, status_code=202)
async def api_upload_dn(request: Request, db: DB, settings: Config) -> dict:
    batch_id = await receive_upload(request, db, settings, "delivery_notes")
    return {"batch_id": batch_id, "status": "queued"}


@post("/api/documents/upload", request_max_body_size=None, status_code=202)
async def api_upload_document(request: Request, db: DB, settings: Config) -> dict:
    """A PO or a DN: its type is read from the document (the status API reports it)."""
    batch_id = await receive_upload(request, db, settings, "documents")
    return {"batch_id": batch_id, "status": "queued"}


@get("/api/delivery-notes", sync_to_thread=False)
def api_find_dn(db: DB, dn_number: FromQuery[str | None] = None) -> dict[str, Any]:
    """Every DN with this number (two suppliers may use the same one)."""
    key = matching.reference_key(dn_number)
    if not key:
        raise ClientException("Give the delivery note number to look up: ?dn_number=...")
    notes = store.dns_by_number(db, key)
    if not notes:
        raise NotFoundException(f"There is no delivery note numbered {dn_number.strip()[:64]}.")
    return {"delivery_notes": [record.as_json(record.dn_record(db, dn["id"])) for dn in notes]}


@get("/api/delivery-notes/{dn_id:str}", sync_to_thread=False)
def api_get_dn(dn_id: FromPath[str], db: DB) -> dict[str, Any]:
    return record.as_json(
        found(record.dn_record(db, parse_id(dn_id, "delivery note")), "delivery note")
    )


# --- the list ------------------------------------------------------------------------------


@get("/delivery-notes", sync_to_thread=False)
def dn_list_page(request: HTMXRequest, db: DB) -> Template:
    flt = listing.DnFilter.from_query({n: request.query_params.get(n) for n in _LIST_PARAMS})
    problems = list(flt.problems)
    after, before = request.query_params.get("after"), request.query_params.get("before")
    results = keyset.asked_or_first(partial(listing.list_dns, db, flt), after, before, problems)
    context = {
        "flt": flt,
        "results": results,
        "problems": problems,
        "total": listing.count_dns(db, flt),
    }
    if request.htmx:
        here = flt.link("/delivery-notes", after=after or "", before=before or "")
        return HtmxPage(template_name="_dn_results.html", context=context, push_url=here)
    return page("delivery_notes_list.html", sites=sites.list_sites(db), **context)


# --- one delivery note ---------------------------------------------------------------------


def _dn(db: Database, dn_id: str) -> dict:
    return found(store.get_dn(db, parse_id(dn_id, "delivery note")), "delivery note")


def _state(db: Database, dn: dict) -> dict:
    state = found(record.dn_record(db, dn["id"]), "delivery note")
    return state | {
        "history": store.dn_history(db, dn["id"]),
        "fields": edit.HEADER_FIELDS,
        "is_image": state["dn"]["content_type"] in previews.IMAGE_TYPES,
    }


def _data(db: Database, dn: dict, status_code: int = 200, **extra) -> Template:
    return page("_dn_data.html", status_code=status_code, **_state(db, dn), **extra)


@get("/delivery-notes/{dn_id:str}", sync_to_thread=False)
def dn_detail(dn_id: FromPath[str], db: DB) -> Template:
    return page("delivery_note_detail.html", **_state(db, _dn(db, dn_id)))


@get("/delivery-notes/{dn_id:str}/document", sync_to_thread=False)
def dn_document(dn_id: FromPath[str], db: DB, settings: Config) -> File:
    dn = _dn(db, dn_id)
    return record_file(settings, dn, "DN-", dn["dn_number"], "delivery note")


@get("/delivery-notes/{dn_id:str}/preview", sync_to_thread=True)
def dn_preview(dn_id: FromPath[str], db: DB, settings: Config) -> File:
    """A photographed DN scaled for the page; the original stays a download."""
    dn = _dn(db, dn_id)
    return record_file(settings, dn, "DN-", dn["dn_number"], "delivery note", preview=True)


def _saved(db: Database, dn: dict, change, **where) -> Template:
    """Make one change and answer with the data panel: refused ones say why, in place."""
    try:
        change()
    except EditError as exc:
        status = 409 if isinstance(exc, StaleEdit) else 400
        return _data(db, dn, status_code=status, error=str(exc), **where)
    return _data(db, dn, **where)


@post("/delivery-notes/{dn_id:str}/fields/{column:str}", status_code=200, sync_to_thread=True)
def dn_field_save(
    request: Request, dn_id: FromPath[str], column: FromPath[str], db: DB, data: Form
) -> Template:
    dn = _dn(db, dn_id)
    if column not in edit.HEADER_FIELDS:
        raise NotFoundException("There is no such field on a delivery note.")
    user = current_user(request)["id"]
    return _saved(
        db,
        dn,
        lambda: edit.edit_header(
            db, dn["id"], column, data.get("value"), data.get("opened_with"), user, clock.now()
        ),
        error_at=f"field-{column}",
    )


@post("/delivery-notes/{dn_id:str}/po", status_code=200, sync_to_thread=True)
def dn_choose_po(request: Request, dn_id: FromPath[str], db: DB, data: Form) -> Template:
    dn = _dn(db, dn_id)
    user = current_user(request)["id"]
    return _saved(
        db,
        dn,
        lambda: edit.choose_po(db, dn["id"], data.get("po_number") or "", user, clock.now()),
        error_at="po",
    )


@post("/delivery-notes/{dn_id:str}/items/{item_id:str}", status_code=200, sync_to_thread=True)
def dn_item_save(
    request: Request, dn_id: FromPath[str], item_id: FromPath[str], db: DB, data: Form
) -> Template:
    dn, item_id = _dn(db, dn_id), parse_id(item_id, "line")
    user = current_user(request)["id"]
    return _saved(
        db,
        dn,
        lambda: edit.edit_item(db, dn["id"], item_id, data, user, clock.now()),
        error_at=f"item-{item_id}",
    )


@post("/delivery-notes/{dn_id:str}/items/{item_id:str}/match", status_code=200, sync_to_thread=True)
def dn_item_match(
    request: Request, dn_id: FromPath[str], item_id: FromPath[str], db: DB, data: Form
) -> Template:
    dn, item_id = _dn(db, dn_id), parse_id(item_id, "line")
    user = current_user(request)["id"]
    choice = (data.get("po_item_id") or "").strip()
    return _saved(
        db,
        dn,
        lambda: edit.match_item(db, dn["id"], item_id, choice, user, clock.now()),
        error_at=f"item-{item_id}",
    )


@post("/delivery-notes/{dn_id:str}/verify", status_code=200, sync_to_thread=True)
def dn_verify(request: Request, dn_id: FromPath[str], db: DB) -> Template:
    dn = _dn(db, dn_id)
    edit.verify(db, dn["id"], current_user(request)["id"], clock.now())
    send_writes()  # to the accounting system
    return _data(db, dn)


@post("/delivery-notes/{dn_id:str}/unverify", status_code=200, sync_to_thread=True)
def dn_unverify(request: Request, dn_id: FromPath[str], db: DB) -> Template:
    dn = _dn(db, dn_id)
    edit.unverify(db, dn["id"], current_user(request)["id"], clock.now())
    return _data(db, dn)


route_handlers = [
    api_upload_dn,
    api_upload_document,
    api_find_dn,
    api_get_dn,
    dn_list_page,
    dn_detail,
    dn_document,
    dn_preview,
    dn_field_save,
    dn_choose_po,
    dn_item_save,
    dn_item_match,
    dn_verify,
    dn_unverify,
]
