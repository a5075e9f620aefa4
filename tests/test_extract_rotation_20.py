"""Kinds of print rotation 18's families showed once they became dev families: our number for
the supplier before its name, a code closed by a sentence's full stop, money named only by a
sign two countries share or by none on a page from abroad, a subtotal that is the total with
no tax read, a supplier's confirmation in Catalan, French public and private orders, a
number marked above its title, our order named bare with its colon apart, an order title
with its number on one line, the date 'of' our order beside its number, Papiamento's title
and Aruba's florin, a fax form's 'Ihre Bestell-Nr.'. Each page is made up here."""

from __future__ import annotations

from app.extract import countries, fields
from tests.test_extract_rotation_8 import BUYER, after_title, flagged, read

ITEMS = """\
Code      Description                      Qty   Unit    Unit price       Amount
BLK-140   Hollow block 140 mm              200   each         12.50     2,500.00
CEM-42    Cement 42.5N 50 kg                40   bag          96.00     3,840.00
"""
FOOT = """\
                                               Subtotal               6,340.00
                                               VAT 15%                  951.00
                                               Total                  7,291.00
"""


def _order(header: str, items: str = ITEMS, foot: str = FOOT) -> str:
    return f"{header}\n{items}\n{foot}"


def _purchase_order(number: str, supplier: str, project: str = "Project: CP09") -> str:
    """Our own order's head in English: its number and date, the supplier's line, the
    project's line (each as the test needs it)."""
    return f"""\
{BUYER}                                           PURCHASE ORDER
                                                  PO No: {number}
                                                  Date: 14/09/2026
{supplier}
{project}
"""


def test_our_number_for_the_supplier_before_its_name_is_not_the_name():
    got = read(
        _order(
            _purchase_order("SL-PO-26-0412", "Vendor: S00231 Waterloo Quarry & Block Industries")
        )
    )
    assert got["supplier_name"] == "Waterloo Quarry & Block Industries"


def test_a_name_that_starts_with_a_code_and_no_zero_keeps_it():
    got = read(_order(_purchase_order("SL-PO-26-0413", "Vendor: K2000 Trading Ltd")))
    assert got["supplier_name"] == "K2000 Trading Ltd"


def test_a_sentence_after_the_project_code_leaves_its_full_stop_out():
    got = read(
        _order(
            _purchase_order(
                "SL-PO-26-0414",
                "Vendor: Velmor Trading (Pty) Ltd",
                "Project: PE-220. Quote our PO No. on delivery notes and invoices.",
            )
        )
    )
    assert got["project_code"] == "PE-220"


def _priced(sign: str, more: str = "") -> str:
    return f"""\
{BUYER}                                           ORDEN DE COMPRA
Managua                                           No. OC-MGA-26-0142
                                                  Fecha 02/11/2026
Proveedor: Velmor Trading (Pty) Ltd
Proyecto: CP09
{more}
Código    Descripción                      Cant.  U/M     P. unit.         Total
BLK-140   Bloque 140 mm                      200   unidad      12.50      2,500.00

                                               Subtotal          {sign} 2,500.00
                                               IVA 15%           {sign}   375.00
                                               Total             {sign} 2,875.00
"""


def test_c_dollar_alone_is_canadas_or_nicaraguas_and_flagged():
    got = read(_priced("C$"))
    assert got["currency"] == "CAD"
    assert flagged(got, "currency")


def test_cordobas_named_in_words_are_nicaraguas():
    got = read(_priced("C$", "Moneda: Córdobas (C$)"))
    assert got["currency"] == "NIO"


def test_c_dollar_beside_canadas_name_stays_canadian_unflagged():
    got = read(_priced("C$", "Ship to: Regina, Saskatchewan, Canada"))
    assert got["currency"] == "CAD"
    assert not flagged(got, "currency")


def test_a_page_from_a_country_it_names_prices_in_that_countrys_money_flagged():
    got = read(
        """\
MERIDIAN CONSTRUCCIONES HONDURAS                  ORDEN DE COMPRA
Col. Lomas del Guijarro Sur, Tegucigalpa, Honduras   No. OC-26-04049
                                                  Fecha: 31/10/2026
Proveedor: Velmor Trading (Pty) Ltd
Proyecto: CP09

Código    Descripción                      Cant.  Unidad  Precio unitario   Total
BLK-140   Bloque 140 mm                      200   unidad      12.50      2,500.00

                                               Subtotal               2,500.00
                                               ISV 15%                  375.00
                                               TOTAL L              L 2,875.00
"""
    )
    assert got["currency"] == "HNL"
    assert flagged(got, "currency")


def test_the_office_s_own_country_and_its_lookalikes_name_no_other():
    assert countries.named("Sydney, New South Wales") == set()
    assert countries.named("Belfast, Northern Ireland") == {"uk"}
    assert countries.named("Santa Fe, New Mexico") == set()
    assert countries.named("Alofi, Niue") == {"nu"}


def test_a_subtotal_that_is_the_total_with_no_tax_read_is_flagged():
    got = read(
        _order(
            _purchase_order("NU-26-0775", "Supplier: Velmor Trading (Pty) Ltd"),
            foot="""\
                                               Subtotal:              6,340.00
                                               Freight:                   0.00
                                               NCT:                     704.44
                                               Total Amount:          6,340.00
""",
        )
    )
    assert got["subtotal"] == "6340.00"
    assert flagged(got, "subtotal")


CATALAN = f"""\
CERÀMIQUES DEL MILLARS, S.A.                       CONFIRMACIÓ DE COMANDA
12540 Vila-real (Castelló)                         Núm. confirmació CC26/03265
                                                   Data 08/02/2026
ADREÇA DE FACTURACIÓ
{BUYER}
LA VOSTRA COMANDA            DATA COMANDA          FORMA DE PAGAMENT
MCV-26/0497                  07/02/2026            Confirming 60 dies
Obra: CP09

{ITEMS}
{FOOT}"""


def test_a_catalan_confirmation_reads_our_order_and_its_date():
    got = read(CATALAN)
    assert got["po_number"] == "MCV-26/0497"
    assert got["po_date"] == "2026-02-07"


def test_a_french_order_to_a_supplier_reads_its_number_and_the_site_to_deliver_to():
    page = _order(f"""\
{BUYER}
BON DE COMMANDE FOURNISSEUR
N° BCA/NKC/26/00885     Date 20/08/2026     Page 1/1
FOURNISSEUR
Velmor Trading (Pty) Ltd
LIVRER À
PE-220 - Entrepôt frigorifique du port
""")
    got = read(page)
    assert after_title(page) == "BCA/NKC/26/00885" and flagged(got, "po_number")
    assert got["project_code"] == "PE-220"


def test_a_public_bodys_order_names_its_number_and_its_operation():
    got = read(
        _order("""\
Département du Haut-Verdon                                BON DE COMMANDE
N° de bon de commande 2026BC008333
Date 03/04/2026
TITULAIRE
Velmor Trading (Pty) Ltd
Opération OP26-RD937 - RD 937 - Aménagement du carrefour
""")
    )
    assert got["po_number"] == "2026BC008333"
    assert got["project_code"] == "OP26-RD937"
    assert flagged(got, "project_code")  # 'Opération' may be a sales promotion's too


def test_a_number_marked_on_the_line_above_its_title_is_the_orders():
    page = _order(f"""\
{BUYER}

N° 0683/DAF/2026                            Djibouti, le 17 juillet 2026
BON DE COMMANDE
Fournisseur : Velmor Trading (Pty) Ltd
Chantier : CP09
""")
    got = read(page)
    assert after_title(page) == "0683/DAF/2026" and flagged(got, "po_number")


def test_our_order_named_bare_with_its_colon_apart_is_ours():
    got = read(
        _order("""\
HARDAP FARMERS' CO-OPERATIVE LTD                        CUSTOMER ORDER
Mariental Branch                                        No. 04-118147
Account  : MER014 MERIDIAN CONSTRUCTION (PTY) LTD       Your order  : MCN/1595/26
Site     : CP09
""")
    )
    assert got["po_number"] == "MCN/1595/26"


def test_an_order_title_and_its_number_alone_on_their_line():
    page = _order("""\
ControlObra 7  |  Exportación PDF  |  Compras > Pedidos
Pedido a proveedor  PC-26-00566
Obra CP09 - Oficinas Méndez Álvaro
Proveedor: Velmor Trading (Pty) Ltd
Fecha pedido: 26/10/2026
""")
    got = read(page)
    assert after_title(page) == "PC-26-00566" and flagged(got, "po_number")


def test_the_date_of_our_order_beside_its_number_under_del():
    got = read(
        _order(f"""\
EDILGALLURA S.r.l.                                        CONFERMA D'ORDINE
Spett.le {BUYER}
Numero          Data          Vs. ordine n.     del           Cantiere
OC 2026/1778    10/09/2026    MCS-0582/26       09/09/2026    CP09
""")
    )
    assert got["po_number"] == "MCS-0582/26"
    assert got["po_date"] == "2026-09-09"


def test_a_number_run_into_a_word_in_a_tax_line_is_no_amount():
    got = read(
        _order(
            f"""\
{BUYER}                                           ORDINE DI ACQUISTO
                                                  N. ordine: OA-2026/118
                                                  Data ordine: 22/10/2026
Fornitore: Velmor Trading (Pty) Ltd
Commessa: CP09
""",
            foot="""\
IVA 10% sui beni finiti (Tab. A/III n. 127-terdecies), come da Vs. dichiarazione.
""",
        )
    )
    assert got["tax"] != "127.00"


def test_a_swedish_your_reference_is_a_label_not_the_project():
    got = read(
        _order(f"""\
ÅLANDS JÄRN & BYGG AB                                     KUNDORDER
                                                          Ordernr 40 5792
{BUYER}                                                   Datum 13.9.2026
Er beställning                Projekt                    Er referens
MBA-2691-47                   Er referens                Nina Dahlén
""")
    )
    assert got["project_code"] != "Er referens"


def test_an_order_in_papiamento_priced_in_florins():
    page = """\
Meridian Construction Aruba N.V.
L.G. Smith Boulevard 62, Oranjestad
ORDEN DI COMPRA
Number MCA-26-0251
Fecha 04-07-2026
Proveedor
Velmor Trading (Pty) Ltd
Proyecto CP09
# Codigo     Descripcion            Cantidad  Unidad   Prijs       Suma
1 BLK-08     Blokki di concreto          300  pida      4.97   1,491.00

                                               Subtotal          1,491.00
                                               BBO 2.5%             37.28
                                               Total Afl.        1,528.28
"""
    got = read(page)
    assert after_title(page) == "MCA-26-0251" and flagged(got, "po_number")
    assert got["currency"] == "AWG"


def test_a_fax_forms_ihre_bestell_nr_is_our_order():
    got = read(
        _order("""\
EISENWAREN HARTMANN                                       BESTELL-FAX
Absender / Firmenstempel                   Kunden-Nr.:        40218
Meridian Bau GmbH, NL Dresden              Ihre Bestell-Nr.:  B-DD-26-0127
Washingtonstraße 16                        Datum:             30.04.2026
Kommission / Baustelle:                    CP09
""")
    )
    assert got["po_number"] == "B-DD-26-0127"


def test_a_grid_foot_with_a_tax_head_per_rate_and_the_total_twice():
    got = read(
        _order(
            f"""\
{BUYER}                                           BON DE COMMANDE
                                                  N° PF-26-0412
                                                  Date : 14/09/2026
Fournisseur : Velmor Trading (Pty) Ltd
Chantier : CP09
""",
            foot="""\
Codes TVA :    1 = TVA 16 %    2 = TVA 13 %

Total HT       TVA 16 %       TVA 13 %       Total TTC      Net à payer XPF
6 340          800            151            7 291          7 291

Réserve de propriété jusqu'au paiement intégral. Réclamations sous 48 heures.
""",
        )
    )
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "951.00", "7291.00")


def test_the_year_of_a_date_in_words_beside_a_title_is_no_number():
    got = read(
        _order("""\
MERIDIAN CONSTRUCTION                             BON DE COMMANDE
Agence de Wallis-et-Futuna                        N° WF-26/0599
BP 412 - 98600 Mata-Utu                           Mata-Utu, le 3 juin 2026
Fournisseur : Velmor Trading (Pty) Ltd
Objet : chantier WF-FUT03 - Réservoir d'eau de Leava
""")
    )
    assert got["po_number"] == "WF-26/0599"
    assert got["project_code"] == "WF-FUT03"
    assert fields.reference("Mata-Utu, le 3 juin 2026") is None


def test_the_pacific_francs_total_in_brackets_after_montant_total():
    got = read(
        _order(
            f"""\
{BUYER}                                           BON DE COMMANDE
                                                  N° WF-26/0600
                                                  Date : 14/09/2026
Fournisseur : Velmor Trading (Pty) Ltd
Chantier : CP09
""",
            foot="""\
                                      MONTANT TOTAL (F CFP)        6 340
""",
        )
    )
    assert got["total"] == "6340.00"


def test_merchandise_alone_is_the_goods_subtotal():
    got = read(
        _order(
            _purchase_order("SD-26-0773", "Vendor: Velmor Trading (Pty) Ltd"),
            foot="""\
                                      Merchandise                $6,340.00
                                      Lumber Assessment 1.00%       $63.40
                                      Sales Tax 7.75%              $491.35
                                      ORDER TOTAL                $6,894.75
""",
        )
    )
    assert (got["subtotal"], got["tax"], got["total"]) == ("6340.00", "554.75", "6894.75")
    assert got["source"]["subtotal"].startswith("Merchandise")  # read at its label, not summed


def test_rupees_in_a_column_heads_brackets_on_an_indian_page():
    got = read(
        f"""\
{BUYER}                                           PURCHASE ORDER
GSTIN: 30AAHCM4127K1Z3                            PO No.: MCG/PO/25-26/0842
                                                  Date: 09.03.2026
To, M/s. Velmor Trading (Pty) Ltd
Project: CP09
Sr. No.  Description of Material       Qty   Unit   Rate (Rs.)   Amount (Rs.)
1        CPVC pipe 25 mm                  60   Nos       447.71      26,862.60

                                      Total                        26,862.60
                                      Add: IGST @ 18%               4,835.27
                                      Grand Total                  31,697.87
"""
    )
    assert got["currency"] == "INR"


def test_a_us_states_web_address_names_no_canadian_dollar():
    got = read(
        _order(
            f"""\
{BUYER}                                           ORDER CONFIRMATION
2810 Commercial Street, San Diego, CA 92113       ORDER # 4426115
                                                  CUSTOMER PO MSD-2650-0773
                                                  ORDER DATE 09/20/26
Vendor: Velmor Trading (Pty) Ltd
Project: CP09
""",
            foot="""\
                                      Subtotal                   $6,340.00
                                      Sales Tax 15%                $951.00
                                      ORDER TOTAL                $7,291.00
For more information go to www.P65Warnings.ca.gov/wood.
""",
        )
    )
    assert got["currency"] == "USD"


# Guards: what the second reading of these changes found taken wrongly, each now left alone.


def test_another_documents_date_of_beside_our_number_is_not_our_orders():
    got = read(
        _order(f"""\
{BUYER}
QUINCAILLERIE DU PORT SARL                        CONFIRMATION DE COMMANDE
Votre commande n°   MC-PO-26-0412
Notre confirmation n°   AR-26-1187   du   15/09/2026
Fournisseur : Velmor Trading (Pty) Ltd
Chantier : CP09
""")
    )
    assert got["po_date"] != "2026-09-15" or flagged(got, "po_date")


def test_a_postcode_before_a_town_is_no_vendor_number():
    got = read(
        _order(f"""\
{BUYER}                                           ORDEN DE COMPRA
                                                  No. OC-26-0412
                                                  Fecha: 14/09/2026
Proveedor: 08020 Barcelona
Proyecto: CP09
""")
    )
    assert got["supplier_name"] != "Barcelona" or flagged(got, "supplier_name")


def test_afrikaans_delivery_before_a_date_names_no_florin():
    got = read(
        _order(f"""\
{BUYER}                                           AANKOOPBESTELLING
                                                  Bestelnommer: MB-26-0412
                                                  Datum: 14.09.2026
Verskaffer: Velmor Trading (Pty) Ltd
Projek: CP09
Afl. 15.10.2026
""")
    )
    assert got["currency"] != "AWG"


def test_a_name_cordobas_is_no_money():
    got = read(
        _order(f"""\
{BUYER}                                           PURCHASE ORDER
                                                  PO No: MC-26-0412
                                                  Date: 14/09/2026
Supplier: Velmor Trading (Pty) Ltd
Attention: Ana Córdobas
Project: CP09
""")
    )
    assert got["currency"] != "NIO"


def test_a_country_a_product_comes_from_is_not_where_the_page_is():
    got = read(
        _order(
            _purchase_order("MC-26-0413", "Supplier: Velmor Trading (Pty) Ltd"),
            items="""\
Code      Description                      Qty   Unit    Unit price       Amount
TIL-60    Porcelain tile, made in Italy    200   each         12.50     2,500.00
CEM-42    Cement 42.5N 50 kg                40   bag          96.00     3,840.00
""",
        )
    )
    assert got["currency"] == "ZAR"
    assert not flagged(got, "currency")


def test_a_zero_charge_makes_no_sum_of_a_foot_no_total_label_names():
    """Two tax lines by rate, one of them nothing, and a total whose label names none: the
    taxable base under a zero line is no total."""
    got = read(
        _order(
            f"""\
{BUYER}                                           ORDEN DE COMPRA
                                                  No. OC-26-04050
                                                  Fecha: 31/10/2026
Proveedor: Velmor Trading (Pty) Ltd
Proyecto: CP09
""",
            foot="""\
                                               Subtotal               6,340.00
                                               Importe exento             0.00
                                               Importe gravado 15%    6,340.00
                                               Importe gravado 18%        0.00
                                               IVA 15%                  951.00
                                               IVA 18%                    0.00
                                               PAGAR                  7,291.00
""",
        )
    )
    for key, value in (("tax", "951.00"), ("total", "7291.00")):
        assert got[key] == value or flagged(got, key)


def test_a_date_inside_a_reference_stays_in_it():
    assert fields.reference("LPO-15-SEP-2026-01") == "LPO-15-SEP-2026-01"
    assert fields.reference("KL/0412/3-Mar-26") == "KL/0412/3-Mar-26"


def test_an_amount_with_its_cents_before_a_hyphen_and_letters_is_still_one():
    got = read(
        _order(
            _purchase_order("MC-26-0414", "Supplier: Velmor Trading (Pty) Ltd"),
            foot="""\
                                               Subtotal               6,340.00
                                               VAT 15%                  951.00
                                               Total              7,291.00-ZAR
""",
        )
    )
    assert got["total"] == "7291.00"


def test_a_swedish_order_confirmations_own_number_is_not_our_orders():
    """Found by the second reading, in the old code too: a Swedish confirmation's 'Ordernr'
    (the supplier's own) was taken for our PO number, unflagged."""
    got = read(
        _order(f"""\
BYGGVARUHUSET NORR AB                                     ORDERBEKRÄFTELSE
Storgatan 12, 903 26 Umeå                                 Ordernr: 88120
                                                          Datum: 2026-09-15
Kund: {BUYER}
Er referens: MC-26-0412
Projekt: CP09
""")
    )
    assert got["po_number"] != "88120" or flagged(got, "po_number")
