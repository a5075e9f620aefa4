"""The review queue: the page, each item's decisions (htmx), entering a dead batch's
PO by hand beside its document, and the queue as JSON."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, get, post
from litestar.enums import RequestEncodingType
from litestar.exceptions import ClientException, NotFoundException, PermissionDeniedException
from litestar.params import Body, FromPath, FromQuery, QueryParameter
from litestar.plugins.htmx import HTMXRequest
from litestar.response import File, Redirect, Template
from sqlite_utils import Database

from app import batch_actions, clock, review_items
from app.enqueue import send_writes
from app.intake import InvalidPayload
from app.review import decisions, hand_entry
from app.review import page as review_page_data
from app.web import DB, Config, bodies, current_user, document_file, found, page, parse_id

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]
# ?state=...: `state` is a name Litestar keeps for the app's state, so the parameter is renamed.
StateQuery = Annotated[str | None, QueryParameter(name="state")]

RESOLUTIONS = {
    "retried": "Retried",
    "discarded": "Discarded",
    "entered_by_hand": "Entered by hand",
    "processed": "Imported after all",
    "site_picked": "Site chosen",
    "site_matched": "Matched a site",
    "kept_existing": "Kept as it was",
    "replaced": "Replaced",
    "verified": "Verified",
    "totals_agree": "Totals agree now",
    "confirmed": "Confirmed",
    "supplier_created": "New supplier created",
    "supplier_chosen": "Supplier chosen",
    "linked_elsewhere": "Linked elsewhere",
    "record_created": "Created",
    "record_chosen": "Chosen",
    "corrected": "Corrected",
    "dismissed": "Dismissed",
    "settled": "Settled by itself",
    "po_picked": "PO chosen",
    "closed_short": "Closed short",
    "expecting_rest": "The rest is expected",
    "accepted": "Accepted",
    "line_matched": "Matched to a PO line",
    "marked_extra": "Marked extra",
    "sent_again": "Sent again",
    "cancelled": "Cancelled",
    "po_removed": "PO removed",
}


def _filters(state: str | None, kind: str | None) -> tuple[str, str | None]:
    state = (state or "open").strip()
    kind = (kind or "").strip() or None
    if state not in review_items.STATES:
        raise ClientException(f"state must be one of {', '.join(review_items.STATES)}.")
    if kind is not None and kind not in review_items.KINDS:
        raise ClientException(f"{kind!r} is not a kind of review item.")
    return state, kind


@get("/review", sync_to_thread=False)
def review_page(
    request: Request, db: DB, item_state: StateQuery = None, kind: FromQuery[str | None] = None
) -> Template:
    state, kind = _filters(item_state, kind)
    user = current_user(request)
    return page(
        "review.html",
        state=state,
        kind=kind,
        kinds=review_items.KINDS,
        resolutions=RESOLUTIONS,
        user=user,
        **review_page_data.queue_view(db, user, state, kind),
    )


def _card(db: Database, user: dict, item_id: str, status_code: int = 200, error: str = ""):
    item = found(review_items.get_item(db, item_id), "review item")
    view = review_page_data.item_view(db, item, user)
    return page(
        "_review_item.html",
        status_code=status_code,
        view=view,
        error=error,
        resolutions=RESOLUTIONS,
        **review_page_data.choices(db),
    )


def _decided(request: HTMXRequest, db: Database, item_id: str, act) -> Template | Redirect:
    """Run a decision and answer with the item's card, or with the card and why not."""
    user = current_user(request)
    try:
        act(user)
    except LookupError:
        raise NotFoundException("There is no review item with that id.") from None
    except review_items.AlreadyClosed as exc:
        return _card(db, user, item_id, 409, str(exc))
    except (decisions.NotAllowed, batch_actions.NotYours) as exc:
        return _card(db, user, item_id, 403, str(exc))
    except decisions.DecisionError as exc:
        return _card(db, user, item_id, 400, str(exc))
    except batch_actions.NotNow as exc:
        return _card(db, user, item_id, 409, str(exc))
    send_writes()  # a PO verified, a write sent again: to the other systems now
    if not request.htmx:
        return Redirect(path="/review", status_code=303)
    return _card(db, user, item_id)


@post("/review/{item_id:str}/decide/{action:str}", status_code=200, sync_to_thread=True)
def review_decide(
    request: HTMXRequest,
    item_id: FromPath[str],
    action: FromPath[str],
    db: DB,
    settings: Config,
    data: Form,
) -> Template | Redirect:
    item_id = parse_id(item_id, "review item")
    if action == "discard":
        return _decided(
            request, db, item_id, lambda user: decisions.discard(db, item_id, user, clock.now())
        )
    if action == "retry":
        return _decided(
            request, db, item_id, lambda user: decisions.retry(db, item_id, user, clock.now())
        )
    return _decided(
        request,
        db,
        item_id,
        lambda user: decisions.decide(db, settings, item_id, action, data, user, clock.now()),
    )


@get("/review/{item_id:str}/enter", sync_to_thread=False)
def enter_page(request: Request, item_id: FromPath[str], db: DB) -> Template:
    item, batch = _dead_batch(db, item_id, current_user(request))
    return page(
        "review_enter.html",
        item=item,
        batch=batch,
        values=hand_entry.entry_values(batch),
        doubted=hand_entry.doubted_words(hand_entry.doubted(batch)),
        problems=[],
    )


@post("/review/{item_id:str}/enter", request_max_body_size=bodies.HAND_ENTRY, sync_to_thread=True)
def enter_submit(
    request: Request, item_id: FromPath[str], db: DB, settings: Config, data: Form
) -> Template | Redirect:
    user = current_user(request)
    item, batch = _dead_batch(db, item_id, user)
    if data.get("more_rows"):  # the form again with room for more items; nothing is imported
        more = hand_entry.form_values(data, hand_entry.MORE_ROWS)
        return page("review_enter.html", item=item, batch=batch, values=more, problems=[])
    try:
        outcome = hand_entry.enter_by_hand(db, settings, item["id"], data, user, clock.now())
    except InvalidPayload as exc:
        status_code, problems = 400, exc.problems
    except decisions.DecisionError as exc:
        status_code, problems = 409, [str(exc)]
    except review_items.AlreadyClosed as exc:
        status_code, problems = 409, [str(exc)]
    else:
        return Redirect(path=f"/purchasing/{outcome.po_id}", status_code=303)
    return page(
        "review_enter.html",
        status_code=status_code,
        item=review_items.get_item(db, item["id"]),
        batch=batch,
        values=hand_entry.form_values(data),
        problems=problems,
    )


def _dead_batch(db: Database, item_id: str, user: dict) -> tuple[dict, dict]:
    item = found(review_items.get_item(db, parse_id(item_id, "review item")), "review item")
    if item["kind"] != "batch.dead":
        raise NotFoundException("Only a document that could not be imported is entered by hand.")
    batch = found(review_page_data.item_document(db, item), "batch")
    try:
        batch_actions.check_may_act(user, batch)
    except batch_actions.NotYours as exc:
        raise PermissionDeniedException(str(exc)) from None
    return item, batch


@get("/review/{item_id:str}/document", sync_to_thread=False)
def item_document(item_id: FromPath[str], db: DB, settings: Config) -> File:
    """The document an item is about, shown inline beside the form or the comparison."""
    item = found(review_items.get_item(db, parse_id(item_id, "review item")), "review item")
    batch = review_page_data.item_document(db, item) or {}
    return document_file(
        settings,
        batch.get("file_path"),
        batch.get("content_type", ""),
        batch.get("original_filename", "document"),
        missing="This item has no stored document.",
    )


@get("/api/review-items", sync_to_thread=False)
def api_review_items(
    db: DB, item_state: StateQuery = None, kind: FromQuery[str | None] = None
) -> dict[str, Any]:
    state, kind = _filters(item_state, kind)
    items = review_items.list_items(db, state, kind)
    return {"items": [review_items.as_json(item) for item in items]}


route_handlers = [
    review_page,
    review_decide,
    enter_page,
    enter_submit,
    item_document,
    api_review_items,
]
