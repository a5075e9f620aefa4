"""The item table: found by its header row, whatever its columns and their order.

A header row is a line whose cells read as column names (code, description,
quantity, unit, unit price, discount, amount...), on one line or two. Each
following line's cells go to the column under which they sit; a line with
numbers starts an item, a line of text only under the description continues
the item above (a wrapped description). The table ends at the foot (subtotal,
VAT, total) and resumes after a header repeated on a later page. Pure.
"""

from __future__ import annotations

import difflib
import itertools
import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from app import numbers
from app.extract import accents
from app.extract import vocabulary as words
from app.extract.layout import Cell, Line, Word
from app.extract.model import Trail

COLUMN_NAMES: list[tuple[str, str]] = [
    ("delivered", r"(?:qty\.?\s+|quantity\s+)?(?:delivered|supplied|shipped|dispatched)"),
    ("ordered", r"(?:qty\.?\s+|quantity\s+)?ordered|order(?:ed)?\s+(?:qty\.?|quantity)"),
    ("backorder", r"(?:back\s*-?\s*order(?:ed)?|b/o|outstanding|balance)(?:\s+qty\.?)?"),
    (
        "unit_price",
        r"unit\s+(?:price|cost|rate)|price(?:\s+each)?|rate|cost|excl\.?\s+price|"
        r"price\s+excl\.?|price\s*(?:/|per)\s*unit|nett?\s+price|" + words.COLUMNS["unit_price"],
    ),
    (
        "discount",
        rf"(?:disc(?:ount)?\.?|{words.COLUMNS['discount']})\s*%?|%\s*(?:disc\.?|dto\.?)|%",
    ),
    (
        "amount",
        r"(?:line\s+|nett?\s+|excl\.?\s+|ext(?:ended)?\.?\s+|basic\s+)?(?:amount|total|value)"
        r"(?:\s+excl\.?(?:\s+vat)?)?|nett?|excl\.?(?:\s+vat)?|"
        r"ext(?:ended)?\.?(?:\s+(?:price|cost))?|extension|" + words.COLUMNS["amount"],
    ),
    ("quantity", r"qty\.?|quantity|quant\.?|units|" + words.COLUMNS["quantity"]),
    ("unit", r"unit|uom|u/m|unit\s+of\s+measure|measure|order\s+unit|" + words.COLUMNS["unit"]),
    ("line", r"#|no\.?|line|ln|sl\.?|item\s+#|item\s+no\.?|" + words.COLUMNS["line"]),
    (
        "item_code",
        r"(?:item\s+|stock\s+|product\s+|part\s+|article\s+|material\s+)?(?:code|no\.?|number|#)|"
        r"item|part|sku|stock|article|" + words.COLUMNS["item_code"],
    ),
    (
        "description",
        r"(?:item\s+|product\s+|goods\s+|material\s+)?"
        r"(?:description|des(?:c|cr|crip)?[:.]?|details|particulars)|"
        r"product|goods|services?|material|short\s+text|" + words.COLUMNS["description"],
    ),
    # a line's own tax (its rate or amount): a column of its own, not the line's amount
    (
        "line_tax",
        r"(?:vat|tax|btw|iva|tva|mwst|ust)(?:\s*%|\s+(?:rate|amount))?|taxes|tax\s+code|"
        + words.COLUMNS["line_tax"],
    ),
    # a date printed on each line (when it is due): a column of its own, not an item's value
    (
        "date",
        r"(?:deliv(?:ery)?\.?\s+|due\s+|req(?:uired)?\.?\s+|need-?by\s+|promised\s+)date|"
        r"required\s+by|need-?\s?by|date\s+req(?:uired|\.)?",
    ),
]
# A header word with a second meaning, taken when its first is another column's: 'Item'
# beside a code column is the line number, 'Item #' beside a Line column the code; 'Material'
# or 'Product' beside a Description is the code.
SECOND_MEANING = {
    "item": "line",
    "item #": "item_code",
    "item no.": "item_code",
    "item no": "item_code",
    "no": "line",
    "no.": "line",
    "material": "item_code",
    "product": "item_code",
    "producto": "item_code",
    "produto": "item_code",
    "article": "item_code",
    "jumlah": "amount",  # (Indonesian's quantity, Malay's amount beside a 'Kuantiti')
    "termék": "item_code",
}
_COMPILED = [(key, re.compile(rf"(?:{p})\s*[:.]?", re.IGNORECASE)) for key, p in COLUMN_NAMES]
NUMERIC = {"quantity", "unit_price", "discount", "amount", "delivered", "ordered", "backorder"}
FOOT = re.compile(
    r"(?:sub\s*-?\s*total|total|vat|tax|amount\s+due|balance\s+due|nett?\s+total|"
    r"carried\s+forward|c/f|signature|received|goods\s+received|thank\s+you|"
    r"page\s+\d+|continued|subtotaal|totaal|btw|zwischensumme|gesamtbetrag|mwst|ust|"
    r"sous-total|tva|iva|imposto|impuesto|netto(?:betrag|summe)?|"
    + "|".join(words.FOOT.values())
    # 'IVA21%': the OCR lost the space before the rate; 'TVA-30' is an item's code
    + r")(?:\b(?![-/]\w)|(?=\d))",
    re.IGNORECASE,
)
# A total's word in the languages whose words FOOT does not hold ('Razem', 'Ukupno', 'Toplam'):
# the foot, where it stands alone or with a colon after it, or beside an amount (`_ends_table`).
_TABLE_ENDS = re.compile(rf"(?:{words.TABLE_ENDS})\b", re.IGNORECASE)


def _ends_table(line: Line) -> bool:
    """A total's word first on the line ('Razem:', 'Ukupno bez PDV-a:', 'Suma be PVM  7407,64',
    'Stawka VAT'), not a description's line that starts with it ('razem z kolanami', 'toplam
    120 çift'): the word alone in its cell, a colon after it, or an amount in a later cell."""
    first = line.cells[0].text.strip()
    found = _TABLE_ENDS.match(first)
    if not found:
        return False
    rest = first[found.end() :]
    if rest[:1] not in ("", " ", ":"):
        return False  # 'Razem-Tech uszczelki', 'Summa-rasia': a name
    if not rest.strip() or ":" in rest:
        return True
    words = rest.split()
    return (
        len(words) <= 3
        and not any(ch.isdigit() for ch in rest)
        and len(line.cells) > 1
        and all(_WITH_CENTS.match(cell.text.strip()) for cell in line.cells[1:])
    )  # (not 'Summa Pro cable ties 300 mm', nor 'Razem z kolanami  4  szt  12,50  50,00')


# A running total carried to or brought from another page: neither an item nor the foot.
# ('Report' and 'Transporte' alone, or before an amount: 'Transporte e descarga' is an item.)
FORWARD = re.compile(
    r"(?:carried|brought)\s+(?:forward|fwd)|b/f\b|[üu]bertrag|[àa]\s+reporter|"
    r"(?:report|transporte)\s*:?\s*[\d.,\s]*$|transporte\s+anterior|"
    r"suma\s+(?:y\s+sigue|anterior)|(?:a\s+)?transportar|oorgedra|oorgebring",
    re.IGNORECASE,
)


# Long header words OCR may misread by a letter ('elivered', 'Descrption').
_LONG_NAMES = {
    "delivered": "delivered",
    "supplied": "delivered",
    "description": "description",
    "particulars": "description",
    "quantity": "quantity",
    "discount": "discount",
    "ordered": "ordered",
    "amount": "amount",
}


# The currency codes, as a header or a foot label may end in one ('Preis CHF', 'Total (ZAR)').
CURRENCY_CODES = "|".join(code.lower() for code in numbers.CURRENCY_CODES)


# A price's or an amount's header said net or gross, or with a tax in, by the tax's name, or as
# Fiji prints it, 'VIP' (VAT-inclusive price: 'Unit Price VIP', 'Amount VIP').
_TAX_SAID = re.compile(
    r"(\w.*?)\s+(?:netto|brutto|vip|"
    rf"in[ck](?:l\.?|\.|luding)?\s+(?:vat|gst|tax|igv|iva|tva|mwst|ust|btw|{words.TAX_NAMES})|"
    # or without it, in a language whose tax has another name ('Cijena bez PDV-a')
    rf"(?:bez|be|sans|sin|senza|sem|f[ăa]r[ăa]|pa|uden|utan|uten|ilman|ilma|excl\.?)\s+"
    rf"(?:vat|tva|iva|{words.TAX_NAMES}))",
    re.IGNORECASE,
)


def column_key(text: str) -> str | None:
    # (a capital I with its dot lower-cased keeps the dot: 'İsk.' as 'i̇sk.')
    cleaned = re.sub(r"\s+", " ", text).strip().lower().replace("i\u0307", "i")
    # a word's last vowel accented, as a line printer writes it: the vowel and an apostrophe
    # ("QUANTITA'" for quantità, "Q.TA'")
    cleaned = re.sub(r"(?<=[aeiou])['’´`](?=\s|$)", "", cleaned)
    cleaned = re.sub(r"\s*\((?:[a-z]{3}|r|\$|€|£|%|incl\.?|excl\.?)\)$", "", cleaned)
    # a price or an amount said to be with its tax ('Price incl. VAT', 'Amount inc GST')
    with_tax = r"(?<=price|mount|total)\s+inc(?:l\.?|luding)?\s+(?:vat|gst|tax)$"
    cleaned = re.sub(with_tax, "", cleaned)
    # a price or an amount said to be before its tax ('Einzelpreis netto', 'Gesamt netto'), or
    # with the tax in by the tax's name ('P. Unit. inc. IGV', 'Total inc. IGV')
    qualified = _TAX_SAID.fullmatch(cleaned)
    if qualified and column_key(qualified.group(1)) in ("unit_price", "amount"):
        return column_key(qualified.group(1))
    cleaned = re.sub(rf"(?<=\w)\s+(?:{CURRENCY_CODES})$", "", cleaned)  # 'Preis CHF'
    for key, pattern in _COMPILED:
        if pattern.fullmatch(cleaned):
            return key
    bare = re.sub(r"\s*\([^()]*\)$", "", cleaned)  # 'Rate (R/unit)', 'Mass (t)'
    if bare != cleaned and bare:
        return column_key(bare)
    if len(cleaned) >= 6 and " " not in cleaned:  # one word; a run of words is split first
        for word, key in _LONG_NAMES.items():
            if difflib.SequenceMatcher(None, cleaned, word).ratio() >= 0.85:
                return key
    return _misread_accent(cleaned)


def _misread_accent(cleaned: str) -> str | None:
    """A header word whose accented letter the OCR read as another ('Cédigo' for Código):
    the key its tolerant reading names (accents.py)."""
    if not any(ch in accents.ACCENTED for ch in cleaned):
        return None
    for key, pattern in _COMPILED:
        if accents.compiled(pattern.pattern, pattern.flags).fullmatch(cleaned):
            return key
    return None


@dataclass
class Column:
    key: str | None
    x0: float
    x1: float
    word: str = ""  # the header's own words, lower-cased
    whole: Column | None = None  # the header cell this is a part of, when one cell was split
    # what an item's further lines hold in this column, when the header names two things one
    # over the other ('Part Number / Description': the code, its description under it)
    below: str | None = None
    # on a header's second row that sits under its first, naming what each item prints on its
    # second line (`_two_tiers`)
    lower: bool = False

    @property
    def names(self) -> set[str]:
        return {key for key in (self.key, self.below) if key}


# Two words naming one column as either of two things: 'or' between them ('Supplies or
# services'; 'Qty and unit' may name two).
_ONE_OF_TWO = re.compile(r"[^\W\d]\s+or\s+[^\W\d]", re.IGNORECASE)
# A description's name with what it describes after 'of' ('Description of Material',
# 'Description of Goods'): one column, the description's, though 'Material' alone names a
# code. Only the things ordered follow 'of': a column's name after them is its own ('…
# Goods  Qty' typed with one space).
_DESCRIPTION_OF = re.compile(
    r"(.*?\S)\s+of\s+(?:the\s+)?(?:goods|materials?|works?|services?|items?|articles?|"
    r"products?|suppl(?:y|ies)|equipment|stores)(?:\s*(?:/|&|and)\s*(?:goods|materials?|works?|"
    r"services?|suppl(?:y|ies)|equipment))?",
    re.IGNORECASE,
)


# The currency a header names after its column's name ('Gesamtpreis €', 'Total (ZAR)').
_CURRENCY_AFTER = re.compile(  # a dollar with its country's letters too ('Price US$', 'N$')
    rf"\s+\(?(?:[A-Z]{{1,3}}\$|[€$£]|R|{'|'.join(numbers.CURRENCY_CODES)})\)?\s*$"  # not 'Qty UOM'
)
# A price per a unit ('Rate / m', 'Price per kg', 'Rate/m3'): one column, the price.
_PER_UNIT = re.compile(
    r"(\S.*?)\s*(?:/|\bper\b)\s*(?:m|m2|m²|m3|m³|lm|kg|t|ton|tonne|l|ea|each|pc|unit|hr|hour|"
    r"day|week|wk|month)\.?",
    re.IGNORECASE,
)


# A column's name and, after a comma, one short word: its currency or unit ('Amount, KGS',
# 'Weight, t').
_QUALIFIED = re.compile(r"(\S.*?),\s*([^\W\d]{1,4}\.?)")
_UNITS = {"t", "kg", "g", "m", "m2", "m²", "m3", "m³", "l", "km", "h", "pcs", "ea"}


def _qualifier(word: str) -> bool:
    """A currency's code or a unit, naming no column of its own ('KGS', 't'; not 'Disc')."""
    word = word.rstrip(".")
    codes = numbers.CURRENCY_CODES + numbers.WORDLIKE_CURRENCY_CODES
    return (word.upper() in codes or word.lower() in _UNITS) and column_key(word) is None


def _split_header_cell(cell: Cell) -> list[Column]:
    """A header cell that names several columns ('Price Discount'): the longest runs that read."""
    key = column_key(cell.text) or column_key(_CURRENCY_AFTER.sub("", cell.text))
    per = _PER_UNIT.fullmatch(cell.text.strip())
    if key is None and per and column_key(per[1]) == "unit_price":
        key = "unit_price"
    qualified = _QUALIFIED.fullmatch(cell.text.strip())
    if key is None and qualified and _qualifier(qualified[2]):
        key = column_key(qualified[1])  # its currency or unit after a comma: 'Amount, KGS'
    described = _DESCRIPTION_OF.fullmatch(cell.text.strip())
    if key is None and described and column_key(described[1]) == "description":
        key = "description"
    whole = Column(key, cell.x0, cell.x1, cell.text.lower().strip())
    if key or _ONE_OF_TWO.search(cell.text):
        return [whole]  # 'SUPPLIES OR SERVICES': one column's name
    words, out, start = cell.words, [], 0
    while start < len(words):
        for end in range(min(len(words), start + 3), start, -1):
            run = words[start:end]
            text = " ".join(w.text for w in run)
            key = column_key(text)
            if key or end == start + 1:
                out.append(Column(key, run[0].x0, run[-1].x1, text.lower(), whole))
                start = end
                break
    out = _brackets_kept(out)
    apart = all(a.x1 <= b.x0 for a, b in itertools.pairwise(words))
    if apart and not any(c.key for c in out):
        return [whole]  # 'Harga Satuan (Rp)': no word of it names a column, so split it not
    if len(out) > 1 and _SLASHED.fullmatch(cell.text) and not out[0].key:
        return [whole]  # 'Garment / item': one column's two names, as 'or' would join them
    named = [c.key for c in out if c.key]
    if _SLASHED.fullmatch(cell.text) and named == ["description"] and out[0].key:
        # 'Naziv robe / materijala': the description's name and what it names after the stroke
        # (not 'Qty / Pack', a quantity and its pack's unit, nor 'Material / Description', a
        # code over its description)
        return [replace(whole, key=out[0].key)]
    return out if len(out) > 1 else [whole]


def _brackets_kept(parts: list[Column]) -> list[Column]:
    """A word in brackets after a column's name ('Jumlah (Rp)', 'Berat (kg)') is that
    column's currency or unit, not a column of its own; a '%' after a word that names no
    column ('Waste %') is that word's, not a discount."""
    out: list[Column] = []
    for part in parts:
        if out and part.word == "%" and not out[-1].key:
            out[-1] = replace(out[-1], x1=part.x1, word=f"{out[-1].word} %")
        elif out and not part.key and re.fullmatch(r"\(\S{1,6}\)", part.word):
            last = out[-1]
            word = f"{last.word} {part.word}"
            out[-1] = replace(last, key=last.key or column_key(word), x1=part.x1, word=word)
        else:
            out.append(part)
    return out


# Words joined by a slash with spaces round it ('Garment / item', 'Colour / finish').
_SLASHED = re.compile(r"\s*[^\W\d][^/]*\s/\s[^\W\d][^/]*")


def _columns(cells: list[Cell], names=()) -> list[Column]:
    """The header's columns; `names` are the rules (rules.py) for names the header gives
    twice or two things in one cell."""
    columns = [column for cell in cells for column in _split_header_cell(cell)]
    columns = sorted((_outside(column, columns) for column in columns), key=lambda c: c.x0)
    columns = _second_meanings(columns)
    for rule in names:
        columns = rule.function(columns)
    return columns


def names_given_up(columns: list[Column]) -> list[Column]:
    """The columns whose header word names a column, yet that have no name: given up."""
    return [c for c in columns if c.key is None and column_key(c.word)]


def shared_names(columns: list[Column]) -> list[Column]:
    """A name the header gives to two columns says nothing about either: a cell read as
    several names ('Ext. Cost' as 'Ext.' and 'Cost') is one unnamed column again, and the
    columns left sharing a name lose it, for what is under them to name them (columns.py)."""
    keys = [c.key for c in columns if c.key]
    shared = {key for key in keys if keys.count(key) > 1}
    broken = {id(c.whole) for c in columns if c.whole is not None and c.key in shared}
    out: list[Column] = []
    for column in columns:
        whole = column.whole
        if whole is None or id(whole) not in broken:
            out.append(column)
        elif not out or out[-1] is not whole:
            out.append(whole)
    keys = [c.key for c in out if c.key]
    return [replace(c, key=None) if c.key and keys.count(c.key) > 1 else c for c in out]


# What may stand between a code's name and a description's in one header cell.
_JOINS = {"/", "&", "+", "and"}


def code_over_description(columns: list[Column]) -> list[Column]:
    """One header cell that names a code and then a description ('Part Number /
    Description'): a business system's cell with the code on an item's first line and the
    description under it, so one column whose further lines are the description."""
    out: list[Column] = []
    for column in columns:
        whole = column.whole
        parts = [c for c in columns if whole is not None and c.whole is whole]
        named = [c.key for c in parts if c.key]
        between = {c.word for c in parts if not c.key}
        if named != ["item_code", "description"] or not between <= _JOINS:
            out.append(column)
        elif column is parts[0]:
            out.append(replace(whole, key="item_code", below="description"))
    return out


def _second_meanings(columns: list[Column]) -> list[Column]:
    """Two columns of one name: the one whose word has a second meaning takes it, moving the
    column that holds that name to its own second meaning if it must ('Item' beside
    'Material' beside 'Description': line number, code, description)."""
    for _ in columns:
        keys = [c.key for c in columns]
        for column in columns:
            bare = re.sub(r"\s*\([^()]*\)$", "", column.word)  # 'Jumlah (B$)'
            second = SECOND_MEANING.get(column.word) or SECOND_MEANING.get(bare)
            if not (column.key and keys.count(column.key) > 1 and second):
                continue
            holder = next((c for c in columns if c.key == second), None)
            after = SECOND_MEANING.get(holder.word) if holder else None
            if holder is not None and (not after or after in keys):
                continue
            if holder is not None:
                holder.key = after
            column.key = second
            break
        else:
            break
    return columns


def _outside(column: Column, columns: list[Column]) -> Column:
    """An unread header box the OCR laid over the words of the band ('Cs«Céetals' across
    'Code' and the space after it): only its part right of what it covers is its own."""
    inside = [c for c in columns if c is not column and column.x0 <= c.x0 and c.x1 < column.x1]
    if column.key is not None or not inside:
        return column
    return Column(None, max(c.x1 for c in inside) + 1, column.x1)


def _score(columns: list[Column]) -> int:
    keys = [key for c in columns for key in sorted(c.names)]
    if len(set(keys)) < 3 or len(set(keys)) != len(keys):
        return 0
    if not ({"quantity", "amount", "delivered", "ordered"} & set(keys)):
        return 0
    if "description" not in keys and len(keys) < 4:  # OCR may garble one header word
        return 0
    return len(keys)


# OCR of a faint decimal point: '549 00' or '74. 66' for 549.00 and 74.66.
LOST_POINT = re.compile(r"^(.*\d)[ .,]\s?(\d{2})$")


def is_number(text: str, decimal_comma: bool = False) -> bool:
    text = text.rstrip("%").strip()
    for candidate in (text, LOST_POINT.sub(r"\1.\2", text)):
        try:
            numbers.parse_decimal(candidate, decimal_comma=decimal_comma)
        except ValueError:
            continue
        return True
    return False


def money_text(text: str, decimal_comma: bool = False) -> str | None:
    """An amount as decimal text ('1234.56'), its lost point put back; None if not one."""
    if not text:
        return None
    for candidate in (text, LOST_POINT.sub(r"\1.\2", text)):
        try:
            return numbers.cents_to_text(numbers.parse_money(candidate, decimal_comma))
        except ValueError:
            continue
    return None


# A price for a quantity of a unit, as a business system prints it ('4,17 / 1 ST', '618,43 /
# 1000 ST'): the price, the quantity it is for and the unit.
# A price with its cents (its currency perhaps after it), then a unit, one, ten, a hundred or
# a thousand of a unit ('3.20/m'); not a fraction ('6/10', '1/10 mm').
_UNIT_WORD = r"[^\W\d][\w²³]{0,5}\.?"
_PRICE_PER = re.compile(
    # ('3,85 EUR / 1 ST'; the price one amount, not a quantity before it: '480 4,17 / 1 ST')
    rf"(\d{{1,3}}(?:[ .,']?\d{{3}})*[.,]\d\d)(?:\s*[A-Z]{{3}}|\s*[€$£])?\s*/\s*"
    rf"(?:(?:1|10|100|1000)(?:\s*{_UNIT_WORD})?|{_UNIT_WORD})"
)


def price_per(text: str, comma: bool = False) -> str | None:
    """The price printed for a quantity of a unit ('4,17 / 1 ST'), as printed."""
    per = _PRICE_PER.fullmatch(text.strip())
    return money_text(per[1], comma) if per else None


def _band_cells(band: list[Line]) -> list[Cell]:
    """Header names over one to three lines ('Item' over 'Code'): cells that overlap join."""
    cells = sorted(
        (Cell(list(cell.words)) for line in band for cell in line.cells if cell.conf >= 0.4),
        key=lambda cell: cell.x0,
    )
    clusters: list[list[Cell]] = []
    for cell in cells:
        if clusters and cell.x0 <= max(c.x1 for c in clusters[-1]) + 0.5:
            clusters[-1].append(cell)
        else:
            clusters.append([cell])
    merged = []
    for cluster in clusters:
        if len(cluster) == 1:
            merged.append(cluster[0])
            continue
        text = " ".join(c.text for c in cluster)  # top line first: cells came in line order
        x0, x1 = min(c.x0 for c in cluster), max(c.x1 for c in cluster)
        merged.append(Cell([Word(text, x0, x1, ocr=any(c.ocr for c in cluster))]))
    return merged


def header_at(
    lines: list[Line], index: int, step: float, names=()
) -> tuple[list[Column], int] | None:
    """The table header starting at lines[index], and how many lines it takes; `names`: the
    rules for a name given twice or two things in one cell (a code over its description
    only where the items under it print so)."""
    line = lines[index]
    if not header_like(line):
        return None  # a header's first line names a column outright
    if any(_WITH_CENTS.fullmatch(cell.text.strip()) for cell in line.cells):
        return None  # nor does it print an amount ('VAT analysis  Total incl. VAT  €6,045.80')
    first = _columns(line.cells, names)
    best = (_score(first), first, line.cells, 1)
    band = [line]
    for other in lines[index + 1 : index + 3]:
        if other.page != line.page or other.y - line.y > 1.3 * step:
            break
        if any(is_number(c.text) for c in other.cells):
            break
        band.append(other)
        cells = _band_cells(band)
        columns = _columns(cells, names)
        if _score(columns) > max(best[0], _score(_columns(other.cells, names))):
            best = (_score(columns), columns, cells, len(band))
    score, columns, cells, taken = best
    if taken == 1 and (tiers := _two_tiers(lines, index, step, names, columns)):
        return tiers, 2
    if not score:
        return None
    below = [other for other in lines[index + taken :] if other.page == line.page]
    denied = [
        k for k, c in enumerate(columns) if c.below and not _printed_stacked(columns, k, below)
    ]
    if denied and not any(_codes_first(columns, k, below) for k in denied):
        # nor do they print a code there: 'Item & Description' over names is one column's name
        columns = [
            replace(c, key=c.below, below=None) if k in denied else c for k, c in enumerate(columns)
        ]
    elif denied:
        # the items deny a cell's code over description: its header words are two columns
        columns = _columns(cells, [r for r in names if r.function is not code_over_description])
    return _beside_counterfoil(_thing_named(columns, below), below), taken


def _two_tiers(
    lines: list[Line], index: int, step: float, names, first: list[Column]
) -> list[Column] | None:
    """A header of two rows, the second set under the first, as a business system prints
    its order ('Pos.  Material  Bezeichnung' over 'Bestellmenge  Einheit  Preis pro Einheit
    Nettowert'): the first row names an item's first line (its number, code and description),
    the second its second line (its numbers). Their columns overlap, so they do not join into
    one row of names: each row's columns are kept, the second row's marked `lower`."""
    if index + 1 >= len(lines):
        return None
    line, other = lines[index], lines[index + 1]
    if other.page != line.page or other.y - line.y > 1.3 * step:
        return None
    if any(is_number(cell.text) for cell in other.cells):
        return None
    if any(len(cell.words) > 4 for cell in other.cells):
        return None  # a sentence ('Quantity and price as per quotation Q-2231'), not names
    second = _columns(other.cells, names)
    upper = [column.key for column in first]
    lower = [column.key for column in second]
    if not (set(upper) <= _WORDS and "description" in upper):
        return None
    if sum(key in NUMERIC for key in lower) < 2 or any(key in _WORDS for key in lower):
        return None
    if not any(a.x0 < b.x1 and b.x0 < a.x1 for a in first for b in second):
        return None  # side by side, they are one row of names (`_stacked`)
    columns = first + [replace(column, lower=True) for column in second]
    below = [
        under
        for under in lines[index + 2 : index + 8]
        if under.page == line.page and not any(FORWARD.match(c.text) for c in under.cells)
    ]  # (a running total brought from the page before is no item's)
    if not below or any(_WITH_CENTS.fullmatch(c.text.strip()) for c in below[0].cells):
        return None  # the first item prints its amount on its own line: one row of names
    if not any(_numbers_line(line, columns, False) for line in below[1:]):
        return None  # nor does any item print its numbers on a line under its words
    return columns


# An amount with its cents, a currency's sign or code perhaps before it.
_WITH_CENTS = re.compile(r"(?:[^\W\d]{1,3}|[$€£])?\s?\d{1,3}(?:[ ,.'\u00a0]?\d{3})*[.,]\d\d")


def _beside_counterfoil(columns: list[Column], below: list[Line]) -> list[Column]:
    """A book's order printed beside its counterfoil, the stub a clerk fills in and keeps
    ('Ordered by', 'Goods received', 'GRN No.' down the page's left edge), or beside a
    sidebar of the order's details ('Issued', 'Project', 'Buyer'): the header's first words,
    far left of the rest, which are a table's header with its description without them, are
    the stub's when it has words of its own on lines where the items have none, or beside
    few of the item lines: the table begins after them."""
    for k in range(1, min(4, len(columns))):
        if columns[k].x0 - columns[k - 1].x1 < _STUB_GAP or not _score(columns[k:]):
            continue
        if not any("description" in c.names for c in columns[k:]):
            return columns
        if any(c.names & {"line", "item_code", "description"} for c in columns[:k]):
            return columns  # the item's own words: a stacked header's, or a code far left
        if k < 2 and not any(ch.isdigit() for ch in columns[0].word):
            return columns  # one word over a column ('Post'): no stub's label and value, or date
        edge = (columns[k - 1].x1 + columns[k].x0) / 2
        items, alone = [], 0
        for line in below:
            if FOOT.match(line.cells[0].text):
                break
            priced = sum(c.x0 >= columns[k].x0 and is_number(c.text) for c in line.cells)
            items += [line] if priced >= 2 else []  # a quantity and a price: no foot's line
            alone += all(c.x1 < edge for c in line.cells)
        stub = sum(any(c.x1 < edge for c in line.cells) for line in items)
        return columns[k:] if items and (alone >= 2 or 2 * stub <= len(items)) else columns
    return columns


# How far (in characters) a counterfoil's words stand from the table's first column.
_STUB_GAP = 12


# Header words naming the thing ordered, which may head its code or its name: 'Artikel'.
_THING = {"artikel", "article", "item", "product", "produkt", "material"}


def _thing_named(columns: list[Column], below: list[Line]) -> list[Column]:
    """A header with no description column, and a column headed by the thing ordered
    ('Artikel', 'Item') read as the code's: where most item lines print words there (the
    article's name, several words) and not a lone code, it is the description."""
    keys = [c.key for c in columns]
    if "description" in keys:
        return columns
    for k, column in enumerate(columns):
        if column.key != "item_code" or column.word.rstrip(".:") not in _THING:
            continue
        spans = [" ".join(u.text for u in units) for _, units in _item_spans(columns, k, below)]
        named = sum(len(text.split()) > 1 and not CODE_LIKE.fullmatch(text) for text in spans)
        if spans and 2 * named > len(spans):
            return [replace(c, key="description") if c is column else c for c in columns]
    return columns


def _codes_first(columns: list[Column], k: int, below: list[Line]) -> bool:
    """Whether most item lines (a number right of columns[k]) start its span with a code."""
    spans = [units for _, units in _item_spans(columns, k, below)]
    words = [units[0].text.split()[0].rstrip(",;") if units else "" for units in spans]
    coded = sum(_a_code(w) or (w.isdigit() and len(w) >= 4) for w in words)  # ('100234 …')
    return 2 * coded > len(spans)


def _item_spans(columns: list[Column], k: int, below: list[Line]) -> list[tuple[int, list]]:
    """Each item line under the header (a number right of columns[k], up to the foot): its
    index in `below` and its values within columns[k]'s span (between its neighbours)."""
    left = columns[k - 1].x1 if k else float("-inf")
    right = columns[k + 1].x0 if k + 1 < len(columns) else float("inf")
    out = []
    for n, line in enumerate(below):
        if FOOT.match(line.cells[0].text):
            break
        if _item_line(line, right):
            out.append((n, _in_span(line, columns, left, right)))
    return out


def _printed_stacked(columns: list[Column], k: int, below: list[Line]) -> bool:
    """Whether the items print columns[k], read as a code over its description, so: on most
    item lines (a number right of it) its span holds a code alone, and the next line words
    in that span. Items printing code and description side by side there say the header
    cell is two words the OCR joined ('Code', 'Description'), not one stacked column."""
    left = columns[k - 1].x1 if k else float("-inf")
    right = columns[k + 1].x0 if k + 1 < len(columns) else float("inf")
    spans = _item_spans(columns, k, below)
    stacked = 0
    for n, first in spans:
        lone_code = len(first) == 1 and CODE_LIKE.fullmatch(first[0].text) is not None
        after = below[n + 1] if n + 1 < len(below) else None
        described = (
            after is not None
            and not _item_line(after, right)
            and bool(_in_span(after, columns, left, right))
        )
        stacked += lone_code and described
    return 2 * stacked > len(spans)


def _item_line(line: Line, right: float) -> bool:
    """A line with a number right of `right`: an item's first line under the header."""
    return any(c.x0 >= right and is_number(c.text) for c in line.cells)


def _in_span(line: Line, columns: list[Column], left: float, right: float) -> list[Cell]:
    """The line's values (cells split by the header's columns) between `left` and `right`."""
    return [u for u in _units(line.cells, columns) if left < (u.x0 + u.x1) / 2 < right]


# A line number, with its full stop ('1.') or without, or as the OCR may misread it: one or
# two small letters ('rs' for 2).
_SHORT = re.compile(r"\d{1,3}\.?|[a-z]{1,2}")
# A quantity printed with its unit in one cell ('2,5 t', '6 ark.', '60.00 roll').
WITH_UNIT = re.compile(r"(\d[\d.,]*)\s+([^\W\d][^\d\s]{0,7})")
# A group's letter and the line's number in it ('B3', or as the OCR reads it 'Bi', 'AS'): a
# line number where the table has a code column of its own, else a code under a 'No.' header.
_IN_GROUP = re.compile(r"[A-Za-z]{1,2}\d{1,3}|[A-Za-z][A-Za-z\d]")
# A code whose dash the OCR read as a space: 'TMB 38' for TMB-38.
_SPLIT_CODE = re.compile(r"[A-Z]{2,5} \d{1,4}")


def _fits(
    key: str | None, text: str, comma: bool, coded: bool = False, unitless: bool = False
) -> bool:
    if key == "line" and text.strip() and all(_SHORT.fullmatch(part) for part in text.split()):
        return True  # a line number, if misread ('rs' for 2, '2 3'): not the description's
    if key == "line" and coded and _IN_GROUP.fullmatch(text.strip()):
        return True
    if unitless and key == "quantity" and WITH_UNIT.fullmatch(text.strip()):
        return is_number(WITH_UNIT.fullmatch(text.strip()).group(1), comma)  # '50 Sack'
    if key == "unit_price" and price_per(text, comma):
        return True  # '4,17 / 1 ST'
    if key in NUMERIC or key == "line":
        return is_number(text.rstrip("%"), comma) or text.strip() in ("-", "")
    if key == "item_code":  # one word, but not two small letters ('sc' is a misread)
        one_word = " " not in text.strip() and not re.fullmatch(r"[a-z]{1,2}", text.strip())
        return one_word or bool(_SPLIT_CODE.fullmatch(text.strip()))
    if key == "unit":
        return len(text) <= 8
    if key == "date":
        return bool(numbers.DATE_IN_TEXT.fullmatch(text.strip())) or text.strip() in ("-", "")
    if key == "description":
        return not is_number(text, comma)
    return True


# Costs (in character widths) of placing a value: beside rather than under its column,
# sharing a column with another value, a value of the wrong kind, or leaving it out.
_SHARED = 10.0
_SHARED_TEXT = 1.0
_MISFIT = 30.0
_SKIP = 20.0
_FAR = 12.0


_GROUP_HEAD = re.compile(r"[(-]?(?:[R$€£]|[A-Z]{3})?\d{1,3}")
_GROUP_TAIL = re.compile(r"\d{3}(?:[.,]\d{1,2})?\)?%?")
_SYMBOL = re.compile(r"[R$€£]|[A-Z]{3}|US\$")


def join_numbers(words: list[Word]) -> list[Word]:
    """'R', '1', '234.56' read as one value: a symbol and digit groups belong together."""
    out: list[Word] = []
    for word in words:
        if out and word.x0 - out[-1].x1 <= 1.5:
            last = out[-1]
            grouped = _GROUP_HEAD.fullmatch(last.text.split(" ")[-1]) and _GROUP_TAIL.fullmatch(
                word.text
            )
            symbol = _SYMBOL.fullmatch(last.text) and re.match(r"[\d(]", word.text)
            if grouped or symbol:
                text = f"{last.text} {word.text}"
                conf, ocr = min(last.conf, word.conf), last.ocr or word.ocr
                out[-1] = Word(text, last.x0, word.x1, conf, ocr=ocr)
                continue
        out.append(word)
    return out


def _units(cells: list[Cell], columns: list[Column]) -> list[Cell]:
    """Cells, split where OCR joined values of different columns ('2 Galvanised pipe').

    A word sitting under a number or code column is a value of its own when
    its cell also holds words that are not under that column.
    """
    units = []
    unitless = not any(c.key == "unit" for c in columns)
    for cell in cells:
        cell = Cell(join_numbers(cell.words))
        if len(cell.words) < 2 or (unitless and WITH_UNIT.fullmatch(cell.text)):
            # a quantity printed with its unit, where no column is the unit's ('6 Karton')
            units.append(cell)
            continue
        if _PRICE_PER.fullmatch(cell.text.strip()):  # '96.00 / 100 PC': one price
            units.append(cell)
            continue
        labels = []
        for word in cell.words:
            home = [
                i
                for i, c in enumerate(columns)
                if c.key not in ("description", None) and c.x0 - 1 <= word.center <= c.x1 + 1
            ]
            labels.append(home[0] if home else None)
        if len(set(labels)) == 1:
            units.append(cell)
            continue
        run: list[Word] = [cell.words[0]]
        for word, label, before in zip(cell.words[1:], labels[1:], labels[:-1], strict=True):
            if label == before:
                run.append(word)
            else:
                units.append(Cell(run))
                run = [word]
        units.append(Cell(run))
    return units


def _apart(a: Cell | Word | Column, b: Cell | Word | Column) -> float:
    """How far apart two spans are across the page (0 when they overlap)."""
    return max(b.x0 - a.x1, a.x0 - b.x1, 0)


def _cost(unit: Cell, column: Column, comma: bool, coded: bool = False, unitless=False) -> float:
    # capped: a fitting value far from a centred header still beats leaving it out
    gap = min(_apart(unit, column), _FAR)
    overlap = max(0.0, min(unit.x1, column.x1) - max(unit.x0, column.x0))
    fits = _fits(column.key, unit.text, comma, coded, unitless)
    return gap - 0.001 * overlap + (0 if fits else _MISFIT)


def _assign(cells: list[Cell], columns: list[Column], comma: bool = False) -> dict[int, str]:
    placed = _place(cells, columns, comma)
    return {i: " ".join(u.text for u in units) for i, units in placed.items()}


def _under_values(cells: list[Cell], above: dict[int, list[Cell]]) -> dict[int, str] | None:
    """A wrapped line's cells go under the values they continue, not under the headers."""
    out: dict[int, list[str]] = {}
    for cell in cells:
        best, overlap = None, 0.0
        for index, units in above.items():
            for unit in units:
                width = min(cell.x1, unit.x1) - max(cell.x0, unit.x0)
                if width > overlap or (best is None and abs(cell.x0 - unit.x0) <= 1):
                    best, overlap = index, max(width, overlap)
        if best is None:
            return None
        out.setdefault(best, []).append(cell.text)
    return {i: " ".join(texts) for i, texts in out.items()}


def _place(cells: list[Cell], columns: list[Column], comma: bool = False) -> dict[int, list[Cell]]:
    """Each value to a column, left to right: the cheapest placement that keeps their order.

    Headers are often centred or left-aligned over right-aligned numbers, so a
    value may sit beside its header rather than under it; keeping the order
    and one value per column places it anyway. A value that fits no column
    (OCR noise such as '|') may be left out.
    """
    units = _units(cells, columns)
    m = len(columns)
    if not units or not m:
        return {}
    inf = float("inf")
    # best[i][j]: cheapest placement of units[:i+1] with the last placed one in column j
    best = [[inf] * m for _ in units]
    back: list[list[tuple[int, bool]]] = [[(0, False)] * m for _ in units]
    skips = [_skip_cost(unit, comma) for unit in units]
    coded = any(column.key == "item_code" for column in columns)
    unitless = not any(column.key == "unit" for column in columns)  # '50 Sack' is a quantity
    for j in range(m):
        cost = _cost(units[0], columns[j], comma, coded, unitless)
        best[0][j], back[0][j] = min(cost, skips[0]), (j, skips[0] < cost)
    for i in range(1, len(units)):
        for j in range(m):
            here = _cost(units[i], columns[j], comma, coded, unitless)
            shared = _SHARED_TEXT if columns[j].key in ("description", None) else _SHARED
            for k in range(j + 1):
                total = best[i - 1][k] + here + (shared if k == j else 0)
                if total < best[i][j]:
                    best[i][j], back[i][j] = total, (k, False)
            if best[i - 1][j] + skips[i] < best[i][j]:
                best[i][j], back[i][j] = best[i - 1][j] + skips[i], (j, True)
    j = min(range(m), key=lambda col: best[-1][col])
    out: dict[int, list[Cell]] = {}
    for i in range(len(units) - 1, -1, -1):
        previous, skipped = back[i][j]
        if not skipped:
            out.setdefault(j, []).insert(0, units[i])
        j = previous
    return out


def _skip_cost(unit: Cell, comma: bool) -> float:
    """Leaving a value out costs more than placing it badly, unless it is OCR noise:
    a letter or two the OCR itself gave no confidence ('k' where a smudge was), or
    little to a lower-case pair ('sc' where a quantity was smudged)."""
    short = len(unit.text) <= 2 and not is_number(unit.text, comma)
    noise = short and (unit.conf < 0.1 or (unit.conf < 0.4 and unit.text.islower()))
    return 0.5 if noise else _SKIP


# Below this OCR confidence a value is the first suspect when its line does not add up.
UNSURE = 0.5


@dataclass
class RawRow:
    columns: list[Column]
    cells: dict[int, str]
    more: list[dict[int, str]] = field(default_factory=list)  # wrapped lines below it
    code_lines: bool = True  # a line under it naming a code is its code (_code_line)
    conf: float = 1.0
    closed: bool = False  # a gap or stray text came after it: nothing more wraps into it
    y: float = 0.0  # where its first line is, for a second look at a number OCR missed
    page: int = 0
    ocr: bool = False  # read by OCR: its values may be misread, unlike a text layer's
    # a text line under a short description: an item whose numbers the OCR lost, unless a
    # second look finds none (then it is the item above running on after all)
    maybe: bool = False
    doubtful: set[int] = field(default_factory=set)  # columns whose value the OCR doubted

    def text(self, key: str) -> str:
        joined, coded = "", ""
        for n, cells in enumerate([self.cells, *self.more]):
            if n > 0 and key == "description" and joined and _remark(cells, self.columns):
                break  # a remark under a described item ends its description ('Merknad: …')
            for i in sorted(cells):
                if i >= len(self.columns):
                    continue  # a cell past the header's columns names no column of its own
                code = _code_line(cells[i]) if n > 0 and self.code_lines else None
                if code:  # 'Art.nr. 4400391' under the item's name: its code, not its name
                    coded = coded or code
                    continue
                part = _part(self.columns[i], cells[i], key, n > 0)
                if n > 0 and key in NUMERIC and not re.search(r"\d", part):
                    continue  # words under a number ('continued overleaf'): not its own
                if part:
                    # a word broken at a hyphen ('MER-' / '204') joins without a space
                    glue = "" if not joined or joined.endswith("-") else " "
                    joined += glue + part
        if key == "item_code" and not joined.strip():
            return coded
        return joined.strip()


def _remark(cells: dict[int, str], columns: list[Column]) -> bool:
    """A line under an item that is a remark about it, not its description running on: it
    says so, in words after a remark's label ('Note: …', 'Merknad: levering på byggeplass …',
    'Obs.: entregar con remito'); not a property of what is ordered ('Farge: hvit matt'), nor
    a code under its name ('Kode: GP-125')."""
    described = [cells[i] for i in sorted(cells) if i < len(columns)]
    if not described:
        return False
    text = described[0].strip()
    return bool(NOTE.match(text) or _REMARK.match(text))


def _code_line(text: str) -> str | None:
    """The code on a line of its own under an item, after a code's name ('Ref.: AZ-CS2004',
    'Art.nr. 4400391', 'SKU 88-1042'): four characters or more with a digit."""
    named = _CODE_NAMED.fullmatch(text.strip())
    if not named or _MONTH_YEAR.fullmatch(named["code"]):
        return None
    if numbers.DATE_IN_TEXT.fullmatch(named["code"]):
        return None
    return named["code"]


# A code's name ('Ref.', 'Art.nr.', 'SKU', 'Item code', 'Código') and the code after it.
_CODE_NAMED = re.compile(
    r"(?P<name>ref(?:erence)?\.?|r[ée]f\.?|art(?:ikel)?\.?\s*-?\s*nr\.?|sku|item\s+code|"
    r"part\s+no\.?|c[óo]d(?:igo|\.)?|codice)\s*[:#]?\s*(?P<code>(?=\S*\d)[\w./-]{4,})",
    re.IGNORECASE,
)
# A month and its year ('05/2026', '5-26'): a period, not a code.
_MONTH_YEAR = re.compile(r"(?:0?[1-9]|1[0-2])[/.-](?:\d{2}|\d{4})")


def _part(column: Column, text: str, key: str, below: bool) -> str:
    """What of a cell's text is the `key` value: all of it under a column of that name; in a
    column of codes over descriptions, the lines under an item's first are the description,
    and a first line that holds more than the code ('HB-M8 Hex bolt') has the rest of it
    (words with no code before them are the description)."""
    if column.below is None:
        return text.strip() if column.key == key else ""
    if below:
        return text.strip() if column.below == key else ""
    code, _, rest = text.strip().partition(" ")
    if rest and not (CODE_LIKE.fullmatch(code) or code.isdigit()):
        code, rest = "", text.strip()
    return code if key == column.key else rest if key == column.below else ""


def _has_numbers(cells: dict[int, str], columns: list[Column], decimal_comma: bool) -> bool:
    for i, text in cells.items():
        key = columns[i].key
        if (key in NUMERIC or key is None) and is_number(text, decimal_comma):
            return True
    return False


# An item code: capitals with a digit or a dash in them ('HB-M8', 'GL-NIT', 'CEM50').
CODE_LIKE = re.compile(r"(?=\S*[A-Z])(?=\S*[\d-])[A-Z0-9][A-Z0-9\-/._]{2,15}")


def _doubted(line: Line, columns: list[Column]) -> set[int]:
    """The columns under which the OCR read a word it was unsure of, kept or left out as
    noise ('1 ee' where a price was smudged): the header nearest each such word."""
    out = set()
    for word in (w for cell in line.cells for w in cell.words if w.conf < UNSURE):
        distance = [_apart(word, column) for column in columns]
        out.add(distance.index(min(distance)))
    return out


# A row that is a note, not an item ('Note: deliver before 10:00'), in the office's languages.
NOTE = re.compile(
    r"(?:notes?|nb|n\.b\.|remarks?|comments?|memo|opmerking|nota|bemerkung|hinweis|remarque|"
    r"observa[çc][ãa]o|observaci[óo]n|"
    # a line's delivery schedule under it ('Delivery date: Day 14.03.2026')
    r"(?:deliv(?:ery)?\.?|due|req(?:uired|uested)?\.?|need-?\s?by|promised|ship(?:ping)?)\s+date)"
    r"\s*[:.\-]",
    re.IGNORECASE,
)


# A reference after its own label that carries a number marker, first on the line: the batch,
# serial or heat number a line is to be delivered with ('Drum serial no. D267095 - ...').
# The marker is written as one ('no.', 'nr:', 'nº', '#', 'number'): 'steel no 100 grade' is none.
LABELLED_REFERENCE = re.compile(
    r"(?:[^\W\d]+\.?\s+){1,3}(?:(?:no|nr)[.:]|n[º°]\.?|#|number:?)\s*[A-Z]{0,3}\d{3,}\b",
    re.IGNORECASE,
)


# What a line was before an order's change, restated under it as quantity @ price and nothing
# more ('Rev 2: 24.00 @ 172.21'; not 'Rev 2: 600 x 400 mm', a drawing's revision).
EARLIER = re.compile(
    r"\s*(?:rev(?:ision)?\.?\s*\d+|was|previously|formerly)\s*:\s*\d[\d.,]*\s*@\s*\d[\d.,]*\s*$",
    re.IGNORECASE,
)


# A line that starts with a label of a word or two and a colon, its value after in words:
# what the item is to come with or where it goes ('EPD: EPD-UK-0219, gypsum plasterboard',
# 'On site: offload and place'); a lone word after it is the item's code ('SKU: CEM-42').
LABELLED_LINE = re.compile(r"[^\W\d_]{2,12}(?:\s[^\W\d_]{2,12})?:\s+(?!\S+\s*$)\S")
# A remark's own label in more languages, words after it, under an item ('Merknad: levering
# på byggeplass …', 'Obs.: entregar con remito', 'Poznámka:', 'Catatan:', 'Text:'): the
# Nordic languages', the Slavic ones', Baltic, Finnish, Hungarian, Romanian, Turkish,
# Indonesian and Malay, Tagalog's, and the delivery's ('Levering:', 'Dostawa:').
_REMARK = re.compile(
    r"(?:merknad|merk|anm(?:erkning|\.)|bem(?:[æae]rkning|\.)|kommentar|text|athugasemd|"
    r"vi[ðd]merking|huom(?:autus|\.)|m[äa]rkus|piez[īi]me|pastaba|pozn(?:[áa]mka|\.)|uwagi?|"
    r"napomen[ae]|opomba|megjegyz[ée]s|not[ăa]|observa[țt]ii|not|a[çc][ıi]klama|catatan|"
    r"keterangan|ket\.|paalala|obs\.?|observaciones|levering|leverans|lieferung|livraison|"
    r"dostawa|dod[áa]vka|dostava|isporuka|afhending|toimitus)"
    r"\s*:\s+(?!\S+\s*$)\S",
    re.IGNORECASE,
)


# A label that names a property of what is ordered, a word before it at most ('Finish:
# galvanised, hot-dip', 'Operator: included, 8 hours', 'Steel grade: S355'): its line is the
# item's description running on, not a note about its delivery or papers (a word of those
# before it, 'Delivery type:', 'Certificate type:', 'Packaging type:', keeps it a note).
_ABOUT_DELIVERY = (
    r"deliver(?:y|ies)?|certificates?|certs?|packaging|packing|pack|transport|shipping|shipment|"
    r"vehicle|truck|payment|invoice|documents?|papers?|tests?|inspection|collection|pallets?|site|"
    r"offload(?:ing)?|unloading|crane|access|booking|permit"
)
ATTRIBUTE_LABEL = re.compile(
    rf"(?:(?!(?:{_ABOUT_DELIVERY})\s)[^\W\d_]+\s)?"
    r"(?:sizes?|dimensions?|grade|class|finish|colou?r|material|type|model|make|"
    r"brand|spec(?:ification)?|thickness|length|width|height|diameter|profile|coating|strength|"
    r"rating|pattern|operator|fuel|"
    r"gr[öo](?:ß|ss)e|farbe|ausf[üu]hrung|oberfl[äa]che|g[üu]te|typ|"
    r"taille|couleur|finition|mat[ée]riau|nuance|"
    r"tama[ñn]o|medida|acabado|acabamento|cor|grado|tipo|maat|kleur|afwerking)\s*:",
    re.IGNORECASE,
)


def annotation(line: Line) -> bool:
    """A line under an item that is about its delivery, not a part of its description: a
    release or schedule line that carries a date ('Rel 1  Due 01/07/2026  Qty 7 roll'), a
    labelled reference first on the line (a batch, serial or heat number; the serial numbers
    of the instruments it delivers), or what the line was before the order changed ('Rev 2:
    24.00 @ 172.21')."""
    text = line.text
    return bool(
        any(_a_date(match.group()) for match in numbers.DATE_IN_TEXT.finditer(text))
        or LABELLED_REFERENCE.match(text)
        or EARLIER.match(text)
        or SERIALS.match(text)
    )


def _a_date(text: str) -> bool:
    """The text is a date of the calendar, read either way round ('1.98-3.35' of a prop's
    reach is none)."""
    for day_first in (True, False):
        try:
            numbers.parse_date(text, day_first)
            return True
        except ValueError:
            continue
    return False


# The serial numbers of the instruments an item delivers, under it ('S/N RL20417, RL20418').
SERIALS = re.compile(r"(?:s/n|serial\s+(?:nos?\.?|numbers?)|serials?)\s*[:.]?\s*[A-Z]*\d", re.I)


# A line set apart by stars: '** Deliver to Gate 2 **', '*** FRAGILE ***'.
_STARRED = re.compile(r"\*{2,}.*|\*.*\*")


def _note(line: Line, columns: list[Column], above: dict[int, list[Cell]]) -> bool:
    """A note printed inside the table: it says so ('Note:'), or, with no number or code in
    it, it is an annotation about the item's delivery or a value after a label that names no
    property of what is ordered, or it starts where the item above has its code or line
    number and runs on under the description (a wrapped description starts under the
    description); or it is set apart by stars, or, four words or more with no code, it is
    set in under the description in capitals where the item is described in small letters,
    or it runs from the description's start on under the item's next values."""
    if NOTE.match(line.cells[0].text):
        return True
    if _group_heading(line, columns, above):
        return True
    if any(is_number(c.text) for c in line.cells) or CODE_LIKE.fullmatch(line.words[0].text):
        return False  # numbers, or a code first: an item
    described_above = any(columns[i].key == "description" for i, units in above.items() if units)
    labelled = LABELLED_LINE.match(line.text) and not ATTRIBUTE_LABEL.match(line.text)
    if annotation(line) or (labelled and described_above):
        return True  # (a labelled line under an item with no description is its description)
    starts = {columns[i].key: min(u.x0 for u in units) for i, units in above.items() if units}
    first = line.cells[0]
    described = starts.get("description")
    coded = [starts[k] for k in ("item_code", "line") if k in starts]
    text = line.text.strip()
    if _STARRED.fullmatch(text):
        return True  # set apart by stars ('** Deliver to Gate 2 - call 30 min before **')
    description = " ".join(
        u.text for i, units in above.items() if columns[i].key == "description" for u in units
    )
    # (a code in a line may be the item's: 'Art.-Nr. des Verkäufers: HS-440')
    sentence = len(line.words) >= 4 and not any(
        CODE_LIKE.fullmatch(w.text.strip(",;.")) for w in line.words
    )
    indented = described is not None and first.x0 > described + 1
    if sentence and indented and text.isupper() and any(c.islower() for c in description):
        return True  # set in under an item described in small letters, in capitals: a note
    if described is not None and len(line.cells) == 1 and abs(first.x0 - described) <= 2:
        # a sentence from the description's start on under the item's next values: a note
        # ('Deliveries to site before 10:00 only - ...'), not its description wrapped
        after = [x for key, x in starts.items() if key != "description" and x > described + 2]
        if sentence and after and first.x1 > min(after) + 2:
            return True
    return (
        described is not None
        and any(abs(first.x0 - x) <= 2 and x < described - 2 for x in coded)
        and first.x1 > described + 2
    )


def _group_heading(line: Line, columns: list[Column], above: dict[int, list[Cell]]) -> bool:
    """A heading of a group of items inside the table ('HS02  Toilet and WC doors', a set of
    a schedule): the group's code first, where the items have theirs, and its name from left
    of the description's place on under it; no number. A text layer's line only: on an OCR'd
    page it may be an item whose numbers were lost."""
    if line.ocr or len(line.cells) != 2 or any(is_number(c.text) for c in line.cells):
        return False
    code, name = line.cells
    starts = [min(u.x0 for u in units) for units in above.values() if units]
    described = [
        min(u.x0 for u in units)
        for i, units in above.items()
        if units and columns[i].key == "description"
    ]
    if not CODE_LIKE.fullmatch(code.text) or not starts or not described:
        return False
    return abs(code.x0 - min(starts)) <= 2 and name.x0 < described[0] - 2 < name.x1 - 4


def _far_below(gap: float, rows: list[RawRow], step: float) -> bool:
    """Further under the last item than six lines, and than three of the table's own row
    gaps: the table has ended (a page's foot line below it is not an item)."""
    gaps = [b.y - a.y for a, b in zip(rows, rows[1:], strict=False) if b.page == a.page]
    usual = sorted(gaps)[len(gaps) // 2] if gaps else step
    return gap > max(6 * step, 3 * usual)


def _wraps(gap: float, rows: list[RawRow], step: float) -> bool:
    """Close enough under the item above to be its description running on.

    Where items stand well apart (padded or ruled rows), a text line as far
    below as the next item would be is an item whose numbers were not read.
    """
    if gap > 1.6 * step:
        return False
    gaps = [b.y - a.y for a, b in zip(rows, rows[1:], strict=False) if not a.more and not b.maybe]
    if len(gaps) >= 2:
        usual = sorted(gaps)[len(gaps) // 2]
        if usual > 1.4 * step and gap > 0.75 * usual:
            return False
    return True


@dataclass
class RowReader:
    """The item rows read so far, under the columns of the header above them."""

    step: float
    comma: bool
    rows: list[RawRow] = field(default_factory=list)
    columns: list[Column] | None = None
    page: int = -1
    last_y: float = 0.0
    margin: float = -1e9
    above: dict[int, list[Cell]] = field(default_factory=dict)
    section: int = 0  # where the group a section's subtotal adds up begins
    # the header names the words' columns on one row and the numbers' on the row under it:
    # each item prints so too, its numbers on the line under its code and description
    stacked: bool = False
    # a line naming a code ('Ref.: AZ-CS2004') came before the first item: each item's code
    # is printed above it, not under it
    codes_above: bool = False

    def under(self, columns: list[Column], page: int, y: float, margin: float = -1e9) -> None:
        """A header row: the lines below it are read under its columns, right of `margin`
        (left of it, a counterfoil's words)."""
        self.columns, self.page, self.last_y, self.margin = columns, page, y, margin
        self.above = {}  # the item above stood under another header's columns

    def _closes_section(self, line: Line) -> bool:
        """A subtotal that names its group by a letter or number and a colon ('Subtotal A:
        Concrete', not 'Total excl. VAT') and is the sum of the amounts since the last such
        line: the table's items go on under it."""
        first = line.cells[0].text
        if len(line.cells) < 2 or not FOOT.match(first):
            return False  # (not 'ABB-specificatie', a heading beside the foot's subtotal)
        if not _GROUP_NAMED.match(FOOT.sub("", first, 1)) and not _TO_SUMMARY.search(first):
            return False
        printed = money_text(line.cells[-1].text, self.comma)
        group = self.rows[self.section :]
        amounts = [money_text(row.text("amount"), self.comma) for row in group]
        if printed is None or not group or None in amounts:
            return False
        if sum(Decimal(a) for a in amounts) != Decimal(printed):
            return False
        self.section = len(self.rows)
        return True

    def take(self, line: Line) -> None:
        columns = self.columns
        if columns is None or line.page != self.page:
            return  # a new page resumes only under its repeated header
        if any(cell.x1 < self.margin for cell in line.cells):
            kept = [cell for cell in line.cells if cell.x1 >= self.margin]
            if not kept:
                return  # the counterfoil's own line
            line = Line([w for c in kept for w in c.words], line.y, line.page, kept, line.ocr_page)
        rows = self.rows
        if any(FORWARD.match(cell.text) for cell in line.cells):
            return  # 'Carried forward 146 540.78' is the page's running total, not an item
        if not rows and _code_line(line.text):
            self.codes_above = True
        if not rows and numbering_row(line):
            return
        if (
            FOOT.match(line.cells[0].text)
            or _ends_table(line)
            or (rows and FOOT.match(line.cells[-1].text))
            or (rows and _foot_beside_words(line, self.comma))
        ):
            if rows and self._closes_section(line):
                rows[-1].closed = True  # 'Subtotal B: Formwork' adds up a group: more follow
            elif rows:
                self.columns = None  # the foot ends the table
            return
        if rows and _far_below(line.y - self.last_y, rows, self.step):
            self.columns = None  # a page's foot line, far under the last item, is not an item
            return
        if rows and _note(line, columns, self.above):
            rows[-1].closed = True  # a note row inside the table: nothing wraps past it
            return
        if rows and self._second_line(line, columns):
            return
        upper = [column for column in columns if not column.lower]
        placed = _place(line.cells, upper, self.comma)
        cells = {i: " ".join(u.text for u in units) for i, units in placed.items()}
        if self.stacked:
            _words_row(cells, columns)
        if rows and _rate_row(line, cells, columns):
            return  # a tax summary's row under the items ('23,00 %  3.707,26  852,67')
        # a new item whose numbers the OCR lost still starts with its code or line number
        coded = any(
            (columns[i].key == "item_code" and CODE_LIKE.fullmatch(text))
            or (columns[i].key == "line" and text.isdigit())
            for i, text in cells.items()
        ) or _code_first(line, columns)
        conf = min(c.conf for c in line.cells)
        # (a text layer's print, or under a stacked header; else an OCR'd line of numbers is
        # likelier an item whose code was lost)
        joins = not line.ocr or self.stacked
        if rows and joins and _numbers_only(cells, columns) and not rows[-1].closed:
            last = rows[-1]
            if not _has_numbers(last.cells, columns, self.comma) and not last.more:
                last.cells = {**last.cells, **cells}  # its numbers on the line under the item
                last.conf = min(last.conf, conf)
                self.last_y = line.y
                return
        broken = _broken_at_hyphen(line, self.above) if rows and not rows[-1].more else None
        if broken is not None:
            rows[-1].more.append({broken: line.cells[0].text})  # 'CEM-' over '325': runs on
            self.last_y = line.y
            return
        if coded or _has_numbers(cells, columns, self.comma):
            doubtful = _doubted(line, columns)
            rows.append(
                RawRow(
                    columns, cells, conf=conf, y=line.y, page=line.page, ocr=line.ocr,
                    doubtful=doubtful,
                )
            )  # fmt: skip
            self.last_y, self.above = line.y, placed
        elif rows and _ACCOUNT_STRING.match(line.text.strip()):
            return  # the line's accounts under it ('Fund 4E1035 - Org 88021 - Account ...')
        elif rows and not rows[-1].closed and _wraps(line.y - self.last_y, rows, self.step):
            if line.ocr and not rows[-1].more and _room_left(self.above, columns):
                rows.append(
                    RawRow(
                        columns, cells, conf=conf, y=line.y, page=line.page, ocr=True, maybe=True
                    )
                )
                self.last_y, self.above = line.y, placed
                return
            rows[-1].more.append(_under_values(line.cells, self.above) or cells)
            self.last_y = line.y
        elif rows:
            rows[-1].closed = True

    def _second_line(self, line: Line, columns: list[Column]) -> bool:
        """Under a two-tier header (`_two_tiers`), the item above's numbers on the line under
        its words: the item's own, taken into it, for an item with no numbers yet. What
        comes under them (a delivery date, a condition, a batch) is not its description."""
        last = self.rows[-1]
        if last.closed or any(k in last.cells for k, c in enumerate(columns) if c.lower):
            return False
        cells = _numbers_line(line, columns, self.comma)
        if not cells:
            return False
        last.cells = {**last.cells, **cells}
        last.conf = min(last.conf, min(c.conf for c in line.cells))
        last.closed = True
        self.last_y = line.y
        return True


def _numbers_line(line: Line, columns: list[Column], comma: bool) -> dict[int, str] | None:
    """An item's second line under a two-tier header: each word placed under the second
    row's columns (`lower`), a number or a price per a quantity of a unit ('4,17 / 1 ST')
    under each number's, a short unit under the unit's, and the quantity a number. The cells
    by the columns' place in `columns`, or None."""
    lower = [k for k, column in enumerate(columns) if column.lower]
    if not lower:
        return None
    placed = _place(line.cells, [columns[k] for k in lower], comma)
    cells = {lower[i]: " ".join(u.text for u in units) for i, units in placed.items()}
    if sum(len(text.split()) for text in cells.values()) != len(line.words):
        return None  # a word of it fits no column: not the item's numbers
    keys = {columns[k].key: text.strip() for k, text in cells.items()}
    if not is_number(keys.get("quantity", keys.get("ordered", "")), comma):
        return None
    priced = any(key in ("unit_price", "amount") for key in keys)
    described = [c.x0 for c in columns if c.key == "description" and not c.lower]
    if not priced and described and line.cells[0].x0 >= described[0] - 1:
        return None  # ('120 mm' under the description: its words running on, not its numbers)
    for key, text in keys.items():
        if key == "unit" and (" " in text or len(text) > 8 or text.lower() in ("x", "×")):
            return None  # ('1200  x  600': a size, not a quantity and its unit)
        if key in NUMERIC and not (is_number(text, comma) or price_per(text, comma)):
            return None
    return cells


def _rate_row(line: Line, cells: dict[int, str], columns: list[Column]) -> bool:
    """A line that starts with a rate, with no words where an item has its code or name ('23,00
    %  3.707,26  852,67'): a tax summary's row printed under the items, not an item."""
    if not _A_RATE.fullmatch(line.cells[0].text.strip()):
        return False
    named = ("item_code", "line", "description")
    return not any(
        i < len(columns)
        and columns[i].key in named
        and text.strip()
        and not _WITH_CENTS.fullmatch(text.strip())  # (an amount set under the code)
        for i, text in cells.items()
    )


_A_RATE = re.compile(r"\d{1,2}(?:[.,]\d{1,2})?\s?%")


# An item's accounts printed under it, three or more words each with a code that has a digit,
# joined by dashes ('Fund 4E1035 - Org 88021 - Account 731500 - Program 60'): no description.
_ACCOUNT_STRING = re.compile(
    r"(?:[^\W\d]+\s+[\w./-]*\d[\w./-]*\s+[-–]\s+){2,}[^\W\d]+\s+[\w./-]*\d"
)


# A sum named with its tax in or out ('Order Value excl. VAT', 'Amount incl. tax'), or the whole
# order's total named by what it adds up ('MERCHANDISE TOTAL'; not a section's or a page's).
_SUM_NAMED = re.compile(
    r"(?:[^\W\d]+\s+){0,2}(?:total|amount|value|sum)\s+\(?(?:excl|incl|ex|inc)\b"
    r"|(?:merchandise|goods|order|grand)\s+total\s*:?\s*$",
    re.IGNORECASE,
)


# A currency's code or sign in a cell of its own, between a foot's label and its amount.
_CURRENCY_ALONE = re.compile(rf"(?:{CURRENCY_CODES}|rp|rs|r|\$|€|£)\.?", re.IGNORECASE)


def _foot_beside_words(line: Line, comma: bool) -> bool:
    """A foot's line with a heading of another block before it ('VAT analysis  Total excl.
    VAT  6 899.59'): three cells at most (a currency in a cell of its own aside), a foot label
    and its amount last, no number before them."""
    cells = [cell for cell in line.cells if not _CURRENCY_ALONE.fullmatch(cell.text.strip())]
    if not 2 <= len(cells) <= 3 or not (
        FOOT.match(cells[-2].text) or _SUM_NAMED.match(cells[-2].text)
    ):
        return False
    before = " ".join(cell.text for cell in cells[:-2])
    amount = _MARK_AFTER.sub("", cells[-1].text.strip())  # ('349 682 FCFA')
    amount = _CODE_BEFORE.sub("", amount)  # ('USD 2.691,64')
    return money_text(amount, comma) is not None and not re.search(r"\d", before)


# A currency's code or sign before an amount.
_CODE_BEFORE = re.compile(r"^(?:[A-Z]{3}|[$€£])\s?(?=\d)")
# A currency's code or the CFA franc's mark after an amount.
_MARK_AFTER = re.compile(r"\s*(?:F\.?\s?CFA|[A-Z]{3})$")


# What follows 'Subtotal' in a group's own subtotal: the group's letter or number, a colon.
_GROUP_NAMED = re.compile(r"\s*[A-Za-z0-9]{1,3}\s*[:\-–]\s*[^\W\d]")
# A bill of quantities' section total, carried to the bills' summary or collection page
# ('Total to summary', 'Carried to Collection').
_TO_SUMMARY = re.compile(r"\b(?:carried\s+)?to\s+(?:the\s+)?(?:summary|collection)\b", re.I)


def numbering_row(line: Line) -> bool:
    """A row that numbers the header's columns ('0 1 2 3 4 5 6 7 (4x5)', as official forms
    print under their header): four cells or more, each starting with the next whole number
    from 0 or 1. It is the header's, not an item."""
    firsts = [re.match(r"\d{1,2}(?!\d|[.,]\d)", cell.text.strip()) for cell in line.cells]
    if len(firsts) < 4 or not all(firsts):
        return False
    counted = [int(match.group()) for match in firsts]
    return counted[0] in (0, 1) and counted == list(range(counted[0], counted[0] + len(counted)))


def _broken_at_hyphen(line: Line, above: dict[int, list[Cell]]) -> int | None:
    """One word alone on its line, under a value of the item above that ends in a hyphen: the
    rest of a word or code the print broke there ('CEM-' over '325'). That value's column."""
    if len(line.cells) != 1 or " " in line.cells[0].text.strip():
        return None
    cell = line.cells[0]
    for index, units in above.items():
        last = units[-1]
        if last.text.endswith("-") and cell.x0 <= last.x1 and cell.x1 >= last.x0:
            return index
    return None


def _code_first(line: Line, columns: list[Column]) -> bool:
    """The line's first cell is a code under the codes' head, whatever words follow it closer
    than the descriptions start (a group's heading 'C04  Ceilings, set and finish'): a row of
    its own, not the item above running on."""
    first = line.cells[0]
    return bool(CODE_LIKE.fullmatch(first.text.strip())) and any(
        c.key == "item_code" and first.x0 <= c.x1 + 2 and first.x1 >= c.x0 - 2 for c in columns
    )


def _numbers_only(cells: dict[int, str], columns: list[Column]) -> bool:
    """A line with numbers and nothing under the code, description or line columns."""
    words = {"item_code", "description", "line", None}
    has_numbers = any(columns[i].key in NUMERIC for i in cells)
    return has_numbers and not any(columns[i].key in words for i in cells)


def find_table(
    lines: list[Line],
    step: float,
    decimal_comma: bool,
    widen=(),
    trail: Trail | None = None,
    pages=(),
    names=(),
) -> list[RawRow]:
    """The rows of the item table, over every page it continues on.

    `widen`: the header rules (rules.py) that add columns a header row does not name;
    `pages`: the rules that read a page whose header row was lost (OCR); `names`: the rules
    for a name the header gives twice; each is recorded in `trail`.
    """
    lines, moved = side_by_side(lines, step)
    reading = RowReader(step, decimal_comma)
    headed: dict[int, list[Column]] = {}
    open_at_end: set[int] = set()  # pages at whose end the table had not ended
    index = 0
    while index < len(lines):
        before = lines[index - 1].page if index else None
        turned = before is not None and lines[index].page != before
        if turned and reading.columns is not None and reading.page == before:
            open_at_end.add(before)
        header = header_at(lines, index, step, names)
        if header:
            columns, taken = header
            page = lines[index].page
            if _summary_under_foot(reading, columns, page):
                index += taken
                continue
            if page not in headed:
                _note_names(columns, names, trail)
            columns = _widened(columns, lines[index + taken :], page, widen, trail)
            headed.setdefault(page, columns)
            stub = [c.x1 for c in lines[index].cells if c.x1 < columns[0].x0]
            margin = (max(stub) + columns[0].x0) / 2 if stub else -1e9
            reading.under(columns, page, lines[index + taken - 1].y, margin)
            reading.stacked = _stacked(lines[index : index + taken])
            index += taken
            continue
        reading.take(lines[index])
        index += 1
    if headed and reading.rows:
        _headerless_pages(lines, headed, open_at_end, reading, pages, trail)
    for row in reading.rows:
        row.y = moved.get((row.page, row.y), row.y)  # where it stands on the page
        row.code_lines = not reading.codes_above
    return reading.rows


def _repeats(keys: list[str | None]) -> int:
    """How many columns a header names before it names them all again, side by side ('No
    Code Description Qty Price Amount  No Code Description...'); 0 when it does not."""
    n = len(keys)
    for width in range(3, n // 2 + 1):
        if n % width == 0 and None not in keys and keys == keys[:width] * (n // width):
            return width
    return 0


def _page_column(line: Line, edges: list[float], n: int) -> Line | None:
    """The part of a line in the n-th of the page's columns that `edges` divide."""
    lo = edges[n - 1] if n else float("-inf")
    hi = edges[n] if n < len(edges) else float("inf")
    inside = [c for c in line.cells if lo <= (c.x0 + c.x1) / 2 < hi]
    if not inside:
        return None
    return Line([w for c in inside for w in c.words], line.y, line.page, inside, line.ocr_page)


def _in_page_columns(line: Line, edges: list[float]) -> bool:
    """A row of the columns: three values or more in one of them."""
    parts = (_page_column(line, edges, n) for n in range(len(edges) + 1))
    return any(part is not None and len(part.cells) >= 3 for part in parts)


def _copies(lines: list[Line], edges: list[float]) -> bool:
    """Columns of the page that print the same rows: copies of one order, not one table."""
    texts = [
        [[c.text for c in part.cells] if (part := _page_column(line, edges, n)) else None
         for n in range(len(edges) + 1)]
        for line in lines[1:]
    ]  # fmt: skip
    both = [parts for parts in texts if None not in parts]
    return 2 * sum(all(p == parts[0] for p in parts) for parts in both) > len(both)


def side_by_side(lines: list[Line], step: float) -> tuple[list[Line], dict]:
    """An item table printed in two (or more) columns of the page, its header repeated side
    by side over each, the items running down the first and on in the next: each column's
    lines put under the one before, as they are read, down to the first line that is no row
    of them (nor is the line under it: a wrapped description). Returns the lines, and for
    each moved line its (page, y) so placed and the y it has on the page."""
    for index, line in enumerate(lines):
        cells = line.cells
        width = _repeats([column_key(cell.text) for cell in cells]) if header_like(line) else 0
        if not width:
            continue
        edges = [(cells[k - 1].x1 + cells[k].x0) / 2 for k in range(width, len(cells), width)]
        end = index + 1
        while end < len(lines) and lines[end].page == line.page:
            near = [other for other in lines[end : end + 2] if other.page == line.page]
            if not any(_in_page_columns(other, edges) for other in near):
                break
            end += 1
        if _copies(lines[index:end], edges):
            return lines, {}  # the same order printed twice side by side: one copy's items
        shift = lines[end - 1].y - line.y + step
        out, moved = list(lines[:index]), {}
        for n in range(len(edges) + 1):
            for other in lines[index:end]:
                if (piece := _page_column(other, edges, n)) is not None:
                    piece.y = other.y + n * shift
                    moved[(other.page, piece.y)] = other.y
                    out.append(piece)
        for other in lines[end:]:
            if other.page == line.page:
                other = replace(other, y=other.y + len(edges) * shift)
                moved[(other.page, other.y)] = other.y - len(edges) * shift
            out.append(other)
        return out, moved
    return lines, {}


def _summary_under_foot(reading: RowReader, columns: list[Column], page: int) -> bool:
    """A header under the foot that ended the item table on its page, naming no description
    and no quantity ('Code  Rate  Excl. VAT  VAT' over a VAT analysis), or no quantity and a
    tax ('Code  Rate  Goods excl. VAT  VAT'): a summary's, not another table of items."""
    ended = reading.rows and reading.columns is None and reading.page == page
    keys = {c.key for c in columns}
    return (
        bool(ended) and "quantity" not in keys and ("description" not in keys or "line_tax" in keys)
    )


_WORDS = {"line", "item_code", "description"}


def _words_row(cells: dict[int, str], columns: list[Column]) -> None:
    """Under a stacked header, an item's first line holds its words: a number on it that fell
    under a number's column ('Welded mesh ref 193') ends its description."""
    keys = [column.key for column in columns]
    if "description" not in keys or not any(keys[i] in ("item_code", "description") for i in cells):
        return
    stray = sorted(i for i in cells if keys[i] not in _WORDS)
    described = keys.index("description")
    if stray:
        words = [cells.get(described, ""), *(cells.pop(i) for i in stray)]
        cells[described] = " ".join(word for word in words if word)


def _stacked(band: list[Line]) -> bool:
    """A header of two rows, the words' columns named on the first ('Ln  Item Code
    Description') and the numbers' on the second ('Order Qty  UOM  Unit Price  Line Amount')."""
    if len(band) != 2:
        return False
    first = {column_key(cell.text) for cell in band[0].cells}
    second = {column_key(cell.text) for cell in band[1].cells}
    return bool(first) and first <= _WORDS and "description" in first and bool(second & NUMERIC)


def _headerless_pages(
    lines, headed, open_at_end: set[int], reading: RowReader, pages, trail: Trail | None
) -> None:
    """Pages of a table over several pages that show no header row: the page rules. A text
    layer's page is read so only when the table ran on past the page before it (no foot
    ended it there); an OCR'd page may have lost its header to the OCR."""
    template = next(iter(headed.values()))
    for number in sorted({line.page for line in lines} - set(headed)):
        page_lines = [line for line in lines if line.page == number]
        if not any(line.ocr for line in page_lines) and number - 1 not in open_at_end:
            continue
        for rule in pages:
            found = rule.function(page_lines, template, reading.step, reading.comma)
            if found:
                reading.rows.extend(found)
                reading.rows.sort(key=lambda row: (row.page, row.y))
                if trail is not None:
                    note = f"page {number + 1}: {len(found)} rows"
                    trail.note(rule.name, "items", note, rule.purpose)
                break


def rows_under_other_header(
    page_lines: list[Line], columns: list[Column], step: float, comma: bool
) -> list[RawRow]:
    """A page with no header row (lost to the OCR, or a table run on from the page before),
    read under the columns of the table's header on another page: from its first line that
    fits them (a code or text, then numbers up to the amount column), when at least two of
    its lines do."""
    amount = max((i for i, c in enumerate(columns) if c.key in NUMERIC), default=None)
    if amount is None:
        return []
    fits = [n for n, line in enumerate(page_lines) if _fits_columns(line, columns, amount, comma)]
    if len(fits) < 2:
        return []
    reading = RowReader(step, comma)
    reading.under(columns, page_lines[0].page, page_lines[fits[0]].y - step)
    for line in page_lines[fits[0] :]:
        reading.take(line)
    return reading.rows


def _fits_columns(line: Line, columns: list[Column], amount: int, comma: bool) -> bool:
    """An item line of this table: a number under its amount column, words before it."""
    placed = _place(line.cells, columns, comma)
    texts = {i: " ".join(u.text for u in units) for i, units in placed.items()}
    return is_number(texts.get(amount, ""), comma) and any(
        i < amount and not is_number(t, comma) for i, t in texts.items()
    )


def _note_names(columns: list[Column], names, trail: Trail | None) -> None:
    if trail is None:
        return
    given_up = ", ".join(repr(c.word) for c in names_given_up(columns))
    stacked = ", ".join(repr(c.word) for c in columns if c.below)
    for rule in names:
        if rule.function is code_over_description and stacked:
            trail.note(rule.name, "items", f"header {stacked}: code over description", rule.purpose)
        elif rule.function is not code_over_description and given_up:
            trail.note(rule.name, "items", f"header {given_up} unnamed", rule.purpose)


def _widened(columns, below: list[Line], page: int, widen, trail: Trail | None) -> list[Column]:
    for rule in widen:
        wider = rule.function(columns, below, page)
        if len(wider) > len(columns) and trail is not None:
            added = len(wider) - len(columns)
            trail.note(rule.name, "items", f"{added} column(s) added", rule.purpose)
        elif len(wider) == len(columns) and trail is not None:
            pairs = zip(columns, wider, strict=True)
            renamed = ", ".join(repr(c.word) for c, w in pairs if c.key != w.key)
            if renamed:
                trail.note(rule.name, "items", f"header {renamed} renamed", rule.purpose)
        columns = wider
    return columns


def unheaded_columns(columns: list[Column], below: list[Line], page: int) -> list[Column]:
    """Columns whose header word the OCR lost (in a shaded band, or by a rule): in most
    item lines a value of their own sits wholly between two headers (or beyond the
    first or last), each of those with a value under it too: a code or line number at
    the left edge, a number elsewhere, a code of parts just before the description's
    header when no header names a code, or text when no header says description. Each
    becomes an unnamed column for the column rules (columns.py) to name."""
    described = any(column.key == "description" for column in columns)
    found: dict[int, list[Cell]] = {}  # k: the values between columns[k - 1] and columns[k]
    items = 0
    for line in below:
        if line.page != page or FOOT.match(line.cells[0].text) or header_like(line):
            break
        if len(line.cells) < 2 or not any(is_number(c.text) for c in line.cells[1:]):
            continue
        items += 1
        taken: set[int] = set()  # one value a line in each gap
        for n, cell in enumerate(line.cells):
            k = _gap(columns, cell)
            if k is None or k in taken:
                continue
            if k == 0:
                fits = n == 0 and (CODE_LIKE.fullmatch(cell.text) or cell.text.isdigit())
            else:  # a number, the descriptions when no header names them, or a code before them
                fits = is_number(cell.text) or (k < len(columns) and not described)
                fits = fits or _code_before(columns, k, line.cells[n:])
            beside = [columns[i] for i in (k - 1, k) if 0 <= i < len(columns)]
            if fits and all(any(_apart(c, column) == 0 for c in line.cells) for column in beside):
                found.setdefault(k, []).append(cell)
                taken.add(k)
    out = list(columns)
    for k in sorted(found, reverse=True):
        cells = found[k]
        if len(cells) >= 2 and len(cells) >= 0.6 * items:
            out.insert(k, Column(None, min(c.x0 for c in cells), max(c.x1 for c in cells)))
    return out


def _code_before(columns: list[Column], k: int, cells: list[Cell]) -> bool:
    """A code of parts in the gap before the description's header, the description itself
    starting under that header, when no header names a code: a code column whose header the
    OCR lost ('4  RF-040  Roofing iron' under 'Qty  Description'). (Under a centred header
    the descriptions start left of it, and their first word is theirs.)"""
    if any("item_code" in column.names for column in columns) or len(cells) < 2:
        return False
    if k >= len(columns) or columns[k].key != "description":
        return False
    code = cells[0].text
    return bool(CODE_LIKE.fullmatch(code) and _PARTED.search(code)) and (
        abs(cells[1].x0 - columns[k].x0) <= 1
    )


# A code's parts, joined by a dash, slash or point ('RF-040', 'CAB-0038'): not a size or a
# pack set apart before the words ('50KG', '20L', 'M12').
_PARTED = re.compile(r"[A-Z0-9][-/.][A-Z0-9]")


def codes_under_line_header(columns: list[Column], below: list[Line], page: int) -> list[Column]:
    """A column a header word named the line number ('Item #', '#', 'No.') when no column is
    the code's, and most item lines print under it a code of letters and digits
    ('DWV-4', 'CEM-GU40') or of digit groups ('1000-0158'), not 1, 2, 3: it is the code
    column."""
    if any("item_code" in column.names and not _part_of_unknown(column) for column in columns):
        return columns
    for k, column in enumerate(columns):
        if column.key != "line":
            continue
        values = []
        for line in below:
            if not values and line.page == page and _header_again(line):
                continue  # the header's second line ('Unit of' over 'Measure')
            if line.page != page or FOOT.match(line.cells[0].text) or _header_again(line):
                break
            under = [c for c in line.cells if c.x0 < column.x1 and c.x1 > column.x0]
            # an item's line, or a group's heading numbered there ('118  Désamiantage' over
            # '118.120'); not a note's or the foot's words
            counted = under and (_item_line(line, column.x1) or is_number(under[0].text))
            # (a word or two: a sentence there is a note's or the foot's, beside its sums)
            if len(line.cells) > 1 and counted and len(under[0].text.split()) <= 2:
                values.append(under[0].text.strip())
        codes = [v for v in values if _a_code(v)]
        if len(values) >= 2 and 4 * len(codes) >= 3 * len(values):
            # (a code's name split out of a cell no name names, 'Product' of 'Product
            # Approval', names no column then)
            named = [replace(c, key=None) if _part_of_unknown(c) else c for c in columns]
            return [*named[:k], replace(column, key="item_code"), *named[k + 1 :]]
    return columns


def _part_of_unknown(column: Column) -> bool:
    """A code's name split out of a header cell whose words together name nothing, beside a
    word of four letters or more that names nothing either ('Product' of 'Product
    Approval')."""
    whole = column.whole
    return (
        column.key == "item_code"
        and whole is not None
        and whole.key is None
        and any(
            re.fullmatch(r"[^\W\d_]{4,}", word) and column_key(word) is None
            for word in whole.word.split()
        )
    )


# An article number of digit groups ('1000-0158', '20.0425.1'), not a date.
_DIGIT_GROUPS = re.compile(r"\d{3,}(?:[-.]\d{2,})+")


def _a_code(value: str) -> bool:
    """A code of letters and digits ('DWV-4'), not a group's mark ('A1'), or one of digit
    groups ('1000-0158') that is no date; a size's 'x' in it is the code's ('PT-2x6')."""
    if re.search(r"[A-Z]", value):
        value = re.sub(r"(?<=\d)x(?=\d)", "X", value)  # (not a size alone: '2x4 Stud')
    if CODE_LIKE.fullmatch(value) and not _IN_GROUP.fullmatch(value):
        return True
    return bool(_DIGIT_GROUPS.fullmatch(value)) and not numbers.DATE_IN_TEXT.fullmatch(value)


def _gap(columns: list[Column], cell: Cell) -> int | None:
    """k when the cell sits wholly between columns[k - 1] and columns[k] (or beyond the ends)."""
    for k in range(len(columns) + 1):
        left = columns[k - 1].x1 if k else float("-inf")
        right = columns[k].x0 if k < len(columns) else float("inf")
        if cell.x0 > left + 0.5 and cell.x1 < right - 0.5:
            return k
    return None


def header_like(line: Line) -> bool:
    return any(column_key(cell.text) for cell in line.cells)


def _header_again(line: Line) -> bool:
    """The table's header printed again, or the foot: a cell of header words ('Subtotal');
    but a line that starts with a code and carries numbers is an item, whatever stands in
    its other cells (a 'No' under 'Allow Invoice Discount')."""
    coded = CODE_LIKE.fullmatch(line.cells[0].text.strip())
    if coded and any(is_number(cell.text) for cell in line.cells[1:]):
        return False
    return header_like(line)


def _room_left(above: dict[int, list[Cell]], columns: list[Column]) -> bool:
    """The description above stopped short of its column's right side (under 60 % of
    the way), so the next line is not that description wrapping: it would have fit."""
    for index, units in above.items():
        if columns[index].key == "description" and units:
            right = min((c.x0 for c in columns[index + 1 :]), default=None)
            start = min(u.x0 for u in units)
            if right is not None and right > start:
                return (max(u.x1 for u in units) - start) < 0.6 * (right - start)
    return False


def settle_maybe_rows(rows: list[RawRow], decimal_comma: bool) -> list[RawRow]:
    """A maybe-item that got no numbers from the second look joins the item above."""
    out: list[RawRow] = []
    for row in rows:
        if row.maybe and out and not _has_numbers(row.cells, row.columns, decimal_comma):
            out[-1].more.extend([row.cells, *row.more])
        else:
            out.append(row)
    return out


# A quantity times its price in one cell, as a till prints it ('24 x 1578.39', '3 @ 18.81').
_TIMES = re.compile(r"(\d+(?:[.,]\d+)?)\s*[x×@]\s*(\d[\d,.' ]*[.,]\d\d)")


def _texts(line: Line) -> list[str]:
    """The line's values, a quantity times its price split in two."""
    out = []
    for cell in _units([Cell(join_numbers(c.words)) for c in line.cells], []):
        times = _TIMES.fullmatch(cell.text.strip())
        out += [times[1], times[2]] if times else [cell.text]
    return out


def _numeric_cells(line: Line, comma: bool) -> int:
    return sum(1 for text in _texts(line) if is_number(text.rstrip("%"), comma))


def headerless_rows(lines: list[Line], step: float, comma: bool) -> list[RawRow]:
    """A table whose header the OCR lost: consecutive lines that end in two or more numbers.

    Columns are named from the right, as order lines print them: amount, unit
    price, quantity, with a discount in % right of the price or left of it; text
    on the left is the description, a code before it the item code. Used only
    when no header row was found. Where each numbered line holds no words but a code
    and a line of words stands over the first, as a till slip prints its lines, each
    item's description is the line over its numbers.
    """
    best: list[Line] = []
    run: list[Line] = []
    for line in lines:
        numbered = _numeric_cells(line, comma) >= 2 and not FOOT.match(line.cells[0].text)
        if numbered and (not run or (line.page == run[-1].page and line.y - run[-1].y <= 3 * step)):
            run.append(line)
        elif numbered:
            run = [line]
        elif run and line.y - run[-1].y > 1.6 * step:
            best, run = max(best, run, key=len), []
        elif run:
            run.append(line)  # a wrapped description between numbered lines
    best = max(best, run, key=len)
    if sum(1 for line in best if _numeric_cells(line, comma) >= 2) < 2:
        return []
    over = _described_over(lines, best, comma)
    units = _unit_column(best, comma)
    rows: list[RawRow] = []
    pending = over[0] if over else None
    for line in best:
        texts, numbers_right = _numbers_right(line, comma)
        if not numbers_right:
            if over:
                pending = " ".join(texts)  # the next item's description
            elif rows:
                rows[-1].more.append({1: " ".join(texts)})
            continue
        unit = quantity = None
        if units and len(texts) >= 2 and _UNIT_WORD.fullmatch(texts[-1]):
            unit = texts.pop()  # the unit, in a cell of its own left of the numbers
            if len(texts) >= 2 and is_number(texts[-1], comma) and len(numbers_right) == 2:
                quantity = texts.pop()  # and the quantity left of it
        keys = ["amount", "unit_price", "quantity"]
        if len(numbers_right) >= 3 and numbers_right[-2].endswith("%"):
            keys.insert(1, "discount")  # quantity, price, discount %, amount
        elif len(numbers_right) >= 3 and numbers_right[-3].endswith("%"):
            keys.insert(2, "discount")  # quantity, discount %, price, amount
        columns = [Column("item_code", 0, 0), Column("description", 0, 0)]
        cells: dict[int, str] = {}
        coded = texts and (CODE_LIKE if over else _CODE_WORD).fullmatch(texts[0])
        if coded and (len(texts) > 1 or over):
            cells[0] = texts.pop(0)
        cells[1] = " ".join([pending] if over and pending else texts)
        pending = None
        for key, value in zip(keys, reversed(numbers_right), strict=False):
            cells[len(columns)] = value
            columns.append(Column(key, 0, 0))
        for key, value in (("unit", unit), ("quantity", quantity)):
            if value is not None:
                cells[len(columns)] = value
                columns.append(Column(key, 0, 0))
        rows.append(RawRow(columns, cells, conf=min(c.conf for c in line.cells), ocr=line.ocr))
    _strip_line_numbers(rows)
    return rows


# A unit as order lines print it: a short word, maybe with a power ('each', 'm3', 'sheet').
_UNIT_WORD = re.compile(r"[^\W\d_]{1,6}\.?[23]?")


def _numbers_right(line: Line, comma: bool) -> tuple[list[str], list[str]]:
    """The line's values, and the numbers that end it split off them."""
    texts = _texts(line)
    numbers_right: list[str] = []
    while texts and is_number(texts[-1].rstrip("%"), comma):
        numbers_right.insert(0, texts.pop())
    return texts, numbers_right


def _unit_column(run: list[Line], comma: bool) -> bool:
    """Most numbered lines hold a short word of its own between their words and the numbers
    on the right ('Concrete block 15 cm | each | 31.09 | 932.70'): a column of units."""
    numbered = [line for line in run if _numeric_cells(line, comma) >= 2]
    words = []
    for line in numbered:
        texts, _ = _numbers_right(line, comma)
        if texts and is_number(texts[-1], comma):
            texts.pop()  # a quantity left of the unit
        if len(texts) >= 2 and _UNIT_WORD.fullmatch(texts[-1]):
            words.append(texts[-1].lower())
    # units are short ('m3', 'each') or the same ones again; a colour or a size is neither
    units = [w for w in words if len(w.rstrip(".")) <= 4 or words.count(w) >= 2]
    return len(numbered) >= 2 and 2 * len(units) > len(numbered)


# A code: letters and digits in one word ('CBL-4', 'PN1001').
_CODE_WORD = re.compile(r"(?=\S*\d)(?=\S*[A-Za-z])\S{2,}")


def _described_over(lines: list[Line], run: list[Line], comma: bool) -> list[str]:
    """Each item's description printed on a line of its own over its numbers: the numbered
    lines hold no words but a code, and a line of words stands right over the first; the
    description over the first item, else nothing."""
    numbered = [line for line in run if _numeric_cells(line, comma) >= 2]
    for line in numbered:
        words = [t for t in _texts(line) if not is_number(t.rstrip("%"), comma)]
        if len(words) > 1 or (words and not CODE_LIKE.fullmatch(words[0])):
            return []
    at = lines.index(run[0])
    above = lines[at - 1] if at else None
    if above is None or above.page != run[0].page or _numeric_cells(above, comma):
        return []
    if FOOT.match(above.cells[0].text) or column_key(above.cells[0].text):
        return []
    return [" ".join(cell.text for cell in above.cells)]


def _strip_line_numbers(rows: list[RawRow], index: int = 1) -> None:
    """Values that start 1, 2, 3... down the table (descriptions, or codes printed close to
    the line number: '1 PRE-12') start with their line number."""
    firsts = [row.cells.get(index, "").split(" ", 1) for row in rows]
    if len(rows) < 2 or any(
        len(parts) < 2 or parts[0].rstrip(".") != str(n) for n, parts in enumerate(firsts, 1)
    ):
        return
    for row, parts in zip(rows, firsts, strict=True):
        row.cells[index] = parts[1]


def strip_line_numbers(rows: list[RawRow]) -> None:
    """The line numbers run into the first values of a table's rows, taken off them."""
    for index in sorted({i for row in rows for i in row.cells})[:2]:
        _strip_line_numbers(rows, index)
