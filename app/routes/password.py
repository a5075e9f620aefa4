"""A person's own password: anyone signed in changes it, after giving the one they have.

Changing it ends every other session of theirs (`accounts.reset_password`),
keeps this one, and answers with a redirect to the page (post/redirect/get),
so a reload sends nothing again.
"""

from __future__ import annotations

from typing import Annotated

from litestar import Request, get, post
from litestar.enums import RequestEncodingType
from litestar.params import Body, FromQuery
from litestar.response import Redirect, Template

from app import accounts, auth
from app.web import DB, SESSION_COOKIE, current_user, page

Form = Annotated[dict[str, str], Body(media_type=RequestEncodingType.URL_ENCODED)]


@get("/account/password", sync_to_thread=False)
def password_page(changed: FromQuery[bool] = False) -> Template:
    return page("account_password.html", changed=changed, error=None)


@post("/account/password", status_code=200, sync_to_thread=True)
def password_change(request: Request, db: DB, data: Form) -> Template | Redirect:
    me = current_user(request)
    try:
        user = auth.get_user(db, me["id"])
        if not auth.verify_password(data.get("current", ""), user["password_hash"]):
            raise auth.AccountError("That is not your present password.")
        if data.get("password", "") != data.get("password_again", ""):
            raise auth.AccountError("The two new passwords are not the same.")
        accounts.reset_password(
            db, me["id"], data.get("password", ""), request.cookies.get(SESSION_COOKIE)
        )
    except auth.AccountError as exc:
        return page("account_password.html", status_code=400, changed=False, error=str(exc))
    return Redirect(path="/account/password?changed=1", status_code=303)


route_handlers = [password_page, password_change]
