"""Signing in and out, and /setup, which makes the first administrator."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Annotated

from litestar import Request, Response, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, QueryParameter
from litestar.response import Redirect, Template
from sqlite_utils import Database

from app import auth, clock, lockout
from app.config import Settings
from app.web import DB, SESSION_COOKIE, Config, bodies, page

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]
PUBLIC = {"public": True}


def safe_next(target: str | None) -> str:
    """Only a path on this site: never //elsewhere or https://elsewhere."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def _signed_in(db: Database, settings: Settings, request: Request, user: dict, to: str) -> Response:
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        auth.end_session(db, old)
    cookie = auth.create_session(db, user["id"], settings.secret_key, clock.now())
    response = Redirect(path=safe_next(to), status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        cookie,
        httponly=True,
        samesite="lax",
        max_age=int(auth.SESSION_LIFETIME.total_seconds()),
        path="/",
        secure=request.url.scheme == "https",
    )
    return response


@get("/login", opt=PUBLIC)
async def login_page(
    db: DB, next_path: Annotated[str | None, QueryParameter(name="next")] = None
) -> Template | Redirect:
    if auth.user_count(db) == 0:
        return Redirect(path="/setup")
    return page("login.html", next_path=safe_next(next_path), email="", error=None)


@post("/login", opt=PUBLIC, request_max_body_size=bodies.SIGN_IN, sync_to_thread=True)
def login(request: Request, db: DB, settings: Config, data: Form) -> Response:
    email, password = data.get("email", ""), data.get("password", "")
    target = safe_next(data.get("next"))
    address = request.client.host if request.client else None
    now = clock.now()
    until = lockout.locked_until(db, email, address, now)
    if until is None:
        user = auth.authenticate(db, email, password)
        if user is not None:
            lockout.clear_account(db, email)
            return _signed_in(db, settings, request, user, target)
        lockout.record_failure(db, email, address, now)
        until = lockout.locked_until(db, email, address, now)
        if until is None:
            return page(
                "login.html",
                status_code=400,
                next_path=target,
                email=email,
                error="That email and password do not match an active account.",
            )
    return _locked_out(target, email, until, now)


def _locked_out(target: str, email: str, until: datetime, now: datetime) -> Template:
    """429 with the time sign-in opens again, in words and in Retry-After."""
    seconds = max(1, math.ceil((until - now).total_seconds()))
    return Template(
        template_name="login.html",
        status_code=429,
        headers={"Retry-After": str(seconds)},
        context={
            "next_path": target,
            "email": email,
            "error": None,
            "locked_until": clock.iso(until),
            "wait_minutes": math.ceil(seconds / 60),
        },
    )


@post("/logout", sync_to_thread=True)
def logout(request: Request, db: DB) -> Redirect:
    cookie = request.cookies.get(SESSION_COOKIE)
    if cookie:
        auth.end_session(db, cookie)
    response = Redirect(path="/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@get("/setup", opt=PUBLIC)
async def setup_page(db: DB) -> Template | Redirect:
    if auth.user_count(db):
        return Redirect(path="/login")
    return page("setup.html", email="", name="", error=None)


@post("/setup", opt=PUBLIC, request_max_body_size=bodies.SIGN_IN, sync_to_thread=True)
def setup(request: Request, db: DB, settings: Config, data: Form) -> Response:
    email, name = data.get("email", ""), data.get("name", "")
    password = data.get("password", "")
    try:
        if password != data.get("password_again", ""):
            raise auth.AccountError("The two passwords are not the same.")
        user_id = auth.create_first_admin(db, email, password, name, clock.now())
    except auth.AccountError as exc:
        if auth.user_count(db):
            return Redirect(path="/login", status_code=303)
        return page("setup.html", status_code=400, email=email, name=name, error=str(exc))
    return _signed_in(db, settings, request, auth.get_user(db, user_id), "/")


route_handlers = [login_page, login, logout, setup_page, setup]
