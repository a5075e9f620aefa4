"""Managing accounts: roles, passwords, disabling, tokens, and never losing the last admin."""

from __future__ import annotations

import pytest

from app import accounts, auth, clock
from app.auth import AccountError
from tests.conftest import PASSWORD, make_user


def test_the_last_admin_cannot_demote_or_disable_themselves(db, admin):
    with pytest.raises(AccountError, match="You are the last administrator"):
        accounts.set_role(db, admin["id"], "staff", admin["id"])
    with pytest.raises(AccountError, match="You are the last administrator, so you cannot disable"):
        accounts.set_active(db, admin["id"], False, admin["id"], clock.now())
    assert auth.get_user(db, admin["id"])["role"] == "admin"


def test_with_another_admin_an_admin_may_step_down(db, admin):
    other = make_user(db, "other@example.com", "admin")
    assert accounts.set_role(db, admin["id"], "staff", admin["id"]) is True
    # now `other` is the last one, and nobody can take that away
    with pytest.raises(AccountError, match="other@example.com is the last administrator"):
        accounts.set_active(db, other["id"], False, admin["id"], clock.now())


def test_a_disabled_user_is_signed_out_and_their_tokens_stay_revoked(db, admin, staff):
    cookie = auth.create_session(db, staff["id"], "key", clock.now())
    token = auth.create_api_token(db, staff["id"], clock.now())
    assert accounts.set_active(db, staff["id"], False, admin["id"], clock.now()) is True
    assert auth.session_user(db, cookie, "key", clock.now()) is None
    assert auth.token_user(db, token, clock.now()) is None
    assert accounts.set_active(db, staff["id"], False, admin["id"], clock.now()) is False
    accounts.set_active(db, staff["id"], True, admin["id"], clock.now())
    assert auth.token_user(db, token, clock.now()) is None  # enabling makes no old token live
    assert auth.list_api_tokens(db, staff["id"])[0]["revoked_at"] is not None
    assert auth.authenticate(db, staff["email"], PASSWORD)["id"] == staff["id"]


def test_a_password_reset_ends_the_other_sessions_and_keeps_tokens(db, admin):
    mine = auth.create_session(db, admin["id"], "key", clock.now())
    elsewhere = auth.create_session(db, admin["id"], "key", clock.now())
    token = auth.create_api_token(db, admin["id"], clock.now(), name="n8n")
    accounts.reset_password(db, admin["id"], "a brand new password", keep_cookie=mine)
    assert auth.session_user(db, mine, "key", clock.now())["id"] == admin["id"]
    assert auth.session_user(db, elsewhere, "key", clock.now()) is None
    assert auth.token_user(db, token, clock.now())["id"] == admin["id"]
    assert auth.authenticate(db, admin["email"], "a brand new password")
    with pytest.raises(AccountError, match="at least 10 characters"):
        accounts.reset_password(db, admin["id"], "short", None)


def test_a_token_is_revoked_only_by_its_own_user_page(db, admin, staff):
    token = auth.create_api_token(db, staff["id"], clock.now(), name="scanner")
    token_id = auth.list_api_tokens(db, staff["id"])[0]["id"]
    assert accounts.revoke_token(db, admin["id"], token_id, clock.now()) is False
    assert accounts.revoke_token(db, staff["id"], token_id, clock.now()) is True
    assert accounts.revoke_token(db, staff["id"], token_id, clock.now()) is False
    assert auth.token_user(db, token, clock.now()) is None
