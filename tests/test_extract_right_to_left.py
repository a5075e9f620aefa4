"""Pages written right to left (Hebrew, Arabic) as pypdf gives a PDF that draws each letter
where it stands: every word's letters last first, the page's columns from the right. Their
words are put in the order they are read and the page is mirrored, so a label stands left of
its value and an item's amount last, as on a page written left to right. The pages are made
up here; the words are the scripts', not labels the engine knows."""

from __future__ import annotations

import re

from app.extract import engine
from app.extract.layout import mirrored, read_order, right_to_left, seen_order, text_lines

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09",), "today": "2026-12-01"}
_HEBREW = re.compile(r"[\u0590-\u05ff]")


def as_seen(page: str) -> str:
    """A page written in the order it is read, as a PDF that draws each letter where it stands
    gives it: in a run with Hebrew words, the Hebrew words and the groups of other words
    between them in the other order, each Hebrew word's letters last first (a group of Latin
    words or numbers keeps its own order); the runs where they stand seen from the other edge."""
    rows = page.splitlines()
    width = max(len(row) for row in rows)
    out = []
    for row in rows:
        line = [" "] * width
        for run in re.finditer(r"\S+(?: \S+)*", row):
            seen = run.group()
            if _HEBREW.search(seen):
                groups: list[list[str]] = []
                for word in seen.split(" "):
                    hebrew = bool(_HEBREW.search(word))
                    if groups and not hebrew and not _HEBREW.search(groups[-1][0]):
                        groups[-1].append(word)  # Latin words and numbers stay together
                    else:
                        groups.append([word[::-1]] if hebrew else [word])
                seen = " ".join(" ".join(group) for group in groups[::-1])
            start = width - run.end()
            line[start : start + len(seen)] = seen
        out.append("".join(line).rstrip())
    return "\n".join(out) + "\n"


def test_a_words_letters_seen_last_first_are_read_first_first():
    assert seen_order("םולש ןוכמ")  # final letters at the words' start
    assert not seen_order("שלום מכון")
    assert read_order("רטיל 18 ןבל עבצ") == "צבע לבן 18 ליטר"
    assert read_order("110 רטוק PVC רוניצ") == "צינור PVC קוטר 110"
    assert read_order("560198765 (ץוח תרבח)") == "(חברת חוץ) 560198765"
    assert read_order("Meridian Construction (Pty) Ltd") == "Meridian Construction (Pty) Ltd"
    assert read_order("Makita DDF 482 הגרבמ") == "מברגה Makita DDF 482"


def test_a_page_written_right_to_left_is_mirrored_and_a_latin_one_is_not():
    assert right_to_left("הזמנת רכש מספר 12 ספק")
    assert not right_to_left(f"{BUYER} הזמנת רכש")
    assert mirrored(["ab   cd", "e"]) == ["cd   ab", "      e"]
    assert [c.text for c in text_lines("PO No   12\n")[0].cells] == ["PO No", "12"]


PAGE = f"""\
{BUYER}                                            הזמנת רכש
                                                  PO26007790
ספק         ברזל השרון בע"מ                     תאריך        03/02/2026
כתובת       רחוב הנפחים 7                       פרויקט       CP09

מס'   מק"ט      תאור מוצר                כמות    יח'      מחיר        סה"כ
1     900018    צבע לבן 18 ליטר            30    דלי     201.22     6,036.60
2     500004    חול מחצבה                  24    טון      77.01     1,848.24
3     600110    צינור PVC קוטר 110          5    יח'     112.08       560.40

                                        סה"כ לפני מע"מ        8,445.24
                                        מע"מ 18              1,520.14
                                        סה"כ לתשלום           9,965.38
"""


def test_an_order_written_right_to_left_reads_its_items_and_foot():
    payload = engine.read_text(as_seen(PAGE), **OFFICE)
    assert payload["document_type"] == "purchase_order"
    assert payload["po_number"] == "PO26007790"
    assert payload["project_code"] == "CP09"
    assert [(i["description"], i["quantity"], i["amount"]) for i in payload["items"]] == [
        ("צבע לבן 18 ליטר", "30", "6036.60"),
        ("חול מחצבה", "24", "1848.24"),
        ("צינור PVC קוטר 110", "5", "560.40"),
    ]
    assert payload["supplier_name"] is None or "low_confidence:supplier_name" in payload["warnings"]
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "8445.24",
        "1520.14",
        "9965.38",
    )
