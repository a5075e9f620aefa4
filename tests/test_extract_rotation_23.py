"""Kinds of print rotation 21's families showed once they became dev families (rotation 23):
a supplier's confirmation titled with a word after its name, our order named 'your
reference' in Dutch and 'your number of order' in Spanish, a label and its code beside the
supplier's label, Italian, Dutch and Portuguese column names, a line of its own naming an
item's code, an item whose name starts with a word for 'carried forward', a tax summary's
rate row under the items, a header cell of one known word and one unknown, codes under an
'Item #' header above a foot of sentences, and the tax a total includes named after its rate.
Each page is made up here."""

from __future__ import annotations

import pytest

from app.extract import proofs, tables, totals, validate
from app.extract.layout import text_lines
from tests.test_extract_rotation_8 import BUYER, flagged, read


def _items(payload: dict) -> list[tuple]:
    return [
        (i["item_code"], i["description"], i["quantity"], i["unit_price"], i["amount"])
        for i in payload["items"]
    ]


# Whose document it is, and whose number


CONFIRMATION = f"""\
Hunzewater N.V.                                   Klantnummer      30 418 263
Postbus 4120, 9701 KC Groningen                   Uw kenmerk       INK-GRN-26686
{BUYER}                                           Datum            30-05-2026

Opdrachtbevestiging bouwwater
Ordernummer 710006813

Code       Omschrijving                     Aantal   Eenheid     Tarief      Bedrag
BW-GRAAF   Graafwerk en herstel bestrating       6   m            81,82      490,92
BW-AANSL   Aanleg tijdelijke bouwaansluiting     1   st          859,05      859,05

                                                  Totaal excl. btw        1.349,97
                                                  Btw 21%                   283,49
                                                  Totaal incl. btw        1.633,46
"""


def test_a_confirmation_titled_with_a_word_after_its_name_is_the_suppliers_own():
    payload = read(CONFIRMATION)
    # its own order number and date are not taken for ours unflagged
    assert payload["po_number"] != "710006813" or flagged(payload, "po_number")
    assert flagged(payload, "po_date")
    assert proofs.their_title(text_lines("Opdrachtbevestiging bouwwater\nOrdernummer 7100"))


@pytest.mark.parametrize(
    ("title", "theirs"),
    [
        ("Opdrachtbevestiging bouwwater", True),
        ("Order confirmation", True),
        ("Sales order number", False),  # a field's label, not a title
        ("Sales Order Date", False),
        ("ORDER CONFIRMATION REQUIRED", False),  # asked of the supplier on our order
        ("Sales order desk", False),
    ],
)
def test_a_title_and_a_word_after_it(title, theirs):
    assert bool(proofs._THEIR_TITLE.fullmatch(title)) is theirs


WEB_SHOP = f"""\
06/10/26, 9:10                     Pedido 102510 | Azulejos Artesanos de Triana
AZULEJOS ARTESANOS DE TRIANA       Tienda profesional
¡Gracias por tu pedido!

Pedido n.º        Fecha                          Tu n.º de pedido de compra
102510            6 de octubre de 2026           PC-SEV-2660/50

Datos de facturación
{BUYER}

Producto                              Precio      Cantidad        Total
Azulejo de cuerda seca 20x20          187,98 €           8    1.503,84 €
Ref.: AZ-CS2004
Adhesivo flexible C2TE S1 blanco       20,17 €           4       80,68 €
saco de 25 kg
Ref.: AD-C2TE

Total                                                         1.584,52 €
"""


def test_your_number_of_order_in_spanish_is_our_po_number_not_the_shops_own():
    payload = read(WEB_SHOP)
    assert payload["po_number"] == "PC-SEV-2660/50"


def test_a_code_named_on_a_line_of_its_own_under_an_item_is_its_code():
    payload = read(WEB_SHOP)
    assert _items(payload) == [
        ("AZ-CS2004", "Azulejo de cuerda seca 20x20", "8", "187.98", "1503.84"),
        ("AD-C2TE", "Adhesivo flexible C2TE S1 blanco saco de 25 kg", "4", "20.17", "80.68"),
    ]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("Ref.: AZ-CS2004", "AZ-CS2004"),
        ("Art.nr. 4400391", "4400391"),
        ("SKU 88-1042", "88-1042"),
        ("klasse B/BB", None),  # the name running on
        ("No. 2 grade", None),
        ("Colour 5010", None),  # no code's name
        ("Ref 05/2026", None),  # a month, not a code
        ("Ref 01.05.2026", None),
    ],
)
def test_a_line_naming_a_code(line, code):
    assert tables._code_line(line) == code


@pytest.mark.parametrize(
    ("text", "labelled"),
    [
        ("Cod. fornitore F222440", True),
        ("Vendor code V1490", True),
        ("Delivery 365", False),  # a number too short for a code
        ("Project 2000", False),  # no word naming a code or number
        ("Order 66 Ltd", False),
        ("Laterizi del Roero S.r.l.", False),
    ],
)
def test_label_words_and_a_code_are_no_supplier(text, labelled):
    assert validate.is_labelled_value(text) is labelled
    assert (validate.not_a_supplier(text, ()) is not None) is labelled


def test_a_supplier_beside_its_label_is_not_the_code_printed_there():
    page = f"""\
{BUYER}                                    ORDINE DI ACQUISTO
Corso Regina Margherita 148, Torino                Numero ordine  OA26/004296
                                                   Data ordine    12/06/2026
Fornitore     Cod. fornitore F222440
Laterizi del Roero S.r.l.
Via delle Fornaci 3, 12043 Canale (CN)

Codice        Descrizione                          UM     Quantità    Prezzo     Importo
10.210.045    Cemento Portland CEM II/A-LL 42,5 R  SC       60,000      7,30      438,00

                                                   Totale imponibile     438,00
                                                   IVA 22 %               96,36
                                                   Totale ordine EUR     534,36
"""
    payload = read(page)
    assert payload["supplier_name"] != "Cod. fornitore F222440"


# Columns named in Italian, Dutch and Portuguese


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Descrizione", "description"),
        ("Codice articolo", "item_code"),
        ("Prezzo unitario", "unit_price"),
        ("Importo", "amount"),
        ("Sc. %", "discount"),
        ("Q.tà", "quantity"),
        ("U.M.", "unit"),
        ("C.I.", "line_tax"),
        ("Omschrijving", "description"),
        ("Aantal", "quantity"),
        ("Prijs per stuk", "unit_price"),
        ("Totaal", "amount"),
        ("Artigo", "item_code"),
        ("Pr. Unitário", "unit_price"),
        ("Desc. %", "discount"),
        ("Desc.", "description"),  # without its sign, a description still
        ("Valor Líquido", "amount"),
        ("Producto", "description"),
    ],
)
def test_column_names_of_more_languages(name, key):
    assert tables.column_key(name) == key


def test_an_italian_table_is_read_by_its_names_not_by_its_sums():
    page = f"""\
{BUYER}                                    ORDINE DI ACQUISTO
Numero ordine  OA26/004296                          Data ordine    12/06/2026
Fornitore: Basalti Etnei Russo S.r.l.

Codice    Descrizione                           U.M.   Quantità     Prezzo     Importo
LAV-L30   Lastre in pietra lavica sp. 3 cm      mq        48,00     69,490    3.335,52
COL-C2T   Collante cementizio per pietra C2TE   sacco     40,00     11,360      454,40

                                                   Totale imponibile   3.789,92
                                                   IVA 22 %              833,78
                                                   Totale ordine EUR   4.623,70
"""
    assert _items(read(page)) == [
        ("LAV-L30", "Lastre in pietra lavica sp. 3 cm", "48", "69.49", "3335.52"),
        ("COL-C2T", "Collante cementizio per pietra C2TE", "40", "11.36", "454.40"),
    ]


# Lines under the items


def test_an_item_named_with_the_word_for_carried_forward_is_an_item():
    page = f"""\
{BUYER}                                    NOTA DE ENCOMENDA
Encomenda n.º NE-EVR/794                            Data 2026-11-14
Fornecedor: Corticeira do Sor, Lda.

Artigo    Descrição                           Qtd.   Un.     Pr. Unitário   Desc. %   Valor Líquido
GRC035    Granulado de cortiça 3/5 mm         30,00  saco           11,90      0,00          357,00
TRP-01    Transporte e descarga em obra        4,00  viag.         150,11      0,00          600,44

Quadro resumo do IVA
Taxa      Incidência    Valor IVA
23,00 %     957,44        220,21                    Total s/ IVA     957,44
                                                    IVA              220,21
                                                    Total (EUR)    1.177,65
"""
    assert _items(read(page)) == [
        ("GRC035", "Granulado de cortiça 3/5 mm", "30", "11.90", "357.00"),
        ("TRP-01", "Transporte e descarga em obra", "4", "150.11", "600.44"),
    ]


@pytest.mark.parametrize(
    ("text", "forward"),
    [
        ("Transporte", True),
        ("Transporte:", True),
        ("Transporte 1.234,00", True),
        ("Transporte anterior", True),
        ("Report", True),
        ("Transporte e descarga em obra", False),
        ("Transporte: camião grua", False),
        ("Report of works", False),
    ],
)
def test_carried_forward_is_the_word_alone_or_before_an_amount(text, forward):
    assert bool(tables.FORWARD.match(text)) is forward


SALES_ORDER = f"""\
TROPIC STORM DOOR & SHUTTER SUPPLY                           SALES ORDER
7350 NW 36th Street, Miami, FL 33166                         Order #       S1625870
                                                             Order Date    03/22/26
SOLD TO: {BUYER}                                             Customer PO   MIA26736-33

Item #       Description                     Product Approval    Qty   U/M    Price     Amount
SLD-HDR-H    Header track H 1/4" x 10'       NOA 20-0611.02      160   LF      5.36     857.60
ANC-WING     Wing-nut sidewalk anchor        FL 13388.2            8   BX     40.61     324.88

SPECIAL ORDER ITEMS ARE NON-CANCELLABLE AND NON-RETURNABLE.       Merchandise    1,182.48
50% deposit required to release to the factory                    Sales Tax 7%      82.77
Lead time 4-6 weeks from deposit                                  ORDER TOTAL    1,265.25
"""


def test_codes_under_an_item_hash_header_over_a_foot_of_sentences_are_codes():
    assert [i[:2] for i in _items(read(SALES_ORDER))] == [
        ("SLD-HDR-H", "Header track H 1/4\" x 10'"),
        ("ANC-WING", "Wing-nut sidewalk anchor"),
    ]


def test_a_header_cells_words_split_where_each_names_a_column():
    two = text_lines("Price Discount")[0].cells[0]
    assert [c.key for c in tables._split_header_cell(two)] == ["unit_price", "discount"]
    # a name by its short form still names its column: 'Qty' of 'Qty received'
    short = text_lines("Qty received")[0].cells[0]
    assert [c.key for c in tables._split_header_cell(short)] == ["quantity", None]


def test_a_line_with_an_amount_is_no_header():
    page = """\
VAT analysis                          Total incl. VAT      €6,045.80
VAT code      Rate     Goods incl. VAT     VAT included
"""
    lines = text_lines(page)
    assert tables.header_at(lines, 0, 1.0) is None


# The tax a total includes


def test_the_tax_included_named_after_its_rate_and_a_subtotal_that_is_the_total():
    page = f"""\
Bouwmaterialen Kempenland B.V.                   Bestelnummer       WEB-4422970
{BUYER}                                          Inkoopordernummer  MCZ-PO-260710

Product                                  Aantal    Prijs per stuk         Totaal
Isover glaswol 100 mm Rd 2,5                 12           € 35,71       € 428,52
Multiplex berken 18 mm                       15           € 69,91     € 1.048,65

                                                 Subtotaal            € 1.477,17
                                                 Totaal               € 1.477,17
                                                 Waarvan 21% btw        € 256,37
"""
    lines = text_lines(page)
    foot = totals.read_foot(lines, True, None)
    assert foot["tax"].value == "256.37"
    assert totals.tax_included(foot["tax"])
    payload = read(page)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1220.80",
        "256.37",
        "1477.17",
    )


def test_a_shops_own_order_under_your_order_is_not_taken_for_ours():
    page = f"""\
AZULEJOS ARTESANOS DE TRIANA                     Tienda profesional
Tu pedido n.º 102510                             Referencia cliente: PC-SEV-2660/50
{BUYER}

Producto                              Precio      Cantidad        Total
Azulejo de cuerda seca 20x20          187,98 €           8    1.503,84 €

Total                                                         1.503,84 €
"""
    payload = read(page)
    assert payload["po_number"] != "102510" or flagged(payload, "po_number")


def test_codes_named_above_their_items_are_not_given_to_the_item_above():
    page = f"""\
{BUYER}                                           PURCHASE ORDER
PO No: MC-26-0412                                 Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd

Product                              Price      Quantity        Total
Ref.: AZ-CS2004
Azulejo de cuerda seca 20x20         187,98            8     1.503,84
Ref.: AD-C2TE
Adhesivo flexible C2TE S1 blanco      20,17            4        80,68

                                                  Total      1.584,52
"""
    items = _items(read(page))
    assert [item[2] for item in items] == ["8", "4"]
    assert items[0][0] != "AD-C2TE"  # never the first item's


def test_an_item_whose_code_is_digits_under_a_tax_column_first_is_an_item():
    page = f"""\
{BUYER}                                           PURCHASE ORDER
PO No: MC-26-0412                                 Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd

Tax      Item       Description                 Qty     Unit Price      Amount
20 %     4410-23    Hinge, steel                300           2.50      750.00
20 %     4410-24    Hinge, brass                100           4.00      400.00

                                                   Subtotal          1,150.00
                                                   VAT 20%             230.00
                                                   Total             1,380.00
"""
    assert [i[0] for i in _items(read(page))] == ["4410-23", "4410-24"]


def test_a_subtotal_beside_a_heading_ends_the_items_its_currency_before_it():
    page = f"""\
{BUYER}                                           BESTELLING
Bestelnummer  MC-26-0412                          Datum  14-09-2026
Leverancier: Bouwcentrum Kralendijk B.V.

Artikelnr.   Omschrijving                 Aantal   Eenh.    Prijs    ABB     Bedrag
CEM-425      Cement CEM II/B-LL 42,5 R        20   zak      17,48     8%     349,60
BZ-TRK       Bezorging per vrachtwagen         6   rit      57,94     6%     347,64

ABB-specificatie                              Subtotaal        USD 697,24
Tarief        Grondslag      ABB              ABB 8% goederen    USD 27,97
8% goederen     349,60      27,97             ABB 6% diensten    USD 20,86
6% diensten     347,64      20,86
                                              Totaal USD           746,07
"""
    assert [i[0] for i in _items(read(page))] == ["CEM-425", "BZ-TRK"]
