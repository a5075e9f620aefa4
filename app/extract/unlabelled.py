"""Header fields of an order whose labels are in words the engine does not know.

No label wording names the PO number or the date, so their place must: a
reference beside a label that carries a number marker ('N.', 'Nr', 'Nº',
'č.', '#', '...nummer'), or printed in the title line; a date-shaped value near the
top. Each is a rule of rules.py, so what it finds is never proven. A page
whose number was found so is an order only when our own company heads it
(`issued_by_us`): a quotation or an invoice carries its supplier's name
there. Pure; the markers are signs and abbreviations, not any language's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from app import numbers
from app.extract import fields, validate
from app.extract.layout import Cell, Line
from app.extract.model import MISSING, Found

# A word that says 'number': a sign or an abbreviation on its own, or a compound's ending
# (and Vietnamese's 'Số'; Serbian's and Bulgarian's 'бр.', the sign '№'; Greek's 'Αριθμός'
# written out, not its 'Αρ.', which as often names an offer's number).
_ENDING = r"(?:number|nummer|nommer|num[ée]ro|n[úu]mero|αριθμ[όο][σς])"
_MARKER = re.compile(
    rf"(?:n|no|nr|nro|n[úu]m|n[°º]|#|č|br|št|số|бр|№)\.?|\S*(?:#|[°º]\.?)|\S*?-?{_ENDING}\.?",
    re.IGNORECASE,
)
# A label naming another document's number: a requisition's, a quotation's, a tender's, an
# invoice's or a contract's ('Requisition No.:' beside the order's 'Ref:') is not the order's.
_OTHER_DOCUMENT = re.compile(
    r"(?i)\b(?:requisition|req|quot(?:ation|e)|offer|tender|rfq|enquiry|inquiry|invoice"
    r"|contract|indent)\b"
)
# A bank's details carry markers too ('Acc No', 'Br. code'), and name no order.
_BANK = re.compile(
    r"\b(?:acc(?:ount)?|a/c|bank|branch|br\.?\s*code|iban|swift|sort\s+code)\b", re.I
)
_ENDS_IN_MARKER = re.compile(rf"-?{_ENDING}\.?$", re.IGNORECASE)


def _marked(text: str) -> bool:
    """A short label with a number marker among its words, and no digit in it; not the label
    of a registration, a phone or a bank account ('Supplier VAT no.', 'Tel. no.', 'Acc No'),
    which carry markers too."""
    words = text.replace(":", " ").split()
    if not 1 <= len(words) <= 4 or re.search(r"\d", text) or fields.is_label(text):
        return False
    if validate.is_registration(text) or validate.is_phone(text) or _BANK.search(text):
        return False
    if _OTHER_DOCUMENT.search(text):
        return False
    if re.fullmatch(r"[A-Z]\.\s+[A-Z][a-z]\S*", text.strip()):
        return False  # a person's initial and surname ('N. Dlamini'), no marker
    return any(_MARKER.fullmatch(word) for word in words)


def title(lines: list[Line]) -> Cell | None:
    """The title: the first short cell near the top printed in capitals ('ORDINE DI
    ACQUISTO', 'НАРУЏБЕНИЦА'), four letters or more and fewer digits; a company's name in
    capitals is none."""
    for line in lines[:12]:
        for cell in line.cells:
            text = cell.text.strip()
            letters = "".join(ch for ch in text if ch.isalpha())
            digits = sum(ch.isdigit() for ch in text)  # 'NPWP: 0742 4120 1987 6500' is none
            capitals = len(letters) >= 4 and letters.isupper() and len(text.split()) <= 5
            if capitals and digits < len(letters) and not validate.ends_in_legal_form(text):
                return cell
    return None


def _stems(text: str) -> set[str]:
    """The words of a label or a title, four letters or more, a number ending cut off; their
    accents aside (a title in capitals, or the OCR, may drop them: 'MEGRENDELES')."""
    out = set()
    for word in re.split(r"[^A-Za-zÀ-ÿ\-]+", validate.unaccented(text.lower())):
        word = _ENDS_IN_MARKER.sub("", word).strip("-")
        if len(word) >= 4:
            out.add(word)
    return out


def _names_title(label: str, heading: Cell | None) -> bool:
    """A label word that is in the title, or a title word in it ('Ordernummer' under
    'INKOOPORDER', 'N. ordine' under 'ORDINE DI ACQUISTO')."""
    if heading is None:
        return False
    return any(a in b or b in a for a in _stems(label) for b in _stems(heading.text))


@dataclass(frozen=True)
class _Candidate:
    value: str
    label: str
    own_cell: bool  # the label is a cell of its own, its value beside or under it
    ocr: bool


def _line_of(lines: list[Line], cell: Cell | None, default=None):
    """The index of the line the cell is on."""
    return next((n for n, line in enumerate(lines) if cell in line.cells), default)


def _with_digit(text: str) -> str | None:
    value = fields.reference(text)
    return value if value and re.search(r"\d", value) else None


def _marked_value(lines: list[Line], index: int, cell: Cell, step: float) -> _Candidate | None:
    """The reference a marked label gives: beside or under its own cell, or after it in
    the same cell ('Nr. 4711')."""
    if _marked(cell.text):
        for beside in [
            *fields.values_beside(lines, index, cell, step),
            *_boxed(lines, index, cell, step),
        ]:
            if value := _with_digit(beside.text):
                return _Candidate(value, cell.text.strip(), True, beside.ocr)
        return None
    words = cell.text.split()
    for cut in range(1, min(4, len(words))):
        label, rest = " ".join(words[:cut]), words[cut:]
        if _marked(label) and (value := _with_digit(rest[0])):
            return _Candidate(value, label, False, cell.ocr)
    return None


def _boxed(lines: list[Line], index: int, label: Cell, step: float) -> list[Cell]:
    """A label last on its line, its value set to the box's right edge on the line under it
    ('No.' over '  CO115691'): the last cell there, starting right of the label's start."""
    line = lines[index]
    if line.cells[-1] is not label or index + 1 >= len(lines):
        return []
    below = lines[index + 1]
    last = below.cells[-1]
    near = below.page == line.page and below.y - line.y <= 1.6 * step
    return [last] if near and label.x0 - 2 <= last.x0 <= label.x1 + 25 else []


def _heads(line: Line, found: _Candidate, heading: Cell | None, index: int, top: int) -> bool:
    """The page's heading number: a label run into its value alone on a line near the top,
    above any title in capitals ('Zamówienie nr ZAM/401/2026': a title word, the marker,
    the reference); a marked value on the title's own line ('OBJEDNÁVKA ... č. OV26-0161');
    or one run into its value right under the title, on its side of the page ('nr. 10525'
    under 'INNKJØPSORDRE')."""
    if heading is not None and heading in line.cells:
        return True
    if found.own_cell:
        return False
    cell = next(c for c in line.cells if found.value in c.text)
    if heading is not None and 0 < index - top <= 3 and cell.x0 >= heading.x0 - 2:
        return len(cell.text.split()) <= 3
    alone = len(line.cells) == 1 and index < min(8, top)
    return alone and len(line.cells[0].text.split()) <= 3


def number_by_marker(lines: list[Line], step: float) -> Found:
    """No known PO label: a reference beside or under a label that carries a number marker.
    A label run into its value alone on a line near the top (the page's heading) comes
    first; then a label cell of its own beats a label run into its value, one that shares a
    word with the title beats one that does not, and then the first on the page."""
    heading = title(lines)
    ranked = []
    lines = _above_items(lines)  # a 'Part No.' over the items heads a column, not a number
    top = _line_of(lines, heading, len(lines))
    for index, line in enumerate(lines[:40]):
        for position, cell in enumerate(line.cells):
            found = _marked_value(lines, index, cell, step)
            if found is not None:
                named = _names_title(found.label, heading)
                heads = _heads(line, found, heading, index, top)
                key = (not heads, not found.own_cell, not named, index, position)
                ranked.append((key, found))
    if not ranked:
        return MISSING
    best = min(ranked, key=lambda pair: pair[0])[1]
    return Found(best.value, 0.7, f"{best.label} {best.value}", None, best.ocr)


def number_by_title_word(lines: list[Line], step: float) -> Found:
    """No known PO label: a reference after a label of a word or three, one of them the
    title's ('Megrendelés száma:' under 'MEGRENDELÉS'): the page's own number, named by what
    the page is. The label is a cell of its own (its value right of it or under it) or ends
    in a colon before its value; a date or an amount is no number."""
    heading = title(lines)
    if heading is None:
        return MISSING
    lines = _above_items(lines)
    for index, line in enumerate(lines[:40]):
        for cell in line.cells:
            if cell is heading:
                continue
            label, _, rest = cell.text.partition(":")
            if not 1 <= len(label.split()) <= 3 or re.search(r"\d", label):
                continue
            if not _names_title(label, heading) or fields.is_label(label):
                continue
            if rest.strip():
                values = [rest.strip()]
            else:  # a label cell of its own, its value beside it or under it
                values = [c.text for c in fields.values_beside(lines, index, cell, step)]
            for text in values[:1]:
                value = _with_digit(text)  # the whole value: '51 094,00' is no number '51'
                if value and value == text.strip() and not _AMOUNT.fullmatch(value):
                    return Found(value, 0.7, f"{label.strip()}: {value}", None, cell.ocr)
    return MISSING


# An amount with its cents ('1234.56'): money, not a document's number.
_AMOUNT = re.compile(r"\d[\d,.' ]*[.,]\d\d")


# A reference that names itself a purchase order's: 'PO' and its digits, run together or
# with a mark between ('PO26007790', 'PO/2026/00954', 'P.O.-4471'); not 'PO Box 1180'.
_SELF_NAMED = re.compile(r"(?<![\w/\-])P\.?O\.?[-/#]?(?=[\w/\-.]*\d{4})\d[\w/\-.]*\w(?![\w/\-])")
# Or 'PO' as one part of a reference of parts between strokes, our company's and its
# department's before it ('MCBL/PROC/PO/26/0438').
_PART_NAMED = re.compile(r"(?<![\w/\-])(?:[A-Z0-9]{2,}/)+PO/(?=[\w/\-]*\d{4})[\w/\-]*\w(?![\w/\-])")


def number_named_po(lines: list[Line], step: float) -> Found:
    """No PO label known: the one reference above the items that names itself a PO's by its
    'PO' ('PO/2026/00954 :رقم', a label the engine has no word for), with four digits or more;
    none when two differ (another party's order may be quoted beside ours)."""
    seen: dict[str, Cell] = {}
    for line in lines:
        if line.page != lines[0].page or _numbers(line) >= 3:
            break  # the items (a line of two numbers beside the PO's may be a party's numbers)
        for cell in line.cells:
            for match in [*_SELF_NAMED.finditer(cell.text), *_PART_NAMED.finditer(cell.text)]:
                seen.setdefault(match.group(), cell)
    if len(seen) != 1:
        return MISSING
    ((value, cell),) = seen.items()
    return Found(value, 0.7, cell.text, None, cell.ocr)


# A reference quoted as our PO's in a sentence: 'quoting PO 14368-01', 'P.O. No. 4471/26'.
_QUOTED_PO = re.compile(
    r"(?<!\w)P\.?O\.?\s+(?:n[o°º]\.?\s*|#\s*)?(?=[\w/\-.]*\d{3})([A-Z0-9][\w/\-.]*[A-Za-z0-9])(?![\w/\-])"
)


def number_quoted_as_po(lines: list[Line], step: float) -> Found:
    """No PO label known: the one reference the page quotes as 'PO' in its words ('Invoice
    quoting PO 14368-01 only'), printed elsewhere on the page too (a number in a corner, a
    breadcrumb); none when two differ."""
    quoted: dict[str, Cell] = {}
    for line in lines:
        for cell in line.cells:
            for match in _QUOTED_PO.finditer(cell.text):
                quoted.setdefault(match[1], cell)
    if len(quoted) != 1:
        return MISSING
    ((value, cell),) = quoted.items()
    alone = re.compile(rf"(?<![\w/\-]){re.escape(value)}(?![\w/\-])")
    # printed again, not quoted again ('replaces PO 44120-B ... not against PO 44120-B')
    if not any(alone.search(_QUOTED_PO.sub(" ", c.text)) for line in lines for c in line.cells):
        return MISSING
    return Found(value, 0.7, cell.text, None, cell.ocr)


def _above_items(lines: list[Line]) -> list[Line]:
    """The first page's lines above the item lines (the first line with two numbers or
    more)."""
    out = []
    for line in lines:
        if line.page != lines[0].page or _numbers(line) >= 2:
            break
        out.append(line)
    return out


# A date printed as another numbered document's ('до Договору No 15/01-МП від 20.01.2026',
# 'per quotation no. Q22634 of 14.02.2026'): its number, then 'of' or 'dated' in a language.
_DATES_REFERENCE = re.compile(
    r"(?:\bno\.?|\bnr\.?|№|#|\bбр\.?)\s*:?\s*(\S*\d\S*)\s+"
    r"(?:від|от|од|of|dated|vom|du|del|de)\s+[«\"“]?\d",
    re.IGNORECASE,
)


def date_near_top(
    lines: list[Line], check: Callable[[str], str | None], number: str | None = None
) -> Found:
    """No known date label: the first date on the first page above the item lines that the
    date check takes; one that dates another numbered document (a contract's, a quotation's:
    not the PO `number` found) only where there is no other."""
    other: Found | None = None
    for line in _above_items(lines):
        for cell in line.cells:
            value = check(cell.text)
            if not value:
                continue
            found = Found(value, 0.7, cell.text.strip(), None, cell.ocr)
            dated = _DATES_REFERENCE.search(cell.text)
            if dated and dated.group(1).strip(".,:;") != number:
                other = other or found
                continue
            return found
    return other or MISSING


def _numbers(line: Line) -> int:
    """How many of the line's cells are numbers (a date is not one)."""
    return sum(
        1
        for cell in line.cells
        if re.fullmatch(r"[\d.,\s%€$£R-]*\d[\d.,\s%]*", cell.text)
        and not numbers.DATE_IN_TEXT.fullmatch(cell.text.strip().rstrip("."))  # '2026.10.05.'
    )


def issued_by_us(lines: list[Line], buyer_names: tuple[str, ...]) -> bool:
    """Our own company's name heads the page, as its letterhead: the first cell of one of its
    first three lines, after a logo's letter (a customer block beside a supplier's letterhead
    is not)."""
    return any(
        validate.is_buyer(_after_logo(line.cells), buyer_names) for line in lines[:3] if line.cells
    )


def _after_logo(cells: list[Cell]) -> str:
    """The first cell's text; a logo's letter before our name ('M  Meridian ...') is the name's
    initial, and the name after it is the first cell."""
    first = cells[0].text.strip()
    if len(first) == 1 and len(cells) > 1 and cells[1].text.strip()[:1].upper() == first.upper():
        return cells[1].text
    return cells[0].text


def known_supplier(
    lines: list[Line], buyer_names: tuple[str, ...], known: tuple[str, ...]
) -> Found:
    """No supplier label read: the first cell above the items that is one of the office's
    suppliers by name (legal form and case aside), or, read by OCR, all but a letter or two
    of one (the name rules then put it right); never our own company. A name that is the
    value of another label beside it ('Main contractor:  Boland Builders') comes last: the
    office may buy from a company that works on the site for it too. Of one company printed
    twice ('CAPE TILE WAREHOUSE' as the letterhead, 'Cape Tile Warehouse (Pty) Ltd' under it),
    the name with its legal form is taken."""
    above = _above_items(lines)
    for labelled in (False, True):
        first: Found | None = None
        for index, line in enumerate(above):
            for position, cell in enumerate(line.cells):
                text = cell.text.strip()
                if validate.is_buyer(text, buyer_names) or len(text) < 4:
                    continue
                if _after_label(line, position) != labelled:
                    continue
                # a long name may run on to the line under it ('... Malzemeleri' 'A.Ş.')
                under = _under(above[index + 1 :], line.y, cell.x0, 1)
                # (or its town after it: 'Milnerton Trade Hardware, Cape Town' under 'SHOP';
                # its suburb and town, 'Langa Hardware & Paint, Milnerton, Cape Town'): the
                # words before each comma, the longest first
                commas = [m.start() for m in re.finditer(",", text)]
                town = [text[:comma].strip() for comma in reversed(commas)]
                for name in (*(f"{text} {rest.strip()}" for rest in under), text, *town):
                    if validate.is_known(name, known) or (
                        cell.ocr and validate.like_known_name(name, known)
                    ):
                        conf = round(0.7 * (0.6 + 0.4 * cell.conf), 3)
                        # a name printed in capitals is the office's own spelling of it
                        spelt = next((k for k in known if k.lower() == name.lower()), name)
                        found = Found(spelt, conf, name, None, cell.ocr)
                        if validate.ends_in_legal_form(name):
                            if first is None or validate.is_known(name, (first.value,)):
                                return found
                        elif first is None:
                            first = found
                        break
        if first is not None:
            return first
    return MISSING


def _after_label(line: Line, position: int) -> bool:
    """The cell at `position` follows a label that ends in a colon ('Main contractor:')."""
    return position > 0 and line.cells[position - 1].text.strip().endswith(":")


def _under(lines: list[Line], y: float, x0: float, most: int = 3) -> list[str]:
    """The cells at a left edge on the lines under it, up to `most`, until a line with nothing
    there; on a photo a line of the column beside it (the order's details) may fall between
    two of them, less than a line below the one above, and is passed over."""
    out: list[str] = []
    for line in lines:
        text = _at(line, x0)
        if text is None and line.y - y >= 1:
            break
        if text is not None:
            out.append(text)
            y = line.y
        if len(out) == most:
            break
    return out


def _at(line: Line, x0: float) -> str | None:
    """The text of the line's cell that starts where x0 does, if it has one."""
    return next((c.text.strip() for c in line.cells if abs(c.x0 - x0) <= 2), None)


# A site's code named in the words of a line, by the word 'Project' or 'Site' before it, or
# 'site' after it ('Drasa industrial sheds - Project FJ-LTK01', 'Meridian Construction -
# WHK-11 site office'): a word in capitals and digits (with a hyphen after 'site', as 'PPE2
# site induction' names none), checked apart from the words (no pattern backtracks on it).
_NAMED_BEFORE = re.compile(r"\b(?i:project|site)\s+([A-Z][A-Z0-9-]{2,14})(?![\w-])")
_NAMED_AFTER = re.compile(r"(?<![\w-])([A-Z][A-Z0-9-]{2,14})\s+(?i:site)\b")
_SITE_CODE = re.compile(r"[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)*")


def _site_code(word: str, hyphen: bool) -> bool:
    return bool(_SITE_CODE.fullmatch(word) and re.search(r"\d", word)) and (
        "-" in word or not hyphen
    )


def project_in_words(lines: list[Line], site_codes: tuple[str, ...]) -> Found:
    """No project label known, and no known site's code: a code the words above the items
    name a project's or a site's ('... - Project FJ-LTK01' under 'Deliver to'); the one such
    code, none where two differ."""
    named: dict[str, Cell] = {}
    for line in _above_items(lines):
        for cell in line.cells:
            found = [
                *(m.group(1) for m in _NAMED_BEFORE.finditer(cell.text)
                  if _site_code(m.group(1), False)),
                *(m.group(1) for m in _NAMED_AFTER.finditer(cell.text)
                  if _site_code(m.group(1), True)),
            ]  # fmt: skip
            for code in found:
                named.setdefault(code, cell)
    if len(named) != 1:
        return MISSING
    ((code, cell),) = named.items()
    return Found(code, 0.6, cell.text.strip(), None, cell.ocr)


def project_known_code(lines: list[Line], site_codes: tuple[str, ...]) -> Found:
    """No project label known: a cell above the items that is one of the known sites' codes;
    else a word of one ('Site DBN07, goods receiving' under 'Deliver to')."""
    known = {validate.code_key(code) for code in site_codes} - {""}
    above = _above_items(lines)
    for line in above:
        for cell in line.cells:
            if validate.code_key(cell.text.strip()) in known:
                return Found(cell.text.strip(), 0.7, cell.text.strip(), None, cell.ocr)
    for line in above:
        for cell in line.cells:
            for word in re.split(r"[\s,;()]+", cell.text):
                if validate.code_key(word) in known:
                    return Found(word, 0.7, cell.text.strip(), None, cell.ocr)
    return MISSING
