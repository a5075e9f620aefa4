"""Layouts (admins): the layouts learned from verified POs, how each has done, and forgetting one.

A layout's accuracy since it was learned is the values it read on documents
people then verified, against the ones they had to correct first. Forgetting
a layout sends its documents back to the generic reader; the next one a
person verifies teaches it afresh.
"""

from __future__ import annotations

from litestar import Router, get, post
from litestar.params import FromPath
from litestar.response import Template
from sqlite_utils import Database

from app import layouts
from app.web import DB, admin_only, found, page, parse_id


def _list(db: Database, **extra) -> Template:
    return page(
        "layouts.html",
        layouts=layouts.list_layouts(db),
        rule=(layouts.CORRECTED, layouts.OF_LAST),
        **extra,
    )


@get("/", sync_to_thread=False)
def layouts_page(db: DB) -> Template:
    return _list(db)


@post("/{layout_id:str}/forget", status_code=200, sync_to_thread=True)
def layout_forget(layout_id: FromPath[str], db: DB) -> Template:
    layout = found(layouts.get_layout(db, parse_id(layout_id, "layout")), "layout")
    layouts.forget(db, layout["id"])
    return _list(
        db,
        notice=f"The layout learned from PO {layout['learned_from_number']} is forgotten: its"
        " documents are read by the generic reader again, and the next one verified teaches"
        " it afresh.",
    )


# Every page here is an administrator's: the rule is stated once, for the area.
layouts_admin = Router(
    path="/layouts", guards=[admin_only], route_handlers=[layouts_page, layout_forget]
)
route_handlers = [layouts_admin]
