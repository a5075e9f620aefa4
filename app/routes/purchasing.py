"""Imported purchase orders: the list, one PO with its items, and its document."""

from __future__ import annotations

from litestar import get
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.response import File, Template

from app import purchasing, security, storage
from app.web import DB, Config, found, page, parse_id


@get("/purchasing", sync_to_thread=False)
def po_list(db: DB) -> Template:
    return page("purchasing_list.html", pos=purchasing.list_pos(db))


@get("/purchasing/{po_id:str}", sync_to_thread=False)
def po_detail(po_id: FromPath[str], db: DB) -> Template:
    po = found(purchasing.get_po(db, parse_id(po_id, "purchase order")), "purchase order")
    items = purchasing.po_items(db, po["id"])
    return page(
        "purchasing_detail.html", po=po, items=items, items_total=purchasing.items_total(items)
    )


@get("/purchasing/{po_id:str}/document", sync_to_thread=False)
def po_document(po_id: FromPath[str], db: DB, settings: Config) -> File:
    po = found(purchasing.get_po(db, parse_id(po_id, "purchase order")), "purchase order")
    path = storage.resolve(settings, po["file_path"]) if po["file_path"] else None
    if path is None or not path.exists():
        raise NotFoundException("This purchase order has no stored document.")
    name = f"PO-{po['purchase_order_number']}{path.suffix}"
    # Only the types an upload can have are shown in the browser; anything else is a download.
    shown = po["content_type"] in storage.EXTENSIONS
    return File(
        path=path,
        filename=storage.display_filename(name),
        media_type=po["content_type"] if shown else "application/octet-stream",
        content_disposition_type="inline" if shown else "attachment",
        headers={
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": security.DOCUMENT_POLICY,
        },
    )


route_handlers = [po_list, po_detail, po_document]
