"""Reading and writing money, quantities and dates as the office writes them.

Pure: the importer and the edit forms both parse through here, so a value
typed by a person and one read off a document mean the same thing.
Money is integer cents; quantities are decimal text; dates are YYYY-MM-DD.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

# Currency codes and symbols printed beside amounts: the rand and its neighbours' money, and
# the currencies suppliers abroad quote in.
CURRENCY_CODES = ("ZAR", "USD", "EUR", "GBP", "MZN", "BWP", "NAD", "ZMW", "SZL", "LSL") + (
    "MWK",
    "AOA",
    "KES",
    "CHF",
    "AUD",
    "CAD",
    "CNY",
    "JPY",
    "INR",
    "BRL",
) + (  # and the currencies of countries an office buys from, by their ISO 4217 codes
    "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF", "RON", "BGN", "NZD", "SGD", "HKD",
    "AED", "SAR", "QAR", "ILS", "EGP", "NGN", "GHS", "TZS", "UGX", "MUR", "MXN", "THB",
    "MYR", "KRW", "KZT", "VND", "CLP", "TRY", "RUB", "UAH", "PKR", "LKR", "BDT", "COP",
    "ARS", "PHP", "IDR",
)  # fmt: skip
# The other currencies in use, by their ISO 4217 codes: rarer, so never read inside a code
# ('BND110-45' is a bend).
OTHER_CURRENCY_CODES = (
    "AFN", "AZN", "BBD", "BIF", "BMD", "BND", "BSD", "BTN", "BYN", "BZD",
    "CDF", "DJF", "DZD", "ETB", "FJD", "FKP", "GIP", "GNF", "GTQ", "GYD", "HNL", "HTG",
    "IQD", "IRR", "JMD", "JOD", "KHR", "KMF", "KPW", "KWD", "KYD", "LBP", "LRD", "LYD", "MGA",
    "MKD", "MMK", "MRU", "MVR", "NIO", "NPR", "OMR", "PAB", "PGK", "PYG", "RSD", "RWF",
    "SBD", "SDG", "SLE", "SRD", "SSP", "SYP", "TJS", "TND", "TTD", "TWD", "UYU", "UZS",
    "VES", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZWG",
)  # fmt: skip
CURRENCY_CODES += OTHER_CURRENCY_CODES
# Codes that are also words or abbreviations printed in capitals ('ALL PRICES', 'KGS', 'PEN',
# 'MDL' for a model, 'BHD' in Malaysia's legal form 'Sdn. Bhd.'): a currency only beside an
# amount, or alone in a currency's own cell.
WORDLIKE_CURRENCY_CODES = (
    "ALL", "AMD", "ANG", "AWG", "BAM", "BHD", "BOB", "CRC", "CUP", "CVE", "ERN", "GEL", "KGS",
    "LAK", "MAD", "MDL", "MNT", "MOP", "PEN", "SCR", "SHP", "SOS", "STN", "SVC", "TMT", "TOP",
)  # fmt: skip
_CODES = "|".join(CURRENCY_CODES)
# Every sign Unicode names a currency's ('$', '€', '¢', '₦', '₱', '₫', '৳', '﷼' ...).
SIGNS = "".join(c for c in map(chr, range(0x20, 0x10000)) if unicodedata.category(c) == "Sc")
_SIGN = f"[{re.escape(SIGNS)}]"
# After an amount the cent's sign is a cent ('50¢ each'), no currency's: not taken off there.
_SIGN_AFTER = f"[{re.escape(SIGNS.replace('¢', '').replace('￠', ''))}]"
# The signs of currencies with no cents in use (the dong, the kip, the guaraní, the won, the
# yen, the riel): a point between groups of three beside one is a thousands mark ('45.000₫').
_WHOLE_SIGN = re.compile("[₫₭₲₩¥￥៛]")
_POINT_GROUPS = re.compile(r"\d{1,3}(?:\.\d{3})+")
# before the amount: a code, a sign, or a sign with its country's letters ('EC$', 'NZ$', 'GH₵')
_CURRENCY = re.compile(
    rf"^({_CODES}|[A-Z]{{1,3}}{_SIGN}|Rs\.?|(?-i:Rp)\.?|R|{_SIGN}|kr\.?(?=\s?\d))\s*",
    re.IGNORECASE,
)
# after the amount: a code, a sign ('12 500,00 ₸', '1 234,56 $'), Mozambique's 'MT' after an
# amount with cents, or the short name of the dinar, the denar, the hryvnia or the lev
# ('16.181.124,56 дин.')
_CURRENCY_AFTER = re.compile(
    rf"\s*({_CODES}|{_SIGN_AFTER}|zł|Kč|kr\.?|(?<=\d[.,]\d\d)\s?MT|дин\.?|ден\.?|грн\.?|лв\.?)$",
    re.IGNORECASE,
)


def currency_mark(text: str) -> bool:
    """Nothing but a currency's code or sign, as printed before or after an amount ('ZAR',
    'Rp', 'R$', 'kr.', 'zł', 'грн.')."""
    text = text.strip()
    return bool(text) and bool(_CURRENCY.fullmatch(text) or _CURRENCY_AFTER.fullmatch(text))


# Thousands, then lakhs and crores, in pairs of digits: '1,18,394.60'.
_LAKHS = re.compile(r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?")
_GROUPING = re.compile(r"(?<=\d)[ ,'\u00a0\u202f](?=\d{3}(?!\d))")
# 1 234,56 or 1.234,56: grouped thousands and a decimal comma cannot be read any other way.
_COMMA_DECIMAL = re.compile(r"\d{1,3}(?:[ .'\u00a0\u202f]\d{3})+,\d{1,2}")
_COMMA_GROUPING = re.compile(r"(?<=\d)[ .'\u00a0\u202f](?=\d{3}(?!\d))")
_PLAIN_POINT = re.compile(r"\d+(\.\d+)?")
_PLAIN_COMMA = re.compile(r"\d+(,\d+)?")
# The escudo's '$' where the decimal mark goes, its thousands grouped by points or not:
# '6.850.776$00', '2.797$21', '271$00' (Cape Verde's, as Portugal's was printed); not a
# quantity run into a dollar price ('2$12.50', a space lost by the OCR).
ESCUDO = r"(?:\d{1,3}(?:\.\d{3})+|\d+)\$\d\d(?!\d|[.,]\d)"
_ESCUDO = re.compile(ESCUDO)
# A whole amount's closing mark, in East Africa's shillings and South Asia's rupees:
# '193,945/=', 'Rs. 1,500/-'.
_WHOLE_MARK = re.compile(r"(?<=\d)\s?/[=-]$")
_WHOLE_GROUPS = re.compile(r"\d{1,3}(?:[.,' \u00a0\u202f]\d{3})+")


def parse_decimal(
    text: str | int | float | Decimal | None, what: str = "number", decimal_comma: bool = False
) -> Decimal:
    """'1,234.56', '1 234.56', 'R 1234.56', '(12.50)', '1 234,56', '1.234$56' -> Decimal, or
    ValueError.

    A lone '1,23' is refused unless the caller knows its document writes decimal
    commas (decimal_comma=True); '1 234,56' is read as 1234.56 either way.
    """
    if isinstance(text, (Decimal, int, float)):
        return _in_range(Decimal(str(text)) if isinstance(text, float) else Decimal(text), what)
    raw = (text or "").strip()
    # The plain forms an export writes on every line, read without the rules below.
    if (_PLAIN_COMMA if decimal_comma else _PLAIN_POINT).fullmatch(raw):
        return _in_range(Decimal(raw.replace(",", ".")), what, raw)
    cleaned = raw
    negative = cleaned.startswith("(") and cleaned.endswith(")")
    if negative:
        cleaned = cleaned[1:-1].strip()
    if cleaned.startswith("-"):
        negative, cleaned = True, cleaned[1:].strip()
    # (and a dollar's or a peso's sign after the amount: '45.000 $', an escudo's '1.500$')
    whole = bool(_WHOLE_SIGN.search(cleaned)) or cleaned.endswith("$")
    cleaned = _CURRENCY_AFTER.sub("", _CURRENCY.sub("", cleaned))
    if whole and _POINT_GROUPS.fullmatch(cleaned):
        cleaned = cleaned.replace(".", "")  # '45.000₫': forty-five thousand dong
    if _WHOLE_MARK.search(cleaned):  # a whole amount: its marks group thousands ('1.500/=')
        cleaned = _WHOLE_MARK.sub("", cleaned)
        if _WHOLE_GROUPS.fullmatch(cleaned):
            cleaned = re.sub(r"[.,' \u00a0\u202f]", "", cleaned)
    if _ESCUDO.fullmatch(cleaned):
        cleaned = cleaned.replace(".", "").replace("$", ".")
    elif decimal_comma or _COMMA_DECIMAL.fullmatch(cleaned):
        cleaned = _COMMA_GROUPING.sub("", cleaned).replace(",", ".")
    if _LAKHS.fullmatch(cleaned):
        cleaned = cleaned.replace(",", "")
    cleaned = _GROUPING.sub("", cleaned)
    if not re.fullmatch(r"\d+(\.\d+)?|\.\d+", cleaned):
        raise ValueError(f"{raw!r} is not a {what}")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ValueError(f"{raw!r} is not a {what}") from None
    return _in_range(-value if negative else value, what, raw)


# Thirteen digits before the point: ten trillion, far past any PO, and its cents
# still fit a database integer (and Decimal's default precision).
MAX_DIGITS = 13


class TooLarge(ValueError):
    """A number with more digits than any real amount has."""


def _in_range(value: Decimal, what: str, raw: object = None) -> Decimal:
    shown = repr(raw if raw is not None else str(value))
    if not value.is_finite():
        raise ValueError(f"{shown} is not a {what}")
    if value and value.adjusted() >= MAX_DIGITS:
        raise TooLarge(f"{shown} is too large to be a {what}")
    return value


def parse_money(text: str | int | float | Decimal | None, decimal_comma: bool = False) -> int:
    """An amount of money in cents, rounded half up."""
    value = parse_decimal(text, "money amount", decimal_comma)
    return int((value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def money_field(value: object, label: str, quote: Callable[[str], str] = repr) -> int | None:
    """A money field as written, in cents; blank is None. ValueError says in words what is wrong.

    `quote` shows the bad value in the sentence: repr for the API, “…” for the forms.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        return parse_money(value)
    except TooLarge:
        verdict = "too large to be"
    except ValueError:
        verdict = "not"
    raise ValueError(f"The {label} {quote(str(value)[:40])} is {verdict} an amount of money.")


def line_amount(
    quantity: str | Decimal, unit_price_cents: int | Decimal, discount_percent: str | None = None
) -> int:
    """An item's amount when only its quantity, price (and discount) are written: quantity x
    price less the discount, rounded to the cent."""
    amount = Decimal(quantity) * unit_price_cents
    if discount_percent:
        amount = amount * (100 - Decimal(discount_percent)) / 100
    return int(amount.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def parse_quantity(text: str | int | float | Decimal | None, decimal_comma: bool = False) -> str:
    """A quantity as plain decimal text without trailing zeros: '2.50' -> '2.5'."""
    value = parse_decimal(text, "quantity", decimal_comma)
    normalised = value.normalize()
    # normalize() writes 100 as 1E+2; quantize back to a plain integer form.
    if normalised == normalised.to_integral_value():
        normalised = normalised.quantize(Decimal(1))
    return format(normalised, "f")


def parse_percent(text: str | int | float | Decimal | None) -> str | None:
    """A discount in percent ('10', '2,5 %', 7.5) as decimal text; blank or 0 is None.

    ValueError unless it is a number from 0 up to (not including) 100.
    """
    raw = str(text if text is not None else "").strip().rstrip("%").strip()
    if not raw:
        return None
    try:
        percent = parse_decimal(raw.replace(",", "."), "percentage")
    except ValueError:
        percent = None
    if percent is None or not 0 <= percent < 100:
        raise ValueError(f"{raw[:40]!r} is not a percentage from 0 to 99.99")
    return parse_quantity(percent) if percent else None


def cents_to_text(cents: int | None) -> str | None:
    """Cents as the decimal text the API returns: 123456 -> '1234.56'."""
    if cents is None:
        return None
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def format_money(cents: int | None) -> str:
    """Cents for people: 123456 -> '1 234.56', space-grouped as South African documents write it."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole:,}.{part:02d}".replace(",", "\u00a0")


# Month names and their short forms in the languages the office's suppliers print: English,
# Afrikaans and Dutch, German, French, Portuguese and Spanish; and Russian (as Kazakh offices
# write it, 'от 9 ноября 2026 г.'), Lithuanian ('2026 m. kovo 2 d.') and Georgian.
_MONTH_NAMES = [
    "jan january januarie januari januar jänner janvier janv janeiro enero ene "
    "январь января sausio იანვარი",
    "feb february februarie februari februar février févr fév fevereiro fev febrero "
    "февраль февраля vasario თებერვალი",
    "mar march maart mrt märz mär mrz mars março marzo март марта kovo მარტი",
    "apr april avril avr abril abr апрель апреля balandžio აპრილი",
    "may mei mai maio mayo май мая gegužės მაისი",
    "jun june junie juni juin junho junio июнь июня birželio ივნისი",
    "jul july julie juli juillet juil julho julio июль июля liepos ივლისი",
    "aug august augustus août agosto ago август августа rugpjūčio აგვისტო",
    "sep sept september septembre setembro set septiembre setiembre сентябрь сентября "
    "rugsėjo სექტემბერი",
    "oct october oktober okt octobre outubro out octubre октябрь октября spalio ოქტომბერი",
    "nov november novembre novembro noviembre ноябрь ноября lapkričio ნოემბერი",
    "dec december desember des dezember dez décembre déc dezembro diciembre dic декабрь "
    "декабря gruodžio დეკემბერი",
]
# Latvian's, in the nominative, the genitive and the locative ('2026. gada 5. jūnijā').
_LATVIAN_MONTHS = [
    "janvāris janvāra janvārī", "februāris februāra februārī", "marts marta martā",
    "aprīlis aprīļa aprīlī", "maijs maija maijā", "jūnijs jūnija jūnijā", "jūlijs jūlija jūlijā",
    "augusts augusta augustā", "septembris septembra septembrī", "oktobris oktobra oktobrī",
    "novembris novembra novembrī", "decembris decembra decembrī",
]  # fmt: skip
# Ukrainian's, in the nominative and the genitive ('«20» червня 2026 р.').
_UKRAINIAN_MONTHS = [
    "січень січня", "лютий лютого", "березень березня", "квітень квітня", "травень травня",
    "червень червня", "липень липня", "серпень серпня", "вересень вересня", "жовтень жовтня",
    "листопад листопада", "грудень грудня",
]  # fmt: skip
# And the other languages the office's suppliers print, each month's names as they write
# them in a date (their genitive, where a date puts it so): Italian, Maltese, Malay and
# Indonesian, Turkish, Azerbaijani, Uzbek and Turkmen, Tajik, Polish, Czech and Slovak,
# Hungarian, Romanian, Welsh, and the Scandinavian forms not above. (Polish's and Croatian's
# 'listopada' name different months, so neither is here.)
_MORE_MONTHS = [
    "gennaio jannar januari ocak yanvar ýanwar январ stycznia ledna januára január ianuarie ionawr",
    "febbraio frar februari şubat fevral fewral феврал lutego února februára február "
    "februarie chwefror",
    "marzo marzu mac maret mart марти марта marca března marca március martie mawrth",
    "aprile april nisan aprel апрел апрели kwietnia dubna apríla április aprilie ebrill",
    "maggio mejju mei mayıs maý май мая maja května mája május mai maj",
    "giugno ġunju gunju jun juni haziran iyun iýun июн июни czerwca června júna június iunie "
    "mehefin",
    "luglio lulju julai juli temmuz iyul iýul июл июли lipca července júla július iulie gorffennaf",
    "agosto awwissu ogos agustus ağustos avqust avgust awgust августи sierpnia srpna augusta "
    "augusztus augusti awst",
    "settembre settembru september eylül sentyabr sentabr sentýabr сентябр сентябри "
    "września září septembra szeptember septembrie medi",
    "ottobre ottubru oktober ekim oktyabr oktabr oktýabr октябр октябри października října "
    "októbra október octombrie hydref",
    "novembre novembru november kasım noyabr noýabr ноябр ноябри listopadu novembra noiembrie "
    "tachwedd",
    "dicembre diċembru disember desember aralık dekabr декабр декабри grudnia prosince "
    "decembra decembrie rhagfyr",
]
# Irish's, in the nominative and the genitive after 'mí' ('7 Samhain 2026', '14 Márta 2026');
# September and October are two words ('Meán Fómhair'), joined before a date is read.
_IRISH_MONTHS = [
    "eanáir eanair", "feabhra", "márta marta", "aibreán aibrean", "bealtaine", "meitheamh",
    "iúil iuil", "lúnasa lunasa", "meánfómhair meanfomhair", "deireadhfómhair deireadhfomhair",
    "samhain", "nollaig",
]  # fmt: skip
_IRISH_TWO = r"(?:me[áa]n|deireadh)\s+f[óo]mhair"
_IRISH_TWO_WORDS = re.compile(rf"\b{_IRISH_TWO}\b", re.IGNORECASE)
_MONTHS = {
    name: number
    for listed in (_MONTH_NAMES, _LATVIAN_MONTHS, _UKRAINIAN_MONTHS, _MORE_MONTHS, _IRISH_MONTHS)
    for number, names in enumerate(listed, start=1)
    for name in names.split()
}


_WEEKDAY = re.compile(r"^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+", re.IGNORECASE)
_MONTH_WORDS = "|".join([_IRISH_TWO, *sorted(_MONTHS, key=len, reverse=True)])
# A date somewhere in a longer text, in any of the forms parse_date reads; one that starts
# with its year has one separator throughout ('1090-4.2' is a crane's model, not a date).
DATE_IN_TEXT = re.compile(
    rf"\b(?:\d{{4}}(?P<a>[/.\-])\d{{1,2}}(?P=a)\d{{1,2}}"
    rf"|\d{{1,2}}[/.\-]\d{{1,2}}[/.\-]\d{{2,4}}"
    rf"|\d{{1,2}}\.\s\d{{1,2}}\.\s\d{{4}}"  # '3. 4. 2026'
    # (the day in quotation marks: '«20» червня 2026 р.')
    # ('19 de agosto de 2026', Maltese's '1 ta' Mejju 2026')
    rf"|\d{{1,2}}[»\"”]?(?:st|nd|rd|th|\.)?[\s\-/]+(?:de\s+|ta['’]\s+)?(?:{_MONTH_WORDS})\.?,?[\s\-/]+"
    rf"(?:de\s+)?\d{{2,4}}"
    rf"|(?:{_MONTH_WORDS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    # the year first, with its word and the day's ('2026 m. kovo 2 d.', '2026. gada 5. jūnijā',
    # Uzbek's '2026-yil «3» iyul')
    rf"|\d{{4}}\s*m\.\s+(?:{_MONTH_WORDS})\s+\d{{1,2}}\s*d\."
    rf"|\d{{4}}\s*-?\s*yil\s+[«\"“]?\d{{1,2}}[»\"”]?(?:\s+|-)(?:{_MONTH_WORDS})"  # ('17-iyun')
    rf"|\d{{4}}\.\s*gada\s+\d{{1,2}}\.\s*(?:{_MONTH_WORDS})"
    # the day's, the month's and the year's words before each ('ngày 12 tháng 07 năm 2026')
    rf"|ngày\s+\d{{1,2}}\s+tháng\s+\d{{1,2}}\s+năm\s+\d{{4}}"
    # the year's, the month's and the day's marks after each ('2026年2月27日', '2026년 2월
    # 27일', '2026 оны 02 сарын 27')
    rf"|\d{{4}}\s*(?:年|년|оны)\s*\d{{1,2}}\s*(?:月|월|сарын)\s*\d{{1,2}}(?:\s*[日일])?)(?!\w)",
    re.IGNORECASE,
)


def parse_date(text: str | None, day_first: bool = True) -> str:
    """'2026-08-19', '19/08/2026', '2026/08/19', '19 Aug 2026' -> '2026-08-19'; month names
    in the other languages too ('19. August 2026', '19 août 2026', '19 de agosto de 2026').

    Numeric dates are day first unless day_first=False; one that only works
    the other way round (13/08 vs 08/13) is read the way that works.
    """
    raw = (text or "").strip()
    cleaned = re.sub(r"[«»\"“”]", "", _WEEKDAY.sub("", raw))  # '«20» червня 2026 р.'
    # ('Meán Fómhair', September, one word)
    cleaned = _IRISH_TWO_WORDS.sub(lambda two: "".join(two[0].split()), cleaned)
    cleaned = re.sub(r"(?<=\d)(st|nd|rd|th)\b", "", cleaned, flags=re.IGNORECASE)
    cleaned = re.sub(r"(?<=\d)\s*[年月日년월일]", " ", cleaned)  # '2026年2月27日'
    parts = [p.rstrip(".") for p in re.split(r"[\s/.\-,]+", cleaned) if p]
    # '19 de agosto de 2026'; the year's and the day's words ('9 ноября 2026 г.', '2026 m. kovo
    # 2 d.', '22 მაისი, 2026 წ.', '2026 оны 02 сарын 27')
    skipped = ("de", "del", "г", "р", "m", "d", "წ", "gada", "ngày", "tháng", "năm", "оны", "сарын")
    skipped += ("ta'", "ta’", "с", "ý", "yil")  # (Maltese's 'of'; Tajik's, Turkmen's, Uzbek's year)
    parts = [p for p in parts if p.lower() not in skipped]
    try:
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            a, b, c = (int(p) for p in parts)
            if len(parts[0]) == 4:
                year, month, day = a, b, c
            else:
                first, second, year = a, b, c
                day, month = (first, second) if day_first else (second, first)
                if month > 12 >= day:
                    day, month = month, day
        elif len(parts) == 3 and len(parts[0]) == 4 and parts[1].lower() in _MONTHS:
            year, month, day = int(parts[0]), _MONTHS[parts[1].lower()], int(parts[2])
        elif len(parts) == 3 and len(parts[0]) == 4 and parts[2].lower() in _MONTHS:
            year, day, month = int(parts[0]), int(parts[1]), _MONTHS[parts[2].lower()]
        elif len(parts) == 3 and parts[1].lower() in _MONTHS:
            day, month, year = int(parts[0]), _MONTHS[parts[1].lower()], int(parts[2])
        elif len(parts) == 3 and parts[0].lower() in _MONTHS:
            month, day, year = _MONTHS[parts[0].lower()], int(parts[1]), int(parts[2])
        else:
            raise ValueError
        if year < 100:
            year += 2000
        return date(year, month, day).isoformat()
    except ValueError:
        raise ValueError(f"{raw!r} is not a date") from None
