"""Kinds of print rotation 12's families showed once they became dev families: a web
marketplace's order confirmation (a price and an amount headed as net, 'Einzelpreis netto',
'Gesamt netto'; the article's name under 'Artikel'; each quantity printed with its unit in
one cell; the seller's article number and the barcode's on the line under each item); an
item table printed in two columns of the page, its header repeated side by side; a
schedule's group headings between its items; a price and an amount headed with the tax in by
the tax's name ('inc. IGV') or as Fiji prints it ('VIP'); an order printed beside its book's
counterfoil or a sidebar of its details; the serial numbers of instruments under their item;
a quantity with a tenth after a comma on a page of francs with no cents; a price and an
amount headed in dollars with their country's letters ('Price US$'). Each page is made up
here."""

from __future__ import annotations

from app.extract import tables
from tests.test_extract_rotation_11 import read


def items(payload: dict) -> list[tuple]:
    keys = ("item_code", "description", "quantity", "unit", "unit_price", "amount")
    return [tuple(item[key] for key in keys) for item in payload["items"]]


def test_a_marketplaces_order_confirmation():
    page = """\
Meridian Construction (Pty) Ltd          Bestellbestätigung
Bestellnummer   MCD-40017     Datum   04.05.2026
Verkauft von Velmor Trading (Pty) Ltd
Pos.  Artikel                                     Menge      Einzelpreis netto   USt.   Gesamt netto
1     Holzschrauben 4 x 40 mm, gelb, 200 Stück    3 Karton             9,40 €   19 %        28,20 €
      Art.-Nr. des Verkäufers: HS-440 · EAN 4011223344556
2     Fliesenkleber C2, 25 kg                    12 Sack              11,25 €   19 %       135,00 €
      Art.-Nr. des Verkäufers: FK-C2-25 · EAN 4099887766554
                                                         Summe netto               163,20 €
                                                         zzgl. USt. 19 %            31,01 €
                                                         Gesamtbetrag              194,21 €
"""
    payload = read(page)
    assert items(payload) == [
        ("HS-440", "Holzschrauben 4 x 40 mm, gelb, 200 Stück", "3", "Karton", "9.40", "28.20"),
        ("FK-C2-25", "Fliesenkleber C2, 25 kg", "12", "Sack", "11.25", "135.00"),
    ]
    assert "low_confidence:items" not in payload["warnings"]


def test_a_price_and_an_amount_headed_as_net():
    assert [tables.column_key(t) for t in ("Einzelpreis netto", "Gesamt netto", "Menge netto")] == [
        "unit_price",
        "amount",
        None,
    ]


def test_an_item_table_printed_in_two_columns_of_the_page():
    # the header repeated side by side: the items run down the left and on in the right
    page = """\
Meridian Construction (Pty) Ltd                PURCHASE ORDER
Order No.  PO-77120     Date  12/05/2026       Supplier  Velmor Trading (Pty) Ltd
Code    Description   Qty  Unit  Price  Amount    Code    Description  Qty  Unit  Price  Amount
BR-100  Face brick    500  ea     2.10  1,050.00  NL-075  Nails 75mm     3  box   12.00  36.00
CM-050  Cement 50 kg   20  bag   95.00  1,900.00  TW-016  Tie wire       2  roll  48.50  97.00
SD-001  Plaster sand    6  m3   310.00  1,860.00
                                                         Subtotal        4,943.00
                                                         VAT 15%           741.45
                                                         Total           5,684.45
"""
    payload = read(page)
    assert [item["item_code"] for item in payload["items"]] == [
        "BR-100", "CM-050", "SD-001", "NL-075", "TW-016"
    ]  # fmt: skip
    assert items(payload)[4] == ("TW-016", "Tie wire", "2", "roll", "48.50", "97.00")
    assert "low_confidence:items" not in payload["warnings"]


def test_a_schedules_group_headings_between_its_items():
    # each group's code and name, and a note under it, are neither an item nor a description
    page = """\
Meridian Construction (Pty) Ltd          ORDER
Order No.  PO-31770       Date  02/06/2026      Supplier  Velmor Trading (Pty) Ltd
Ref    Code      Description                    Qty   Unit    Price     Amount
S-01  Ground floor offices, front doors
       Doors D-01 to D-08 as drawn
1.1    HG-100    Hinge 100 mm, pair               16   pair    14.20     227.20
1.2    PH-220    Pull handle 220 mm                8   each    36.50     292.00
S-02  Upper floor stores and plant rooms
       Doors D-21 to D-25 as drawn
2.1    DS-040    Door stop, floor fixed            5   each     9.80      49.00
                                                Subtotal                568.20
                                                VAT 15%                  85.23
                                                Total                   653.43
"""
    payload = read(page)
    assert [item["description"] for item in payload["items"]] == [
        "Hinge 100 mm, pair", "Pull handle 220 mm", "Door stop, floor fixed"
    ]  # fmt: skip
    assert "low_confidence:items" not in payload["warnings"]


def test_a_price_and_an_amount_headed_with_the_tax_in_by_its_name():
    names = ("P. Unit. inc. IGV", "Total inc. IGV", "Cant. inc. IGV")
    assert [tables.column_key(name) for name in names] == ["unit_price", "amount", None]


def test_an_order_beside_its_counterfoil():
    # the stub's 'Issued by' and 'Goods received' left of the items: no column, no foot
    page = """\
Meridian Construction (Pty) Ltd       LOCAL PURCHASE ORDER   No.  L-55018
Date  03/07/2026          Supplier  Velmor Trading (Pty) Ltd
Issued by  P. Naidoo            QTY  UNIT  DESCRIPTION          PART No.  UNIT COST    AMOUNT
                                  4  roll  Damp proof course    DPC-375      210.00    840.00
Goods received                   12  bag   Tile adhesive 20 kg  TA-20         88.50  1,062.00
GRN No.
                                                               SUB-TOTAL            1,902.00
                                                               VAT 15%                285.30
                                                               TOTAL                2,187.30
"""
    payload = read(page)
    assert [item["item_code"] for item in payload["items"]] == ["DPC-375", "TA-20"]
    assert items(payload)[1] == ("TA-20", "Tile adhesive 20 kg", "12", "bag", "88.50", "1062.00")


def test_the_serial_numbers_of_instruments_under_their_item():
    page = """\
Meridian Construction (Pty) Ltd        SALES ORDER
Order No.  PO-60412       Date  18/05/2026      Supplier  Velmor Trading (Pty) Ltd
Ln  Item Code  Description                     Qty  Unit   Unit Price     Amount
1   GN-R12     GNSS rover with controller        2  each    52,300.00  104,600.00
               S/N GR88120, GR88121  Firmware 7.4
2   TP-13      Tripod, aluminium                 2  each     1,480.00    2,960.00
                                                  Total excl. VAT        107,560.00
                                                  VAT 15%                 16,134.00
                                                  Total incl. VAT        123,694.00
"""
    payload = read(page)
    descriptions = [item["description"] for item in payload["items"]]
    assert descriptions == ["GNSS rover with controller", "Tripod, aluminium"]


def test_an_order_beside_a_sidebar_of_its_details():
    # the sidebar's words beside every item (a date beside a description's wrapped line)
    page = """\
Meridian Construction (Pty) Ltd          PURCHASE ORDER  PO-20931
ISSUED
Jun 3, 2026             #  SKU      Description             Qty  UoM    Unit price    Amount
REQUIRED BY             1  GL-400   Glass wool roll 100 mm    6  roll       $41.20   $247.20
Jun 12, 2026                        foil faced
SUPPLIER                2  VB-250   Vapour barrier 250 mic    2  roll       $88.00   $176.00
Velmor Trading                      black, 4 m wide
TERMS
Net 30
                                                         Subtotal                    $423.20
                                                         Tax 15%                      $63.48
                                                         Total                       $486.68
"""
    payload = read(page)
    descriptions = [item["description"] for item in payload["items"]]
    assert descriptions == [
        "Glass wool roll 100 mm foil faced", "Vapour barrier 250 mic black, 4 m wide"
    ]  # fmt: skip


def test_a_price_and_an_amount_headed_as_fiji_prints_them_with_vat_in():
    names = ("Unit Price VIP", "Amount VIP", "Qty VIP")
    assert [tables.column_key(name) for name in names] == ["unit_price", "amount", None]


def test_a_quantity_with_a_tenth_after_a_comma_beside_francs_with_no_cents():
    page = """\
Meridian Construction (Pty) Ltd          BON DE COMMANDE N° BC-4471
Date de commande  09/06/2026        Fournisseur  Velmor Trading (Pty) Ltd
Réf.     Désignation                 Qté   U.   P.U. HT    Montant HT
GR-520   Gravier 5/20                12,5  m3     9 840       123 000
CM-42    Ciment 42,5 sac de 50 kg      20  sac    2 310        46 200
                                              Total HT        169 200 XPF
"""
    payload = read(page)
    assert [item["quantity"] for item in payload["items"]] == ["12.5", "20"]
    assert items(payload)[0][3:] == ("m3", "9840.00", "123000.00")


def test_a_price_and_an_amount_headed_in_dollars_with_their_countrys_letters():
    page = """\
Meridian Construction (Pty) Ltd          ORDER CONFIRMATION
Order No.  PO-88214        Date  21/04/2026       Supplier  Velmor Trading (Pty) Ltd
Code       Description                       Qty  Unit    Price US$   Total US$
PVC75      PVC pipe 75 mm x 6 m                1  length      21.25       21.25
                                                  Excl. VAT               21.25
                                                  VAT 15%                  3.19
                                                  TOTAL US$               24.44
"""
    payload = read(page)
    assert items(payload) == [("PVC75", "PVC pipe 75 mm x 6 m", "1", "length", "21.25", "21.25")]


def test_an_order_printed_twice_side_by_side_is_one_copys_items():
    page = """\
Meridian Construction (Pty) Ltd                PURCHASE ORDER
Order No.  PO-77121     Date  12/05/2026       Supplier  Velmor Trading (Pty) Ltd
Code    Description   Qty  Unit  Price  Amount    Code    Description   Qty  Unit  Price  Amount
BR-100  Face brick    500  ea     2.10  1,050.00  BR-100  Face brick    500  ea     2.10  1,050.00
CM-050  Cement 50 kg   20  bag   95.00  1,900.00  CM-050  Cement 50 kg   20  bag   95.00  1,900.00
                                                         Subtotal        2,950.00
                                                         VAT 15%           442.50
                                                         Total           3,392.50
"""
    payload = read(page)
    assert [item["item_code"] for item in payload["items"]] == ["BR-100", "CM-050"]
