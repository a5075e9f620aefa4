"""The review queue's decisions: what a person can do about each kind of item,
and the hooks other pages call when they settle a question elsewhere.

A decision runs in one IMMEDIATE transaction: it checks the item is still open
(of two people deciding at once, one wins and the other is told the item is
closed), does the work, writes it to the PO's history or the batch's
timeline, and closes the item. Retry, Discard and entering a PO by hand go
through the queue's own fenced functions, which close the item themselves.
The hooks (`on_po_verified`, `on_po_totals_changed`, `resolve_site_matches`,
`resolve_supplier_matches`) join the caller's transaction when there is one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from sqlite_utils import Database

from app import (
    clock,
    ids,
    links,
    numbers,
    purchasing,
    queue,
    review_items,
    revisions,
    sites,
    storage,
)
from app.config import Settings
from app.db import immediate, joined, rows
from app.review_items import KINDS, AlreadyClosed


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
}
# Discarding drops a document for good; replacing a link rewrites what a name means
# for every document after it. Any signed-in person may make every other decision.
ADMIN_ONLY = {("batch.dead", "discard"), ("link.conflict", "replace")}


def may(user: dict, kind: str, action: str) -> bool:
    return (kind, action) not in ADMIN_ONLY or user["role"] == "admin"


def _open(db: Database, item_id: str) -> dict:
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
        item = _open(db, item_id)
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
        _close(self.db, self.item, resolution, said, self.actor, self.now, state)


def _close(
    db: Database,
    item: dict,
    resolution: str,
    text: str,
    actor: str | None,
    now: datetime,
    state: str = "resolved",
) -> None:
    """Close the item with what was decided, and write that to the history it concerns."""
    review_items.close_item(
        db, item["id"], resolution=resolution, actor=actor, now=now, note=text, state=state
    )
    _history(db, item, text, actor, now)


def _history(db: Database, item: dict, text: str, actor: str | None, now: datetime) -> None:
    """A resolution in the history of the PO it is about, or of the POs waiting on it.

    (A dead batch's decisions are events on its timeline, written by the queue.)
    """
    line = f"{KINDS[item['kind']]}: {text}"
    if item["entity"] == "purchase_order":
        pos = [item["record_id"]]
    else:
        evidence = item["evidence"]
        pos = [po["id"] for po in evidence.get("pos") or evidence.get("context", {}).get("pos", [])]
    for po_id in pos:
        if purchasing.get_po(db, po_id):
            purchasing.record_history(
                db, po_id, f"review:{item['kind']}", now, actor=actor, note=line
            )


def _dismiss(d: Decision) -> None:
    if d.item["kind"] == "supplier.proposed" and d.evidence.get("proposal"):
        links.supersede(d.db, d.evidence["proposal"]["link_id"], d.now)
    d.close("dismissed", "dismissed", state="dismissed")


# --- batch.dead ------------------------------------------------------------------


def dead_batch_item(db: Database, item_id: str, user: dict, action: str) -> dict:
    """The open batch.dead item a Retry or Discard is about, once the person may act on it."""
    item = _open(db, item_id)
    _check(user, item, action)
    return item


def discard(db: Database, item_id: str, user: dict, now: datetime) -> dict:
    """Discard the dead batch; queue.discard_batch closes the item in its transaction."""
    item = dead_batch_item(db, item_id, user, "discard")
    if not queue.discard_batch(db, item["record_id"], now, user["id"]):
        _explain_batch_moved(db, item)
    return review_items.get_item(db, item_id)


def _explain_batch_moved(db: Database, item: dict) -> None:
    latest = review_items.get_item(db, item["id"])
    if latest["state"] != "open":
        raise AlreadyClosed(latest)
    batch = queue.get_batch(db, item["record_id"])
    raise DecisionError(f"This batch is {batch['status']} now; reload the queue.")


ENTRY_FIELDS = (
    "po_number",
    "po_date",
    "supplier_name",
    "project_code",
    "currency",
    "subtotal",
    "tax",
    "total",
)
ENTRY_ITEM_FIELDS = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
ENTRY_ROWS = 8
_MAX_ROWS = 200


def entry_values(batch: dict) -> dict:
    """What the hand-entry form starts with: whatever was read before the batch died."""
    extracted = json.loads(batch["extracted"]) if batch.get("extracted") else {}
    values = {name: str(extracted.get(name) or "") for name in ENTRY_FIELDS}
    values["currency"] = values["currency"] or "ZAR"
    items = [
        {name: str(item.get(name) or "") for name in ENTRY_ITEM_FIELDS}
        for item in extracted.get("items") or []
        if isinstance(item, dict)
    ]
    blank = {name: "" for name in ENTRY_ITEM_FIELDS}
    return values | {"items": items + [dict(blank)] * max(2, ENTRY_ROWS - len(items))}


def form_values(form: dict) -> dict:
    """The hand-entry form as the person filled it, to show it again with what is wrong."""
    values = {name: form.get(name) or "" for name in ENTRY_FIELDS}
    rows_sent = [
        {name: form.get(f"{name}_{row}") or "" for name in ENTRY_ITEM_FIELDS}
        for row in range(1, _MAX_ROWS + 1)
    ]
    filled = [row for row in rows_sent if any(row.values())]
    blank = {name: "" for name in ENTRY_ITEM_FIELDS}
    return values | {"items": filled + [dict(blank)] * max(2, ENTRY_ROWS - len(filled))}


def payload_from_form(form: dict) -> dict:
    """The hand-entry form as the payload every extractor returns.

    Item rows are item_code_1, quantity_1, ...; empty rows are skipped, and an
    amount left empty is quantity times unit price.
    """
    payload = {name: (form.get(name) or "").strip() for name in ENTRY_FIELDS}
    items = []
    for row in range(1, _MAX_ROWS + 1):
        item = {name: (form.get(f"{name}_{row}") or "").strip() for name in ENTRY_ITEM_FIELDS}
        if not any(item.values()):
            continue
        if not item["amount"] and item["quantity"] and item["unit_price"]:
            try:
                amount = numbers.parse_decimal(item["quantity"]) * numbers.parse_decimal(
                    item["unit_price"]
                )
                item["amount"] = str(amount.quantize(Decimal("0.01"), ROUND_HALF_UP))
            except ValueError:
                pass  # validate() names the bad number
        items.append(item)
    return payload | {"items": items, "entered_by_hand": True}


def enter_by_hand(
    db: Database, settings: Settings, item_id: str, form: dict, user: dict, now: datetime
) -> purchasing.Outcome:
    """A person types the PO of a dead batch; it goes through the importer's process().

    InvalidPayload (with every problem) when the form is not a valid PO; the
    batch stays dead and nothing is written.
    """
    item = _open(db, item_id)
    if item["kind"] != "batch.dead":
        raise DecisionError("Only a document that could not be imported is entered by hand.")
    batch = queue.get_batch(db, item["record_id"])
    if batch["batch_type"] != "purchase_orders":
        raise DecisionError("Only purchase orders can be entered by hand for now.")
    payload = payload_from_form(form)
    purchasing.validate(payload)
    if not storage.resolve(settings, batch["file_path"]).is_file():
        raise DecisionError(
            "The stored document of this batch is missing, so its PO cannot be entered "
            "against it. Discard the batch and upload the document again."
        )
    claim = queue.claim_by_hand(db, batch["id"], now, user["id"])
    if claim is None:
        _explain_batch_moved(db, item)
    try:
        return purchasing.process(db, settings, claim, payload, now, entered_by=user["id"])
    except purchasing.ClaimLost:
        raise DecisionError("Someone else took this batch meanwhile; reload the queue.") from None
    except OSError as exc:
        message = f"Entering the PO by hand failed ({exc.__class__.__name__}); try again."
        queue.fail_batch(db, claim, message, clock.now(), retryable=False)
        raise DecisionError(
            "The document could not be stored with the PO (is the server's disk full?); "
            "nothing was imported. Try again in a while."
        ) from None
    except BaseException as exc:
        # Back to dead with the item still open, so the person can try again.
        message = f"Entering the PO by hand failed ({exc.__class__.__name__}); try again."
        queue.fail_batch(db, claim, message, clock.now(), retryable=False)
        raise


# --- po.site_unmatched -----------------------------------------------------------


def _pick_site(d: Decision) -> None:
    site_id = (d.form.get("site_id") or "").strip()
    site = sites.get_site(d.db, site_id) if ids.is_valid(site_id) else None
    if site is None or not site["active"]:
        raise DecisionError("Choose one of the sites in the list.")
    po = purchasing.get_po(d.db, d.item["record_id"])
    code = po["project_code"]
    if sites.code_key(code):
        try:
            sites.add_alias(d.db, site["id"], code, d.actor, d.now)
        except sites.SiteError as exc:
            raise DecisionError(str(exc)) from None
        text = f"{code} is now an alias of site {site['code']}"
    else:
        text = f"site {site['code']} chosen by hand: the document has no project code"
    if not purchasing.set_site(d.db, po["id"], site, d.actor, d.now, text):
        text += " (the PO already had a site)"
    d.close("site_picked", text)
    resolve_site_matches(d.db, d.now, d.actor)


def resolve_site_matches(db: Database, now: datetime, actor: str | None = None) -> int:
    """Close every po.site_unmatched item whose PO now matches a site, or has one.

    For the sites pages to call after adding a site or an alias; the sweep calls
    it too, so an item settled anywhere else (`intake sites add`) closes within
    a minute. Returns how many closed.
    """
    closed = 0
    with joined(db):
        for item in review_items.open_items(db, "po.site_unmatched"):
            po = purchasing.get_po(db, item["record_id"])
            if po is None:
                continue
            if po["site_id"]:
                text = f"the PO was given site {po['site_code']} elsewhere"
            else:
                site = sites.match_site(db, po["project_code"])
                if site is None:
                    continue
                text = f"{po['project_code']} now matches site {site['code']}"
                purchasing.set_site(db, po["id"], site, actor, now, text)
            _close(db, item, "site_matched", text, actor, now)
            closed += 1
    return closed


# --- po.revision -----------------------------------------------------------------


def _keep_po(d: Decision) -> None:
    d.close(
        "kept_existing",
        f"kept the PO as it was; the version in batch {d.evidence['batch_id']} was not used",
    )


def _replace_po(d: Decision) -> None:
    batch = queue.get_batch(d.db, d.evidence["batch_id"])
    if batch is None or batch["status"] != "processed":
        raise DecisionError("The revised document's batch is no longer processed; reload.")
    po_id = d.item["record_id"]
    version = purchasing.replace_with_revision(
        d.db, po_id, d.evidence["revision"], batch, d.actor, d.now
    )
    d.close(
        "replaced",
        f"replaced with the version in batch {batch['id']}; the earlier one is kept as"
        f" version {version}",
    )
    check_po_again(d.db, po_id, d.settings, d.actor, d.now)


def check_po_again(
    db: Database, po_id: str, settings: Settings, actor: str | None, now: datetime
) -> None:
    """After a PO's contents changed wholesale: its totals, site and supplier, as on import."""
    on_po_totals_changed(db, po_id, now, actor)
    po = purchasing.get_po(db, po_id)
    about = {"po_number": po["purchase_order_number"]}
    if not po["site_id"]:
        site = sites.match_site(db, po["project_code"])
        if site:
            purchasing.set_site(db, po_id, site, actor, now, "matched after a revision")
        else:
            review_items.open_item(
                db,
                "po.site_unmatched",
                "purchase_order",
                po_id,
                about | {"project_code": po["project_code"]},
                po["total_cents"],
                now,
            )
    if not po["supplier_id"]:
        waiting = {"id": po_id, "number": po["purchase_order_number"]}
        found = links.match_supplier(
            db,
            po["supplier_name"],
            settings.supplier_match_threshold,
            now,
            waiting | {"total_cents": po["total_cents"]},
        )
        if found.record_id:
            supplier = links.get_supplier(db, found.record_id)
            purchasing.set_supplier(db, po_id, supplier, actor, now, "matched after a revision")


# --- po.totals_mismatch and low_confidence --------------------------------------------


def _verify(d: Decision) -> None:
    """Mark the PO verified from the item (the PO page's own verify calls on_po_verified)."""
    po_id = d.item["record_id"]
    cursor = d.db.conn.execute(
        "UPDATE purchase_orders SET is_verified = 1, verified_by = :actor, verified_at = :now"
        " WHERE id = :id AND is_verified = 0",
        {"id": po_id, "actor": d.actor, "now": clock.iso(d.now)},
    )
    if cursor.rowcount == 1:
        purchasing.record_history(d.db, po_id, "verified", d.now, actor=d.actor, note=d.note)
    on_po_verified(d.db, po_id, d.actor, d.now)


def on_po_verified(db: Database, po_id: str, actor: str, now: datetime) -> int:
    """A person verified the PO: its totals and low-confidence items are settled.

    For the PO page's "Mark verified" to call in its transaction. Returns how many closed.
    """
    closed = 0
    with joined(db):
        for kind in ("po.totals_mismatch", "low_confidence"):
            item = review_items.close_open(
                db,
                kind,
                "purchase_order",
                po_id,
                resolution="verified",
                actor=actor,
                now=now,
                note="the PO was checked and marked verified",
            )
            if item:
                _history(db, item, "settled: the PO was marked verified", actor, now)
                closed += 1
    return closed


def on_po_totals_changed(db: Database, po_id: str, now: datetime, actor: str | None = None) -> bool:
    """A PO's items or totals changed: close its totals item when they agree, else open one.

    For the PO edit page to call in its transaction. Returns whether they agree now.
    """
    with joined(db):
        po = purchasing.get_po(db, po_id)
        amounts = [item["amount_cents"] for item in purchasing.po_items(db, po_id)]
        check = purchasing.check_amounts(
            amounts, po["subtotal_cents"], po["tax_cents"], po["total_cents"]
        )
        if check.agree:
            item = review_items.close_open(
                db,
                "po.totals_mismatch",
                "purchase_order",
                po_id,
                resolution="totals_agree",
                actor=actor,
                now=now,
                note="the items and totals add up now",
            )
            if item:
                _history(db, item, "settled: the items and totals add up now", actor, now)
            return True
        review_items.open_item(
            db,
            "po.totals_mismatch",
            "purchase_order",
            po_id,
            {"po_number": po["purchase_order_number"]} | purchasing.totals_evidence(check),
            purchasing.totals_discrepancy(check),
            now,
        )
        return False


# --- supplier.proposed -----------------------------------------------------------


def _waiting_pos(db: Database, key: str) -> list[dict]:
    """POs with no supplier yet whose supplier name normalises to this key."""
    unassigned = rows(
        db,
        "SELECT id, purchase_order_number, supplier_name FROM purchase_orders"
        " WHERE supplier_id IS NULL ORDER BY created_at, id",
    )
    return [po for po in unassigned if links.normalise_name(po["supplier_name"]) == key]


def _assign(db: Database, key: str, supplier: dict, actor: str | None, now, note: str) -> int:
    done = 0
    for po in _waiting_pos(db, key):
        done += purchasing.set_supplier(db, po["id"], supplier, actor, now, note)
    return done


def _supplier_decided(d: Decision, supplier: dict, result: links.LinkResult, resolution: str):
    """The POs waiting on this name get the supplier the person chose, whatever the map says."""
    name = d.evidence["name"]
    text = f"{name} is supplier {supplier['name']}"
    for po in d.evidence["pos"]:
        if purchasing.get_po(d.db, po["id"]):
            purchasing.set_supplier(d.db, po["id"], supplier, d.actor, d.now, text)
    if result.outcome == "conflict":
        text += "; the link collides with an existing one, see the link conflict item"
    else:
        _assign(d.db, d.evidence["key"], supplier, d.actor, d.now, text)
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
    _supplier_decided(d, links.get_supplier(d.db, result.record_id), result, "confirmed")


def _settled_elsewhere(d: Decision) -> bool:
    current = links.active_link(d.db, links.SUPPLIER_NAMES, d.evidence["key"])
    if current is None:
        return False
    supplier = links.get_supplier(d.db, current["record_id"])
    text = f"{d.evidence['name']} was linked to supplier {supplier['name']} meanwhile"
    _assign(d.db, d.evidence["key"], supplier, d.actor, d.now, text)
    d.close("linked_elsewhere", text)
    return True


def _create_supplier(d: Decision) -> None:
    if _settled_elsewhere(d):
        return
    name = (d.form.get("name") or d.evidence["name"]).strip()
    try:
        supplier = links.create_supplier(d.db, name, d.actor, d.now)
    except links.LinkError as exc:
        raise DecisionError(f"{exc} Choose it from the list instead.") from None
    result = _link_supplier(d, supplier, "created_by_intake")
    _supplier_decided(d, supplier, result, "supplier_created")


def _choose_supplier(d: Decision) -> None:
    supplier_id = (d.form.get("supplier_id") or "").strip()
    supplier = links.get_supplier(d.db, supplier_id) if ids.is_valid(supplier_id) else None
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


def resolve_supplier_matches(db: Database, now: datetime) -> int:
    """Close supplier.proposed items whose name was linked meanwhile (the sweep calls this)."""
    closed = 0
    with joined(db):
        for item in review_items.open_items(db, "supplier.proposed"):
            current = links.active_link(db, links.SUPPLIER_NAMES, item["evidence"]["key"])
            if current is None:
                continue
            supplier = links.get_supplier(db, current["record_id"])
            text = f"{item['evidence']['name']} was linked to supplier {supplier['name']}"
            _assign(db, item["evidence"]["key"], supplier, None, now, text)
            _close(db, item, "linked_elsewhere", text, None, now)
            closed += 1
    return closed


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
        supplier = links.get_supplier(d.db, new["record_id"])
        _assign(d.db, new["key"], supplier, d.actor, d.now, text)
    d.close("replaced", text)


_DECISIONS: dict[tuple[str, str], Callable[[Decision], None]] = {
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
}


# --- what the page shows -----------------------------------------------------------


def item_view(db: Database, item: dict, user: dict) -> dict:
    """An item with what its card shows: the record, and each decision this person may make."""
    view = {
        "item": item,
        "label": KINDS[item["kind"]],
        "actions": [a for a in ACTIONS[item["kind"]] if may(user, item["kind"], a)],
        "admin_only": [a for a in ACTIONS[item["kind"]] if not may(user, item["kind"], a)],
    }
    if item["entity"] == "batch":
        view["batch"] = queue.get_batch(db, item["record_id"])
    elif item["entity"] == "purchase_order":
        view["po"] = purchasing.get_po(db, item["record_id"])
    if item["kind"] == "po.revision" and view.get("po"):
        current = revisions.version_of_po(view["po"], purchasing.po_items(db, item["record_id"]))
        view["comparison"] = revisions.comparison(current, item["evidence"]["revision"])
        view["versions"] = purchasing.po_versions(db, item["record_id"])
    if item["kind"] == "supplier.proposed":
        view["waiting"] = [
            po for po in item["evidence"]["pos"] if purchasing.get_po(db, po["id"]) is not None
        ]
    return view


def choices(db: Database) -> dict:
    """What the cards' pickers offer: the active sites and every supplier."""
    return {
        "sites": [site for site in sites.list_sites(db) if site["active"]],
        "suppliers": links.list_suppliers(db),
    }


def queue_view(db: Database, user: dict, state: str, kind: str | None) -> dict:
    return {
        "views": [item_view(db, item, user) for item in review_items.list_items(db, state, kind)],
        "counts": review_items.open_counts(db),
    } | choices(db)


def item_document(db: Database, item: dict) -> dict | None:
    """The batch whose document an item shows: the dead one, or the revised one."""
    if item["kind"] == "batch.dead":
        return queue.get_batch(db, item["record_id"])
    if item["kind"] == "po.revision":
        return queue.get_batch(db, item["evidence"]["batch_id"])
    return None
