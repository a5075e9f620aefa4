"""Managing accounts from /users: add, change role, reset a password, disable, API tokens.

One rule stands over all of it: Intake never ends up without an active
administrator, so nobody can lock the office out of its own settings. The
check and the change happen in one IMMEDIATE transaction, so two admins
demoting each other at the same moment cannot both succeed.

What ends what: disabling an account ends its sessions and revokes its API
tokens for good (enabling it again lets the person sign in; tokens are made
anew, so a copy of an old one that went astray meanwhile opens nothing). A
password reset ends the sessions signed in with the old password and leaves
API tokens alone: they are not derived from the password, and the
integrations that use them keep running; the user page lists them to revoke.
"""

from __future__ import annotations

from datetime import datetime

from sqlite_utils import Database

from app import auth
from app.db import immediate, one, rows


def list_users(db: Database) -> list[dict]:
    return rows(
        db,
        "SELECT u.id, u.email, u.name, u.role, u.active, u.created_at,"
        " (SELECT count(*) FROM api_tokens t"
        "  WHERE t.user_id = u.id AND t.revoked_at IS NULL) AS active_tokens"
        " FROM users u ORDER BY u.active DESC, u.role, u.email",
    )


def add_user(db: Database, email: str, name: str, role: str, password: str, now: datetime) -> str:
    return auth.create_user(db, email, role, password, now, name=name)


def _last_admin_guard(db: Database, user: dict, actor_id: str, doing: str) -> None:
    if user["role"] != "admin" or not user["active"]:
        return
    admins = one(db, "SELECT count(*) AS n FROM users WHERE role = 'admin' AND active = 1")["n"]
    if admins <= 1:
        who = "You are" if user["id"] == actor_id else f"{user['email']} is"
        raise auth.AccountError(
            f"{who} the last administrator, so you cannot {doing}."
            " Make someone else an administrator first."
        )


def _user(db: Database, user_id: str) -> dict:
    user = auth.get_user(db, user_id)
    if user is None:
        raise auth.AccountError("That user no longer exists.")
    return user


def set_role(db: Database, user_id: str, role: str, actor_id: str) -> bool:
    """Change a user's role; False when it already was that role."""
    if role not in auth.ROLES:
        raise auth.AccountError(f"The role must be admin or staff, not {role!r}.")
    with immediate(db):
        user = _user(db, user_id)
        if user["role"] == role:
            return False
        if role != "admin":
            doing = "remove your own admin role" if user_id == actor_id else "make them staff"
            _last_admin_guard(db, user, actor_id, doing)
        auth.store_role(db, user_id, role)
    return True


def set_active(db: Database, user_id: str, active: bool, actor_id: str, now: datetime) -> bool:
    """Disable (or enable again) an account. A disabled user's sessions end at once and
    their API tokens are revoked, to stay revoked if the account is enabled again."""
    with immediate(db):
        user = _user(db, user_id)
        if bool(user["active"]) == active:
            return False
        if not active:
            doing = "disable yourself" if user_id == actor_id else "disable them"
            _last_admin_guard(db, user, actor_id, doing)
            auth.end_sessions(db, user_id)
            auth.revoke_user_tokens(db, user_id, now)
        auth.store_active(db, user_id, active)
    return True


def reset_password(db: Database, user_id: str, password: str, keep_cookie: str | None) -> None:
    """Set a new password; every session of the user ends, their API tokens stay.

    `keep_cookie` is the session cookie of an admin resetting their own
    password: that one session stays, so they are not signed out where they are.
    """
    auth.check_password_rules(password)
    with immediate(db):
        _user(db, user_id)
        auth.store_password(db, user_id, password)
        auth.end_sessions(db, user_id, keep_cookie)


def revoke_token(db: Database, user_id: str, token_id: str, now: datetime) -> bool:
    """Revoke one of this user's tokens; False when it is not theirs or already revoked."""
    token = one(
        db,
        "SELECT id FROM api_tokens WHERE id = :id AND user_id = :user",
        {"id": token_id, "user": user_id},
    )
    return token is not None and auth.revoke_api_token(db, token_id, now)
