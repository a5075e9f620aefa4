"""The label words of the languages suppliers print orders in, beside the English ones.

Afrikaans, Dutch, German, French, Portuguese and Spanish wordings for the
header fields (fields.py), the foot (totals.py) and the item table's columns
(tables.py), as regular-expression fragments matched against lower-cased
text. Only words a form prints as a label belong here: what a value may be
is decided elsewhere. Pure data.
"""

from __future__ import annotations

# 'No.', 'Nr.', 'N°', 'Nº' and their spelled-out forms, after a label word.
NUMBER = r"\s*(?:no\.?|nr\.?|n[°º]\.?|nommer|nummer|num[ée]ro|n[úu]mero)"

PO_NUMBER = [
    r"bestel(?:ling)?s?-?\s*(?:nommer|nr\.?|no\.?)|bestelnommer|aankoopbestelling" + NUMBER,
    r"bestell(?:ung)?s?-?\s*(?:nummer|nr\.?)|auftrags?-?\s*(?:nummer|nr\.?)",
    r"(?:n[°º]|num[ée]ro)\s*(?:de\s+)?(?:la\s+)?commande|commande\s+n[°º]|n[°º]\s*bc",
    r"(?:n[°º]\.?|n[úu]mero)\s*(?:do\s+|de\s+|del\s+)?(?:pedido|orden(?:\s+de\s+compra)?)",
    r"(?:pedido|ordem\s+de\s+compra|orden\s+de\s+compra)" + NUMBER,
]
OUR_REFERENCE = [
    r"ons\s+verw(?:ysing)?\.?|unsere?\s+ref(?:erenz)?\.?|notre\s+r[ée]f(?:[ée]rence)?\.?",
    r"nossa\s+ref(?:er[êe]ncia)?\.?|nuestra\s+ref(?:erencia)?\.?",
]
ORDER_WORDS = [r"bestelling|bestellung|commande|pedido|orden\s+de\s+compra|ordem\s+de\s+compra"]

ORDER_DATE = [
    r"besteldatum|datum\s+van\s+bestelling|bestelldatum|auftragsdatum",
    r"date\s+(?:de\s+(?:la\s+)?commande|d'[ée]mission)",
    r"data\s+(?:do\s+pedido|de\s+emiss[ãa]o)|fecha\s+(?:de(?:l)?\s+pedido|de\s+emisi[óo]n)",
]
DATE_WORDS = [r"datum|data|fecha"]

SUPPLIER = [
    r"verskaffer|leweransier|lieferant|auftragnehmer|fournisseur|fornecedor|proveedor",
]

PROJECT_CODE = [
    r"projek(?:kode|nommer|\s*nr\.?)|projekt(?:nummer|\s*-?nr\.?)|kostenstelle",
    r"code\s+(?:chantier|projet)|c[óo]digo\s+(?:de(?:l)?\s+)?(?:proje(?:c)?to|obra)",
]
PROJECT_WORDS = [r"projek|terrein|werf|projekt|baustelle|chantier|projet|projeto|proyecto|obra"]

CURRENCY = [r"valuta|w[äa]hrung|devise|moeda|moneda"]

FOOT = {
    "subtotal": r"subtotaal|zwischensumme|netto(?:betrag|summe)|summe\s+netto|total\s+h\.?t\.?|"
    r"montant\s+h\.?t\.?|sous-?\s*total|total\s+(?:sem|sin)\s+iva|base\s+imponible",
    "tax": r"btw|mwst\.?|ust\.?|tva|iva",
    "total": r"totaal|gesamt(?:betrag|summe)?|endbetrag|summe\s+brutto|total\s+t\.?t\.?c\.?|"
    r"montant\s+t\.?t\.?c\.?|net\s+[àa]\s+payer|total\s+a\s+pagar|importe\s+total|valor\s+total",
}

COLUMNS = {
    "quantity": r"hoeveelheid|hoev\.?|menge|anzahl|anz\.?|quantit[ée]|qt[ée]\.?|quantidade|"
    r"qtde?\.?|cantidad|cant\.?",
    "unit": r"eenheid|einheit|unit[ée]|unidade|unidad|und\.?",
    "unit_price": r"eenheidsprys|prys|einzelpreis|e-?preis|preis|p\.\s?u\.?(?:\s+h\.?t\.?)?|"
    r"prix(?:\s+unitaire)?(?:\s+h\.?t\.?)?|pre[çc]o(?:\s+unit[áa]rio)?|valor\s+unit[áa]rio|"
    r"precio(?:\s+unitario)?",
    "discount": r"afslag|rabatt|remise|desconto|descuento|dto\.?",
    "amount": r"bedrag|betrag|gesamt(?:preis)?|montant(?:\s+h\.?t\.?)?|total\s+h\.?t\.?|"
    r"valor(?:\s+total)?|importe",
    "item_code": r"kode|itemkode|artikel(?:nummer|\s*-?nr\.?)?|art\.?\s*-?nr\.?|r[ée]f\.?|"
    r"r[ée]f[ée]rence|c[óo]digo|c[óo]d\.?",
    "description": r"beskrywing|beschreibung|bezeichnung|artikelbezeichnung|d[ée]signation|"
    r"libell[ée]|descri[çc][ãa]o|designa[çc][ãa]o|descripci[óo]n|concepto",
    "line": r"pos\.?|position",
}
