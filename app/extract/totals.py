"""The foot of the order: subtotal, VAT and total, each found by its label.

`read_foot` finds each total by its label, the amount to its right (or in the
same cell). The sums they must agree to are checks.py's; a misread one put
right is a rule's (repairs.py). Pure.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from app import numbers
from app.extract import checks, fields, structure
from app.extract import vocabulary as words
from app.extract.layout import Cell, Line
from app.extract.model import Found
from app.extract.tables import CURRENCY_CODES, FOOT, column_key, money_text

# (a dollar with its country's letters, 'TOTAL J$'; Peru's sol, 'Importe total S/')
# (Guatemala's quetzal, 'TOTAL Q'; the Pacific franc, '(F CFP)')
# (rupees as South Asia and the Indian Ocean shorten them, 'Rs.', 'SR'; the ngultrum's 'Nu.';
# East Africa's shillings, 'Ushs', 'Kshs', 'Tshs'; the Cape Verdean escudo's 'ECV')
# (a code that is also a word only in brackets: 'Total (MOP)'; a code after a comma: 'Total
# incl. VAT, GEL')
_WORDLIKE = "|".join(c for c in numbers.WORDLIKE_CURRENCY_CODES if c != "KGS").lower()
_CURRENCY = (
    rf"(?:,?\s*\(?(?:{CURRENCY_CODES}|r|q|f\.?\s?cfp|€|[a-z]{{0,3}}\$|£|s/\.?|b/\.?|k\.d\.?|rs\.?|sr|nu\.|[ukt]shs?\.?|ecv)\)?|"
    rf"\s*\((?:{_WORDLIKE})\)|,\s*(?:{_WORDLIKE})\b)?"
)
# (its rate after it, '15%', or written the Turkish way, '%20')
_RATE = r"(?:\s*(?:@|at|à|a)?\s*\(?(?:\d{1,2}(?:[.,]\d+)?\s*%|%\s?\d{1,2}(?:[.,]\d+)?)\)?)?"
# 'excl. VAT', 'incl. tax', 'ex GST', 'inc GST'
_EXCL = r"\(?(?:excl(?:\.|uding|usive)?(?:\s+(?:vat|tax|gst))?|ex\.?\s+(?:vat|tax|gst))\)?"
# ('Total amount (VAT inclusive)' names the tax first)
# ('VIP', VAT-inclusive prices, as Fiji's orders say it)
_INCL = (
    r"\(?(?:incl(?:\.|uding|usive)?(?:\s+(?:vat|tax|gst))?|inc\.?\s+(?:vat|tax|gst)|"
    rf"(?:vat|tax|gst)\s+(?:incl(?:\.|uded|usive)?|{words.INCLUDED})|vip)\)?"
)
# A sum said to be before or with its tax, by a word or two of what it sums ('Order value
# excl. VAT', 'Schedule total (incl. VAT)'): the subtotal, or the total.
_WHAT = r"(?:[^\W\d]+\s+){0,2}(?:total|amount|value|sum)"
# What may stand before a tax label: 'plus' ('zzgl. 19 % MwSt.', 'Plus VAT'), and its rate.
_PLUS = rf"(?:(?:plus|add|\+|\(\+\)|{words.PLUS})\s*:?\s*)?(?:\d{{1,2}}(?:[.,]\d+)?\s*%\s*)?"
# A charge between the subtotal and the total: VAT and its kin in any language, a levy, a duty.
TAX_WORDS = re.compile(
    rf"\b(?:vat|tax|[csiu]?gst|levy|duty|excise|surcharge|{words.FOOT['tax']})\b", re.IGNORECASE
)
# A tax by its own name and its rate ('GST 9%', 'IVA 21 %'), and no word that says the charge
# includes it or is exempt from it.
_A_TAX = re.compile(
    r"(?i)^(?!.*\b(?:incl|inclusive|included|exempt|excl)\b)"
    rf".*\b(?:vat|[csiuh]?gst|pst|qst|sales\s+tax|{words.FOOT['tax']})\b"
    r"\s*(?:@\s*)?\d{1,2}(?:[.,]\d+)?\s*%"
)
# The Incoterms a price is quoted at.
_INCOTERM = r"(?:exw|fca|fas|fob|cfr|cif|cpt|cip|dap|dpu|ddp)"
FOOT_LABELS = {
    "subtotal": rf"(?:sub\s*-?\s*total|nett(?:\s+total)?|net\s+total|"
    r"total\s+net(?:t)?\s+(?:value|amount)|"
    r"untaxed\s+amount|(?:total\s+)?taxable\s+(?:amount|value)|net\s+amount|amount\s+before\s+(?:vat|tax)|"
    rf"total\s+before\s+(?:vat|tax)|{_WHAT}\s+{_EXCL}|{words.FOOT['subtotal']}|"
    # what the goods come to, before freight and tax ('Merchandise Total'); a service order's
    # 'Net value of services' (a bare 'Net Value' may be what is payable, after tax)
    # ('Merchandise' alone too, as a distributor's order prints it)
    r"merchandise(?:\s+(?:total|value))?|(?:goods|materials?)\s+(?:total|value)|"
    r"net\s+value\s+of\s+(?:goods|services)|"
    # an e-order's or e-invoice's monetary totals, as their viewers print them
    r"(?:tax\s+exclusive|line\s+extension)\s+amount)"
    rf"(?:\s+{_EXCL})?{_CURRENCY}",
    # 'Total VAT' and 'VAT total' beside 'Total Exclusive' and 'Total Inclusive' (an
    # accounting package's foot) name the tax, not the total
    # (India's GST in its central, state, integrated and union territory parts: 'CGST @ 9%')
    # (a business system's 'Input tax V1 15 %', 'VAT 15.00% (S1)': the tax by its code)
    "tax": rf"{_PLUS}(?:total\s+)?(?:vat|(?:input\s+)?tax(?:es)?|[csiu]?gst|sales\s+tax|"
    rf"{words.FOOT['tax']})(?:\s+(?:amount|total))?(?:\s+[a-z]\d)?"
    # (a province's or state's letters after the rate: 'HST 13% (ON)')
    # (or what its rate is, in brackets: 'VAGST 0% (zero-rated export)')
    rf"(?!{_RATE}\s*\(?(?:incl|{words.INCLUDED})){_RATE}(?:\s*\([a-z]\d{{1,2}}\)|\s*\([a-z]{{2}}\)|"
    r"\s*\((?:zero[- ]rated|exempt)[^)]{0,30}\))?"
    # (and the sum it is worked on: 'VAT @ 15% on 1,349,380.28', 'IVA 23% s/ 240,00')
    r"(?:\s+(?:on|of|s/|sobre|sur|auf|su|op)\s*\d[\d.,' \u00a0]*\d)?",
    # VAT the total includes: the prices were printed with it
    # ('Includes GST of')
    "included_tax": rf"(?:vat|tax|gst|{words.FOOT['tax']})\s+(?:incl(?:\.|uded|usive)?|"
    rf"{words.INCLUDED}){_RATE}|"
    # the rate first, and the word in brackets: 'VAT 15% (included)', '(included above)',
    # 'VAT content @ 12.5% (included above)'
    # ('VAT 12.5% included', 'VAT 18% inkluż': the word after the rate, unbracketed)
    rf"(?:vat|tax|gst|{words.FOOT['tax']})(?:\s+content)?{_RATE}\s*\((?:incl(?:\.|uded|usive)?|"
    rf"{words.INCLUDED})(?:\s+above)?\)|"
    # ('VAT @ 15% included in the total')
    rf"(?:vat|tax|gst|{words.FOOT['tax']}){_RATE}\s+(?:included|{words.INCLUDED})"
    r"(?:\s+in\s+(?:the\s+)?(?:total|prices?|amount))?|"
    rf"(?:incl(?:\.|uding|udes)?|of\s+which|{words.INCLUDED})\s+"
    rf"(?:vat|tax|gst|{words.FOOT['tax']}){_RATE}(?:\s+of)?|"
    # (the rate first: 'Waarvan 21% btw', 'of which 20% VAT')
    rf"(?:of\s+which|{words.INCLUDED})\s+\d{{1,2}}(?:[.,]\d+)?\s*%\s+(?:vat|tax|gst|{words.FOOT['tax']})",
    # ('Total FOB value USD': the total at an Incoterm)
    "total": rf"(?:(?:grand|order|gross|p\.?\s?o\.?)\s+)?total(?:\s+{_INCOTERM})?"
    r"(?:\s+(?:gross\s+)?(?:value|amount|due|payable|order(?:\s+(?:value|amount))?))?"
    # ('TOTAL AUD (VAT incl.)': its currency before what it includes)
    rf"(?:\s+{_INCL})?{_CURRENCY}(?:\s+{_INCL})?|{_WHAT}\s+{_INCL}{_CURRENCY}|"
    # what was paid, with its tax ('Total charged to card (inc GST)')
    rf"total\s+(?:charged|payable|due)(?:\s+[^\W\d]+){{0,2}}\s+{_INCL}{_CURRENCY}|"
    rf"amount\s+due|balance\s+due|total\s+payable|order\s+value{_CURRENCY}|"
    rf"(?:tax\s+inclusive|payable)\s+amount{_CURRENCY}|"
    # ('Gesamtbetrag inkl. USt.', 'Totale IVA inclusa': what it includes in the language's
    # words)
    rf"(?:{words.FOOT['total']})(?:\s+(?:{words.INCLUDED})\s+(?:{words.FOOT['tax']}))?{_CURRENCY}",
}
_AMOUNT = re.compile(
    r"\(?-?(?:[A-Z]{3}\s?|[RN]\$\s?|US\$\s?|R\s?|\$|€|£)?\d[\d ,.'\u00a0]*\d"
    r"(?:\$\d\d(?!\d|[.,]\d))?"  # (the escudo's '$' before its centavos: '6.850.776$00')
    r"(?:\s?F\.?\s?CFA|\s?[A-Z]{3}|\s?€|\s?MT)?\)?"  # (the CFA franc's 'F CFA' after it)
)
_CFA_AFTER = re.compile(r"\s?F\.?\s?CFA\)?$")


# Days after a number: a term's ('Net 30 days', 'Netto 30 dagar', '30 Tage netto').
_DAYS = re.compile(
    r"\s*(?:days?|dage|dagar|dagen|dögum|tage?n?|jours?|d[íi]as|dni|päivää|gün)\b", re.IGNORECASE
)


def _amount(text: str, decimal_comma: bool, currency: str | None = None) -> str | None:
    """The last amount in the text; 'R 12 038 03' and '1 805. 70' (a point the OCR lost or
    spaced) are read as 12038.03 and 1805.70 when nothing else makes them a number. Given the
    order's `currency`, not one marked as another's (a counter-value, '360,702,005 L.L.' on
    an order in dollars)."""
    for match in reversed(list(_AMOUNT.finditer(text))):
        if text[match.end() :].lstrip().startswith("%"):
            continue  # a rate ('TVA 15% / VAT included 15%'), not an amount
        if _DAYS.match(text[match.end() :]):
            continue  # payment terms ('Netto 30 dagar', 'Net 30 days'), not an amount
        if re.match(r"-[^\W\d_]", text[match.end() :]) and not re.search(r"[.,$]\d\d$", match[0]):
            continue  # a whole number run into a word ('n. 127-terdecies'), not an amount
        if _in_another_currency(text, match, currency):
            continue
        value = money_text(_CFA_AFTER.sub("", match.group().strip()), decimal_comma)
        if value is not None:
            return value
    return None


# What may follow a foot label in its own cell: nothing, or the amount ('Total: R 115.00');
# a hyphen only as a minus before one, apart from the label ('USt-IdNr. 4002097728' is a
# registration's label, 'TVA-30' an item's code).
_THEN_AMOUNT = (
    r"\s*:?\s*(?=$|(?:(?<=[\s:])-)?\s?(?:[\d($€£]|r\s?\d|[a-z]{3}\s?\d|[ukt]shs?\.?\s?\d|"
    r"kr\.?\s?\d))"  # (the Nordic crown's 'Sum eks. mva: kr 14 965,95')
)
# Each foot label as matched at a cell's start, its amount (if any) after it.
_LABEL_THEN_AMOUNT = {
    key: re.compile(rf"(?:{pattern}){_THEN_AMOUNT}", re.IGNORECASE)
    for key, pattern in FOOT_LABELS.items()
}


def _in_another_currency(text: str, match: re.Match, currency: str | None) -> bool:
    """The amount is marked as another currency's than the order's, not as its own."""
    if currency is None:
        return False
    around = text[max(0, match.start() - 6) : match.end() + 6]
    named = fields.currencies_named(around)
    if not re.search(r"US\$|USD", around):
        named.discard("USD")  # '$' alone is any dollar's or peso's sign
    return bool(named) and currency not in named


def _labelled(
    line: Line,
    decimal_comma: bool,
    below: Line | None = None,
    above: Line | None = None,
    currency: str | None = None,
) -> tuple[str, str, int, Line | None] | None:
    """The foot label this line carries and its amount: (key, amount, cell index, the other
    line the amount is on, if it is not on this one), or None.
    A label is the whole of its cell but for an amount: 'Total Excl. VAT' is not 'Total'.
    A label last on its line may have its amount alone on the line under it (a box of
    label over value), right of the label's start. A label printed under its translation in
    a right-to-left script has its amount beside the translation, on the line above."""
    for position, cell in enumerate(line.cells):
        for text in _label_texts(cell.text):
            label = text.lower()
            for key, label_then_amount in _LABEL_THEN_AMOUNT.items():
                match = label_then_amount.match(label)
                if not match:
                    continue
                rest = text[match.end() :].strip()
                after = line.cells[position + 1 :]
                beside = " ".join(c.text for c in after)
                if _LOST_RATE.fullmatch(rest) and _amount(beside, decimal_comma):
                    rest = ""  # the amount is beside it ('VAT 15  (included)  R 4,298.54')
                if _RIGHT_TO_LEFT.search(cell.text) is None:
                    # words in Arabic or Hebrew beside an English label are another block's
                    # ('VAT 15%' beside a note of payment terms in Arabic)
                    # ('570.00 ريال', an amount and its currency's name, is the amount)
                    after = [
                        c
                        for c in after
                        if len(_RIGHT_TO_LEFT.findall(c.text)) < 3 or _amount_first(c)
                    ]
                joined = f"{text} {after[0].text}" if after else ""
                one_label = label_then_amount.match(joined)
                if not rest and after and _a_foot_label(after[0].text) and not one_label:
                    break  # the next cell is a label of its own, the amount after it its
                    # ('Amount inc GST  GST included (10%)  $208.51', a table's head); not the
                    # rest of this label in a cell of its own ('TOTAL  VAT incl.  11,500.00')
                value_text = _own_part(rest or " ".join(c.text for c in after))
                other = None if value_text or below is None else _alone_under(below, cell.x0)
                if other is not None:
                    value_text = other.text
                value = _amount(value_text, decimal_comma, currency)
                if value is None and key == "tax" and _NO_TAX.fullmatch(value_text.strip()):
                    value = "0.00"  # 'Sales Tax  EXEMPT': no tax is owed
                if value is None and not rest and above is not None:
                    value = _beside_translation(above, cell.x0, decimal_comma)
                    if value is not None:
                        return key, value, position, above
                if value is not None:
                    return key, value, position, other and below
                break  # a label without its amount: the next cell may be one
    return None


# A rate after a foot's label that has lost its '%' ('VAT included 15' for 'VAT included
# (15%)', as the OCR reads it), with an amount in the next cell: a whole number or one
# decimal, never an amount's two.
_LOST_RATE = re.compile(r"\(?\d{1,2}(?:[.,]\d)?\)?")


# Another label after an amount, its value after its colon ('1,728.44  Lines . . . : 11').
_NEXT_LABEL = re.compile(r"\d[.,]\d\d(\s+[^\W\d][^\d:]{0,30}:)")


def _own_part(text: str) -> str:
    """The text up to another label after its amount: a screen's or a form's next field on
    the line ('GST 10% . . . : 1,728.44  Lines . . . : 11'), whose value is no amount here."""
    match = _NEXT_LABEL.search(text)
    return text[: match.start(1)] if match else text


def _a_foot_label(text: str) -> bool:
    """The text starts with a foot label of any kind, and has no amount before it."""
    return any(label.match(text.strip()) for label in _LABEL_THEN_AMOUNT.values())


# Letters of the scripts written right to left: Hebrew's and Arabic's.
_RIGHT_TO_LEFT = re.compile(r"[\u0590-\u06ff]")


def _amount_first(cell: Cell) -> bool:
    """The cell starts with an amount, words in Arabic or Hebrew after it ('570.00 ريال')."""
    return bool(re.match(r"\s*\(?-?\d[\d ,.'\u00a0]*[.,]\d\d\b", cell.text))


def _beside_translation(above: Line, x0: float, decimal_comma: bool) -> str | None:
    """The amount beside a label's translation in Arabic or Hebrew on the line above, the
    translation over the label's start ('الإجمالي غير شامل الضريبة  ر.س SAR 21,126.11' over
    'Total excl. VAT'), a rate all it has of digits: the amount in the cell after it."""
    first = above.cells[0]
    if not first.x0 - 4 <= x0 <= first.x1 or len(_RIGHT_TO_LEFT.findall(first.text)) < 3:
        return None
    words = re.sub(r"\d{1,2}(?:[.,]\d+)?\s*%", "", first.text)
    if re.search(r"\d|[A-Za-z]", words) or len(above.cells) < 2:
        return None
    return _amount(above.cells[1].text, decimal_comma)


# A word in the tax's place that says none is owed.
_NO_TAX = re.compile(r"\(?(?:exempt|nil|zero[- ]rated)\)?\.?", re.IGNORECASE)


def _label_texts(text: str) -> list[str]:
    """The cell's text as a label: whole, after a form's block number ('18. TOTAL OF ITEMS');
    printed in two languages ('Total TTC / Total incl. VAT'), the last of them, then the
    first, each with the amount that may follow the cell's last; the second language's alone in
    its cell ('/ Net total' after 'Cyfanswm net'), without its stroke."""
    text = fields.without_block_number(re.sub(r"\s+", " ", text).strip())
    if text.startswith("/ "):  # the second language's in a cell of its own ('/ Net total')
        text = text[2:]
    parts = text.split(" / ")
    if len(parts) < 2:
        return [text]
    amount = _AMOUNT_AFTER.search(parts[-1])
    first = parts[0] + (parts[-1][amount.start() :] if amount else "")
    return [text, parts[-1], first]


# An amount at the end of a label's cell ('Total incl. VAT  Rs 1,234.56').
_AMOUNT_AFTER = re.compile(r"\s+(?:[A-Za-z]{1,3}\.?\s?|[$€£]\s?)?-?\d[\d ,.'\u00a0]*$")


def _alone_under(below: Line, x0: float) -> Cell | None:
    """One amount alone under the label, right of its start, with its cents or its currency
    (a date or a count under a 'Total' column head is not one); a note left of the label's
    start may share its line ('VAT @ 15%' over a note and '32 807.38')."""
    right = [cell for cell in below.cells if cell.x0 >= x0 - 2]
    left = [cell for cell in below.cells if cell not in right]
    if len(right) != 1 or not all(cell.x1 <= x0 + 2 and _a_note(cell.text) for cell in left):
        return None
    text = right[0].text.strip()
    amount = (
        rf"{_CURRENCY}\s*-?(?:\d[\d ,.'\u00a0]*[.,]\d\d|{numbers.ESCUDO})(?:\s?[A-Za-z€]{{1,3}})?"
    )
    return right[0] if re.fullmatch(amount, text, re.IGNORECASE) else None


def _a_note(text: str) -> bool:
    """Words of a note beside the foot (three or more), not a row of a table's values."""
    return len(re.findall(r"[^\W\d_]{2,}", text)) >= 3


# Eight digits or more with no separator, no cents and no currency: a VAT or company
# registration number ('VAT 4120198765' in a page's footer), not an amount.
_REGISTRATION = re.compile(r"\D*?(\d{8,})")


def _registration(line: Line, position: int) -> bool:
    """The amount after the label is a registration number: the footer's 'VAT 4120198765'
    gives way to the foot's own VAT line above it."""
    text = " ".join(cell.text for cell in line.cells[position:]).strip()
    return bool(_REGISTRATION.fullmatch(text))


def _found(line: Line, value: str, position: int) -> Found:
    conf = 0.95 * (0.6 + 0.4 * min(c.conf for c in line.cells[position:]))
    ocr = any(c.ocr for c in line.cells[position:])
    return Found(value, round(conf, 3), line.text.strip(), 0, ocr)


def read_foot(
    lines: list[Line], decimal_comma: bool, currency: str | None = None
) -> dict[str, Found]:
    """Each total from the last line that carries its label (the foot is at the end), in
    the order's `currency` where an amount is marked with another's (a counter-value).

    Where several charges stand between the subtotal and the total (VAT and a
    levy), the tax is their sum. A tax the total says it includes ('VAT
    included at 15%': the prices were printed with it) is the tax too;
    `tax_included` tells it apart.
    """
    where: dict[str, int] = {}  # each key's line
    column: dict[str, int] = {}  # and its label's cell in that line
    out: dict[str, Found] = {}
    by_registration: set[str] = set()  # keys read from a line whose amount may be a number
    for registered in (False, True):  # a registration number only when nothing else is
        for index in range(len(lines) - 1, -1, -1):
            below = lines[index + 1] if index + 1 < len(lines) else None
            near = below is not None and below.page == lines[index].page
            above = lines[index - 1] if index else None
            above = above if above is not None and above.page == lines[index].page else None
            labelled = _labelled(
                lines[index], decimal_comma, below if near else None, above, currency
            )
            if labelled is None:
                continue
            key, value, position, other = labelled
            key = "tax" if key == "included_tax" else key
            if key not in out and _registration(lines[index], position) == registered:
                if registered:
                    by_registration.add(key)
                found = _found(lines[index], value, position)
                if other is below and other is not None:  # its amount on the line below
                    found = replace(found, source=f"{found.source}  {below.text.strip()}")
                elif other is not None:  # beside its translation on the line above
                    found = replace(found, source=f"{other.text.strip()}  {found.source}")
                out[key], where[key], column[key] = found, index, position
    if "total" in out and (before := _total_before_paid(lines, where["total"], decimal_comma)):
        # a deposit paid taken off right above the total read: that is what is left to pay,
        # and the order's total the one above the deposit ('Total  27,910.50', 'Less deposit
        # paid (30%)  -8,373.15', 'Balance due  19,537.35')
        index, (_, value, position, _) = before
        out["total"], where["total"], column["total"] = (
            _found(lines[index], value, position),
            index,
            position,
        )
    if not {"subtotal", "total"} & out.keys():
        out |= _grid_foot(lines, decimal_comma, currency)
    # a VAT analysis is printed at the foot, not above it: an items table's 'Incl. VAT'
    # column is the lines' amounts with their tax, not the tax
    foot = lines[min(where.values(), default=len(lines)) :]
    if "tax" not in out and (analysis := _analysis(foot, decimal_comma)) is not None:
        out["tax"] = analysis
    if (
        {"subtotal", "tax"}.isdisjoint(out)
        and "total" in out
        and _INCLUDES.search(out["total"].source)
    ):
        out |= _analysis_sums(lines[where["total"] :], out["total"], decimal_comma)
    if {"subtotal", "tax", "total"} <= where.keys() and where["tax"] < where["subtotal"]:
        # 'Sumas', 'IVA 13%', 'Subtotal', a withholding, 'Total': the last subtotal label is
        # the lines' sum with the tax, the first the sum before it
        before = _sum_before_tax(lines, where["tax"], out, decimal_comma)
        if before is not None:
            index, position, value = before
            out["subtotal"] = _found(lines[index], value, position)
            where["subtotal"], column["subtotal"] = index, position
    if (
        "tax" in where
        and "total" in where
        and "subtotal" not in where
        and where["tax"] < where["total"]
    ):
        # no subtotal printed, and the tax in parts on the lines right above the one read
        # ('CGST @ 9%' over 'SGST @ 9%', 'GST 5%' over 'PST 7%'): their sum
        parts = _tax_lines_above(lines, where["tax"], column["tax"], decimal_comma, currency)
        named = [line.text for line, _ in parts] + [lines[where["tax"]].text]
        if parts and not any(_TAXES_SUMMED.search(text) for text in named):
            found = out["tax"]
            cents = sum(numbers.parse_money(v) for _, v in parts) + numbers.parse_money(found.value)
            source = " + ".join([*(line.text.strip() for line, _ in parts), found.source])
            out["tax"] = replace(found, value=numbers.cents_to_text(cents), source=source)
    if "subtotal" in where and "total" in where:
        between = lines[where["subtotal"] + 1 : where["total"]]
        left = min(lines[where[key]].cells[column[key]].x0 for key in ("subtotal", "total"))
        charges = _charges(between, out["subtotal"].value, decimal_comma, left)
        named = [(line, value) for line, value in charges if TAX_WORDS.search(line.text)]
        if len(charges) == 1 and named and "tax" in by_registration:
            # the one tax between the subtotal and the total, not a registration's number (a
            # charge by its rate alone, 'Delivery 5%', is no tax the page names)
            line, value = named[0]
            out["tax"] = _found(line, value, 0)
        elif len(charges) == 1 and "tax" not in out and _A_TAX.search(charges[0][0].text):
            # where no tax label was read, the one charge between them that a tax's own name
            # and rate label ('Add: GST 9%' in a cell after a note); not a surcharge, a levy
            # or a duty, nor a charge the tax is included in or exempt from
            line, value = charges[0]
            out["tax"] = _found(line, value, 0)
        if "tax" not in out and len(charges) <= 1:
            # no charge read as a tax: the one amount between them that is the total less
            # the subtotal ('PGST (10.0%)  1,660.07', 'Sales tax (Denver 8.81%)  $371.11'),
            # or nothing at all where the two are the same and nothing stands between them
            gap = numbers.parse_money(out["total"].value) - numbers.parse_money(
                out["subtotal"].value
            )
            tax = _the_difference(between, charges, gap, decimal_comma, left, out)
            if tax is None and gap > 0 and not charges:
                tax = _by_rate(between, gap, decimal_comma)
            if tax is not None:
                out["tax"] = tax
        if len(charges) > 1:
            cents = sum(numbers.parse_money(value) for _, value in charges)
            source = " + ".join(line.text.strip() for line, _ in charges)
            conf = min(_found(line, value, 0).confidence for line, value in charges)
            ocr = any(line.ocr for line, _ in charges)
            out["tax"] = Found(numbers.cents_to_text(cents), conf, source, 0, ocr)
    return out


# A tax line that sums others ('Total VAT', 'VAT total', 'Gesamt-MwSt.'): no part of the tax.
_TAXES_SUMMED = re.compile(r"total|\bsum|gesamt|totale|totaal|razem|celkem", re.IGNORECASE)


def _tax_lines_above(
    lines: list[Line], index: int, position: int, decimal_comma: bool, currency: str | None
) -> list[tuple[Line, str]]:
    """The lines of the foot right above lines[index] (a tax's, not one the total includes,
    its label in cell `position`) on its page, each a tax's too: its label where that one's
    starts, its amount in cents, and no more than its rate and its amount in figures (an item's
    line with its tax's code, 'GST 5%', has its quantity and price too); first to last, none
    past the first that is not."""
    line = lines[index]
    own = _labelled(line, decimal_comma, None, None, currency)
    if own is None or own[0] != "tax":
        return []
    start = line.cells[position].x0
    parts: list[tuple[Line, str]] = []
    for above in reversed(lines[:index]):
        if above.page != line.page:
            break
        labelled = _labelled(above, decimal_comma, None, None, currency)
        if labelled is None or labelled[0] != "tax" or labelled[3] is not None:
            break
        if abs(above.cells[labelled[2]].x0 - start) > 3 or not _CENTS.search(above.cells[-1].text):
            break  # (a rate's line, 'Duty/tax/fee, VAT, rate %  15', is no part of it)
        if sum(bool(re.search(r"\d", cell.text)) for cell in above.cells) > 2:
            break
        parts.insert(0, (above, labelled[1]))
    return parts


# A rate's head in a grid of the foot ('% IGIC', 'Tipo', 'Taxa'), and its value ('7,00').
_RATE_HEAD = re.compile(r"(?i)%.*|.*%|tipo|taxa|tasa|rate|satz")
_RATE_VALUE = re.compile(r"\d{1,2}(?:[.,]\d{1,2})?\s*%?")


def _grid_foot(lines: list[Line], decimal_comma: bool, currency: str | None) -> dict[str, Found]:
    """A foot printed as a grid, a row of its labels over a row of their amounts
    ('BASE IMPONIBLE  % IGIC  CUOTA IGIC  TOTAL' over '4.457,19 €  7,00  312,00 €  4.769,19
    €'): each label's amount the one under it. The last such pair of rows; only where the
    head is foot labels (a subtotal's or a total's among them) and rates' heads, and the row
    under it amounts and rates, nothing else (an item table's head names more)."""
    for index in range(len(lines) - 2, -1, -1):
        heads, under = lines[index], lines[index + 1]
        if under.page != heads.page:
            continue
        keyed = [(_foot_key(cell.text), cell) for cell in heads.cells]
        keys = [key for key, _ in keyed if key]
        # (a tax head per rate, summed, and a total printed twice, 'Total TTC' and 'Net à
        # payer', may repeat; nothing else)
        again = [k for k in set(keys) if keys.count(k) > 1]
        if len(keys) < 2 or not {"subtotal", "total"} & set(keys):
            continue
        # heads of charges no list knows ('Trasporto e facchinaggio', 'Impòrt brut') and a
        # subtotal printed twice (the goods' sum, then the taxable one) only where the three
        # sums are printed, and then only if they add up
        others = [c for key, c in keyed if not key and not _RATE_HEAD.fullmatch(c.text.strip())]
        if any(column_key(c.text.strip().lower()) for c in others):
            continue  # an item table's head ('Description  Qty  Subtotal  VAT  Total')
        summed = {"subtotal", "tax", "total"} <= set(keys) and len(others) <= 2
        if set(again) - {"tax", "total"} - ({"subtotal"} if summed else set()):
            continue
        if others and not summed:
            continue
        if any(
            _amount(c.text, decimal_comma) is None and not _RATE_VALUE.fullmatch(c.text.strip())
            for c in under.cells
        ):
            continue
        if _another_row(lines, index + 2, under, keyed, decimal_comma):
            continue  # a table of rates, one row each ('15%  1000.00  150.00  1150.00'): no foot
        out = {}
        paired = len(under.cells) == len(heads.cells)  # a value under each head, in order
        for at, (key, cell) in enumerate(keyed):
            over = _under(under, cell)
            if paired and over != [under.cells[at]]:
                # (each value set off from its head's start: boxes centred, heads not)
                over = [under.cells[at]] if not over or under.cells[at] in over else []
            value = _amount(over[0].text, decimal_comma, currency) if len(over) == 1 else None
            if key and value is None:
                break
            if cell in others and (value is None or not _CENTS.search(over[0].text)):
                break  # a charge's head over no amount of money
            if key:
                found = _found(under, value, under.cells.index(over[0]))
                found = replace(found, source=f"{cell.text}  {over[0].text}")
                if key == "subtotal" and key in out:
                    found = replace(found, source=f"{out[key].source}, {found.source}")
                else:  # (the subtotal printed last before the tax is the taxable sum)
                    found = _again(out[key], found, key) if key in out else found
                if found is None:
                    break  # two different totals: no foot
                out[key] = found
        else:
            if (others or "subtotal" in again) and not _adds_up(out):
                continue
            return out
    return {}


# A deposit or an advance paid, taken off the total, in English and other languages ('Less
# deposit paid (30%)', 'Anzahlung', 'Acompte versé', 'Anticipo', 'Sinal', 'Acconto',
# 'Aanbetaling', 'Zaliczka', 'Uang muka', 'Avans', 'Vooruitbetaling').
_PAID = re.compile(
    r"\b(?:deposit|advance|prepayment|pre-payment|down\s*payment|payment\s+received|"
    r"(?:amount\s+)?(?:already\s+)?paid|anzahlung|vorauszahlung|acompte|arrhes|anticipo|"
    r"se[ñn]a|sinal|adiantamento|acconto|aanbetaling|voorschot|zaliczka|przedp[łl]ata|"
    r"uang\s+muka|avans|kapora|vooruitbetaling|deposito)\b",
    re.IGNORECASE,
)


# What says it is taken off, not charged (a pallet's or a cylinder's deposit is charged): a
# minus or brackets on the amount (`_paid_before`), or a word ('less', 'paid', 'abzüglich', 'versé',
# 'pagado', 'recebido', 'versato', 'betaald', 'wpłacona', 'dibayar', 'ödenen').
_TAKEN_OFF_WORD = re.compile(
    r"\b(?:less|minus|paid|received|abz(?:gl\.|[üu]glich)|geleistet|erhalten|vers[ée]e?|re[çc]ue?|"
    r"moins|menos|pagad[oa]|recibid[oa]|pag[oa]|recebid[oa]|versato|ricevuto|betaald|ontvangen|"
    r"wp[łl]acon[aey]|dibayar|[öo]denen|al[ıi]nan)\b",
    re.IGNORECASE,
)


# What is left to pay, as a foot names it ('Balance due', 'Amount due', 'Restbetrag', 'Saldo',
# 'Reste à payer', 'A pagar', 'Da pagare', 'Te betalen', 'Do zapłaty', 'Sisa').
_BALANCE = re.compile(
    r"\b(?:balance|due|payable|outstanding|rest(?:betrag)?|saldo|reste?|[àa]\s+pagar|"
    r"[àa]\s+payer|da\s+pagare|te\s+betalen|do\s+zap[łl]aty|sisa|kalan)\b",
    re.IGNORECASE,
)


def _paid_before(line: Line, decimal_comma: bool) -> bool:
    """The line takes a deposit or an advance paid off the total: its word, its amount with
    cents in its last cell, and a minus or brackets on that amount or a word saying it is
    taken off ('Less deposit paid (30%)  -8,373.15'; not 'Pallet deposit (2 @ 150.00)  300.00',
    charged, nor 'Prepayment required - 50%')."""
    text, last = line.text, line.cells[-1].text.strip() if line.cells else ""
    if not _PAID.search(text) or not _CENTS.search(last) or _amount(last, decimal_comma) is None:
        return False
    return bool(re.match(r"[-−–(]", last) or _TAKEN_OFF_WORD.search(text))


def _total_before_paid(
    lines: list[Line], index: int, decimal_comma: bool
) -> tuple[int, tuple[str, str, int, Line | None]] | None:
    """Where the total read at lines[index] is a balance ('Balance due', 'Restbetrag') with a
    deposit paid taken off right above it, the nearest total labelled above that deposit on
    its page, on its own line, as (its line's index, its label); else None (no total above
    it: the balance is left as read, and the sums say whether it adds up)."""
    line = lines[index]
    if not _BALANCE.search(line.text):
        return None
    for k in range(index - 1, max(index - 4, -1), -1):
        if lines[k].page != line.page:
            return None
        if not _paid_before(lines[k], decimal_comma):
            continue
        for j in range(k - 1, max(k - 16, -1), -1):  # (a VAT analysis may stand between)
            if lines[j].page != line.page:
                return None
            labelled = _labelled(lines[j], decimal_comma)
            if labelled is not None and labelled[0] == "total" and labelled[3] is None:
                return j, labelled
        return None
    return None


def _adds_up(out: dict[str, Found]) -> bool:
    """The subtotal and the tax make the total."""
    cents = [checks.cents(out[key].value) for key in ("subtotal", "tax", "total")]
    return None not in cents and cents[0] + cents[1] == cents[2]


def _again(first: Found, then: Found, key: str) -> Found | None:
    """A grid foot's head printed twice: the taxes of two rates added up ('TVA 16 %' and 'TVA
    13 %'), a total printed twice the same; None for two different totals."""
    cents = checks.cents(first.value), checks.cents(then.value)
    if None in cents:
        return None
    if key == "total":
        return first if cents[0] == cents[1] else None
    value = numbers.cents_to_text(cents[0] + cents[1])
    sure = min(first.confidence, then.confidence)
    return replace(first, value=value, confidence=sure, source=f"{first.source} + {then.source}")


def _another_row(
    lines: list[Line], index: int, row: Line, keyed: list, decimal_comma: bool
) -> bool:
    """The line at `index`, right under a grid's row of amounts, is another such row: amounts
    under two of the grid's labels or more, in cells of their own (a sentence across the page
    under them, 'Réclamations sous 48 heures.', is one cell)."""
    if index >= len(lines) or lines[index].page != row.page:
        return False
    below = lines[index]
    under = {
        id(c)
        for key, head in keyed
        if key
        for c in below.cells
        if c.x0 <= head.x1 + 2 and c.x1 >= head.x0 - 2 and _amount(c.text, decimal_comma)
    }
    return len(under) >= 2


# Each foot label as the whole of a cell, in the order a cell is tried against them.
_FOOT_LABEL_ONLY = {
    key: re.compile(rf"(?:{FOOT_LABELS[key]})\s*:?", re.IGNORECASE)
    for key in ("subtotal", "tax", "included_tax", "total")
}


def _foot_key(text: str) -> str | None:
    """The foot's key a cell's whole text labels ('Base imponible', 'Cuota IGIC'), or None."""
    label = text.strip().lower()
    for key, label_only in _FOOT_LABEL_ONLY.items():
        if label_only.fullmatch(label):
            return "tax" if key == "included_tax" else key
    return None


def _the_difference(
    between: list[Line],
    charges: list[tuple[Line, str]],
    gap: int,
    decimal_comma: bool,
    left: float,
    out: dict[str, Found],
) -> Found | None:
    """The tax as the total less the subtotal: the one charge between them (a tax by its word
    or by its rate of the subtotal) whose amount is that difference, its label no tax's name
    this module reads as such ('PGST (10.0%)', 'Sales tax (Denver 8.81%)'); nothing where the
    two are the same and no amount stands between them (a country without VAT)."""
    sure = min(out["subtotal"].confidence, out["total"].confidence)
    ocr = out["subtotal"].ocr or out["total"].ocr
    if gap == 0 and all(_amount_at_right(line, decimal_comma, left) is None for line in between):
        source = f"{out['subtotal'].source} = {out['total'].source}{NO_TAX_BETWEEN}"
        return Found("0.00", sure, source, 0, ocr)
    if gap > 0 and len(charges) == 1 and numbers.parse_money(charges[0][1]) == gap:
        line, value = charges[0]
        if _NOT_A_TAX.search(line.text) or not _TAX_NAMED.search(line.text):
            return None  # a surcharge, a duty, a charge free of tax or with it in, or one
            # known by its rate alone ('Handling 3%'), is no tax
        found = _found(line, value, 0)
        return replace(found, source=f"{found.source} (the total less the subtotal)")
    return None


def _line_of(lines: list[Line], found: Found) -> Line | None:
    """The line a value was read from, by its source text."""
    return next((line for line in lines if line.text.strip() == found.source), None)


def in_columns(lines: list[Line], found: Found) -> bool:
    """The value was read on a line that prints two amounts of money or more after its label,
    each in a cell of its own ('Totaal incl. btw  EUR 912,29  EUR 845,28' under 'Order
    Ontvangen  Factuur'): which column is the order's the label does not say."""
    line = _line_of(lines, found)
    if line is None:
        return False
    money = [c for c in line.cells[1:] if _CENTS.search(c.text) and _amount(c.text, True)]
    if len(money) < 2 or len({c.text.strip() for c in money}) < 2:
        return False
    rate = re.search(r"(\d{1,2}(?:[.,]\d+)?)\s*%", line.text)
    if rate is None:
        return True
    share = Decimal(rate.group(1).replace(",", "."))
    values = [numbers.parse_money(v) for c in money if (v := _amount(c.text, True)) is not None]
    # a tax's line with its base and its amount ('VAT 15%  6,340.00  951.00') is no columns
    return not any(abs(base * share / 100 - tax) <= 100 for base in values for tax in values)


def _by_rate(between: list[Line], gap: int, decimal_comma: bool) -> Found | None:
    """The tax as a table by rate between the subtotal and the total prints it: a row of
    heads, one of them the tax's alone ('Tarief  Maatstaf  Btw'), over a row per rate; the
    tax is the sum of the amounts under that head, where it is the total less the subtotal."""
    for index, line in enumerate(between):
        heads = [c for c in line.cells if _foot_key(c.text) == "tax"]
        if len(line.cells) < 3 or len(heads) != 1:
            continue
        head, amounts = heads[0], []
        for below in between[index + 1 :]:
            under = _under(below, head)
            value = _amount(under[0].text, decimal_comma) if len(under) == 1 else None
            if value is None or len(below.cells) < 3 or not _CENTS.search(under[0].text):
                break
            amounts.append((below, value))
        summed = _column_sum(head, amounts)
        if summed is not None and checks.cents(summed.value) == gap:
            return summed
    return None


def _under(line: Line, head: Cell) -> list[Cell]:
    """The line's cells under a head: overlapping it, two characters' play either side."""
    return [c for c in line.cells if c.x0 <= head.x1 + 2 and c.x1 >= head.x0 - 2]


def _column_sum(head: Cell, amounts: list[tuple[Line, str]]) -> Found | None:
    """The amounts read under a head, one a row, added up; None for none."""
    if not amounts:
        return None
    cents = sum(numbers.parse_money(value) for _, value in amounts)
    source = f"{head.text}  " + " + ".join(value for _, value in amounts)
    conf = min(_found(row, value, 0).confidence for row, value in amounts)
    ocr = any(row.ocr for row, _ in amounts)
    return Found(numbers.cents_to_text(cents), conf, source, 0, ocr)


# A tax by its name (any kind of sales tax or VAT, a territory's letter before GST: 'PGST'),
# and the words that make a charge something else: a surcharge, a duty, a levy, or a charge
# that includes the tax or is exempt from it.
# (Arabic's VAT too, named only here: its line may print a note's amount at its end, so the
# amount is the one that is the total less the subtotal)
_TAX_NAMED = re.compile(
    rf"\b(?:vat|tax|[a-z]?gst|pst|qst|{words.FOOT['tax']}|ضريبة\s+القيمة\s+المضافة)\b",
    re.IGNORECASE,
)
_NOT_A_TAX = re.compile(
    r"\b(?:surcharge|duty|duties|levy|excise|fee|incl|inclusive|included|exempt|excl|free|"
    r"non-?taxable|zero)\b|\bno\s+(?:vat|tax|gst)\b",
    re.IGNORECASE,
)


# The end of the source of a tax of nothing where the subtotal is the total.
NO_TAX_BETWEEN = ": no tax between them"


def _amount_at_right(line: Line, decimal_comma: bool, left: float) -> str | None:
    """The amount at the line's right, in the foot's column (right of its labels' left
    edge); None where there is none (another block's line)."""
    if len(line.cells) < 2 or line.cells[-1].x1 <= left:
        return None
    return _amount(line.cells[-1].text, decimal_comma)


# An amount with its cents and no percent sign (the escudo's '$' before its centavos too).
_CENTS = re.compile(r"^[^%]*\d[.,$]\d\d(?![\d%])[^%]*$")


def _analysis(lines: list[Line], decimal_comma: bool) -> Found | None:
    """A VAT analysis under prices that include it: a row of headings, one of which names the
    tax included ('VAT code | Rate | Goods incl. VAT | VAT included'), over one row per
    rate; the tax is the sum of the amounts under that heading (a row of totals ends it)."""
    included = re.compile(FOOT_LABELS["included_tax"], re.IGNORECASE)
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        heads = [c for c in line.cells if included.fullmatch(re.sub(r"\s+", " ", c.text).strip())]
        if len(line.cells) < 3 or len(heads) != 1:
            continue
        head, amounts = heads[0], []
        for below in lines[index + 1 : index + 10]:
            under = _under(below, head)
            money = len(under) == 1 and len(below.cells) > 1 and _CENTS.search(under[0].text)
            value = _amount(under[0].text, decimal_comma) if money else None
            if below.page != line.page or value is None or FOOT.match(below.cells[0].text):
                break
            amounts.append((below, value))
        if amounts:
            return _column_sum(head, amounts)
    return None


# A total's label that says it includes the tax ('Gesamtbetrag inkl. USt.', 'Total TTC',
# 'Brutto').
_INCLUDES = re.compile(
    rf"(?i)\b(?:incl|inkl|inclusive|{words.INCLUDED}|brutto|gross|ttc)\b|\bvat\s+incl"
)
# A rate's head in a VAT analysis ('USt.-Satz', '%', 'Rate', 'Taux').
_A_RATE_HEAD = re.compile(r"(?i)satz|rate|%|tari[ef]|taux|aliq|tasa|tipo|taxa|stawka|sazba")
# The first cell of a table's row of sums ('Summe', 'Total', 'Totaal', 'Yhteensä').
_SUM_ROW = re.compile(
    r"(?i)(?:summe|sum|summa|total[et]?|totaal|gesamt|somme|suma|razem|celkem|yhteens[äa]|i\s+alt)"
    r"\s*:?"
)


# The end of the source of a sum read in a VAT analysis of a total that includes the tax.
IN_THE_TOTAL = " (an analysis of the total, which includes it)"


def _analysis_sums(lines: list[Line], total: Found, decimal_comma: bool) -> dict[str, Found]:
    """Under a total with the tax in it, a VAT analysis with its row of sums ('USt.-Satz  Netto
    USt.  Brutto' over a row per rate and 'Summe  1.887,23  132,11  2.019,34'): the subtotal
    and the tax are the sums under the subtotal's and the tax's heads, where they make the
    total."""
    for index, line in enumerate(lines):
        heads = {_foot_key(cell.text): cell for cell in line.cells}
        if "subtotal" not in heads or "tax" not in heads or len(line.cells) < 3:
            continue
        if not any(_A_RATE_HEAD.search(cell.text) for cell in line.cells):
            continue  # a VAT analysis names its rates
        for row in lines[index + 1 : index + 8]:
            if row.page != line.page:
                break
            if not row.cells or not _SUM_ROW.fullmatch(row.cells[0].text.strip()):
                continue
            out = {}
            for key in ("subtotal", "tax"):
                head = heads[key]
                under = _under(row, head)
                value = _amount(under[0].text, decimal_comma) if len(under) == 1 else None
                if value is None:
                    return {}
                found = _found(row, value, row.cells.index(under[0]))
                said = f"{row.cells[0].text}  {head.text}  {value}{IN_THE_TOTAL}"
                out[key] = replace(found, source=said)
            cents = [checks.cents(out[k].value) for k in ("subtotal", "tax")]
            if None in cents or cents[0] + cents[1] != checks.cents(total.value):
                return {}
            return out
    return {}


def _sum_before_tax(
    lines: list[Line], tax_at: int, out: dict[str, Found], decimal_comma: bool
) -> tuple[int, int, str] | None:
    """The line just above the tax's (two lines up at most) that carries a subtotal label and
    the amount that, with the tax, is the subtotal read under it: (its index, its label's
    cell, its amount); else None."""
    with_tax = numbers.parse_money(out["subtotal"].value)
    tax = numbers.parse_money(out["tax"].value)
    for index in range(tax_at - 1, max(tax_at - 3, -1), -1):
        if lines[index].page != lines[tax_at].page:
            return None
        labelled = _labelled(lines[index], decimal_comma)
        if labelled is None or labelled[0] != "subtotal":
            continue
        _, value, position, _ = labelled
        if numbers.parse_money(value) + tax == with_tax:
            return index, position, value
    return None


def _charges(
    between: list[Line], subtotal: str, decimal_comma: bool, left: float = 0.0
) -> list[tuple[Line, str]]:
    """The tax lines between the subtotal's line and the total's: each charge with an amount
    at its right and a tax word in its label, or a rate it prints that its amount is of the
    subtotal ('PST 7%': a tax whose name is not known). The amount is in the foot's column
    (right of its labels' left edge), and a label beside the foot's labels is the charge's
    own: a block beside the foot ('Change in revision 3  +219.69') is not its."""
    charges = []
    for line in between:
        value = _amount_at_right(line, decimal_comma, left)
        if value is None:
            continue
        cells = [cell for cell in line.cells[:-1] if cell.x1 > left] or line.cells[:-1]
        first = re.sub(r"\s+", " ", cells[0].text).strip()
        if _TAX_BASE.match(first):
            continue  # what a rate's tax is of ('Основица за ПДВ 20%:'), a sum, not a charge
        if _TOTAL_AGAIN.fullmatch(first):
            continue  # the total under another name before the last ('Spolu s DPH')
        label = " ".join(cell.text for cell in cells)
        if TAX_WORDS.search(cells[0].text) or charge_is_tax(
            f"{label} {value}", subtotal, decimal_comma=False
        ):
            charges.append((line, value))
    return charges


# The tax's base by its label: a subtotal's ('Основица за ПДВ 10%:', 'Taxable amount'), or a
# base's ('Base for VAT 15%', 'VAT base'); its amount may be the subtotal or a rate's share.
_TAX_BASE = re.compile(
    rf"(?:{FOOT_LABELS['subtotal']}){_THEN_AMOUNT}|.*\b(?:base|basis)\b", re.IGNORECASE
)
_TOTAL_AGAIN = re.compile(rf"(?:{FOOT_LABELS['total']})\s*:?", re.IGNORECASE)


def charge_is_tax(text: str, subtotal: str | None, decimal_comma: bool) -> bool:
    """A charge line between the subtotal and the total is a tax: its amount is more than
    nothing (a discount is not), and its label says tax, or the rate it prints is what the
    amount is of the subtotal (to the cent; to the unit where the amount has no cents, as a
    currency without them prints it: Gabon's 'CSS 1 %  11 847 FCFA')."""
    amount = _amount(text, decimal_comma)
    if amount is None or numbers.parse_money(amount) <= 0:
        return False
    if TAX_WORDS.search(text):
        return True
    rate = structure.RATE_PRINTED.search(text)
    if rate is None or subtotal is None:
        return False
    share = numbers.parse_money(subtotal) * float(rate.group(1).replace(",", ".")) / 100
    cents = numbers.parse_money(amount)
    return abs(share - cents) <= (50 if cents % 100 == 0 else 1)


def tax_included(tax: Found | None) -> bool:
    """The tax is one the total includes ('VAT included at 15%'): the prices carry it."""
    if tax is None or tax.rule:
        return False
    if tax.source.endswith(IN_THE_TOTAL):
        return True
    pattern = FOOT_LABELS["included_tax"]
    return any(
        re.match(rf"(?:{pattern})", cell.strip().lower())
        for cell in re.split(r" {2,}|\+", tax.source)
    )


def net_of_included_tax(foot: dict[str, Found], items_sum: int | None) -> Found | None:
    """Prices with the tax in them and no net subtotal printed ('Total (incl. VAT)' over 'VAT
    included at 15%'; or a 'Subtotal' that is the total, over 'of which 21% VAT'): the
    subtotal, the net, is the total less the tax it includes, when labels read both and the
    items add up to that total. None otherwise."""
    tax, total = foot.get("tax"), foot.get("total")
    if total is None or total.rule or not tax_included(tax):
        return None
    if "subtotal" in foot and foot["subtotal"].value != total.value:
        return None
    cents = [checks.cents(found.value) for found in (tax, total)]
    if None in cents or items_sum != cents[1] or not _included(tax, *cents):
        return None
    net = numbers.cents_to_text(cents[1] - cents[0])
    sure = min(tax.confidence, total.confidence)
    return Found(net, sure, LESS_INCLUDED, ocr=tax.ocr or total.ocr)


def _included(tax: Found, cents: int, total: int) -> bool:
    """The tax is what the total includes at the rate its line prints ('VAT included at
    15%', 'VAT @ 7.5% (included above)'), else at a whole rate; a tax summed over several
    lines (a VAT analysis, one line a rate) at theirs. A tax of nothing, or a line's tax
    that is not the total's at its rate (one of several rates, a misread digit), is not."""
    if " + " in tax.source:  # the lines of a VAT analysis, each at its own rate
        return 0 < cents < total
    rates = tuple(
        Decimal(r.replace(",", ".")) for r in re.findall(r"(\d+(?:[.,]\d+)?)\s*%", tax.source)
    )
    return structure.included_at_a_rate(total, cents, rates)


# The subtotal's source when it is the total less the tax included, as the sums path
# names it (so structure.sums_included knows a foot read either way)
LESS_INCLUDED = structure.LESS_INCLUDED


def subtotal_of_items(foot: dict[str, Found], items_sum: int | None) -> Found | None:
    """No subtotal printed, a tax and a total under labels ('VAT (15%)' over 'TOTAL'): the
    subtotal is the items' sum, when it and the tax make that total. None otherwise."""
    tax, total = foot.get("tax"), foot.get("total")
    if "subtotal" in foot or None in (tax, total, items_sum) or tax_included(tax):
        return None
    if tax.rule or total.rule:  # a repaired amount proves no subtotal
        return None
    cents = [checks.cents(found.value) for found in (tax, total)]
    if None in cents or items_sum <= 0 or items_sum + cents[0] != cents[1]:
        return None
    sums = numbers.cents_to_text(items_sum)
    sure = min(tax.confidence, total.confidence)
    return Found(sums, sure, ITEMS_WITH_TAX, ocr=tax.ocr or total.ocr)


# The subtotal's source when it is the items' sum, which with the tax makes the total.
ITEMS_WITH_TAX = "the items' sum, which with the tax makes the total"


# How many lines under the total the foot may go on.
_GOES_ON = 4


def foot_goes_on(lines: list[Line], total: Found | None, decimal_comma: bool) -> str | None:
    """Why the total read may not be the order's last word: under its line, in its column,
    a charge or a deduction and then another sum that is the total with it ('IMPORTE TOTAL
    9,977.07', 'PERCEPCIÓN 2% 199.54', 'TOTAL A COBRAR 10,176.61'; a retention and the net
    payable). None where nothing so follows it. A check: nothing is changed."""
    if total is None or total.value is None or total.rule:
        return None
    line = _line_of(lines, total)
    if line is None:
        return None
    index = lines.index(line)
    left = line.cells[0].x0 if len(line.cells) > 1 else 0.0
    sum_, between, paid = numbers.parse_money(total.value), [], True
    for below in lines[index + 1 : index + 1 + _GOES_ON]:
        if below.page != line.page:
            break
        value = _amount_at_right(below, decimal_comma, left)
        if value is None or not _CENTS.search(below.cells[-1].text):
            continue
        cents = numbers.parse_money(value)
        label = next((c.text for c in below.cells[:-1] if c.x1 > left), "")
        # ('TOTAL A COBRAR', 'Net payable'; not a VAT analysis's 'Net' or 'Total excl. VAT'
        # under a total with it, nor a balance of nothing)
        named = _TOTAL_AGAIN.match(label.strip()) or re.search(r"(?i)payable|due\b", label)
        named = named and not _LABEL_THEN_AMOUNT["subtotal"].match(label.strip()) and cents > 0
        if (
            between
            and named
            and cents != sum_
            and cents in (sum_ + sum(between), sum_ - sum(between))
            and not (paid and cents == sum_ - abs(sum(between)))
        ):
            # (not the total less a deposit paid: 'Less deposit paid' over 'Balance due', what
            # is left to pay of the order's total)
            return (
                f"under the total, {below.text.strip()!r} is the total with the lines between "
                "them: which is the order's?"
            )
        between.append(cents)
        paid = paid and _paid_before(below, decimal_comma)
    return None
