"""Imported purchase orders: the list (search, filters, export), one PO beside its
document, and checking it: inline edits, added and removed items, verification.

Every edit answers with the piece of the page it changed, plus out-of-band
copies of what follows from it (the totals check, warnings, verification,
history), so the page never shows a stale total.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Annotated

from litestar import Request, get, post
from litestar.enums import RequestEncodingType
from litestar.exceptions import NotFoundException
from litestar.params import Body, FromPath
from litestar.plugins.htmx import ClientRedirect, HTMXRequest
from litestar.response import File, Redirect, Stream, Template
from sqlite_utils import Database

from app import auth, batch_actions, clock, keyset, layouts, previews, queue_reads, sites
from app.delivery_notes.delivery import STATUSES
from app.enqueue import send_writes
from app.purchase_orders import edit, export, forms, listing, record, store
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
_LIST_PARAMS = ("q", "site", "verified", "from", "to", "sort", "delivery")


def _filter(request: Request) -> listing.PoFilter:
    return listing.PoFilter.from_query(
        {name: request.query_params.get(name) for name in _LIST_PARAMS}
    )


@get("/purchasing", sync_to_thread=False)
def po_list_page(request: HTMXRequest, db: DB) -> Template:
    """The whole page, or for htmx (search as you type, a filter, a page link) just the results."""
    flt = _filter(request)
    problems = list(flt.problems)
    after, before = request.query_params.get("after"), request.query_params.get("before")
    try:
        results = listing.list_pos(db, flt, after=after, before=before)
    except keyset.CursorError as exc:
        problems.append(str(exc))
        results = listing.list_pos(db, flt)
    context = {
        "flt": flt,
        "results": results,
        "problems": problems,
        "total": listing.count_for(db, flt, results, paged=bool(after or before)),
        "paged": bool(after or before),
        "removed": request.query_params.get("removed") == "1",
    }
    if request.htmx:
        # The address bar gets the tidy form of the filter, not every empty form field.
        here = flt.link("/purchasing", after=after or "", before=before or "")
        return HtmxPage(template_name="_po_results.html", context=context, push_url=here)
    return page("purchasing_list.html", sites=sites.list_sites(db), deliveries=STATUSES, **context)


@get("/purchasing/export.csv", sync_to_thread=False)
def po_export(request: Request, db: DB) -> Stream:
    flt = _filter(request)
    stamp = clock.now().strftime("%Y%m%d-%H%M")
    return Stream(
        export.export_csv(db, flt),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="purchase-orders-{stamp}.csv"',
            "X-Content-Type-Options": "nosniff",
        },
    )


# --- one purchase order ---------------------------------------------------------------


def _po(db: Database, po_id: str) -> dict:
    return found(store.get_po(db, parse_id(po_id, "purchase order")), "purchase order")


def _state(db: Database, po: dict) -> dict:
    """Everything the PO page and its live parts show: the PO's record, and the page's own."""
    state = found(record.po_record(db, po["id"]), "purchase order")
    po, batch = state["po"], state["batch"]
    for item in state["items"]:
        item["version"] = forms.item_version(item)
    return state | {
        "uploader": _user(db, batch["uploaded_by"] if batch else None),
        "verifier": _user(db, po["verified_by"]),
        "history": store.po_history(db, po["id"]),
        "fields": forms.HEADER_FIELDS,
        "show": forms.show,
        "sites": [
            site for site in sites.list_sites(db) if site["active"] or site["id"] == po["site_id"]
        ],
        "is_image": po["content_type"] in previews.IMAGE_TYPES,
        "layout_read": layouts.read_of_po(db, po["id"]),
    }


def _user(db: Database, user_id: str | None) -> dict | None:
    return auth.get_user(db, user_id) if user_id else None


@get("/purchasing/{po_id:str}", sync_to_thread=False)
def po_detail(po_id: FromPath[str], db: DB) -> Template:
    return page("purchasing_detail.html", **_state(db, _po(db, po_id)))


@get("/purchasing/{po_id:str}/document", sync_to_thread=False)
def po_document(po_id: FromPath[str], db: DB, settings: Config) -> File:
    po = _po(db, po_id)
    return record_file(settings, po, "PO-", _file_number(po), "purchase order")


@get("/purchasing/{po_id:str}/preview", sync_to_thread=True)
def po_preview(po_id: FromPath[str], db: DB, settings: Config) -> File:
    """A photographed PO scaled for the page; the original stays a download."""
    po = _po(db, po_id)
    return record_file(settings, po, "PO-", _file_number(po), "purchase order", preview=True)


# --- header fields, one at a time --------------------------------------------------


def _column(column: str) -> str:
    if column not in forms.HEADER_FIELDS:
        raise NotFoundException("There is no such field on a purchase order.")
    return column


def _field(db: Database, po: dict, column: str, **extra) -> Template:
    state = _state(db, po)
    return page("_po_field.html", column=column, **state, **extra)


@get("/purchasing/{po_id:str}/fields/{column:str}", sync_to_thread=False)
def po_field(po_id: FromPath[str], column: FromPath[str], db: DB) -> Template:
    return _field(db, _po(db, po_id), _column(column), focus=True)


@get("/purchasing/{po_id:str}/fields/{column:str}/edit", sync_to_thread=False)
def po_field_edit(po_id: FromPath[str], column: FromPath[str], db: DB) -> Template:
    return _field(db, _po(db, po_id), _column(column), editing=True)


@post("/purchasing/{po_id:str}/fields/{column:str}", status_code=200, sync_to_thread=True)
def po_field_save(
    request: Request, po_id: FromPath[str], column: FromPath[str], db: DB, data: Form
) -> Template:
    po, column, user = _po(db, po_id), _column(column), current_user(request)["id"]
    return _saved(
        partial(_field, db, po, column),
        lambda: edit.edit_header(
            db, po["id"], column, data.get("value"), data.get("opened_with"), user, clock.now()
        ),
        typed=data.get("value", ""),
    )


def _saved(shown: Callable[..., Template], change: Callable[[], object], typed: object) -> Template:
    """Make one inline edit and answer with its piece, focused, and what follows from it;
    a refused edit keeps what was typed and says why (a stale one shows the piece as it is)."""
    try:
        change()
    except forms.EditError as exc:
        stale = isinstance(exc, forms.StaleEdit)
        status = 409 if stale else 400
        return shown(editing=not stale, error=str(exc), typed=typed, status_code=status)
    return shown(focus=True, oob=True)


# --- items ---------------------------------------------------------------------------


def _item(db: Database, po: dict, item_id: str, **extra) -> Template:
    state = _state(db, po)
    item = next((i for i in state["items"] if i["id"] == item_id), None)
    if item is None:
        raise NotFoundException("That item is not on this purchase order; reload the page.")
    return page("_po_item.html", item=item, **state, **extra)


@get("/purchasing/{po_id:str}/items/{item_id:str}", sync_to_thread=False)
def po_item(po_id: FromPath[str], item_id: FromPath[str], db: DB) -> Template:
    return _item(db, _po(db, po_id), parse_id(item_id, "item"), focus=True)


@get("/purchasing/{po_id:str}/items/{item_id:str}/edit", sync_to_thread=False)
def po_item_edit(po_id: FromPath[str], item_id: FromPath[str], db: DB) -> Template:
    return _item(db, _po(db, po_id), parse_id(item_id, "item"), editing=True)


@post("/purchasing/{po_id:str}/items/{item_id:str}", status_code=200, sync_to_thread=True)
def po_item_save(
    request: Request, po_id: FromPath[str], item_id: FromPath[str], db: DB, data: Form
) -> Template:
    po, item_id, user = _po(db, po_id), parse_id(item_id, "item"), current_user(request)["id"]
    return _saved(
        partial(_item, db, po, item_id),
        lambda: edit.edit_item(
            db, po["id"], item_id, data, data.get("version", ""), user, clock.now()
        ),
        typed=data,
    )


@post("/purchasing/{po_id:str}/items", status_code=200, sync_to_thread=True)
def po_item_add(request: Request, po_id: FromPath[str], db: DB, data: Form) -> Template:
    po = _po(db, po_id)
    try:
        edit.add_item(db, po["id"], data, current_user(request)["id"], clock.now())
    except forms.EditError as exc:
        return page(
            "_po_items.html", **_state(db, po), add_error=str(exc), typed=data, status_code=400
        )
    return page("_po_items.html", **_state(db, po), oob=True, added=True)


@post("/purchasing/{po_id:str}/items/{item_id:str}/delete", status_code=200, sync_to_thread=True)
def po_item_delete(
    request: Request, po_id: FromPath[str], item_id: FromPath[str], db: DB
) -> Template:
    po = _po(db, po_id)
    try:
        edit.delete_item(
            db, po["id"], parse_id(item_id, "item"), current_user(request)["id"], clock.now()
        )
    except forms.EditError as exc:
        return page("_po_items.html", **_state(db, po), add_error=str(exc), status_code=409)
    return page("_po_items.html", **_state(db, po), oob=True)


# --- verification ------------------------------------------------------------------


@post("/purchasing/{po_id:str}/verify", status_code=200, sync_to_thread=True)
def po_verify(request: Request, po_id: FromPath[str], db: DB) -> Template:
    po = _po(db, po_id)
    try:
        edit.verify_po(db, po["id"], current_user(request)["id"], clock.now())
    except forms.NoNumberYet as exc:
        return page("_po_verify.html", **_state(db, po), error=str(exc), status_code=409)
    send_writes()  # to the accounting system
    return page("_po_verify.html", **_state(db, po), oob=True, focus=True)


@post("/purchasing/{po_id:str}/unverify", status_code=200, sync_to_thread=True)
def po_unverify(request: Request, po_id: FromPath[str], db: DB) -> Template:
    po = _po(db, po_id)
    edit.unverify_po(db, po["id"], current_user(request)["id"], clock.now())
    return page("_po_verify.html", **_state(db, po), oob=True, focus=True)


@post("/purchasing/{po_id:str}/remove", status_code=200, sync_to_thread=True)
def po_remove(
    request: HTMXRequest, po_id: FromPath[str], db: DB
) -> Template | ClientRedirect | Redirect:
    """A PO still without its number that is no PO of its own goes; the list says so."""
    user = current_user(request)
    po = store.get_po(db, parse_id(po_id, "purchase order"))
    if po is None:  # removed meanwhile (by someone else): the list says so
        return _to_list(request, "/purchasing?removed=1")
    batch = queue_reads.get_batch(db, po["batch_id"]) if po["batch_id"] else None
    if not (user["role"] == "admin" or (batch and batch_actions.may_act(user, batch))):
        refused = "Only whoever uploaded its document, or an administrator, can remove this PO."
        return page("_po_verify.html", **_state(db, po), error=refused, status_code=403)
    try:
        edit.remove_unnumbered(db, po["id"], user["id"], clock.now())
    except forms.EditError as exc:
        if store.get_po(db, po["id"]) is None:
            return _to_list(request, "/purchasing?removed=1")
        return page("_po_verify.html", **_state(db, po), error=str(exc), status_code=409)
    return _to_list(request, "/purchasing?removed=1")


def _to_list(request: HTMXRequest, path: str) -> ClientRedirect | Redirect:
    """To the list page: from htmx a redirect it follows, else a 303."""
    if request.htmx:
        return ClientRedirect(redirect_to=path)
    return Redirect(path=path, status_code=303)


route_handlers = [
    po_list_page,
    po_export,
    po_detail,
    po_document,
    po_preview,
    po_field,
    po_field_edit,
    po_field_save,
    po_item,
    po_item_edit,
    po_item_save,
    po_item_add,
    po_item_delete,
    po_verify,
    po_unverify,
    po_remove,
]


def _file_number(po: dict) -> str:
    """What a PO's document is named by: its number, or its record's id until it has one."""
    return po["purchase_order_number"] or po["id"]
