"""The outbox, for administrators: writes to other systems by state, one write in full, Cancel
and Send again; and `GET /api/outbox` for an admin's token.
"""

from __future__ import annotations

from litestar import Request, Router, get, post
from litestar.exceptions import ClientException
from litestar.params import FromPath
from litestar.response import Redirect, Template
from sqlite_utils import Database

from app import clock
from app.enqueue import send_writes
from app.outbox import page as outbox_page
from app.outbox import reads, store
from app.outbox.states import InvalidMove
from app.web import DB, admin_only, current_user, found, page, parse_id


def _filter(request: Request, db: Database) -> outbox_page.OutboxFilter:
    return outbox_page.OutboxFilter.from_query(request.query_params, reads.actions(db))


@get("/", sync_to_thread=False)
def outbox_list(request: Request, db: DB) -> Template:
    flt = _filter(request, db)
    return page("outbox.html", **outbox_page.listing(db, flt, request.query_params.get("before")))


def _view(db: Database, write_id: str) -> dict:
    return found(outbox_page.write_view(db, parse_id(write_id, "write")), "write")


@get("/{write_id:str}", sync_to_thread=False)
def outbox_write(write_id: FromPath[str], db: DB) -> Template:
    return page("outbox_write.html", **_view(db, write_id))


def _move(request: Request, db: Database, write_id: str, move) -> Template | Redirect:
    view = _view(db, write_id)
    try:
        move(db, view["write"]["id"], current_user(request)["id"], clock.now())
    except InvalidMove as exc:
        error = f"Nothing was changed: {exc}."
        return page("outbox_write.html", **_view(db, write_id), error=error, status_code=409)
    send_writes()
    return Redirect(path=f"/outbox/{view['write']['id']}", status_code=303)


@post("/{write_id:str}/cancel", sync_to_thread=True)
def outbox_cancel(request: Request, write_id: FromPath[str], db: DB) -> Template | Redirect:
    return _move(request, db, write_id, store.cancel)


@post("/{write_id:str}/send-again", sync_to_thread=True)
def outbox_send_again(request: Request, write_id: FromPath[str], db: DB) -> Template | Redirect:
    return _move(request, db, write_id, store.send_again)


@get("/api/outbox", sync_to_thread=False)
def api_outbox(request: Request, db: DB) -> dict:
    flt = _filter(request, db)
    if flt.problems:
        raise ClientException(" ".join(flt.problems))
    listed = outbox_page.listing(db, flt, request.query_params.get("before"))
    return {
        "writes": [outbox_page.as_json(write) for write in listed["writes"]],
        "counts": listed["counts"],
        "next": listed["older"],
    }


# Every write to another system is an administrator's business: stated once, for the area.
outbox_admin = Router(
    path="/outbox",
    guards=[admin_only],
    route_handlers=[outbox_list, outbox_write, outbox_cancel, outbox_send_again],
)
outbox_api = Router(path="/", guards=[admin_only], route_handlers=[api_outbox])
route_handlers = [outbox_admin, outbox_api]
