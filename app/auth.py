"""Users, passwords, sessions and API tokens.

Passwords are hashed with the standard library's scrypt. Session and API
tokens are random; only their SHA-256 is stored, so a copy of the database
lets nobody in. The session cookie also carries an HMAC under the secret key,
so a forged cookie is refused before the database is asked.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
import secrets
from datetime import datetime, timedelta

from sqlite_utils import Database

from app import clock
from app.db import immediate, one, rows
from app.ids import new_id

ROLES = ("admin", "staff")
MIN_PASSWORD_LENGTH = 10
# Long enough to be a passphrase; a longer "password" is a paste gone wrong (or a probe).
MAX_PASSWORD_LENGTH = 200
# Passwords of ten or more characters high on every list of leaked passwords, compared
# in lower case: the ones a guesser tries before any other.
COMMON_PASSWORDS = frozenset(
    {
        "0123456789",
        "0987654321",
        "1234567890",
        "12345678910",
        "123456789a",
        "1234567890a",
        "1q2w3e4r5t",
        "1qaz2wsx3edc",
        "a123456789",
        "abcdefghij",
        "administrator",
        "iloveyou12",
        "letmein123",
        "password01",
        "password1!",
        "password12",
        "password123",
        "password1234",
        "qwerty1234",
        "qwerty12345",
        "qwerty123456",
        "qwertyuiop",
        "qwertyuiop1",
        "welcome123",
        "changeme123",
        "p@ssw0rd123",
    }
)
SESSION_LIFETIME = timedelta(days=14)
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


class AccountError(ValueError):
    """An account cannot be created or changed as asked; the message says why."""


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, dklen=32, **_SCRYPT)
    return f"scrypt${_SCRYPT['n']}${_SCRYPT['r']}${_SCRYPT['p']}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        salt_bytes = base64.urlsafe_b64decode(salt + "==")
        expected = base64.urlsafe_b64decode(digest + "==")
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    actual = hashlib.scrypt(
        password.encode(), salt=salt_bytes, n=int(n), r=int(r), p=int(p), dklen=len(expected)
    )
    return hmac.compare_digest(actual, expected)


@functools.cache
def _dummy_hash() -> str:
    """A real hash to check against when the email is unknown, so timing does not tell.

    Made on first use, not at import: every process that imports this module
    (each extraction child among them) would otherwise pay for an scrypt.
    """
    return hash_password(secrets.token_urlsafe(16))


def normalise_email(email: str) -> str:
    return (email or "").strip().lower()


def check_password_rules(password: str) -> None:
    """At least 10 characters and at most 200, not one character over and over, and none
    of the passwords every guesser tries first."""
    password = password or ""
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError(f"A password needs at least {MIN_PASSWORD_LENGTH} characters.")
    if len(password) > MAX_PASSWORD_LENGTH:
        raise AccountError(f"A password has at most {MAX_PASSWORD_LENGTH} characters.")
    if len(set(password)) == 1:
        raise AccountError("A password cannot be one character over and over; choose another.")
    if " ".join(password.lower().split()) in COMMON_PASSWORDS:
        raise AccountError("That password is one of the first that anyone guesses; choose another.")


def create_user(
    db: Database,
    email: str,
    role: str,
    password: str,
    now: datetime,
    name: str = "",
    only_if_first: bool = False,
) -> str:
    email = normalise_email(email)
    if not _EMAIL.fullmatch(email):
        raise AccountError(f"{email!r} is not an email address.")
    if role not in ROLES:
        raise AccountError(f"The role must be admin or staff, not {role!r}.")
    check_password_rules(password)
    user_id = new_id()
    with immediate(db):
        # Checked under the write lock: two set-up forms posted at once make one admin.
        if only_if_first and one(db, "SELECT 1 AS taken FROM users LIMIT 1"):
            raise AccountError("Intake is already set up; sign in instead.")
        if one(db, "SELECT id FROM users WHERE email = :e", {"e": email}):
            raise AccountError(f"There is already a user with the email {email}.")
        db.conn.execute(
            "INSERT INTO users (id, email, name, role, password_hash, active, created_at)"
            " VALUES (:id, :email, :name, :role, :hash, 1, :now)",
            {
                "id": user_id,
                "email": email,
                "name": (name or "").strip(),
                "role": role,
                "hash": hash_password(password),
                "now": clock.iso(now),
            },
        )
    return user_id


def store_role(db: Database, user_id: str, role: str) -> None:
    db.conn.execute("UPDATE users SET role = :role WHERE id = :id", {"id": user_id, "role": role})


def store_active(db: Database, user_id: str, active: bool) -> None:
    db.conn.execute(
        "UPDATE users SET active = :active WHERE id = :id", {"id": user_id, "active": int(active)}
    )


def store_password(db: Database, user_id: str, password: str) -> None:
    """A new password, checked against the rules, stored as its hash."""
    check_password_rules(password)
    db.conn.execute(
        "UPDATE users SET password_hash = :hash WHERE id = :id",
        {"id": user_id, "hash": hash_password(password)},
    )


def create_first_admin(db: Database, email: str, password: str, name: str, now: datetime) -> str:
    """The /setup page: only while nobody has an account."""
    return create_user(db, email, "admin", password, now, name=name, only_if_first=True)


def user_count(db: Database) -> int:
    return one(db, "SELECT count(*) AS n FROM users")["n"]


def get_user(db: Database, user_id: str) -> dict | None:
    return one(db, "SELECT * FROM users WHERE id = :id", {"id": user_id})


def get_user_by_email(db: Database, email: str) -> dict | None:
    return one(db, "SELECT * FROM users WHERE email = :e", {"e": normalise_email(email)})


def authenticate(db: Database, email: str, password: str) -> dict | None:
    user = get_user_by_email(db, email)
    if user is None or not user["active"]:
        verify_password(password or "", _dummy_hash())
        return None
    return user if verify_password(password or "", user["password_hash"]) else None


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --- sessions ----------------------------------------------------------------


def _sign(token: str, secret_key: str) -> str:
    return _b64(hmac.new(secret_key.encode(), token.encode(), hashlib.sha256).digest())[:32]


def create_session(db: Database, user_id: str, secret_key: str, now: datetime) -> str:
    """A new session; returns the cookie value."""
    token = secrets.token_urlsafe(32)
    db.conn.execute(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at)"
        " VALUES (:h, :user, :now, :expires)",
        {
            "h": _token_hash(token),
            "user": user_id,
            "now": clock.iso(now),
            "expires": clock.iso(now + SESSION_LIFETIME),
        },
    )
    return f"{token}.{_sign(token, secret_key)}"


def session_user(db: Database, cookie: str, secret_key: str, now: datetime) -> dict | None:
    token, _, signature = (cookie or "").partition(".")
    if not token or not hmac.compare_digest(signature, _sign(token, secret_key)):
        return None
    return one(
        db,
        "SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id"
        " WHERE s.token_hash = :h AND s.expires_at > :now AND u.active = 1",
        {"h": _token_hash(token), "now": clock.iso(now)},
    )


def end_session(db: Database, cookie: str) -> None:
    token = (cookie or "").partition(".")[0]
    db.conn.execute("DELETE FROM sessions WHERE token_hash = :h", {"h": _token_hash(token)})


def end_sessions(db: Database, user_id: str, keep_cookie: str | None = None) -> None:
    """End every session of a user, except the one whose cookie is `keep_cookie`."""
    keep = _token_hash(keep_cookie.partition(".")[0]) if keep_cookie else None
    db.conn.execute(
        "DELETE FROM sessions WHERE user_id = :id AND token_hash != ifnull(:keep, '')",
        {"id": user_id, "keep": keep},
    )


# --- API tokens --------------------------------------------------------------

TOKEN_PREFIX = "itk_"  # noqa: S105 - a visible prefix, not a secret


def create_api_token(db: Database, user_id: str, now: datetime, name: str = "") -> str:
    """A new API token; the only time the plain token exists is this return value."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    db.conn.execute(
        "INSERT INTO api_tokens (id, user_id, name, token_hash, prefix, created_at)"
        " VALUES (:id, :user, :name, :h, :prefix, :now)",
        {
            "id": new_id(),
            "user": user_id,
            "name": name,
            "h": _token_hash(token),
            "prefix": token[: len(TOKEN_PREFIX) + 6],
            "now": clock.iso(now),
        },
    )
    return token


def token_user(db: Database, token: str, now: datetime) -> dict | None:
    found = one(
        db,
        "SELECT u.*, t.id AS token_id, t.last_used_at AS token_used_at"
        " FROM api_tokens t JOIN users u ON u.id = t.user_id"
        " WHERE t.token_hash = :h AND t.revoked_at IS NULL AND u.active = 1",
        {"h": _token_hash(token or "")},
    )
    if found is None:
        return None
    token_id, used_at = found.pop("token_id"), found.pop("token_used_at")
    # At most one write a minute per token, so a polling client does not queue writers.
    if used_at is None or used_at < clock.iso(now - timedelta(minutes=1)):
        db.conn.execute(
            "UPDATE api_tokens SET last_used_at = :now WHERE id = :id",
            {"id": token_id, "now": clock.iso(now)},
        )
    return found


def revoke_api_token(db: Database, token_id: str, now: datetime) -> bool:
    cursor = db.conn.execute(
        "UPDATE api_tokens SET revoked_at = :now WHERE id = :id AND revoked_at IS NULL",
        {"id": token_id, "now": clock.iso(now)},
    )
    return cursor.rowcount == 1


def revoke_user_tokens(db: Database, user_id: str, now: datetime) -> int:
    """Revoke every token of a user that is not revoked yet; how many there were."""
    cursor = db.conn.execute(
        "UPDATE api_tokens SET revoked_at = :now WHERE user_id = :user AND revoked_at IS NULL",
        {"user": user_id, "now": clock.iso(now)},
    )
    return cursor.rowcount


def list_api_tokens(db: Database, user_id: str) -> list[dict]:
    return rows(
        db,
        "SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_tokens"
        " WHERE user_id = :u ORDER BY created_at DESC",
        {"u": user_id},
    )
