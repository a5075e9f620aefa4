"""Header fields found by their labels: right of the label, under it, or in the same cell.

Each field has label wordings in order of how much they say ("PO Number"
before a bare "Order"), and a check its value must pass (a PO number has a
digit, a date parses). The first label whose value passes wins. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from app import numbers
from app.extract import accents, validate
from app.extract import vocabulary as words
from app.extract.layout import Cell, Line
from app.extract.model import MISSING, Found
from app.extract.tables import column_key

# The word or sign for a label's number after it ('No.', 'Nr', 'N°', '#', 'Number', 'Ref.').
NO = r"\s*(?:number|no\.?|num\.?|nr\.?|nru\.?|n\.?\s?[°º]\.?|#|ref(?:erence)?\.?)"
# (a local purchase order's 'LPO No.', as offices in West and East Africa print it)
# (a supply order, as offices in South Asia name their purchase order; a local service
# order, an East African office's order for works, 'L.S.O. No.')
_PO = (
    r"(?:l\.?\s?[ps]\.?\s?o\.?|p\.?\s?o\.?|(?:local\s+)?purchase\s+order|supply\s+order|"
    r"local\s+service\s+order|order)"
)
_DATE_LABELS = [
    # 'PO date' first (a local purchase order's 'LPO Date' too): on a supplier's sales order
    # its 'Order date' is its own, and 'PO date' our order's (on our own order both are ours)
    # (Spanish's and Portuguese's 'Fecha O/C', 'Fecha de la orden de compra')
    r"(?:l\.?\s?)?p\.?\s?o\.?\s+date|(?:fecha|data)\s+(?:d[ea]\s+(?:la\s+|a\s+)?)?(?:o/c|o\.c\.|oc|"
    r"orden\s+de\s+compra|ordem\s+de\s+compra)",
    # ('Your order date' on a supplier's confirmation: our order's, as 'Your order no.' is;
    # on our own order 'Customer PO date' is our client's, so it does not outrank ours)
    r"(?:(?:your|customer|client)\s+(?:p\.?\s?o\.?|order)\s+|order\s+|issue\s+|document\s+|"
    r"invoice\s+)date|"
    # the date of 'your order' in Spanish, Portuguese, Galician and French ('Data do seu
    # pedido', 'Fecha de su pedido', 'Date de votre commande')
    r"(?:data|fecha|date)\s+d[eoa]\s+(?:(?:su|seu|sua|vosso|vossa)\s+(?:pedido|encomenda)|"
    r"votre\s+commande)|"
    r"date\s+(?:issued|of\s+(?:order|issue)|ordered)"
    r"|date\s+of\s+order|issued(?:\s+on)?|" + "|".join(words.ORDER_DATE),
    r"date|dated|" + "|".join(words.DATE_WORDS),
    # 'Ref. date' beside 'Customer ref.': the date of our order as the supplier keeps it, where
    # no other date label is ('Your ref.  Ref. date' is a quotation's)
    r"ref(?:erence)?\.?\s+date",
]
# The rank of a bare 'Date' label among them: the ranks before it name the order's date.
BARE_DATE_RANK = 2
_PROJECT_LABELS = [
    # (and 'Nr.', the number's mark in the languages of northern Europe: Dutch's 'Projectnr.')
    r"project\s*(?:code|n[o°º]\.?|nr\.?|number|nummer|#|ref\.?)|"
    r"site\s*(?:code|n[o°º]\.?|number|ref(?:erence)?\.?)|job\s*(?:code|n[o°º]\.?|number|#)|"
    r"contract\s*(?:n[o°º]\.?|number|#)|" + "|".join(words.PROJECT_CODE),
    r"project|site|job|contract|deliver\s+to\s+site|delivery\s+site|"
    r"pour\s+site|"  # (a concrete pump's booking: where the pour is)
    r"service\s+location|"  # (a service company's: where the work is done)
    + "|".join(words.PROJECT_WORDS),
    # an accounting code, or a location given as a code ('Location: OSH-05'): the project's
    # only where no project or site is named
    r"location(?=\s*:\s*[A-Z]{2,}[\w-]*\d)|cost\s+cent(?:re|er)|centro\s+de\s+cust[oa]s?|"
    # a business system's work breakdown element: German's, French's, English's, Spanish's and
    # Portuguese's ('PSP-Element', "Élément d'OTP", 'WBS element'), a cost's code as much
    r"psp-?element|[ée]l[ée]ment\s+d['’]\s*otp|wbs\s+element|elemento\s+(?:pep|wbs)|"
    r"centro\s+de\s+costos?|"
    # a French public body's 'Opération' (its works, or a sales promotion's): read, not proven
    r"op[ée]ration",
]
# The last project label's rank: an accounting code's or a location's ('Cost centre',
# 'Location: OSH-05'), not the project's itself.
ACCOUNT_RANK = len(_PROJECT_LABELS) - 1

# Our order as the supplier's own document names it ('Your order', 'Cust. Order', 'U
# bestelling', 'Ihre Bestellung', 'Uw order', Flemish's 'Uw bestelbon', Albanian's 'Porosia
# juaj').
YOUR_ORDER = (
    rf"(?:your|customer|cust\.?|client)\s+(?:{_PO}|purchase\s+order)|u\s+bestel(?:ling|bon)?|uw\s+"
    r"(?:bestelling|order|bestelbon)|ihre?\s+(?:bestellung|auftrag)|va[šs][ae]\s+objedn[áa]vk[ay]|"
    r"porosia\s+juaj|ordni\s+tag[ħh]kom|"  # (Maltese's 'your order')
    r"agizo\s+lako(?:\s+na\.?)?|"  # (Swahili's, and its number: 'Agizo lako Na.')
    r"va[šs]a\s+narud[žz]b(?:enic)?a|hoc['’]h\s+urzhiad|"  # (Montenegrin's, Breton's)
    # the buyer's order on a supplier's page ("Buyer's PO No.", 'Réf. votre bon de commande',
    # Montenegrin's 'Po vašoj narudžbi br.', Chile's 'O/C cliente')
    rf"buyer['’]?s\s+(?:{_PO}|order)|r[ée]f\.?\s+(?:de\s+)?votre\s+bon\s+de\s+commande|"
    r"po\s+va[šs]oj\s+narud[žz]bi|o/c\s+(?:del\s+)?cliente|"
    # Spanish's, Portuguese's and French's ('Su orden de compra N°', 'Votre commande'; a
    # shop's 'Tu pedido' is its own, 'Tu n.º de pedido' ours: YOUR_ORDER_NUMBER)
    r"su\s+(?:orden(?:\s+de\s+compra)?|pedido|o[./]\s?c\.?)|"  # (and 'Su O/C', 'Su O.C.')
    # Portuguese's and Galician's with their article ('O seu pedido nº', 'A vossa encomenda')
    r"(?:[oa]\s+)?(?:seu|sua|vosso|vossa)\s+(?:pedido(?:\s+de\s+compra)?|encomenda)|"
    r"votre\s+(?:commande|bon\s+de\s+(?:commande|cde))|"  # ('cde', commande shortened)
    r"(?:la\s+)?vostra\s+comanda|"  # (Catalan's)
    # Italian's ('Vs. ordine', 'Vostro ordine', 'Vostra ordinazione'), Welsh's ('Eich archeb')
    r"v(?:ostr[oa]|s)\.?\s+(?:ordine|ordinazione)|eich\s+archeb|"
    # Portuguese's and Spanish's 'your' shortened ('V/ Encomenda', 'S/ Pedido')
    # (and 'V/ Requisição', your requisition)
    r"[vs]/\s*(?:encomenda|pedido|nota\s+de\s+encomenda|requisi[çc][ãa]o)|"
    # Norwegian's, Danish's and Swedish's ('Deres ordre', 'Er beställning')
    r"deres\s+(?:ordre|bestilling)|er\s+(?:order|best[äa]llning)|"
    r"(?:o\s+)?suyo\s+pediu|vossa\s+empustaziun|"  # (Aragonese's, Romansh's)
    # the languages whose order numbers vocabulary.PO_NUMBER names, on the supplier's own
    # document: Turkish's ('Siparişiniz', 'Müşteri sipariş'), Finnish's ('Teidän
    # tilauksenne', 'Tilaajan tilaus'), Estonian's, Polish's, Romanian's, Hungarian's,
    # Latvian's, Lithuanian's and Slovenian's 'your order'
    r"(?:sizin\s+)?sipari[şs]iniz|m[üu][şs]teri\s+sipari[şs]i?|"
    r"(?:teid[äa]n\s+)?tilauksenne|tilaajan\s+tilaus|teie\s+tellimus|"
    r"(?:pa[ńn]stwa|wa[sš]ze)\s+zam[óo]wienie|comanda\s+(?:dvs\.?|dumneavoastr[ăa])|"
    r"az\s+[öo]n\s+(?:meg)?rendel[ée]se|j[ūu]su\s+pas[ūu]t[īi]jums|j[ūu]s[ųu]\s+u[žz]sakymas|"
    r"va[šs]e\s+naro[čc]ilo|"
    # Azerbaijani's; Norwegian's and Danish's 'your' said to one ('Din bestilling'), Faroese's,
    # Polish's 'as to the order' (on its confirmation), Russian's and Ukrainian's, Uzbek's
    r"sizin\s+sifari[şs]|"
    r"din\s+bestilling|tykkara\s+b[íi]legging|dotyczy\s+zam[óo]wienia|ваш\s+заказ|"
    r"ваше\s+замовлення|sizning\s+buyurtmangiz|"
    # Macedonian's and Bulgarian's ('Ваша нарачка бр.', 'Вашата поръчка'), Korean's, Japanese's
    # and Chinese's 'your company's order number' ('귀사 발주번호', '貴社注文番号', '贵司订单号')
    r"ваша(?:та)?\s+(?:нарачка|поръчка)|"
    # Indonesian's and Malay's 'your PO', 'your order' ('No. PO Anda', 'Pesanan Anda')
    r"(?:no\.?\s*)?(?:p\.?\s?o\.?|pesanan)\s+anda|"
    r"귀사\s*(?:발주|주문)\s*번호|貴社\s*(?:注文|発注)\s*(?:番号|No\.?)|[贵貴]公?司\s*[订訂]单[号號]"
)
# Its number's label.
# (the German 'Ihre Bestellreferenz', your order's reference)
YOUR_ORDER_NUMBER = (
    # ('Vaša narudžba br.', Bosnian's, Croatian's and Serbian's number, in either script)
    rf"(?:{YOUR_ORDER})(?:{NO}|\s*č\.?|\s*n\.|\s*br\.?|\s*бр\.?|\s*nro\.?)|u\s+bestelnommer|"
    r"ihre\s+bestell(?:nummer|referenz|-?\s*nr\.?)|uw\s+(?:order|bestel(?:ling)?)-?\s*nummer|"
    r"eich\s+rhif\s+archeb|"  # (Welsh's 'your order number')
    r"namba\s+ya\s+agizo\s+lako|"  # (Swahili's 'number of your order')
    # Spanish's number first ('Tu n.º de pedido de compra', 'Su número de pedido')
    r"(?:su|tu)\s+(?:n\.?\s?[°º]|n[úu]m(?:ero|\.)?)\s+de\s+(?:pedido|orden)(?:\s+de\s+compra)?|"
    r"deres\s+(?:ordre|bestillings?)\s*-?\s*(?:nr\.?|nummer)|ert\s+order\s*-?\s*(?:nr\.?|nummer)|"
    r"tilaajan\s+tilaus(?:numero|nro\.?|\s+nro\.?)|m[üu][şs]teri\s+sipari[şs]\s+numaras[ıi]|"
    r"hejmara\s+daxwaziya\s+we|"  # (Kurmanji's number of your order)
    # the buyer's order number in Slovak and Czech ('Číslo objednávky odberateľa'): the buyer
    # is the office, on its own order and on the supplier's document alike
    r"[čc][íi]slo\s+objedn[áa]vky\s+odb[ěe]rate(?:[ľl]a|le)"
)
# German's customer's order number ('Kunden-Bestell-Nr.', 'Bestell-Nr. Kunde', 'Bestellnummer
# des Kunden'): ours on a page another company issued (on our own, our client's order).
CUSTOMERS_ORDER_NUMBER = (
    r"(?:kunden|kd\.?) ?-? ?bestell(?:ung)?s? ?-? ?(?:nummer|nr\.?)|"
    r"bestell(?:ung)?s? ?-? ?(?:nummer|nr\.?) (?:des )?kunden?(?![^\W\d_])"
)
# 'Customer PO' bare, as a supplier's sales order prints the number we gave it: ours on the
# supplier's own document only (on our own order it is our client's order).
# (and 'Against P.O. No.' on a supplier's delivery order: on our own order, a blanket order's)
YOUR_PO_BARE = (
    r"(?:your|customer|cust\.?|client)\s+(?:p\.?\s?o\.?|p/o)|"
    rf"against\s+(?:p\.?\s?o\.?|purchase\s+order)(?:{NO})?"
)
# The number word first ('No. PO', as Indonesian and Malay print it).
NO_PO = r"(?:no\.?|nr\.?|n\.?\s?[°º]\.?|nomor)\s*p\.?\s?o\.?(?![^\W\d_])"
# A purchase order's number named so ('PO Number', 'Purchase Order No.'): ours on our own
# order and on the supplier's document about it.
PO_NAMED_NUMBER = rf"(?:p\.?\s?o\.?|purchase\s+order){NO}|{NO_PO}"
# Its date's label, bare ('Your date', 'U datum'): our order's on the supplier's own document
# only; on our own order it is the date of the supplier's quotation or letter ('Your ref.').
YOUR_DATE = (
    r"(?:your|customer|client)\s+(?:(?:p\.?\s?o\.?|order)\s+)?date|uw?\s+datum|"
    r"uw\s+orderdatum|ihr\s+bestelldatum|"  # (Dutch's and German's 'your order date')
    r"u\s+bestel(?:ling)?s?datum|"  # (Afrikaans's)
    r"data\s+(?:do\s+)?ped(?:ido|\.)\s+(?:do\s+)?cliente|"  # (Portuguese's client's order's)
    r"[vs]/\s*(?:data|fecha)|"  # (Portuguese's and Spanish's 'your' shortened: 'V/ Data')
    r"dyddiad\s+eich\s+archeb"  # (Welsh's)
)
# 'Customer ref. date' beside 'Customer ref.': our order's date where its number was read
# under a label naming our order (on our own order, our client's).
YOUR_REF_DATE = r"(?:your|customer|client)\s+ref(?:erence)?\.?\s+date"
# Our order named bare, before a colon or alone in its cell, on the supplier's own document
# ('Ihre Bestellung: MCL-26-0773 vom 09.10.2026', 'Hoc'h urzhiad' over its number); not a
# customer's or client's order (on our own order our client's).
YOUR_ORDER_BARE = rf"(?!(?:customer|cust\.?|client)\b)(?:{YOUR_ORDER})(?=\s*:|$)"
# The customer's order named bare ('Customer order  MSY-PO-26-0910'): ours on the supplier's own
# document only (on our own order, our client's).
# (Polish's 'Zamówienie klienta nr' too)
CUSTOMER_ORDER_BARE = (
    r"(?:(?:customer|cust\.?|client)\s+order|zam[óo]wienie\s+klienta(?:\s*nr\.?)?|"
    # (Romanian's 'Comanda client', Spanish's 'O.C. cliente', the client's purchase order;
    # the buyer's order, as business systems name a sales order too: Lithuanian's 'Pirkėjo
    # užsakymo Nr.', Hungarian's 'Vevői rendelés száma', Uzbek's 'Xaridor buyurtmasi')
    r"comand[ăa]\s+client|o\.?\s?c\.?\s+(?:del\s+)?cliente|"
    r"pirk[ėe]jo\s+u[žz]sakym(?:as|o)(?:\s*nr\.?)?|vev[őõo]i\s+rendel[ée]s(?:\s+sz[áa]ma)?|"
    r"xaridor\s+buyurtmasi)"
    r"(?=\s*:|$|\s+[^\s:]*\d)"
)
# Its reference, bare ('Your Reference', 'Uw referentie', 'Votre référence'): on the supplier's
# own document, our order's number where no label names our order, found but not proven (it
# may be a person's).
# (and Swedish's, Norwegian's, Danish's and Frisian's: 'Er referens', 'Jo referinsje')
YOUR_REFERENCE = (
    r"(?:(?:your|uw|ihre?|votre|er|deres|jeres|jo)\s+"
    # (Dutch's 'kenmerk', German's 'Zeichen', sign, as a letter's block of references names it)
    r"(?:r[ée]f(?:erence|erentie|erenz|[ée]rence|erens|eranse|erinsje)?\.?|kenmerk|zeichen)|"
    # Portuguese's and Spanish's, 'your' shortened or not ('V/ Ref.ª', 'S/ Referencia', 'Vossa
    # referência', 'Su referencia')
    r"[vs]/\s*ref(?:\.?\s?[ªa]|\.|er[êe]ncia|erencia)?|(?:vossa|sua|su)\s+refer[êe]ncia)"
)
# Slovak's 'Zo dňa' ('of the day'): the date of the number printed before it, our order's
# beside or under 'Vaša objednávka č.' only ('č. 2633999  zo dňa 23. 4. 2026' is the
# confirmation's own).
OF_THE_DAY = r"zo\s+d[ňn]a"
# The same 'of' alone as the label of a date beside our order's number, in other languages
# ('Vs. ordine n.  MCS-0582/26' beside 'del  09/09/2026', 'Ihre Bestellung' beside 'vom').
OF_THE_DAY_BESIDE = rf"{OF_THE_DAY}|z\s+dnia|del|vom|du|od|dated|van"  # (Polish's, Dutch's 'van')

PO_LABELS: dict[str, list[str]] = {
    "po_number": [
        # 'PO: 4521', as an order typed into a mail names it
        # 'Your order no.' on a supplier's confirmation of our order
        rf"{YOUR_ORDER_NUMBER}|{_PO}{NO}|{NO_PO}|p\.?\s?o\.?(?=\s*[:#])|"
        rf"purchasing\s+doc(?:ument)?\.?(?:{NO})?|order\s+id|" + "|".join(words.PO_NUMBER),
        r"our\s+(?:order\s+)?ref(?:erence)?(?:\s+no\.?)?|order\s+ref(?:erence)?\.?|"
        + "|".join(words.OUR_REFERENCE),
        # 'P.O.' whose '#' the OCR lost; 'Customer ref.' on a supplier's sales order, the
        # reference we gave it: our order's, or our account's there, so found but not proven
        r"purchase\s+order|order|p\.\s?o\.?|(?:customer|client)\s+ref(?:erence)?\.?(?:\s*no\.?)?|"
        + "|".join(words.ORDER_WORDS),
        # 'Folio' (a document's own number in Spanish): after an order's own label, where the
        # page has one ('Folio: 00231  No. de Orden: OC-003081')
        r"folio",
    ],
    "po_date": _DATE_LABELS,
    "supplier_name": [
        r"(?:supplier|vendor)(?:\s+(?:name|details))?|supplied\s+by|bill(?:ed)?\s+from|seller|"
        r"awarded\s+to|"  # (an award of a tender or a request for quotations)
        + "|".join(words.SUPPLIER),
        # (Vietnamese's 'Kính gửi', 'respectfully to')
        # (Malay's and Indonesian's 'Kepada', to)
        r"to|messrs\.?|kính\s+gửi|kepada",
    ],
    "project_code": _PROJECT_LABELS,
    "currency": [r"currency|" + "|".join(words.CURRENCY)],
}
DN_LABELS: dict[str, list[str]] = {
    "dn_number": [
        r"(?:delivery\s+note|del\.?\s*note|d\.?\s?n\.?|delivery|dispatch\s+note|waybill)" + NO
    ],
    "dn_date": [
        r"(?:delivery|dispatch|delivered)\s+date|date\s+(?:delivered|dispatched)",
        *_DATE_LABELS[1:],  # ('PO date' on a delivery note is our order's, not the note's)
    ],
    "po_number": [
        rf"(?:customer|your|client)\s+(?:{_PO}|p\.?o\.?)(?:{NO})?",
        rf"{_PO}{NO}",
        r"your\s+ref(?:erence)?",
        r"purchase\s+order|order",
    ],
    "supplier_name": [r"(?:supplier|vendor)(?:\s+name)?|supplied\s+by|from"],
    "project_code": _PROJECT_LABELS,
}
# The wordings (by rank in the lists above) that name the field itself: a value under a
# bare 'Order' or a title is found but not proven.
NAMING_RANKS = {"po_number": 1, "dn_number": 0, "dn:po_number": 2}
# Every label of either kind: a cell that is one of these is never a value. Wherever 'No'
# is a label's number word, the sign 'Nº' is too (the text keeps it as printed).
_ALL_LABELS = re.compile(
    "|".join(
        f"(?:{p})"
        for group in (PO_LABELS, DN_LABELS)
        for patterns in group.values()
        for p in patterns
    )
    + rf"|{YOUR_DATE}|{YOUR_REF_DATE}|{OF_THE_DAY}|{YOUR_PO_BARE}|{YOUR_REFERENCE}"
    + r"|(?:your\s+ref(?:erence)?|delivery\s+date|due\s+date|account\s+(?:n[o°º]\.?|number)|"
    r"vat\s+(?:n[o°º]\.?|number|reg(?:istration)?\.?)|tel(?:ephone)?|fax|e-?mail|contact|phone|"
    r"reg(?:istration)?\.?\s+n[o°º]\.?|"
    # a party's tax or company number: 'KRA PIN', 'Tax ID', 'Company No.'
    r"(?:kra|supplier|tax)\s+pin|tax\s+id|company\s+(?:reg(?:istration)?\.?\s+)?n[o°º]\.?|page|terms|buyer|requested\s+by|driver|vehicle\s+reg\.?|"
    r"deliver\s+to|invoice\s+to|ship\s+to|bill\s+to|box|private\s+bag|"
    # the parties of a shipment, beside the supplier on an import's order
    r"consignee|consignor|notify\s+party|clearing\s+agent|freight\s+forwarder)",
    re.IGNORECASE,
)
# after a label: its colon, and a word or two in brackets saying which ('Supplier (Bill from)')
_TRAIL = r"\s*(?:\([^()\d]{1,20}\))?\s*[:#.\-]*,?\s*"  # (a letter's 'To,')
# A cell that is a label and nothing else, as an OCR may read its letters with a mark.
_LABEL_ONLY = accents.compiled(rf"(?:{_ALL_LABELS.pattern}){_TRAIL}")
# Dots or rules a typed form prints from a label to its value ('SUPPLIER ........: Acme').
# (or spaced, as a terminal's screen prints them: 'Job number . . . . . . : MDH-015')
_LEADER = r"(?:\s*[._·]{3,}|(?:\s[._·]){3,})?"
# (letters of any script: 'ĐĐH' in '0842/2026/ĐĐH-MRD')
_CODE = re.compile(r"[^\W_][\w/\-.]*[^\W_]")


def normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def is_label(text: str) -> bool:
    text = without_block_number(normal(text))  # a form's numbered block: '2. date of order'
    return bool(_LABEL_ONLY.fullmatch(text))


# A form's block number before its label: '1.', '12)', '(b)'.
BLOCK_NUMBER = re.compile(r"\d{1,2}[.)]|\([a-z\d]\)", re.IGNORECASE)
_NUMBERED = re.compile(rf"^(?:{BLOCK_NUMBER.pattern})\s+", re.IGNORECASE)


def names_field(text: str, name: str) -> bool:
    """The text is a label that names the field itself ('Your order date' for the PO date; 'U
    datum / Your date'), by the field's most specific wordings."""
    patterns = PO_LABELS.get(name)
    if not patterns:
        return False
    naming = patterns[0]
    if name == "po_date":
        naming = "|".join([*patterns[:BARE_DATE_RANK], YOUR_DATE, OF_THE_DAY])
    text = normal(text).strip(" :")
    halves = [text, *re.split(r"\s+/\s+", text)]  # a label in two languages: either half
    return any(re.fullmatch(rf"(?:{naming}){_TRAIL}", half, re.I) for half in halves)


def without_block_number(text: str) -> str:
    """The text after a form's block number ('18. TOTAL OF ITEMS' -> 'TOTAL OF ITEMS')."""
    return _NUMBERED.sub("", text, count=1)


def numbered_block(text: str) -> bool:
    """A form's numbered block's label ('5. PRIORITY', '(c) Remarks'): a block number, then
    words with no digit: another block's label, never a value."""
    rest = without_block_number(text.strip())
    return rest != text.strip() and not re.search(r"\d", rest) and bool(re.search(r"[^\W\d]", rest))


# --- what each field's value must look like --------------------------------------


def reference(text: str) -> str | None:
    """A document number: one token with a digit in it ('PO-2026-0412', 'MC/0815'),
    or in capitals ('WAITS'); never a label word ('STATUS'), a date or a company's name, nor
    the year of a date in words ('Mata-Utu, le 3 juin 2026')."""
    text = numbers.DATE_IN_TEXT.sub(lambda m: " " if _worded_date_alone(m) else m.group(), text)
    tokens = text.replace(":", " ").split()
    for n, token in enumerate(tokens):
        match = _CODE.fullmatch(token.strip(".,;"))
        if not match or not 2 <= len(token) <= 40 or is_label(token):
            continue
        if validate.is_label_words(token) or _a_date(match.group()):
            continue
        if re.search(r"\d", token):
            return match.group()
        if re.fullmatch(r"[A-Z][A-Z\-/_.]{2,}", token) and token not in _PRINT_WORDS:
            # a word in capitals, unless it starts a company's name ('MERIDIAN
            # CONSTRUCCIONES, S.R.L.' after a title); with the digits after it, its series'
            # letters and its number ('MCS 0436', 'BYO 004981')
            if validate.ends_in_legal_form(text):
                return None
            after = tokens[n + 1].strip(".,;") if n + 1 < len(tokens) else ""
            if len(token) <= 4 and re.fullmatch(r"\d{3,}", after) and len(tokens) == n + 2:
                return f"{match.group()} {after}"
            return match.group()
    return None


def _a_date(token: str) -> bool:
    """The token is shaped as a date, unless neither of its first two numbers can be a month
    ('26/27-045', a financial year's number, is none; a slip's '31.11.2026' is still a date)."""
    if not numbers.DATE_IN_TEXT.fullmatch(token):
        return False
    first = [int(part) for part in re.findall(r"\d+", token)[:2]]
    return not (len(first) == 2 and min(first) > 12 and max(first) < 100)


def _worded_date_alone(match: re.Match) -> bool:
    """The date matched is written with its month's word and stands as words of its own
    ('le 3 juin 2026'), not inside a reference ('LPO-15-SEP-2026-01')."""
    text, start, end = match.string, match.start(), match.end()
    alone = (start == 0 or text[start - 1].isspace()) and (end == len(text) or text[end] in " ,.;)")
    return alone and bool(re.search(r"[^\W\d_]", match.group()))


# Words in capitals a print puts after 'Order' that are no number: the file's kind, the copy's
# ('Order PDF generated ...', 'Order COPY').
_PRINT_WORDS = frozenset(
    ("PDF", "XML", "CXML", "CSV", "HTML", "EDI", "COPY", "DRAFT", "ORIGINAL", "DUPLICATE")
)


# A project's label word before its code ('Project CP09', 'Site DBN07'); not 'Page 1'.
_PROJECT_WORD = re.compile(r"project|site|job|contract|" + "|".join(words.PROJECT_WORDS), re.I)


def project_word(word: str) -> bool:
    """A project's label word ('Project', 'Site', 'Obra')."""
    return bool(_PROJECT_WORD.fullmatch(word))


def _after_project_word(text: str) -> str | None:
    """What follows a project's label word, when it has a digit ('Project CP09' -> 'CP09')."""
    first, _, rest = text.partition(" ")
    return rest.strip() if project_word(first) and re.search(r"\d", rest) else None


# A site's code, then its name or place after a dash or a comma ('CP09 - Riverside Drive';
# after a dash, a name that starts with a number too: 'CEU-04 - 24 viviendas'), or
# after a space when the name starts with a capital and a small letter ('LEO-01 Clínica Los
# Gavilanes'; not 'DBN07 stores'): two letters or more and a digit ('R21, Kempton Park' is a
# road, 'B12 - Block B' a block); a dash of any length, the name perhaps in quotes ('TAS-03 —
# «Yunusobod biznes markazi»').
_CODE_NAMED = re.compile(
    r"((?=[\w\-/.]*[A-Za-z]{2})(?=[\w\-/.]*\d)[A-Za-z0-9][A-Za-z0-9\-/_.]*)"
    r"(?:\s+[-–—·•|]\s+[«\"“]?\w|,\s+[«\"“]?[^\W\d]|\s+(?=[A-ZÀ-Þ][a-zß-ÿ]))"
)
# A code of capitals and digits in dashed parts before a name in another script ('BT-SPT1
# спортска сала, Битола'; not 'Phase2 строительство').
_CODE_BEFORE_SCRIPT = re.compile(
    r"((?=[A-Z0-9-]*[A-Z])(?=[A-Z0-9-]*\d)[A-Z0-9]+(?:-[A-Z0-9]+)+)\s+(?=[^\x00-\u024f\W\d_])"
)


# A ledger's numbers before a site's code in a cost centre ('4.01.BR-SP014'): an account and
# its sub-account, two numbers at least ('26.CPT-118' is a job's number with its year).
_LEDGER_PREFIX = re.compile(r"^(?:\d+\.){2,}(?=[A-Za-z]{2})")


def code(text: str) -> str | None:
    """A project or site code: short, at most three parts ('CP09', 'cp 09', 'sea pt')."""
    text = text.strip().strip(".,;:").strip()  # (a colon apart before it: ': KW-SAH02')
    text = _after_project_word(text) or text  # the code after 'Project' in 'Project CP09'
    text = _LEDGER_PREFIX.sub("", text)  # a cost centre's ledger numbers before it
    named = _CODE_NAMED.match(text) or _CODE_BEFORE_SCRIPT.match(text)
    # 'CP09 - Riverside Drive, Mbombela' -> 'CP09'; a sentence's full stop after the code is
    # not the code's ('Project SL-BO01. Quote our PO No. ...')
    text = named.group(1).rstrip(".") if named else text
    short = len(text) <= 20 and len(text.split()) <= 3 and not is_label(text)
    short = short and not validate.is_label_words(text)
    # (nor a label in two languages, 'Lacagta / Currency', either half a label)
    halves = re.split(r"\s+/\s+", text)
    short = short and not (len(halves) > 1 and any(is_label(half) for half in halves))
    if short and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 \-/_.]*", text):
        return text
    return None


# What a dot leader's end is read as before a value ('SUPPLIER ......: + Boland'): no name
# starts with these.
_LEADER_MARKS = "+*.·•»>=~_-–"


# 'M/s' or 'Messrs' before a company's name, as addressed in India, Kenya, Pakistan..., and
# Arabic's 'السادة/' ('Messrs'); after it, Arabic's 'المحترمين' ('the respected').
MESSRS = re.compile(r"^(?:(?:m/s|messrs)(?:\.\s*|\s+)|السادة(?:\s*/\s*|\s+))(?=\S)", re.IGNORECASE)
_RESPECTED = re.compile(r"\s+المحترم(?:ين|ون)?$")


# Our account with the supplier, or its code in our books, after its name: in brackets, named
# so ('Msasa Hardware (Pvt) Ltd (A/C V2110)', '… Ltd (Vendor 40021)', '… BK (Rek. KAR014)',
# '[ACC: HIG001]', '(Kto. 4711)', '(Cuenta 4300123)') or unnamed in the shape of a ledger's
# numbers, as before a name, with no dash (`_VENDOR_CODE`: '… Ltd (V251461)', '[V75659]'; not
# a model's or a postcode's '(HD-05000)'); or named after a dash or a stroke ('… Ltd - Acc No
# 3193', '/ Acc 123'), or by its short word after a space ('Acc. HIG001'), or a ledger's code
# after '#' ('#V10023'; a store's number, 'Build It #1024', is its name's). Not the
# name's: a year in brackets, '(1998)', a legal form, '(Pty)', and a branch's code, '(MS12)',
# stay. (Account in English, Afrikaans, Dutch, German and the Nordic languages, Spanish,
# Portuguese, French and Italian; the supplier, the vendor, the creditor.)
_ACCOUNT_WORD = (
    r"(?:a/c|acc(?:oun)?t\.?|acc\.?|rek(?:ening)?\.?|kto\.?|konto|cuenta|cta\.?|conta|"
    r"compte|cpte\.?|conto|vendor|supplier|creditor|kreditor|crediteur|lieferant|"
    r"fournisseur|proveedor|fornecedor|fornitore)(?:\s*(?:no\.?|nr\.?|n[°º]|#|code|num))?[:.\s]*"
)
_ACCOUNT_AFTER = re.compile(
    rf"\s*[(\[]{_ACCOUNT_WORD}[\w/-]*\d[\w/-]*[)\]]$"
    r"|\s*[(\[](?-i:[A-Z]{1,3})(?:0\d{3,}|\d{5,})[)\]]$"
    rf"|\s+[-–/|]\s*{_ACCOUNT_WORD}[\w/-]*\d[\w/-]*$"
    r"|\s+(?:a/c|acc\.|acct\.|rek\.|kto\.|cta\.|cpte\.)\s*(?:no\.?|nr\.?|#)?[:\s]*[\w/-]*\d[\w/-]*$"
    r"|\s*#\s?(?-i:[A-Z]{1,3})\d{3,}$",
    re.IGNORECASE,
)


# Our number for the supplier before its name, zero-padded as a ledger's numbers are
# ('Vendor  S00231 Waterloo Quarry & Block Industries', 'F00552 Quincaillerie ...', 'V23153
# Strathkelvin Interiors'): no company's name starts so ('K2000 Trading' has no zero first
# and four digits; digits alone, '08020 Barcelona', are a postcode before its town).
_VENDOR_CODE = re.compile(r"^[A-Z]{1,3}-?(?:0\d{3,}|\d{5,})\s+(?=[^\W\d_]{2})")


# A company's legal form in Japanese, Chinese or Korean, written run on to its name with no
# space ('株式会社東北型枠資材', '广州市瑞丰机电设备有限公司', '(주)한성건재'): one word, a name.
_EAST_ASIAN_FORM = re.compile(
    r"株式会社|有限会社|合同会社|有限公司|公司|\(주\)|㈜|주식회사|유한회사"
)


def name(text: str) -> str | None:
    if text.strip().endswith(":"):  # another label ('Subject:'), not a name
        return None
    text = MESSRS.sub("", text.strip(" :,").lstrip(_LEADER_MARKS + " "))
    text = _RESPECTED.sub("", text)
    text = _ACCOUNT_AFTER.sub("", text)
    if len(text) < 3 or not re.search(r"[^\W\d_]{2}", text) or is_label(text):
        return None
    if (
        not re.search(r"[A-Za-z]", text)
        and len(text.split()) < 2
        and not _EAST_ASIAN_FORM.search(text)
    ):
        return None  # one word in another script beside a label: the label translated
    text = _VENDOR_CODE.sub("", text)  # 'S00231 Waterloo Quarry ...' -> the name
    if re.match(r"^\d", text):  # a street address, not a company
        return _after_vendor_number(text)
    if len(text.split()) > 10:  # a sentence, not a company's name
        return None
    if cut_name(text):  # a name cut at its line's end ('Caribbean Hardware &')
        return None
    return text


def _continued(lines: list[Line], cell: Cell, step: float) -> Cell | None:
    """The cell on the line right under `cell` that starts where it does: its text's rest."""
    for index, line in enumerate(lines):
        if cell in line.cells:
            if index + 1 < len(lines):
                under = lines[index + 1]
                if under.page == line.page and under.y - line.y <= 1.6 * step:
                    return starting(under, cell)
            return None
    return None


def cut_name(text: str) -> bool:
    """A name that ends in '&' or 'and': cut at its line's end, the rest on the line under."""
    return bool(re.search(r"(?:&|\band)$", text.strip(), re.IGNORECASE))


# A dash between a vendor's number, its branch and its name ('001345 / Loja 01 - Concreteira
# Vale do Paraíba Ltda.').
_PART_DASH = re.compile(r"\s[-–]\s+")


def _after_vendor_number(text: str) -> str | None:
    """The company's name after a vendor's number (and its branch): after the dashes whose
    parts before them each have a digit, so a dash in the name stays in it ('000871 - Vale
    Concretos - Indústria e Comércio Ltda.'); where the name ends in its legal form."""
    start = 0
    for dash in _PART_DASH.finditer(text):
        if not re.search(r"\d", text[start : dash.start()]):
            break
        start = dash.end()
    value = text[start:].strip()
    if start and re.match(r"[^\W\d]", value) and validate.ends_in_legal_form(value):
        return value
    return None


# A post a letter is addressed to, over the company's name ('The Managing Director').
_ROLE = re.compile(
    r"(?:the\s+)?(?:(?:managing|sales|general|purchasing|finance)\s+)?"
    r"(?:director|manager|proprietor|partner|owner|chief\s+executive(?:\s+officer)?)\s*,?",
    re.IGNORECASE,
)


# The name's own label before it, under the supplier's label that holds its number
# ('Supplier . . . : 102020' over 'Name . . . : SWAN VALLEY BUILDING SUPPLIES PTY LTD').
_NAME_LABELLED = re.compile(r"name\s*(?:[._·]\s?)*:\s*(?P<name>\S.*)", re.IGNORECASE)


_SUPPLIER_NUMBER = re.compile(
    rf"(?:{PO_LABELS['supplier_name'][0]}){_LEADER}\s*:\s*[A-Z]{{0,3}}-?\d[\d-]*", re.IGNORECASE
)


def name_under_number(lines: list[Line], check: Callable[[str], str | None], step: float) -> Found:
    """The supplier's label with its number only ('Supplier . . . : 102020'), its name under
    it under the name's own label ('Name . . . : SWAN VALLEY BUILDING SUPPLIES PTY LTD'), as
    a business system's screen shows a supplier; else MISSING."""
    for index, line in enumerate(lines[:-1]):
        for cell in line.cells:
            if not _SUPPLIER_NUMBER.fullmatch(cell.text.strip()):
                continue
            under = lines[index + 1]
            if under.page != line.page or under.y - line.y > 1.6 * step:
                continue
            for below in under.cells:
                if abs(below.x0 - cell.x0) <= 3 and _NAME_LABELLED.fullmatch(below.text.strip()):
                    value = check(below.text)
                    if value:
                        conf = 0.9 * (0.6 + 0.4 * below.conf)
                        source = f"{cell.text.strip()} {below.text.strip()}"
                        return Found(value, round(conf, 3), source, 0, below.ocr)
    return MISSING


def _before_address(text: str) -> str:
    """A name ending in its legal form and its address after a comma, in one run ('Codru-
    Construct S.R.L., MD-2023, mun. Chișinău, str. Uzinelor 21/3'): the name alone; any
    other text as it is."""
    parts = text.split(",")
    for n in range(1, len(parts)):
        name_part, rest = ",".join(parts[:n]).strip(), ",".join(parts[n:])
        if validate.ends_in_legal_form(name_part) and re.search(r"\d", rest):
            return name_part
    return text


def supplier_checker(buyer_names: tuple[str, ...]) -> Callable[[str], str | None]:
    """A supplier's name: a name that is not a label, our own company, an address, a phone
    or a registration line."""

    def check(text: str) -> str | None:
        named = _NAME_LABELLED.fullmatch(text.strip())
        value = name(_before_address(named["name"] if named else text))
        if value and _after_project_word(value):
            return None  # 'Site GQ-301': a place, not a company
        if value and _ROLE.fullmatch(value):
            return None  # a letter's 'To,' over 'The Managing Director': a person's post
        return value if value and validate.not_a_supplier(value, buyer_names) is None else None

    return check


def currency(text: str) -> str | None:
    """The currency in a currency label's own cell: by its code or sign, or a code that is also
    a word standing alone there ('Currency: PEN')."""
    alone = text.strip(" :()")
    return alone if alone in numbers.WORDLIKE_CURRENCY_CODES else detect_currency(text)


# The mark after a date of the common era in Arabic ('2026/02/08م', milādī); not a date of the
# Hijri calendar's, marked 'هـ', which is left unread.
_GREGORIAN = re.compile(r"(?<=\d)\s?م(?!\w)")


def date_checker(
    day_first: bool, today: date | None = None, ordered: bool = False
) -> Callable[[str], str | None]:
    """A date that parses; with `today`, only one within the plausible window around it (a
    year of the Buddhist era read in the common era's, '31/05/2569' as 2026); with
    `ordered`, not one after words naming another date ('Dato for levering 20.05.2026',
    'Tarikh penghantaran', 'Date required'): an order's date."""

    def check(text: str) -> str | None:
        text = _GREGORIAN.sub("", text)
        match = numbers.DATE_IN_TEXT.search(text)
        if not match:
            return None
        if ordered and _ANOTHER_DATE.search(text[: match.start()]):
            return None
        try:
            value = numbers.parse_date(match.group(), day_first)
        except ValueError:
            # a day the Buddhist era's year has only in the common era's ('29/02/2567')
            value = _leap_day_of_the_buddhist_era(match.group(), day_first)
            if value is None:
                return None
        if today is not None and not validate.in_window(value, today):
            value = _common_era(value)  # Thailand's Buddhist era ('31/05/2569')
        return value if today is None or validate.in_window(value, today) else None

    return check


# The Buddhist era's years run 543 ahead of the common era's (2569 is 2026).
BUDDHIST_ERA = 543


def _common_era(iso_date: str) -> str:
    """A date of the Buddhist era's years in the common era's; any other date as it is."""
    year = int(iso_date[:4])
    if not 2400 < year < 2800:
        return iso_date
    try:
        return date(year - BUDDHIST_ERA, int(iso_date[5:7]), int(iso_date[8:10])).isoformat()
    except ValueError:
        return iso_date


def _leap_day_of_the_buddhist_era(text: str, day_first: bool) -> str | None:
    """A date that is none as printed, read with its Buddhist-era year in the common era's:
    29 February of 2567 is 2024's."""
    year = re.search(r"(?<!\d)2[4-7]\d\d(?!\d)", text)
    if not year:
        return None
    common = str(int(year.group()) - BUDDHIST_ERA)
    try:
        return numbers.parse_date(text[: year.start()] + common + text[year.end() :], day_first)
    except ValueError:
        return None


# Words naming a date that is not the order's: a delivery's, a due or required date, an expiry
# (English, Danish and Norwegian, Malay, Spanish and Portuguese, German, French, Italian).
_ANOTHER_DATE = re.compile(
    r"(?<![^\W\d_])(?:deliver\w*|required|due|expir\w*|valid\w*|until|levering|levert|leveres|"
    r"leverance|penghantaran|dikehendaki|entrega|lieferung|liefertermin|livraison|consegna)"
    r"(?![^\W\d_])",
    re.IGNORECASE,
)


# Currencies with a sign or a mark of their own; the others by their ISO code alone.
# not in a code ('KES-10', 'NP-PKR02', 'RF-25-RUB'); after a stroke, before no digit
# ('Amount/AED')
_CODE_ALONE = r"(?:(?<!\w[-/]){0}|(?<!\w-){0}(?!\d))(?![A-Za-z]|[-/]\w)"
# After an amount, not any number: cents, or thousands grouped ('164.382,79 TL', '17 254 Ft';
# '20 Ft' is a container's length in feet).
_AFTER_MONEY = r"(?:(?<=\d[.,$]\d\d)|(?<=\d[ .,'\u00a0]\d{3}))"
# An amount with its cents, after a code ('6.850.776$00' too: the escudo's '$' is its
# decimal mark); a code right after one.
AMOUNT = r"(?:\d{1,3}(?:[ ,.'\u00a0]?\d{3})*[.,]\d\d(?!\d)|" + numbers.ESCUDO + ")"
_AFTER_CENTS = r"(?:(?<=\d[.,$]\d\d)|(?<=\d[.,$]\d\d ))"


# A code that is also a word, right before or after money: an amount with cents or its
# thousands grouped ('MNT 1 250 000', '20 010.00 GEL'); never before any number ('GEL 300 ml').
# After 'R': an amount with its cents or its thousands grouped, or whole ('R 115'), never a
# number with one decimal ('R2.5').
_RANDS = r"\d{1,3}(?:(?:[ ,.'\u00a0]?\d{3})*[.,]\d\d|(?:[ ,'\u00a0]\d{3})+|\d*\b(?![.,]\d))"


def _beside_money(code: str) -> str:
    money = r"\d{1,3}(?:[.,]\d\d(?!\d)|(?:[ ,.'\u00a0]\d{3})+(?!\d))"
    return rf"(?<![\w/-]){code}(?= ?{money})|{_AFTER_MONEY}\s?{code}(?![\w-])"


# The ringgit's 'RM' over a money column ('Unit Price (RM)', 'Jumlah (RM)'); over a quantity
# ('Qty (RM)') it is running metres.
_RM_HEAD = r"(?i:price|amount|total|subtotal|tax|rate|value|cost|sum|harga|jumlah|nilai|cukai)"
_RM_HEAD += r"\s*\(RM\)"
_TK_HEAD = r"(?i:price|amount|total|rate|value|cost)\s*\(Tk\.?\)"


# The dollars a country writes with its letters before the sign ('TT$ 1,250.00'), and the
# Pacific's tala and pa'anga written so: the codes each names. ('B$' is the Bahamas' and
# Brunei's both: left for a person.)
_LETTERED = {
    "TTD": "TT", "DOP": "RD", "BBD": "BDS|Bds", "XCD": "EC", "BZD": "BZ", "BMD": "BD",
    "KYD": "CI", "GYD": "G", "SBD": "SI", "WST": "WS", "TOP": "T", "LRD": "L", "TWD": "NT",
}  # fmt: skip


def _lettered(code: str, letters: str) -> str:
    """A currency by its code, as any code of its kind is read (one that is also a word only
    beside an amount), or by its letters before '$' (none with `letters` empty)."""
    if code in numbers.WORDLIKE_CURRENCY_CODES:
        alone = rf"(?<![\w/-]){code}(?= ?{AMOUNT})|{_AFTER_CENTS}{code}(?![\w-])"
    else:
        alone = rf"(?<![\w/-]){code}(?![\w]|[-/]\w)"
    return alone + (rf"|(?:{letters})\$" if letters else "")


# Codes that are also a unit's letters ('Total (KGS)' is a weight's column): never a currency
# by their place in a head's brackets.
_UNITS_TOO = {"KGS"}
# A money word and a bracket, a code's place in a column's or a total's head.
_HEAD_OF = "(?:{})".format(
    "|".join(
        rf"(?<=(?i:{word}){gap}\()"
        for word in ("price", "amount", "total", "subtotal", "value", "valor", "importe")
        + ("montant", "prix", "preço", "precio")
        for gap in ("", " ")
    )
)
# A money word and a space, a code's place ending a column's or a total's label ('Precio
# CUP', 'Total a pagar CUP'), the cell ending with it.
_AFTER_WORD = "(?:{})".format(
    "|".join(
        rf"(?<=(?i:{word}) )"
        for word in ("price", "amount", "total", "value", "valor", "importe", "precio", "pagar")
        + ("montant", "prix", "preço", "cost")
    )
)
_ENDS_CELL = r"(?= {2,}|[ \t]*(?:\n|$))"
# Marks of their own, right before an amount (with its cents or grouped in thousands, not a
# time or a date: 'SAT 08:00' is a Saturday) or after a money word ('TOTAL SAT 6,049.01',
# 'Amount VT'), or right after such an amount ('709,287 VT', '43 594,05 DA'): Samoa's tala,
# Vanuatu's vatu, Algeria's dinar. The engine flags a currency named by these alone.
_MONEY_HEAD = r"(?i:price|amount|total|subtotal|rate|value)\s+\(?"
_GROUPED = r"\d{1,3}(?:[ ,.'\u00a0]\d{3})+(?!\d)"
_MONEY_AFTER = rf"(?=\s?(?:{AMOUNT}|{_GROUPED})(?![.,/:]\d))"
_MARKS = {
    "WST": rf"|(?<![\w-])SAT{_MONEY_AFTER}|{_MONEY_HEAD}SAT\b",
    "VUV": rf"|(?<![\w-])VT{_MONEY_AFTER}|{_AFTER_MONEY}\s?VT\b|{_MONEY_HEAD}VT\b",
    "DZD": rf"|{_AFTER_CENTS}DA\b|(?i:dinars?\s+alg[ée]riens?)",
}
MARKED_ONLY = {"WST": "SAT", "VUV": "VT", "DZD": "DA", "RON": "lei"}  # (and the tala's 'WS$')
_SIGNED = [
    # (not the escudo's '$' between its escudos and its two centavos: '95.534$00')
    # (and 'U$S', as Uruguay and Argentina write the US dollar)
    ("USD", r"US\$|U\$S|USD|(?<![RN])\$(?!(?<=\d\$)\d\d(?!\d|[.,]\d))"),
    # the Cape Verdean escudo: its code, its 'ECV' beside an amount or ending a money word's
    # cell ('Total ECV'), and its '$' between escudos and centavos, as each amount prints it
    (
        "CVE",
        rf"(?<![\w/-])(?:CVE|ECV)(?= ?{AMOUNT})|{_AFTER_CENTS}(?:CVE|ECV)(?![\w-])"
        rf"|{_HEAD_OF}(?:CVE|ECV)\)|{_AFTER_WORD}(?:CVE|ECV){_ENDS_CELL}|(?<=\d)\$(?=\d\d(?!\d|[.,]\d))",
    ),
    # (not a legal form's letters: 'EURL'; its name in words ending a cell, the amount that
    # ends the line after it: a total's 'TOTALE ORDINE euro  6.333,23', not 'Euro 12.50 ea at
    # ROE 20.15' nor a company's 'Euro Tiles')
    ("EUR", rf"EUR(?:OS?)?(?![A-Za-z])|€|(?i:euros?)(?= {{2,}}{AMOUNT}[ \t]*(?:\n|$))"),
    ("GBP", r"GBP|£"),
    # not the letter in a registration's '4821R1Z3', nor an insulation's 'R2.5': an amount
    # nor a code of an 'R' and four digits or more run together ('Requisition No.  R3702')
    # nor a code's part after its dash or stroke ('MAL-R188')
    # nor a round bar's size ('Reinforcing bar R10 x 6m', 'R12 mm')
    # nor a document's number of an 'R' and digits joined to more ('SO No: R07-040163')
    (
        "ZAR",
        rf"ZAR|(?<![\d/-])R(?!\d{{4,}}(?![\d.,])|\d{{1,2}}\s?(?i:x\s?\d|mm\b)|\d+[-/]\d)"
        rf"(?=\s?{_RANDS})",
    ),
    ("BRL", r"BRL|R\$"),
    ("NAD", r"NAD|N\$"),
    # the dollars written with their country's letters: Singapore's, Australia's, New
    # Zealand's, Hong Kong's, Canada's ('US$' is the US dollar's, below)
    # (their codes alone, as any code: 'AUDIO', 'CADMIUM' and 'NZD-01' name none)
    ("SGD", _CODE_ALONE.format("SGD") + r"|SG?\$"),
    ("AUD", _CODE_ALONE.format("AUD") + r"|AU?\$"),
    ("NZD", _CODE_ALONE.format("NZD") + r"|NZ\$"),
    ("HKD", _CODE_ALONE.format("HKD") + r"|HK\$"),
    # Nicaragua's córdoba by its name in the plural (the singular is a city's) after an amount
    # or before its sign in brackets: before Canada's dollar, so that 'Córdobas (C$)' names
    # the córdoba ('C$' is the sign of both)
    (
        "NIO",
        _CODE_ALONE.format("NIO")
        + r"|(?i:c[óo]rdobas)(?=\s*\(C\$\))"
        + rf"|{_AFTER_MONEY}\s?(?i:c[óo]rdobas)(?![^\W\d_])",
    ),
    ("CAD", _CODE_ALONE.format("CAD") + r"|CA?\$"),
    ("JMD", r"(?<![\w/-])JMD(?![\w]|[-/]\w)|J\$"),  # Jamaica's dollar
    ("FJD", r"(?<![\w/-])FJD(?![\w]|[-/]\w)|FJ\$"),  # Fiji's
    # the other dollars (and the tala and the pa'anga) written with their country's letters,
    # each by its code too
    *(
        (code, _lettered(code, letters) + _MARKS.get(code, ""))
        for code, letters in _LETTERED.items()
    ),
    # the birr ('Br 20,000.00', 'Unit Price (Birr)'), the lek ('17.646 lekë'), the denar
    # after an amount ('988.407,25 ден.') and its code in Cyrillic letters
    # the Lebanese pound's 'L.L.' beside an amount ('360,702,005 L.L.')
    ("LBP", _lettered("LBP", "") + rf"|{_AFTER_MONEY}\s?L\.L\.?|L\.L\.?(?=\s?\d)|ل\.ل"),
    ("ETB", _lettered("ETB", "") + rf"|(?i:\bbirr\b)|(?<![\w-])Br\.?(?= ?{AMOUNT})"),
    # (the lek's name beside an amount only: 'lek' is a leak in Afrikaans and Dutch)
    ("ALL", _lettered("ALL", "") + rf"|{_AFTER_MONEY}\s?(?i:lek[ëe]?)\b|(?i:\blek[ëe]?)(?= ?\d)"),
    # (and in brackets after a total's words: 'Вкупно за плаќање (ден.)')
    (
        "MKD",
        _lettered("MKD", "")
        + r"|"
        + _AFTER_MONEY
        + r"\s?ден\.?(?!\w)|\(ден\.?\)|МКД|(?i:денари?\b)",
    ),
    # Bosnia and Herzegovina's convertible mark: 'KM' right after an amount with its cents on
    # a line of the foot ('Ukupno bez PDV-a:  1.691,25 KM'; not a distance, '42.50 KM'), or
    # in brackets after its word ('UKUPNO SA PDV-om (KM)'), or its name
    (
        "BAM",
        _lettered("BAM", "")
        + r"|(?i:ukupno|pdv|iznos|svega|za\s+uplatu)[^\n]*?\d[.,]\d\d ?KM\b"
        + r"|(?i:ukupno|iznos)[^\n]*\(KM\)|(?i:konvertibiln\w*\s+mar[ak]\w*)",
    ),
    # Kuwait's dinar: 'K.D.' before an amount (not a date, 'K.D. 14.05.2026' is someone's
    # initials), in brackets after a money word ('TOTAL (K.D.)'), or over its columns beside
    # 'Fils' ('K.D.  Fils', 'KD  Fils'), and its name
    (
        "KWD",
        _lettered("KWD", "")
        + rf"|(?<![\w.])K\.D\.?{_MONEY_AFTER}|{_MONEY_HEAD}K\.D\.?\)"
        + r"|(?<![\w.])K\.?D\.?(?=\s+Fils\b)|(?i:kuwaiti\s+dinars?)",
    ),
    # Panama's balboa: 'B/.' before an amount or closing a column's name ('Total B/. 4,343.64')
    ("PAB", _lettered("PAB", "") + rf"|(?<![\w/])B/\.?(?=\s*(?:{AMOUNT}|\)))"),
    # the Caribbean guilder of Curaçao and Sint Maarten: 'Cg' before an amount, or its name
    (
        "XCG",
        _lettered("XCG", "")
        + rf"|(?<![\w-])Cg\.?(?= ?{AMOUNT})|(?i:caribische\s+gulden|caribbean\s+guilder)",
    ),
    # Aruba's florin: 'Afl.' before an amount, not a date ('Afl. 15.10.2026' is Afrikaans's
    # delivery), or its name
    (
        "AWG",
        _lettered("AWG", "")
        + rf"|(?<![\w-])Afl\.?(?=\s*{AMOUNT}(?![.,/:]\d))|(?i:aruban?\w*\s+florin)",
    ),
    # Peru's sol: 'S/' (or the older 'S/.') before an amount or closing a column's name
    # ('Importe total S/  8,703.08', 'P. Unit. (S/)'), and its code
    (
        "PEN",
        rf"(?<![\w/-])PEN(?= ?{AMOUNT})|{_AFTER_CENTS}PEN(?![\w-])"
        rf"|(?<![\w/])S/\.?(?=\s*(?:{AMOUNT}|\)))",
    ),
    # Morocco's dirham: 'DH' after an amount with its cents ('26 550,86 DH'; flagged, as
    # other countries write a dirham so), and its code
    (
        "MAD",
        rf"(?<![\w/-])MAD(?= ?{AMOUNT})|{_AFTER_CENTS}MAD(?![\w-])|{_AFTER_CENTS}DH\b"
        r"|(?i:total|ttc|ht|montant|prix|price|amount)[^\n()]{0,12}\(DH\)",
    ),
    ("MZN", r"MZN|(?<=\d[.,]\d\d)\s?MT\b"),
    # (the złoty's, the koruna's, the forint's, the lira's and the leu's marks after an amount
    # or before one, not after a number: 'zł 1 250,00', 'Total de plată  lei 39.194,70', not a
    # size's '20 Ft 1.50 m'; the forint's after an amount not before a word, '1,000 Ft reel'
    # being feet; the lira's in a total's brackets, 'Genel Toplam (TL)', and its name)
    ("PLN", r"PLN|(?<=\d)\s?zł|(?<![\d.,] )zł(?= ?\d)"),
    ("CZK", r"CZK|(?<=\d)\s?Kč|(?<![\d.,] )Kč(?= ?\d)"),
    # (and 'Rs.' in a column head's brackets: 'Rate (Rs.)', 'Amount (Rs.)')
    ("INR", r"INR|Rs\.?(?=\s?\d)|(?<=\()Rs\.?(?=\))|₹"),
    # signs of their own: Kenya's shilling ('Kshs', 'KSh'), Tanzania's and Uganda's, the naira,
    # the cedi, the tenge, the dong, the lira ('TL' after an amount), the forint ('Ft'), the
    # rouble, the peso of the Philippines, the won
    ("KES", _CODE_ALONE.format("KES") + r"|K[Ss]hs?\.?(?![A-Za-z])"),
    ("TZS", _CODE_ALONE.format("TZS") + r"|TSh(?![A-Za-z])"),
    ("UGX", _CODE_ALONE.format("UGX") + r"|USh(?![A-Za-z])"),
    ("NGN", _CODE_ALONE.format("NGN") + r"|₦"),
    ("GHS", _CODE_ALONE.format("GHS") + r"|GH[₵¢]|₵"),
    ("CRC", r"₡"),  # the colón's sign (not a bare '¢': Ghana's cedi is printed so too)
    ("KZT", _CODE_ALONE.format("KZT") + r"|₸"),
    # (and its 'VNĐ', its 'đ' after or before an amount, its name ending an amount in words:
    # '... hai trăm chín mươi lăm đồng'; not a contract's 'hợp đồng')
    (
        "VND",
        _CODE_ALONE.format("VND")
        + r"|₫|VNĐ|(?<=\d)\s?đ(?![^\W\d_])|(?<![^\W\d_])đ(?= ?\d{1,3}(?:[.,]\d{3})+)"
        + r"|(?i:(?:mươi|trăm|nghìn|ngàn|triệu|tỷ|lăm|mốt)\s+đồng)",
    ),
    (
        "TRY",
        _CODE_ALONE.format("TRY")
        + rf"|₺|{_AFTER_MONEY}\s?TL\b|(?<![\w-])(?<![\d.,] )TL(?= ?{AMOUNT})|\(TL\)"
        + r"|(?i:t[üu]rk\s+liras[ıi])",
    ),
    (
        "HUF",
        _CODE_ALONE.format("HUF")
        + rf"|{_AFTER_MONEY}\s?Ft\b(?!\.? ?[^\W\d_])|(?<![\w-])(?<![\d.,] )Ft\.?(?= ?{AMOUNT})",
    ),
    # (Romania's leu; Moldova's is written 'lei' too: flagged, MARKED_ONLY)
    (
        "RON",
        _CODE_ALONE.format("RON")
        + rf"|{_AFTER_MONEY}\s?(?i:lei)\b|(?<![\w-])(?<![\d.,] )(?i:lei)(?= ?{AMOUNT})"
        + r"|\((?i:lei)\)",
    ),
    ("RUB", _CODE_ALONE.format("RUB") + r"|₽"),
    ("PHP", _CODE_ALONE.format("PHP") + r"|₱"),
    # (the won in Hangul after an amount too: '2,829,090 원')
    ("KRW", _CODE_ALONE.format("KRW") + r"|₩|(?<=\d)\s?원(?!\w)"),
    ("IDR", _CODE_ALONE.format("IDR") + r"|Rp\.?(?![A-Za-z])"),  # the rupiah: 'Rp 1.250.000'
    # (and the shekel's 'NIS' before an amount or ending a total's words: 'Total Incl. VAT NIS
    # 45,425.36', not 'NIS 2' of a directive)
    (
        "ILS",
        _CODE_ALONE.format("ILS") + rf"|₪|(?<![\w-])NIS(?=\s{{0,40}}{AMOUNT})|{_AFTER_CENTS}NIS\b",
    ),
    # the Egyptian pound's letters in Arabic, the lari's sign and name in Georgian, the dram's
    # sign and name in Armenian, the tögrög's sign
    ("EGP", _CODE_ALONE.format("EGP") + r"|ج\.م"),
    ("GEL", _beside_money("GEL") + r"|₾|ლარი"),
    ("AMD", _beside_money("AMD") + r"|\(AMD\)|֏|դրամ"),
    ("MNT", _beside_money("MNT") + r"|₮"),
    # the hryvnia's sign and short name, the dinar's short name after an amount (in Latin
    # letters with its point or ending its cell: Romanian's '2.120,28 din valoarea' is 'of'),
    # the ringgit's 'RM' before one or over a column ('Unit Price (RM)') and its name
    ("UAH", _CODE_ALONE.format("UAH") + r"|₴|(?<!\w)грн\.?(?!\w)|(?i:гривн)"),
    (
        "RSD",
        _CODE_ALONE.format("RSD") + r"|" + _AFTER_MONEY + r"\s?(?:дин\.?(?!\w)|din"
        r"(?:\.(?!\w)|(?= {2,}|[ \t]*(?:\n|$))))",
    ),
    # the taka's sign, its 'Tk' before an amount or over a column ('Rate (Tk.)') and its name
    (
        "BDT",
        _CODE_ALONE.format("BDT") + rf"|৳|(?<![\w-])Tk\.?(?= ?{AMOUNT})|{_TK_HEAD}|(?i:\btaka\b)",
    ),
    ("VUV", _CODE_ALONE.format("VUV") + _MARKS["VUV"]),
    ("DZD", _CODE_ALONE.format("DZD") + _MARKS["DZD"]),
    ("MYR", _CODE_ALONE.format("MYR") + rf"|(?<![\w-])RM(?= ?{AMOUNT})|{_RM_HEAD}|(?i:ringgit)"),
]
_SIGNED_CODES = {code for code, _ in _SIGNED}
_SIGNS = [re.compile(f"(?:{pattern})") for _, pattern in _SIGNED]


def known_dollar(letters: str) -> bool:
    """A dollar written with these letters before its sign ('FJ' of 'FJ$') is one of the
    currencies above."""
    return any(sign.fullmatch(f"{letters}$") for sign in _SIGNS)


_CURRENCIES = (
    _SIGNED
    + [
        (code, _CODE_ALONE.format(code))
        for code in numbers.CURRENCY_CODES
        if code not in _SIGNED_CODES | set(numbers.OTHER_CURRENCY_CODES)
    ]
    + [  # the rarer ones: never inside a code ('BND110-45')
        (code, rf"(?<![\w/-]){code}(?![\w]|[-/]\w)")
        for code in numbers.OTHER_CURRENCY_CODES
        if code not in _SIGNED_CODES
    ]
    + [  # a code that is also a word: right before or after an amount only ('PEN 1,250.00'),
        # or in brackets after a money word ('Total (MOP)', 'Valor (MOP)')
        (
            code,
            rf"(?<![\w/-]){code}(?= ?{AMOUNT})|{_AFTER_CENTS}{code}(?![\w-])"
            + (
                ""
                if code in _UNITS_TOO
                else rf"|{_HEAD_OF}{code}\)|{_AFTER_WORD}{code}{_ENDS_CELL}"
            ),
        )
        for code in numbers.WORDLIKE_CURRENCY_CODES
        if code not in _SIGNED_CODES
    ]
)
# Each currency's pattern as it is searched for: not inside a word.
_NAMED = [(code, re.compile(rf"(?<![A-Za-z])(?:{pattern})")) for code, pattern in _CURRENCIES]


def currencies_named(text: str) -> set[str]:
    """Every currency the text names by code or symbol."""
    return {code for code, named in _NAMED if named.search(text)}


# 'kr' beside an amount with its cents: a krona or a krone, and the page need not say which
# country's.
_KRONA = re.compile(r"\d[.,]\d\d\s?kr\b|(?<![A-Za-z])kr\.?\s?\d[\d .']*[.,]\d\d\b", re.IGNORECASE)
# Letters at the end of a cell after an amount grouped in thousands, with its cents or whole,
# and perhaps a full stop ('17 259,00 zt', a photo's 'zł'; '939 682 Ft', '3.245.312 kr.'): the
# amounts' currency, by a mark the engine does not know.
_MARK_AFTER = re.compile(
    r"\d{1,3}(?:[ .,'\u00a0]\d{3})+(?:[.,]\d\d)? ?([^\W\d_]{1,3})\.?(?= {2,}|$)", re.MULTILINE
)
# Units a quantity may be printed with: never a currency.
_UNITS = {
    "kg", "g", "t", "m", "mm", "cm", "km", "l", "ml", "ea", "pc", "pcs", "no", "nos", "st", "stk",
}  # fmt: skip


# A mark in small letters in brackets after a total's or an amount's word ('Total comandă
# (lei):', 'Summa (kr)'): the amounts' currency, by a mark the engine does not know.
_MARK_IN_HEAD = re.compile(
    r"(?i:total|sum|summa|suma|amount|betrag|montant|importe|valoare|valor|vrednost)"
    r"[^\n()]{0,30}\(([^\W\d_A-Z]{2,4})\.?\)"
)


def money_mark_unnamed(text: str) -> str | None:
    """A mark beside the amounts that names no one currency ('1 234,56 kr'), or one the engine
    does not know printed after two amounts or more; else None."""
    if _KRONA.search(text):
        return "kr"
    marks = [m.lower() for m in _MARK_AFTER.findall(text)]
    repeated = sorted(m for m in set(marks) if marks.count(m) >= 2 and m not in _UNITS)
    return repeated[0] if repeated else None


def money_mark_in_head(text: str) -> str | None:
    """A mark in brackets after a total's word ('Total comandă (lei):'): where no currency is
    named, the amounts' currency, which no code names here."""
    heads = sorted(m for m in set(_MARK_IN_HEAD.findall(text)) if m not in _UNITS)
    return heads[0] if heads else None


# A dollar named with its country in words ('All prices are in Australian dollars'): '$'
# alone names no one country's dollar.
_DOLLARS_IN_WORDS = {
    "AUD": r"australian\s+dollars?|A\$",
    "CAD": r"canadian\s+dollars?|CA?\$",
    "NZD": r"new\s+zealand\s+dollars?|NZ\$",
    "USD": r"(?:us|u\.s\.|united\s+states|american)\s+dollars?",
    "SGD": r"singapore\s+dollars?",
    "HKD": r"hong\s+kong\s+dollars?|HK\$",
    "NAD": r"namibian?\s+dollars?",
    # the world's other dollars, by their countries' names
    "BSD": r"bahamian\s+dollars?",
    "BBD": r"barbad(?:os|ian)\s+dollars?",
    "BZD": r"beliz(?:e|ean)\s+dollars?",
    "BMD": r"bermud(?:a|ian)\s+dollars?",
    "BND": r"brunei\s+dollars?",
    "KYD": r"cayman(?:\s+islands)?\s+dollars?",
    "XCD": r"east(?:ern)?\s+caribbean\s+dollars?",
    "FJD": r"fiji(?:an)?\s+dollars?",
    "GYD": r"guyan(?:a|ese)\s+dollars?",
    "JMD": r"jamaican?\s+dollars?",
    "LRD": r"liberian?\s+dollars?",
    "SBD": r"solomon\s+islands?\s+dollars?",
    "SRD": r"surinam(?:e|ese)\s+dollars?",
    "TTD": r"trinidad(?:\s+and\s+tobago)?\s+dollars?",
    "TWD": r"(?:new\s+)?taiwan(?:ese)?\s+dollars?",
}


def dollar_in_words(text: str) -> str | None:
    """The one country's dollar the text names in words, if it names exactly one."""
    named = [
        code
        for code, pattern in _DOLLARS_IN_WORDS.items()
        if re.search(rf"(?<![A-Za-z])(?:{pattern})", text, re.IGNORECASE)
    ]
    return named[0] if len(named) == 1 else None


def times_named(text: str, code: str) -> int:
    """How often the text names a currency by its code or symbol."""
    return len(dict(_NAMED)[code].findall(text))


def beside_a_number(text: str, code: str) -> bool:
    """The currency's code or sign stands right before or after a number somewhere ('€ 12',
    '12,00 €'), as money's does; an OCR's '€.' for a 'č.' stands beside none."""
    pattern = dict(_CURRENCIES)[code]
    return bool(re.search(rf"(?<![A-Za-z])(?:{pattern}) {{0,2}}\d|\d {{0,2}}(?:{pattern})", text))


# A currency's code in small letters right after an amount with its cents ('1 073,43 Eur'), or
# right before one ('Php 95,064.39').
_CODE_AFTER = re.compile(r"\d[.,]\d\d ?([A-Za-z]{3})(?![A-Za-z])")
# ('Ron 10.05.2026' is a name and a date: no amount goes on with a point and digits)
_CODE_BEFORE = re.compile(
    r"(?<![A-Za-z])([A-Za-z]{3}) ?\d{1,3}(?:[ ,.'\u00a0]\d{3})*[.,]\d\d(?![\d]|[.,/\-]\d)"
)


def _small_codes(text: str) -> list[str]:
    """The codes printed in small letters right after or before amounts, once for each."""
    return [m.upper() for m in _CODE_AFTER.findall(text) + _CODE_BEFORE.findall(text)]


def by_one_small_code(text: str, code: str) -> bool:
    """The currency is named only by its code in small letters, beside one amount ('Php
    17,400.00' on the total): a person checks it."""
    return not times_named(text, code) and _small_codes(text).count(code) == 1


# The dollars written with their country's letters, whose codes are no unit or word: a rarer
# one's ('BND', bundles) may be the items' unit beside their '$' prices.
_DOLLARS = ("AUD", "CAD", "NZD", "SGD", "HKD", "NAD", "JMD", "FJD", *_LETTERED)


def detect_currency(text: str) -> str | None:
    """The currency a text names by code or symbol; counts win ('R 12.00 ... R 5.00'); else a
    code printed in small letters before or after the amounts ('73,43 Eur', 'Php 95,064.39'),
    if one only."""
    counts = {code: len(named.findall(text)) for code, named in _NAMED}
    best = max(counts, key=lambda c: counts[c])
    if best == "USD" and not re.search(r"US\$|USD", text):
        # '$' beside another country's dollar code ('AUD  $ 7,503.43') is that dollar
        dollars = [c for c in _DOLLARS if counts[c]]
        if len(dollars) == 1:
            return dollars[0]
    if counts[best]:
        return best
    after = set(_small_codes(text)) & set(numbers.CURRENCY_CODES)
    return after.pop() if len(after) == 1 else None


# --- finding a value near its label ----------------------------------------------------


def _below(lines: list[Line], index: int, label: Cell, step: float) -> Cell | None:
    """The first cell under a label: overlapping its columns, within a couple of lines."""
    origin = lines[index]
    for line in lines[index + 1 : index + 4]:
        if line.page != origin.page or line.y - origin.y > 2.6 * step:
            return None
        if _translation(origin, line):
            continue  # the labels again in another language ('Projek' over 'Project')
        if any(
            c.x0 < label.x0 - 10 and c.x1 > label.x0 + 2 and abs(c.x1 - label.x1) > 2
            for c in line.cells
        ):
            # a line run across under it from far left (a note, a forwarder's line); not a
            # value set to the label's right edge ('Date' over 'Wednesday, 15 July 2026')
            continue
        for n, cell in enumerate(line.cells):
            if cell.x0 <= label.x1 + 2 and cell.x1 >= label.x0 - 2:
                # a label ('Quote No.' under an empty 'Your order no.', its value beside it),
                # or the table's head
                if is_label(cell.text) or validate.is_label_words(cell.text):
                    return None
                if column_key(cell.text):
                    return None
                return _with_neighbours(cell, line.cells[n + 1 :])
    return None


def _translation(labels: Line, line: Line) -> bool:
    """A row of labels printed again in another language under it, each under its own (Malay
    over English: 'Projek  Terma Bayaran' over 'Project  Payment Terms'): three cells or more,
    no digit in either, each starting where one above does, most of them labels."""
    if len(line.cells) < 3 or len(line.cells) != len(labels.cells):
        return False
    if re.search(r"\d", labels.text) or re.search(r"\d", line.text):
        return False
    aligned = all(abs(a.x0 - b.x0) <= 3 for a, b in zip(labels.cells, line.cells, strict=True))
    known = sum(1 for cell in line.cells if is_label(cell.text) or column_key(cell.text))
    return aligned and 2 * known > len(line.cells)


def _code_under_instead(
    lines: list[Line], index: int, beside: Cell | None, below: Cell | None, step: float
) -> bool:
    """Beside a project's label, words that are no code (no digit nor hyphen: 'REQUIRED BY',
    'Besteller', 'Prazo de Entrega') with a value of their own under them, and under the label
    a code with a digit: a row of headings over their values, the label's value under it."""
    if beside is None or below is None:
        return False
    word, under = code(beside.text), code(below.text)
    if not word or re.search(r"[\d-]", word) or not under or not re.search(r"\d", under):
        return False
    own = _below(lines, index, beside, step)
    return own is not None and own.x0 > below.x1


def _headings_row(lines: list[Line], index: int, label: Cell, beside: Cell) -> bool:
    """A row of headings, each with its value under it ('Moeda  Solicitação  Centro de Custo
    Comprador' over '1 - Real  005454  4.01.BR-SP014  Sabrina Pires'): the cell beside a
    label is the next heading, not its value. Four cells or more and no digit on the row, the
    cell beside not followed by a label (labels and values in turn: 'SUPPLIER  BOLAND BRICKS
    PROJECT  CAPE PENINSULA'), and on the line under it (or under its translation) a value
    under the label and one under the cell beside it, each starting where they do
    ('SUPPLIER  BOLAND BRICKS  DELIVER TO' over a contact and two addresses is the
    supplier's name beside its label). Not where the cell beside is a company's name, nor
    where a label follows a cell beside that is none ('Supplier  Karsten Steel Traders
    Ordered by  Thandi Nkosi'), on its line or on the line under (a grid of labels and
    values: the cell under the label is the next row's label, 'Sales Rep  Mike Botha')."""
    line = lines[index]
    beside = beside if beside in line.cells else starting(line, beside)  # (joined to the next)
    if len(line.cells) == 2 and beside is not None and _two_heads(lines, index, label, beside):
        return True
    if len(line.cells) < 3 or re.search(r"\d", line.text) or beside is None:
        return False
    if validate.ends_in_legal_form(beside.text):
        return False
    after = line.cells[line.cells.index(beside) + 1 :]
    for under in lines[index + 1 : index + 3]:
        if under.page != line.page:
            return False
        if _translation(line, under):
            continue
        # the cell beside a label that reads as one ('CUSTOMER PO#  RELEASE #'), or a grid of
        # values under the row's headings
        paired = _label_like(beside)
        held = starting(under, label)  # (a grid's value has a digit: a code, a date, a number)
        grid = paired or (
            _grid_of_values(line, under) and held is not None and bool(re.search(r"\d", held.text))
        )
        if len(line.cells) < 4 and not paired:
            return False  # three cells: a row of headings only with two labels side by side
        if not grid and after and (is_label(after[0].text) or _in_turn(beside, after[0])):
            return False
        if after and not grid and _in_turn(starting(under, beside), starting(under, after[0])):
            return False
        starts = [cell.x0 for cell in under.cells]
        if grid:
            # a value under the label, and under most of the row's headings (one may be
            # left empty: 'CUSTOMER PO#  RELEASE #' over 'MCUS-24247' and nothing)
            under_each = [any(abs(x - cell.x0) <= 3 for x in starts) for cell in line.cells]
            under_label = any(abs(x - label.x0) <= 3 for x in starts)
            return under_label and sum(under_each) >= max(3, (len(line.cells) + 1) // 2)
        return all(any(abs(x - cell.x0) <= 3 for x in starts) for cell in (label, beside))
    return False


def _two_heads(lines: list[Line], index: int, label: Cell, beside: Cell) -> bool:
    """Two heads, a box each, over their values ('Fornitore  Pag.' over 'V675548  1 / 1'): no
    digit and no colon on their line, the cell beside a word or two and no company's name,
    and on the next line a value with a digit under each, starting where it does, the one
    under the label no label ('Vendor  Acme Hardware' over 'Acc 3312  Tel 021 555 1234' reads
    so too: its supplier is then left for a person)."""
    line = lines[index]
    if re.search(r"\d", line.text) or ":" in line.text or len(beside.text.split()) > 2:
        return False
    if validate.ends_in_legal_form(beside.text) or index + 1 >= len(lines):
        return False
    under = lines[index + 1]
    if under.page != line.page:
        return False
    cells = [starting(under, head) for head in (label, beside)]
    if any(cell is None or not re.search(r"\d", cell.text) for cell in cells):
        return False
    return not _label_like(cells[0])


def _grid_of_values(line: Line, under: Line) -> bool:
    """Four headings or more with a value under each but one left empty, none of them reading
    as a label and most with a digit ('V/ Encomenda  Data  Obra' over 'NE26445/2026
    2026-09-14  CBR-007'): a grid of headings over their values, not labels and values in
    turn (a supplier's name beside its label, its branch, contact or address under it)."""
    if len(line.cells) < 4:
        return False
    below = [cell for cell in (starting(under, head) for head in line.cells) if cell is not None]
    numbered = sum(bool(re.search(r"\d", cell.text)) for cell in below)
    return (
        len(below) >= len(line.cells) - 1
        and 2 * numbered >= len(below)
        and not any(_label_like(cell) for cell in below)
    )


def _label_like(cell: Cell) -> bool:
    """A cell that reads as a label: a known one, one ending in its colon or a number sign
    after a word ('RELEASE #'), or label words."""
    text = cell.text.strip()
    numbered = bool(re.fullmatch(r"[^\W\d][\w.]*(?:\s+[^\W\d][\w.]*)*\s?#", text))
    return is_label(text) or text.endswith(":") or numbered or validate.is_label_words(text)


def _in_turn(value: Cell | None, label: Cell | None) -> bool:
    """A cell that reads as no label, then one that does: labels and values in turn."""
    return value is not None and label is not None and _label_like(label) and not _label_like(value)


def starting(line: Line, cell: Cell) -> Cell | None:
    """The cell of a line that starts where `cell` does."""
    return next((c for c in line.cells if abs(c.x0 - cell.x0) <= 3), None)


def _table_column(lines: list[Line], index: int, label: Cell, step: float) -> bool:
    """A row of headings over rows of figures, a table (an allocation's 'Project  Share
    Charged' over a row per project, '12.3%  8,867.45'): a value under the label on each of
    two lines or more, a line apart, each line with two numbers or more. No one of them is
    the order's (blocks of words side by side, addresses under their headings, are none)."""
    under, y = 0, lines[index].y
    for line in lines[index + 1 : index + 4]:
        if line.page != lines[index].page or line.y - y > 1.6 * step:
            break
        if not any(abs(cell.x0 - label.x0) <= 3 for cell in line.cells):
            break
        figures = [c for c in line.cells if re.fullmatch(r"[\d.,\s%'\u00a0-]*\d%?", c.text)]
        if len(figures) < 2:
            break
        under, y = under + 1, line.y
    return under >= 2


def _noise(cell: Cell) -> bool:
    """A speck the OCR read as a letter or two ('?', 'z' at 8% confidence)."""
    return len(cell.text) <= 2 and (cell.conf < 0.5 or not cell.text.isalnum())


def _after(line: Line, label: Cell) -> list[Cell]:
    """The cells right of a label on its line, specks left out, and a note in brackets right
    after it that is the label's ('Order number  (cbc:ID)  NL-PO-2026-00607')."""
    cells = [
        c
        for c in line.cells
        if c.x0 >= label.x1 and c.words[0] not in label.words and not _noise(c)
    ]
    if len(cells) > 1 and _BRACKETED_NOTE.fullmatch(cells[0].text.strip()):
        return cells[1:]
    return cells


# A word or a few in brackets, no digit among them: a note on a label, not a value.
_BRACKETED_NOTE = re.compile(r"\([^()\d]{1,40}\)")


def _header_row(line: Line) -> bool:
    """A table's header row of fields ('PO Number  PO Date  Supplier  Project  Ln  Item Code
    ...'): four cells or more, three in four of them labels or column heads. A cell right of
    a label there is the next column's head, not the label's value."""
    heads = sum(1 for c in line.cells if is_label(c.text) or column_key(c.text))
    return len(line.cells) >= 4 and 4 * heads >= 3 * len(line.cells)


# How far right of its label a value may stand on its line.
NEAR_BESIDE = 45


def _right(line: Line, label: Cell, lines: list[Line] | None = None, index: int = 0) -> Cell | None:
    """The cell right of a label on its line that is its value; a far one only where the next
    label follows it, or where the label is one of a block of labels whose values all stand
    in one column far right of them (`lines[index]` is `line`)."""
    after = _after(line, label)
    if not after or is_label(after[0].text) or numbered_block(after[0].text):
        return None
    if column_key(after[0].text) and _header_row(line):
        return None
    if _label_and_value(after[0].text):  # another label's value ('VAT No. 4120198765')
        return None
    # far off, it is the label's value only when the next label on the line follows it (a
    # spreadsheet's wide cells: 'PO No:' ... '2185' 'Project:')
    sandwiched = len(after) > 1 and (is_label(after[1].text) or after[1].text.strip().endswith(":"))
    if after[0].x0 - label.x1 < NEAR_BESIDE or sandwiched:
        return _with_neighbours(after[0], after[1:])
    if lines is not None and _in_a_block(lines, index, label, after[0]):
        return _with_neighbours(after[0], after[1:])
    return None


def _block_label(cell: Cell) -> bool:
    """A label of a block of references: a known one, one ending in its colon, a number's
    label ('Kunden-Nr.', 'Auftragsbestätigung Nr.') or a date's 'of' ('vom')."""
    text = cell.text.strip()
    numbered = re.fullmatch(r"[^\W\d][^\d]{0,40}\b(?:nr|no|n[°º]|nummer|number)\.?", text, re.I)
    return _label_like(cell) or bool(numbered) or bool(re.fullmatch(OF_THE_DAY_BESIDE, text, re.I))


# How far apart the cells of a block's column may start, and how many lines around it it
# looks at.
_BLOCK_SLACK = 3
_BLOCK_REACH = 4


def _in_a_block(lines: list[Line], index: int, label: Cell, value: Cell) -> bool:
    """A letter's block of references, labels under one another and their values in one
    column far right of them ('Auftragsbestätigung Nr.  …  AB 26400', 'Datum  …  11.04.2026',
    'Ihre Bestellung  …  BE-MUC-2961'): two other lines near it, on its page, whose first
    cell there is a label where this label starts and whose next cell starts where this
    value does."""
    near = [
        other
        for other in lines[max(0, index - _BLOCK_REACH) : index + _BLOCK_REACH + 1]
        if other is not lines[index] and other.page == lines[index].page
    ]
    pairs = 0
    for other in near:
        cells = [c for c in other.cells if c.x0 >= label.x0 - _BLOCK_SLACK]
        if len(cells) < 2 or abs(cells[0].x0 - label.x0) > _BLOCK_SLACK:
            continue
        if abs(cells[1].x0 - value.x0) > 2 * _BLOCK_SLACK or not re.search(r"\d", cells[1].text):
            continue
        if _block_label(cells[0]):
            pairs += 1
    return pairs >= 2 and bool(re.search(r"\d", value.text))


def _next_row_label(lines: list[Line], index: int, label: Cell, below: Cell) -> bool:
    """Rows of label and value ('Site  MEG12 - Riverside Drive' over 'Access  Main gate'):
    the cell under a label that has a value of its own right of it, with a value of its own
    in the same column, is the next row's label (words, no digit), not this label's value. Not
    where the cell beside the label is another label, or the label's line has no digit (a row
    of headings, each with its value under it)."""
    after = _after(lines[index], label)
    if not after or is_label(after[0].text) or re.search(r"\d", below.text):
        return False
    beside = after[0].text
    if validate.is_phone(beside) or validate.is_registration(beside):
        return False  # the party's number beside its label ('Tel 011 555 1234'), its name under
    if not re.search(r"\d", beside) and _starts_with_label(beside):
        return False  # another label beside it ('Supplier  Project / Site'): values under both
    if not re.search(r"\d", lines[index].text):
        return False  # a row of headings ('Order Date  Project  Status'), values under each
    column = after[0].x0
    for line in lines[index + 1 : index + 4]:
        if below.words[0] in line.words:
            return any(c.x0 >= below.x1 and abs(c.x0 - column) <= 3 for c in line.cells)
    return False


def _capitals(text: str) -> bool:
    """Letters, two or more, all in capitals ('DELIVER TO', 'SUPPLIER (GROUP-LISTED)')."""
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 2 and all(ch.isupper() for ch in letters)


# What the cell beside a label in a row of headings is: the next block's heading, or
# perhaps either that or the label's value.
HEADING, MAYBE = "heading", "maybe"


def _heading_beside(lines: list[Line], index: int, label: Cell, beside: Cell) -> str | None:
    """A row of block headings in capitals ('SUPPLIER  MEMBER  DELIVER TO'), three or more and
    no digit, with a block in small letters under the label and under the cell beside it: the
    cell beside is the next block's heading (HEADING) when the label's block starts with a
    company's name and its legal form; else it may be the label's value in capitals with a
    contact or a depot under the label, or a heading beside a name with no legal form
    (MAYBE: taken, never proven); None where the row is no such row."""
    line = lines[index]
    if len(line.cells) < 3 or re.search(r"\d", line.text):
        return None
    if not all(_capitals(c.text) for c in line.cells):
        return None
    following = lines[index + 1 : index + 2]
    if not following or following[0].page != line.page:
        return None
    under = {
        edge: [c for c in following[0].cells if abs(c.x0 - edge) <= 2]
        for edge in (label.x0, beside.x0)
    }
    if not all(cells and not _capitals(cells[0].text) for cells in under.values()):
        return None
    return HEADING if validate.ends_in_legal_form(under[label.x0][0].text) else MAYBE


def values_beside(lines: list[Line], index: int, label: Cell, step: float) -> list[Cell]:
    """The cells that may be a label's value: right of it on lines[index], then under it."""
    right = _right(lines[index], label, lines, index)
    if right is not None and _heading_beside(lines, index, label, right) == HEADING:
        right = None
    cells = (right, _below(lines, index, label, step))
    return [cell for cell in cells if cell is not None]


# A date's first part in a box of its own, its separator after it ('08/'): a form's comb
# boxes, one part each ('08/    04/     2026').
_COMB_DAY = re.compile(r"\d{1,2}\s*[/.\-]")
_COMB_DATE = re.compile(r"\d{1,2}([/.\-])\d{1,2}\1\d{4}")


def _comb_date(lines: list[Line], cell: Cell) -> str | None:
    """A date printed in a form's comb boxes, a part a box, so each part is a cell of its own:
    the cell and the cells after it on its line, whole again ('08/' '04/' '2026' ->
    '08/04/2026'). None when the cell starts no such date."""
    if not _COMB_DAY.fullmatch(cell.text.strip()):
        return None
    line = next((line for line in lines if cell in line.cells), None)
    if line is None:
        return None
    at = line.cells.index(cell)
    after = line.cells[at + 1 : at + 3]
    joined = "".join(part.text.strip().replace(" ", "") for part in (cell, *after))
    return joined if _COMB_DATE.fullmatch(joined) else None


def _listed(lines: list[Line], index: int, label: Cell) -> Cell | None:
    """A label in a list of labels down the page, each with its value far right of it in a
    column of values ('Order number (cbc:ID)' ... 'NL-PO-2026-00607', 'Issue date' ...
    '2026-05-26' under it): the one cell right of it, where the lines next to it start a
    label where it does and a value where that cell does."""
    after = _after(lines[index], label)
    if len(after) != 1:
        return None
    value = after[0]
    if is_label(value.text) or numbered_block(value.text) or _label_and_value(value.text):
        return None  # another label, or another label's value ('VAT No. 4120198765')

    def alike(other: Line) -> bool:
        """A line of the list: a label where the label starts (one known, or one with its note
        in brackets after it), nothing between it and the values' column but that note, and
        a value there that is no label."""
        first = [c for c in other.cells if abs(c.x0 - label.x0) <= 1]
        last = [c for c in other.cells if abs(c.x0 - value.x0) <= 1]
        if not first or not last or is_label(last[0].text) or last[0].text.rstrip().endswith(":"):
            return False
        between = [c for c in other.cells if first[0].x1 < c.x0 < value.x0 - 1]
        if not all(_BRACKETED_NOTE.fullmatch(c.text.strip()) for c in between):
            return False
        return bool(between) or is_label(first[0].text)

    near = [
        other
        for other in lines[max(0, index - 2) : index + 3]
        if other is not lines[index] and other.page == lines[index].page
    ]
    return _with_neighbours(value, []) if sum(alike(other) for other in near) >= 2 else None


def _with_neighbours(cell: Cell, rest: list[Cell]) -> Cell:
    """A value OCR split at a wide space ('Gauteng Cement &' 'Aggregates'), whole again; not
    past a company's legal form, where its name ends ('Sandveld Roofing Solutions CC' beside
    the next block's 'Main yard')."""
    words = list(cell.words)
    for other in rest:
        if other.x0 - words[-1].x1 > 3 or is_label(other.text):
            break
        if validate.ends_in_legal_form(" ".join(word.text for word in words)):
            break
        words.extend(other.words)
    return Cell(words)


def find(
    lines: list[Line], patterns: list[str], check: Callable[[str], str | None], step: float = 1.0
) -> Found:
    """The value of the first label (most specific wording first) whose value passes `check`."""
    for rank, pattern in enumerate(patterns):
        pattern = accents.tolerant(pattern)  # ('porosisé' as the OCR reads 'porosisë')
        label_only = re.compile(rf"(?:{pattern}){_TRAIL}", re.IGNORECASE)
        # (a label's '#' against its value: 'Purchase Order #P00762')
        inline = re.compile(
            rf"(?:{pattern}){_LEADER}\s*(?P<sep>[:#]\s*|\s[-–]\s|\s|(?<=#))(?P<value>\S.*)",
            re.IGNORECASE,
        )
        base = 0.95 - 0.05 * rank
        for index, line in enumerate(lines):
            for cell in _label_candidates(line):
                text = normal(cell.text)
                if label_only.fullmatch(text):
                    below = _below(lines, index, cell, step)
                    if below is not None and _next_row_label(lines, index, cell, below):
                        below = None
                    right = _right(line, cell, lines, index) or _listed(lines, index, cell)
                    if right is not None and _headings_row(lines, index, cell, right):
                        right = None  # the next heading: the value is under the label
                        if _table_column(lines, index, cell, step):
                            below = None  # a table's head ('Project  Share  Charged')
                    heading = right and _heading_beside(lines, index, cell, right)
                    if heading == HEADING or (heading == MAYBE and len(right.text.split()) == 1):
                        right = None  # one word beside it ('PRINCIPAL'): a heading, likelier
                    if check is code and _code_under_instead(lines, index, right, below, step):
                        right = None  # ('PROJECT  REQUIRED BY' over 'MIS-0412  15/06/2026')
                    over = _over_translation(lines, index, cell, step)  # (none where `right` is)
                    candidates = [(right, 1.0), (over, 0.95), (below, 0.97)]
                    if right is not None and cut_name(right.text):
                        candidates = [(right, 1.0)]  # the line under holds the rest of it
                    for value_cell, nearness in candidates:
                        if value_cell is None:
                            continue
                        value_text = _comb_date(lines, value_cell) or value_cell.text
                        if cut_name(value_text):  # joined to its rest on the line under
                            rest = _continued(lines, value_cell, step)
                            if rest is None:
                                continue
                            value_text = f"{value_text.strip()} {rest.text.strip()}"
                        value = check(value_text)
                        if value:
                            conf = base * nearness * (0.6 + 0.4 * value_cell.conf)
                            if value_cell.ocr and _another(value_cell.text, value, check):
                                conf = min(conf, DOUBTFUL)
                            source = f"{cell.text} {value_text}"
                            if heading == MAYBE:
                                # a heading's or the label's value: found, not proven
                                source += " (beside a row of headings)"
                                return Found(value, round(conf, 3), source, None, value_cell.ocr)
                            return Found(value, round(conf, 3), source, rank, value_cell.ocr)
                    continue
                match = inline.fullmatch(cell.text.strip())
                if match and _label_goes_on(match):
                    continue  # 'Fecha de entrega: 18/sep/2026' is another label's value
                if match and not _starts_with_label(match.group("value")):
                    value = check(match.group("value"))
                    bare = value and not match.group("sep").strip()
                    # a number is the first word, a number sign or a mark before it aside
                    # ('BON DE COMMANDE N° BC/LSH/26/0620', 'Order No. | 4471')
                    words = [w.strip(".,;:") for w in match.group("value").split()]
                    first = next(
                        (w for w in words if re.search(r"\w", w) and not _MARK.fullmatch(w)), None
                    )
                    later = check is reference and value != first
                    if bare and (not _coded(value) or len(value.split()) > 1 or later):
                        # 'Site stores' is words, not 'Site' and a code; 'Site DBN07 stores'
                        # is a place, not 'Site' and 'DBN07 stores'; 'Order PDF generated
                        # 2026-08-25 11:44' is no number '11'
                        value = None
                    if value:
                        conf = base * 0.95 * (0.6 + 0.4 * cell.conf)
                        if cell.ocr and _another(match.group("value"), value, check):
                            conf = min(conf, DOUBTFUL)
                        return Found(value, round(conf, 3), cell.text, rank, cell.ocr)
    return MISSING


def _over_translation(lines: list[Line], index: int, label: Cell, step: float) -> Cell | None:
    """A label with no value beside it under its translation in another script, its value beside
    the translation ('Έργο  PAF-02' over 'Project': the page's language over English): the
    cell near after a cell of a word or three in letters of no Latin script, on the line
    right above, that starts where the label does."""
    line = lines[index]
    if index == 0 or _right(line, label) is not None:
        return None
    above = lines[index - 1]
    if above.page != line.page or line.y - above.y > 1.6 * step:
        return None
    for n, cell in enumerate(above.cells[:-1]):
        if abs(cell.x0 - label.x0) > 2:
            continue
        text = cell.text.strip()
        if re.search(r"[A-Za-z\d]", text) or not re.search(r"[^\W\d_]", text):
            return None  # a Latin word or a number: no translation (an address, a value)
        if len(text.split()) > 3:
            return None
        value = above.cells[n + 1]
        near = value.x0 - cell.x1 <= NEAR_BESIDE
        return value if near and not is_label(value.text) else None
    return None


def _label_goes_on(match: re.Match) -> bool:
    """The label's words run on to a colon after it, with no mark between ('Fecha de
    entrega:', 'Date of delivery:'): a longer label, whose value is not this one's; unless
    the words only name the order ('Datum der Bestellung:', 'Date of order:')."""
    run_on = re.match(r"([^\W\d_]+(?:\s+[^\W\d_]+){0,2})\s*:", match.group("value"))
    if match.group("sep").strip() or not run_on:
        return False
    return not re.fullmatch(_OF_THE_ORDER, run_on.group(1), re.IGNORECASE)


# Words after a label that only name the order ('of order', 'der Bestellung', 'du bon de
# commande'): the same label, said longer.
_OF_THE_ORDER = (
    r"(?:(?:of|the|der|des|de|du|la|del|do|da)\s+)*(?:order|purchase\s+order|"
    + "|".join(words.ORDER_WORDS)
    + ")"
)


def legal_form_under(lines: list[Line], found: Found, step: float) -> Found:
    """A supplier's name whose legal form ran on to the line under it ('Shanghai Donghai
    Building Materials' over 'Co., Ltd.'): the name with it. Only a cell that is a legal form
    and nothing else, at the name's left edge on the very next line, is taken."""
    if not found.value:
        return found
    for index, line in enumerate(lines[:-1]):
        cell = next((c for c in line.cells if normal(c.text) == normal(found.value)), None)
        below = lines[index + 1]
        if cell is None or below.page != line.page or below.y - line.y > 1.6 * step:
            continue
        under = next((c for c in below.cells if abs(c.x0 - cell.x0) <= 1.5), None)
        if under is not None and _header_row(below):
            return found  # the items' head ('Р. бр.  Шифра  Назив добра'), no legal form
        if under is not None and validate.is_legal_form(under.text):
            value = f"{found.value} {under.text.strip()}"
            return replace(found, value=value, source=f"{found.source} {under.text.strip()}")
        return found
    return found


def name_under_its_code(lines: list[Line], found: Found, step: float) -> Found:
    """A supplier read as one word in capitals ('EMERALDCIT', its code in our books) over a name
    that starts with those letters, at its left edge on the very next line ('Emerald City
    Lumber Co.'): that name."""
    if not found.value or not _ONE_WORD_IN_CAPITALS.fullmatch(found.value):
        return found
    for line in lines:
        cell = next((c for c in line.cells if c.text.strip() == found.value), None)
        under = _continued(lines, cell, step) if cell is not None else None
        if under is None:
            continue
        letters = re.sub(r"[\W\d_]", "", under.text).upper()
        if letters.startswith(found.value) and len(under.text.split()) > 1:
            return replace(found, value=under.text.strip(), source=f"{found.source} {under.text}")
        return found
    return found


# One word in capitals and nothing else ('EMERALDCIT', 'CASCADEBUI'): a name cut to a code's
# width in our books, perhaps.
_ONE_WORD_IN_CAPITALS = re.compile(r"[A-Z]{5,}")


# The confidence of an OCR'd value that is one of two its label's cell offers: under the
# proofs' threshold, so a person checks it.
DOUBTFUL = 0.5


def _another(text: str, value: str, check: Callable[[str], str | None]) -> bool:
    """Whether the words after the value taken would pass the check too ('ORDER NO 68 24680':
    a dot leader read as '68' before the number): which one is meant, the OCR cannot say."""
    words = text.split()
    for n in range(1, len(words) + 1):
        if check(" ".join(words[:n])) == value:  # the words the value was read from
            rest = " ".join(words[n:])
            return bool(rest) and check(rest) is not None
    return False


def _label_candidates(line: Line) -> list[Cell]:
    """Each cell, then each short cell joined to its neighbour: OCR splits 'P.O.' from '#'."""
    pairs = [
        Cell([*a.words, *b.words])
        for a, b in zip(line.cells, line.cells[1:], strict=False)
        if len(a.text) <= 12 and len(b.text) <= 8 and b.x0 - a.x1 < 4
    ]
    # 'Issue Date A 2': a label with specks after it
    trimmed = []
    for cell in line.cells:
        words = list(cell.words)
        # (a colon the OCR read as '3', 'z 2' or 'A $')
        while len(words) > 1 and (
            len(words[-1].text) == 1 or (len(words[-1].text) == 2 and words[-1].conf < 0.6)
        ):
            words.pop()
        # a form's numbered block ('1. PURCHASE ORDER NO.', '(b) Vendor'): the label after it
        if len(words) > 1 and BLOCK_NUMBER.fullmatch(words[0].text):
            words = words[1:]
        if len(words) < len(cell.words):
            trimmed.append(Cell(words))
        # a label in two languages ('N° de votre commande / Your order No.'): each of them,
        # as wide as the whole label, so a value under either part is under it
        slashes = [i for i, word in enumerate(words) if word.text == "/"]
        if slashes and slashes[0] > 0 and slashes[-1] < len(words) - 1:
            first, second = words[: slashes[0]], words[slashes[-1] + 1 :]
            first = [*first[:-1], replace(first[-1], x1=words[-1].x1)]
            second = [replace(second[0], x0=words[0].x0), *second[1:]]
            trimmed += [Cell(first), Cell(second)]
    # the same, its two languages in cells of their own ('Rhif Archeb' then '/ Order No.'):
    # the second, as wide as both
    for before, cell in zip(line.cells, line.cells[1:], strict=False):
        words = list(cell.words)
        if len(words) > 1 and words[0].text == "/" and not re.search(r"\d", before.text):
            trimmed.append(Cell([replace(words[1], x0=before.x0), *words[2:]]))
        # the order's title, then its number after a number sign in a cell of its own ('BON
        # DE COMMANDE' then 'N° BC-BEY-26/0976'): one label and its value
        if (
            len(words) > 1
            and _MARK.fullmatch(words[0].text)
            and _ORDER_TITLE.fullmatch(before.text.strip())
        ):
            trimmed.append(Cell([*before.words, *words]))
    return [*line.cells, *pairs, *trimmed]


_ORDER_TITLE = re.compile(
    r"(?:local\s+|official\s+)?purchase\s+order|" + words.ORDER_TITLES, re.IGNORECASE
)


# A number sign standing alone before a number ('N°', 'No.', 'Nr.', '#', '№').
_MARK = re.compile(r"(?:n[°º]|no\.?|nr\.?|#|№):?", re.IGNORECASE)


def _coded(value: str) -> bool:
    return bool(re.search(r"\d", value) or re.fullmatch(r"[A-Z][A-Z\-/_.]+", value))


def _label_and_value(text: str) -> bool:
    """A label and its own value in one cell ('VAT No. 4120198765', 'Tel: 021 555'): a label's
    words, then a colon or a value with a digit; not a name that starts with a label's word
    ('Contact Electrical CC', 'Page Brothers')."""
    words = text.split()
    for n in range(1, min(3, len(words)) + 1):
        head, rest = " ".join(words[:n]), " ".join(words[n:])
        if is_label(head) and (head.endswith(":") or re.search(r"\d", rest)):
            return True
    return False


def _starts_with_label(text: str) -> bool:
    words = text.split()
    return any(is_label(" ".join(words[:n])) for n in range(1, min(3, len(words)) + 1))


def letterhead(lines: list[Line], skip: re.Pattern) -> Found:
    """The issuer's name printed at the top: the first line that reads as a company name."""
    for line in lines[:6]:
        first = line.cells[0]
        if skip.search(first.text) or is_label(first.text):
            continue
        value = name(first.text)
        if value:
            conf = round(0.7 * (0.6 + 0.4 * first.conf), 3)
            return Found(value, conf, first.text, None, first.ocr)
    return MISSING
