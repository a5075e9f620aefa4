"""What a header value must not be, and what proves it: checks only, never a change.

A label word is never a value ('Name', 'Status', 'Datum'); a supplier is
never our own company, an address, a phone or a registration line; a date
lies in a plausible window around today; a project code is a known site's
code or alias, or shaped like them. The engine asks these before it accepts
a value and again when it decides what is proven. Pure.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from datetime import date, timedelta

from rapidfuzz import fuzz, process

# Words printed as labels on order forms (and the copy's name: 'VENDOR COPY', 'ORIGINAL'), in
# the languages the office meets (English, Afrikaans, German, French, Portuguese, Spanish,
# Catalan, Italian and Dutch):
# a cell that is only these words (and punctuation) is a label, never a field's value.
# Compared without accents.
_LABEL_WORDS = {
    "en": """name names status state date dated ref reference references number no nr num page of
        tel telephone phone fax cell mobile email e-mail web website vat tax gst code id
        address contact attention attn account acc terms currency total subtotal amount qty
        quantity unit units price description item items order purchase supplier vendor
        customer client buyer project site job delivery deliver invoice ship bill to from
        details information info sign signature signed approved by remarks notes note reg
        registration company type category dept department branch region area cost centre
        center po p.o. your our per each see ordered requested expected prepared raised issued
        via rep payment quote quotation conditions copy original duplicate triplicate
        confirmation acknowledgement acknowledgment location works
        consignee""",
    "joining": """de du des la le les van die der den do da del y e et und en""",
    "af": """naam datum verwysing nommer bladsy telefoon selfoon faks epos adres kontak btw
        belasting bestelling bestel bestelnommer verskaffer leweransier kliënt klant projek
        terrein werf totaal subtotaal bedrag hoeveelheid eenheid prys beskrywing kode afslag""",
    "de": """name datum nummer nr. seite telefon fax e-mail adresse kontakt ust mwst ust-idnr
        steuernummer bestellung bestellnummer auftrag lieferant kunde projekt baustelle
        kostenstelle betrag menge einheit preis einzelpreis rabatt beschreibung bezeichnung
        artikel artikelnummer pos position summe gesamt zwischensumme zahlungsbedingungen""",
    "fr": """nom date référence numéro n° no. page téléphone tél courriel adresse contact tva
        siret siren commande bon fournisseur client projet chantier montant quantité qté
        unité prix remise désignation sous-total statut état objet conditions acheteur
        livraison soumission devis paiement échéance raison sociale""",
    "pt": """nome data referência número página telefone endereço contato iva nif cnpj pedido
        ordem compra fornecedor cliente projeto obra valor quantidade unidade preço desconto
        descrição código estado entrega emissão local razão social""",
    "es": """nombre fecha referencia número página teléfono dirección contacto iva cif pedido
        orden compra proveedor cliente proyecto obra importe cantidad precio descuento
        descripción código estado entrega emisión lugar razón social""",
    "ca": """nom data referència número núm. pàgina telèfon adreça contacte proveïdor client
        projecte obra comanda ordre lliurament lloc import quantitat preu descompte
        descripció codi""",
    "it": """nome data numero n. pagina telefono indirizzo contatto iva p.iva partita cod. cod
        codice fornitore cliente commessa cantiere ordine acquisto importo quantità prezzo
        sconto descrizione articolo consegna luogo pagamento resa riferimento""",
    "nl": """naam datum nummer pagina telefoon adres contact btw leverancier klant project
        bouwplaats order bestelling opdracht bedrag aantal eenheid prijs omschrijving artikel
        kenmerk levering afleveradres""",
}
# The languages of the office's orders from abroad: a header's labels (who, where, when, which
# number), as 'Toimitusosoite / Leveransadress' beside 'Leverantör'. Only their words of nine
# letters or more count: the shorter are companies' names too ('Termin', 'Kund', 'Strana',
# 'Ime', 'Leverans').
_LABEL_WORDS_ABROAD = {
    "sv": """namn datum nummer nr sida telefon adress leveransadress fakturaadress kontakt moms
        beställning beställningsnr order leverantör kund köpare beställare projekt
        arbetsplats leverans leveransdatum leveransvillkor betalningsvillkor referens
        er vår ert vårt""",
    "fi": """nimi päivämäärä pvm numero nro sivu puhelin osoite toimitusosoite laskutusosoite
        yhteyshenkilö alv tilaus tilausnro toimittaja asiakas tilaaja ostaja projekti työmaa
        toimitus toimitusaika toimitusehto maksuehto viite viitteemme viitteenne""",
    "no": """navn dato nummer side telefon adresse leveringsadresse fakturaadresse kontakt mva
        bestilling ordre ordrenr leverandør kunde kjøper bestiller prosjekt byggeplass
        levering leveringsdato betalingsbetingelser referanse deres vår""",
    "da": """navn dato nummer side telefon adresse leveringsadresse fakturaadresse kontakt moms
        bestilling ordre leverandør kunde køber rekvirent projekt byggeplads levering
        leveringsdato betalingsbetingelser reference jeres""",
    "pl": """nazwa data numer nr strona telefon adres kontakt nip zamówienie dostawca odbiorca
        nabywca sprzedawca zamawiający projekt budowa dostawa dostawy miejsce termin
        płatności warunki""",
    "cs": """název jméno datum číslo č. strana telefon adresa kontakt ič dič objednávka
        dodavatel odběratel zákazník projekt stavba dodání dodací místo splatnost""",
    "hu": """név dátum szám oldal telefon cím kapcsolat adószám megrendelés rendelés szállító
        vevő megrendelő projekt helyszín szállítási szállítás fizetési határidő""",
    "ro": """nume data număr nr. pagina telefon adresa contact cui comandă furnizor client
        beneficiar cumpărător proiect șantier livrare livrării plată""",
    "tr": """ad adı tarih numara no sayfa telefon adres iletişim vergi sipariş tedarikçi
        müşteri alıcı proje şantiye teslimat teslim ödeme""",
    "et": """nimi kuupäev number lehekülg telefon aadress tarneaadress kontakt kmkr tellimus
        tarnija klient ostja tellija projekt objekt tarne tarneaeg maksetingimused viide""",
    "lv": """nosaukums datums numurs nr. lappuse tālrunis adrese piegādes kontakts pvn pasūtījums
        piegādātājs klients pircējs pasūtītājs projekts objekts piegāde apmaksas""",
    "lt": """pavadinimas data numeris nr. puslapis telefonas adresas pristatymo kontaktas pvm
        užsakymas tiekėjas klientas pirkėjas užsakovas projektas objektas pristatymas""",
    "hr": """naziv ime datum broj br. stranica telefon adresa kontakt oib pdv narudžba
        narudžbenica dobavljač kupac naručitelj projekt gradilište isporuka isporuke
        plaćanja mjesto""",
}
LABEL_WORDS = frozenset(word for words in _LABEL_WORDS.values() for word in words.split()) | {
    word for words in _LABEL_WORDS_ABROAD.values() for word in words.split() if len(word) >= 9
}
_LABEL_TOKEN = re.compile(r"[^\w\-./°]+", re.UNICODE)

# Lines that are an address, a phone, an e-mail or a company's registration, not a name.
_BOX = (
    r"po\s+box|p\.?\s?o\.?\s+box|postbus|posbus|private\s+bag|privaatsak|postfach|"
    r"boîte\s+postale|caixa\s+postal|apartado"
)
_STREET = (
    r"street|str\.?|st\.?|road|rd\.?|avenue|ave\.?|drive|dr\.?|lane|way|crescent|boulevard|"
    r"straat|weg|laan|rylaan|strasse|straße|gasse|platz|rue|avenida|av\.?|rua|calle|floor|"
    rf"suite|{_BOX}"
)
_ADDRESS = re.compile(
    rf"^\d+[a-z]?\s+\S+.*\b(?:{_STREET})\b|\b(?:{_STREET})\b.*\d|^(?:{_BOX})\b"
    rf"|^\w+\s+\d+[a-z]?\s+\S+.*\b(?:{_STREET})\b",  # 'Plot 12 Quarry Road'
    re.IGNORECASE,
)
_PHONE = re.compile(
    # a phone's label alone, with a number or its marker after it ('Tel. No.'); 'Boland Mobile
    # Cranes' is a name
    r"\b(?:tel|telephone|phone|fax|cell|mobile|telefoon|telefon|téléphone|telefone|"
    r"teléfono|selfoon)\b(?=\W*(?:[+(\d]|(?:no|nr|num|number)\b|$))|\+\d{2}|(?:\(?\d{2,4}\)?[\s\-]?){3,}\d{2,}",
    re.IGNORECASE,
)
_CONTACT = re.compile(r"@|www\.|https?://|\.co\.za\b|\.com\b", re.IGNORECASE)
_REGISTRATION = re.compile(
    r"\b(?:reg(?:istration)?\.?\s*(?:n[o°º]|nr|number)?|company\s+(?:n[o°º]|number)|"
    r"vat\s*(?:n[o°º]|nr|number|reg)|tax\s+(?:n[o°º]|number|id)|btw\s*(?:n[o°º]|nr|nommer)|"
    r"ust-?id(?:nr)?|"
    r"steuer-?nr|handelsregister|hrb|siret|siren|rcs|n[°º]\s*tva|nif|cif|cnpj|kvk|"
    # the business and tax numbers of other countries: ABN, GSTIN, IČ/DIČ, NIP, Org.nr.
    # and Vietnam's tax code ('Mã số thuế')
    r"abn|acn|gstin|gst\s*(?:n[o°º]|reg)|ičo?|dič|nip|regon|krs|org\.?\s*nr|y-tunnus|cvr|"
    r"mã\s+số\s+thuế)\b"
    r"|\b\d{4}/\d{5,7}/\d{2}\b",
    re.IGNORECASE,
)
# What a company name ends in, left out when two names are compared.
_LEGAL = re.compile(
    r"\b(?:pty|proprietary|ltd|limited|cc|inc|incorporated|llc|plc|co|company|corp|"
    r"gmbh|ag|kg|sa|sarl|sas|bv|nv|lda|ltda|sl|srl|bpk|edms|bk|sdn|bhd)\b\.?",
    re.IGNORECASE,
)


def unaccented(text: str) -> str:
    """The text with its letters' accents dropped ('Megrendelés' as 'Megrendeles')."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def plain(text: str) -> str:
    """Lower case, accents and punctuation gone, spaces single: for comparing words."""
    return re.sub(r"[^a-z0-9]+", " ", unaccented(text).lower()).strip()


def _bare(word: str) -> str:
    word = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in word if not unicodedata.combining(ch))


_LABELS = frozenset(_bare(word) for word in LABEL_WORDS)
# A remark in brackets after a label's words.
_REMARK = re.compile(r"\([^()]*\)")


def is_label_words(text: str) -> bool:
    """Only label words ('Name', 'Status:', 'N° de commande', 'Ref.'), perhaps with a remark in
    brackets ('SHIP FROM (manufacturers)'), not a legal form ('Total Delivery (Pty)' is a
    name): never a value."""
    if _REMARK.sub("", text).strip():  # a legal form in brackets is a name's ('Total (Pty)')
        text = _REMARK.sub(lambda remark: remark[0] if is_legal_form(remark[0]) else " ", text)
    tokens = [_bare(t) for t in _LABEL_TOKEN.split(text) if t and t not in "-./"]
    return bool(tokens) and all(t in _LABELS or t.strip(".:") in _LABELS for t in tokens)


def is_address(text: str) -> bool:
    return bool(_ADDRESS.search(text.strip()))


def is_phone(text: str) -> bool:
    return bool(_PHONE.search(text))


def is_registration(text: str) -> bool:
    return bool(_REGISTRATION.search(text))


def is_contact(text: str) -> bool:
    """An e-mail address or a web address."""
    return bool(_CONTACT.search(text))


def company_key(name: str) -> str:
    """A company's name without its legal form: 'Meridian Construction (Pty) Ltd' and
    'MERIDIAN CONSTRUCTION' have the same key; letters of every script kept ('ΣΙΔΗΡΕΜΠΟΡΙΚΗ
    ΘΡΙΑΣΙΟΥ Ο.Ε.' has a key too)."""
    text = unaccented(_LEGAL.sub(" ", name)).lower()
    return re.sub(r"[\W_]+", " ", text).strip()


def is_legal_form(text: str) -> bool:
    """Nothing but a company's legal form: one this module knows ('Co., Ltd.', '(Pty) Ltd',
    'GmbH'), or one abbreviated as they are, letters and dots ('A.Ş.', 'Sp. z o.o.')."""
    if _LEGAL.search(text) and not plain(_LEGAL.sub(" ", text)):
        return True
    return len(text.strip()) <= 12 and bool(_ABBREVIATED.fullmatch(text.strip()))


def ends_in_legal_form(text: str) -> bool:
    """A company's name: its last word is a legal form that is no other word's short form,
    with its points or without ('MERIDIAN CONSTRUCTION (PTY) LTD', 'ACME GMBH', 'ACEROS DEL
    ESTE, S.R.L.'; not 'P.O.' or '(CO)')."""
    words = text.split()
    last = words[-1].strip("().,").lower() if len(words) > 1 else ""
    return bool(last) and (last in _COMPANY_ENDS or last.replace(".", "") in _COMPANY_ENDS)


_COMPANY_ENDS = {
    "ltd", "limited", "pty", "cc", "inc", "llc", "plc", "gmbh", "sarl", "bv", "nv", "lda",
    "srl", "bpk", "edms", "bk", "corp", "incorporated", "ltda", "s.a", "bhd",
}  # fmt: skip


# A short form of letters and dots, two dots at least ('A.Ş.', 'S.R.L.', 'Sp. z o.o.').
_ABBREVIATED = re.compile(r"(?=(?:[^.]*\.){2})(?:[^\W\d_]{1,3}\.?,?\s?){1,5}")


def is_buyer(text: str, buyer_names: tuple[str, ...]) -> bool:
    """One of our own company's names (INTAKE_BUYER_NAMES): the buyer is never the supplier."""
    key = company_key(text)
    return bool(key) and any(
        key == company_key(b) or (company_key(b) and company_key(b) in key) for b in buyer_names
    )


@functools.lru_cache(maxsize=8)
def _keyed(known_names: tuple[str, ...]) -> tuple[list[str], frozenset[str]]:
    """The known names' keys, in their order and as a set: an office knows hundreds of
    suppliers and a page has hundreds of cells to compare with them."""
    keys = [company_key(other) for other in known_names]
    return keys, frozenset(keys)


def is_known(name: str, known_names: tuple[str, ...]) -> bool:
    """One of the names the office knows (its suppliers), legal forms and case aside."""
    key = company_key(name)
    return bool(key) and key in _keyed(known_names)[1]


# Two names as close as this of each other (difflib's ratio) cannot be told apart.
_AS_CLOSE = 0.02


def like_known_name(name: str, known_names: tuple[str, ...], least: float = 0.9) -> list[str]:
    """The known names this one may be a misreading of: the one most alike, when it is at
    least `least` alike (legal forms and case aside) and no other is as close."""
    key = company_key(name)
    keys = _keyed(known_names)[0]
    near = range(len(keys))
    if key:
        # rapidfuzz's ratio counts the longest common subsequence, which is never shorter than
        # the blocks difflib finds: a name under `least - _AS_CLOSE` by it is neither the
        # closest nor as close as the closest, so difflib weighs only the rest.
        cutoff = (least - _AS_CLOSE) * 100 - 1e-6
        found = process.extract(
            key, keys, scorer=fuzz.ratio, processor=None, score_cutoff=cutoff, limit=None
        )
        near = [index for _, _, index in found]
    scored = sorted(
        (
            (difflib.SequenceMatcher(None, key, keys[index]).ratio(), known_names[index])
            for index in near
        ),
        reverse=True,
    )
    if scored and scored[0][0] == 1.0:
        return _spelt_otherwise(name, [other for ratio, other in scored if ratio == 1.0])
    if not key or not scored or scored[0][0] < least:
        return []
    if len(scored) > 1 and scored[1][0] >= scored[0][0] - _AS_CLOSE:
        return []  # two names as close: no telling which
    return [scored[0][1]]


def _spelt_otherwise(name: str, same: list[str]) -> list[str]:
    """The one known name this is but for an accent or a dot the OCR lost ('Ferreteria' for
    'Ferretería', 'S.L' for 'S.L.') or its legal form, as the office writes it; none when it
    is spelt so."""
    exact = [
        other for other in same if " ".join(other.split()).lower() == " ".join(name.split()).lower()
    ]
    alike = [other for other in same if plain(other) == plain(name)]
    if not alike and not exact:  # its legal form lost ('Co. LLC' read on a line of its own)
        alike = [other for other in same if _legal_form_more(other, name)]
    return alike if len(alike) == 1 and not exact else []


def _legal_form_more(known: str, name: str) -> bool:
    """The known name is this one with a legal form after it, which this one lacks."""
    rest = plain(known)[len(plain(name)) :].strip()
    return plain(known).startswith(plain(name)) and bool(rest) and not _LEGAL.sub("", rest).strip()


# A label, its colon and a short value with a digit in it: 'Code: V1490', 'Acc. No.: 20417'.
_LABELLED_VALUE = re.compile(r"^\s*([^:]{1,30}?)\s*:\s*(\S+(?:\s+\S+)?)\s*$")


# A label ending in its number's word and that number, no colon between: 'Vendor No. V1490'.
_NUMBERED_VALUE = re.compile(
    r"^\s*(\S.{0,28}?(?:\b(?:no|nr|num|number)\.?|#))\s*(\S*\d\S*)\s*$", re.IGNORECASE
)


def is_labelled_value(text: str) -> bool:
    """A label with its value after a colon ('Code: V1490'), after its number's word ('Vendor
    No. V1490') or after label words alone, the value a code ('Cod. fornitore F222440',
    'Vendor code V1490'): one field's print, not a name."""
    match = _LABELLED_VALUE.match(text)
    if match and is_label_words(match[1]) and re.search(r"\d", match[2]):
        return True
    match = _NUMBERED_VALUE.match(text)
    if match and is_label_words(match[1]):
        return True
    *words, last = text.split() or [""]
    if not words or _A_CODE.fullmatch(last) is None or not is_label_words(" ".join(words)):
        return False
    return any(_CODE_WORD.fullmatch(_bare(word).strip(".:")) for word in words)  # ('Site 2000')


# A word naming a code or a number ('Cod.', 'Code', 'ID', 'Nr'): the label of one.
_CODE_WORD = re.compile(r"cod|code|codice|c[óo]digo|kode|id|no|nr|num|number|nummer|numero|ref")


# A code: four characters or more, with a digit ('F222440', 'V-1490'; not '365').
_A_CODE = re.compile(r"(?=\S*\d)[\w/.-]{4,}")


# One word of capitals and three digits or more ('BADGER0001', 'V23153'): the supplier's
# account in our books, printed where its name would be ('3M', 'BUILD4LESS' and 'WD-40' are
# names).
_ACCOUNT_CODE = re.compile(r"(?=\S*\d{3})[A-Z][A-Z0-9/.-]{3,}")


def not_a_supplier(text: str, buyer_names: tuple[str, ...]) -> str | None:
    """Why this text cannot be a supplier's name, or None when it can be."""
    if is_label_words(text):
        return "a label, not a name"
    if _REMARK.fullmatch(text.strip()):  # beside a label ('VENDOR  (Code V1968)')
        return "a remark in brackets, not a name"
    if is_buyer(text, buyer_names):
        return "our own company, not the supplier"
    if is_contact(text) or is_phone(text):
        return "a phone, e-mail or web address"
    if is_registration(text):
        return "a registration or VAT number"
    if is_address(text):
        return "an address"
    if is_labelled_value(text):
        return "a label and its value, not a name"
    if _ACCOUNT_CODE.fullmatch(text.strip()):
        return "a code, not a name"
    return None


# --- dates -------------------------------------------------------------------------------

YEARS_BACK = 3
YEARS_AHEAD = 1


def today_of(iso: str) -> date:
    """The day the window is measured from: the given ISO date, else the machine's today."""
    return date.fromisoformat(iso) if iso else date.today()


def in_window(iso_date: str, today: date) -> bool:
    """A document's own date: within three years back and one year ahead of today."""
    day = date.fromisoformat(iso_date)
    return (
        today - timedelta(days=365 * YEARS_BACK) <= day <= today + timedelta(days=365 * YEARS_AHEAD)
    )


# --- project codes -----------------------------------------------------------------------


def code_key(code: str) -> str:
    """A code as the sites table matches it: case, spaces and dashes ignored."""
    return re.sub(r"[\s\-\u2010-\u2015]+", "", code or "").upper()


def _shape(code: str) -> tuple[tuple[str, int], ...]:
    """A code's shape: its runs of letters and digits with their lengths ('JHB-114': A3 9 3)."""
    runs = re.findall(r"[A-Z]+|\d+", code_key(code))
    return tuple(("A" if run.isalpha() else "9", len(run)) for run in runs)


def _shapes_alike(a: tuple, b: tuple) -> bool:
    """The same runs in the same order, each at most one character longer or shorter."""
    return len(a) == len(b) and all(
        x[0] == y[0] and abs(x[1] - y[1]) <= 1 for x, y in zip(a, b, strict=True)
    )


def site_code_proof(code: str, known: tuple[str, ...], ocr: bool = False) -> str | None:
    """How a project code is proven, or None: 'known' (a site's code or alias), 'pattern'
    (shaped like the known codes, and not one misread: a code a letter or a look-alike away
    from a known one is not proven), or 'shape' (no site is known yet: letters and digits).
    A code read by OCR is proven only as a known one, or by its shape when none is known."""
    key = code_key(code)
    if not key:
        return None
    if known:
        if key in {code_key(k) for k in known}:
            return "known"
        if ocr or like_known_code(code, known):
            return None
        shape = _shape(code)
        return "pattern" if any(_shapes_alike(shape, _shape(k)) for k in known) else None
    has_both = re.search(r"[A-Z]", key) and re.search(r"\d", key)
    return "shape" if has_both and len(key) <= 12 and not is_label_words(code) else None


# Letters the OCR reads for digits, and the digits they stand for.
_LOOK_ALIKES = str.maketrans("OQDSIlLZBG", "0005111286")


def _one_letter_apart(a: str, b: str) -> bool:
    """b is a with one letter more (or a with one letter less): 'CCP09' and 'CP09'."""
    if abs(len(a) - len(b)) != 1:
        return False
    longer, shorter = (a, b) if len(a) > len(b) else (b, a)
    return any(
        longer[:i] + longer[i + 1 :] == shorter and longer[i].isalpha() for i in range(len(longer))
    )


def like_known_code(code: str, known: tuple[str, ...]) -> list[str]:
    """The known codes this one may be a misreading of: the same once letters the OCR reads
    for digits are taken as those digits ('PTAS', 'DBNO7'), or one letter more or less
    ('CcP09'). A different digit is a different site, never a misreading."""
    key = code_key(code)
    plain = _digits_for_look_alikes(key)
    out = []
    for other in known:
        other_key = code_key(other)
        if other_key == key:
            continue
        if _digits_for_look_alikes(other_key) == plain or _one_letter_apart(key, other_key):
            out.append(other)
    return out


def _digits_for_look_alikes(key: str) -> str:
    """Every look-alike letter as its digit ('PTAS' -> 'PTA5'); both codes compared are
    taken the same way, so 'DBNO7' and 'DBN07' meet."""
    return key.translate(_LOOK_ALIKES)
