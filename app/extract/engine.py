"""The built-in engine: any document to positioned lines, then to a PO or DN payload.

Text PDFs give lines from pypdf's layout text; photos and pages without a
text layer go through OCR; from there one set of rules finds the kind of
document, its header fields, its item table and its foot, and checks the
sums. Every field comes with a confidence and the text it was read from;
every rule that guessed or put right a value is in `rules_applied` and in
that field's `source` (rules.py lists them).

Never silently wrong: a field is either proven or flagged with
`low_confidence:<field>` (and a sum that fails adds `totals_mismatch`).
What proves each field (proofs.py checks it, nothing else does):

- po_number / dn_number: read beside or under a label that names it ('PO
  Number', 'Order No.', 'Bestelnommer', 'Our Ref'; not a bare 'Order' or a
  title), with a digit in it, and not a label word or a date; read by OCR,
  it must read the same again where it was printed, enlarged.
- po_date / dn_date: read by a date label, parses, and lies within three
  years back and one year ahead of the options' today.
- supplier_name: read by a supplier label, and not a label word, our own
  company (INTAKE_BUYER_NAMES), an address, a phone or e-mail, or a
  registration line; read by OCR, it must also be a known supplier's name.
  One found by its place (under our return address) is never proven.
- project_code: read by a project label, and a known site's code or alias;
  from a text layer also one shaped like the known codes (not a letter or a
  look-alike away from one); with no site known, letters and digits.
- currency: a Currency label, or the amounts' symbols or codes naming one
  currency; a document naming none is in the office's own (ZAR).
- subtotal: read, and the items add up to it; where the prices include the tax,
  the items add up to the total and subtotal + tax = total.
- tax: read, subtotal + tax = total (both read), and no more than the
  subtotal; where the prices include the tax, the items add up to the total.
- total: read, and subtotal (or the items) + the tax read = total; where the
  prices include the tax, the items add up to it. Not where the foot goes on
  under it to another total with a charge or a deduction between (the tax is
  doubted then too: totals.foot_goes_on).
- items: read under a header row, each with a quantity and an amount, each
  line's quantity x price less discount = amount, adding up to the stated
  subtotal (or total less tax), and no number made or put right by a rule.

A value worked out or put right by a rule is never proven, and a value read
by OCR is proven only when the OCR was sure of it (confidence at least LOW).

A PO whose first page matches a layout learned from a verified PO is read at
that layout's places too (memory/recall.py), before the proofs: a value found
at its learned place counts as found under its label, nothing more, and is
proven or flagged by the same checks as any other. What the verified document
showed of its layout holds for the next: prices that include the tax, and
which way round its numeric dates are written.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import replace
from decimal import Decimal
from functools import partial

from app import numbers
from app.extract import (
    accents,
    checks,
    countries,
    fields,
    ocr,
    paired,
    pdf,
    proofs,
    reading,
    rules,
    second_look,
    split_money,
    structure,
    tables,
    totals,
    unlabelled,
    validate,
)
from app.extract import vocabulary as words
from app.extract.document import Document, ExtractionError, ExtractOptions
from app.extract.layout import (
    Cell,
    Line,
    box_lines,
    box_scale,
    date_order,
    pages_of_sheet,
    text_lines,
    typical_step,
)
from app.extract.memory import places, recall
from app.extract.memory.words import keep as keep_words
from app.extract.model import MISSING, Found, Item, Trail
from app.extract.second_look import OcrPage
from app.extract.tables import RawRow

# Below this an OCR reading is not proven: a person checks it.
LOW = proofs.LOW
PO_FIELDS = (
    "po_number",
    "po_date",
    "supplier_name",
    "project_code",
    "subtotal",
    "tax",
    "total",
    "currency",
)
# The office's own currency: what a document naming none is priced in.
OWN_CURRENCY = "ZAR"
# The rates of value-added tax the office's country charges (and zero-rating).
OWN_VAT_RATES = frozenset({"15", "0"})
DN_FIELDS = ("dn_number", "dn_date", "po_number", "supplier_name", "project_code")
KINDS = [
    ("delivery_note", r"delivery\s+note|delivery\s+slip|dispatch\s+note|goods\s+delivery|waybill"),
    ("purchase_order", words.PO_TITLE),
    ("quotation", r"quotation|\bquote\b|pro\s*-?\s*forma|estimate"),
    ("credit_note", r"credit\s+note"),
    ("invoice", r"(?:tax\s+)?invoice"),
    ("statement", r"statement(?:\s+of\s+account)?"),
]
NOT_A_PO = {
    "quotation": "This looks like a quotation, not a purchase order. Upload the PO itself.",
    "invoice": "This looks like an invoice, not a purchase order. Upload the PO itself.",
    "credit_note": "This looks like a credit note, not a purchase order. Upload the PO itself.",
    "statement": "This looks like a statement, not a purchase order. Upload the PO itself.",
    "delivery_note": (
        "This looks like a delivery note, not a purchase order. Upload it as a delivery note."
    ),
}


def document_lines(document: Document) -> tuple[list[Line], int, str]:
    """The document's lines, its page count, and how they were read (text or the OCR engine)."""
    options = document.options
    if document.content_type != "application/pdf":
        image, boxes = ocr.read_image(
            ocr.load_image(document.path),
            options.ocr_engine,
            options.timeout,
            options.ocr_language,
        )
        _remember(lines := box_lines(boxes), OcrPage(image, 0.0, *box_scale(boxes), tuple(boxes)))
        return split_money.join_cents(lines), 1, f"ocr:{options.ocr_engine}"
    reader = pdf.open_pdf(document.path)
    lines: list[Line] = []
    source = "text"
    extra = 0  # pages printed two to a sheet: each sheet's second page numbered after its first
    for number in range(len(reader.pages)):
        y0 = lines[-1].y + 4 if lines else 0.0
        page = text_lines(pdf.page_text(reader, number), number + extra, y0)
        if not page:
            image = pdf.page_image(reader, number)
            if image is not None:
                seen, boxes = ocr.read_image(
                    image, options.ocr_engine, options.timeout, options.ocr_language
                )
                page = box_lines(boxes, number + extra, y0)
                _remember(page, OcrPage(seen, y0, *box_scale(boxes), tuple(boxes)))
                source = f"ocr:{options.ocr_engine}"
            lines.extend(page)
            continue
        extra += add_sheet(lines, page)
    # ('80,887  32' under 'KSHS  CTS': one amount)
    return split_money.join_cents(lines), len(reader.pages), source


def add_sheet(lines: list[Line], sheet: list[Line]) -> int:
    """A text page's lines added after `lines`; a sheet printed with two pages side by side
    as the two, the second numbered and placed after the first. How many pages more than one
    the sheet held."""
    first, *more = pages_of_sheet(sheet, tables.column_key)
    lines.extend(first)
    for part in more:
        shift = lines[-1].y + 4 - part[0].y
        page = lines[-1].page + 1
        lines.extend(replace(line, y=line.y + shift, page=page) for line in part)
    return len(more)


def _remember(lines: list[Line], page: OcrPage) -> None:
    """Keep the OCR'd page with its lines, for a second look at numbers it missed."""
    for line in lines:
        line.ocr_page = page


# A title naming what is ordered ('BULK MATERIALS ORDER', 'ACCOUNT ORDER'): a purchase order,
# unless it names another kind of order (`words.NOT_AN_ORDERS_KIND`).
_KIND_OF_ORDER = re.compile(rf"{words.NOT_AN_ORDERS_TITLE}(?:[^\W\d]+\s+){{1,2}}order$", re.I)


# A kind's name with a number marker after it labels a reference ('Quote No.', 'Invoice #'):
# a supplier's order confirmation cites its quotation so, and is no quotation.
_NUMBER_MARK = r"(?:no\.?|nr\.?|number|#|ref\.?)"
_NUMBERS_ONE = re.compile(rf"^(\S+(?:\s+\S+)?)\s+{_NUMBER_MARK}\s*:?$", re.I)


def document_kind(lines: list[Line]) -> str | None:
    """The kind its title names, reading from the top; None when no title says.

    A title is a short cell that starts with the kind's name: 'PURCHASE ORDER',
    'Delivery Note', not 'please quote our order number on all delivery notes'; or a
    title-like cell (in capitals, or alone on its line) that ends with it after a word or
    two saying which ('SITE PURCHASE ORDER'), so a 'Quotation' label further down does not
    name a titled order; 'Your Quotation' or 'Send invoice' is a label, not a title.
    A kind with a number marker ('Quote No.') is a label too, unless no other title is
    read and it is printed in capitals ('PURCHASE ORDER No.  PO-4521'); a cell of a table's
    header row is a column's head, not a title.
    """
    # a table's header row (four cells or more, two of them naming its columns: 'Discount',
    # 'VAT' beside an 'Invoice' of 'Allow Invoice Discount'): none of its cells is a title,
    # but one in capitals may be ('TAX INVOICE  No.  Ref  Date')
    # nor is a label's value ('Your ref.:  Quotation Q52197')
    cells = [
        (line, cell)
        for line in lines[:20]
        for n, cell in enumerate(line.cells)
        if not (_header_row(line) and cell.text.upper() != cell.text)
        and not (n and line.cells[n - 1].text.rstrip().endswith(":"))
    ]
    marks = [(pair, _NUMBERS_ONE.search(pair[1].text.strip())) for pair in cells]
    marked = [pair for pair, mark in marks if mark]
    capitals = [pair for pair, mark in marks if mark and mark.group(1).isupper()]
    for line, cell in [pair for pair in cells if pair not in marked] + capitals:
        # a web page's title before its site's name ('Order confirmation | Acme Trade')
        text = cell.text.strip().split(" | ")[0]
        if len(text.split()) > 5 and not (len(line.cells) == 1 and text.isupper()):
            continue  # a sentence, not a title; a title in capitals alone on its line may be long
        titled = len(line.cells) == 1 or text.upper() == text
        for kind, pattern in KINDS:
            if re.match(rf"(?:{pattern}){_PARTY_AFTER}", text, re.IGNORECASE):
                continue  # a party's label ('Invoice address', 'Deliver to'), not a title
            if text.upper() != text and re.match(rf"(?:{pattern})\s*:", text, re.I):
                continue  # a label, its value after it ('Pasūtījums piegādātājam: PP-2026/0044')
            if re.match(rf"(?:{pattern})\b", text, re.IGNORECASE):
                return kind
            qualified = rf"(?!{words.NOT_A_QUALIFIER}\b)(?:[^\W\d]+\s+){{1,2}}(?:{pattern})$"
            if titled and re.match(qualified, text, re.IGNORECASE):
                return kind
        if titled and _KIND_OF_ORDER.match(text):
            return "purchase_order"
    return None


# After a kind's name, the words that make it a party's or a place's label, or a reference's
# ('Quotation reference', as an order names the quotation it follows).
_PARTY_AFTER = r"\s+(?:address|to|details|contact|reference)\b"


def _header_row(line: Line) -> bool:
    """A table's header row: four cells or more, two of them naming a table's columns."""
    named = sum(1 for cell in line.cells if tables.column_key(cell.text))
    return len(line.cells) >= 4 and named >= 2


def _decimal_comma(lines: list[Line]) -> bool:
    """Whether the page writes a decimal comma: more amounts with cents after a comma than
    after a point; with no cents at all, amounts grouped in thousands by points ('$ 1.592.585',
    as currencies with no cents print them), or, where no more amounts are grouped by commas
    than by points, more numbers with a tenth after a comma than after a point (a quantity of
    '12,5' beside francs with no cents, '27 144')."""
    text = "\n".join(line.text for line in lines)
    commas = len(re.findall(r"\d,\d{2}(?![\d,.])", text))
    points = len(re.findall(r"\d\.\d{2}(?![\d,.])", text))
    if not commas and not points:
        grouped = re.findall(r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?![\d.,])", text)
        tenths = re.findall(r"(?<![\d.,])\d+,\d(?![\d.,])", text)
        if len(_THOUSANDS_BY_COMMA.findall(text)) > len(_THOUSANDS_BY_POINT.findall(text)):
            return False  # whole amounts grouped by commas ('4,000'): a cable's '2,5 mm' aside
        # (more tenths after a comma than after a point: a program's version, 'Shitje 3.4',
        # is one)
        return len(grouped) >= 2 or len(tenths) > len(_POINT_TENTH.findall(text))
    return commas > points


_POINT_TENTH = re.compile(r"(?<![\d.,])\d+\.\d(?![\d.,])")
_THOUSANDS_BY_COMMA = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d.,])")
_THOUSANDS_BY_POINT = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.,])")
# A mark before three digits and no more: a thousands' group, or the third decimal of a
# currency with three ('16.836' lek, '1 786,880' dinars).
_MARK_BEFORE_THREE = re.compile(r"\d[.,]\d{3}(?![\d])")


def _decimal_mark(lines: list[Line], step: float, trail: Trail) -> tuple[bool, bool]:
    """Whether the page writes a decimal comma (`_decimal_comma`), and whether a rule chose
    the mark: where no amount has cents and a point or comma stands before three digits, the
    mark may be either, and `decimal_mark_by_lines` may choose the other, recorded in the
    trail."""
    comma = _decimal_comma(lines)
    text = "\n".join(line.text for line in lines)
    if _CENTS.search(text) or not _MARK_BEFORE_THREE.search(text):
        return comma, False
    for rule in rules.stage("decimal", any(line.ocr for line in lines)):
        chosen = rule.function(comma, lambda mark: reading.lines_holding(lines, step, mark))
        if chosen is not None and chosen != comma:
            trail.note(rule.name, "items", "a decimal comma" if chosen else "a decimal point",
                       rule.purpose)  # fmt: skip
            return chosen, True
    return comma, False


# The part of a cell that gives an amount's value in another money for information only, from
# its word (and a money's code or sign right before it) to the cell's end: an equivalent, a
# rate of exchange ('ZAR equivalent (rate 20.12): R 174,440.00 - for customs purposes only',
# 'For information: approx. USD 3,361.11 at 18.20 ZAR/USD', 'Equivalente en $ al T.C.
# 39,224', 'Cotización US$ BNA del día: $ 1.244,03', 'Exchange rate: 20.1234' after
# 'Currency: EUR'): it names no money of the order's. Not a product's 'or approved
# equivalent' (its prices after it are the order's).
_CODES = "|".join(numbers.CURRENCY_CODES)
_COUNTER_VALUE = re.compile(
    rf"(?:(?:\b(?:{_CODES})\s+|(?<![^\W\d_])[A-Z]{{0,2}}\$\s*)?"
    r"(?<!or\s)(?<!approved\s)(?<!oder\s)(?<!ou\s)(?<!o\s)"
    r"(?i:equivalen[tc]e?|[ée]quivalent)(?!\s+(?:product|item|brand|make|model))"
    r"|(?i:for\s+(?:information|customs)|contre-?valeur|gegenwert|tegenwaarde|exchange\s+rate|"
    r"rate\s+of\s+exchange|tipo\s+de\s+cambio|taux\s+de\s+change|wechselkurs|"
    r"\b(?:curs|kurz|kurs)\s+(?:BNR|ČNB|CNB|NBP|NBS|BNB)\b|"  # (a central bank's rate of the day)
    r"cotizaci[óo]n\s+(?:del?\s+)?(?:US\$|U\$S|USD|d[óo]lar)|"
    r"approx(?:\.|imately)?\s+(?:[A-Z]{3}\b|[$€£]|R\s?\d))"
    rf"|\bT\.C\.|\b(?:{_CODES})/(?:{_CODES})\b).*"
)


def _currency(lines: list[Line]) -> tuple[Found, int]:
    """The currency by its label, else by the symbols or codes beside the amounts, else the
    office's own; and how many currencies the document names. The part of a line that gives
    a value in another money for information (_COUNTER_VALUE) names none."""
    found = fields.find(lines, fields.PO_LABELS["currency"], fields.currency, typical_step(lines))
    text = "\n".join(
        "  ".join(_COUNTER_VALUE.sub("", cell.text) for cell in line.cells) for line in lines
    )  # (within its cell: 'US$ equivalent … US$ 2,871.25' beside 'TOTAL BZ$  5,742.50')
    named = fields.currencies_named(text)
    if found.value == "USD" and not re.search(r"US\$|U\$S|USD", found.source or ""):
        # a currency label's '$' alone ('Moneda: Pesos ($)') is any dollar's or peso's sign,
        # as beside the amounts: the country the page names or dials says which, flagged
        return _dollar(text, any(line.ocr for line in lines)), len(named)
    if not found.value and (bolivar := _bolivar(text, named)) is not None:
        return bolivar, len(named)
    if not found.value:
        symbol = fields.detect_currency(text)
        unnamed = None if symbol else fields.money_mark_unnamed(text)
        krona = _by_dialling(text, _KRONA_BY_DIALLING) if unnamed == "kr" else None
        if krona:  # the krona or krone of the country the page's phones dial, flagged
            found = Found(krona, proofs.LOW - 0.1, f"kr: the page's phones dial {krona}'s")
            return found, len(named)
        krona = _krona_by_address(text) if unnamed == "kr" else None
        if krona:  # or whose e-mail and web addresses it prints, flagged too
            found = Found(krona, proofs.LOW - 0.1, f"kr: the page's addresses are {krona}'s")
            return found, len(named)
        if unnamed and (yen_or_yuan := _yen_or_yuan(text)) is not None:
            return yen_or_yuan, len(named)  # ('85,574円')
        if unnamed and (code := _country_currency(text)):
            # a mark not known here beside the amounts ('2 140 800 Ar'), on a page from one
            # country: that country's money, flagged
            doubt = f"'{unnamed}' beside the amounts, and {_abroad(text)}: {code}, that country's"
            return Found(code, proofs.LOW - 0.1, doubt), len(named)
        if unnamed:  # flagged: a person says which
            found = Found(None, 0.0, f"'{unnamed}' beside the amounts names no one currency")
            return found, len(named)
        ocr = any(line.ocr for line in lines)
        if not symbol:
            return _unknown_dollar(text) or _no_sign(text, ocr), len(named)
        found = Found(symbol, 0.8, symbol)
        if _CFA.search(text) and symbol not in ("XAF", "XOF"):  # '1 EUR = 655,957 FCFA'
            doubt = f"{symbol}: the page names the CFA franc too"
            return Found(symbol, proofs.LOW - 0.1, doubt), len(named)
        if _bolivares_too(text) and symbol not in ("VES", "BOB"):
            # an amount marked 'Bs.' (once: an OCR may have lost the others) or prices said
            # in bolívares, beside a rate's or a reference's 'USD': a person says which
            doubt = f"{symbol}: the page marks an amount 'Bs.' or names bolívares too"
            return Found(symbol, proofs.LOW - 0.1, doubt), len(named)
        if fields.by_one_small_code(text, symbol):
            doubt = f"{symbol}: by its code in small letters beside one amount only"
            return Found(symbol, proofs.LOW - 0.1, doubt), len(named)
        coded = re.search(rf"(?<![A-Za-z]){symbol}(?![A-Za-z])", text)
        if symbol == "USD" and not coded and not re.search(r"US\$", text):
            return _dollar(text, ocr), len(named)
        if symbol == "USD" and not coded and _another_dollar(text):
            # '$' beside the amounts, 'US$' only in a rate, and another country's dollar named
            # in words or with its letters ('Prices in Bahamian dollars (B$1 = US$1)'): that
            # country's, flagged, as the page names two dollars
            dollar = _dollar(text, ocr)
            doubt = f"{dollar.source}; the page names the US dollar too"
            return Found(dollar.value, proofs.LOW - 0.1, doubt, None, ocr), len(named)
        if symbol == "RON" and not coded and _country_currency(text) == "MDL":
            # 'lei' on a page from Moldova: its leu, flagged
            return Found("MDL", proofs.LOW - 0.1, "lei: the page is Moldova's"), len(named)
        if symbol in fields.MARKED_ONLY and not coded and not re.search(r"WS\$", text):
            # a mark that is also a word or a state's letters ('SAT', 'VT', 'DA'): flagged
            doubt = f"{fields.MARKED_ONLY[symbol]}: by its mark, no code names the currency"
            return Found(symbol, proofs.LOW - 0.1, doubt), len(named)
        if symbol == "MAD" and not coded and _by_dialling(text, {"212": "MAD"}) is None:
            # 'DH' after the amounts: Morocco's dirham, or another country's written so
            doubt = "DH: no code and no Moroccan phone says whose dirham"
            return Found(symbol, proofs.LOW - 0.1, doubt), len(named)
        if symbol == "CVE" and not coded and not _cape_verdean(text):
            # the escudo's '$' alone ('95.534$00'): Cape Verde's escudo all the same, flagged
            doubt = "$ before the centavos: no code, and the page names no escudos"
            return Found(symbol, proofs.LOW - 0.1, doubt), len(named)
        if symbol == "INR" and not coded and not _INDIA.search(text):
            # 'Rs' is the rupee of India, Pakistan, Sri Lanka, Mauritius...: India's own sign,
            # its GST's marks or its rupee in words say which; else a person does
            rupee = _by_dialling(text, _RUPEE_BY_DIALLING)
            if rupee:  # the country the phones are in: its rupee, flagged
                found = Found(rupee, proofs.LOW - 0.1, f"Rs: the page's phones dial {rupee}'s")
                return found, len(named)
            rupee = _country_currency(text)
            if rupee in _RUPEE_BY_DIALLING.values():  # or the one its addresses name, flagged
                doubt = f"Rs: {_abroad(text)}, and {rupee} is that country's rupee"
                return Found(rupee, proofs.LOW - 0.1, doubt), len(named)
            found = Found(symbol, proofs.LOW - 0.1, "Rs: no code names which country's rupee")
            return found, len(named)
        doubt = None
        unmarked = fields.money_mark_unnamed(text)
        if ocr and not coded and fields.times_named(text, symbol) < 2:
            doubt = "one sign on a photo"  # one '$' may be an 'S' misread: a person checks it
        elif ocr and not coded and not fields.beside_a_number(text, symbol):
            doubt = "beside no amount"  # signs by no amount are letters misread ('č.' as '€.')
        elif not coded and not fields.beside_a_number(text, symbol) and _another(unmarked, symbol):
            # a word of a name ('EURO INSTAL GRUP SA'), another mark beside the amounts ('lei')
            doubt = f"beside no amount, and '{unmarked}' is beside the amounts"
        if doubt:
            found = Found(symbol, proofs.LOW - 0.1, f"{symbol}: {doubt}", None, True)
    if found.value == "CAD" and found.confidence >= proofs.LOW and not _canadian(text):
        # 'C$' alone is the sign of Canada's dollar and of Nicaragua's córdoba: a person says
        doubt = "C$: Canada's dollar or Nicaragua's córdoba, and no code says which"
        return Found("CAD", proofs.LOW - 0.1, doubt, None, found.ocr), len(named)
    return found, len(named)


# 'Bs.' before an amount ('Bs' right before it), or after a money word ending a column's head
# ('TOTAL Bs. 8.763,73', 'Precio Unit. Bs.', 'Total Bs.'): the bolívar of Venezuela or the
# boliviano of Bolivia; not a unit's 'Bs' (bags) in its own column.
_MONEY_HEAD = r"(?i:total|precio|unit|importe|monto|valor|subtotal|price|amount)\.?"
_BS = re.compile(
    rf"(?<![\w-])(?:Bs(?= ?{fields.AMOUNT})|Bs\.(?= *{fields.AMOUNT}))|"
    rf"(?<![\w-]){_MONEY_HEAD} Bs\.?(?= {{2,}}|[ \t]*$)",
    re.MULTILINE,
)
# Another currency's code or a dollar's sign after a money word ('Precio USD', 'Total $us'): the
# items priced in it.
_CODE_HEAD = re.compile(
    rf"{_MONEY_HEAD}\s+\(?(?:(?:{'|'.join(numbers.CURRENCY_CODES)})\b|US\$|\$)"  # ('P.U. $us')
)
# What says which: the money in words, the country's name, its addresses' ending, its central
# bank's initials (Venezuela's rate of exchange of the day is the BCV's).
_BS_COUNTRY = {
    "VES": re.compile(r"bol[ií]vares|\bBCV\b|\bVenezuela\b|\.ve\b", re.IGNORECASE),
    "BOB": re.compile(r"bolivianos|\bBolivia\b|\.bo\b", re.IGNORECASE),
}
_BS_BY_DIALLING = {"58": "VES", "591": "BOB"}
_BS_IN_WORDS = {"VES": re.compile(r"bol[ií]vares", re.I), "BOB": re.compile(r"bolivianos", re.I)}
# 'Bs.' before a number, or 'Bs' before an amount with its cents (not '(Bs 100)', bags)
_BS_ONCE = re.compile(rf"(?<![\w-])(?:Bs\. ?\d|Bs ?{fields.AMOUNT})")


def _bolivares_too(text: str) -> bool:
    """An amount marked 'Bs.' anywhere, or Venezuela's or Bolivia's money named in words."""
    return bool(_BS_ONCE.search(text)) or any(w.search(text) for w in _BS_IN_WORDS.values())


def _bolivar(text: str, named: set[str]) -> Found | None:
    """Amounts marked 'Bs.' (twice or more): Venezuela's or Bolivia's money, as the page's words,
    addresses or phones say; sure only where it names that money in words and no other
    currency (a rate's 'por USD' beside it is a second one). Neither said: a person says which.
    None where no amount is marked so, or where a money column's head names another currency
    ('Precio USD': a total in bolívares beside it is a conversion)."""
    if len(_BS.findall(text)) < 2 or _CODE_HEAD.search(text):
        return None
    said = {code for code, words in _BS_COUNTRY.items() if words.search(text)}
    said |= {_by_dialling(text, _BS_BY_DIALLING)} - {None}
    if len(said) != 1:
        return Found(None, 0.0, "'Bs.' beside the amounts: Venezuela's or Bolivia's, none says")
    (code,) = said
    if _BS_IN_WORDS[code].search(text) and not named - {code}:
        return Found(code, 0.8, f"Bs.: {code}, the money the page names in words")
    others = sorted(named - {code})
    why = f"the page names {others[0]} too" if others else "no code or words name it"
    return Found(code, proofs.LOW - 0.1, f"Bs.: {code} by the page's country; {why}")


# 'US$' beside an amount with its cents ('US$ 1,250.00', '1,250.00 US$'): the amounts' own.
_US_AMOUNT = re.compile(rf"US\$[ \t]*{fields.AMOUNT}|{fields.AMOUNT}[ \t]*US\$")


def _another_dollar(text: str) -> bool:
    """Another country's dollar named in words or with letters no currency known here has
    ('B$'), and 'US$' beside none of the amounts (only in a rate: 'B$1 = US$1')."""
    other = fields.dollar_in_words(text) not in (None, "USD") or _unknown_dollar(text)
    return bool(other) and not _US_AMOUNT.search(text)


# A rarer currency's code, or one that is also a word or a unit ('KGS', 'TMT', 'SDG', 'BND'):
# the amount printed beside it, or the money word it follows ('Unit price (OMR)', 'Prices in
# KWD').
_MONEY_WORD = r"(?i:amounts?|totals?|prices?|rates?|values?|costs?|currency)"
_RARE_CODES = frozenset(numbers.OTHER_CURRENCY_CODES + numbers.WORDLIKE_CURRENCY_CODES)


def _named_by_the_total(currency: Found, total: Found | None) -> tuple[Found, str | None]:
    """The currency the total's own label names ('Totali me TVSH (ALL):', 'Order Total USD'),
    where the currency read is another: the total's, where that was read in the page's words
    (a bank account's 'EUR', a counter-value's) and the total's amount prints no mark of its
    own; flagged where the code is also a word ('TOTAL (ALL)'). Else the currency read,
    doubted: the label and the rest disagree. With the doubt, if any."""
    if total is None or total.value is None or total.rule:
        return currency, None
    *_, label, amount = ["", *re.split(r"\s{2,}", (total.source or "").strip())]
    match = _CODE_IN_LABEL.search(label)
    code = match and (match["code"] or match["ending"])
    if not code or code == currency.value:
        return currency, None
    if currency.rank is not None or fields.detect_currency(amount):
        return currency, f"the total's label names {code}"
    sure = proofs.LOW - 0.1 if code in numbers.WORDLIKE_CURRENCY_CODES else 0.8
    return Found(code, sure, f"{code}, as the total's label names it"), None


# A currency's code in a label: in brackets, any ('(ALL)'); ending it, one that is no word.
_CODE_IN_LABEL = re.compile(
    rf"\(\s*(?P<code>{'|'.join(numbers.CURRENCY_CODES + numbers.WORDLIKE_CURRENCY_CODES)})\s*\)"
    rf"|(?<![\w-])(?P<ending>{'|'.join(numbers.CURRENCY_CODES)})\s*:?\s*$"
)


def _rare_code_proven(
    currency: Found, lines: list[Line], found: dict[str, Found], items: list[Item], comma: bool
) -> Found:
    """A rarer currency's code, or one that is also a word, read in the page's words and not
    under a currency label, is sure only beside an amount the page reads as money (an item's
    price, the total), or, a rarer one, after a money word ('Total (OMR)'); else it is a
    weight ('1,250.00 KGS', 'Total KGS 1,250.00'), a bar ('TMT 12.00 mm') or a goal ('SDG
    6'): flagged, a person says which. The items' unit ('12 BND', bundles) is none: the
    currency is read as if no code were printed."""
    code = currency.value
    if code not in _RARE_CODES or currency.rank is not None or currency.confidence < proofs.LOW:
        return currency
    text = "\n".join(line.text for line in lines)
    if not re.search(rf"(?<![\w/-]){code}(?![\w-])", text):
        return currency  # named by its own sign, not its code ('18.495.369,97 дин.')
    if any((item.unit or "").upper() == code for item in items):  # a unit: 'BND', bundles
        return _no_sign(text, any(line.ocr for line in lines))
    wordlike = code in numbers.WORDLIKE_CURRENCY_CODES  # ('Total KGS 1,250.00' is a mass)
    if not wordlike and re.search(rf"{_MONEY_WORD}\s*(?:\(|:|in\s+)?\s*{code}(?![\w-])", text):
        return currency
    printed = re.findall(
        rf"(?<![\w/-]){code} ?({fields.AMOUNT})|({fields.AMOUNT}) ?{code}(?![\w-])", text
    )
    money = {found.get(k, MISSING).value for k in ("subtotal", "tax", "total")}
    money |= {value for item in items for value in (item.amount, item.unit_price)}
    money = {numbers.parse_money(value) for value in money if value}
    if code == "CVE":  # and the amounts printed with the escudo's '$' ('Total (CVE)  271$00')
        printed += [(amount, "") for amount in re.findall(numbers.ESCUDO, text)]
    for before, after in printed:
        try:
            if numbers.parse_money(before or after, decimal_comma=comma) in money:
                return currency
        except ValueError:
            continue
    doubt = f"{code}: by its code beside no amount read as money"
    return Found(code, proofs.LOW - 0.1, doubt, None, currency.ocr)


# The escudo named in words or by its older letters ('Total ECV', '... noventa e nove
# escudos').
_ESCUDOS = re.compile(r"(?<![^\W\d_])(?:ECV|escudos?)(?![^\W\d_])", re.IGNORECASE)


def _cape_verdean(text: str) -> bool:
    """The page names the escudo, or is from Cape Verde (its phones, addresses or name)."""
    return bool(_ESCUDOS.search(text)) or _country_currency(text) == "CVE"


# What makes 'Rs' India's rupee: its own sign, its GST's identifiers and parts, or in words.
_INDIA = re.compile(r"₹|\bGSTIN\b|\b[CSI]GST\b|indian\s+rupees?", re.IGNORECASE)


_OWN_UNSAID = "no currency printed: the office's own"


def _no_sign(text: str, ocr: bool) -> Found:
    """No currency by a code or sign beside the amounts: the dollar the page names in words
    ('All amounts in Canadian dollars'), else the money of the one country the page's phones
    and addresses are in (flagged), else the office's own; on a photo that guess is flagged,
    since the OCR may have lost the signs."""
    code = fields.dollar_in_words(text)
    if code:
        return Found(code, 0.8, f"{code} as the page names it in words")
    yen_or_yuan = _yen_or_yuan(text)
    if yen_or_yuan is not None:
        return yen_or_yuan
    if _CFA.search(text):  # the franc of two unions: the page's phones say which, flagged
        code = _by_dialling(text, _CFA_BY_DIALLING)
        if code:
            return Found(code, proofs.LOW - 0.1, f"FCFA: the page's phones dial {code}'s")
        return Found(None, 0.0, "FCFA: the franc of Central or of West Africa, no code says which")
    code = _country_currency(text)
    if code:  # the money of the one country the page's phones and addresses are in, flagged
        doubt = f"no currency printed, and {_abroad(text)}: {code}, that country's"
        return Found(code, proofs.LOW - 0.1, doubt, None, ocr)
    if ocr:
        return Found(OWN_CURRENCY, proofs.LOW - 0.1, "none read: the office's own", None, True)
    abroad = _abroad(text)
    if abroad:  # a page from another country prices in its own: a person says which
        return Found(OWN_CURRENCY, proofs.LOW - 0.1, f"no currency printed, and {abroad}")
    if not _has_cents(text):  # the office's own is priced in cents: another's may not be
        doubt = "no currency printed, and no amount has cents"
        return Found(OWN_CURRENCY, proofs.LOW - 0.1, doubt)
    signs = _NAMELESS_SIGN.findall(text)
    if len(signs) >= 2:  # a sign the office's money is not printed with ('¢ 1,234.50')
        doubt = f"'{signs[0]}' before the amounts, the sign of no currency known here"
        return Found(OWN_CURRENCY, proofs.LOW - 0.1, doubt)
    mark = fields.money_mark_in_head(text)
    if mark:  # ('Total comandă (lei):')
        return Found(OWN_CURRENCY, proofs.LOW - 0.1, f"'{mark}' names the total's money, no code")
    return Found(OWN_CURRENCY, 0.7, _OWN_UNSAID)


# The one sign of the yen and the yuan ('¥', full-width '￥') beside an amount, and each one's
# own character after an amount ('85,574円', '24,923.51元'; not '元請', a main contractor) or
# in a column's brackets ('金額（円）'), and the yuan's names ('人民币', 'RMB'): a page in
# Japanese writes kana beside its kanji, a page in Chinese none.
_YEN_SIGN = re.compile(r"[¥￥] ?\d|\d ?[¥￥]")
_YEN = re.compile(r"\d ?円|[(（]円[)）]")
_YUAN = re.compile(r"人民[币幣]|(?<![A-Za-z])RMB(?![A-Za-z])|\d ?元|[(（]元[)）]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _yen_or_yuan(text: str) -> Found | None:
    """The yen or the yuan, by the characters of its name after the amounts, or by the sign
    they share on a page in Japanese (the yen) or in Chinese (the yuan, flagged unless the
    page names it); else None."""
    kana = bool(_KANA.search(text))
    if _YEN.search(text) and not _YUAN.search(text):
        return Found("JPY", 0.8, "円 after the amounts")
    if _YUAN.search(text) and not kana:
        return Found("CNY", 0.8, "the page names the yuan (人民币, RMB or 元)")
    if not _YEN_SIGN.search(text):
        return None
    if kana:
        return Found("JPY", 0.8, "¥ on a page in Japanese")
    if _HAN.search(text):
        return Found("CNY", proofs.LOW - 0.1, "¥ on a page in Chinese: the yuan, no name says so")
    return None


# A currency's sign before an amount, of the signs (Unicode's) no currency is known here by:
# the cedi's or the colón's bare '¢', the yen's or the yuan's '¥', the baht's '฿'.
_NAMELESS_SIGN = re.compile(
    r"(?<![\w$])([{}]) ?(?=\d)".format(
        re.escape("".join(c for c in numbers.SIGNS if fields.currency(f"{c}1,234.50") is None))
    )
)


# An amount with its cents ('1 234.56', '1.234,56'; not a date's '12.07.2026'), not a
# measure's or a share's ('11.70 m', '2.50 %').
_CENTS = re.compile(
    r"\d[.,]\d\d(?!\d|[.,]\d)(?! ?(?:%|(?:mm|cm|km|kg|ml|m[23²³]?|t|l|g)(?![^\W\d_])))",
    re.IGNORECASE,
)


def _tax_rate_not_ours(found: dict[str, Found], items: list[Item], lines: list[Line]) -> str | None:
    """Where no currency is printed and the office's own is taken: the tax the foot prints at
    a rate the office's country does not charge, worked out from the sums ('VAT Amount
    2,497.45' on '20,812.07', 12 %), says the page is another country's, whose money it may
    be priced in. None where the tax is the office's rate of the net sum or of the gross (the
    items' sum where neither is read), where the sums do not add up (a discount, a delivery or
    a levy between them), or where the page names the office's rate ('VAT (15% on 800.00)':
    some of the goods zero-rated)."""
    currency = found.get("currency", MISSING)
    if currency.source != _OWN_UNSAID or currency.rank:  # (the office's own, taken unsaid)
        return None
    amounts = [checks.cents(found.get(k, MISSING).value) for k in ("subtotal", "tax", "total")]
    subtotal, tax, total = (None if a is None else Decimal(a) / 100 for a in amounts)
    if not tax or tax <= 0:
        return None
    if (subtotal is None) != (total is None):
        return None  # (one of the sums unread: a discount or a charge may lie between them)
    if subtotal is not None and abs(subtotal + tax - total) > Decimal("0.01"):
        return None
    text = " ".join(line.text for line in lines)
    if any(re.search(rf"(?<![\d.,]){own}(?:[.,]0+)?\s?%", text) for own in OWN_VAT_RATES - {"0"}):
        return None
    if subtotal is None and total is None:  # the items' sum, net or gross
        sums = [checks.cents(item.amount) for item in items]
        if not sums or None in sums:
            return None
        subtotal, total = Decimal(sum(sums)) / 100, Decimal(sum(sums)) / 100
    bases = [b for b in (subtotal, total - tax if total else None) if b and b > 0]
    rates = [tax * 100 / base for base in bases]
    if not rates or any(
        abs(rate - Decimal(own)) < Decimal("0.6") for rate in rates for own in OWN_VAT_RATES
    ):
        return None
    rate = f"{rates[0]:.1f}".rstrip("0").rstrip(".")
    return f"no currency printed, and the tax is {rate} % of the sums: not the office's country's"


def _has_cents(text: str) -> bool:
    """An amount with its cents on the page, its dates aside ('12.07.26')."""
    return bool(_CENTS.search(numbers.DATE_IN_TEXT.sub(" ", text)))


# The office's own country's dialling code: a phone with another is from abroad.
OWN_DIALLING_CODE = "27"
OWN_DOMAIN = "za"
# The country an e-mail or web address is registered in, by its last part ('.com.ec'); some
# countries' parts are taken by anyone ('.io', '.co', '.me') and say no country.
_COUNTRY_DOMAIN = re.compile(r"(?:@|\bwww\.)[\w-]+(?:\.[\w-]+)*\.([a-z]{2})(?![\w.-]*\w)")
_ANY_COUNTRYS_DOMAINS = frozenset({"co", "io", "ai", "me", "tv", "fm", "ly", "to", "cc", "ws"})
# ('(+53) 7 204 6630': the code in brackets, a phone's digits after it; not '(+40)' after a size)
_DIALLING = re.compile(r"(?<![\w+])\+(\d{1,3})(?=[\s(\-.]|\) ?\d+[ -]\d)")  # '+27 21', '+27 (0)21'
# Letters of scripts other than the Latin alphabet: Greek, Cyrillic, Armenian, Hebrew, Arabic,
# the Indian scripts, Thai, Georgian, the Korean, Japanese and Chinese ones.
_OTHER_SCRIPT = re.compile(
    r"[\u0370-\u03ff\u0400-\u052f\u0530-\u06ff\u0900-\u0e7f"
    r"\u10a0-\u10ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]"
)


# Other countries' money named in words ('ONE HUNDRED SIX THOUSAND ... PESOS AND 12/100 ONLY').
_MONEY_IN_WORDS = re.compile(
    # (in the plural, as an amount in words names them: 'Euro Tiles' is a company)
    r"(?<![^\W\d_])(?:pesos|dollars|euros|shillings|francs|dinars|dirhams|rupees|rupiah|"
    r"ringgit|baht|kwacha|naira|cedis|birr|tenge|yuan|renminbi|riyals|liras|z[łl]otys|"
    r"forints|kroner|kronor|kronur|rubles|roubles|hryvnias|taka|meticais|kwanzas|soles)"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


# An amount in words ('Twenty Thousand and Ten Euro Only'), where a currency is named in the
# singular too (not words an order says otherwise: 'sum', 'real', 'won').
_AMOUNT_IN_WORDS = re.compile(r"\b(?:hundred|thousand|million|only)\b", re.IGNORECASE)
_MONEY_NAMED = re.compile(
    r"(?<![^\W\d_])(?:peso|dollar|euro|shilling|franc|dinar|dirham|rupee|ringgit|kwacha|"
    r"naira|cedi|tenge|yuan|riyal|rial|lira|z[łl]oty|forint|krone|krona|ruble|rouble|hryvnia|"
    r"kwanza|dram|lari|manat|rupiah|baht)s?"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


def _money_in_words(text: str) -> str | None:
    """Another country's money named in words: in the plural anywhere, or in the singular on
    a line of an amount in words."""
    found = _MONEY_IN_WORDS.search(text)
    if found:
        return found.group()
    for line in text.splitlines():
        found = _MONEY_NAMED.search(line) if _AMOUNT_IN_WORDS.search(line) else None
        if found:
            return found.group()
    return None


def _dialled(text: str) -> set[str]:
    """The dialling codes of other countries the page's phones carry ('+593')."""
    return {code for code in _DIALLING.findall(text) if code != OWN_DIALLING_CODE}


def _foreign_domains(text: str) -> set[str]:
    """The country domains of other countries its e-mail and web addresses end in ('ec')."""
    return set(_COUNTRY_DOMAIN.findall(text.lower())) - _ANY_COUNTRYS_DOMAINS - {OWN_DOMAIN}


def _krona_by_address(text: str) -> str | None:
    """The krona or krone of the one country the page's e-mail and web addresses end in or
    its addresses name ('.no', 'Norge'), or None."""
    code = countries.currency_of(set(), _foreign_domains(text) | _countries_named(text))
    return code if code in set(_KRONA_BY_DIALLING.values()) else None


def _country_currency(text: str) -> str | None:
    """The currency of the one other country the page's phones dial, its e-mail and web
    addresses end in and its addresses name ('+593', '.com.ec', 'Quito, Ecuador'), if they
    name one; else None."""
    dialled, domains = _dialled(text), _foreign_domains(text) | _countries_named(text)
    return countries.currency_of(dialled, domains) if dialled or domains else None


def _countries_named(text: str) -> set[str]:
    """The other countries the page names (an address's 'Tegucigalpa, Honduras'), by their
    domains."""
    return countries.named(text) - {OWN_DOMAIN}


def _abroad(text: str) -> str | None:
    """What shows a page is from another country than the office's: a phone with another
    country's dialling code, an e-mail or web address of another country's, words in another
    script, or another country's money named in words; else None."""
    codes = _dialled(text)
    if codes:
        return f"a phone dials +{sorted(codes)[0]}"
    domains = _foreign_domains(text)
    if domains:
        return f"an e-mail or web address ends in .{sorted(domains)[0]}"
    if named := _countries_named(text):
        return f"the page names another country (.{sorted(named)[0]})"
    money = _money_in_words(text)
    if money:
        return f"the page names {money.lower()} in words"
    tax = _foreign_tax(text)
    if tax:
        return f"the page names a tax the office's country does not charge ('{tax}')"
    if len(_OTHER_SCRIPT.findall(text)) >= 20:
        return "the page is written in another script"
    return None


def _dollar(text: str, ocr: bool) -> Found:
    """Amounts marked '$' and no code: the dollar the page names in words ('prices are in
    Australian dollars'); else the US dollar, flagged, since many countries write '$'."""
    code = fields.dollar_in_words(text)
    if code:
        return Found(code, 0.8, f"$: {code} as the page names it in words")
    unknown = _unknown_dollar(text)
    if unknown is not None:
        return unknown
    if re.search(r"U\$S|US\$", text):  # the US dollar's own mark beside the '$' ('TOTAL U$S')
        return Found("USD", proofs.LOW - 0.1, "$: the page marks the US dollar's too ('U$S')")
    code = _by_dialling(text, _DOLLAR_BY_DIALLING)
    if code:  # the country the phones are in: its '$', flagged all the same
        return Found(code, proofs.LOW - 0.1, f"$: the page's phones dial {code}'s country")
    domains = {
        _DOLLAR_BY_DOMAIN[d] for d in _DOMAIN.findall(text.lower()) if d in _DOLLAR_BY_DOMAIN
    }
    if len(domains) == 1:  # the country of the page's e-mail and web addresses, flagged too
        code = domains.pop()
        return Found(code, proofs.LOW - 0.1, f"$: the page's addresses are in {code}'s country")
    named = {code for code, country in _DOLLAR_COUNTRIES.items() if country.search(text)}
    if not named and (code := countries.currency_of(set(), _countries_named(text))):
        named = {code}  # the money of the one other country the page names ('Alofi, Niue')
    if len(named) == 1:  # the one country with a dollar the page names, flagged too
        code = named.pop()
        return Found(code, proofs.LOW - 0.1, f"$: the page names {code}'s country")
    if _CANADIAN_TAX.search(text):  # flagged too: the tax's name is a sign, not a code
        return Found("CAD", proofs.LOW - 0.1, "$: the page names Canada's sales taxes")
    if _COLOMBIAN_MONEY.search(text):  # flagged too, as Canada's
        return Found("COP", proofs.LOW - 0.1, "$: the page names Colombia's taxes or its money")
    return Found("USD", proofs.LOW - 0.1, "$: no code names which country's dollar", None, ocr)


# A dollar written with its country's letters ('J$', 'NZ$', 'TT$'), and the letters of those
# the engine knows (fields.py; 'US$' and Uruguay's or Argentina's 'U$S' are the US dollar's).
_LETTERED_DOLLAR = re.compile(r"(?<![A-Za-z$])([A-Z][A-Za-z]{0,2})\$(?!S)")


def _unknown_dollar(text: str) -> Found | None:
    """A dollar written with letters that name no currency known here ('TT$', 'EC$', 'BZ$'):
    a country's own, left for a person; else None."""
    prefixes = {p for p in _LETTERED_DOLLAR.findall(text) if not fields.known_dollar(p)}
    if prefixes:
        return Found(None, 0.0, f"'{sorted(prefixes)[0]}$' names a dollar not known here")
    return None


def _by_dialling(text: str, currencies: dict[str, str]) -> str | None:
    """The one currency of `currencies` (by dialling code) the page's phones name; else None."""
    named = {currencies.get(code) for code in _DIALLING.findall(text)} - {None}
    return named.pop() if len(named) == 1 else None


# Sales taxes only Canada levies (the harmonized tax, Quebec's, the federal one in French),
# named with a rate or a registration.
_CANADIAN_TAXES = r"\b(?:HST|QST|TPS|TVQ)\b\s*"
_RATE = r"\d{1,2}(?:[.,]\d+)?\s*%"
_CANADIAN_TAX = re.compile(rf"{_CANADIAN_TAXES}(?:{_RATE}|:|#|n[o°º])")  # 'TPS 5 %', 'TVQ :'
# A tax, or a tax's identifier, that only other countries than the office's have: Canada's own
# with its rate or number ('HST 13%', 'TVQ #'), Brazil's company number, India's GST's marks
# (`_INDIA`); and a sales tax (the United States', Canada's) on a page that names no VAT,
# which the office's country charges (some accounting programs print 'Sales tax' for it).
_FOREIGN_TAX = re.compile(rf"{_CANADIAN_TAXES}(?:{_RATE}|#)|\b(?:CNPJ|C\.N\.P\.J\.)")
_SALES_TAX = re.compile(r"\bsales(?:\s*[-&]\s*use)?[\s-]+tax(?:es)?\b", re.IGNORECASE)
_VAT = re.compile(r"\bVAT\b", re.IGNORECASE)
# A value-added tax named with its rate, as countries print it ('IVA 21 %', 'TVA 20 %', 'MwSt.
# 19 %', 'VAT @ 7.5%', '12% VAT' before its amount): a page whose rates of it are all ones the
# office's country does not charge is another country's. The names as printed (case matters:
# 'alv', 'moms', 'mva' are words too), the rate beside the name across one space only.
_VAT_NAME = (
    r"(?:VAT|Vat|IVA|Iva|I\.V\.A\.|TVA|Tva|T\.V\.A\.|MwSt\.?|MWST|Mwst\.?|USt\.?|BTW|Btw|GST|"
    r"G\.S\.T\.|Moms|MOMS|KDV|PPN|ITBIS|IGV|PDV|DPH|ÁFA|AFA|Áfa|ALV|Alv|MVA|Mva|PVM|PVN|DDS|VSK|"
    r"TVSH|ΦΠΑ|НДС|ПДВ|ҚҚС)"
)
_VAT_RATE = r"(?P<rate>\d{1,2}(?:[.,]\d{1,2})?) ?%"
_VAT_AT_RATE = re.compile(rf"(?<![^\W\d_]){_VAT_NAME} ?(?:@ ?|\( ?)?{_VAT_RATE}")
_RATE_OF_VAT = re.compile(  # ('Add: 12% VAT  3,630.08'), not '2.5% VAT exclusive'
    rf"(?<![\d.,]){_VAT_RATE} ?{_VAT_NAME}(?= {{2,}}|:|$)", re.MULTILINE
)


def _vat_rates(text: str) -> dict[str, str]:
    """Each rate of value-added tax the page names, with the words that name it."""
    rates = {}
    for found in (*_VAT_AT_RATE.finditer(text), *_RATE_OF_VAT.finditer(text)):
        rate = found["rate"].replace(",", ".")
        rates[rate.rstrip("0").rstrip(".") if "." in rate else rate] = found.group()
    return rates


def _foreign_tax(text: str) -> str | None:
    """A tax the page names that only other countries than the office's charge, or None."""
    found = _FOREIGN_TAX.search(text) or _INDIA.search(text)
    if found:
        return found.group()
    rates = _vat_rates(text)
    if rates and not set(rates) & OWN_VAT_RATES:  # ('IVA 21 %', '12% VAT'; not beside 'VAT 15%')
        return next(iter(rates.values()))
    found = _SALES_TAX.search(text)
    return found.group() if found and not _VAT.search(text) else None


def _another(mark: str | None, symbol: str) -> bool:
    """A money mark beside the amounts that is not the currency's own code in small letters
    ('1.073,43 Eur' beside 'EUR')."""
    return bool(mark) and mark.upper() != symbol


# What names Canada's dollar beyond 'C$': its code, 'CA$' or 'Can$', its name or the country's.
_CANADIAN = re.compile(r"(?<![A-Za-z])(?:CAD|CA\$|Can\$)|(?i:canadian\s+dollars?)|\bCanada\b")


def _canadian(text: str) -> bool:
    """The page names Canada's dollar otherwise than 'C$', or Canada, or its sales taxes."""
    return bool(_CANADIAN.search(text) or _CANADIAN_TAX.search(text))


# What only a Colombian page prints: its withholdings on VAT and on the trade tax, and its
# money in words ('... PESOS M/CTE', moneda corriente).
_COLOMBIAN_MONEY = re.compile(r"\b(?:ReteIVA|ReteICA|ReteFuente)\b|\bpesos\s+m/cte\b", re.I)
# Countries that write their rupee 'Rs', by their dialling codes.
_RUPEE_BY_DIALLING = {"91": "INR", "92": "PKR", "94": "LKR", "230": "MUR", "977": "NPR"}
# Countries that write their krona or krone 'kr', by their dialling codes.
_KRONA_BY_DIALLING = {"354": "ISK", "46": "SEK", "47": "NOK", "45": "DKK"}
# The CFA franc ('FCFA', 'F CFA', 'francs CFA'): Central Africa's (XAF) and West Africa's
# (XOF), by the dialling codes of their countries.
_CFA = re.compile(r"(?<![A-Za-z])(?:F\.?\s?CFA|francs?\s+CFA)(?![A-Za-z])", re.IGNORECASE)
_CFA_BY_DIALLING = {
    **dict.fromkeys(("237", "236", "235", "242", "241", "240"), "XAF"),
    **dict.fromkeys(("221", "225", "223", "226", "227", "228", "229", "245"), "XOF"),
}
# Countries that write their own currency '$', by the end of their e-mail and web addresses.
# (the last part of the address only: 'www.P65Warnings.ca.gov' is a US state's)
_DOMAIN = re.compile(r"[\w.-]+\.(au|nz|sg|ca|hk|na|mx|cl|ar)\b(?![\w.-]*\w)")
_DOLLAR_BY_DOMAIN = {
    "au": "AUD", "nz": "NZD", "sg": "SGD", "ca": "CAD", "hk": "HKD", "na": "NAD", "mx": "MXN",
    "cl": "CLP", "ar": "ARS",
}  # fmt: skip
# The countries with a dollar of their own, by their names as an address or a company's name
# prints them ('Meridian Construction NZ Limited', 'Christchurch, New Zealand').
_DOLLAR_COUNTRIES = {
    "NZD": re.compile(r"\bNZ\b|New\s+Zealand|Aotearoa"),
    "AUD": re.compile(r"\bAustralia\b|\b(?:NSW|VIC|QLD|WA|TAS|ACT|NT)\s+\d{4}\b"),
    "SGD": re.compile(r"\bSingapore\b"),
    "HKD": re.compile(r"\bHong\s+Kong\b"),
    "FJD": re.compile(r"\bFiji\b"),
}
# Countries that write their own currency '$', by their dialling codes ('+1' is two of them).
_DOLLAR_BY_DIALLING = {
    "56": "CLP", "52": "MXN", "57": "COP", "54": "ARS", "61": "AUD", "64": "NZD", "65": "SGD",
    "852": "HKD", "264": "NAD", "682": "NZD", "683": "NZD", "688": "AUD", "692": "USD",
}  # fmt: skip


def _flag(payload: dict, proof: proofs.Reading, names, failed: list[str]) -> None:
    """Each field nothing proves becomes low_confidence:<field>, with why in `unproven`;
    failed sums become totals_mismatch."""
    unproven = proofs.unproven(proof, names)
    payload["unproven"] = unproven
    warnings = [f"low_confidence:{name}" for name in unproven]
    payload["warnings"] = warnings + (["totals_mismatch"] if failed else [])


def _payload(kind: str, found: dict[str, Found], names, rows: list[Item], trail: Trail) -> dict:
    """The fields' values with their confidence and source, the items, and the rules applied."""
    return {
        "document_type": kind,
        **{name: found.get(name, MISSING).value for name in names},
        "items": [
            row.dn_payload() if kind == "delivery_note" else row.po_payload() for row in rows
        ],
        "confidence": {name: found[name].confidence for name in found},
        "source": {name: found[name].source for name in found if found[name].source}
        | _item_sources(trail, rows),
        "rules_applied": trail.payload(rows),
    }


def _item_sources(trail: Trail, rows: list[Item]) -> dict[str, str]:
    """Each item value a rule made, with the rule's name and reason, for the payload's source."""
    return {
        entry["field"]: f"{entry['rule']}: {entry['reason']}"
        for entry in trail.payload(rows)
        if entry["field"].startswith("items[")
    }


def _supplier_by_place(
    found: dict[str, Found], lines: list[Line], options: ExtractOptions, trail: Trail
) -> None:
    """No supplier under a label: a known supplier's name on the page, else the first
    supplier rule that finds one by its place."""
    ocr = any(line.ocr for line in lines)
    named = rules.stage("known_supplier", ocr)
    placed = rules.stage("supplier", ocr)
    for rule, function in [
        *((r, partial(r.function, known=options.supplier_names)) for r in named),
        *((r, r.function) for r in placed),
    ]:
        if found["supplier_name"].value:
            return
        guess = function(lines, options.buyer_names)
        if guess.value:
            source = f"{rule.name}: {rule.purpose} ({guess.source})"
            found["supplier_name"] = replace(guess, source=source, rule=rule.name)
            trail.note(rule.name, "supplier_name", guess.value, rule.purpose)


def _by_place(
    found: dict[str, Found], lines: list[Line], step: float, date_check, options, trail: Trail
) -> None:
    """No known label for the PO number, the date or the project: the first rule that finds
    one by its place (unlabelled.py); what it finds is never proven. A rule that holds only
    on pages of some kinds (`Rule.holds`: our own, `unlabelled.ours_alone`; one titled ours,
    `unlabelled.titled_ours`) is passed over on any other."""
    ocr = any(line.ocr for line in lines)
    held: dict[Callable, bool] = {}  # (each kind asked only when a rule of it is reached)
    for name, stage, extra in (
        ("po_number", "number", step),
        ("po_date", "date", date_check),
        ("project_code", "project", options.site_codes),
    ):
        for rule in rules.stage(stage, ocr):
            if found[name].value:
                break
            if rule.holds and not any(_held(kind, held, lines, options) for kind in rule.holds):
                continue
            if name == "po_date":  # a date of another numbered document comes last
                guess = rule.function(lines, extra, number=found["po_number"].value)
            else:
                guess = rule.function(lines, extra)
            if guess.value:
                source = f"{rule.name}: {rule.purpose} ({guess.source})"
                found[name] = replace(guess, source=source, rule=rule.name)
                trail.note(rule.name, name, guess.value, rule.purpose)


def _held(kind: Callable, held: dict[Callable, bool], lines: list[Line], options) -> bool:
    """Whether the page is of the kind a rule holds on, asked once a page (`held`)."""
    if kind not in held:
        held[kind] = kind(lines, options)
    return held[kind]


# A label naming a reference, not an order's number ('Our Ref', 'Order Ref.', 'Notre réf.').
_A_REFERENCE = re.compile(
    rf"(?:(?:our|order|my)\s+)?ref(?:erence)?\b|{'|'.join(words.OUR_REFERENCE)}", re.IGNORECASE
)


def _reference_not_the_order(
    found: dict[str, Found], lines: list[Line], step: float, trail: Trail
) -> dict[str, str]:
    """A number under a label naming a reference ('Our Ref', 'Order Ref.') is a letter's, not
    the order's, where the page's words name a purchase order's number otherwise ('This
    letter is our Local Purchase Order No. ...'); one under any label naming no purchase
    order is the site's, not the order's, where it is the project's code read elsewhere
    ('Order Ref.  MW-BT03' beside 'Deliver to: MW-BT03 - Chichiri office block') and a number
    follows the order's title. That number, by its rule (flagged); the project's code with no
    other number stays, doubted (field -> why)."""
    read = found["po_number"]
    if read.rank is None or proofs.names_po(read) or proofs.names_our_order(read):
        return {}
    same = _the_sites_code(read, found["project_code"])
    stages = ("number_over_reference",) if _A_REFERENCE.match(read.source or "") else ()
    for stage in (*stages, *(("number_over_site",) if same else ())):
        for rule in rules.stage(stage, any(line.ocr for line in lines)):
            guess = rule.function(lines, step)
            if guess.value and guess.value != read.value:
                source = f"{rule.name}: {rule.purpose} ({guess.source}; not {read.source!r})"
                found["po_number"] = replace(guess, source=source, rule=rule.name)
                trail.note(rule.name, "po_number", guess.value, rule.purpose)
                return {}
    return {"po_number": "the project's code too: the site's reference?"} if same else {}


def _the_sites_code(number: Found, project: Found) -> bool:
    """The number read under a label naming no purchase order ('Ons Verwysing PRL-219') is the
    project's code, found after it ('Projek PRL-219: Drakenstein kliniek'): the site's
    reference, perhaps, not the order's number."""
    if not number.value or not project.value or proofs.names_po(number):
        return False
    if proofs.names_our_order(number):
        return False
    return validate.code_key(number.value) == validate.code_key(project.value)


def _known_values(
    found: dict[str, Found],
    options: ExtractOptions,
    trail: Trail,
    names: Iterable[str] = ("supplier_name", "project_code"),
) -> None:
    """A supplier's name or a project code the OCR misread: the one known supplier or site
    it stands for, if there is one (the name and code rules)."""
    for stage, name, known in [
        ("name", "supplier_name", options.supplier_names),
        ("code", "project_code", options.site_codes),
    ]:
        if name not in names:
            continue
        read = found[name]
        for rule in rules.stage(stage, read.ocr):
            alike = rule.function(read.value, known) if read.value else []
            if len(alike) == 1:
                source = f"{rule.name}: {rule.purpose} (read {read.value!r})"
                found[name] = replace(read, value=alike[0], source=source, rule=rule.name)
                trail.note(rule.name, name, alike[0], f"{rule.purpose}: {read.value!r}")
                break


def _read_again(found: dict[str, Found], name: str, lines: list[Line]) -> dict[str, str]:
    """A PO or DN number the OCR read, read again enlarged where it was read: if that reads
    it otherwise, it is doubted (field -> why). Nothing proves a reference's letters as sums
    prove money, and an 'H' read as '1' is another order's number. The value is never
    changed: the two readings of one patch of print can agree on the same misread."""
    read = found.get(name, MISSING)
    if not read.ocr or not read.value:
        return {}
    seen = [again for again in second_look.reference_again(lines, read.value) if again]
    other = [repr(again) for again in dict.fromkeys(seen) if again != read.value]
    if other:
        return {name: f"read as {' and '.join(other)} when enlarged"}
    part = next(
        (p for p in re.split(r"[-/.\s]+", read.value) if _LOOK_ALIKE_PART.fullmatch(p)), None
    )
    if part:  # 'K2117-P0-0044': was it 'PO'? enlarged, the OCR reads the same shapes alike
        return {name: f"its part {part!r} has letters and a digit the OCR reads alike"}
    return {}


# A short part of a reference of letters and one digit that is a letter's look-alike ('P0',
# 'S1'): the OCR cannot tell 'PO' from 'P0'.
_LOOK_ALIKE_PART = re.compile(r"(?=.{2,3}$)[A-Z]*[0158][A-Z]*")


# Another document's number: a bare date beside it may be that document's date.
_OTHER_NUMBER = re.compile(
    rf"(?:your\s+)?(?:quot(?:e|ation)|invoice|delivery\s+note|credit\s+note)\s*{_NUMBER_MARK}",
    re.IGNORECASE,
)


def _date_beside_other_number(date: Found, lines: list[Line]) -> dict:
    """A date under a bare 'Date' label on the line of another document's number ('Quote
    No: Q-77   Dated: 2026-10-01') may be that document's date, so it is doubted."""
    if not date.value or date.rank is None or date.rank < fields.BARE_DATE_RANK:
        return {}
    label = date.source.split()[0]
    for line in lines:
        cells = [cell.text.strip() for cell in line.cells]
        at = next((n for n, text in enumerate(cells) if text.startswith(label)), None)
        beside = at and date.source.split()[-1] in line.text
        if beside and any(_OTHER_NUMBER.match(text) for text in cells[:at]):
            return {"po_date": "beside another document's number: that document's date?"}
    return {}


def _date_under_items(
    date: Found, lines: list[Line], pairs: list[Line], rows: list[Item], check, step
) -> dict:
    """A date under a bare 'Date' label that the lines above the items do not give (as
    printed, or with the labels two languages print side by side split, `pairs`): one printed
    under them (an approval's or a signature's date, a note's) may not be the order's, so it
    is doubted (field -> why)."""
    placed = [(row.row.page, row.row.y) for row in rows if isinstance(row.row, RawRow)]
    bare = date.rank is not None and date.rank >= fields.BARE_DATE_RANK
    if not date.value or not bare or not placed:
        return {}
    for some in (lines, pairs):
        above = [line for line in some if (line.page, line.y) < min(placed)]
        if fields.find(above, fields.PO_LABELS["po_date"], check, step).value == date.value:
            return {}
    return {"po_date": "under a bare 'Date' label below the items: a signature's date?"}


# What each header field's value must pass (a key of _finders).
_SHAPES = {"po_number": "number", "dn_number": "number", "po_date": "date", "dn_date": "date",
           "supplier_name": "supplier", "project_code": "code"}  # fmt: skip


def _labelled(pairs: list[Line], labels: dict, check: dict, step: float) -> dict[str, Found]:
    """Each header field under its labels, in the labels' order, on the page's lines with their
    labels in pairs split (`paired.split_pairs`); the currency apart."""
    return {
        name: fields.find(pairs, patterns, check[_SHAPES[name]], step)
        for name, patterns in labels.items()
        if name in _SHAPES
    }


# The heading of the block where we accept a supplier's quotation, alone in its cell (a
# form's section number before it at most): 'ACCEPTANCE OF QUOTATION', '4 Acceptance',
# 'ACEPTADA', 'ACCEPTACIÓ DEL PRESSUPOST', 'Bon pour accord', 'Per accettazione', 'Voor
# akkoord', 'Auftragserteilung'.
_ACCEPTED = accents.compiled(
    r"(?:\d{1,2}\.?\s+)?(?:"
    r"acceptance(?:\s+of\s+(?:the\s+|this\s+)?(?:quotation|quote|offer|estimate|proposal))?|"
    r"(?:quotation|quote|offer|estimate)\s+accepted|accepted|"
    r"aceptad[ao]|aceptaci[óo]n(?:\s+de(?:l|\s+la)?\s+(?:presupuesto|cotizaci[óo]n|oferta))?|"
    r"acceptaci[óo](?:\s+del\s+pressupost)?|"
    r"(?:bon\s+)?pour\s+accord|acceptation(?:\s+du\s+devis)?|devis\s+accept[ée]|"
    r"aceita[çc][ãa]o(?:\s+do\s+or[çc]amento)?|"
    r"auftragserteilung|annahme(?:\s+des\s+angebot(?:e?s)?)?|"
    r"(?:per\s+)?accettazione(?:\s+del\s+preventivo)?|voor\s+akkoord"
    r")[\s:.]*"
)
# The supplier's quotation as the title of the page, in capitals, its number after it at most
# ('COTIZACIÓN', 'DEVIS N° D26983', 'PRESSUPOST'; not a label's 'QUOTATION NO.' alone), or the
# acceptance's own title ('Acceptance of Quotation').
_QUOTED_HEAD = accents.compiled(
    rf"(?:{proofs.QUOTATION_TITLE})(?:\s+(?:n[°º]\.?|no\.|nr\.|#)?\s*[A-Z\d][\w/.-]*\d[\w/.-]*)?"
)
# The date's own label in the acceptance's block ('Date', 'Fecha:', "Data d'acceptació:",
# 'Date accepted', 'du'), the date after it in its cell or in the next.
_ACCEPTANCE_DATE = accents.compiled(
    r"(?:date|fecha|data|datum|dated|du|le|del|vom|il)"
    r"(?:\s+(?:accepted|of\s+acceptance|d['’]\s?accept(?:aci[óo]|ation)|de\s+aceptaci[óo]n|"
    r"de\s+aceita[çc][ãa]o|der\s+annahme|di\s+accettazione))?\s*[:.]?(?![^\W\d_])"
)


def _date_accepted(
    lines: list[Line], check: Callable[[str], str | None], read: Found
) -> Found | None:
    """On the supplier's quotation that we accepted, the date in the acceptance's block below
    its prices ('ACEPTADA' over 'Orden de compra No.: OC-4970-26' and 'Fecha: 08/05/2026',
    'Bon pour accord' over 'Commande n° MCM-2636-88 du 12/10/2026'): the day the order was
    given, not the quotation's own date at its head. Only a date under the block's own date
    label ('Date', 'Fecha', 'Date accepted', 'du'), not a validity's, a delivery's or a
    print's; and not over a date read under a label naming our order's date ('PO Date').
    Found there, not proven (no label names it our order's date); None where the page is no
    quotation titled so or has no such block."""
    if read.rank == 0 or proofs.names_our_order(read):
        return None
    head = lines[: max(1, len(lines) // 3)]
    quoted = any(
        _QUOTED_HEAD.fullmatch(cell.text.strip()) and cell.text.split()[0].isupper()
        for line in head
        for cell in line.cells
    ) or any(
        _ACCEPTED.fullmatch(cell.text.strip())
        and re.search(proofs.QUOTATION_TITLE, cell.text, re.I)
        for cell in lines[0].cells
    )
    marks = [
        n
        for n, line in enumerate(lines)
        if n >= len(lines) // 3 and len(line.cells) == 1 and _ACCEPTED.fullmatch(line.text.strip())
    ]
    if not quoted or not marks:
        return None
    mark = marks[0]
    for line in lines[mark + 1 : mark + 10]:
        if len(line.cells) == 1 and _ACCEPTED.fullmatch(line.text.strip()):
            break  # another block's heading
        cells = [cell.text.strip() for cell in line.cells]
        for n, text in enumerate(cells):
            label = _ACCEPTANCE_DATE.match(text)
            if not label:
                continue
            after = text[label.end() :].strip() or (cells[n + 1] if n + 1 < len(cells) else "")
            value = check(after) if numbers.DATE_IN_TEXT.fullmatch(after.strip(" .")) else None
            if value:
                source = f"{lines[mark].text.strip()} … {line.text.strip()}"
                return Found(value, 0.5, source)
    return None


def _ours(lines: list[Line], options: ExtractOptions) -> bool:
    """The page is our own order: titled so, or issued by our company."""
    return proofs.our_title(lines) or unlabelled.issued_by_us(lines, options.buyer_names)


def _your_date(number: Found) -> str:
    """The labels of our order's date on the supplier's document: 'Your order date' and the
    like; 'Customer ref. date' only where our order's number was read under a label naming
    our order (on our own order it is our client's)."""
    if proofs.names_our_order(number):
        return f"{fields.YOUR_DATE}|{fields.YOUR_REF_DATE}"
    return fields.YOUR_DATE


def _ours_first(
    found: dict[str, Found], lines: list[Line], pairs: list[Line], check: dict, step: float
) -> None:
    """On the supplier's own document, the number and date under labels naming our order
    ('Your order No.', 'Your date') are our PO's, not the document's own 'Order No.' and
    'Date' found before them. Not on our own order (titled so), nor for a number read under
    'PO No.': that names a purchase order, ours on either document ('Customer Order No.' on
    our order is our customer's)."""
    if not proofs.their_page(found["po_number"], lines) or proofs.our_title(lines):
        return
    for name, label, shape in (
        ("po_number", f"{fields.YOUR_ORDER_NUMBER}|{fields.YOUR_PO_BARE}", "number"),
        ("po_date", _your_date(found["po_number"]), "date"),
    ):
        read = found[name]
        if proofs.names_our_order(read) or (name == "po_number" and proofs.names_po(read)):
            continue
        if name == "po_date" and read.rank == 0:
            continue  # under a label naming our order's date itself ('PO Date', 'Fecha O/C')
        ours = fields.find(pairs, [label], check[shape], step)
        if not ours.value and name == "po_number":
            # our order named bare ('Ihre Bestellung: MCL-26-0773 vom 09.10.2026', 'Hoc'h
            # urzhiad' over its number): a reference alone, or a reference and its date
            bare = partial(_reference_alone, date_check=check["date"])
            ours = fields.find(pairs, [fields.YOUR_ORDER_BARE], bare, step)
            if not ours.value and proofs.their_title(lines):
                # ('Customer order  MSY-PO-26-0910' on a page titled a sales order)
                ours = fields.find(pairs, [fields.CUSTOMER_ORDER_BARE], bare, step)
        if not ours.value and name == "po_number":  # found, not proven: it may be a person's
            ours = fields.find(pairs, [fields.YOUR_REFERENCE], unlabelled.with_digit, step)
        if not ours.value and name == "po_date":
            ours = fields.find(_by_our_number(pairs), [fields.OF_THE_DAY], check[shape], step)
        if not ours.value and name == "po_date":
            ours = _of_the_day_beside(pairs, check[shape], step)
        if not ours.value and name == "po_date":
            ours = _of_the_day_under(pairs, check[shape])
        if not ours.value and name == "po_date":
            ours = _date_after_our_number(found["po_number"], check[shape])
        if not ours.value and name == "po_date":
            ours = _date_under_our_number(found["po_number"], lines, check[shape])
        if not ours.value and name == "po_date":
            ours = _date_beside_our_number(found["po_number"], lines, check[shape])
        if not ours.value and name == "po_date":
            ours = _our_order_said(found["po_number"], lines, check[shape])[1]
        if not ours.value and name == "po_date":
            ours = _date_headed_beside_our_number(found["po_number"], lines, check[shape])
        if not ours.value and name == "po_date" and _by_your_reference(found["po_number"]):
            # 'Your Reference Date' beside the reference taken as our order's: found, not proven
            ours = fields.find(pairs, [rf"{fields.YOUR_REFERENCE}\s+date"], check[shape], step)
            ours = replace(ours, rank=None)
        if ours.value:
            found[name] = ours


def _by_your_reference(number: Found) -> bool:
    return bool(re.match(fields.YOUR_REFERENCE, number.source or "", re.IGNORECASE))


# A reference alone, perhaps its date after it, 'of' it in a language ('MCL-26-0773 vom
# 09.10.2026', 'NAR-545/26 od 04.09.2026.', 'Q75460 e datës 22.04.2026'), in two languages
# at once too ('BZ-2683/748 vom / del 28.09.2026'), or after a comma or a space alone
# ('T2026/0183, 27.04.2026'); a number's mark before it ('No MCU-B-26/979', 'nr. MC419/26').
_OF_ONE = rf"(?:{words.OF_A_DATE})"
_OF = rf"{_OF_ONE}(?:\s*/\s*{_OF_ONE})?"
_REFERENCE_ALONE = re.compile(
    rf"\s*(?:(?:{words.SHORT_NUMBER}|n\.?\s?[°º]|№)\.?\s+)?"
    rf"(?P<reference>[^\W_][\w/\-.]*\d[\w/\-.]*?)"
    rf"(?:(?:\s*,\s*|\s+{_OF}\s+|\s+)(?P<date>.+?))?[\s.,;]*",
    re.IGNORECASE,
)
# A person's name or a note in brackets after the date ('17 June 2026 (N. Dlamini)').
_BRACKETED = re.compile(r"\s*\((?:[^\W\d_]\.\s*)+[^\W\d_][^\W\d_'’-]+\)\s*$")
_YEARS_WORD = re.compile(rf"\s+(?:{unlabelled.YEARS_WORD})\.?$", re.IGNORECASE)


def _reference_alone(text: str, date_check: Callable[[str], str | None]) -> str | None:
    """The text is a reference with a digit and nothing else but its number's mark before it
    and its date after it ('NAR-545/26 od 04.09.2026.', 'No MCU-B-26/979'); not a sentence or
    another label's value ('Account: MER-00412', '12 pallets as per quote')."""
    match = _REFERENCE_ALONE.fullmatch(text.lstrip(": "))  # (its label's colon apart: ': MCN/15')
    if match is None or (
        match["date"] and _date_alone(_BRACKETED.sub("", match["date"]), date_check) is None
    ):
        return None
    return fields.reference(match["reference"])


def _date_alone(text: str, check: Callable[[str], str | None]) -> str | None:
    """A numeric date and nothing else ('09.10.2026', '04.09.2026.', '29.07.2026 y.'), as its
    check reads it."""
    text = _YEARS_WORD.sub("", text.strip()).rstrip(".,;")
    return check(text) if numbers.DATE_IN_TEXT.fullmatch(text) else None


# Between our order's number and its date: a word for 'of' ('vom', 'dated', Spanish's 'de
# fecha:'), a comma ('T2026/0183, 27.04.2026') or a space alone ('MCU-B-26/979 22.10.2026 y.').
_OF_DATED = rf"(?:{_OF})(?:\s+fecha)?\s*:?"
_OF_DATE = re.compile(rf"(?:\s+{_OF_DATED}\s+|\s*,\s*|\s+)(?P<date>\S.*)", re.IGNORECASE)


def _date_after_our_number(
    number: Found, check: Callable[[str], str | None], ours: bool = True
) -> Found:
    """Our order's date printed after its number under a label naming our order ('Ihre
    Bestellung: MCL-26-0773 vom 09.10.2026', 'Teie tellimus T2026/0183, 27.04.2026'), as the
    label's own value: a date and nothing else after it but a person in brackets ('… dated 10
    March, received 13/03/2026' gives none). Not `ours`: after the number under any label the
    PO number was read under ('Comanda nr. CMD-677/26 din 14.11.2026'), a date and nothing
    else, the date of that same order."""
    if not number.value or number.rank is None or (ours and not proofs.names_our_order(number)):
        return MISSING
    source = number.source or ""
    at = source.find(number.value)
    after = _OF_DATE.fullmatch(source[at + len(number.value) :])
    if at < 0 or after is None:
        return MISSING
    date = _date_alone(_BRACKETED.sub("", after["date"]) if ours else after["date"], check)
    return replace(number, value=date) if date else MISSING


# The cell after our order's number: its date after a word for 'of' ('dated 04/09/2026', 'de
# 14/09/2026'), or that word alone with the date in the cell after it ('de fecha:' beside
# '18/03/2026').
_OF_CELL = re.compile(rf"{_OF_DATED}(?:\s+(?P<date>\S.*))?", re.IGNORECASE)


def _date_beside_our_number(
    number: Found, lines: list[Line], check: Callable[[str], str | None]
) -> Found:
    """Our order's date in the cell after its number's, on the line of the label naming our
    order (the number in the label's cell or the next), after a word for 'of' ('Your LPO No.:
    MER-LPO-26-1957' beside 'dated 04/09/2026'; 'Su orden de compra N°' beside 'OC-1161/2026',
    'de fecha:' and '18/03/2026'): a date and nothing else but a person in brackets. Not a
    'Dated:' far off in another column (the document's own, at the page's right)."""
    if not number.value or not proofs.names_our_order(number):
        return MISSING
    ends = re.compile(rf"(?<![\w/\-.]){re.escape(number.value)}$")
    for line in lines:
        named = [n for n, c in enumerate(line.cells) if proofs.names_our_order_text(c.text)]
        held = [n for n, c in enumerate(line.cells) if ends.search(c.text.strip())]
        if not named or not held or held[0] not in (named[0], named[0] + 1):
            continue
        cells = line.cells[held[0] :]
        if len(cells) < 2:
            return MISSING
        texts = [c.text.strip() for c in cells[1:3]]
        if _DATED.match(texts[0]) and cells[1].x0 - cells[0].x1 > _NEAR * _char_width(cells[0]):
            return MISSING  # the document's own 'Dated:', at the page's right
        match = _OF_CELL.fullmatch(texts[0])
        if match is None:
            return MISSING
        text = match["date"] or (texts[1] if len(texts) > 1 else "")
        date = _date_alone(_BRACKETED.sub("", text), check)
        if not date:
            return MISSING
        said = " ".join(texts[:1] if match["date"] else texts[:2])
        return replace(number, value=date, source=f"{number.source}  {said}")
    return MISSING


# 'Dated', the one word for 'of' that is also a label of its own (a letter's 'Dated:'), and
# how near our order's number it names our order's date, in characters.
_DATED = re.compile(r"dated\b", re.IGNORECASE)
_NEAR = 12


def _char_width(cell: Cell) -> float:
    return (cell.x1 - cell.x0) / max(len(cell.text), 1)


# A heading naming our order's date, in a row of headings right after our order's: a date's
# word or a word for 'of' alone ('Date', 'Fecha', 'del', 'z dnia'; not 'von' before 'bis', a
# period's start), a label of an order's date ('LPO Date', 'Order Date'), or a date's word
# before words naming our order ('Data vs. ordine', 'Data V/ Enc.', 'Data da encomenda'). Not
# another date's ('Ship Date', 'Quote Date', 'Conf. Date'), nor a document's own
# ('Invoice date', 'Date d'émission').
_A_DATES_WORD = rf"date|dated|{'|'.join(words.DATE_WORDS)}"
_DATE_OR_OF = re.compile(rf"(?:{_A_DATES_WORD}|{_OF})\s*[:.]?", re.IGNORECASE)
_DATE_WORD = re.compile(rf"(?:{_A_DATES_WORD})\s*[:.]?", re.IGNORECASE)
_AN_ORDERS_DATE = re.compile(
    rf"(?:{fields.PO_LABELS['po_date'][0]}|{fields.YOUR_DATE}|order\s+date|"
    r"date\s+(?:of\s+)?order(?:ed)?)\s*[:.]?",
    re.IGNORECASE,
)
_DATE_OF_OURS = re.compile(
    rf"(?:{_A_DATES_WORD})\s+(?:(?:d[aeo]s?|del|de\s+la|of)\s+)?"
    r"(?:(?:v/|vs?\.|vossa|sua|su|votre|your)\s*)?"
    r"(?:enc(?:omenda)?|ordine|pedido|commande|bestellung|order|zam[óo]wienia|l?\.?p\.?o)\.?",
    re.IGNORECASE,
)
_PERIODS_END = re.compile(r"(?:bis|to|tot|until|till?|hasta|al|au|do|a)\s*:?", re.IGNORECASE)


def _our_orders_date_heading(heading: Cell, after: Cell | None) -> bool:
    """The heading names our order's date (see above); `after` is the heading after it."""
    text = heading.text.strip()
    if _DATE_OR_OF.fullmatch(text):
        period = after is not None and _PERIODS_END.fullmatch(after.text.strip())
        return bool(_DATE_WORD.fullmatch(text)) or not period
    return bool(_AN_ORDERS_DATE.fullmatch(text) or _DATE_OF_OURS.fullmatch(text))


def _date_headed_beside_our_number(
    number: Found, lines: list[Line], check: Callable[[str], str | None]
) -> Found:
    """In a row of headings over their values, the heading right after our order's and near
    it ('Cust. LPO No.  LPO Date' over 'MK/LPO/4613/26  02/09/2026'; 'Vs. ordine  Data vs.
    ordine'), naming our order's date (`_our_orders_date_heading`), with a date alone under
    it where our order's number stands under its heading: our order's date."""
    if not number.value or not proofs.names_our_order(number):
        return MISSING
    for line, under in zip(lines, lines[1:], strict=False):
        if under.page != line.page:
            continue
        for n, cell in enumerate(line.cells[:-1]):
            if not proofs.names_our_order_text(cell.text):
                continue
            below = fields.starting(under, cell)
            if below is None or below.text.strip() != number.value:
                continue
            heading = line.cells[n + 1]
            after = line.cells[n + 2] if n + 2 < len(line.cells) else None
            value = fields.starting(under, heading)
            if value is None or not _our_orders_date_heading(heading, after):
                return MISSING
            if min(heading.x0, value.x0) - max(cell.x1, below.x1) > _NEAR * _char_width(cell):
                return MISSING  # (the page's own 'Date', far at its right)
            date = _date_alone(value.text, check)
            if date is None or check(f"{heading.text} {value.text}") is None:
                return MISSING  # (another date's heading: 'Delivery date')
            return replace(
                number, value=date, source=f"{number.source}  {heading.text} {value.text}"
            )
    return MISSING


# Our order said so in a sentence, its number perhaps, and 'of' its date ('Thank you for your
# order of June 14, 2026', 'Confirming your order PO-IOM-1809 of 04/10/2026 as quoted', 'Vi
# takker for Deres ordre af 23-10-2026', 'votre bon de commande n° MCB/BJM/26/0411 du
# 12/06/2026, nous …'): up to the date.
_OUR_ORDER_SAID = re.compile(
    rf"(?<![^\W\d_])(?:{fields.YOUR_ORDER})"
    rf"(?:\s+(?:(?:{words.SHORT_NUMBER}|n\.?\s?[°º]|n(?=\.)|№)\.?|#)?\s*"
    rf"(?P<reference>[^\W_][\w/\-.]*\d[\w/\-]*))?"
    rf"\s+{_OF_DATED}\s+(?=\S)",
    re.IGNORECASE,
)


def _our_order_said(
    number: Found, lines: list[Line], check: Callable[[str], str | None]
) -> tuple[Found, Found]:
    """Our order's number and date where sentences name our order and 'of' its date. With a
    number read: the date of a sentence printing that number, proven; of sentences printing
    none, flagged (a sentence may be of a cancelled order); none where a sentence names
    another number or their dates differ. With none read: the one number and date the
    sentences print, both flagged."""
    said = []  # (its number or None, its date, its words)
    for line in lines:
        for cell in line.cells:
            for match in _OUR_ORDER_SAID.finditer(cell.text):
                reference = fields.reference(match["reference"]) if match["reference"] else None
                date = numbers.DATE_IN_TEXT.match(cell.text, match.end())
                value = check(date.group()) if date else None
                if value:
                    said.append((reference, value, cell.text[match.start() : date.end()]))
    if number.value:
        printing = [one for one in said if one[0] == number.value]
        if printing and len({one[1] for one in printing}) == 1:
            return MISSING, Found(printing[0][1], 0.9, printing[0][2], rank=1)
        if any(one[0] for one in said) or len({one[1] for one in said}) != 1:
            return MISSING, MISSING  # another order named, or dates that differ
        return MISSING, Found(said[0][1], proofs.LOW - 0.1, said[0][2])
    if len({one[:2] for one in said}) != 1:
        return MISSING, MISSING
    reference, value, source = said[0]
    own = Found(reference, proofs.LOW - 0.1, source) if reference else MISSING
    return own, Found(value, proofs.LOW - 0.1, source)


# The date's line under our order's number: 'of' it ('du 05/02/2026', 'vom / del
# 24.05.2026', 'del: 27.02.2026').
_OF_UNDER = re.compile(rf"(?:{_OF})(?:\s*/\s*(?:{_OF}))*\s*:?(?:\s+(?P<date>\S.*))?", re.I)


def _date_under_our_number(
    number: Found, lines: list[Line], check: Callable[[str], str | None]
) -> Found:
    """Our order's date on the line under its number, after a word for 'of' and nothing else
    ('Votre commande n° MCC-26849' over 'du 05/02/2026'), where the label names our order:
    the line's cell that starts under the label or the number."""
    if not number.value or not proofs.names_our_order(number):
        return MISSING
    for index, line in enumerate(lines[:-1]):
        named = [n for n, c in enumerate(line.cells) if proofs.names_our_order_text(c.text)]
        held = [n for n, c in enumerate(line.cells) if number.value in c.text]
        if not named or not held or held[0] < named[0]:
            continue
        under = lines[index + 1]
        if under.page != line.page or under.y - line.y > 1.6 * typical_step(lines):
            return MISSING
        # under the label or under the number, not under another document's beside them
        starts = {line.cells[named[0]].x0, line.cells[held[0]].x0}
        for n, cell in enumerate(under.cells):
            if not any(abs(cell.x0 - x) <= 3 for x in starts):
                continue
            match = _OF_UNDER.fullmatch(cell.text.strip())
            if match is None:
                continue
            after = under.cells[n + 1].text if n + 1 < len(under.cells) else ""
            text = match["date"] or after
            date = _date_alone(text, check)
            if date:
                said = cell.text if match["date"] else f"{cell.text} {after}"
                return replace(number, value=date, source=f"{number.source}  {said}")
        return MISSING
    return MISSING


def _po_named_first(found: dict[str, Found], pairs: list[Line], check: dict, step: float) -> None:
    """On a page that is not our own order (a sales system's), a number read under a label
    naming an order only ('Order Number 00013303', its own) gives way to one under a label
    naming a purchase order ('PO Number TOR-PO-18066'), ours. On our own order the 'PO
    Number' may be our client's."""
    read = found["po_number"]
    if not read.value or proofs.names_po(read) or proofs.names_our_order(read):
        return
    named = fields.find(pairs, [fields.PO_NAMED_NUMBER], check["number"], step)
    if named.value and named.value != read.value:
        found["po_number"] = named


_OUR_NUMBER = re.compile(fields.YOUR_ORDER_NUMBER, re.IGNORECASE)
# Our order's number's label, or our order named bare ('Uw bestelbon' over its number).
_OUR_NUMBER_OR_ORDER = re.compile(
    f"{fields.YOUR_ORDER_NUMBER}|{fields.YOUR_ORDER_BARE}", re.IGNORECASE
)


# The cell of 'of' alone ('del', 'vom:', 'dated') that labels our order's date.
_OF_LABEL = re.compile(rf"(?:{fields.OF_THE_DAY_BESIDE})\s*:?", re.IGNORECASE)


def _of_the_day_beside(lines: list[Line], check: Callable, step: float) -> Found:
    """The date labelled 'of' ('del', 'vom', 'du', 'od', 'dated') in the cell right after our
    order's number's label on its line ('Vs. ordine n.' beside 'del', their values under
    them): our order's; an 'of' anywhere else is another document's date."""
    for index, line in enumerate(lines):
        for n, cell in enumerate(line.cells[:-1]):
            if not _OUR_NUMBER_OR_ORDER.fullmatch(cell.text.strip().rstrip(":").strip()):
                continue
            if _OF_LABEL.fullmatch(line.cells[n + 1].text.strip()):
                return fields.find(
                    lines[index : index + 2], [fields.OF_THE_DAY_BESIDE], check, step
                )
    return MISSING


# How many lines under our order's label its 'of' may stand (an address's line between).
_OF_REACH = 2


def _of_the_day_under(lines: list[Line], check: Callable) -> Found:
    """The date labelled 'of' ('vom', 'del', 'dated') under our order's label, where that
    label starts, within two lines on its page, its value the cell right of it ('Ihre
    Bestellung  BE-MUC-2961' over 'vom  09.04.2026', a letter's block of references): our
    order's date. Only the next line that prints anything where the label starts: past
    another label ('Unser Angebot', 'Mietzeitraum') the 'of' is that one's."""
    for index, line in enumerate(lines):
        label = next(
            (c for c in line.cells if _OUR_NUMBER_OR_ORDER.fullmatch(c.text.strip().rstrip(":"))),
            None,
        )
        if label is None:
            continue
        for under in lines[index + 1 : index + 1 + _OF_REACH]:
            if under.page != line.page:
                break
            n = next((n for n, c in enumerate(under.cells) if abs(c.x0 - label.x0) <= 3), None)
            if n is None:
                continue  # (an address's line, left of the block)
            cell = under.cells[n]
            of = _OF_LABEL.fullmatch(cell.text.strip())
            if n + 1 < len(under.cells) and (of or _second_date_word(lines, index, cell)):
                value = under.cells[n + 1]
                if (date := check(value.text)) is not None:
                    source = f"{cell.text.strip()} {value.text.strip()}"
                    return Found(date, 0.9 if of else 0.7, source, 0, value.ocr)
            break
    return MISSING


# A date's word alone as a label ('Tanggal:', 'Date').
_DATE_WORD_ALONE = re.compile(rf"(?:{_A_DATES_WORD})\s*:?", re.IGNORECASE)


def _second_date_word(lines: list[Line], index: int, cell: Cell) -> bool:
    """A date's word alone under our order's label (lines[index]), where the same word labels
    a date above it, the page's own ('Nomor' over 'Tanggal', then 'No. PO Anda' over
    'tanggal'): a block of two numbers, each over its date; the second date is our order's,
    found, not proven."""
    if not _DATE_WORD_ALONE.fullmatch(cell.text.strip()):
        return False
    word = cell.text.strip().rstrip(":").strip().lower()
    return any(
        c.text.strip().rstrip(":").strip().lower() == word and abs(c.x0 - cell.x0) <= 3
        for line in lines[:index]
        for c in line.cells
    )


def _by_our_number(lines: list[Line]) -> list[Line]:
    """The line that labels our order's number ('Vaša objednávka č.:') and the line under it:
    where a date by a label naming no document is our order's."""
    for index, line in enumerate(lines):
        if any(_OUR_NUMBER.match(cell.text.strip()) for cell in line.cells):
            return lines[index : index + 2]
    return []


def _known_site_first(
    project: Found, lines: list[Line], pairs: list[Line], options, step: float
) -> Found:
    """The one known site's code the page prints, under a project or site label, wins over a
    code no site has, found first ('Contract K2635', the supplier's, above 'Project PE-220';
    a glazier's 'Job No. G26-67163' beside 'Site: PTA5')."""
    known = options.site_codes
    if project.rank is None or not known:
        return project
    if validate.site_code_proof(project.value, known, project.ocr) == "known":
        return project
    if _NAMES_PROJECT.match(project.source):  # 'Project No. PE-231', a project not yet listed
        return project

    def known_code(text: str) -> str | None:
        value = fields.code(text)
        return value if value and validate.site_code_proof(value, known) == "known" else None

    text = "\n".join(line.text for line in lines)
    printed = [k for k in known if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text, re.I)]
    if len(printed) != 1:  # several sites' codes (an order split across projects): no one wins
        return project
    patterns = fields.PO_LABELS["project_code"][:2]  # a project's or site's labels, no cost centre
    other = fields.find(pairs, patterns, known_code, step)
    if not other.value and project.rank == fields.ACCOUNT_RANK:
        # under a cost centre's or a location's label: the one known site's code the page
        # prints above the items, by no label ('Deliver to: Durban depot DBN07'), is likelier
        other = unlabelled.project_known_code(lines, known)
    site = printed[0]
    if not other.value and re.search(rf"(?<![^\W_]){re.escape(site)}(?![^\W_])", project.value):
        # a contract's or a job's number made of the site's code and more ('ME/CP09/EL-01')
        source = f"{project.source} (the site {site} in it)"
        return replace(project, value=site, source=source)
    return other if other.value else project


# A job's or a contract's number by its label ('Job No.', 'Contract No.', 'Contract'), not a
# job site's: on a supplier's own page, the supplier's own ('Job No. J26-15259' beside its
# title, 'Contract No. HC218384' on a hire contract).
_JOB_OR_CONTRACT = r"(?:job|contract)(?!\s*site)"


def _their_job_aside(project: Found, pairs: list[Line], check, options, step: float) -> Found:
    """On a supplier's own page, a project's or a site's label other than a job's or a
    contract's ('Project: SWK-KCH06', 'SITE' over 'WOL-046 - Wolverhampton station car park'),
    or the code before a name where the goods go, names our project: its code, not the
    supplier's own job or contract number read first. Only a code shaped as the sites' are
    ('Site: Depot 3' is a place), proven only as a known site's (the supplier's yard, 'Site:
    WH-01', is shaped so too: `proofs.IN_PLACE_OF_THEIR_JOB`). A known site's code stays."""
    if project.rank is None or project.rank >= fields.ACCOUNT_RANK:
        return project
    if not re.match(_JOB_OR_CONTRACT, project.source or "", re.IGNORECASE):
        return project
    if validate.site_code_proof(project.value, options.site_codes) == "known":
        return project
    others = [rf"(?!{_JOB_OR_CONTRACT})(?:{p})" for p in fields.PO_LABELS["project_code"][:2]]
    other = fields.find(pairs, others, check["code"], step)
    if other.rank is None:  # (found, not proven: beside a row of headings)
        other = MISSING
    if not other.value:  # (a code no site has stays flagged there: `_delivered_to`)
        other = _delivered_to(pairs, options, step)
    if not other.value:
        return project
    if validate.code_key(other.value) == validate.code_key(project.value):
        return project
    if validate.site_code_proof(other.value, options.site_codes) is None:
        return project
    if proofs.A_PLACE_ON_SITE.fullmatch(other.value):  # ('Site: Yard 2', 'Obra: Nave 3')
        return project
    return replace(other, source=f"{other.source} ({proofs.IN_PLACE_OF_THEIR_JOB})")


# Where the goods go, a site's code before its name there ('DELIVER TO' over 'LK-GLE01 -
# Warehouse complex, Koggala EPZ'): the project's, where no label names one.
_DELIVER_TO = (
    r"deliver(?:y)?\s+(?:to|address)|ship\s+to|delivery(?!\s*:)|"  # (a block's heading)
    # the same in Spanish, Portuguese, Catalan, French ('Livrer à'), German and Albanian
    r"lugar\s+de\s+entrega|local\s+de\s+entrega|lloc\s+de\s+lliurament|"
    r"lieu\s+de\s+livraison|livrer\s+[àa]|adresse\s+de\s+livraison|"
    r"liefer(?:adresse|anschrift)|vendi\s+i\s+dor[ëe]zimit|"
    # a job site's, a consignee's; Dutch's, Occitan's, Indonesian's ('Kirim ke')
    r"job\s+site|ship\s+to\s*/\s*consignee|leveradres|l[òo]c\s+de\s+liurament|kirim\s+ke"
)
# More labels of the place of delivery, a site's code read under them only before its name:
# 'Place of Delivery', 'Delivery Point', Dutch's, Hungarian's and Uzbek's delivery address.
_DELIVER_TO_MORE = (
    r"place\s+of\s+delivery|delivery\s+point|afleveradres|sz[áa]ll[íi]t[áa]si\s+c[íi]m|"
    r"yetkazib\s+berish\s+manzili|"
    # and in the languages of the orders from abroad: Afrikaans, Italian, the Nordic and
    # Baltic ones, Polish, Czech, Romanian, Turkish, Croatian, Greek, Indonesian, Spanish and
    # Portuguese
    r"aflewering(?:sadres)?|destinazione(?:\s+merce)?|(?:luogo|indirizzo)\s+di\s+consegna|"
    r"leveransadress|toimitusosoite|leverings(?:adresse|sted)|tarne(?:aadress|koht)|"
    r"piegādes\s+adrese|pristatymo\s+adresas|(?:adres|miejsce)\s+dostawy|"
    r"m[íi]sto\s+dod[áa]n[íi]|dodac[íi]\s+adresa|(?:adresa|locul?)\s+de\s+livrare|"
    r"teslimat\s+adresi|teslim\s+yeri|(?:adresa|mjesto)\s+isporuke|"
    r"(?:τόπος|διεύθυνση)\s+παράδοσης|alamat\s+pengiriman|"
    r"direcci[óo]n\s+de\s+entrega|(?:morada|endere[çc]o)\s+de\s+entrega"
)
# (a dash between them, or none: 'Deliver to: TON-NKF04 Fanga'uta office block'; a code of
# three parts, the middle one lettered: 'SC-MAH-06 - Anse Royale', not a postcode's 'PL-00-950')
# (or a comma, and a project's word before it: 'chantier DJ-BAL02, Balbala, Djibouti')
_SITE_BEFORE_NAME = re.compile(
    r"([A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]*[A-Z][A-Z0-9]*)?-[A-Z0-9]*\d[A-Z0-9]*)"
    r"(?:,\s+|\s+(?P<dash>[-–·]\s+)?)[^\W\d]"
)


# The first parts of codes that are no site's: a phone's, a document's, a store's, a dock's
# ('TEL-…', 'REV-2', 'WH-01', 'DOCK-3').
_NOT_A_SITES = "TEL|FAX|PHONE|PO|REQ|REV|INV|QUO|WH|WHS|DOCK|BERTH|GATE|BAY|DC|STORE|BIN"
# A site's code set apart on an address's line: in brackets ending it ('Baustelle Kolbenhof
# (HH-2604)'), after 'c/o' ('c/o PNI-04 Kolonia health centre') or after a comma ending it
# ('for Meridian Construction (Ireland) Ltd, ESD-24-011').
_SITE_CODE = (
    rf"(?!(?:{_NOT_A_SITES})-)"
    r"[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]*[A-Z][A-Z0-9]*)?-[A-Z0-9]*\d[A-Z0-9-]*"
)  # (its middle part lettered: 'NI-COL-2246')
# (not a country's letters before a postcode, 'Rīga, LV-1050')
_SITE_SET_APART = re.compile(
    rf"\(({_SITE_CODE})\)\s*$|(?<![^\W\d_])c/o\s+({_SITE_CODE})(?![\w-])|"
    rf",\s+(?![A-Z]{{2}}-\d{{4,5}}\s*$)({_SITE_CODE})\s*$"
)


def _code_before_name(text: str, dashed: bool = False) -> str | None:
    """The site's code before its name, or set apart on its line (_SITE_SET_APART); `dashed`:
    a dash between the code and the name (on an address's later lines a postcode comes
    before its town: 'CH-9494 Schaan')."""
    first, _, rest = text.strip().partition(" ")
    match = _SITE_BEFORE_NAME.match(rest if fields.project_word(first) else text.strip())
    if match is not None and (match["dash"] or not dashed):
        return match.group(1)
    apart = _SITE_SET_APART.search(text.strip())
    return next(code for code in apart.groups() if code) if apart else None


def _code_first(text: str) -> str | None:
    """A site's code before its name ('GYR-03 építkezés, 9024 Győr'), not a country's letters
    before a postcode ('NL-3072 AP Rotterdam', 'FIN-00100 Helsinki'), nor a code set apart in
    brackets (a store's, a berth's, a postcode's)."""
    first, _, rest = text.strip().partition(" ")
    match = _SITE_BEFORE_NAME.match(rest if fields.project_word(first) else text.strip())
    if match is None or re.fullmatch(r"[A-Z]{1,3}-\d{4,6}", match.group(1)):
        return None
    return match.group(1)


# A site's code alone in its cell ('MU-GBY05', 'ID-GRS-04'): letters, then a part with a
# letter and a digit or more parts; not a postcode's country letters and digits ('FIN-00100',
# 'PL-00-950'), nor a phone's, a document's or a store's (_NOT_A_SITES).
_CODE_ALONE = re.compile(r"[A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)+")
_NOT_A_SITE = re.compile(rf"(?:{_NOT_A_SITES})-")


def _code_alone(text: str) -> str | None:
    text = text.strip()
    if not _CODE_ALONE.fullmatch(text) or _NOT_A_SITE.match(text) or not re.search(r"\d", text):
        return None
    lettered = any(re.search(r"[A-Z]", part) for part in text.split("-")[1:])
    return text if lettered else None


def _delivered_to(pairs: list[Line], options: ExtractOptions, step: float) -> Found:
    """The code before a name under 'Deliver to' (or set apart on its line), or before a name
    under a place of delivery's other labels, or alone under any of them: a known site's, as
    if under a site's label; any other code (a store's, 'WH-01 - Central stores') as under a
    location's, not proven."""
    there = fields.find(pairs, [_DELIVER_TO], _code_before_name, step)
    if not there.value:
        there = fields.find(pairs, [_DELIVER_TO_MORE], _code_first, step)
    if not there.value:
        there = _in_deliver_to_block(pairs, step)
    if not there.value:
        there = fields.find(pairs, [rf"{_DELIVER_TO}|{_DELIVER_TO_MORE}"], _code_alone, step)
    if there.value and validate.site_code_proof(there.value, options.site_codes) != "known":
        there = replace(there, rank=fields.ACCOUNT_RANK)
    return there


_DELIVER_TO_LABEL = re.compile(rf"(?:{_DELIVER_TO})\s*:?", re.IGNORECASE)


def _in_deliver_to_block(lines: list[Line], step: float) -> Found:
    """A code before a name on the second or third line of the block under 'Deliver to' (the
    company's name first: 'Meridian Construction UK Ltd' over 'MK-12 - Milton Keynes medical
    centre'): the cell starting where the label does, on the lines close under it."""
    for index, line in enumerate(lines):
        for cell in line.cells:
            if not _DELIVER_TO_LABEL.fullmatch(cell.text.strip()):
                continue
            for under in lines[index + 2 : index + 5]:
                if under.page != line.page or under.y - line.y > 4.6 * step:
                    break
                below = fields.starting(under, cell)
                code = _code_before_name(below.text, dashed=True) if below is not None else None
                if code:
                    return Found(code, 0.7, f"{cell.text.strip()} ... {below.text.strip()}")
    return MISSING


# A label naming a project itself ('Project No.', 'Projekt-Nr.', 'Proyecto'), not a contract, a
# job or a site: its code is the order's project's, known to the office or not.
_NAMES_PROJECT = re.compile(r"pro[jy]e[ckt]", re.IGNORECASE)


def _finders(
    options: ExtractOptions, said: bool | None, ordered: bool = False
) -> dict[str, Callable[[str], str | None]]:
    """What each header field's value must pass before it is taken; numeric dates are read
    in the order the document's own dates say (`date_order`), else the office's setting; an
    order's date (`ordered`) is none that words name another's ('Date required 20/05/2026')."""
    first = options.day_first if said is None else said
    return {
        "number": fields.reference,
        "date": fields.date_checker(first, validate.today_of(options.today), ordered),
        "supplier": fields.supplier_checker(options.buyer_names),
        "code": fields.code,
    }


def read_po(lines: list[Line], options: ExtractOptions | None = None) -> dict:
    options = options or ExtractOptions()
    step = typical_step(lines)
    ocr = any(line.ocr for line in lines)
    trail = Trail()
    comma, mark_chosen = _decimal_mark(lines, step, trail)
    said = date_order(lines)
    # (with nothing said, month first where the page's addresses are of the United States
    # alone, where dates are written so: a guess still, so its date is flagged)
    by_address = said is None and in_the_us_alone(lines)
    check = _finders(options, False if by_address else said, ordered=True)
    pairs = paired.split_pairs(lines, step)  # labels in two languages side by side, split
    found = _labelled(pairs, fields.PO_LABELS, check, step)
    if not found["supplier_name"].value:
        found["supplier_name"] = fields.name_under_number(pairs, check["supplier"], step)
    _ours_first(found, lines, pairs, check, step)
    ours = _ours(lines, options)
    if not proofs.names_our_order(found["po_number"]) and not ours:
        # a page another company issued names ours as its customer's order ('Bestell-Nr.
        # Kunde' beside its own 'Beleg-Nr.')
        customers = fields.find(pairs, [fields.CUSTOMERS_ORDER_NUMBER], check["number"], step)
        if customers.value:
            found["po_number"] = customers
    if not found["po_date"].value:  # ('Comanda nr. CMD-677/26 din 14.11.2026')
        found["po_date"] = _date_after_our_number(found["po_number"], check["date"], ours=False)
    if not ours and not (found["po_number"].value and found["po_date"].value):
        # a sentence naming our order ('Thank you for your order of 14/06/2026', 'Vs. ordine n.
        # MIT-0780/26 del 30/08/2026')
        number, date = _our_order_said(found["po_number"], lines, check["date"])
        found["po_number"] = found["po_number"] if found["po_number"].value else number
        found["po_date"] = found["po_date"] if found["po_date"].value else date
    if not ours:
        accepted = _date_accepted(lines, check["date"], found["po_date"])
        found["po_date"] = accepted or found["po_date"]
        _po_named_first(found, pairs, check, step)
    if not found["project_code"].value:
        found["project_code"] = _delivered_to(pairs, options, step)
    found["project_code"] = _known_site_first(found["project_code"], lines, pairs, options, step)
    if not ours:
        found["project_code"] = _their_job_aside(found["project_code"], pairs, check, options, step)
    found["currency"], currencies = _currency(lines)
    doubted = _reference_not_the_order(found, lines, step, trail)
    _by_place(found, lines, step, check["date"], options, trail)
    _supplier_by_place(found, lines, options, trail)
    found["supplier_name"] = fields.legal_form_under(lines, found["supplier_name"], step)
    found["supplier_name"] = fields.name_under_its_code(lines, found["supplier_name"], step)
    _known_values(found, options, trail)
    doubted |= _read_again(found, "po_number", lines)
    table = reading.read_items(lines, step, comma, trail)
    doubted |= _date_under_items(found["po_date"], lines, pairs, table.items, check["date"], step)
    doubted |= _date_beside_other_number(found["po_date"], lines)
    if mark_chosen:
        # every amount's size rests on the mark the lines chose: sums that agree prove
        # nothing when all are a thousand times off ('1,850' bricks a thousand)
        why = "the decimal mark was chosen by which lines hold: every amount's size a guess"
        doubted |= dict.fromkeys(("subtotal", "tax", "total", "items"), why)
    sure = found["currency"].confidence >= proofs.LOW  # a counter-value only beside a sure one
    foot = totals.read_foot(lines, comma, found["currency"].value if sure else None)
    reading.foot_from_sums(lines, table.items, foot, step, comma, trail)
    failed = reading.settle_sums(table.items, foot, table.discounts, ocr, trail)
    found.update(foot)
    if (goes_on := totals.foot_goes_on(lines, foot.get("total"), comma)) is not None:
        doubted |= dict.fromkeys(("tax", "total"), goes_on)
    if (found.get("tax", MISSING).source or "").endswith(totals.NO_TAX_BETWEEN):
        why = "the subtotal is the total and no tax is printed: the prices may include one"
        doubted["tax"] = why
        if _names_a_tax(lines):  # a tax named elsewhere on the page: in the prices, perhaps
            doubted["subtotal"] = f"{why}, and the page names a tax"
    columns = "its line prints other amounts in columns beside it: which is the order's?"
    for key in ("subtotal", "tax", "total"):
        if key in foot and not foot[key].rule and totals.in_columns(lines, foot[key]):
            doubted[key] = columns
    if columns in doubted.values():  # the foot's other sums were read or worked out beside it
        doubted.update({key: doubted.get(key, columns) for key in ("subtotal", "tax", "total")})
    found["currency"] = _rare_code_proven(found["currency"], lines, found, table.items, comma)
    found["currency"], doubt = _named_by_the_total(found["currency"], found.get("total"))
    if doubt:
        doubted["currency"] = doubt
    if (rate := _tax_rate_not_ours(found, table.items, lines)) is not None:
        doubted.setdefault("currency", rate)
    if _the_sites_code(found["po_number"], found["project_code"]):
        doubted.setdefault("po_number", "the project's code too: the site's reference?")
    included = totals.tax_included(found.get("tax")) and not _net_prices(found, table.items)
    inclusive = included or structure.sums_included(found)
    prove = partial(_po_proof, options=options, table=table, currencies=currencies)
    prove = partial(
        prove, inclusive=inclusive, order_guessed=_order_guessed(said, found) or by_address
    )
    theirs = proofs.their_page(found.get("po_number", MISSING), lines)
    prove = partial(prove, doubted=doubted, their_page=theirs)
    rows, learned = table.items, _with_layout(lines, found, table.items, options, prove, trail)
    if learned is not None:
        found, rows, failed, prove = _as_learned(
            learned, found, lines, options, trail, prove, inclusive, theirs
        )
    payload = _payload("purchase_order", found, PO_FIELDS, rows, trail)
    payload["checks_failed"] = failed
    _flag(payload, prove(found, rows), (*PO_FIELDS, "items"), failed)
    if learned is not None:
        payload["layout"] = learned.note
    return payload


def _as_learned(
    learned: recall.Learned, found, lines, options, trail, prove, inclusive: bool, theirs=False
):
    """The reading with what the layout read in it: its fields, its items, the checks they
    fail and what proves them. What a verified document of the layout showed holds for it
    too: its prices include the tax, its numeric dates are written one way round. `theirs`:
    the page is the supplier's own document (proofs.their_page)."""
    # a name or code the layout read by OCR is put right as the reader's own would be
    _name_run_on(learned.found, found)
    replaced = [n for n in ("supplier_name", "project_code") if learned.found[n] != found[n]]
    if learned.found["po_number"].value != found["po_number"].value:  # its own, read again
        prove = partial(prove, doubted=_read_again(learned.found, "po_number", lines))
    if learned.disputed:  # what the reader proved and the layout reads otherwise
        prove = partial(prove, doubted={**prove.keywords.get("doubted", {}), **learned.disputed})
    date = found.get("po_date", MISSING)
    general = date.rank and not proofs.names_our_order(date)  # not 'Your order date'
    if (
        theirs
        and general
        and not learned.ours_date
        and learned.found.get("po_date", MISSING) != date
    ):
        # the supplier's own document: a date its general 'Date' label gives is its own
        # document's, whether or not the taught one's was the order's too (not one printed
        # right after our order's number)
        learned.found["po_date"] = replace(learned.found["po_date"], rank=date.rank)
    found, rows = learned.found, learned.items
    _known_values(found, options, trail, replaced)
    inclusive = inclusive or learned.inclusive
    amounts = (checks.cents(found.get(name, MISSING).value) for name in reading.FOOT)
    failed = checks.failures(rows, checks.Foot(*amounts, inclusive))
    prove = partial(prove, inclusive=inclusive)
    if learned.date_order_known:
        prove = partial(prove, order_guessed=False)
    return found, rows, failed, prove


def _name_run_on(learned: dict[str, Found], read: dict[str, Found]) -> None:
    """A supplier's name the layout read at its place, that the reader read with more words
    after it (the name running on to a second line, its legal form: 'Hurtownia Budowlana
    Nowak' over 'Sp. z o.o.', where the taught document printed it on one line): the
    longer name, as the reader found it."""
    ours, theirs = learned["supplier_name"].value, read["supplier_name"].value
    if ours and theirs and theirs.startswith(f"{ours} "):
        learned["supplier_name"] = read["supplier_name"]


def in_the_us_alone(lines: list[Line]) -> bool:
    """The countries the page's addresses name or print are the United States alone
    ('Houston, TX 77002'; not beside 'Brierley Hill DY5 1XN' or 'Monterrey, N.L., México')."""
    return _countries_named("\n".join(line.text for line in lines)) == {"us"}


def _order_guessed(said: bool | None, found: dict[str, Found]) -> bool:
    """Its numeric dates' order is only the office's guess: none of them says which comes
    first, and it is priced in another currency than the office's own, so it may come from
    where the month is written first."""
    currency = found.get("currency", MISSING).value
    return said is None and currency not in (None, OWN_CURRENCY)


def _names_a_tax(lines: list[Line]) -> bool:
    """A tax is named somewhere on the page ('Harga sudah termasuk PPN', 'VAT Reg. No.')."""
    return any(totals.TAX_WORDS.search(line.text) for line in lines)


def _net_prices(found: dict[str, Found], items: list[Item]) -> bool:
    """The items add up to the subtotal read, and the subtotal and the tax to the total: the
    prices are without the tax, whatever its label says of the total ('Summe netto' over
    'Gesamt inkl. USt.' over 'davon USt. 19%')."""
    sub, tax, total = (
        checks.cents(found.get(k, MISSING).value) for k in ("subtotal", "tax", "total")
    )
    lines = checks.items_sum(items)
    return None not in (sub, tax, total, lines) and lines == sub != total and sub + tax == total


def _po_proof(
    found, rows, *, options, table, currencies, inclusive, order_guessed, doubted, their_page
):
    return proofs.Reading(
        found,
        rows,
        site_codes=options.site_codes,
        supplier_names=options.supplier_names,
        guessed_table=table.guessed and rows is table.items,  # a layout's rows are under a header
        currencies_named=currencies,
        naming_ranks={"po_number": fields.NAMING_RANKS["po_number"]},
        inclusive=inclusive,
        date_order_guessed=order_guessed,
        doubted=doubted,
        their_page=their_page,
    )


def _with_layout(
    lines: list[Line], found: dict[str, Found], rows: list[Item], options, prove, trail: Trail
):
    """The reading with the values a layout learned from a verified PO reads at their places
    put in, when the page is one (recall.Learned); None when it is no known layout. `prove`
    says what the generic reading proved: on a photo the layout never overrules that. What
    put right the descriptions its table read on a photo is written into `trail`, for the
    items that kept them."""
    if not options.layouts:
        return None
    judge = places.Judge(
        options.buyer_names, validate.today_of(options.today), options.supplier_names
    )
    proven = set(PO_FIELDS) - set(proofs.unproven(prove(found, rows), PO_FIELDS))
    notes: dict[int, tuple[str, list[tuple]]] = {}
    again = partial(_placed_descriptions_again, notes=notes)
    learned = recall.read_known(options.layouts, lines, found, rows, judge, proven, again)
    if learned is not None and "read_with" in learned.note:
        for index, (text, applied) in notes.items():
            # (not where a description a person confirmed on the layout took its place)
            if index < len(learned.items) and learned.items[index].description == text:
                for rule, value, why in applied:
                    trail.note(rule, f"items[{index}].description", value, why)
    return learned


def _placed_descriptions_again(
    items: list[Item], lines: list[Line], notes: dict[int, tuple[str, list[tuple]]]
) -> list[Item]:
    """The descriptions a layout's table read on a photo, put right as the reader's own are:
    read again (the `description_second_look` rule), then the description rules (a letter
    read for a digit in a size, an l for a capital I in a numeral). Each item's description
    so put right and the rules that did it are kept in `notes` by its index. A second look
    that fails (the OCR stopped) leaves the descriptions as the table read them."""
    look = rules.BY_NAME["description_second_look"]
    try:
        again = dict(second_look.placed_descriptions_again(items, lines))
    except (ExtractionError, subprocess.TimeoutExpired, OSError, ValueError):
        again = {}
    out = list(items)
    for index, item in enumerate(items):
        text = again.get(index, item.description)
        applied = [(look.name, text, look.purpose)] if index in again else []
        for rule in rules.stage("description", True):
            fixed = rule.function(text)
            if fixed != text:
                applied.append((rule.name, fixed, f"{rule.purpose}: {text!r}"))
                text = fixed
        if applied:
            out[index] = replace(item, description=text)
            notes[index] = (text, applied)
    return out


def read_dn(lines: list[Line], options: ExtractOptions | None = None) -> dict:
    options = options or ExtractOptions()
    step = typical_step(lines)
    comma = _decimal_comma(lines)
    trail = Trail()
    check = _finders(options, date_order(lines))
    found = _labelled(paired.split_pairs(lines, step), fields.DN_LABELS, check, step)
    if not found["supplier_name"].value:
        found["supplier_name"] = fields.letterhead(lines, re.compile(KINDS[0][1], re.IGNORECASE))
    doubted = _read_again(found, "dn_number", lines)
    table = reading.read_items(lines, step, comma, trail, delivery_note=True)
    payload = _payload("delivery_note", found, DN_FIELDS, table.items, trail)
    ranks = fields.NAMING_RANKS
    proof = proofs.Reading(
        found,
        table.items,
        site_codes=options.site_codes,
        supplier_names=options.supplier_names,
        guessed_table=table.guessed,
        naming_ranks={"dn_number": ranks["dn_number"], "po_number": ranks["dn:po_number"]},
        doubted=doubted,
    )
    _flag(payload, proof, DN_FIELDS, [])
    if not table.items or any(item.confidence < proofs.LOW for item in table.items):
        payload["warnings"].append("low_confidence:items")
    return payload


def _without_rules(lines: list[Line], payload: dict, options: ExtractOptions) -> dict:
    """A photo or scan whose table did not read or add up, or with no total found, read again
    with its ruled lines painted out: a boxed table can hide its header row and lone digits
    from the OCR, and a boxed total or number the whole of its line. Two readings are made of
    it: of the words of the page without its rules, and (where no total was found) of the
    first reading's words with those only the second found where the first found none (the
    rules kept the first's cells apart). A reading is kept over the first only when it finds
    items where the first found none, adds up where the first did not (`_score`), finds more
    items with the same result, or as many and a total where the first found none. (Rules
    help the OCR elsewhere, so this is not the first reading.)"""
    pages = {line.page: line.ocr_page for line in lines if line.ocr_page is not None}
    if len(pages) != 1 or len({line.page for line in lines}) != 1:
        return payload  # one OCR'd page only: a multi-page scan is not read twice
    page = next(iter(pages.values()))
    clean = ocr.remove_rules(page.image)
    if clean is page.image:
        return payload
    try:
        boxes = ocr.page_reader(options.ocr_engine, options.ocr_language)(clean, options.timeout)
    except (ExtractionError, subprocess.TimeoutExpired, OSError):
        return payload  # the first reading stands
    readings = [payload]
    if payload["total"] is None and page.boxes:
        both = (*page.boxes, *_unseen(boxes, page.boxes))
        joined = OcrPage(page.image, page.y0, *box_scale(both), both)
        readings.append(_read_boxes(both, lines[0].page, joined, options))
    again = OcrPage(clean, page.y0, *box_scale(boxes), tuple(boxes))
    readings.append(_read_boxes(boxes, lines[0].page, again, options))
    best = max((r for r in readings if r is not None), key=_score)  # the first of the best
    return payload if best is payload else _header_kept(best, payload)


def _read_boxes(boxes, page_no: int, page: OcrPage, options: ExtractOptions) -> dict | None:
    """A PO's reading of one OCR'd page's words; None when they make no line."""
    lines = box_lines(boxes, page_no, page.y0)
    _remember(lines, page)
    return read_po(split_money.join_cents(lines), options) if lines else None


def _unseen(boxes, seen) -> list:
    """The words of `boxes` that overlap none of `seen` (two readings of one image)."""

    def overlap(a, b) -> bool:
        across = min(a.left + a.width, b.left + b.width) - max(a.left, b.left)
        down = min(a.top + a.height, b.top + b.height) - max(a.top, b.top)
        return across > 0 and down > 0.5 * min(a.height, b.height)

    return [box for box in boxes if not any(overlap(box, other) for other in seen)]


_HEADER = ("po_number", "po_date", "supplier_name", "project_code")


def _header_kept(second: dict, first: dict) -> dict:
    """The second reading, with a header field it lost, or only guessed where the first
    proved it, taken from the first (painting out the rules helps the table, and may blur a
    code in a box): its value, where it came from, how sure, and its flag if it had one."""
    for name in _HEADER:
        flag = f"low_confidence:{name}"
        proven = first.get(name) and flag not in first["warnings"]
        guessed = flag in second["warnings"]
        if not first.get(name) or (second.get(name) and not (proven and guessed)):
            continue
        second[name] = first[name]
        for key in ("confidence", "source"):
            if name in first.get(key, {}):
                second.setdefault(key, {})[name] = first[key][name]
        second["warnings"] = [w for w in second["warnings"] if w != flag]
        second["rules_applied"] = [e for e in second["rules_applied"] if e["field"] != name]
        unproven = second.setdefault("unproven", {})
        unproven.pop(name, None)
        if name in first.get("unproven", {}):
            unproven[name] = first["unproven"][name]
        if flag in first["warnings"]:
            second["warnings"].append(flag)
        second["rules_applied"] += [e for e in first["rules_applied"] if e["field"] == name]
    return second


# An item's numbers, as the fields of `rules_applied` end ('items[2].quantity').
_NUMBERS = (".quantity", ".unit_price", ".discount", ".amount")


def _score(reading: dict) -> tuple[bool, bool, int, int, bool]:
    """How well a reading went: it found items, they add up, how many, how few of them lost
    their descriptions, and it found a total (the last two only between readings as good on
    the items). Items add up only
    against a subtotal (with no subtotal nothing fails, and nothing is proven), only with
    every amount read (an item without one fails no sum: a reading that put the quantities
    under the line numbers and lost the amounts is not proven by it), and only
    when rules made or put right numbers (not codes or descriptions) on at most half of
    them: a quantity column read as units, every quantity then worked out from the
    amounts, adds up too."""
    applied = reading["rules_applied"]
    subtotal = reading.get("subtotal") is not None
    made = {
        e["field"].split(".")[0]
        for e in applied
        if e["field"].startswith("items[") and e["field"].endswith(_NUMBERS)
    }
    amounts = all(item.get("amount") is not None for item in reading["items"])
    adds_up = (
        not reading["checks_failed"]
        and subtotal
        and amounts
        and 2 * len(made) <= len(reading["items"])
    )
    total = reading.get("total") is not None
    described = -_undescribed(reading)
    return (bool(reading["items"]), adds_up, len(reading["items"]), described, total)


def _undescribed(reading: dict) -> int:
    """How many of a reading's items have no description (its words taken for a code, a
    column off)."""
    return sum(not (item.get("description") or "").strip() for item in reading["items"])


def read(document: Document) -> dict:
    """Whatever the document is: a PO or DN payload, or ExtractionError saying what it is."""
    lines, pages, source = document_lines(document)
    if not lines:
        raise ExtractionError(
            "No text could be found on this document (a blank page, or a photo too dark or "
            "blurred to read). Upload a clearer copy, or enter the PO by hand."
        )
    payload = read_lines(lines, document.options)
    payload.update(engine=source, pages=pages)
    return payload


def read_lines(lines: list[Line], options: ExtractOptions) -> dict:
    """The page's reading by the kind its title names: a PO or DN payload, a letter's, or
    only the kind and its words (a quotation, an invoice...)."""
    kind = document_kind(lines)
    if kind in NOT_A_PO and kind != "delivery_note":
        # a page of a layout people verified as a PO's is one, whatever its title says
        kind = "purchase_order" if recall.known(options.layouts, lines) else kind
    if kind == "delivery_note":
        payload = read_dn(lines, options)
    elif kind in (None, "purchase_order"):
        payload = read_po(lines, options)
        # no total found: on a photo, a boxed foot hides from the OCR as a boxed table does;
        # an item with no description: its words may be a column off
        unsure = (
            not payload["items"]
            or payload["checks_failed"]
            or payload["total"] is None
            or _undescribed(payload)
        )
        if unsure and (kind or payload["po_number"]):  # not for a letter: it has no table
            payload = _without_rules(lines, payload, options)
        # its words, for a verification to learn its layout from
        payload["layout"] = keep_words(lines) | payload.get("layout", {})
        if kind is None and not _an_order(payload, lines, options):
            kind = "letter"
        elif kind is None and not payload["items"]:
            # a verified layout read it, but no reader found its items: nothing on it shows
            # it is an order, so all of it is for a person to check
            payload = _untitled(payload)
    elif kind == "quotation" and (quoted := _quoted_for_our_order(lines, options)):
        payload = quoted | {"layout": keep_words(lines) | quoted.get("layout", {})}
        kind = "purchase_order"
    else:
        payload = {"document_type": kind, "layout": keep_words(lines)}
    payload["document_type"] = payload.get("document_type") if kind != "letter" else "letter"
    return payload


def _an_order(payload: dict, lines: list[Line], options: ExtractOptions) -> bool:
    """An untitled page is a PO when it has a PO number read with a layout people verified as
    a PO's and items or money, or a PO number and items; when no known label named
    the number (words the engine does not know), only if our own company heads the page (a
    quotation or an invoice in such words carries its supplier's name there) and it carries
    money: most items with a unit price, or a total (our goods received note carries neither;
    a photo may lose some prices or amounts, not all of them and the total too)."""
    items = payload["items"]
    if (payload.get("layout") or {}).get("read_with") and payload["po_number"]:
        # read with a layout people verified as a PO's: its number is its own, and items or a
        # total show it orders something (a letter cancelling that order has neither)
        return bool(items) or payload["total"] is not None
    if not (payload["po_number"] and items):
        return False
    by_place = any(entry["field"] == "po_number" for entry in payload["rules_applied"])
    money = _carries_money(payload)
    return not by_place or (unlabelled.issued_by_us(lines, options.buyer_names) and money)


def _carries_money(payload: dict) -> bool:
    """Items, most of them with a unit price, or a total (a goods received note has neither)."""
    items = payload["items"]
    priced = sum(1 for item in items if item["unit_price"])
    return bool(items) and (2 * priced > len(items) or payload["total"] is not None)


def extract_po(document: Document) -> dict:
    return as_po(read(document))


# The warning on a PO read from a page whose title names no purchase order.
UNTITLED = "untitled"


def as_po(payload: dict) -> dict:
    """A reading that must be a PO: ExtractionError says what else it is."""
    kind = payload["document_type"]
    kept = {"layout": payload["layout"]} if "layout" in payload else None  # its words
    if kind in NOT_A_PO:
        raise ExtractionError(NOT_A_PO[kind], kept=kept)
    if kind == "letter" and _carries_money(payload):
        return _unnumbered(_untitled(payload))
    read = {k: v for k, v in payload.items() if k not in ("engine", "pages")}
    if kind == "letter" and payload.get("items"):
        why, what = (
            ("no title names one and its items carry no prices", "check it")
            if payload.get("po_number")
            else (
                "no PO number and no prices were found, though items were",
                "type its PO number and check it",
            )
        )
        raise ExtractionError(
            f"This does not look like a purchase order: {why}. If it is one, enter it by hand: "
            f"what was read is filled in, so {what} against the document.",
            kept=read,
        )
    if kind == "letter":
        raise ExtractionError(
            "This does not look like a purchase order (no PO number and item table were "
            "found); it may be a letter or another document. Upload the PO itself, or enter "
            "it by hand.",
            kept=kept,
        )
    if not (payload["po_number"] or payload["items"]):
        raise ExtractionError(
            "Neither a PO number nor items were found on this document. Upload a clearer "
            "copy, or enter the PO by hand: what was read is filled in, so type the rest "
            "from the document.",
            kept=read,
        )
    return _unnumbered(payload)


def _unnumbered(payload: dict) -> dict:
    """A PO whose number was not found is read all the same: the rest is kept, and the
    number is flagged for a person to type (the importer lets nobody verify it before)."""
    if payload.get("po_number"):
        return payload
    unproven = dict(payload.get("unproven") or {}) | {"po_number": "no PO number was found"}
    warnings = list(payload.get("warnings", []))
    if "low_confidence:po_number" not in warnings:
        warnings.insert(0, "low_confidence:po_number")
    return payload | {"po_number": None, "warnings": warnings, "unproven": unproven}


def _untitled(payload: dict) -> dict:
    """A letter whose items carry money, with a PO number found by its place or with none:
    nothing shows the page is ours (a supplier's form, a title in words the engine does not
    know), so a quotation or an invoice could read so too. The person said it is a PO: it is
    read as one, and as what it says was read from its structure alone, nothing on it is
    vouched for: every field read is flagged for the person to check, and `untitled` says
    why."""
    return _all_flagged(payload, "on a page no title shows to be a purchase order", UNTITLED)


def _all_flagged(payload: dict, why: str, warning: str) -> dict:
    """The reading as a PO's, every field read flagged for `why`, and `warning` saying so."""
    unproven = dict(payload.get("unproven") or {})
    for name in (*PO_FIELDS, "items"):
        if payload.get(name):
            unproven.setdefault(name, why)
    flags = [f"low_confidence:{name}" for name in (*PO_FIELDS, "items") if name in unproven]
    others = [w for w in payload.get("warnings", []) if not w.startswith("low_confidence:")]
    warnings = [*flags, *others, warning]
    return payload | {"document_type": "purchase_order", "warnings": warnings, "unproven": unproven}


# A label naming our order's number ('Your order No.', 'Client PO No.', 'Customer PO', 'Su
# pedido', 'Customer order', 'Kunden-Bestell-Nr.'), or a purchase order's, which on a
# supplier's quotation or proforma can only be the customer's ('PO No.', 'Orden de compra',
# 'O.C.', 'N° bon de commande'); not a reference ('Customer ref.' may be an enquiry's), nor
# a bare 'Order No.' (a proforma's own sales order).
_OUR_ORDER_LABEL = re.compile(
    rf"(?:{fields.YOUR_ORDER_NUMBER}|{fields.YOUR_PO_BARE}|{fields.YOUR_ORDER}|"
    rf"{fields.CUSTOMER_ORDER_BARE}|{fields.CUSTOMERS_ORDER_NUMBER}|{fields.PO_NAMED_NUMBER}|"
    r"(?:n[°º]\.?|num[ée]ro|r[ée]f(?:[ée]rence)?\.?)?\s*(?:d[eu]\s+)?bon\s+de\s+commande|"
    r"(?:orden|ordem|pedido)\s+de\s+compra|o\.\s?c\.)(?![^\W\d_])[\s.:#]*",
    re.IGNORECASE,
)
# The warning on a PO read from the supplier's quotation or proforma that names our order.
QUOTED = "quoted"


def _quoted_for_our_order(lines: list[Line], options: ExtractOptions) -> dict | None:
    """A quotation or a proforma raised against our order, naming its number (with a digit)
    under a label that says so ('Client PO No.: MCR/PO/26/1795', 'Your order no.', not a
    'Customer ref.', which may be an enquiry's): the supplier's paper for that PO, read as it,
    every field flagged (its prices are the supplier's, which a person checks against the
    order); else None, and it is refused as a quotation."""
    payload = read_po(lines, options)
    number, source = payload["po_number"], (payload.get("source") or {}).get("po_number") or ""
    if not (number and payload["items"] and re.search(r"\d", number)):
        return None
    if number.upper() in {code.upper() for code in options.site_codes}:
        return None  # a site's code in the order's box: the site, not the order
    label = _OUR_ORDER_LABEL.match(source)
    # under the label, the reference alone (its date after it at most): not a word's digits
    # ('Awaiting PO - ref quote 4471', 'Verbal (Mob. 98450 22110)')
    alone = label and _reference_alone(source[label.end() :], lambda text: text) == number
    # or no label, but the one reference above the items names itself a PO's ('MCI/PO/0278')
    if not (alone or source.startswith("number_named_po:")):
        return None
    why = "on the supplier's quotation or proforma for the order, not the order itself"
    return _all_flagged(payload, why, QUOTED)


def extract_delivery_note(document: Document) -> dict:
    payload = read(document)
    if payload["document_type"] != "delivery_note":
        raise ExtractionError(
            "This does not look like a delivery note (no 'Delivery Note' title was found). "
            "Upload the delivery note itself."
        )
    return payload


def read_text(text: str, **options) -> dict:
    """For tests: a PO payload from layout text, as pypdf would give for one page."""
    lines: list[Line] = []
    add_sheet(lines, text_lines(text))
    return read_po(split_money.join_cents(lines), ExtractOptions(**options))


def read_page_text(text: str, **options) -> dict:
    """For tests: the page's reading by its kind (`read_lines`), from layout text."""
    lines: list[Line] = []
    add_sheet(lines, text_lines(text))
    return read_lines(split_money.join_cents(lines), ExtractOptions(**options))
