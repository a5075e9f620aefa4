"""Header fields of an order whose labels are in words the engine does not know.

No label wording names the PO number or the date, so their place must: a
reference after a number marker that follows a title naming a purchase order
(on our own page, `ours_alone`), after a label that shares a word with the
page's title, or the one reference the page names a PO's; a date-shaped value
near the top. Each is a
rule of rules.py, so what it finds is never proven. A page whose number was
found so is an order only when our own company heads it (`issued_by_us`): a
quotation or an invoice carries its supplier's name there. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app import numbers
from app.extract import fields, proofs, validate
from app.extract import vocabulary as words
from app.extract.layout import Cell, Line
from app.extract.model import MISSING, Found
from app.extract.tables import column_key

# A number word ending a compound label ('Bestellnummer'), cut off a label's or a title's
# words when they are compared (and Greek's 'Αριθμός' written out).
_ENDING = r"(?:number|nummer|nommer|num[ée]ro|n[úu]mero|αριθμ[όο][σς])"
_ENDS_IN_NUMBER_WORD = re.compile(rf"-?{_ENDING}\.?$", re.IGNORECASE)


def title(lines: list[Line]) -> Cell | None:
    """The title: the first short cell near the top printed in capitals ('ORDINE DI
    ACQUISTO', 'НАРУЏБЕНИЦА'), four letters or more and fewer digits; a company's name in
    capitals is none, nor a label and its value ('GSTIN: 36AAHCM4417K1Z3')."""
    for line in lines[:12]:
        for cell in line.cells:
            text = cell.text.strip()
            if _LABEL_AND_VALUE.match(text):
                continue
            letters = "".join(ch for ch in text if ch.isalpha())
            digits = sum(ch.isdigit() for ch in text)  # 'NPWP: 0742 4120 1987 6500' is none
            capitals = len(letters) >= 4 and letters.isupper() and len(text.split()) <= 5
            if capitals and digits < len(letters) and not validate.ends_in_legal_form(text):
                return cell
    return None


# A label and its value after a colon, the value with a digit ('GSTIN: 36AAHCM4417K1Z3',
# 'NPWP: 0742 4120').
_LABEL_AND_VALUE = re.compile(r"[^\W\d_][\w.\-/ ]{0,24}:\s*\S*\d")


def _stems(text: str) -> set[str]:
    """The words of a label or a title, four letters or more, a number ending cut off; their
    accents aside (a title in capitals, or the OCR, may drop them: 'MEGRENDELES')."""
    out = set()
    for word in re.split(r"[^A-Za-zÀ-ÿ\-]+", validate.unaccented(text.lower())):
        word = _ENDS_IN_NUMBER_WORD.sub("", word).strip("-")
        if len(word) >= 4:
            out.add(word)
    return out


def _names_title(label: str, heading: Cell | None) -> bool:
    """A label word that is in the title, or a title word in it ('Ordernummer' under
    'INKOOPORDER', 'N. ordine' under 'ORDINE DI ACQUISTO')."""
    if heading is None:
        return False
    return any(a in b or b in a for a in _stems(label) for b in _stems(heading.text))


def with_digit(text: str) -> str | None:
    """A reference with a digit in it, else None."""
    value = fields.reference(text)
    return value if value and re.search(r"\d", value) else None


# A title that names a purchase order ('LOCAL PURCHASE ORDER', 'ORDEN DE COMPRA', 'BULK
# MATERIALS ORDER'); not a label ('Your order') nor another kind of order ('CHANGE ORDER').
_ORDER_TITLE = re.compile(
    rf"{words.NOT_AN_ORDERS_TITLE}(?:(?:[^\W\d]+\s+){{0,2}}(?:{words.PO_TITLE}|order)|"
    # Estonian's and Finnish's purchase order: here only, as a title before its number; not
    # a page's kind, as a supplier's page labels our order with the same word
    rf"ostutellimus|ostotilaus|{words.ORDER_WORDS_ANY}|"
    # Hungarian's order ('MEGRENDELÉS' over 'Száma: …'), here only for the same reason
    r"megrendel[ée]s|"
    # French's order named by what it orders ('COMMANDE DE BÉTON PRÊT À L'EMPLOI'); not a
    # customer's or a sale's ('Commande de vente', 'Commande de la cliente')
    r"commande\s+d(?:e|u|es)\s+(?!(?:la\s+|notre\s+|votre\s+)?client(?:e|s|es)?\b|ventes?\b)"
    r"[^\W\d][^\d:]{1,40})",
    re.I,
)
# A number marker, alone or run into its value after a mark or a space ('No.', 'Nr', 'N°',
# '#', 'No. L-55018', Italian's 'n. OF26-0657'; Vietnamese's 'Số:', Greek's 'Αριθμός'); not
# the start of a word ('Norte-0045', 'NR2026-0045').
_MARKER = re.compile(
    rf"(?:(?:{words.SHORT_NUMBER})(?:\.|(?=[\s:])|$)|n\.?\s?[°º]\.?|n\.(?=\s)|#|"
    # (Greek's short 'Αρ.', Malagasy's 'Laharana')
    r"(?:number|num[ée]ro|n[úu]mero|số|αριθμ[όο][σς]|αρ\.|laharana|"
    # the word 'number' in other languages: the South Slavic languages', Hungarian's
    # ('Száma: DEB-596/2026'), Polish's, Czech's and Slovak's, Slovene's ('Številka:'),
    # Romanian's, Latvian's, Lithuanian's, German's and the Nordic languages'
    r"broj|sz[áa]ma|numer|[čc][íi]slo|[šs]tevilka|num[ăa]r(?:ul)?|numurs|numeris|nummer)"
    r"(?=[\s:]|$))"
    r"\s*:?\s*(?P<value>.*)",
    re.IGNORECASE,
)


def number_after_title(lines: list[Line], step: float) -> Found:
    """No PO label known: the reference after a number marker that follows a title naming a
    purchase order, on its line ('LOCAL PURCHASE ORDER   No.  L-55018') or right under it
    ('ORDEN DE COMPRA' over 'No. OC-4410'): the title and the marker are the label 'purchase
    order no.' that a wide space split. The title is in capitals or alone on its line. Whoever
    heads the page: the rules that use it say on which pages it is ours (rules.py)."""
    for index, line in enumerate(lines[:20]):
        for n, cell in enumerate(line.cells):
            text = cell.text.strip()
            halves = re.split(r"\s+/\s+", text)  # a title in two languages: either half
            titled = any(_ORDER_TITLE.fullmatch(half) for half in halves)
            joined = proofs.TITLE_THEN_NUMBER.fullmatch(text)
            if (
                joined
                and _ORDER_TITLE.fullmatch(joined.group(1))
                and len(re.findall(r"\d", joined.group(2))) >= 4
            ):
                # the number run on after the title in its cell ('Købsordre 106262')
                return Found(joined.group(2), 0.7, text, None, cell.ocr)
            series = proofs.TITLE_SERIES_NUMBER.fullmatch(text)
            if (
                series
                and _ORDER_TITLE.fullmatch(series["title"])
                and series["series"] == _initials(series["title"])
                and len(re.findall(r"\d", series["number"])) >= 4
            ):
                # the number after the title, in the series its initials name ('Nota de
                # Encomenda NE 2026/0747', 'Bon de commande BC 26-0412')
                return Found(f"{series['series']} {series['number']}", 0.7, text, None, cell.ocr)
            if titled and n == 0 and len(line.cells) == 2:
                bare = line.cells[1].text.strip()
                if _bare_number(bare):  # the title and its number, alone on their line
                    return Found(bare, 0.7, f"{text} {bare}", None, line.cells[1].ocr)
            # (or set at the top right beside the letterhead: 'Meridian Construction (Botswana)
            # (Pty) Ltd   Purchase Order')
            beside_letterhead = index < 3 and n == 1 and len(line.cells) == 2
            if not (text.isupper() or len(line.cells) == 1 or beside_letterhead) or not titled:
                continue
            after = _after(lines, index, n, step)
            for k, (at, marker) in enumerate(after):
                found = _marker(marker.text.strip())
                dated = found is not None and _AND_ITS_DATE.search(marker.text.strip())
                if dated and any(index < a < at for a, _ in after[:k]):
                    # a number-and-date marker under a line of its own under the title ('Votre
                    # offre' over 'N°/Date'): that line's document's number, not the order's
                    continue
                if found is None and at > index and _bare_number(marker.text.strip()):
                    # the number alone under the title, no marker ('PURCHASE ORDER' over
                    # 'MCA-21778')
                    bare = marker.text.strip()
                    return Found(bare, 0.7, f"{text} {bare}", None, marker.ocr)
                if found is None:
                    continue
                if found["value"]:
                    values = [found["value"]]
                else:
                    beside = fields.values_beside(lines, at, marker, step)
                    values = [c.text for c in beside + _boxed(lines, at, marker, step)]
                    if len(values) > 1 and not re.search(r"\d", values[0]):
                        # a row of heads: right of the marker, the next head; the marker's
                        # value is under it ('Αριθμός  Ημερομηνία' over '26-00309  19/10/2026')
                        values = values[1:]
                series = _SERIES_THEN_NUMBER.fullmatch(values[0].strip()) if values else None
                if (
                    series
                    and series["series"] == _initials(text)
                    and with_digit(series["number"]) == series["number"]
                    and _of_its_date(series["rest"])
                ):
                    # the number in the series the title's initials name, after the marker
                    # ('NOTA DE ENCOMENDA' over 'N.º  NE 2026/105')
                    value = f"{series['series']} {series['number']}"
                    return Found(
                        value, 0.7, f"{text} {marker.text.strip()} {value}", None, marker.ocr
                    )
                value = with_digit(values[0]) if values else None
                if dated and value and numbers.DATE_IN_TEXT.search(value):
                    continue  # (the date run on after a stroke: '4500083522/19.07.2026')
                alone = value and _of_its_date(values[0].strip()[len(value) :])
                if (
                    value
                    and values[0].strip().startswith(value)
                    and alone
                    and not _AMOUNT.fullmatch(value)
                ):
                    said = (
                        marker.text.strip() if found["value"] else f"{marker.text.strip()} {value}"
                    )
                    return Found(value, 0.7, f"{text} {said}", None, marker.ocr)
    return MISSING


# The year's word after a date ('25.07.2026 г.', Uzbek's '29.07.2026 y.', the South Slavic
# '03.03.2026. godine', Polish's '2026 r.').
YEARS_WORD = r"г|год|р|y|yil|god|godine|r|roku"
# The word before the date a number is of ('n. OF26-0657 del 20/08/2026', 'Nr. 1515 din
# 05.03.2026'), or a stroke, and the year's word after the date ('No 0000000436 / 25.07.2026 г.').
_OF = re.compile(
    rf"\s*(?:/\s*)?(?:(?:{words.OF_A_DATE})\s+)?(?P<date>.*?)"
    rf"(?:\s+(?:{YEARS_WORD})\.?)?",
    re.IGNORECASE,
)


def _of_its_date(rest: str) -> bool:
    """What follows the number after its marker is nothing, or the date it is of ('del
    20/08/2026'; a head's date beside it, '07/11/2026')."""
    if not rest.strip():
        return True
    date = _OF.fullmatch(rest)
    return bool(date) and bool(numbers.DATE_IN_TEXT.fullmatch(date["date"].strip()))


# A reference alone, in capitals and digits, four digits or more ('MCA-21778', '4500012345').
_BARE = re.compile(r"(?=(?:[^\d]*\d){4})[A-Z0-9][A-Z0-9/\-.]*[A-Z0-9]")


def _bare_number(text: str) -> bool:
    """The text is a reference alone (_BARE), not a date or an amount."""
    if not _BARE.fullmatch(text) or not with_digit(text) or _AMOUNT.fullmatch(text):
        return False
    return not numbers.DATE_IN_TEXT.search(text)


# The letters of a series, then a reference ('NE 2026/105', 'BC 26-0412 du 03/05/2026').
_SERIES_THEN_NUMBER = re.compile(r"(?P<series>[A-Z]{2,4})\s+(?P<number>\S*\d\S*)(?P<rest>.*)")


def _initials(title: str) -> str:
    """The initials of a title's words of three letters or more, in capitals ('Nota de
    Encomenda' -> 'NE', 'Purchase Order' -> 'PO')."""
    return "".join(word[0] for word in re.findall(r"[^\W\d_]{3,}", title)).upper()


# A marker naming the number and its date at once, their values after it the same way ('N°/Date'
# beside '4500083501 / 19.07.2026', 'Cislo / datum' over '4523789210 / 26.02.2026'): the
# date's word after the stroke.
_AND_ITS_DATE = re.compile(rf"\s*/\s*(?:date|{'|'.join(words.DATE_WORDS)})\s*:?$", re.IGNORECASE)


def _marker(text: str) -> re.Match | None:
    """A number marker and what follows it; in two languages, the last half's ('Nummer /
    Numéro  BB26-01388'); the number's and its date's marker, the number's ('N°/Date')."""
    text = _AND_ITS_DATE.sub("", text)
    parts = re.split(r"\s+/\s+", text)
    if len(parts) == 2 and " " not in parts[0].strip():
        return _MARKER.fullmatch(parts[1])
    return _MARKER.fullmatch(text)


def _after(lines: list[Line], index: int, n: int, step: float) -> list[tuple[int, Cell]]:
    """The cell after the title on its line, and the first under it below (a blank line
    between them at most, or a line with nothing under the title, or a series' word or two
    under it: 'ORDEN DE COMPRA' over 'Serie A' over 'No. 001356'), with the index of the line
    each is on."""
    title_cell, line = lines[index].cells[n], lines[index]
    cells = [(index, line.cells[n + 1])] if n + 1 < len(line.cells) else []
    # (a title in large type stands further above its number: three steps)
    for at in range(index + 1, min(index + 4, len(lines))):
        below = lines[at]
        if below.page != line.page or below.y - line.y > 3.1 * step:
            break
        under = [c for c in below.cells if c.x1 > title_cell.x0 and c.x0 < title_cell.x1]
        if not under and title_cell is line.cells[-1]:
            # a title at the right, its number set to the page's edge past it
            under = [c for c in below.cells if c.x0 >= title_cell.x0 - 2]
        one = below.cells[0]
        if len(below.cells) == 1 and at == index + 1 and (under or _marker(one.text.strip())):
            under = below.cells  # the title's number on a line of its own under it
        width = title_cell.x1 - title_cell.x0
        marks = [
            c
            for c in below.cells
            if c.x1 >= title_cell.x0 - width and c.x0 < title_cell.x1 and _bare_marker(c.text)
        ]
        if marks and not any(a > index for a, _ in cells):
            # the first row of heads under the title, its number's marker a little left of
            # the title's start ('BON DE COMMANDE' over 'Numéro  Date', their values under
            # them)
            under = marks
        elif under and (k := below.cells.index(under[0])) and _bare_marker(below.cells[k - 1].text):
            # the number under the title, its marker further left before it ('ΠΑΡΑΓΓΕΛΙΑ
            # ΑΓΟΡΑΣ' over 'Αρ.      ΠΑ-ΜΥΤ/481')
            under = [below.cells[k - 1]]
        if under and _ANOTHER_NUMBERS_HEAD.search(under[0].text.strip()):
            break  # 'Quotation No.' under the title: what is under it is the quotation's
        cells += [(at, c) for c in under[:1]]
        if under and (len(under[0].text.split()) > 2 or _marker(under[0].text.strip())):
            break
    if index and len(line.cells) == 1:
        # a title alone on its line, its number marked on the line right above it, first
        # ('N° 0683/DAF/2026   Djibouti, le 17 juillet 2026' over 'BON DE COMMANDE')
        above = lines[index - 1]
        first = above.cells[0]
        marked = _marker(first.text)
        # (four digits or more: 'No 14   Jalan Ampang' above the title is a house's number)
        if (
            above.page == line.page
            and line.y - above.y <= 2.6 * step
            and marked
            and len(re.findall(r"\d", marked["value"])) >= 4
        ):
            cells.append((index - 1, first))
    return cells


# A head naming another document's number, a word before its marker ('Quotation No.',
# 'Requisition No.', 'Devis N°'); not our order's ('PO Number', 'Order No.').
_ANOTHER_NUMBERS_HEAD = re.compile(
    r"^(?!(?:no|nr|n[°º]|order|(?:l\.?\s?)?p\.?\s?o)(?![^\W\d_]))"
    r"[^\W\d_][^\W\d_.]+\.?\s+(?:no\.?|nr\.?|n\.?\s?[°º]\.?|number|#)\s*:?$",
    re.I,
)


def _bare_marker(text: str) -> bool:
    """The text is a number marker alone ('Numéro', 'No.')."""
    found = _marker(text.strip())
    return found is not None and not found["value"]


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
            if not 1 <= len(label.split()) <= 3 or re.search(r"\d|@|www\.", label):
                continue  # (an e-mail's or a web address's words are no label's)
            if not _names_title(label, heading) or fields.is_label(label):
                continue
            if rest.strip():
                values = [rest.strip()]
            else:  # a label cell of its own, its value beside it or under it
                values = [c.text for c in fields.values_beside(lines, index, cell, step)]
            for text in values[:1]:
                value = _whole_reference(text)
                if value:
                    return Found(value, 0.7, f"{label.strip()}: {value}", None, cell.ocr)
    return MISSING


# An amount with its cents ('1234.56', '1.234$56'): money, not a document's number.
_AMOUNT = re.compile(rf"\d[\d,.' ]*[.,]\d\d|{numbers.ESCUDO}")


# A reference that names itself a purchase order's: 'PO' and its digits, run together or
# with a mark between ('PO26007790', 'PO/2026/00954', 'P.O.-4471'); not 'PO Box 1180'.
_SELF_NAMED = re.compile(r"(?<![\w/\-])P\.?O\.?[-/#]?(?=[\w/\-.]*\d{4})\d[\w/\-.]*\w(?![\w/\-])")
# Or 'PO' as one part of a reference of parts between strokes, our company's and its
# department's before it ('MCBL/PROC/PO/26/0438').
_PART_NAMED = re.compile(r"(?<![\w/\-])(?:[A-Z0-9]{2,}/)+PO/(?=[\w/\-]*\d{4})[\w/\-]*\w(?![\w/\-])")


# A label naming the document's own number, in English and other languages: 'Document
# number', 'Doc. No.', Croatian's 'Broj dokumenta', Slovene's 'Številka dokumenta', Czech's
# and Slovak's 'Číslo dokladu', Polish's 'Numer dokumentu', German's 'Belegnummer', Dutch's
# and Afrikaans' 'Documentnummer', 'Dokument Nr.', Turkish's 'Belge No' and 'Fiş No',
# Spanish's and Portuguese's 'Número de documento', French's 'N° de pièce', Italian's
# 'Numero documento', Romanian's 'Număr document'.
_DOCUMENTS_NUMBER = (
    r"(?:document|doc\.?)\s*(?:number|no\.?|nr\.?|n[°º]\.?|#)|"
    r"broj\s+dokumenta|[šs]tevilka\s+dokumenta|[čc][íi]slo\s+(?:dokladu|dokumentu)|"
    r"(?:numer|nr\.?)\s+dokumentu|beleg-?\s?(?:nummer|nr\.?)|dokument-?\s?(?:nummer|nr\.?)|"
    r"documentnummer|dokumentnommer|belge\s+no\.?|fi[şs]\s+no\.?|"
    r"n[úu]mero\s+d[eo]\s+documento|n\.?\s?[°º]\s+(?:de\s+)?(?:pi[èe]ce|documento?)|"
    r"num(?:ero|\.)?\s+doc(?:umento|\.)?|num[ăa]r\s+document"  # (and Romanian's)
)


def number_under_documents_label(lines: list[Line], step: float) -> Found:
    """No PO label known: the reference under a label naming the document's own number
    ('Document number  DOC-72037', 'Broj dokumenta:  2610-001894') above the items. On our
    own order that number is the order's; the rule holds there only (rules.py). Not a form's
    own control number, printed with its revision ('Doc. No. QF-PUR-001  Rev 02')."""
    above = [line for line in _above_items(lines) if not _FORMS_REVISION.search(line.text)]
    return _under_label(above, _DOCUMENTS_NUMBER, step)


def number_marked_first(lines: list[Line], step: float) -> Found:
    """No PO label known: the reference after the first number marker alone above the items
    ('No.    MCM/BT/1788' beside the supplier's address, 'N° :   BC-AGA-0194' under a title in
    two scripts), four digits or more, whole, not a date nor an amount. On our own order the
    first number the page marks is the order's; the rule holds there only (rules.py)."""
    above = _above_items(lines)
    for index, line in enumerate(above):
        for cell in line.cells:
            found = _marker(cell.text.strip())
            if found is None:
                continue
            if found["value"]:
                values = [found["value"]]
            else:
                values = [c.text for c in fields.values_beside(above, index, cell, step)]
            value = _whole_reference(values[0]) if values else None
            if (
                value
                and len(re.findall(r"\d", value)) >= 4
                and not numbers.DATE_IN_TEXT.search(value)
            ):
                said = cell.text.strip() if found["value"] else f"{cell.text.strip()} {value}"
                return Found(value, 0.7, said, None, cell.ocr)
    return MISSING


# A form's revision or issue, printed beside its control number ('Rev 02', 'Revision: 3',
# 'Issue 4', 'Version 1.2').
_FORMS_REVISION = re.compile(r"\b(?:rev(?:ision)?|issue|version|ver)\b\.?\s*:?\s*\d", re.I)


def number_under_works_order_label(lines: list[Line], step: float) -> Found:
    """No PO label known: the reference under a label naming a works or a job order's number
    ('W.O. No.', 'Works Order No.', 'JO No.') above the items. On our own order for works
    that number is the order's; the rule holds there only (rules.py)."""
    return _under_label(_above_items(lines), _WORKS_ORDERS_NUMBER, step)


def _under_label(lines: list[Line], label: str, step: float) -> Found:
    """The whole reference under the label (`_whole_reference`), found, never proven."""
    found = fields.find(lines, [label], _whole_reference, step)
    return Found(found.value, 0.7, found.source, None, found.ocr) if found.value else MISSING


_WORKS_ORDERS_NUMBER = r"(?:w\.?\s?o\.?|works?\s+order|j\.?\s?o\.?|job\s+order)" + fields.NO


def _whole_reference(text: str) -> str | None:
    """The text is one reference with a digit, whole ('51 094,00' is no number '51'), and no
    amount; after the label's colon, where a column of them stands apart (': SAS.2026.000901')."""
    text = re.sub(r"^\s*:\s*", "", text)
    value = with_digit(text)
    return value if value and value == text.strip() and not _AMOUNT.fullmatch(value) else None


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


# A purchase order's number named in a sentence ('This letter is our Local Purchase Order No.
# MCU/LPO/26/0895; quote it on ...'): its words, a number marker, a reference of three digits
# or more.
_PO_IN_WORDS = re.compile(
    r"(?<!\w)(?:local\s+purchase\s+order|purchase\s+order|L\.?P\.?O\.?)\s+"
    r"(?:no\.?|number|n[°º]\.?|#)\s*:?\s*(?=[\w/\-.]*\d{3})([A-Z0-9][\w/\-.]*[A-Za-z0-9])(?![\w/\-])",
    re.IGNORECASE,
)


# Words that make an order a sentence names another than the page's: one it replaces, follows
# or cancels.
_ANOTHER_ORDER = re.compile(
    r"\b(?:replac|supersed|further\s+to|follow|cancel|amend|previous|earlier|instead|revis)",
    re.IGNORECASE,
)


def number_in_words(lines: list[Line], step: float) -> Found:
    """The one purchase order's number the page's sentences name ('This letter is our Local
    Purchase Order No. MCU/LPO/26/0895'), in a cell of six words or more (a sentence, not a
    label and its value) that names no order it replaces, follows or cancels; none when two
    differ."""
    named: dict[str, Cell] = {}
    for line in lines:
        for cell in line.cells:
            if len(cell.text.split()) < 6 or _ANOTHER_ORDER.search(cell.text):
                continue
            for match in _PO_IN_WORDS.finditer(cell.text):
                named.setdefault(match[1], cell)
    if len(named) != 1:
        return MISSING
    ((value, cell),) = named.items()
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
    """How many of the line's cells are numbers (a date is not one, nor a number after a
    label's colon in a cell of its own, as an OCR may part them: 'NUI:  811452309')."""
    return sum(
        1
        for n, cell in enumerate(line.cells)
        if re.fullmatch(r"[\d.,\s%€$£R-]*\d[\d.,\s%]*", cell.text)
        and not numbers.DATE_IN_TEXT.fullmatch(cell.text.strip().rstrip("."))  # '2026.10.05.'
        and not (n and _field_label(line.cells[n - 1].text))
    )


def _field_label(text: str) -> bool:
    """A label with its colon that no item table heads a column with ('NUI:', not 'Qty:')."""
    return text.rstrip().endswith(":") and column_key(text.rstrip().rstrip(":")) is None


def issued_by_us(lines: list[Line], buyer_names: tuple[str, ...]) -> bool:
    """Our own company's name heads the page, as its letterhead: the first cell of one of its
    first three lines, after a logo's letter (a customer block beside a supplier's letterhead
    is not)."""
    return any(
        validate.is_buyer(_after_logo(line.cells), buyer_names) for line in lines[:3] if line.cells
    )


def ours_alone(lines: list[Line], buyer_names: tuple[str, ...]) -> bool:
    """The page is our own document, surely: our name heads it (`issued_by_us`) with no other
    company's name above it and no label before it on its line or on the line above
    ('Client : Meridian …', 'Bill To' over 'Meridian …' under a supplier's letterhead), and
    it is not titled the supplier's own document about our order ('SALES ORDER', 'ORDER
    ACKNOWLEDGEMENT', 'CONFIRMATION DE COMMANDE')."""
    if proofs.their_title(lines):
        return False
    for n, line in enumerate(lines[:3]):
        if not line.cells:
            continue
        text = _after_logo(line.cells)
        if validate.is_buyer(text, buyer_names):
            label, colon, _ = text.partition(":")
            above = lines[n - 1].text.strip() if n else ""
            labelled = bool(colon) and not validate.is_buyer(label, buyer_names)
            return not labelled and not (above and _A_PARTYS_LABEL.fullmatch(above))
        if validate.ends_in_legal_form(text.strip()):
            return False  # another company's letterhead
    return False


def titled_ours(
    lines: list[Line], buyer_names: tuple[str, ...], known: tuple[str, ...] = ()
) -> bool:
    """The page is titled our purchase order ('ORDEN DE COMPRA', 'BESTELBON'; not Spanish's
    'PEDIDO' alone, as often a supplier's sales order), names no order of ours as a supplier's
    document does ('Su pedido', 'Ihre Bestellung', `proofs.names_our_order_text`), and no
    other company heads it: none of the first cells of its first three lines, after a logo's
    letter, is a company's name that is not ours nor our group's (`_ours_or_a_bank`), nor
    one of the office's suppliers. Our group's company abroad heads it ('MERIDIAN
    CONSTRUCCIONES EL SALVADOR, S.A. DE C.V.'), or a public body that buys ('VILLE DE
    MONT-CLAIRVAL'), or nobody: the number after its title is the order's."""
    titles = proofs.our_titles(lines) + _our_titles_numbered(lines)
    titles += [t for t in proofs.title_cells(lines) if _ORDER_WORDS_ANY.fullmatch(t.strip())]
    if not [t for t in titles if not _PEDIDO_ALONE.fullmatch(t.strip())]:
        return False
    if any(proofs.names_our_order_text(cell.text) for line in lines for cell in line.cells):
        return False
    above = ""
    for line in lines[:3]:
        if not line.cells:
            continue
        text = _after_logo(line.cells).strip()
        label, colon, _ = text.partition(":")
        if colon and len(label.split()) <= 3 and not _legal_end(label.strip()):
            above = ""
            continue  # a party under its label ('Supplier: Velmor Trading'), no letterhead
        if validate.is_known(text, known) and not validate.is_buyer(text, buyer_names):
            return False
        names = [text, label.strip(), " ".join(label.split()[:-1])]  # ('… S.A.S. NIT: 900…')
        if _wrapped_ours(above, text, buyer_names):
            names = []
        if any(_legal_end(name) and not _ours_or_a_bank(name, buyer_names) for name in names):
            return False
        above = "" if colon or _legal_end(text) else text
    return True


def _wrapped_ours(above: str, text: str, buyer_names: tuple[str, ...]) -> bool:
    """Our group's name run on to the next line, its legal form there ('MERIDIAN
    CONSTRUCCIONES' over 'ECUADOR S.A.'): the line above holds no legal form nor digit, and
    this one a word or three and the form."""
    if not above or re.search(r"\d", above) or len(text.split()) > 4 or not _legal_end(text):
        return False
    name = f"{above} {text}"  # (ours or our group's: a bank's name is no letterhead of ours)
    return not _BANK.search(name) and _ours_or_a_bank(name, buyer_names)


_PEDIDO_ALONE = re.compile(r"pedido", re.IGNORECASE)
_ORDER_WORDS_ANY = re.compile(words.ORDER_WORDS_ANY, re.IGNORECASE)


def _our_titles_numbered(lines: list[Line]) -> list[str]:
    """Titles of our purchase order with its number run on in their cell ('Købsordre
    106262', 'Nota de Encomenda NE 2026/0747'): the title without it."""
    titles = []
    for text in proofs.title_cells(lines):
        for pattern in (proofs.TITLE_THEN_NUMBER, proofs.TITLE_SERIES_NUMBER):
            joined = pattern.fullmatch(text.strip())
            if joined and proofs.is_our_title(joined.group(1)):
                titles.append(joined.group(1))
    return titles


# A line that labels the party under it ('Bill To', 'Customer:', 'Sold to').
_A_PARTYS_LABEL = re.compile(
    r"[^\W\d][\w .'/-]{0,30}:|(?:bill|sold|ship|invoice|deliver)\s+to", re.I
)


def _after_logo(cells: list[Cell]) -> str:
    """The first cell's text; a logo's letter before our name ('M  Meridian ...') is the name's
    initial, and the name after it is the first cell."""
    first = cells[0].text.strip()
    if len(first) == 1 and len(cells) > 1 and cells[1].text.strip()[:1].upper() == first.upper():
        return cells[1].text
    return cells[0].text


# A letter's or a mail's greeting before the name it is written to.
_GREETING = re.compile(r"^(?:dear|hello|hi)\s+(?=\S)", re.IGNORECASE)


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
                text = cell.text.strip().rstrip(",;").rstrip()  # (a letter's address line's comma)
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
                # (or greeted in a mail's first line: 'Dear Athi River Cement Ltd, please ...')
                town += [_GREETING.sub("", part) for part in town if _GREETING.match(part)]
                # (or a part of a line parted by strokes or dots: a web page's title,
                # 'Bestelling WEB-4422970 | Bouwmaterialen Kempenland B.V.')
                town += [part.strip() for part in re.split(r"\s[|·]\s", text)[1:]]
                # (or its legal form in a cell of its own after it, in smaller print:
                # 'STELLENBERG FENCING & GATES  (Pty) Ltd')
                after = line.cells[position + 1 : position + 2]
                form = [c.text.strip() for c in after if validate.is_legal_form(c.text)]
                names = (*(f"{text} {rest}" for rest in form), text, *town)
                for name in (*(f"{text} {rest.strip()}" for rest in under), *names):
                    if validate.is_known(name, known) or (
                        cell.ocr and validate.like_known_name(name, known)
                    ):
                        conf = round(0.7 * (0.6 + 0.4 * cell.conf), 3)
                        # a name printed in capitals is the office's own spelling of it, and
                        # one printed without its legal form ('SEVERN VALE SOLAR') the one
                        # known company's name with it
                        spelt = next((k for k in known if k.lower() == name.lower()), None)
                        alike = [k for k in known if validate.is_known(name, (k,))]
                        if spelt is None and not validate.ends_in_legal_form(name):
                            spelt = alike[0] if len(alike) == 1 else None
                        spelt = spelt or name
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


# A number's marker between a word and its code ('Job No. CM-LMB03', 'Project Nr. GL-082').
# (with its point or colon: Portuguese's 'obra no IC19' is 'the works on the IC19'; and a
# code that starts with the letters, 'Project NORD-12', keeps them)
_ITS_NUMBER = r"(?i:(?:(?:no|nr)\s*[.:]|n[°º]\.?)\s*:?\s*)?"
# A site's code named in the words of a line, by the word 'Project' or 'Site' before it, or
# 'site' after it ('Drasa industrial sheds - Project FJ-LTK01', 'Meridian Construction -
# WHK-11 site office'): a word in capitals and digits (with a hyphen after 'site', as 'PPE2
# site induction' names none), checked apart from the words (no pattern backtracks on it).
# (in the languages' words too: 'Objet : chantier WF-FUT03 - Réservoir d'eau de Leava')
_NAMED_BEFORE = re.compile(
    rf"(?<![^\W\d_])(?i:project|site|{'|'.join(words.PROJECT_WORDS)})\s+{_ITS_NUMBER}"
    r"([A-Z][A-Z0-9-]{2,14})(?![\w-])"
)
# Above the items, the job's too ('Limbe Regional Hospital extension (Job No. CM-LMB03)'),
# not the supplier's ('your job VT-2291', 'as per job no. WS-4471'); not under the items,
# where a supplier's foot names its own job ('CalLab LIMS - job KCS-26-05400').
_JOB_NAMED = re.compile(
    rf"(?<![^\W\d_])(?<!(?i:your)\s)(?<!(?i:per)\s)(?i:job)\s+{_ITS_NUMBER}"
    r"([A-Z][A-Z0-9-]{2,14})(?![\w-])"
)
_NAMED_AFTER = re.compile(r"(?<![\w-])([A-Z][A-Z0-9-]{2,14})\s+(?i:site)\b")
_SITE_CODE = re.compile(r"[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)*")


def _site_code(word: str, hyphen: bool) -> bool:
    return bool(_SITE_CODE.fullmatch(word) and re.search(r"\d", word)) and (
        "-" in word or not hyphen
    )


def project_in_words(lines: list[Line], site_codes: tuple[str, ...]) -> Found:
    """No project label known, and no known site's code: a code the words above the items
    name a project's, a site's or a job's ('... - Project FJ-LTK01' under 'Deliver to'); with
    none there, one the words under them name a project's or a site's (the terms' 'Lugar de
    entrega: ... obra CBA-LAB-07'); the one such code, none where two differ."""
    above = _above_items(lines)
    named = _named_codes(above, (_NAMED_BEFORE, _JOB_NAMED))
    if not named:
        # under the items, only where the words speak of the delivery (the terms' 'Lugar de
        # entrega: … obra CBA-LAB-07'), not of a standard or a rule ('site COVID-19
        # protocols', 'the project NEC4 ECC'); no item's line
        delivery = [
            line
            for line in lines[len(above) :]
            if _DELIVERY.search(line.text) and _numbers(line) < 2
        ]
        named = _named_codes(delivery, (_NAMED_BEFORE,))
    if len(named) != 1:
        return MISSING
    ((code, cell),) = named.items()
    return Found(code, 0.6, cell.text.strip(), None, cell.ocr)


# A delivery's words, in English and other languages ('deliver', 'entrega', 'livraison',
# 'livrare', 'Lieferung', 'consegna', 'pristatymas', 'levering', 'leverans', 'dostawa').
_DELIVERY = re.compile(
    r"(?<![^\W\d_])(?:deliver|entreg|livr|liefer|consegn|pristatym|lever|dostaw|dostav|isporu)",
    re.IGNORECASE,
)


def _named_codes(lines: list[Line], before: tuple[re.Pattern, ...]) -> dict[str, Cell]:
    """The codes the lines' words name, by a word before them or 'site' after, each with the
    first cell that names it."""
    named: dict[str, Cell] = {}
    for line in lines:
        for cell in line.cells:
            found = [
                *(m.group(1) for pattern in before for m in pattern.finditer(cell.text)
                  if _site_code(m.group(1), False)),
                *(m.group(1) for m in _NAMED_AFTER.finditer(cell.text)
                  if _site_code(m.group(1), True)),
            ]  # fmt: skip
            for code in found:
                named.setdefault(code, cell)
    return named


def _above_the_head(lines: list[Line]) -> list[Line]:
    """The first page's lines above the item table's head (three cells or more that name its
    columns), where a grid of figures above it ('Data  Cliente  Confirmação n.º' over a date,
    an account and a number) would end `_above_items` before it; none where no such head is
    on the page."""
    for index, line in enumerate(lines):
        if line.page != lines[0].page:
            break
        if sum(column_key(cell.text) is not None for cell in line.cells) >= 3:
            return lines[:index]
    return []


def project_known_code(lines: list[Line], site_codes: tuple[str, ...]) -> Found:
    """No project label known: a cell above the items that is one of the known sites' codes;
    else a word of one ('Site DBN07, goods receiving' under 'Deliver to')."""
    known = {validate.code_key(code) for code in site_codes} - {""}
    above = _above_the_head(lines) or _above_items(lines)
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


# What follows a company's name on the registration line at a page's foot ('Registered in
# Ireland No. 214587', 'VAT No.', 'Directors:', 'Inscrita no Rexistro Mercantil de Lugo',
# 'KvK', 'HRB 1234', 'RCS Luxembourg').
_REGISTERED = re.compile(
    r"(?<![^\W\d_])(?:registered|reg(?:istration)?\.?\s*no|company\s+(?:no|number|reg)|"
    r"vat\s+(?:no|reg)|directors?|inscrit[ao]|regist[ro]o|rexistro|kvk|hrb|amtsgericht|rcs|"
    r"handelsregister)(?![^\W\d_])",
    re.IGNORECASE,
)


def supplier_registered_at_foot(lines: list[Line], buyer_names: tuple[str, ...]) -> Found:
    """No supplier found above the items: the company whose name, ending in its legal form,
    starts the registration line at the first page's foot ('Barrow Valley Builders Providers
    Ltd | Registered in Ireland No. 214587 | VAT No. …'): the page's issuer, never our own
    company. Found by its place, so never proven."""
    check = fields.supplier_checker(buyer_names)
    page = _first_page(lines)
    for line in reversed(page[len(page) // 2 :]):
        text = line.text
        mark = _REGISTERED.search(text)
        if not mark:
            continue
        head = re.split(r"\s[|·•]\s|\s{2,}", text[: mark.start()].strip(" |·•,;-–"))[-1]
        value = check(head) if _legal_end(head) else None
        if value and not validate.is_buyer(value, buyer_names):
            return Found(value, 0.6, text, None, line.ocr)
    return MISSING


_ARABIC_COMPANY = re.compile(r"(?:شركة|مؤسسة)\s")


def supplier_addressed(lines: list[Line], buyer_names: tuple[str, ...]) -> Found:
    """No supplier found otherwise: the company the page is addressed to, its name after 'M/s'
    or 'Messrs' at the start of a line of the first page ('To,' over 'M/s Rewa Power
    Equipments Pvt. Ltd.,'), read from the top: on our own order, the supplier; never our
    own company (a supplier's page addressed to us). Found by its place, so never proven."""
    check = fields.supplier_checker(buyer_names)
    page = _first_page(lines)
    for line in page:
        text = line.cells[0].text.strip() if line.cells else ""
        if not fields.MESSRS.match(text):  # 'M/s', 'Messrs', 'السادة/'
            continue
        value = check(text)
        # a company's name, ending in its legal form or, in Arabic, starting with the word for
        # a company or an establishment (شركة, مؤسسة): not a person, a post or a subject
        named = value and (_legal_end(value) or _ARABIC_COMPANY.match(value))
        company = named and ":" not in value
        if company and not _ours_or_a_bank(value, buyer_names):
            return Found(value, 0.6, text, None, line.ocr)
    return MISSING


# Between a company's name and what follows it on the line that gives its address,
# registration or phone ('Holzbau Fankhauser GmbH · Gewerbestraße 14 · 6272 Kaltenbach',
# 'Corio Bay Skips & Waste Pty Ltd - ABN 41 623 118 902 - 9 Hume Court').
_COMPANY_LINE_BREAK = re.compile(r"\s[·•|]\s|\s[-–—]\s")


# A label's colon or a time of day ('Receiving Mon-Fri 7:00 a.m.'): not a company's name.
_NOT_A_NAME = re.compile(r":|\b[ap]\.\s?m\.?$", re.IGNORECASE)
# Words of a sentence that names a company, never of a company's name ('Powered by Sage …
# Ltd', 'Payment to Velmor Timber Ltd', 'A member of the Harlow Group Ltd'), and a number
# standing alone ('Page 1 of 2 - Velmor Timber Ltd').
_A_SENTENCES = re.compile(
    r"(?<![^\W\d_])(?:by|to|from|via|is|are|was|our|your|per|with|member|division|\d+)"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


def _listed(head: str) -> bool:
    """A comma before the name's legal form: names listed ('J Smith, P Naidoo - Meridian
    Holdings Ltd'), or a person's post before it ('John Smith, Buyer, Velmor Timber Ltd');
    not the comma before the legal form itself ('Azulejos de Triana, S.L.')."""
    parts = head.split()
    for k in (3, 2, 1):
        if len(parts) > k and validate.is_legal_form(" ".join(parts[-k:])):
            return "," in " ".join(parts[:-k]).rstrip(",")
    return "," in " ".join(parts[:-1]).rstrip(",")


def supplier_company_line(lines: list[Line], buyer_names: tuple[str, ...]) -> Found:
    """No supplier found otherwise: the company whose name, ending in its legal form, starts a
    line of the first page and is followed there by its address, registration or phone after
    a mark between them (the foot's 'Boomkwekerij Van Damme-De Smet bv - Kouterstraat 41, 9080
    Lochristi - Ondernemingsnr. …', a letter's return address over the window 'Holzbau
    Fankhauser GmbH · Gewerbestraße 14 · 6272 Kaltenbach'), read from the foot up: the page's
    issuer or the party it is addressed to, never our own company. Found by its place, so
    never proven."""
    check = fields.supplier_checker(buyer_names)
    page = _first_page(lines)
    for line in reversed(page):
        text = line.cells[0].text.strip() if line.cells else ""
        for mark in _COMPANY_LINE_BREAK.finditer(text):
            head = text[: mark.start()].strip(" ,;")
            if not _legal_end(head) or not text[mark.end() :].strip():
                continue
            if _NOT_A_NAME.search(head) or _A_SENTENCES.search(head) or _listed(head):
                break  # a label's, a time's, a sentence's or a list's words: no company's line
            value = check(head)
            if value and not _ours_or_a_bank(value, buyer_names):
                return Found(value, 0.6, text, None, line.ocr)
            break  # the line's company is ours, a bank or not one
    return MISSING


# Words that name another party's part than the page's issuer: a carrier's, an agent's, an
# insurer's, a parent company's.
_ANOTHER_ROLE = re.compile(
    r"(?:ship(?:ped)?\s+via|carrier|forwarder|agent|insured\s+by|(?:a\s+)?(?:division|member|"
    r"part|subsidiary)\s+of|c/o|care\s+of|on\s+behalf\s+of|represented\s+by)\b",
    re.IGNORECASE,
)
# A fax's or a mail's sender's label ('From: Boland Brick Works (Pty) Ltd'), in English,
# German, French, Spanish, Portuguese, Italian, Dutch, Polish and Swahili.
_SENT_FROM = re.compile(r"^(?:from|von|de|da|van|od|kutoka)\s*:\s*", re.IGNORECASE)


def supplier_heading_their_page(lines: list[Line], buyer_names: tuple[str, ...]) -> Found:
    """No supplier label read, on a page titled the supplier's own document about our order
    ('PRO FORMA INVOICE', 'SALES ORDER', 'ORDER CONFIRMATION'): the company whose name, ending
    in its legal form, heads the page in one of its first three lines ('Pennine Fixings Ltd'
    over its address, a fax's 'From: Boland Brick Works (Pty) Ltd'): the page's issuer; never
    our own company nor a bank. Found by its place, so never proven."""
    if not proofs.their_title(lines):
        return MISSING
    check = fields.supplier_checker(buyer_names)
    for line in _first_page(lines)[:3]:
        if not line.cells:
            continue
        text = _SENT_FROM.sub("", _after_logo(line.cells).strip())
        if ":" in text or _ANOTHER_ROLE.match(text):
            continue  # another party under its label ('Ship via: DSV Road (Pty) Ltd')
        value = check(text)
        if value and _legal_end(value) and not _ours_or_a_bank(value, buyer_names):
            return Found(value, 0.6, line.cells[0].text.strip(), None, line.ocr)
    return MISSING


# A letter's or a mail's closing, in English, Afrikaans, German, French, Spanish, Portuguese,
# Italian, Dutch, Polish and Swahili ('Best regards,', 'Mit freundlichen Grüßen').
_SIGN_OFF = re.compile(
    r"(?:(?:best|kind|warm|with\s+best)\s+)?regards|thanks?(?:\s+you)?|"
    r"yours\s+(?:faithfully|sincerely|truly)|sincerely|(?:vriendelike\s+)?groete|"
    r"mit\s+freundlichen\s+gr[üu](?:ß|ss)en|(?:bien\s+)?cordialement|"
    r"(?:un\s+)?saludos?(?:\s+cordiales)?|atentamente|(?:melhores\s+)?cumprimentos|"
    r"(?:distinti\s+)?saluti|met\s+vriendelijke\s+groet(?:en)?|pozdrawiam|"
    r"(?:wako\s+)?(?:kwa\s+)?heshima|salamu",
    re.IGNORECASE,
)
# A signatory's line under the company it signs for ('for Shree Ganesh Steel Traders Pvt.
# Ltd.' over 'Authorised Signatory').
_SIGNS_FOR = re.compile(r"for\s+(?P<name>\S.*)", re.IGNORECASE)
_SIGNATORY = re.compile(r"authori[sz]ed\s+signator(?:y|ies)", re.IGNORECASE)


def supplier_signing_off(lines: list[Line], buyer_names: tuple[str, ...]) -> Found:
    """No supplier found otherwise: the company, ending in its legal form, that signs the
    page: its name in the lines under a letter's or a mail's closing ('Best regards,' over
    'Ubuntu Steel Fixers (Pty) Ltd'), or after 'for' over 'Authorised Signatory'. The page's
    writer: where that is our own company (our order sent by mail), none. Found by its
    place, so never proven."""
    check = fields.supplier_checker(buyer_names)
    for index, line in enumerate(lines):
        first = line.cells[0].text.strip() if line.cells else ""
        signs_for = _SIGNS_FOR.fullmatch(first)
        signed = signs_for is not None and any(
            _SIGNATORY.search(below.text) for below in lines[index + 1 : index + 3]
        )
        if signed:
            value = check(signs_for["name"])
            if value and _legal_end(value):
                ours = _ours_or_a_bank(value, buyer_names)
                return MISSING if ours else Found(value, 0.6, first, None, line.ocr)
        if not _SIGN_OFF.fullmatch(first.rstrip(",.!")):
            continue
        for below in lines[index + 1 : index + 5]:
            if below.page != line.page or not below.cells:
                break
            text = below.cells[0].text.strip()
            if _ANOTHER_ROLE.match(text):
                continue  # ('a division of Massmart Holdings Ltd', 'Insured by Santam Ltd')
            value = check(text.split("|")[0].strip())  # ('Thandi Jacobs | Buyer')
            if value and _legal_end(value):
                ours = _ours_or_a_bank(value, buyer_names)
                return MISSING if ours else Found(value, 0.6, text, None, below.ocr)
    return MISSING


def _ours_or_a_bank(name: str, buyer_names: tuple[str, ...]) -> bool:
    """Our own company; a company of our group, its name starting with the word ours starts
    with ('Meridian Bau GmbH' beside 'Meridian Construction (Pty) Ltd'), where that word is
    no word of any company's; or a bank (the foot's 'Zenith Bank Plc - Acct No: …')."""
    if validate.is_buyer(name, buyer_names) or _BANK.search(name):
        return True
    first = validate.company_key(name).split()[:1]
    ours = {key.split()[0] for key in map(validate.company_key, buyer_names) if key}
    return bool(first) and first[0] in ours - _ANY_COMPANYS and len(first[0]) >= 4


# A bank's name: 'Zenith Bank Plc', 'Nedbank Ltd', 'Commerzbank AG', 'Banco …', 'Sparkasse …'.
_BANK = re.compile(r"bank|(?<![^\W\d_])(?:banco|banque|banca|sparkasse)(?![^\W\d_])", re.I)
# Words any company's name may start with: no sign of our group.
_ANY_COMPANYS = {
    "construction", "constructions", "building", "builders", "general", "national", "united",
    "international", "group", "groupe", "grupo", "gruppo", "company", "compagnie", "societe",
    "sociedad", "sociedade", "societa", "the", "first", "new",
}  # fmt: skip


def _first_page(lines: list[Line]) -> list[Line]:
    return [line for line in lines if line.page == lines[0].page] if lines else []


def _legal_end(name: str) -> bool:
    """The name ends in a company's legal form ('… Ltd', '… Louzao, S.L.', '… Sp. z o.o.')."""
    parts = name.split()
    return validate.ends_in_legal_form(name) or any(
        len(parts) > k and validate.is_legal_form(" ".join(parts[-k:])) for k in (1, 2, 3)
    )
