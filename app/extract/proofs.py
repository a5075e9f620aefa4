"""What proves each field of a reading; every field nothing proves is flagged.

The engine's docstring lists what proves each field; the functions here are
those proofs, one per field, each saying why a field is not proven. Checks
only: nothing here changes a value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from app import numbers
from app.extract import accents, checks, fields, validate
from app.extract import vocabulary as words
from app.extract.layout import Line
from app.extract.model import MISSING, Found, Item

# Below this a value read by OCR is not proven, whatever else holds.
LOW = 0.6


@dataclass
class Reading:
    """What the proofs look at: the fields found, the items, and what the office knows."""

    found: dict[str, Found]
    items: list[Item]
    site_codes: tuple[str, ...] = ()
    supplier_names: tuple[str, ...] = ()
    guessed_table: bool = False  # the rows came from a rule, not from under a header row
    currencies_named: int = 1  # how many currencies the document's amounts name
    # per field, the label wordings (by rank) that name it: beyond them a bare 'Order'
    naming_ranks: dict[str, int] = field(default_factory=dict)
    inclusive: bool = False  # the prices include the tax: the items add up to the total
    # nothing on the document says whether its numeric dates put the day or the month first
    date_order_guessed: bool = False
    # a reference read otherwise when the OCR looked again (engine._read_again), with how
    doubted: dict[str, str] = field(default_factory=dict)
    # the page is the supplier's own document, naming our order as 'Your order no.'
    their_page: bool = False


def _read(found: Found) -> str | None:
    """Why a field's value is not a reading to trust, or None when it is one."""
    if found.value in (None, ""):
        return "not found"
    if found.rule:
        return f"worked out by the rule {found.rule}, not read"
    if found.ocr and found.confidence < LOW:
        return "the OCR was unsure of it"
    return None


def _number(found: Found, reading: Reading, name: str) -> str | None:
    if found.rank is None or found.rank > reading.naming_ranks.get(name, 0):
        return "not under a label that names it"
    if (
        name == "po_number"
        and reading.their_page
        and not (_by_layout(found) or _OUR_ORDER_NAMED.match(found.source))
    ):
        # 'Order No.' beside 'Customer ref.' on a supplier's sales order: its own number
        return "on the supplier's own document, which names our order apart: perhaps its own"
    if not re.search(r"\d", found.value):
        return "no digit in it"
    if _page_count(found.value):
        return "shaped like a page count ('1/2'): perhaps the page's, not the document's number"
    return reading.doubted.get(name)


def _page_count(value: str) -> bool:
    """A page and the pages' count ('1/2', '2 / 3'): one or two digits each, the first no more
    than the second."""
    shape = re.fullmatch(r"(\d{1,2})\s*/\s*(\d{1,2})", value.strip())
    return bool(shape) and 0 < int(shape[1]) <= int(shape[2])


def _by_layout(found: Found) -> bool:
    """Read at a learned layout's place, where a person confirmed the value (recall.py)."""
    return found.source.startswith("layout learned")


# A label naming our order on the supplier's own document ('Your order no.', 'Customer ref.';
# on our own order 'Your ref.' is the supplier's quotation).
_OUR_ORDER_NAMED = accents.compiled(  # (as an OCR may read them: 'Vaéa narudZbenica')
    rf"(?:{fields.YOUR_ORDER_NUMBER}|{fields.YOUR_ORDER}|(?:customer|client)\s+ref(?:erence)?|"
    r"(?:your|customer|client)\s+p/o)"
    r"(?![^\W\d_])"
)


def names_our_order(found: Found) -> bool:
    """The value was read under a label naming our order ('Your order no.', 'Customer ref.')."""
    return found.rank is not None and bool(_OUR_ORDER_NAMED.match(found.source or ""))


def names_our_order_text(text: str) -> bool:
    """The text starts with words naming our order ('Your order no.', 'Ihre Bestellung')."""
    return bool(_OUR_ORDER_NAMED.match(text.strip()))


def names_po(found: Found) -> bool:
    """The value was read under a label naming a purchase order ('PO No.', 'Purchase order
    no.'): ours, on our own order or the supplier's document about it."""
    return found.rank is not None and bool(_PO_NAMED.match(found.source or ""))


_PO_NAMED = re.compile(  # (Arabic's 'number of the purchase order' too)
    rf"(?:p\.?\s?o\.?|purchase\s+order)(?![^\W\d_])|{fields.NO_PO}|رقم\s+أمر\s+الشراء",
    re.IGNORECASE,
)


def their_page(po_number: Found, lines: list[Line]) -> bool:
    """The page is the supplier's own document (its sales order or confirmation of ours): the
    PO number was read under a label naming our order so, or a cell of the page starts with
    one, or a label in two languages has one as a half ('Customer ref.', 'Your order no.',
    'U bestelling nr. / Your order No.'), or a cell at its top is such a document's title
    and none is our order's (not 'ORDER CONFIRMATION' over a slip at the foot of our order,
    nor 'Sales Order  SO-5512' on our 'PURCHASE ORDER')."""
    if names_our_order(po_number):
        return True
    texts = [cell.text for line in lines for cell in line.cells]
    if any(_OUR_ORDER_NAMED.match(half) for half in _halves(texts)):
        return True
    return their_title(lines)


def their_title(lines: list[Line]) -> bool:
    """The page is titled the supplier's own document about our order ('SALES ORDER', 'ORDER
    CONFIRMATION') and not our purchase order."""
    titles = title_cells(lines)
    if any(is_our_title(_before_its_number(half) or "") for half in titles):
        return False  # our own title, its number run on ('PURCHASE ORDER PO-4521')
    return any(_their_title(half) for half in titles) and not our_title(lines)


def our_title(lines: list[Line]) -> bool:
    """The page is titled our purchase order ('PURCHASE ORDER', 'BESTELLING') at its top: our
    own, whatever other orders it names."""
    return bool(our_titles(lines))


def our_titles(lines: list[Line]) -> list[str]:
    """The cells (or halves of one in two languages) at the page's top that title it our
    purchase order."""
    return [half for half in title_cells(lines) if _OUR_TITLE.fullmatch(half)]


def title_cells(lines: list[Line]) -> list[str]:
    """The cells, or halves of one in two languages, that may title the page."""
    return _halves(_titles(lines))


def is_our_title(text: str) -> bool:
    """The text titles our purchase order ('PURCHASE ORDER', 'Nota de Encomenda')."""
    return bool(_OUR_TITLE.fullmatch(text.strip()))


def _halves(texts: list[str]) -> list[str]:
    """Each text, and each half of a text in two languages ('VERKOOPSBESTELLING / SALES ORDER')."""
    return [half for text in texts for half in re.split(r"\s+/\s+", text.strip())]


def _titles(lines: list[Line]) -> list[str]:
    """The cells that may be the page's title: in its top half (its first three lines at
    least)."""
    texts = []
    for line in lines[: max(3, len(lines) // 2)]:
        cells = [cell.text.strip() for cell in line.cells]
        if cells and all(_SPACED.fullmatch(cell) for cell in cells):
            # a title's letters spaced out, its words in cells of their own: closed up
            # ('M E G R E N D E L É S   V I S S Z A I G A Z O L Á S')
            texts.append(" ".join(cell.replace(" ", "") for cell in cells))
        else:
            texts.extend(cell.text for cell in line.cells)
    return texts


_SPACED = re.compile(r"[^\W\d_](?: [^\W\d_]){2,}")


# The title of a supplier's own document about our order ('ORDER CONFIRMATION', 'Sales
# order', 'Order acknowledgement'), even where the line naming our order was lost.
_THEIR_TITLE = accents.compiled(
    r"(?:sales\s+order|order\s+(?:acknowledge?ment|confirmation)|verkooporder|"
    r"(?:order|opdracht)be(?:vestiging|f[êe]stiging)|"  # (Dutch's and Frisian's)
    # (Swedish's, Norwegian's and Danish's order confirmation)
    r"orderbekr[äa]ftelse|ordrebekreftelse|ordrebekr[æa]ftelse|"
    r"auftragsbest[äa]tigung|confirmaci[óo]n\s+del?\s+pedido|"
    r"confirma[çc][ãa]o\s+d[aoe]\s+(?:pedido|encomenda)|confirmation\s+de\s+commande|"
    r"(?:acknowledge?ment|confirmation)\s+of\s+(?:your\s+)?order|"
    r"conferma\s+(?:d['’]\s*|dell['’]\s*)?ordine|cadarnhad\s+archeb|"  # (Italian's, Welsh's)
    # a sales order in other languages: Indonesian's and Malay's, Spanish's, Portuguese's,
    # Italian's, German's, French's, the Nordic languages', Finnish's, Polish's ('Kundenauftrag'
    # may label our own customer's order: not a title here)
    r"pesanan\s+(?:penjualan|jualan)|(?:orden|pedido)\s+de\s+venta|pedido\s+de\s+venda|"
    r"ordine\s+di\s+vendita|verkaufsauftrag|commande\s+client|salgsordre|"
    # (a customer's order as its supplier enters it: Portuguese's and Spanish's)
    r"(?:nota\s+de\s+)?encomenda\s+d[eo]\s+cliente|pedido\s+d[eo]l?\s+cliente|"
    r"f[öo]rs[äa]ljningsorder|myyntitilaus|zam[óo]wienie\s+sprzeda[żz]y|"
    r"sotuv\s+buyurtmasi|"  # (Uzbek's sales order)
    # an order's confirmation in the languages whose order numbers vocabulary.PO_NUMBER
    # names (Turkish's, Finnish's, Polish's, Romanian's, Estonian's, Latvian's, Hungarian's,
    # Czech's, Slovak's, Croatian's, Lithuanian's), and a proforma invoice
    r"sipari[şs]\s+onay[ıi]|tilausvahvistus|potwierdzenie\s+(?:przyj[ęe]cia\s+)?zam[óo]wienia|"
    r"confirmare(?:a)?\s+(?:de\s+)?comenzii|confirmare\s+(?:de\s+)?comand[ăa]|"
    r"tellimuse\s+kinnitus|"
    r"pas[ūu]t[īi]juma\s+apstiprin[āa]jums|(?:(?:meg)?rendel[ée]s\s*)?visszaigazol[áa]s|"
    r"p[öo]ntunarsta[ðd]festing|s[öo]lup[öo]ntun|"  # (Icelandic's)
    r"potvrzen[íi]\s+objedn[áa]vky|potvrdenie\s+objedn[áa]vky|potvrda\s+narud[žz]be|"
    r"u[žz]sakymo\s+patvirtinimas|pro-?\s?forma(?:\s+[^\W\d]+)?|"
    r"تأكيد\s+(?:طلبية|الطلب|أمر\s+الشراء)"  # (Arabic's confirmation of an order)
    # and a word saying what of ('Order confirmation building water'), not a field's ('Sales
    # order number', 'Sales order date')
    r")(?:\s+(?!(?:number|nummer|numero|date|datum|data|fecha|ref\w*|no|nr|required|"
    r"requested|request|attached|desk|contact|status|form|slip|gewenst|vereist|erforderlich|"
    r"requise?|requerid[oa]|richiesta|obligatoria|k[ée]r[ée]se)\b)[^\W\d]{4,})?"
)
# A title and a reference after it in one cell, a number marker between them or none, and the
# date it is of after it or none ('Købsordre 106262', 'Заказ поставщику No 2246 от 8 июня
# 2026 г.', 'CONFIRMARE DE COMANDA nr. 1978 din 22.09.2026').
TITLE_THEN_NUMBER = re.compile(
    rf"(\D+?)\s+(?:(?:(?:{words.SHORT_NUMBER})\.?|№|n\.|số:?)\s*)?((?=[\w/-]*\d)[^\W_][\w/-]*)"
    rf"(?:\s+(?:{words.OF_A_DATE})\s+[«\"“]?\d.*)?",
    re.IGNORECASE,
)
# A title, the letters of a series and a reference ('Nota de Encomenda NE 2026/0747',
# 'POTWIERDZENIE ZAMÓWIENIA ZK 308/11/2026').
TITLE_SERIES_NUMBER = re.compile(
    r"(?P<title>\D+?)\s+(?P<series>[A-Z]{2,4})\s+(?P<number>(?=[\w/-]*\d)[^\W_][\w/-]*)"
)

# The supplier's quotation, accepted with our order's number on it, in the languages
# vocabulary.PO_NUMBER names: a title only in capitals ('COTIZACIÓN'), as a form's label
# ('Quotation', 'Angebot' over the supplier's quotation's number) is not.
QUOTATION_TITLE = (
    r"quotation|cotizaci[óo]n|presupuesto|pressupost|devis|angebot|offerte|or[çc]amento|"
    r"preventivo|oferta|tilbud|offert|tarjous|pakkumine|ponuda|nab[íi]dka|aj[áa]nlat|teklif|"
    r"ofert[ăa]"
)
_QUOTATION_TITLE = accents.compiled(QUOTATION_TITLE)


def _their_title(text: str) -> bool:
    """The text titles the supplier's own document about our order, its own number run on or
    not ('CONFIRMARE DE COMANDA nr. 1978 din 22.09.2026')."""
    if _QUOTATION_TITLE.fullmatch(text.strip()) and text.isupper():
        return True
    if _THEIR_TITLE.fullmatch(text):
        return True
    joined = _before_its_number(text)
    # (in capitals only: 'Order confirmation no. OC-77' on our order is a label citing theirs)
    return bool(joined) and joined.isupper() and bool(_THEIR_TITLE.fullmatch(joined))


def _before_its_number(text: str) -> str | None:
    """A title with its number run on in its cell, the title alone ('POTWIERDZENIE
    ZAMÓWIENIA' of 'POTWIERDZENIE ZAMÓWIENIA ZK 308/11/2026')."""
    for pattern in (TITLE_SERIES_NUMBER, TITLE_THEN_NUMBER):
        joined = pattern.fullmatch(text.strip())
        if joined:
            return joined.group(1)
    return None


# Our own order's title.
_OUR_TITLE = accents.compiled(r"(?:local\s+|official\s+)?purchase\s+order|" + words.ORDER_TITLES)


def _date(found: Found, reading: Reading, name: str) -> str | None:
    if found.rank is None:
        return "not under a date label"
    if name == "po_date" and found.rank > 0 and reading.their_page and not names_our_order(found):
        # the supplier's sales order or confirmation: its 'Date' and 'Order date' are its own
        # document's ('Your order date' is ours)
        return (
            "a date under a general label on the supplier's own document, which names our "
            "order by its number only"
        )
    if reading.date_order_guessed and either_way(found.source):
        return "it reads as a day-month or a month-day date, and nothing on the document says which"
    return reading.doubted.get(name)


def either_way(text: str) -> bool:
    """A numeric date that is a different day read day first than month first."""
    match = numbers.DATE_IN_TEXT.search(text)
    if not match:
        return False
    try:
        readings = {numbers.parse_date(match.group(), first) for first in (True, False)}
    except ValueError:
        return False
    return len(readings) > 1


def _supplier(found: Found, reading: Reading, name: str) -> str | None:
    if found.rank is None and _by_layout(found):
        return (
            "read at the learned place, and neither the layout's supplier nor one the office knows"
        )
    if found.rank is None:
        return "not under a supplier label"
    if found.ocr and not validate.is_known(found.value, reading.supplier_names):
        return "read by OCR, and not a known supplier's name: its spelling is unproven"
    if _TITLED.match(found.value) and not validate.is_known(found.value, reading.supplier_names):
        return "a person's title before it: perhaps a person the order is addressed to"
    return None


# A person's title before a name ('To: Mr John Dlamini - Director', 'Kính gửi: Ông Nguyễn Văn
# An'): a person, or a company named so ('Mr Price Home'), so a person says which.
_TITLED = re.compile(
    r"(?:mr|mrs|ms|miss|dr|prof|herr|frau|mme|mlle|sr|sra|sig|ông|bà|anh|chị)\.?\s+\S",
    re.IGNORECASE,
)


# A place on a site named by a word and its number ('Block 3', 'Blok 3', 'Ofis 2', 'Gate 12'):
# not the code of a site the office lists, whatever its shape.
A_PLACE_ON_SITE = re.compile(r"[A-Z][a-z]{2,}\s+\d{1,3}")


def _project(found: Found, reading: Reading) -> str | None:
    if found.rank is None:
        return "not under a project label"
    if found.rank >= fields.ACCOUNT_RANK:
        return "under a cost centre's or a location's label: it may not be the project's code"
    proof = validate.site_code_proof(found.value, reading.site_codes, found.ocr)
    if proof is None:
        return "matches no site's code or alias, nor their pattern"
    if proof != "known" and any(item.item_code == found.value for item in reading.items):
        # a cell of the item table beside the label ('Chantier  NYM-J3' where the table's
        # code column runs past the order's details), of a site's pattern only
        return "an item's code in the table, and no site's code"
    if proof != "known" and A_PLACE_ON_SITE.fullmatch(found.value):
        return "a place on a site ('Block 3', 'Ofis 2'), and no site's code"
    if proof != "known" and (found.source or "").endswith(f"({IN_PLACE_OF_THEIR_JOB})"):
        return f"read {IN_PLACE_OF_THEIR_JOB}, and no site's code: perhaps the supplier's place"
    if proof != "known" and reading.their_page and _JOB.match(found.source or ""):
        # the supplier's own document numbers its own jobs ('JOB No. J2681' on its drawing
        # that confirms our order): ours only if it is a site's code
        return "a job number on the supplier's own document, and no site's code"
    return None


_JOB = re.compile(r"(?:our\s+)?job\b", re.IGNORECASE)
# What engine._their_job_aside adds to the source of a code it read in place of the supplier's
# job or contract number.
IN_PLACE_OF_THEIR_JOB = "in place of the supplier's own job or contract number"


def _currency(found: Found, reading: Reading) -> str | None:
    if found.rank is None and reading.currencies_named > 1:
        return "the amounts name more than one currency"
    if found.rank is None and found.confidence < LOW:  # a sign several currencies print ('$')
        return found.source
    return None


def _cents(reading: Reading, key: str) -> int | None:
    found = reading.found.get(key, MISSING)
    return None if found.value is None or found.rule else checks.cents(found.value)


def _subtotal(found: Found, reading: Reading) -> str | None:
    total_of_items = checks.items_sum(reading.items)
    if total_of_items is None:
        return "no items to add up to it"
    if reading.inclusive:  # prices with the tax: the items make the total, less the tax this
        sub, tax, total = (_cents(reading, k) for k in ("subtotal", "tax", "total"))
        held = None not in (tax, total) and total_of_items == total and sub + tax == total
        return None if held else "it and the tax do not make the total the items add up to"
    if total_of_items != checks.cents(found.value):
        return "the items do not add up to it"
    total, tax = (reading.found.get(k, MISSING) for k in ("total", "tax"))
    if tax.value is None and total.value is not None and total.value == found.value:
        # the total and nothing more, and no tax read: a tax the prices include may be
        # printed under a name not known here ('Tax Inclusive' over a 'NCT' line)
        return "it is the total, and no tax was read: the prices may include one"
    return None


# A charge that is no tax of the sale's by its name: a levy, a duty, a surcharge, a fee, a cess
# (and in Afrikaans, Dutch, German, French, Spanish and Portuguese).
_LEVY = re.compile(
    r"\b(?:lev(?:y|ies)|duty|duties|surcharge|excise|fee|cess|heffing|abgabe|umlage|"
    r"redevance|contribution|recargo|arbitrio|sobretaxa)\b",
    re.IGNORECASE,
)


def _tax(found: Found, reading: Reading) -> str | None:
    if " + " in (found.source or "") and _LEVY.search(found.source or ""):
        # the VAT and a levy added up ('Environmental levy 1.5%' over 'VAT 15%'): the levy
        # may be a charge the VAT is worked on, not a tax; a person says which
        return "the tax adds a levy or a duty to the VAT: is it a tax or a charge?"
    sub, tax, total = (_cents(reading, k) for k in ("subtotal", "tax", "total"))
    if reading.inclusive:  # the VAT the total includes: the items must add up to that total
        if total is None or checks.items_sum(reading.items) != total:
            return "the items do not add up to the total that includes it"
        if sub is not None and sub + tax != total:  # a subtotal printed beside it checks it
            return "subtotal + tax is not the total"
        # the whole total is no tax it includes ('Incl. VAT 15%  1100.00' over 'Total  1100.00')
        return None if 0 <= tax < total else "not less than the total: not a tax it includes"
    if sub is None or total is None:
        return "no subtotal and total read to check it against"
    if not 0 <= tax <= sub:
        return "more than the subtotal: not a tax"
    return None if sub + tax == total else "subtotal + tax is not the total"


def _total(found: Found, reading: Reading) -> str | None:
    sub, tax, total = (_cents(reading, k) for k in ("subtotal", "tax", "total"))
    if reading.inclusive:
        ok = checks.items_sum(reading.items) == total
        return None if ok else "the items, prices with tax, do not add up to it"
    if sub is None:
        sub = checks.items_sum(reading.items)
    if sub is None or tax is None:
        return "no subtotal and tax read to check it against"
    return None if sub + tax == total else "subtotal + tax is not the total"


# What makes one line doubtful, and how it is said; the first that any line has is given,
# with the lines that have it, so a person knows which to look at.
_LINE_DOUBTS = (
    (lambda item: item.quantity is None or item.amount is None, "no quantity or no amount"),
    (lambda item: item.confidence < LOW, "a number worked out, put right, or unsure"),
    (lambda item: checks.line_ok(item) is False, "quantity x price is not the amount"),
    (lambda item: not (item.description or item.item_code).strip(), "nothing says what it is"),
)


def _items(reading: Reading) -> str | None:
    rows = reading.items
    if not rows:
        return "no items read"
    if reading.guessed_table:
        return "no header row: the columns were guessed"
    for doubt, why in _LINE_DOUBTS:
        lines = [str(n) for n, item in enumerate(rows, start=1) if doubt(item)]
        if lines:
            return f"{'item' if len(lines) == 1 else 'items'} {', '.join(lines)}: {why}"
    sub, tax, total = (_cents(reading, k) for k in ("subtotal", "tax", "total"))
    if reading.inclusive:
        sub = total
    elif sub is None and None not in (tax, total):
        sub = total - tax
    if sub is None:
        return "no subtotal to add them up to"
    return None if checks.items_sum(rows) == sub else "they do not add up to the subtotal"


_SHAPE = {
    "po_number": _number,
    "dn_number": _number,
    "po_date": _date,
    "dn_date": _date,
    "supplier_name": _supplier,
}
_AGAINST = {
    "project_code": _project,
    "currency": _currency,
    "subtotal": _subtotal,
    "tax": _tax,
    "total": _total,
}


def unproven(reading: Reading, names: tuple[str, ...]) -> dict[str, str]:
    """Each field (and 'items') that nothing proves, with why, in the order of `names`."""
    out = {}
    for name in names:
        if name == "items":
            why = _items(reading)
        else:
            found = reading.found.get(name, MISSING)
            why = _read(found)
            if why is None and name in _SHAPE:
                why = _SHAPE[name](found, reading, name)
            if why is None and name in _AGAINST:
                why = _AGAINST[name](found, reading)
        why = why or reading.doubted.get(name)  # doubted by what the reading chose
        if why:
            out[name] = why
    return out
