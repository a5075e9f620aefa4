"""Sites (admins): list, add, edit, deactivate; aliases; CSV import with a preview first.

Forms post back to the page they are on and the page answers with a sentence
saying what happened. Adding a site or an alias also gives a site to the
purchase orders imported before it whose project code now matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from litestar import Request, Router, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath
from litestar.response import Template
from sqlite_utils import Database

from app import clock, site_import, sites
from app.delivery_notes import outstanding
from app.purchase_orders import matching
from app.web import DB, admin_only, bodies, current_user, found, page, parse_id

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]


def _list(db: Database, status_code: int = 200, **extra) -> Template:
    return page(
        "sites.html",
        status_code=status_code,
        sites=sites.list_sites_with_aliases(db),
        **{"code": "", "name": "", **extra},
    )


def _matched_notice(count: int) -> str:
    if not count:
        return ""
    return (
        f" {count} purchase order{'s' if count != 1 else ''} without a site"
        f" now match{'es' if count == 1 else ''} it."
    )


@get("/", sync_to_thread=False)
def sites_page(db: DB) -> Template:
    return _list(db)


@post("/", status_code=200, sync_to_thread=True)
def site_add(request: Request, db: DB, data: Form) -> Template:
    code, name = data.get("code", ""), data.get("name", "")
    try:
        sites.add_site(db, code, name, clock.now())
    except sites.SiteError as exc:
        return _list(db, 400, error=str(exc), code=code, name=name)
    matched = matching.give_sites_to_waiting(db, current_user(request)["id"], clock.now())
    return _list(db, notice=f"Site {code.strip()} added." + _matched_notice(len(matched)))


def _site(db: Database, site_id: str) -> dict:
    return found(sites.get_site(db, parse_id(site_id, "site")), "site")


def _detail(db: Database, site: dict, status_code: int = 200, **extra) -> Template:
    site = sites.get_site(db, site["id"])
    return page(
        "site_detail.html",
        status_code=status_code,
        site=site,
        aliases=sites.aliases_of(db, site["id"]),
        outstanding=outstanding.site_outstanding(db, site["id"]),
        **{"code": site["code"], "name": site["name"], **extra},
    )


@get("/{site_id:str}", sync_to_thread=False)
def site_page(site_id: FromPath[str], db: DB) -> Template:
    return _detail(db, _site(db, site_id))


@post("/{site_id:str}", status_code=200, sync_to_thread=True)
def site_edit(request: Request, site_id: FromPath[str], db: DB, data: Form) -> Template:
    site = _site(db, site_id)
    code, name = data.get("code", ""), data.get("name", "")
    try:
        sites.update_site(db, site["id"], code, name)
    except sites.SiteError as exc:
        return _detail(db, site, 400, error=str(exc), code=code, name=name)
    matched = matching.give_sites_to_waiting(db, current_user(request)["id"], clock.now())
    return _detail(db, site, notice="Saved." + _matched_notice(len(matched)))


@post("/{site_id:str}/deactivate", status_code=200, sync_to_thread=True)
def site_deactivate(site_id: FromPath[str], db: DB) -> Template:
    site = _site(db, site_id)
    sites.set_site_active(db, site["id"], False)
    return _detail(
        db,
        site,
        notice=f"{site['code']} is inactive: new documents no longer match it."
        " Purchase orders already matched keep it.",
    )


@post("/{site_id:str}/activate", status_code=200, sync_to_thread=True)
def site_activate(request: Request, site_id: FromPath[str], db: DB) -> Template:
    site = _site(db, site_id)
    sites.set_site_active(db, site["id"], True)
    matched = matching.give_sites_to_waiting(db, current_user(request)["id"], clock.now())
    return _detail(
        db, site, notice=f"{site['code']} is active again." + _matched_notice(len(matched))
    )


@post("/{site_id:str}/aliases", status_code=200, sync_to_thread=True)
def alias_add(request: Request, site_id: FromPath[str], db: DB, data: Form) -> Template:
    site = _site(db, site_id)
    alias = data.get("alias", "")
    try:
        added = sites.add_alias(db, site["id"], alias, current_user(request)["id"], clock.now())
    except sites.SiteError as exc:
        return _detail(db, site, 400, alias_error=str(exc), alias=alias)
    if added is None:
        message = f"{alias.strip()} is this site's own code; it matches already."
        return _detail(db, site, 400, alias_error=message, alias=alias)
    matched = matching.give_sites_to_waiting(db, current_user(request)["id"], clock.now())
    notice = f"{' '.join(alias.split())} now matches {site['code']}." + _matched_notice(
        len(matched)
    )
    return _detail(db, site, notice=notice)


@post("/{site_id:str}/aliases/{alias_id:str}/delete", status_code=200, sync_to_thread=True)
def alias_remove(site_id: FromPath[str], alias_id: FromPath[str], db: DB) -> Template:
    site = _site(db, site_id)
    if sites.remove_alias(db, site["id"], parse_id(alias_id, "alias")):
        notice = "Alias removed; purchase orders it matched keep their site."
    else:
        notice = "That alias was already gone."
    return _detail(db, site, notice=notice)


# --- CSV import --------------------------------------------------------------------


@dataclass
class CsvForm:
    text: str | None = None
    file: UploadFile | None = None


@post(
    "/import",
    status_code=200,
    request_max_body_size=site_import.MAX_CSV_BYTES + bodies.FORM,
    sync_to_thread=True,
)
def import_preview(
    db: DB, data: Annotated[CsvForm, Body(media_type=RequestEncodingType.MULTI_PART)]
) -> Template:
    """Read the CSV (a file or pasted text) and show what it would change; nothing is saved."""
    text, upload = data.text or "", data.file
    if upload is not None and upload.filename:
        raw = upload.file.read(site_import.MAX_CSV_BYTES + 1)
        if len(raw) > site_import.MAX_CSV_BYTES:
            return _list(db, 400, import_error=site_import.TOO_LARGE)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return _list(db, 400, import_error="The CSV is not UTF-8 text; save it as CSV UTF-8.")
    if not (text or "").strip():
        return _list(db, 400, import_error="Choose a CSV file or paste its text.")
    try:
        plan = site_import.plan_import(db, text)
    except sites.SiteError as exc:
        return _list(db, 400, import_error=str(exc), import_text=text)
    return page("sites_import.html", plan=plan, text=text)


@post(
    "/import/apply",
    status_code=200,
    request_max_body_size=bodies.urlencoded(site_import.MAX_CSV_BYTES),
    sync_to_thread=True,
)
def import_apply(request: Request, db: DB, data: Form) -> Template:
    text, fingerprint = data.get("text", ""), data.get("fingerprint", "")
    actor = current_user(request)["id"]
    try:
        plan = site_import.apply_import(db, text, fingerprint, actor, clock.now())
    except sites.SiteError as exc:
        try:
            plan = site_import.plan_import(db, text)
        except sites.SiteError:
            return _list(db, 400, import_error=str(exc))
        return page("sites_import.html", status_code=409, plan=plan, text=text, error=str(exc))
    matched = matching.give_sites_to_waiting(db, actor, clock.now())
    notice = (
        f"Imported: {len(plan.add)} added, {len(plan.rename)} renamed,"
        f" {len(plan.new_aliases)} alias{'es' if len(plan.new_aliases) != 1 else ''} added."
        + _matched_notice(len(matched))
    )
    return _list(db, notice=notice)


# Every page here is an administrator's: the rule is stated once, for the area.
sites_admin = Router(
    path="/sites",
    guards=[admin_only],
    route_handlers=[
        sites_page,
        site_add,
        import_preview,
        import_apply,
        site_page,
        site_edit,
        site_deactivate,
        site_activate,
        alias_add,
        alias_remove,
    ],
)
route_handlers = [sites_admin]
