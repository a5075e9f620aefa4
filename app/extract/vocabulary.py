"""The label words of the languages suppliers print orders in, beside the English ones.

Afrikaans, Dutch, German, French, Portuguese and Spanish wordings, and many
more languages' after them, for the header fields (fields.py), the foot
(totals.py) and the item table's columns (tables.py), as regular-expression
fragments matched against lower-cased text. Only words a form prints as a
label belong here: what a value may be is decided elsewhere. Pure data.
"""

from __future__ import annotations

# The number sign 'N°', 'Nº', 'N.º', and 'N.º' as the OCR reads its small raised o ('N.o',
# 'N.2').
SIGN = r"n\.?\s?[°º]\.?|n\.\s?[o2]\.?"
# 'No.', 'Nr.', the number sign and their spelled-out forms, after a label word.
NUMBER = rf"\s*(?:no\.?|nr\.?|{SIGN}|nommer|nummer|num[ée]ro|n[úu]mero)"

PO_NUMBER = [
    r"رقم\s+أمر\s+الشراء",  # (Arabic's number of the purchase order)
    r"bestel(?:ling)?s?-?\s*(?:nommer|nr\.?|no\.?)|bestelnommer|aankoopbestelling" + NUMBER,
    r"(?:unsere\s+)?bestell(?:ung)?s?-?\s*(?:nummer|nr\.?)|auftrags?-?\s*(?:nummer|nr\.?)|"
    r"beleg-?\s*(?:nummer|nr\.?)",
    r"(?:n[°º]|num[ée]ro)\s*(?:de\s+)?(?:la\s+)?(?:bon\s+de\s+)?commande|commande\s+n[°º]|n[°º]\s*bc|"
    r"bc\s*n[°º]",
    rf"(?:{SIGN}|n[úu]mero|no\.?)\s*(?:do\s+|de\s+|del\s+|da\s+)?"
    r"(?:pedido|encomenda|orden(?:\s+de\s+compra)?|ordem(?:\s+de\s+compra)?|o[./]?c\.?)",
    r"(?:pedido(?:\s+de\s+compra)?|encomenda|nota\s+de\s+encomenda|ordem\s+de\s+compra|"
    r"orden\s+de\s+compra|o[./]?c\.?)" + NUMBER,
    # Catalan's 'Núm. comanda', 'Comanda núm.'
    r"n[úu]m(?:\.|ero)?\s*(?:de\s+)?(?:la\s+)?comanda|comanda\s+n[úu]m(?:\.|ero)?",
    r"avrop\s*-?\s*(?:nr\.?|nummer)",  # (Norwegian's call-off under a framework agreement)
    # Danish's, Norwegian's and Swedish's ('Ordrenr.', 'Bestillingsnr.', 'Inköpsorder nr')
    r"(?:ordre|k[øo]bsordre|indk[øo]bsordre|innkj[øo]psordre|bestillings?|best[äa]llnings?|"
    r"ink[öo]psorder|inkooporder|order)\s*-?\s*(?:nr\.?|nummer)",
    r"(?:nr\.?|numri)\s+i\s+porosis[ëe]",  # Albanian's number of the order
    # Malay's and Indonesian's ('No. Pesanan', 'Nomor Pesanan Pembelian')
    r"(?:no\.?|nombor|nomor)\s*pesanan(?:\s+(?:belian|pembelian))?|"
    r"pesanan(?:\s+(?:belian|pembelian))?" + NUMBER,
    # Uzbek's order (to a supplier) and its number
    r"(?:yetkazib\s+beruvchiga\s+)?buyurtma(?:" + NUMBER + r"|\s+raqami)",
    # Italian's ('N. ordine', 'Numero d'ordine', 'Ordine n.', 'Ordinazione n.', 'Ordine di
    # acquisto nr.')
    rf"(?:n\.|nr\.?|{SIGN}|numero)\s*(?:d['’]\s*|dell['’]\s*)?ordin(?:e|azione)|"
    rf"ordin(?:e|azione)(?:\s+(?:di\s+acquisto|d['’]\s*acquisto|a\s+fornitore))?"
    rf"\s*(?:n\.|nr\.?|{SIGN}|numero)",
    # Welsh's ('Rhif archeb', order number)
    r"rhif\s+(?:yr\s+)?archeb(?:\s+brynu)?",
    r"uimhir\s+(?:an\s+)?ordaithe|uimh\.?\s+(?:an\s+)?ordaithe",  # (Irish's 'order number')
    # Finnish's, Estonian's ('Tilausnumero', 'Ostotilaus nro', 'Tellimuse nr')
    r"(?:osto)?tilaus(?:numero|nro\.?|\s+nro\.?)|(?:ostu)?tellimuse?\s+nr\.?",
    # Polish's ('Zamówienie nr', 'Nr zamówienia', 'Numer zamówienia')
    r"zam[óo]wienie\s+nr\.?|(?:nr\.?|numer)\s+zam[óo]wienia",
    # Czech's and Slovak's ('Objednávka č.', 'Číslo objednávky')
    r"objedn[áa]vka\s+(?:č|c)\.|(?:č[íi]slo|č\.)\s+objedn[áa]vky",
    # Hungarian's, Romanian's ('Rendelésszám', 'Comanda nr.', 'Număr comandă')
    r"(?:meg)?rendel[ée]s\s*sz[áa]m(?:a)?|comand[aă]\s+nr\.?|(?:nr\.|num[ăa]r)\s+comand[ăa]",
    # Croatian's, Bosnian's, Serbian's and Slovenian's ('Broj narudžbe', 'Narudžbenica br.',
    # 'Naročilnica št.')
    r"broj\s+narud(?:ž|z)b(?:e|enice)|narud(?:ž|z)benica\s+br\.?|naro(?:č|c)ilnica\s+(?:š|s)t\.?|"
    r"(?:š|s)t\.\s+naro(?:č|c)ila",
    # Lithuanian's and Latvian's ('Užsakymo nr.', 'Pasūtījuma Nr.')
    r"u(?:ž|z)sakym(?:o|as)\s+nr\.?|pas(?:ū|u)t(?:ī|i)jum(?:a|s)\s+nr\.?",
    # Turkish's ('Sipariş No', 'Sipariş numarası')
    r"sipari(?:ş|s)\s+(?:no\.?|numaras(?:ı|i))",
    # Catalan's ('Núm. ordre', 'Ordre núm.')
    r"n[úu]m(?:\.|ero)?\s+(?:d['’]\s*)?ordre|ordre\s+n[úu]m(?:\.|ero)?",
    # Spanish's order to a supplier by its letters and a colon ('OC:  27867'); Finnish's
    # number and date of the purchase order ('Ostotilauksen numero/pvm')
    r"o\.?c\.?(?=\s*:)|ostotilauksen\s+numero(?:\s*/\s*pvm)?",
]
OUR_REFERENCE = [
    r"ons\s+verw(?:ysing)?\.?|unsere?\s+ref(?:erenz)?\.?|notre\s+r[ée]f(?:[ée]rence)?\.?",
    r"nossa\s+ref(?:er[êe]ncia)?\.?|nuestra\s+ref(?:erencia)?\.?",
]
ORDER_WORDS = [
    r"bestelling|bestellung|commande|bon\s+de\s+commande|pedido(?:\s+de\s+compra)?|encomenda|"
    r"nota\s+de\s+encomenda|orden\s+de\s+compra|ordem\s+de\s+compra|comanda|"
    r"ordine(?:\s+(?:di\s+acquisto|d['’]\s*acquisto|a\s+fornitore))?|ordinazione|"  # (Italian's)
    r"archeb(?:\s+brynu)?"  # (Welsh's)
]
# Titles that say a document is an order, in those languages.
ORDER_TITLES = (
    # (French's order, and its order to a supplier: 'BON DE COMMANDE FOURNISSEUR')
    # (and its purchase order, 'Commande d'achat')
    r"aankoopbestelling|bestelling|bestellung|(?:bon\s+de\s+)?commande(?:\s+fournisseur)?|"
    r"commande\s+d['’]\s*achats?|"
    # (Papiamento's 'Orden di compra')
    r"pedido(?:\s+(?:de\s+compra|a\s+proveedor))?|nota\s+de\s+encomenda|encomenda|"
    r"orden\s+d[ei]\s+compra|"
    r"ordem\s+de\s+compra|objedn[áa]vka|"  # (Slovak's and Czech's)
    r"comanda(?:\s+de\s+(?:compra|subministrament))?|"  # (Catalan's)
    r"(?:yetkazib\s+beruvchiga\s+)?buyurtma|"  # (Uzbek's: an order, to a supplier)
    r"requisi[çc][ãa]o\s+externa|"  # (a Portuguese public body's order to a supplier)
    # (Bosnian's, Croatian's and Serbian's order form, and Serbian's in its other word)
    r"narud[žz]benica|наруџбеница|porud[žz]benica|поруџбеница|naro[čc]ilnica|"  # (Slovene's)
    r"comand[ăa]\s+(?:c[ăa]tre\s+)?furnizor(?:ului)?|"  # (Romanian's order to a supplier)
    r"pesanan\s+(?:belian|pembelian)|"  # (Malay's and Indonesian's)
    # (Russian's, Ukrainian's and Tajik's order to a supplier)
    r"satyn\s+aly[şs]\s+sargydy|"  # (Turkmen's purchase order)
    r"заказ(?:\s+поставщику)?|замовлення(?:\s+постачальнику)?|фармоиш(?:\s+ба\s+таҳвилгар)?|"
    # (Danish's, Norwegian's and Swedish's)
    r"k[øo]bsordre|indk[øo]bsordre|innkj[øo]psordre|ink[öo]psorder|best[äa]llning|"
    r"inkooporder|"  # (Dutch's purchase order)
    # (Albanian's order, for supply, and the purchase order; Malagasy's purchase order)
    r"porosi(?:\s+p[ëe]r\s+furnizim)?|porosia\s+e\s+blerjes|baiko(?:\s+fividianana)?|"
    # (Italian's: an order, of purchase or to a supplier, and 'Buono d'ordine')
    r"ordine(?:\s+(?:di\s+acquisto|d['’]\s*acquisto|a\s+fornitore|fornitore|di\s+fornitura))?|"
    r"ordinazione|buono\s+d['’]\s*ordine|"
    r"bestelbon|bon\s+pour\s+commande|"  # (Flemish's order form; a French public body's)
    r"archeb\s+brynu|"  # (Welsh's purchase order)
    # (Albanian's, Bulgarian's, Greek's, Maltese's, Tagalog's and Vietnamese's purchase order,
    # Greek's to a supplier)
    r"urdh[ëe]r\s+blerje|поръчка|παραγγελ[ίι]α(?:\s+σε\s+προμηθευτ[ήη]|\s+αγορ[άα]ς)?|"
    r"ordni\s+ta['’]\s*xiri|"
    r"kautusan\s+sa\s+pagbili|đơn\s+đặt\s+hàng|"
    # (Armenian's, Georgian's and Mongolian's purchase order)
    r"գնման\s+պատվեր|შესყიდვის\s+შეკვეთა|худалдан\s+авах\s+захиалга|"
    # (Turkish's and Azerbaijani's purchase order, Croatian's order to a supplier)
    r"sat[ıi]n\s?alma\s+(?:sipari[şs]|sifari[şs])(?:i|\s+fi[şs]i)|narud[žz]ba\s+dobavlja[čc]u|"
    # (Romanian's firm order and supply order, Latvian's order to a supplier, Faroese's and
    # Icelandic's purchase order)
    r"comand[ăa]\s+(?:ferm[ăa]|de\s+aprovizionare)|"
    r"pas[ūu]t[īi]jums\s+pieg[āa]d[āa]t[āa]jam|keypsb[íi]legging|innkaupap[öo]ntun"
)

# A purchase order's titles, in English and those languages ('PURCHASE ORDER', 'Orden de
# compra').
PO_TITLE = (
    r"purchase\s+order|(?:customer\s+)?order\s+form|official\s+order|order\s+confirmation|"
    r"order\s+acknowledge?ment|order\s+for\s+(?:the\s+)?(?:supply|purchase)\b|" + ORDER_TITLES
)
# Words before a kind's name that make it a label, not a title ('Your Quotation', 'Send
# invoice').
NOT_A_QUALIFIER = (
    r"your|our|the|ref|re|per|on|to|send|payment|customer|client|see|as|with|attached|no|from"
)
# Orders that are no purchase order: a change, variation or work order is an instruction about
# a contract's works, a delivery order a delivery's note, and a standing, money or back order
# something else again.
NOT_AN_ORDERS_KIND = r"change|variation|works?|job|delivery|standing|money|back"
# What a title naming an order may not start with: a label's word, or another kind of order's.
NOT_AN_ORDERS_TITLE = rf"(?!(?:{NOT_A_QUALIFIER}|{NOT_AN_ORDERS_KIND})\b)"

# The days of the week, as a date may be printed after one ('Sondag, 19 April 2026'), in
# English and those languages; accents aside.
WEEKDAYS = (
    r"mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|maandag|dinsdag|woensdag|donderdag|vrydag|vrijdag|saterdag|zaterdag|"
    r"sondag|zondag|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|"
    r"mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miercoles|jueves|viernes|sabado|"
    r"domingo|segunda(?:-feira)?|terca(?:-feira)?|quarta(?:-feira)?|quinta(?:-feira)?|"
    r"sexta(?:-feira)?"
)

ORDER_DATE = [
    r"تاريخ\s+أمر\s+الشراء",  # (Arabic's date of the purchase order)
    r"sifari[şs]\s+tarixi",  # (Azerbaijani's date of the order)
    r"besteldatum|datum\s+van\s+bestelling|bestelldatum|auftragsdatum",
    r"date\s+(?:de\s+(?:la\s+)?commande|d'[ée]mission)",
    r"data\s+(?:de\s+(?:la\s+)?)?comanda",  # (Catalan's)
    r"data\s+(?:do\s+pedido|de\s+emiss[ãa]o)|fecha\s+(?:de(?:l)?\s+pedido|de\s+emisi[óo]n)",
    r"d[áa]tum\s+vystavenia|datum\s+vystaven[íi]",  # Slovak's and Czech's date of issue
    r"data\s+e\s+(?:porosis[ëe]|urdhrit)",  # Albanian's date of the order
    r"data\s+tal-ordni",  # Maltese's
    r"deiziad\s+hoc['’]h\s+urzhiad",  # Breton's date of your order
    r"ordre-?dato|bestillingsdato|orderdatum|best[äa]llningsdatum",  # Danish's, Norwegian's...
    r"data\s+(?:d['’]\s*|dell['’]\s*)?ordin(?:e|azione)",  # Italian's date of the order
    r"datum\s+narud[žz]b(?:e|enice)",  # Bosnian's, Croatian's and Serbian's
    r"dyddiad\s+(?:yr\s+)?archeb",  # Welsh's
    # the order's date in the languages whose order numbers PO_NUMBER names ('Sipariş
    # tarihi', 'Tilauspäivä', 'Kelt', 'Tellimuse kuupäev', 'Data zamówienia', 'Datum
    # objednávky', 'Data comenzii', 'Užsakymo data', 'Pasūtījuma datums', 'Datum naročila')
    r"sipari[şs]\s+tarihi|tilausp[äa]iv[äa](?:m[äa][äa]r[äa])?|tilauksen\s+p[äa]iv[äa]ys|"
    r"(?:megrendel[ée]s|rendel[ée]s)\s+(?:kelte|d[áa]tuma)|"
    r"tellimuse\s+kuup[äa]ev|data\s+zam[óo]wienia|d[áa]tum\s+objedn[áa]vky|"
    r"data\s+comenzii|u[žz]sakymo\s+data|pas[ūu]t[īi]juma\s+datums|datum\s+naro[čc]ila",
    # the day the order was placed: German's 'Bestellt am', French's 'Commande du', a supplier
    # network's 'Order submitted on'; as a label, its date or nothing after it ('Commande du
    # client Dupont' is none)
    r"(?:bestellt\s+am|commande\s+du|order\s+submitted(?:\s+on)?)(?=\s*:?\s*(?:\d|$))",
    # Faroese's order day, Kurmanji's and Aragonese's date of the order
    r"b[íi]leggingardagur|d[îi]roka\s+daxwaziy[êe]|calendata\s+d['’]o\s+pediu",
]
# (and Finnish's 'Päiväys', 'Päivämäärä', Estonian's 'Kuupäev', Hungarian's and Slovak's
# 'Dátum', Hungarian's 'Kelt' (dated, as a letter's sign-off has it), Turkish's 'Tarih',
# Latvian's 'Datums')
DATE_WORDS = [
    r"datum|data|fecha|dato|tarikh|tanggal|p[äa]iv[äa]ys|p[äa]iv[äa]m[äa][äa]r[äa]|"
    r"kuup[äa]ev|d[áa]tum|kelt|tarih|datums"
]

SUPPLIER = [
    r"verskaffer|leweransier|lieferant|auftragnehmer|fournisseur|fornecedor|proveedor|prove[ïi]dor",
    r"nhà\s+cung\s+cấp",  # Vietnamese
    # Serbian, Macedonian, Ukrainian, Russian, Bulgarian; Malay
    r"добављач|добавувач|постачальник|поставщик|доставчик|pembekal",
    r"yetkazib\s+beruvchi",  # Uzbek
    r"leverand[øo]r|leverant[öo]r",  # Danish's and Norwegian's; Swedish's
    r"[üu]pj[üu]n\s+ediji|таҳвилгар",  # Turkmen's and Tajik's
    r"fornitore|cyflenwr|furnizor",  # Italian's, Welsh's and Romanian's
]

PROJECT_CODE = [
    r"projek(?:kode|nommer|\s*nr\.?)|projekt(?:nummer|\s*-?nr\.?)|kostenstelle",
    r"code\s+(?:chantier|projet)|c[óo]digo\s+(?:de(?:l)?\s+)?(?:proje(?:c)?to|obra)",
    r"(?:codice|cod\.)\s+(?:cantiere|commessa|progetto)",  # (Italian's)
    r"werf\s*(?:code|nummer|nr\.?)",  # (Dutch's site's code)
    r"(?:nr\.?|numer)\s+projektu",  # (Polish's project number, before 'Budowa', the site's name)
]
PROJECT_WORDS = [
    # (French's job, 'Affaire', as a contractor numbers its works)
    r"projek|terrein|werf|projekt|baustelle|bauvorhaben|chantier|projet|affaire|projeto|"
    r"taslama|лоиҳа|"  # (Turkmen's and Tajik's)
    r"proyecto|obra|obyekt|pro[ġg]ett|byggeplads|byggeplass|(?:bygg)?arbetsplats",
    # (Montenegrin's and Serbian's building site, Albanian's project, Breton's site)
    r"gradili[šs]te|градилиште|projekti|chanter",
    # the site as 'the object' (Estonian, Latvian, Lithuanian, Albanian, Bulgarian, Georgian;
    # Serbian, Macedonian, Ukrainian, Russian), Slovenian's building site, and the project in
    # Mongolian and Georgian
    r"objekt(?:as|[si])?|objekat|обект|објекат|објект|об['’]єкт|объект|ობიექტი|gradbišče|төсөл|პროექტი",
    r"stavba|z[áa]kazka|zak[áa]zka",  # Slovak's and Czech's building works and job
    r"cantiere|commessa|progetto",  # Italian's building site, job and project
    r"proyek|[òó]bra",  # Indonesian's project, Occitan's works
    r"tapak|mradi|tionscadal",  # Malay's site, Swahili's and Irish's project
    r"prosjekt",  # Norwegian's
    r"obiect|[șş]antier|santier",  # Romanian's object (the building) and building site
    r"[şs]antiye",  # Turkish's building site
    r"safle|prosiect",  # Welsh's site and project
    r"ty[öo]maa|budowa",  # Finnish's and Polish's building site
    r"المشروع",  # Arabic's project
    # the project in Azerbaijani, Turkish and Kurmanji, Uzbek, Faroese, Tetum and Lao; Dutch's
    # building site
    r"layih[əe]|proje(?:\s+kodu)?|loyiha|verk[æa]tlan|projetu|ໂຄງການ|bouwplaats",
    # French's reference of the site ('Réf. chantier', 'Référence du chantier'), as 'Chantier'
    # (not a 'Réf. affaire', which may be the supplier's own file)
    r"r[ée]f(?:[ée]rence)?\.?\s*(?:du\s+)?chantier",
    # Greek's works, Vietnamese's works ('Công trình'), Malagasy's project, Danish's job ('Sag',
    # 'Sagsnr.'), and the works and the site in Japanese ('工事番号', '現場'), Korean ('현장',
    # '공사명') and Chinese ('项目', '工程', '工地')
    r"[έε]ργο|c[ôo]ng\s+tr[ìi]nh|tetikasa|sag(?:snr\.?|snummer)?|"
    r"工事(?:番号|名|名称)?|現場(?:名)?|현장(?:명)?|공사(?:명)?|"
    r"[项項]目(?:名称|编号|編號)?|工程(?:名称|编号|編號)?|工地",
]

# 'Plus' before a tax line in the foot ('zzgl. 19 % MwSt.').
# Words for an order, a supplier's as well as ours (Lithuanian's, Macedonian's, Serbian's): a
# title before its number on a page no other company heads (unlabelled.titled_ours), never the
# page's kind.
ORDER_WORDS_ANY = r"u[žz]sakymas|нарачка|porud[žz]bina|поруџбина"

# The short forms of 'number' that mark one, in English and other languages: Maltese's
# 'Nru.', the South Slavic 'бр.' and 'br.', Czech's and Slovak's 'č.', Slovene's 'Št.',
# Tagalog's 'Blg.', Tetum's and Portuguese's 'Nú.'.
SHORT_NUMBER = r"no|nr|nru|бр|br|č|št|blg|nú"
# The word between a number and the date it is of ('MCL-26-0773 vom 09.10.2026', 'NAR-545/26
# od 04.09.2026.', 'Q75460 e datës 22.04.2026', 'Nr. 1515 din 05.03.2026'): English's,
# German's, the South Slavic languages', French's, Spanish's, Portuguese's, Romanian's,
# Romansh's ('dals'), Norwegian's and Swedish's ('av'), Danish's ('af'), Dutch's, Polish's ('z
# dnia'), Czech's ('ze dne'), Slovak's ('zo dňa'), Slovene's ('z dne'), Ukrainian's, Russian's,
# Macedonian's and Serbian's ('од'), Tajik's ('аз') and Albanian's.
OF_A_DATE = (
    r"vom|von|od|of|dated|du|del|de|din|dals|av|af|van|z\s+dnia|ze\s+dne|zo\s+d[ňn]a|z\s+dne|"
    r"від|от|од|аз|e\s+dat[ëe]s|ya"  # (and Swahili's: 'PO021320 ya 8 Januari 2026')
)

PLUS = r"zzgl\.?|zuz[üu]glich"

# Words that say the total includes a tax ('inkl. MWST 8.1 %', 'dont TVA', 'IVA incluido').
INCLUDED = (
    r"inkl\.?|inklusive|einschl(?:\.|ie(?:ss|ß)lich)|inclus[ea]?|y\s+compris|dont|inclusief|"
    r"waarvan|ingesluit|insluitend|inclu[ií]d[oa]|incluye|inklu[żz]|"
    # (German's 'contained', 'of it'; Dutch's 'included')
    r"(?:darin\s+|im\s+betrag\s+)?enthalten(?:e[rn]?)?|davon|inbegrepen"
)

# (and Polish's, Czech's and Slovak's, Hungarian's, Romanian's, Turkish's, Greek's, Russian's
# and Ukrainian's, Indonesian's and Malay's, Swahili's, Finnish's and Estonian's)
CURRENCY = [
    r"valuta|w[äa]hrung|devise|moeda|moneda|monedha|валута|waluta|měna|mena|p[ée]nznem|"
    r"valut[ăa]|para\s+birimi|ν[όο]μισμα|валюта|mata\s+uang|matawang|sarafu|valuutta|valuuta|geldeenheid"
]

FOOT = {
    # (Serbian's, Macedonian's, Ukrainian's and Bulgarian's sums before VAT, Malay's 'small
    # sum', Brazil's 'value of the goods', Peru's taxed sales 'Op. gravada')
    "subtotal": r"укупно\s+без\s+пдв|разом\s+без\s+пдв|данъчна\s+основа|jumlah\s+kecil|"
    r"основица\s+за\s+пдв|вкупно\s+без\s+ддв|jami\s*\(qqssiz\)|(?:vlera|totali)\s+pa\s+tvsh|"
    r"valor\s+(?:das\s+)?mercadorias|valor\s+dos\s+produtos|subtotaal|"
    r"totaal\s+excl(?:\.|usief)?\s+btw|"  # (Dutch's total before VAT)
    r"zwischensumme|netto(?:betrag|summe|wert)?|summe\s+netto|"
    r"gesamt\s+netto|warenwert|total\s+h\.?t\.?|montant\s+h\.?t\.?|sous-?\s*total|"
    r"(?:total|valor)\s+(?:sem|sin|s/)\s*(?:iva|i\.\s?v\.\s?a\.?)|base\s+(?:imponible|tribut[áa]vel)|valor\s+l[íi]quido|"
    r"total\s+l[íi]quido|total\s+il[íi]quido|valor\s+il[íi]quido|total\s+neto|importe\s+neto|(?:celkom|celkem|spolu)\s+bez\s+dph|"
    r"base\s+imposable|basa\s+imposabla|"  # (Catalan's, Occitan's)
    r"valur\s+ming[ħh]ajr\s+(?:il-)?vat|"  # (Maltese's value without VAT)
    r"(?:jemi|ҳамагӣ)(?=\s*:)|"  # (Turkmen's and Tajik's sum, before the tax)
    r"op(?:\.|eraci[óo]n)\s+gravada|"
    r"totale\s+imponibile|imponibile|totale\s+merce|"  # (Italian's taxable sum)
    r"cyfanswm\s+cyn\s+taw|"  # (Welsh's total before VAT)
    # (Norwegian's, Danish's and Swedish's sum before VAT)
    r"sum\s+eks(?:kl)?\.?\s+(?:mva|moms)|summa\s+exkl\.?\s+moms|nettobel[øo]p|"
    r"totalt\s+exkl\.?\s+moms|veroton\s+(?:yhteens[äa]|summa)|"  # (and Finnish's, tax-free)
    r"dpp(?=\s*:?\s*$)|"  # (Indonesia's taxable base, dasar pengenaan pajak, alone in its cell)
    r"fo-?\s?iomlan|"  # (Scottish Gaelic's subtotal)
    r"sumas|"  # (Central America's sums of the lines, before VAT and its 'Subtotal' with it)
    r"ara\s+toplam|"  # (Turkish's subtotal)
    r"مجموع\s+البنود|المجموع\s+الفرعي|الإجمالي\s+قبل\s+الضريبة",  # (Arabic's sum of the lines)
    # (VAT in Serbian and Ukrainian, Russian, Bulgarian; Malaysia's sales tax; Brazil's tax on
    # manufactured goods, charged on top of the prices; Peru's general sales tax, IGV;
    # Jamaica's general consumption tax, GCT; New Caledonia's, TGC; Canada's harmonized sales
    # tax, HST; the Dominican Republic's tax on goods and services, ITBIS; Macedonian's VAT)
    "tax": r"btw|mwst\.?|ust\.?|tva|iva|taw|mva|moms|imposto|impuesto|steuer|taxe|belasting|"
    r"i\.\s?v\.\s?a\.?|i\.\s?g\.\s?v\.?|"  # (IVA and IGV with their points: 'I.V.A. 16%')
    r"heffing|пдв|ндс|igic|cuota\s+(?:iva|igic)|"  # (the Canary Islands' IGIC; its sum, 'Cuota')
    r"qu[òo]ta\s+iva|"  # (Occitan's sum of VAT)
    # (Finland's VAT, arvonlisävero, by its rate: 'Alv.' is masonry too, 'ALV 25' a code)
    r"alv(?=\s*\d{1,2}(?:[.,]\d+)?\s*%)|"
    r"ддс|cukai(?:\s+jualan)?|ipi|dph|igv|gct|tgc|hst|itbis|ддв|qqs|tvsh|gbs|ааи|"
    r"itbms|"  # (Panama's tax on the transfer of goods and services)
    r"isv|"  # (Honduras's sales tax, impuesto sobre ventas)
    # (Indonesia's VAT, pajak pertambahan nilai, and Afghanistan's business receipts tax, by
    # their rates: 'PPN 40' may be a pipe's code)
    r"ppn(?=\s*\d{1,2}(?:[.,]\d+)?\s*%)|brt(?=\s*\d{1,2}(?:[.,]\d+)?\s*%)|"
    r"vagst|"  # (Samoa's value added goods and services tax)
    r"tct|"  # (Tuvalu's turnover and consumption tax)
    r"kdv",  # (Turkish's VAT, its rate written '%20' too)
    "total": r"totaal(?:\s+incl(?:\.|usief)?\s+btw)?|"
    r"koma\s+gi[şs]t[îi]|tot[áa]l\s+jer[áa]l|"  # (Kurmanji's and Tetum's total)
    # (Arabic's total, all told, and the net due; its currency's letters in brackets: '(ر.ق)')
    r"(?:الإجمالي(?:\s+(?:الكلي|شامل\s+الضريبة))?|المبلغ\s+الإجمالي|الصافي\s+المستحق)"
    r"(?:\s*\([^()\d]{1,6}\))?|"
    r"gesamt(?:betrag|summe)?|endbetrag|endsumme|brutto(?:betrag)?|"
    r"summe\s+brutto|gesamt\s+brutto|total\s+t\.?t\.?c\.?(?:\s+(?:mad|dhs?|xof|xaf|eur|tnd|dzd))?|"
    r"montant\s+t\.?t\.?c\.?|"
    # (Turkish's grand total, Polish's gross total and sum to pay)
    r"genel\s+toplam|razem\s+brutto|razem\s+do\s+zap[łl]aty|"
    r"net\s+[àa]\s+payer(?:\s+t\.?t\.?c\.?)?|montant\s+total(?:\s+t\.?t\.?c\.?)?|total\s+a\s+pagar|valor\s+a\s+pagar|importe\s+total|valor\s+total|"
    r"total\s+geral|total\s+general|total\s+(?:com|con)\s+iva|total\s+do\s+pedido|total\s+(?:de\s+la\s+)?orden(?:\s+de\s+compra)?|total\s+(?:del\s+)?pedido|"
    r"total\s+(?:de\s+la\s+)?comanda|totau|"  # (and Occitan's)
    r"(?:vlera|totali)\s+me\s+tvsh|totali\s+p[ëe]r\s+pages[ëe]|"  # (Albanian's)
    r"umumy\s+jemi|ҳамагӣ\s+бо\s+ааи|"  # (Turkmen's and Tajik's)
    r"укупно\s+за\s+плаћање|вкупно\s+за\s+плаќање|jami\s+to[‘'’`ʻ]?lovga(?:\s*\(qqs\s+bilan\))?|всього\s+з\s+пдв|сума\s+за\s+плащане|jumlah\s+besar|jumlah\s+keseluruhan|"
    r"(?:celkom|celkem|spolu)\s+(?:s|vr[áa]tane|v[čc]etn[ěe])\s+dph|celkom\s+k\s+[úu]hrade|"
    r"celkem\s+k\s+[úu]hrad[ěe]|"
    # (Italian's: of the order, the document, in all, to pay)
    r"totale(?:\s+(?:ordine|ordinazione|documento|generale|complessivo|fornitura|"
    r"(?:da|a)\s+pagare|iva\s+inclusa|ivato))?|"
    r"cyfanswm(?:\s+i['’]w\s+dalu)?|"  # (Welsh's total, to pay)
    # (Norwegian's, Danish's and Swedish's, with VAT, to pay)
    r"(?:totalt?|sum|summa)\s+(?:inkl\.?|med)\s+(?:mva|moms)|[åa]\s+betale|att\s+betala|"
    r"yhteens[äa]|iomlan",  # (Finnish's, Scottish Gaelic's)
}

# A price's or an amount's head may say it is before VAT and in which currency ('Ціна без
# ПДВ, грн', 'Износ без ПДВ').
_BEFORE_VAT = r"(?:\s+без\s+(?:пдв|ндс|ддс|ддв))?(?:,\s*(?:грн|дин|ден|тг|лв)\.?)?"
# ... and in Albanian, 'without TVSH' ('Çmimi pa TVSH', 'Vlera pa TVSH').
_WITHOUT_TVSH = r"(?:\s+pa\s+tvsh)?"

COLUMNS = {
    # (Catalan's at the end of each: 'Quantitat', 'Unitat', 'Preu unitari HT', 'Import HT',
    # 'Designació')
    "quantity": r"hoeveelheid|hoev\.?|menge|bestellmenge|anzahl|anz\.?|quantit[ée]|qt[ée]\.?|"
    r"quantidade|"
    r"qtde?\.?|cantidad|cant\.?|количина|кількість|количество|кол\.?|sasia|"
    r"miqdori?|"  # (Uzbek's)
    r"mukdary|миқдор|"  # (Turkmen's and Tajik's)
    r"quantitat|"  # (Catalan's)
    r"quantit[àa]|q\.?\s?t[àa]\.?|qta\.?|"  # (Italian's)
    r"aantal|aant\.?|"  # (Dutch's)
    r"mno[žz]stv[íi]",  # (Czech's and Slovak's)
    "unit": r"eenheid|einheit|me|unit[ée]|unidade|unid\.?|unidad|und\.?|un\.?|ud\.?|"
    r"јед\.?\s*мере|од\.?\s*вим\.?|ед\.?|мярка|е\.\s?м\.?|nj[ëe]sia|"
    r"o[‘'’`ʻ]?lch\.?(?:\s*birl\.?)?|[öo]l[çc]eg(?:\s+birligi)?|воҳ\.?|unitat|"
    r"u\.\s?m\.?|unit[àa]\s+di\s+misura|eenh\.?|"  # (Italian's, Dutch's)
    r"m\.?\s?j\.?",  # (Czech's and Slovak's)
    "unit_price": r"eenheidsprys|prys|einzelpreis|e-?preis|preis|"
    r"preis\s*(?:pro|je|/)\s*(?:einheit|me|st[üu]ck)|p\.\s?u\.?(?:\s+h\.?t\.?)?|"
    r"prix(?:\s+unitaire)?(?:\s+h\.?t\.?)?|pre[çc]o(?:\s+unit(?:[áa]rio|\.)?)?|"
    r"valor\s+unit(?:[áa]rio|\.)?|precio(?:\s+unit(?:ario|\.)?)?|p\.\s?unit\.?|"
    r"pr\.?\s+unit(?:[áa]rio|\.)?|"
    rf"(?:ед\.?\s*)?(?:цена|ціна){_BEFORE_VAT}|[çc]mimi{_WITHOUT_TVSH}|narxi?,?|"
    r"bahasy,?(?:\s+manat)?|нарх|preu(?:\s+unitari)?(?:\s+h\.?t\.?)?|"
    r"prezzo(?:\s+unit(?:ario|\.)?|\s+un\.)?(?:\s+netto)?|"  # (Italian's)
    r"(?:stuks|eenheids)?prijs(?:\s+per\s+(?:stuk|eenheid))?|"  # (Dutch's)
    # (Czech's)
    r"(?:jedn(?:otkov[áa])?\.?\s+)?cena(?:\s+za\s+(?:m\.?j\.?|jednotku|ks))?(?:\s+bez\s+dph)?",
    "discount": r"afslag|rabatt|remise|desconto|descuento|dto\.?|рабат|sconto|sc\.|korting|"
    r"desc\.?\s*%",  # (Portuguese's, with its sign: 'Desc.' alone is a description)
    "amount": r"bedrag|betrag|gesamt(?:preis|betrag)?|summe|netto-?\s?wert|"
    r"montant(?:\s+h\.?t\.?)?|"
    r"total\s+h\.?t\.?|valor(?:\s+total)?|importe|subtotal|"
    rf"(?:износ|сума|сумма|стойност){_BEFORE_VAT}|vlera{_WITHOUT_TVSH}|summasi?,?|"
    r"jemi,?(?:\s+manat)?|маблағ|import(?:\s+h\.?t\.?)?|"
    r"importo(?:\s+netto)?|totaal(?:\s+excl\.?(?:\s+btw)?)?|"  # (Italian's, Dutch's)
    r"valor\s+l[íi]quido|"  # (Portuguese's)
    r"celkem(?:\s+bez\s+dph)?|cena\s+celkem",  # (Czech's)
    "item_code": r"kode|itemkode|artikel(?:nummer|\s*-?nr\.?)?|art\.?\s*-?nr\.?|r[ée]f\.?ª?|"
    r"r[ée]f[ée]rence|c[óo]digo|c[óo]d\.?|шифра|артикул|код|(?:mxik\s+)?kodi|haryt\s+kody|рамз|"
    r"codice(?:\s+articolo)?|cod\.?\s*art\.?|articolo|artikelcode|"  # (Italian's, Dutch's)
    r"artigo|k[óo]d",  # (Portuguese's, Czech's and Slovak's)
    "description": r"beskrywing|beschreibung|bezeichnung|artikelbezeichnung|d[ée]signation|"
    r"libell[ée]|descri[çc][ãa]o|designa[çc][ãa]o|descripci[óo]n|concepto|"
    r"назив(?:\s+добра|\s+на\s+артикал)?|p[ëe]rshkrimi(?:\s+i\s+mallit)?|"
    r"найменування(?:\s+товару)?|наименование(?:\s+на\s+стоката)?|товары|tovar\s+nomi|"
    r"harydy[ňn]\s+ady|номгӯи\s+мол|designaci[óo]|"
    r"producto|produto|descrizione(?:\s+articolo)?|"  # (Spanish's, Portuguese's, Italian's)
    r"(?:artikel)?omschrijving|beschrijving|"  # (Dutch's)
    r"v[ýy]robek|n[áa]zev(?:\s+zbo[žz][íi])?|popis|zbo[žz][íi]",  # (Czech's)
    "line": r"pos\.?|position|р\.\s*бр\.?|№|bil\.?|t/r|t/b",
    # a line's own VAT, its rate or its amount ('ПДВ %', 'Стопа ПДВ', 'Износ ПДВ'), and
    # Brazil's IPI ('% IPI', 'Alíq. IPI', 'Valor IPI')
    "line_tax": r"(?:стопа\s+|ставка\s+|износ\s+|сума\s+|сумма\s+)?(?:пдв|ндс|ддс|ддв)"
    r"(?:\s*%)?|%\s*(?:пдв|ндс|ддс|ддв|ipi)|(?:al[íi]q\.?\s+|valor\s+(?:do\s+)?|vl?r\.?\s+)?ipi(?:\s*%)?|"
    r"c\.\s?i\.|cod(?:ice)?\.?\s+iva",  # (Italian's VAT code)
}

# Words that end the item table in those languages: a total's, or the amount in words
# ('Razem', 'Do zapłaty', 'Słownie', 'Iš viso', 'Ukupno', 'Skupaj', 'Toplam', 'Samtals',
# 'Summa', 'I alt', 'Összesen', 'Kokku', 'Σύνολο', 'Cəmi', 'Tổng cộng').
TABLE_ENDS = (
    r"razem|do\s+zap[łl]aty|zap[łl]ata|s[łl]ownie|suma(?:\s+be\s+pvm)?|i[šs]\s+viso|kop[āa]|ukupno|skupaj|"
    r"(?:ara\s+|genel\s+)?toplam|samtals|summa|i\s+alt|totalt|att\s+betala|at\s+betale|"
    r"(?:nett[óo]\s+|brutt[óo]\s+)?[öo]sszesen|kokku|σύνολο|c[əe]mi|t[ổo]ng\s+c[ộo]ng|"
    # a tax analysis's heading under the items ('Osnovica', 'Stawka VAT', 'Satz / Aliquota')
    r"iznos\s+bez\s+rabata|osnovica|za\s+platiti|stawka(?:\s+vat)?|(?:satz\s*/\s*)?aliquota"
)

# A value added tax's name in the languages whose words for it are not English's ('KDV',
# 'PDV', 'DPH', 'ÁFA', 'Moms', 'ALV', 'PVM', 'PPN', 'ФПА'): a line's own tax column, or a
# price said to be without it ('Cijena bez PDV-a').
TAX_NAMES = r"(?:kdv|pdv(?:-?a)?|dph|ddv|[áa]fa|moms|mva|alv|pvm|pvn|ppn|[əe]dv|φπα|tvsh)"

# The item table's column words in more languages, each language's on a line of its own:
# Polish, Danish, Norwegian and Swedish, Finnish, Estonian, Latvian, Lithuanian, Hungarian,
# Romanian, Turkish, Croatian, Bosnian, Serbian and Slovenian in Latin letters, Greek,
# Indonesian and Malay, Vietnamese, Icelandic, Azerbaijani, Japanese and Chinese; then the
# longer words business systems print in German, French, Spanish, Italian and Catalan.
_MORE_COLUMNS = {
    "quantity": [
        r"ilo[śs][ćc]|il\.",
        r"antal|antall|ant\.|m[æa]ngde|mengde",
        r"m[äa][äa]r[äa]",
        r"kogus",
        r"daudzums|daudz\.",
        r"kiekis",
        r"mennyis[ée]g|menny\.",
        r"cantitate",
        r"miktar(?:ı)?",
        r"koli[čc]ina",
        r"ποσότητα|ποσ\.",
        r"kuantitas|kuantiti|jml\.?|kts|jumlah",
        r"s[ốo]\s+l[ưu][ợo]ng",
        r"magn",
        r"数量",
        r"kol-?vo|кол-?во|kol\.",
        r"miqdar(?:ı)?",
        r"cantidad\s+pedida|qt[ée]\.?\s+command[ée]e|quantit[àa]\s+ordinata",
    ],
    "unit": [
        r"j\.\s?m\.|jedn\.(?:\s+miary)?",
        r"enhed|enhet|enh\.",
        r"yksikk[öo]|yks\.",
        r"[üu]hik",
        r"m[ēe]rv(?:\.|ien[īi]ba)",
        r"mato\s+vnt\.?|mat\.\s?vnt\.?|vnt\.",
        r"m\.\s?e\.|mennyis[ée]gi\s+egys[ée]g|egys[ée]g",
        r"birim",
        r"jed\.?\s*mj(?:ere)?\.?|enota",
        r"μονάδα|μ\.\s?μ\.|μον\.",
        r"satuan|sat\.",
        r"[đd][ơo]n\s+v[ịi](?:\s+t[íi]nh)?|[đd]vt",
        r"eining",
        r"vien[īi]ba",
        r"vahid",
        r"単位|单位",
        r"einh\.",
    ],
    "unit_price": [
        r"cena\s+(?:jedn(?:ostkowa|\.)?\s*)?netto|cena\s+jedn(?:ostkowa|\.)",
        r"[àaá]-?\s?pris|enheds?pris|enhetspris|styckpris|stk\.?\s*pris|pris",
        r"a-?hinta|yksikk[öo]hinta|hinta",
        r"hind|[üu]hiku\s*hind",
        r"kaina",
        r"egys[ée]g\s*[áa]r|egys\.\s*[áa]r|nett[óo]\s+egys[ée]g\s*[áa]r",
        r"pre[țţt]\s+unitar(?:\s+f[ăa]r[ăa]\s+tva)?",
        r"birim\s+fiyat(?:ı)?|b\.\s?fiyat|fiyat(?:ı)?",
        r"cijena|jed\.?\s*cijena|jedini[čc]na\s+cijena|cena\s+na\s+enoto",
        r"τιμή(?:\s+μονάδας)?|τιμη",
        r"harga(?:\s+(?:satuan|seunit|unit))?",
        r"[đd][ơo]n\s+gi[áa]",
        r"einingarver[ðd]|ver[ðd]",
        r"qiym[əe]t",
        r"単価|单价",
        r"(?:vr|vlr|p)\.\s*unit(?:ario|\.)?|precio\s+neto|prix\s+net|prezzo\s+netto",
    ],
    "discount": [
        r"rabat(?:\s*%)?|upust",
        r"ale\s*-?\s*%|alennus(?:\s*%)?",
        r"allahindlus",
        r"kedv\.?\s*%?|kedvezm[ée]ny|engedm[ée]ny",
        r"reducere",
        r"iskonto|isk\.\s*%?|indirim",
        r"popust",
        r"έκπτωση|εκπτ\.",
        r"afsl\.?(?:\s*%)?|afsl[áa]ttur",
        r"rab\.\s*%?|rem\.\s*%|bonif(?:\.|icaci[óo]n)?\s*%",
        r"end\.\s*%|endirim",
    ],
    "amount": [
        r"warto[śs][ćc](?:\s+netto)?",
        r"bel[øo]b|bel[øo]p|belopp|i\s+alt|sum",
        r"yhteens[äa]|summa|arvo",
        r"kokku",
        r"v[ēe]rt[īi]ba",
        r"suma|vert[ėe]",
        r"(?:nett[óo]\s+)?[ée]rt[ée]k|[öo]sszeg",
        r"valoare(?:a)?(?:\s+f[ăa]r[ăa]\s+tva)?",
        r"tutar(?:ı)?|toplam",
        r"iznos|vrijednost|vrednost|znesek",
        r"αξία|ποσό|σύνολο",
        r"jumlah\s+harga|total\s+harga|amaun",
        r"th[àa]nh\s+ti[ềe]n",
        r"upph[æa][ðd]|samtals",
        r"m[əe]bl[əe][ğg]",
        r"wert",
        r"金額|金额",
        r"valor\s+neto|importe\s+neto|precio\s+total|valeur\s+nette|montant\s+net|"
        r"valore(?:\s+netto)?",
    ],
    "item_code": [
        r"symbol|indeks|kod\s+towaru",
        r"varenr\.?|varenummer|art\.?\s*nr\.?|artikkelnr\.?",
        r"tuotenro|tuotenumero|tuotekoodi",
        r"kood|tootekood",
        r"kods|preces\s+kods",
        r"kodas|prek[ėe]s\s+kodas",
        r"cikksz[áa]m|term[ée]kk[óo]d",
        r"cod\s+produs",
        r"(?:stok|[üu]r[üu]n|malzeme)\s+kodu|kodu",
        r"[šs]ifra(?:\s+artikla)?",
        r"κωδικός|κωδ\.",
        r"kode?\s+barang",
        r"m[ãa](?:\s+(?:h[àa]ng|s[ốo]))?",
        r"v[öo]run[úu]mer|v[öo]runr\.?",
        r"品番|コード|编码|代码",
        r"codi",
        r"detal\s+n[öo]mr[əe]si|mal\s+kodu",
    ],
    "description": [
        r"nazwa(?:\s+towaru(?:\s*/\s*us[łl]ugi)?)?|towar|opis",
        r"beskrivelse|beskrivning|ben[æa]vnelse|ben[äa]mning|betegnelse|varebeskrivelse|vara",
        r"nimike|kuvaus|tuote|selite",
        r"(?:kauba\s+|toote\s+)?nimetus|kirjeldus",
        r"(?:preces\s+)?nosaukums|apraksts",
        r"(?:prek[ėe]s\s+)?pavadinimas|apra[šs]ymas",
        r"(?:term[ée]k\s+)?megnevez[ée]s(?:e)?|term[ée]k(?:n[ée]v)?|le[íi]r[áa]s",
        r"denumire(?:a)?(?:\s+(?:produs(?:ului|elor)?|bunurilor|m[ăa]rfurilor))?|descriere",
        r"(?:malzeme\s+|[üu]r[üu]n\s+)?a[çc][ıi]klama(?:s[ıi])?|[üu]r[üu]n(?:\s+ad[ıi])?|"
        r"malzeme(?:\s+ad[ıi])?|cinsi?|hizmet",
        r"naziv(?:\s+(?:artikla|robe|proizvoda))?",
        r"περιγραφή|είδος",
        r"nama\s+barang|uraian|deskripsi|butiran|barang|perihal",
        r"t[êe]n\s+(?:h[àa]ng(?:\s+h[óo]a)?|v[ậa]t\s+t[ưu]|s[ảa]n\s+ph[ẩa]m)|di[ễe]n\s+gi[ảa]i|"
        r"m[ôo]\s+t[ảa]",
        r"l[ýy]sing|heiti",
        r"品名|品目|摘要|名称|規格",
        r"descripci[óo]",
        r"ad[ıi]|mal[ıi]n\s+ad[ıi]",
    ],
    "line": [
        r"lp\.?",
        r"r\.\s?br\.?|rb\.|red\.\s?br\.?",
        r"s[ıi]ra(?:\s+no)?",
        r"stt",
        SIGN,
        r"s\.?\s?no\.?|s/no\.?|s/n|sr\.?\s?no\.?|sl\.?\s?no\.?|sr\.",
        r"l[íi]n\.|l[íi]nea|poste",
    ],
    "line_tax": [
        rf"{TAX_NAMES}(?:\s*%)?|%\s*{TAX_NAMES}|(?:stawka|stopa|kwota)\s+(?:vat|{TAX_NAMES})",
        # the tax's amount on the line ('Valoare TVA', 'ÁFA összeg', 'Iznos PDV-a')
        rf"(?:valoare|iznos|kwota|suma|warto[śs][ćc])\s+(?:vat|tva|{TAX_NAMES})|"
        rf"{TAX_NAMES}\s+(?:[öo]sszeg|tutar[ıi]|iznos|kwota|suma)",
    ],
}
for _key, _words in _MORE_COLUMNS.items():
    COLUMNS[_key] += "|" + "|".join(_words)
