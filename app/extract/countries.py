"""The country a page comes from, by its phones' dialling codes and its e-mail and web
addresses, and that country's currency: a guess for a page that prints no currency, always
flagged. Pure data and two lookups.

Each row: the country's internet domain, its dialling code ('-' where countries share one:
+1 for North America and most of the Caribbean, +7 for Russia and Kazakhstan) and the ISO
4217 code of the money it prices in. A country that prices in two (Panama, Zimbabwe) is left
out: the page must say which.
"""

from __future__ import annotations

import re

_TABLE = """
dz 213 DZD  ao 244 AOA  bj 229 XOF  bw 267 BWP  bf 226 XOF  bi 257 BIF  cm 237 XAF
cv 238 CVE  cf 236 XAF  td 235 XAF  km 269 KMF  cd 243 CDF  cg 242 XAF  ci 225 XOF
dj 253 DJF  eg 20 EGP   gq 240 XAF  er 291 ERN  sz 268 SZL  et 251 ETB  ga 241 XAF
gm 220 GMD  gh 233 GHS  gn 224 GNF  gw 245 XOF  ke 254 KES  ls 266 LSL  lr 231 LRD
ly 218 LYD  mg 261 MGA  mw 265 MWK  ml 223 XOF  mr 222 MRU  mu 230 MUR  ma 212 MAD
mz 258 MZN  na 264 NAD  ne 227 XOF  ng 234 NGN  rw 250 RWF  sn 221 XOF  sc 248 SCR
sl 232 SLE  so 252 SOS  ss 211 SSP  sd 249 SDG  tz 255 TZS  tg 228 XOF  tn 216 TND
ug 256 UGX  zm 260 ZMW  za 27 ZAR
ae 971 AED  bh 973 BHD  iq 964 IQD  ir 98 IRR   il 972 ILS  jo 962 JOD  kw 965 KWD
lb 961 LBP  om 968 OMR  qa 974 QAR  sa 966 SAR  sy 963 SYP  tr 90 TRY   ye 967 YER
al 355 ALL  ad 376 EUR  at 43 EUR   by 375 BYN  be 32 EUR   ba 387 BAM  hr 385 EUR
cy 357 EUR  cz 420 CZK  dk 45 DKK   ee 372 EUR  fo 298 DKK  fi 358 EUR  fr 33 EUR
de 49 EUR   gr 30 EUR   hu 36 HUF   is 354 ISK  ie 353 EUR  it 39 EUR   lv 371 EUR
li 423 CHF  lt 370 EUR  lu 352 EUR  mt 356 EUR  md 373 MDL  mc 377 EUR  me 382 EUR
mk 389 MKD  nl 31 EUR   no 47 NOK   pl 48 PLN   pt 351 EUR  ro 40 RON   rs 381 RSD
ru - RUB    sk 421 EUR  si 386 EUR  es 34 EUR   se 46 SEK   ch 41 CHF   ua 380 UAH
uk 44 GBP   gl 299 DKK
af 93 AFN   am 374 AMD  az 994 AZN  bd 880 BDT  bt 975 BTN  bn 673 BND  kh 855 KHR
cn 86 CNY   ge 995 GEL  hk 852 HKD  in 91 INR   id 62 IDR   jp 81 JPY   kz - KZT
kg 996 KGS  la 856 LAK  my 60 MYR   mv 960 MVR  mn 976 MNT  mm 95 MMK   np 977 NPR
pk 92 PKR   ph 63 PHP   sg 65 SGD   kr 82 KRW   lk 94 LKR   tw 886 TWD  tj 992 TJS
th 66 THB   tl 670 USD  tm 993 TMT  uz 998 UZS  vn 84 VND
au 61 AUD   fj 679 FJD  ki 686 AUD  nz 64 NZD   pg 675 PGK  ws 685 WST  sb 677 SBD
to 676 TOP  vu 678 VUV  nc 687 XPF  pf 689 XPF  pw 680 USD  ck 682 NZD  tv 688 AUD
mh 692 USD  nu 683 NZD
ar 54 ARS   bo 591 BOB  br 55 BRL   cl 56 CLP   co 57 COP   cr 506 CRC  cu 53 CUP
ec 593 USD  sv 503 USD  gt 502 GTQ  gy 592 GYD  ht 509 HTG  hn 504 HNL  mx 52 MXN
cw - XCG    ni 505 NIO  py 595 PYG  pe 51 PEN   sr 597 SRD  uy 598 UYU  ve 58 VES   bz 501 BZD
us - USD    ca - CAD    bs - BSD    bb - BBD    bm - BMD    ky - KYD    do - DOP
jm - JMD    tt - TTD    pr - USD    aw 297 AWG
"""
_ROWS = re.findall(r"([a-z]{2}) (\d+|-) ([A-Z]{3})", _TABLE)
BY_DOMAIN = {domain: currency for domain, _, currency in _ROWS}
BY_DIALLING = {dial: currency for _, dial, currency in _ROWS if dial != "-"}


# The countries' names as an address prints them, in English and in their own languages, by
# their domains; names that are also a word, a person's or a state's ('Chad', 'Jordan',
# 'Georgia', 'Turkey', 'China', 'Guinea') are left out, as are the office's own country and
# the countries the table leaves out.
_NAMES = """
dz Algeria|Algérie|Algerie  ao Angola  bj Bénin|Benin  bw Botswana  bf Burkina\\s+Faso
bi Burundi  cm Cameroun|Cameroon  cv Cabo\\s+Verde|Cape\\s+Verde  km Comores|Comoros
cd RDC|R\\.D\\.\\s?Congo|Kinshasa  dj Djibouti  eg Egypt|Égypte  er Eritrea  sz Eswatini
et Ethiopia  ga Gabon  gm Gambia  gh Ghana  ke Kenya  ls Lesotho  lr Liberia  ly Libya|Libye
mg Madagascar  mw Malawi  ml Mali  mr Mauritanie|Mauritania  mu Mauritius
ma Maroc|Morocco  mz Moçambique|Mozambique  na Namibia  ne Niger  ng Nigeria  rw Rwanda
sn Sénégal|Senegal  sc Seychelles  sl Sierra\\s+Leone  so Somalia  sd Sudan  tz Tanzania
tg Togo  tn Tunisie|Tunisia  ug Uganda  zm Zambia
ae United\\s+Arab\\s+Emirates|U\\.A\\.E\\.|Dubai|Abu\\s+Dhabi  bh Bahrain  iq Iraq
kw Kuwait  lb Lebanon|Liban  om Oman  qa Qatar  sa Saudi\\s+Arabia  ye Yemen
al Albania|Shqipëri[ae]  at Austria|Österreich  be Belgium|Belgique|België  ba Bosnia
hr Croatia|Hrvatska  cy Cyprus  cz Czechia|Česk[áo]\\s+republika|Česko  dk Denmark|Danmark
ee Estonia|Eesti  fi Finland|Suomi  fr France  de Germany|Deutschland  gr Greece
hu Hungary|Magyarország  is Iceland|Ísland  ie (?<!Northern\\s)Ireland|Éire
it Italy|Italia  lv Latvia|Latvija
lt Lithuania|Lietuva  lu Luxembourg  mt Malta  md Moldova  me Montenegro|Crna\\s+Gora
mk North\\s+Macedonia  nl Netherlands|Nederland  no Norway|Norge  pl Poland|Polska
pt Portugal  ro Romania|România  rs Serbia|Srbija  sk Slovakia|Slovensko  si Slovenia|Slovenija
es Spain|España  se Sweden|Sverige  ch Switzerland|Schweiz|Suisse|Svizzera  ua Ukraine
uk United\\s+Kingdom|(?<!New\\s)England|Scotland|(?<!South\\s)Wales|Northern\\s+Ireland
fo Faroe\\s+Islands|Føroyar
am Armenia  az Azerbaijan|Azərbaycan  bd Bangladesh  bt Bhutan  kh Cambodia  in India
id Indonesia  jp Japan  kg Kyrgyzstan  la Laos  my Malaysia  mv Maldives  mn Mongolia
np Nepal  pk Pakistan  ph Philippines  sg Singapore  lk Sri\\s+Lanka  tw Taiwan
tr Türkiye  tj Tajikistan|Тоҷикистон  th Thailand  tm Turkmenistan  uz Uzbekistan|O[‘'’`ʻ]?zbekiston
vn Vietnam|Viet\\s+Nam|Việt\\s+Nam
au Australia  fj Fiji  nz New\\s+Zealand|Aotearoa  pg Papua\\s+New\\s+Guinea  ws Samoa
sb Solomon\\s+Islands  to Tonga  vu Vanuatu  nc Nouvelle-Calédonie|New\\s+Caledonia
pf Polynésie\\s+française|French\\s+Polynesia|Tahiti  ck Cook\\s+Islands  tv Tuvalu
ki Kiribati  pw Palau  mh Marshall\\s+Islands  nu Niue
ar Argentina  bo Bolivia  br Brasil|Brazil  cl Chile  co Colombia  cr Costa\\s+Rica
ec Ecuador  sv El\\s+Salvador  gt Guatemala  gy Guyana  ht Haïti|Haiti  hn Honduras
mx México|(?<!New\\s)Mexico  ni Nicaragua  py Paraguay  pe Perú|Peru  sr Suriname  uy Uruguay
ve Venezuela  cu Cuba  bz Belize  bs Bahamas  bb Barbados  bm Bermuda  ky Cayman\\s+Islands
do República\\s+Dominicana|Dominican\\s+Republic  jm Jamaica  tt Trinidad  aw Aruba
"""
# A country's name as an address ends with it: after a comma or a dash ('Tegucigalpa,
# Honduras', 'Barcadera - Aruba'), and ending its cell or before a comma, a dash or a
# postcode; not 'Made in Italy', '22 Kenya Road', 'Tonga, Mpumalanga' nor 'Pick n Pay RDC'.
_BEFORE = r"(?:(?<=,\s)|(?<=\s[-–·]\s))"
_AFTER = r"(?=\s*$|,|\s{2}|\s[-–·]\s|\s\d|\s?\()"
_NAMED = [
    (domain, re.compile(rf"{_BEFORE}(?:{names}){_AFTER}", re.MULTILINE))
    for domain, names in re.findall(r"([a-z]{2}) (\S+)", _NAMES)
]
# An address of the United States or Canada by its state's or province's letters and its
# postcode after a town ('ATLANTA, GA 30336', 'Toronto ON M5V 2T6'): the country, unnamed.
_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|"
    "NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY"
)
_PROVINCES = "AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT"
# (the town and a comma before the state; the postcode ending its cell: not 'Vendor ID 10234'
# nor 'VALOR DE 12500,00')
_TOWN = r"(?<![^\W\d_])[^\W\d_]{3,}\.?,\s"
_ENDS = r"(?= {2,}|[ \t]*(?:\n|$))"
# A British postcode ending an address's parts, after its town and a comma before that
# ('3 Waterfront Way, Brierley Hill DY5 1XN', 'Spennells Valley Road, DY10 1XS'), ending its
# cell or before a dot between parts ('… DY5 1XN · 01384 …'); not a lamp's 'T8 4FT'.
_UK_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]?\s\d[ABD-HJLNP-UW-Z]{2}"
_UK_TOWN = r",\s(?:[^\W\d_][^\W\d_'.-]*\s){0,3}"
_UK_ENDS = r"(?=[ \t]*$|\s{2}|\s[·|–-]\s)"
_ADDRESSED = [
    ("uk", re.compile(rf"{_UK_TOWN}{_UK_POSTCODE}{_UK_ENDS}", re.MULTILINE)),
    ("us", re.compile(rf"{_TOWN}(?:{_STATES})\s{{1,2}}\d{{5}}(?:-\d{{4}})?{_ENDS}", re.MULTILINE)),
    ("ca", re.compile(rf"{_TOWN}(?:{_PROVINCES})\s{{1,2}}[A-Z]\d[A-Z]\s?\d[A-Z]\d{_ENDS}", re.M)),
]

# A company named after its country: the country last before its legal form, or in brackets
# ('Meridian Construction Nepal Pvt. Ltd.', 'MERIDIAN CONSTRUCTION MAROC S.A.R.L.', 'Holcim
# (Thailand) Co., Ltd.', 'Construcciones de México, S.A. de C.V.'); not '(Pty)', which South
# Africa's and Australia's companies share.
_LEGAL_FORM = (
    r"(?:\(?Pvt\.?\)?\s+)?(?:Ltd|Limited|Co\.|Company|Inc\b|LLC|PLC|Pte|Sdn|GmbH|AG\b|B\.?V\b"
    r"|S\.?A\.?R\.?L|S\.?A\.?S\b|S\.?A\b|S\.?R\.?L|S\.?p\.?A\b|Ltda|Lda|Kft|d\.o\.o|Sp\.\s?z)"
)
_COMPANY = [
    (domain, re.compile(rf"(?<![^\W\d_])(?:{names})(?:\)\s+|,?\s+){_LEGAL_FORM}"))
    for domain, names in re.findall(r"([a-z]{2}) (\S+)", _NAMES)
]
# A tax registration's name (and shape) that one country's alone, with its number in its
# shape (a bearing's 'NTN 6205-2RS', a tube's 'MST' name none): Mexico's RFC, Argentina's
# CUIT, Brazil's CNPJ, Pakistan's NTN and STRN, Colombia's NIT with its check digit, Chile's
# RUT, Peru's RUC, the Philippines' TIN, Morocco's ICE, Indonesia's NPWP, Kenya's KRA PIN,
# Australia's ABN, Vietnam's MST.
_REGISTRATIONS = [
    ("mx", r"\bRFC:?\s*[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}\b"),
    ("ar", r"\bC\.?U\.?I\.?T\.?(?:\s*N[°ºo.]*)?:?\s*\d{2}-?\d{8}-?\d\b"),
    ("br", r"\bC\.?N\.?P\.?J\.?\s*:?\s*\d"),
    ("pk", r"\bNTN\s*(?:No\.?|#|:)?\s*\d{7}-?\d\b|\bSTRN\s*(?:No\.?|#|:)?\s*\d{13}\b"),
    ("co", r"\bNIT:?\s*\d{3}\.?\d{3}\.?\d{3}-\d\b"),
    ("cl", r"\bR\.?U\.?T\.?:?\s*\d{1,2}\.\d{3}\.\d{3}-[\dkK]\b"),
    ("pe", r"\bR\.?U\.?C\.?:?\s*(?:10|20)\d{9}\b"),
    ("ph", r"\bTIN:?\s*\d{3}-\d{3}-\d{3}-\d{3,5}\b"),
    ("ma", r"\bICE:?\s*\d{15}\b"),
    ("id", r"\bNPWP\s*:?\s*\d"),
    ("ke", r"\bKRA\s+PIN\s*(?:No\.?)?\s*:?\s*[AP]\d"),
    ("au", r"\bABN:?\s*\d{2}\s?\d{3}\s?\d{3}\s?\d{3}\b"),
    ("vn", r"\bMST\s*:?\s*\d{10}(?:-\d{3})?\b|(?i:mã\s+số\s+thuế)"),
]
_REGISTERED = [(domain, re.compile(pattern)) for domain, pattern in _REGISTRATIONS]
# The page's head, its first three lines, where its issuer is named, and its parties' lines: a
# company named after its country counts there only (a product's maker named in a note, 'Jotun
# Paints (Malaysia) Sdn Bhd', says nothing of where the page is from).
_TOP = 3
# A party's label: the company under it or after it on its line is the page's party too ('Sold
# To' over 'Meridian Construction (Thailand) Co., Ltd.').
_PARTY = re.compile(
    r"\b(?:sold|bill(?:ed)?|ship(?:ped)?|invoice|deliver(?:ed)?)\s+to\b|\b(?:customer|client|"
    r"supplier|vendor|buyer|purchaser|consignee|kunde|cliente|fournisseur|proveedor|"
    r"fornecedor|leverancier|lieferant|comprador|acheteur)\b",
    re.IGNORECASE,
)


def named(text: str) -> set[str]:
    """The domains of the countries the text names as an address's last part ('Tegucigalpa,
    M.D.C., Honduras, C.A.', 'Alofi, Niue') or in a company's name before its legal form in
    the page's head, whose addresses it prints ('Atlanta, GA 30336', 'Brierley Hill DY5
    1XN'), or whose tax registration it prints ('RFC: MCM150312QR4')."""
    named = {domain for domain, name in _NAMED if name.search(text)}
    rows = text.splitlines()
    heads = rows[:_TOP] + [  # (not a maker's 'Knauf Gips Deutschland GmbH' in a note)
        row
        for n, row in enumerate(rows)
        if _PARTY.search(row) or (n and _PARTY.search(rows[n - 1]))
    ]
    named |= {domain for domain, name in _COMPANY if name.search("\n".join(heads))}
    named |= {domain for domain, registration in _REGISTERED if registration.search(text)}
    return named | {domain for domain, address in _ADDRESSED if address.search(text)}


def currency_of(dialled: set[str], domains: set[str]) -> str | None:
    """The one currency of the countries a page's phones dial and its addresses end in
    ('+593', '.com.ec') or name, or None where they name none or several."""
    named = {BY_DIALLING.get(code) for code in dialled} | {BY_DOMAIN.get(d) for d in domains}
    named.discard(None)
    return named.pop() if len(named) == 1 else None
