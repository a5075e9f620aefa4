"""The review queue's decisions about delivery notes: which PO, which PO line, short, over, again.

Each runs inside `decisions.decide`'s transaction and closes its item first
(so the item settling itself as a consequence cannot collide with it), then
does the work through the delivery notes' own functions and writes it to the
DN's history (and the PO's, through the item's close).
"""

from __future__ import annotations

from app import queue_reads
from app.delivery_notes import edit, reconcile, revisions, store
from app.purchase_orders.forms import EditError
from app.review import decisions  # for its DecisionError, looked up when a decision runs


def _decision_error(text: str) -> Exception:
    return decisions.DecisionError(text)


def _dn_history(d, dn_id: str, text: str) -> None:
    store.record_history(d.db, dn_id, f"review:{d.item['kind']}", d.now, actor=d.actor, note=text)


def _pick_po(d) -> None:
    number = (d.form.get("po_number") or "").strip()
    if not number:
        raise _decision_error("Choose one of the proposed POs, or type the PO number.")
    d.close("po_picked", f"delivered against PO {number}")
    try:
        edit.choose_po(d.db, d.item["record_id"], number, d.actor, d.now)
    except EditError as exc:
        raise _decision_error(str(exc)) from None


def _close_short(d) -> None:
    po_id = d.item["record_id"]
    text = "closed short: what was not delivered will not come"
    d.close("closed_short", text)
    store.close_short(d.db, po_id, d.actor, d.now, d.note)
    reconcile.assess(d.db, po_id, d.now, opening=False)


def _expect_rest(d) -> None:
    d.close("expecting_rest", "the rest is expected on a later delivery")


def _accept_over(d) -> None:
    d.close("accepted", "the extra quantity was accepted")


def _match_line(d, choice: str, text: str) -> None:
    evidence = d.evidence
    d.close("line_matched" if choice != "extra" else "marked_extra", text)
    try:
        edit.match_item(d.db, evidence["dn_id"], d.item["record_id"], choice, d.actor, d.now)
    except EditError as exc:
        raise _decision_error(str(exc)) from None


def _pick_line(d) -> None:
    choice = (d.form.get("po_item_id") or "").strip()
    if not choice:
        raise _decision_error("Choose the PO line this was delivered against.")
    _match_line(d, choice, "matched to a PO line by hand")


def _mark_extra(d) -> None:
    _match_line(d, "extra", "marked extra: delivered on no PO line")


def _keep_dn(d) -> None:
    text = f"kept the delivery note as it was; batch {d.evidence['batch_id']} was not used"
    d.close("kept_existing", text)
    _dn_history(d, d.item["record_id"], text)


def _replace_dn(d) -> None:
    batch = queue_reads.get_batch(d.db, d.evidence["batch_id"])
    if batch is None or batch["status"] != "processed":
        raise _decision_error("The revised document's batch is no longer processed; reload.")
    d.close("replaced", f"replaced with the version in batch {batch['id']}")
    revisions.replace_with_revision(
        d.db, d.item["record_id"], d.evidence["revision"], batch, d.actor, d.now
    )


DECISIONS = {
    ("dn.po_unknown", "pick_po"): _pick_po,
    ("dn.short", "close_short"): _close_short,
    ("dn.short", "expect_rest"): _expect_rest,
    ("dn.over", "accept_over"): _accept_over,
    ("dn.unmatched_line", "pick_line"): _pick_line,
    ("dn.unmatched_line", "mark_extra"): _mark_extra,
    ("dn.revision", "keep"): _keep_dn,
    ("dn.revision", "replace"): _replace_dn,
}
