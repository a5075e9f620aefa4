"""The review queue's decisions: what a person can do about each kind of item.

A decision runs in one IMMEDIATE transaction: it checks the item is still open
(of two people deciding at once, one wins and the other is told the item is
closed), does the work, writes it to the PO's history or the batch's
timeline, and closes the item. Retry, Discard and entering a PO by hand go
through the queue's own fenced functions, which close the item themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from sqlite_utils import Database

from app import batch_actions, ids, links, queue, queue_reads, review_items, sites, suppliers
from app.config import Settings
from app.db import immediate
from app.imports import outliers, people
from app.outbox import store as outbox
from app.purchase_orders import edit, matching, reviews, revisions, store
from app.purchase_orders.forms import NoNumberYet
from app.review import delivery_decisions, hooks
from app.review_items import AlreadyClosed


class DecisionError(ValueError):
    """The decision cannot be made as asked; the message says why."""


class NotAllowed(PermissionError):
    """Only an administrator can make this decision."""


# What a person can do from each kind of item (entering a PO by hand has its own page).
ACTIONS = {
    "batch.dead": ("retry", "discard"),
    "po.site_unmatched": ("pick_site", "dismiss"),
    "po.revision": ("keep", "replace", "dismiss"),
    "po.totals_mismatch": ("verify", "dismiss"),
    "low_confidence": ("verify", "dismiss"),
    "supplier.proposed": ("confirm", "create", "choose", "dismiss"),
    "link.conflict": ("keep", "replace"),
    "dn.po_unknown": ("pick_po", "dismiss"),
    "dn.short": ("close_short", "expect_rest"),
    "dn.over": ("accept_over", "dismiss"),
    "dn.unmatched_line": ("pick_line", "mark_extra", "dismiss"),
    "dn.revision": ("keep", "replace", "dismiss"),
    "employee.proposed": ("confirm", "create", "choose", "dismiss"),
    "vehicle.proposed": ("confirm", "create", "choose", "dismiss"),
    "fuel.outlier": ("confirm", "correct", "dismiss"),
    "write.failed": ("send_again", "cancel"),
}
# Discarding drops a document for good; replacing a link rewrites what a name means
# for every document after it. Any signed-in person may make every other decision.
# A write to another system is an administrator's to send again or to give up on.
ADMIN_ONLY = {
    ("batch.dead", "discard"),
    ("link.conflict", "replace"),
    ("write.failed", "send_again"),
    ("write.failed", "cancel"),
}


def may(user: dict, kind: str, action: str) -> bool:
    return (kind, action) not in ADMIN_ONLY or user["role"] == "admin"


def open_item(db: Database, item_id: str) -> dict:
    item = review_items.get_item(db, item_id)
    if item is None:
        raise LookupError("There is no review item with that id.")
    if item["state"] != "open":
        raise AlreadyClosed(item)
    return item


def _check(user: dict, item: dict, action: str) -> None:
    if action not in ACTIONS[item["kind"]]:
        raise DecisionError(f"'{action}' is not a decision for this kind of item.")
    if not may(user, item["kind"], action):
        raise NotAllowed("Only an administrator can make this decision.")


def decide(
    db: Database,
    settings: Settings,
    item_id: str,
    action: str,
    form: dict,
    user: dict,
    now: datetime,
) -> dict:
    """Make one decision about an open item; returns the item as it is afterwards."""
    with immediate(db):
        item = open_item(db, item_id)
        _check(user, item, action)
        decision = _DECISIONS.get((item["kind"], action))
        if action == "dismiss":
            decision = _dismiss
        if decision is None:
            raise DecisionError("Retry and Discard have their own buttons.")
        decision(Decision(db, settings, item, form, user["id"], now))
    return review_items.get_item(db, item_id)


@dataclass
class Decision:
    """One decision in the making: the item, what the person sent, who and when."""

    db: Database
    settings: Settings
    item: dict
    form: dict
    actor: str
    now: datetime

    @property
    def evidence(self) -> dict:
        return self.item["evidence"]

    @property
    def note(self) -> str:
        return (self.form.get("note") or "").strip()[:2000]

    def close(self, resolution: str, text: str, state: str = "resolved") -> None:
        """Close the item and write what was decided, and the person's note, to the history."""
        said = f"{text} ({self.note})" if self.note else text
        hooks.close(self.db, self.item, resolution, said, self.actor, self.now, state)


def _dismiss(d: Decision) -> None:
    if d.item["kind"].endswith(".proposed") and (d.evidence.get("proposal") or {}).get("link_id"):
        links.supersede(d.db, d.evidence["proposal"]["link_id"], d.now)
    d.close("dismissed", "dismissed", state="dismissed")


# --- batch.dead ------------------------------------------------------------------


def dead_batch_item(db: Database, item_id: str, user: dict, action: str) -> dict:
    """The open batch.dead item a Retry or Discard is about, once the person may act on it."""
    item = open_item(db, item_id)
    _check(user, item, action)
    return item


def retry(db: Database, item_id: str, user: dict, now: datetime) -> dict:
    """Retry the dead batch (the batch's own rules); the queue closes the item as it does."""
    item = dead_batch_item(db, item_id, user, "retry")
    batch_actions.retry(db, user, queue_reads.get_batch(db, item["record_id"]), now)
    return review_items.get_item(db, item_id)


def discard(db: Database, item_id: str, user: dict, now: datetime) -> dict:
    """Discard the dead batch; queue.discard_batch closes the item in its transaction."""
    item = dead_batch_item(db, item_id, user, "discard")
    if not queue.discard_batch(db, item["record_id"], now, user["id"]):
        explain_batch_moved(db, item)
    return review_items.get_item(db, item_id)


def explain_batch_moved(db: Database, item: dict) -> None:
    latest = review_items.get_item(db, item["id"])
    if latest["state"] != "open":
        raise AlreadyClosed(latest)
    batch = queue_reads.get_batch(db, item["record_id"])
    raise DecisionError(f"This batch is {batch['status']} now; reload the queue.")


# --- po.site_unmatched -----------------------------------------------------------


def _pick_site(d: Decision) -> None:
    site_id = (d.form.get("site_id") or "").strip()
    site = sites.get_site(d.db, site_id) if ids.is_valid(site_id) else None
    if site is None or not site["active"]:
        raise DecisionError("Choose one of the sites in the list.")
    po = store.get_po(d.db, d.item["record_id"])
    code = po["project_code"]
    if sites.code_key(code):
        try:
            sites.add_alias(d.db, site["id"], code, d.actor, d.now)
        except sites.SiteError as exc:
            raise DecisionError(str(exc)) from None
        text = f"{code} is now an alias of site {site['code']}"
    else:
        text = f"site {site['code']} chosen by hand: the document has no project code"
    if not matching.set_site(d.db, po["id"], site, d.actor, d.now, text):
        text += " (the PO already had a site)"
    d.close("site_picked", text)
    hooks.resolve_site_matches(d.db, d.now, d.actor)


# --- po.revision -----------------------------------------------------------------


def _keep_po(d: Decision) -> None:
    d.close(
        "kept_existing",
        f"kept the PO as it was; the version in batch {d.evidence['batch_id']} was not used",
    )


def _replace_po(d: Decision) -> None:
    batch = queue_reads.get_batch(d.db, d.evidence["batch_id"])
    if batch is None or batch["status"] != "processed":
        raise DecisionError("The revised document's batch is no longer processed; reload.")
    po_id = d.item["record_id"]
    version = revisions.replace_with_revision(
        d.db, po_id, d.evidence["revision"], batch, d.actor, d.now
    )
    d.close(
        "replaced",
        f"replaced with the version in batch {batch['id']}; the earlier one is kept as"
        f" version {version}",
    )
    hooks.check_po_again(d.db, po_id, d.settings, d.actor, d.now)


# --- po.totals_mismatch and low_confidence --------------------------------------------


def _verify(d: Decision) -> None:
    """Mark the PO verified from the item, as its page does; a PO verified before still
    settles the item."""
    po_id = d.item["record_id"]
    try:
        edit.verify_po(d.db, po_id, d.actor, d.now, note=d.note)
    except NoNumberYet as exc:
        raise DecisionError(str(exc)) from None
    reviews.on_po_verified(d.db, po_id, d.actor, d.now)


# --- supplier.proposed -----------------------------------------------------------


def _supplier_decided(d: Decision, supplier: dict, result: links.LinkResult, resolution: str):
    """The POs waiting on this name get the supplier the person chose, whatever the map says."""
    name = d.evidence["name"]
    text = f"{name} is supplier {supplier['name']}"
    for po in d.evidence["pos"]:
        if store.get_po(d.db, po["id"]):
            matching.set_supplier(d.db, po["id"], supplier, d.actor, d.now, text)
    if result.outcome == "conflict":
        text += "; the link collides with an existing one, see the link conflict item"
    else:
        matching.give_supplier_to_name(d.db, d.evidence["key"], supplier, d.actor, d.now, text)
    d.close(resolution, text)


def _confirm_supplier(d: Decision) -> None:
    proposal = d.evidence.get("proposal")
    if not proposal:
        raise DecisionError("Nothing was proposed for this name; create or choose a supplier.")
    result = links.confirm(d.db, proposal["link_id"], d.actor, d.now, {"pos": d.evidence["pos"]})
    if result.outcome == "decided":
        if _settled_elsewhere(d):
            return
        raise DecisionError("This proposal was already decided; reload the queue.")
    _supplier_decided(d, suppliers.get_supplier(d.db, result.record_id), result, "confirmed")


def _settled_elsewhere(d: Decision) -> bool:
    current = links.active_link(d.db, links.SUPPLIER_NAMES, d.evidence["key"])
    if current is None:
        return False
    supplier = suppliers.get_supplier(d.db, current["record_id"])
    text = f"{d.evidence['name']} was linked to supplier {supplier['name']} meanwhile"
    matching.give_supplier_to_name(d.db, d.evidence["key"], supplier, d.actor, d.now, text)
    d.close("linked_elsewhere", text)
    return True


def _create_supplier(d: Decision) -> None:
    if _settled_elsewhere(d):
        return
    name = (d.form.get("name") or d.evidence["name"]).strip()
    try:
        supplier = suppliers.create_supplier(d.db, name, d.actor, d.now)
    except links.LinkError as exc:
        raise DecisionError(f"{exc} Choose it from the list instead.") from None
    result = _link_supplier(d, supplier, "created_by_intake")
    _supplier_decided(d, supplier, result, "supplier_created")


def _choose_supplier(d: Decision) -> None:
    supplier_id = (d.form.get("supplier_id") or "").strip()
    supplier = suppliers.get_supplier(d.db, supplier_id) if ids.is_valid(supplier_id) else None
    if supplier is None:
        raise DecisionError("Choose one of the suppliers in the list.")
    result = _link_supplier(d, supplier, "person")
    _supplier_decided(d, supplier, result, "supplier_chosen")


def _link_supplier(d: Decision, supplier: dict, how: str) -> links.LinkResult:
    result = links.link(
        d.db,
        system=links.SUPPLIER_NAMES,
        key=d.evidence["key"],
        value=d.evidence["name"],
        record_type=links.SUPPLIER,
        record_id=supplier["id"],
        how=how,
        now=d.now,
        actor=d.actor,
        context={"pos": d.evidence["pos"]},
    )
    proposal = d.evidence.get("proposal")
    if proposal and result.outcome in ("linked", "existing"):
        links.supersede(d.db, proposal["link_id"], d.now, by_link=result.link_id)
    return result


# --- link.conflict ---------------------------------------------------------------


def _keep_link(d: Decision) -> None:
    new = d.evidence["new"]
    if new.get("link_id"):
        kept = d.evidence["existing"][0]["link_id"]
        links.supersede(d.db, new["link_id"], d.now, by_link=kept)
    d.close("kept_existing", f"kept the existing link; {new['value']} was not linked")


def _replace_link(d: Decision) -> None:
    new = d.evidence["new"]
    result = links.replace(d.db, new, d.actor, d.now)
    if result.outcome == "decided":
        raise DecisionError("The proposed link was decided meanwhile; reload the queue.")
    text = f"{new['value']} now means {new['record_name']}; the links it collided with are retired"
    if new["record_type"] == links.SUPPLIER:
        supplier = suppliers.get_supplier(d.db, new["record_id"])
        matching.give_supplier_to_name(d.db, new["key"], supplier, d.actor, d.now, text)
    d.close("replaced", text)


# --- employee.proposed, vehicle.proposed, fuel.outlier: imported timesheets and fuel logs ---


def _imported(d: Decision, decide_it: Callable, action: str) -> None:
    """The imports do the work (`app/imports`); their refusals are the queue's."""
    try:
        resolution, text = decide_it(d.db, d.item, action, d.form, d.actor, d.now)
    except (links.LinkError, outliers.Refused) as exc:
        raise DecisionError(str(exc)) from None
    d.close(resolution, text)


# --- write.failed: a write to another system that will not go by itself -------------


def _send_write_again(d: Decision) -> None:
    d.close("sent_again", "sent again; it is looked up in the other system first")
    _move_write(d, outbox.send_again)


def _cancel_write(d: Decision) -> None:
    d.close("cancelled", "cancelled: it will not be sent")
    _move_write(d, outbox.cancel)


def _move_write(d: Decision, move: Callable) -> None:
    try:
        move(d.db, d.item["record_id"], d.actor, d.now)
    except outbox.InvalidMove as exc:
        raise DecisionError(f"This write cannot be changed so now ({exc}); reload.") from None


_DECISIONS: dict[tuple[str, str], Callable[[Decision], None]] = {
    **{
        (kind, action): partial(_imported, decide_it=people.decide, action=action)
        for kind in people.BY_REVIEW_KIND
        for action in ("confirm", "create", "choose")
    },
    **{
        (outliers.KIND, action): partial(_imported, decide_it=outliers.decide, action=action)
        for action in ("confirm", "correct")
    },
    ("po.site_unmatched", "pick_site"): _pick_site,
    ("po.revision", "keep"): _keep_po,
    ("po.revision", "replace"): _replace_po,
    ("po.totals_mismatch", "verify"): _verify,
    ("low_confidence", "verify"): _verify,
    ("supplier.proposed", "confirm"): _confirm_supplier,
    ("supplier.proposed", "create"): _create_supplier,
    ("supplier.proposed", "choose"): _choose_supplier,
    ("link.conflict", "keep"): _keep_link,
    ("link.conflict", "replace"): _replace_link,
    ("write.failed", "send_again"): _send_write_again,
    ("write.failed", "cancel"): _cancel_write,
    **delivery_decisions.DECISIONS,
}
