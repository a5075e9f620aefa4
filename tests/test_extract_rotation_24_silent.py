"""Rotation 24's families, dev since rotation 26, read five fields wrong with no warning, of
seven kinds; each kind is read right or flagged now. Each page is made up here, none is a
family's: another country's VAT rate on a page that prints no currency; another block's label
beside the supplier's; a German supplier's slip naming our order as the customer's order
number beside its own document's number; a quotation we accepted, whose date is its own; a
project's label beside a cell of the item table."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read


def _page(tax_line: str) -> str:
    return f"""\
{BUYER}                                  PURCHASE ORDER
Supplier: Hierros del Valle S.L.                     PO No.   MC-44120
                                                     Date     12/03/2026
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1 450.00     17 400.00

                                                          Subtotal      17 400.00
                                                          {tax_line}
                                                          Total         20 010.00
"""


@pytest.mark.parametrize("tax_line", ["IVA 21 %       2 610.00", "Add: 12% VAT   2 610.00"])
def test_another_countrys_vat_rate_leaves_an_unprinted_currency_unproven(tax_line):
    payload = read(_page(tax_line))
    assert flagged(payload, "currency")


def test_the_office_countrys_own_rate_still_proves_its_currency():
    payload = read(_page("VAT 15%        2 610.00"))
    assert payload["currency"] == "ZAR"
    assert not flagged(payload, "currency")


def test_another_blocks_label_beside_the_suppliers_is_no_supplier():
    page = f"""\
Purchase Order                                  {BUYER}
PO Number          PO Date          Project
PO-104110          16-04-2026       CP09
Supplier                                  Deliver / Works Location
Cumberland City Council                   CP09
16 Memorial Avenue                        3-7 Macquarie Street, Parramatta
Ln  Item      Description                         Qty  UoM   Unit Cost   Line Total
1   W-FPATH   Footpath reinstatement, concrete     10  m2       196.98     1,969.80
Total ex GST                                                             1,969.80
GST 10%                                                                    196.98
Total AUD inc GST                                                        2,166.78
"""
    payload = read(page)
    assert payload["supplier_name"] != "Deliver / Works Location"
    assert payload["supplier_name"] == "Cumberland City Council" or flagged(
        payload, "supplier_name"
    )


@pytest.mark.parametrize(
    "label", ["Bestell-Nr. Kunde", "Kunden-Bestell-Nr.", "Bestellnummer des Kunden"]
)
def test_the_customers_order_number_on_a_german_suppliers_slip_is_ours(label):
    page = f"""\
WESER BAUSTOFFE                                      ABHOLSCHEIN
Hafenrandstraße 12, Bremen               Beleg-Nr.   A-728152
Datum        28.06.2026
Kunde        24017 Meridian Construction Nord GmbH
{label}      HB-26152/3
Art.-Nr.   Bezeichnung                   Menge  ME     Einzelpreis   Gesamt
4500210    Bauschrauben 3,9x35 mm            2  Pck          19,83    39,66
Summe EUR                                                            39,66
"""
    payload = read(page)
    assert payload["po_number"] == "HB-26152/3"


def test_a_quotations_own_date_is_not_our_orders_unflagged():
    page = """\
COTIZACIÓN                          Ferretería Duarte, S.R.L.
                                    RNC 1-30-11223-4
No.     COT-51877                   Calle Duarte No. 88, Santiago, R.D. · Tel. 809-555-0182
Fecha   14/06/2026
Vendedor       Ana Pérez
Válida hasta   29/06/2026
Cliente                                        Obra
MERIDIAN CONSTRUCTORA DOMINICANA, S.R.L.       CP09
Cant.   Unidad   Código    Descripción                 Precio       ITBIS        Importe
10      UD       BLK-8     Block de 8" vibrado          52.10        93.78         521.00
Subtotal                                                                          521.00
ITBIS                                                                              93.78
Total RD$                                                                         614.78
ACEPTADA
Orden de compra No.:    OC-5121-26
Fecha:                  19/06/2026
Aprobado por:           S. Pillay
"""
    payload = read(page)
    assert payload["po_number"] == "OC-5121-26"
    assert payload["po_date"] == "2026-06-19" or flagged(payload, "po_date")


def test_a_project_read_from_the_item_tables_cell_is_flagged():
    # the table's code column runs up beside the order's details; the site's code, under its
    # label, is none the office knows
    page = """\
MERIDIAN                                        BON DE COMMANDE / BESTELLSCHEIN
Construction Luxembourg S.A.
2, rue de l'Industrie, L-4327 Esch-sur-Alzette
Elektro-Grossist Schmit Sàrl
Z.I. Um Monkeler, L-4149 Esch-sur-Alzette
Commande n° / Bestellung Nr.
LU26611
Date / Datum
14.09.2026   Réf./Art.-Nr.   Désignation   Qté/Menge  U/ME   P.U./E-Preis   Montant/Betrag
Chantier / Baustelle   PE-310   Câble NYM-J 5x2,5 mm²   20   rl   110,40   2.208,00
BELVAL-B7   SW-16   Interrupteur 16 A   12   pce   8,15   97,80
Livraison / Lieferung
30.09.2026   Total hors TVA / Netto   2.305,80 €
Acheteur / Einkäufer   TVA / MwSt. 17 %   391,99 €
A. van Wyk   Total TTC / Brutto   2.697,79 €
"""
    payload = read(page)
    assert payload["project_code"] != "PE-310" or flagged(payload, "project_code")


# Guards, from the second reading's pages: what the change must leave as it was.


def test_another_rate_beside_the_offices_own_vat_rate_proves_no_other_country():
    page = _page("VAT 15%        2 610.00") + "Retention 5%  VAT 15%  Payment 30 days\n"
    assert not flagged(read(page), "currency")


def test_a_known_sites_code_that_an_item_shares_is_still_proven():
    page = f"""\
{BUYER}                                  PURCHASE ORDER
Supplier: Velmor Trading (Pty) Ltd                   PO No.   MC-44120
                                                     Date     12/03/2026
Project:  CP09
Code       Description                         Qty  Unit      Rate        Amount
CP09       Site establishment CP09               1  sum   17 400.00     17 400.00
                                                Subtotal            17 400.00
                                                VAT 15%              2 610.00
                                                Total               20 010.00
"""
    payload = read(page)
    assert payload["project_code"] == "CP09"
    assert not flagged(payload, "project_code")


def test_our_own_german_order_keeps_its_number_beside_our_clients():
    page = """\
Meridian Construction Nord GmbH
Am Wall 4, 28195 Bremen
Bestellnummer           HB-26165
Datum                   02.07.2026
Lieferant               Weser Baustoffe GmbH
Kundenbestellnummer     SWB-2026-0415
Art.-Nr.   Bezeichnung                   Menge  ME     Einzelpreis   Gesamt
4500210    Bauschrauben 3,9x35 mm            2  Pck          19,83    39,66
Summe netto                                                            39,66
"""
    payload = read(page, buyer_names=("Meridian Construction Nord GmbH",))
    assert payload["po_number"] == "HB-26165"
