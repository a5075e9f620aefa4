"""Sites: codes and aliases never match two sites; a CSV import is previewed, then applied."""

from __future__ import annotations

import pytest

from app import clock, site_import, sites
from app.sites import SiteError


@pytest.fixture
def cape(db):
    return sites.add_site(db, "CP09", "Cape Point", clock.now())


def aliases(db, site_id):
    return [a["alias"] for a in sites.aliases_of(db, site_id)]


def test_an_alias_makes_documents_match(db, cape, admin):
    sites.add_alias(db, cape, "  CP  9X ", admin["id"], clock.now())
    assert aliases(db, cape) == ["CP 9X"]
    assert sites.match_site(db, "cp-9x")["id"] == cape
    assert sites.aliases_of(db, cape)[0]["created_by"] == admin["id"]


def test_an_alias_given_again_or_the_sites_own_code_adds_nothing(db, cape, admin):
    first = sites.add_alias(db, cape, "CP9X", admin["id"], clock.now())
    assert sites.add_alias(db, cape, "cp-9x", admin["id"], clock.now()) == first
    assert sites.add_alias(db, cape, "cp-09", admin["id"], clock.now()) is None
    assert aliases(db, cape) == ["CP9X"]


@pytest.mark.parametrize(
    ("alias", "message"),
    [
        ("KL01", "A site with code KL01 already exists."),
        ("- -", "An alias needs at least one letter or digit."),
        ("X" * 65, "An alias has at most 64 characters."),
    ],
)
def test_an_alias_that_would_be_ambiguous_is_refused(db, cape, admin, alias, message):
    sites.add_site(db, "KL01", "Kloof", clock.now())
    sites.add_alias(db, cape, "CP9X", admin["id"], clock.now())
    with pytest.raises(SiteError) as caught:
        sites.add_alias(db, cape, alias, admin["id"], clock.now())
    assert str(caught.value) == message


def test_a_site_code_cannot_take_another_sites_alias(db, cape, admin):
    sites.add_alias(db, cape, "CP9X", admin["id"], clock.now())
    with pytest.raises(SiteError, match="CP-9X is already an alias of site CP09"):
        sites.add_site(db, "CP-9X", "Somewhere else", clock.now())
    kloof = sites.add_site(db, "KL01", "Kloof", clock.now())
    with pytest.raises(SiteError, match="already an alias of site CP09"):
        sites.update_site(db, kloof, "cp9x", "Kloof")


def test_an_inactive_site_matches_nothing(db, cape):
    sites.set_site_active(db, cape, False)
    assert sites.match_site(db, "CP09") is None
    sites.set_site_active(db, cape, True)
    assert sites.match_site(db, "CP09")["id"] == cape


def test_the_import_preview_says_what_will_change(db, cape, admin):
    sites.add_site(db, "KL01", "Kloof", clock.now())
    text = (
        "code,name,aliases\n"
        "CP09,Cape Point,CP-9X; CP 9 X\n"  # two spellings of one new alias
        "KL01,Kloof Road,\n"
        "NW02,New Site,N W 2\n"
        "NW02,Again,\n"
        ",No code,\n"
        "ZZ01,Zulu,cp9x; NW02\n"
    )
    plan = site_import.plan_import(db, text)
    assert plan.add == [{"code": "NW02", "name": "New Site"}, {"code": "ZZ01", "name": "Zulu"}]
    assert [(r["code"], r["old"], r["new"]) for r in plan.rename] == [
        ("KL01", "Kloof", "Kloof Road")
    ]
    assert plan.new_aliases == [
        {"code": "CP09", "alias": "CP-9X"},
        {"code": "NW02", "alias": "N W 2"},
    ]
    assert plan.problems == [
        "Line 6 needs both a code and a name.",
        "Line 5 repeats the code NW02 of line 4.",
        "Line 7: cp9x is also given as an alias of another site in this file.",
        "Line 7: NW02 is the code of another site.",
    ]
    with pytest.raises(SiteError, match="Fix the problems in the CSV first"):
        site_import.apply_import(db, text, plan.fingerprint(), admin["id"], clock.now())
    assert [s["code"] for s in sites.list_sites(db)] == ["CP09", "KL01"]  # nothing applied


def test_the_previewed_plan_is_the_one_applied(db, cape, admin):
    text = "code,name,aliases\nCP09,Cape Point,CP-9X\nNW02,New Site,\n"
    shown = site_import.plan_import(db, text)
    sites.add_site(db, "NW02", "Someone was quicker", clock.now())
    with pytest.raises(SiteError, match="changed since the preview"):
        site_import.apply_import(db, text, shown.fingerprint(), admin["id"], clock.now())
    fresh = site_import.plan_import(db, text)
    applied = site_import.apply_import(db, text, fresh.fingerprint(), admin["id"], clock.now())
    assert (len(applied.add), len(applied.rename), len(applied.new_aliases)) == (0, 1, 1)
    assert sites.match_site(db, "cp9x")["id"] == cape
    assert site_import.plan_import(db, text).changes == 0  # a second import changes nothing


def test_an_import_without_the_columns_is_refused(db):
    with pytest.raises(SiteError, match="columns code and name"):
        site_import.plan_import(db, "site;title\nCP09;Cape\n")


def test_two_spellings_of_one_alias_are_added_once(db, cape, admin):
    text = "code,name,aliases\nCP09,Cape Point,CP-9X; cp 9x\n"
    plan = site_import.plan_import(db, text)
    site_import.apply_import(db, text, plan.fingerprint(), admin["id"], clock.now())
    assert aliases(db, cape) == ["CP-9X"]
