"""Users (admins): add, change role, reset a password, disable; list and revoke API tokens.

A new API token is shown once, in the answer to the form that made it; only
its hash is stored. Intake never ends up without an active administrator
(`app/accounts.py` enforces it).
"""

from __future__ import annotations

from typing import Annotated

from litestar import Request, Router, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromPath
from litestar.response import Redirect, Template
from sqlite_utils import Database

from app import accounts, auth, clock
from app.web import DB, SESSION_COOKIE, admin_only, current_user, found, page, parse_id

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]


def _list(db: Database, status_code: int = 200, **extra) -> Template:
    form = {"email": "", "name": "", "role": "staff", **extra.pop("form", {})}
    return page(
        "users.html", status_code=status_code, users=accounts.list_users(db), form=form, **extra
    )


@get("/", sync_to_thread=False)
def users_page(db: DB) -> Template:
    return _list(db)


@post("/", status_code=200, sync_to_thread=True)
def user_add(db: DB, data: Form) -> Template:
    form = {key: data.get(key, "") for key in ("email", "name", "role")}
    try:
        if data.get("password", "") != data.get("password_again", ""):
            raise auth.AccountError("The two passwords are not the same.")
        accounts.add_user(
            db, form["email"], form["name"], form["role"], data.get("password", ""), clock.now()
        )
    except auth.AccountError as exc:
        return _list(db, 400, error=str(exc), form=form)
    email = auth.normalise_email(form["email"])
    return _list(db, notice=f"{email} can sign in now as {form['role']}.")


def _user(db: Database, user_id: str) -> dict:
    return found(auth.get_user(db, parse_id(user_id, "user")), "user")


def _detail(db: Database, user: dict, status_code: int = 200, **extra) -> Template:
    return page(
        "user_detail.html",
        status_code=status_code,
        person=auth.get_user(db, user["id"]),
        tokens=auth.list_api_tokens(db, user["id"]),
        **extra,
    )


@get("/{user_id:str}", sync_to_thread=False)
def user_page(user_id: FromPath[str], db: DB) -> Template:
    return _detail(db, _user(db, user_id))


@post("/{user_id:str}/role", status_code=200, sync_to_thread=True)
def user_role(request: Request, user_id: FromPath[str], db: DB, data: Form) -> Template | Redirect:
    user, me = _user(db, user_id), current_user(request)
    role = data.get("role", "")
    try:
        changed = accounts.set_role(db, user["id"], role, me["id"])
    except auth.AccountError as exc:
        return _detail(db, user, 400, error=str(exc))
    if changed and user["id"] == me["id"]:
        return Redirect(path="/", status_code=303)  # no longer allowed on this page
    notice = (
        f"{user['email']} is {role} now." if changed else f"{user['email']} was {role} already."
    )
    return _detail(db, user, notice=notice)


@post("/{user_id:str}/password", status_code=200, sync_to_thread=True)
def user_password(request: Request, user_id: FromPath[str], db: DB, data: Form) -> Template:
    user, me = _user(db, user_id), current_user(request)
    try:
        if data.get("password", "") != data.get("password_again", ""):
            raise auth.AccountError("The two passwords are not the same.")
        keep = request.cookies.get(SESSION_COOKIE) if user["id"] == me["id"] else None
        accounts.reset_password(db, user["id"], data.get("password", ""), keep)
    except auth.AccountError as exc:
        return _detail(db, user, 400, password_error=str(exc))
    return _detail(
        db,
        user,
        notice=f"New password set; {user['email']} was signed out everywhere else."
        " Their API tokens still work: revoke any that may have gone astray.",
    )


def _set_active(request: Request, user_id: str, db: Database, active: bool) -> Template | Redirect:
    user, me = _user(db, user_id), current_user(request)
    try:
        accounts.set_active(db, user["id"], active, me["id"], clock.now())
    except auth.AccountError as exc:
        return _detail(db, user, 400, error=str(exc))
    if not active and user["id"] == me["id"]:
        return Redirect(path="/login", status_code=303)
    state = (
        "can sign in again. Their old API tokens stay revoked; make new ones if they need them"
        if active
        else "is disabled and signed out, and their API tokens are revoked for good"
    )
    return _detail(db, user, notice=f"{user['email']} {state}.")


@post("/{user_id:str}/disable", status_code=200, sync_to_thread=True)
def user_disable(request: Request, user_id: FromPath[str], db: DB) -> Template | Redirect:
    return _set_active(request, user_id, db, False)


@post("/{user_id:str}/enable", status_code=200, sync_to_thread=True)
def user_enable(request: Request, user_id: FromPath[str], db: DB) -> Template | Redirect:
    return _set_active(request, user_id, db, True)


@post("/{user_id:str}/tokens", status_code=200, sync_to_thread=True)
def token_create(user_id: FromPath[str], db: DB, data: Form) -> Template:
    user = _user(db, user_id)
    name = " ".join(data.get("name", "").split())[:100]
    token = auth.create_api_token(db, user["id"], clock.now(), name=name)
    return _detail(db, user, new_token=token, new_token_name=name)


@post("/{user_id:str}/tokens/{token_id:str}/revoke", status_code=200, sync_to_thread=True)
def token_revoke(user_id: FromPath[str], token_id: FromPath[str], db: DB) -> Template:
    user = _user(db, user_id)
    if accounts.revoke_token(db, user["id"], parse_id(token_id, "token"), clock.now()):
        notice = "Token revoked: requests that use it are refused from now on."
    else:
        notice = "That token was already revoked."
    return _detail(db, user, notice=notice)


# Every page here is an administrator's: the rule is stated once, for the area.
users_admin = Router(
    path="/users",
    guards=[admin_only],
    route_handlers=[
        users_page,
        user_add,
        user_page,
        user_role,
        user_password,
        user_disable,
        user_enable,
        token_create,
        token_revoke,
    ],
)
route_handlers = [users_admin]
