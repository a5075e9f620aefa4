"""What rotation 15's families, once dev families, showed the layout memory: a supplier's name
printed over two cells apart (its legal form in smaller print); a group's heading printed once
on document 1 and under a one-line item later; a quantity with a decimal comma on a layout
whose whole amounts taught no mark; a date that reads the same either way on document 1 where
the page's other dates say how the layout writes them; a date printed in words beside another
date that is it only read one way round; a block under the items whose heading counts its
lines; a supplier's name with its registration and address after it, more commas in them than
in the name; a sales system's totals block printed above the items. Each page is made up here."""

from __future__ import annotations

from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from tests.test_layout_memory_rotation_13 import read_with

HIRE = """\
TAME VALLEY FORMWORK HIRE       Ltd                                HIRE CONTRACT
Unit 7, Bromford Gate, Birmingham B24 8DW                 Contract No. {number}
Your order No.   MUK-{number}

Code       Description                          Qty  Unit       Rate      Amount
HIRE EQUIPMENT
{rows}

                                                         Total excl. VAT   {subtotal}
                                                         VAT 20%           {tax}
                                                         Total             {total}
"""


def hire(number: str, rows: list[tuple], headings: dict | None = None) -> tuple[str, dict]:
    """A hire contract and its confirmed values: each row (code, description, qty, unit,
    rate), a heading printed before the row of its index."""
    lines, items, subtotal = [], [], 0
    for n, (code, text, quantity, unit, rate) in enumerate(rows):
        if n in (headings or {}):
            lines.append(headings[n])
        amount = round(float(quantity) * float(rate), 2)
        subtotal += amount
        lines.append(f"{code:<11}{text:<37}{quantity:>4}  {unit:<6}{rate:>9}{amount:>12.2f}")
        items.append(
            {"item_code": code, "description": text, "quantity": quantity, "unit": unit,
             "unit_price": rate, "amount": f"{amount:.2f}"}
        )  # fmt: skip
    tax = round(subtotal * 0.2, 2)
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    page = HIRE.format(number=number, rows="\n".join(lines), **money)
    confirmed = {"po_number": f"MUK-{number}", "supplier_name": "Tame Valley Formwork Hire Ltd"}
    return page, confirmed | money | {"items": items}


def test_a_name_over_two_cells_apart_is_read_where_both_stood():
    page, confirmed = hire("34070", [("WP-2460", "Wall panel 2400 x 600", "60", "each", "1.41")])
    layout = teach.learn(text_lines(page), confirmed) | {"id": "hire"}
    later, _ = hire("34112", [("SLD-24", "Soldier 2.4 m", "20", "each", "2.08")])
    got = read_with(layout, later)["fields"]
    # not 'Ltd  HIRE CONTRACT', the cell after the legal form's; and as a person verified it
    assert got["supplier_name"].value == "Tame Valley Formwork Hire Ltd"
    assert got["supplier_name"].text == "TAME VALLEY FORMWORK HIRE Ltd"


def test_a_heading_in_capitals_printed_once_is_no_description_later():
    rows = [
        ("WP-2460", "Wall panel 2400 x 600", "60", "each", "1.41"),
        ("AC-PRP", "Acrow prop No. 3", "80", "each", "0.57"),
        ("WNP-15", "Wing nut plate 15 mm", "40", "each", "3.34"),
    ]
    page, confirmed = hire("34070", rows, {2: "SALE ITEMS"})
    layout = teach.learn(text_lines(page), confirmed) | {"id": "hire"}
    later_rows = [
        ("WP-2412", "Wall panel 2400 x 1200", "40", "each", "2.23"),
        ("DEL-HB", "Delivery, 18 t rigid with HIAB", "2", "load", "166.47"),
    ]
    later, want = hire("34112", later_rows, {1: "TRANSPORT"})
    items = read_with(layout, later)["items"]
    assert [item["description"] for item in items] == [
        "Wall panel 2400 x 1200",
        "Delivery, 18 t rigid with HIAB",
    ]
    assert recall.same_items(items, want["items"])


def test_a_line_of_numbers_that_is_no_date_runs_on_as_the_description():
    rows = [
        ("WP-2460", "Wall panel 2400 x 600", "60", "each", "1.41"),
        ("AC-PRP", "Acrow prop No. 3", "80", "each", "0.57"),
    ]
    page, confirmed = hire("34070", rows)
    layout = teach.learn(text_lines(page), confirmed) | {"id": "hire"}
    later, _ = hire("34112", [("AC-PRP", "Acrow prop No. 3", "100", "each", "0.57")])
    at = later.index("\n", later.index("AC-PRP")) + 1
    later = later[:at] + " " * 11 + "1.98-3.35 m\n" + later[at:]
    items = read_with(layout, later)["items"]
    # '98-3.35' is no day of the calendar: the prop's reach, not a line about its delivery
    assert items[0]["description"] == "Acrow prop No. 3 1.98-3.35 m"


ARIARY = """\
MERIDIAN CONSTRUCTION MADAGASCAR SARL                        BON DE COMMANDE N° {number}
Fournisseur   Bois et Fers d'Andraharo SARL

Référence  Désignation                       Qté  Unité     P.U. HT    Montant HT
{rows}

                                                     Total HT   {subtotal} Ar
                                                     TVA 20 %   {tax} Ar
                                                     Total TTC  {total} Ar
"""


def spaced(n: int) -> str:
    """Whole ariary grouped in thousands by spaces ('2 326 320')."""
    return f"{n:,}".replace(",", " ")


def ariary(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """An order in whole ariary, its quantities with a decimal comma where they have a part."""
    lines, items, subtotal = [], [], 0
    for code, text, quantity, unit, price in rows:
        amount = round(float(quantity.replace(",", ".")) * price)
        subtotal += amount
        lines.append(
            f"{code:<11}{text:<32}{quantity:>6}  {unit:<6}{spaced(price):>10}{spaced(amount):>14}"
        )
        items.append(
            {"item_code": code, "description": text, "quantity": quantity.replace(",", "."),
             "unit": unit, "unit_price": f"{price}.00", "amount": f"{amount}.00"}
        )  # fmt: skip
    tax = round(subtotal * 0.2)
    printed = {"subtotal": spaced(subtotal), "tax": spaced(tax), "total": spaced(subtotal + tax)}
    page = ARIARY.format(number=number, rows="\n".join(lines), **printed)
    money = {"subtotal": f"{subtotal}.00", "tax": f"{tax}.00", "total": f"{subtotal + tax}.00"}
    confirmed = {"po_number": number, "supplier_name": "Bois et Fers d'Andraharo SARL"}
    return page, confirmed | money | {"items": items}


def test_a_quantity_with_a_decimal_comma_is_an_item_where_the_amounts_taught_no_mark():
    page, confirmed = ariary(
        "BC-TNR/26/1935",
        [
            ("GRV-515", "Gravillon 5/15", "24", "m3", 96930),
            ("CIM-425", "Ciment 42,5", "8", "sac", 44752),
        ],
    )
    layout = teach.learn(text_lines(page), confirmed) | {"id": "ariary"}
    assert layout["anchors"]["comma"] is False  # whole ariary: no mark learned
    later, want = ariary(
        "BC-TNR/26/1511",
        [
            ("SAB-RIV", "Sable de rivière", "0,75", "m3", 50121),
            ("PVC-100", "Tube PVC 100", "8", "barre", 54949),
        ],
    )
    items = read_with(layout, later)["items"]
    assert [item["quantity"] for item in items] == ["0.75", "8"]


DATED = """\
FERRETERÍA BORINQUEN, INC.                               ORDEN DE COMPRA
Núm.   {number}                                          Fecha  {date}
Suplidor   Ferretería y Materiales Borinquen, Inc.       Fecha requerida: {due}

Código     Descripción                         Cant.  Unidad     Precio      Importe
CEM-94     Cemento Portland 94 lb                 10  saco        14.95       149.50

                                                         Subtotal          149.50
                                                         IVU 11.5%          17.19
                                                         Total             166.69
"""
DATED_CONFIRMED = {
    "supplier_name": "Ferretería y Materiales Borinquen, Inc.",
    "subtotal": "149.50", "tax": "17.19", "total": "166.69",
    "items": [{"item_code": "CEM-94", "description": "Cemento Portland 94 lb", "quantity": "10",
               "unit": "saco", "unit_price": "14.95", "amount": "149.50"}],
}  # fmt: skip


def test_a_date_that_reads_either_way_is_read_as_the_pages_other_dates_write_them():
    page = DATED.format(number="MPR-26-02908", date="11/11/2026", due="11/21/2026")
    confirmed = DATED_CONFIRMED | {"po_number": "MPR-26-02908", "po_date": "2026-11-11"}
    layout = teach.learn(text_lines(page), confirmed) | {"id": "dated"}
    # '11/21/2026' only reads month first: so likely does the layout, not proven by the date
    assert layout["anchors"]["day_first"] is False
    assert layout["anchors"]["dates_taught"] is False
    later = DATED.format(number="MPR-26-03114", date="04/07/2026", due="05/03/2026")
    assert read_with(layout, later)["fields"]["po_date"].value == "2026-04-07"


WORDS = """\
MERIDIAN CONSTRUCCIONES GUATEMALA, S.A.                  ORDEN DE COMPRA No. {number}
Lugar y fecha: Guatemala, {words}
Proveedor: Distribuidora de Hierro Los Altos, S.A.
Fecha de entrega: {due}

Cant.  U/M      Código     Descripción                     P. unitario      Total
   8   bolsa    CAL-HID    Cal hidratada                         27.83     222.64

                                                          Valor sin IVA   198.79
                                                          IVA 12%          23.85
                                                          TOTAL Q         222.64
"""
WORDS_CONFIRMED = {
    "supplier_name": "Distribuidora de Hierro Los Altos, S.A.",
    "subtotal": "198.79", "tax": "23.85", "total": "222.64",
    "items": [{"item_code": "CAL-HID", "description": "Cal hidratada", "quantity": "8",
               "unit": "bolsa", "unit_price": "27.83", "amount": "222.64"}],
}  # fmt: skip


def test_a_date_in_words_is_learned_not_a_numeric_date_that_is_it_only_one_way_round():
    # the delivery date '02/03/2026' is the order's 3 February only read month first
    page = WORDS.format(number="001356", words="3 de febrero de 2026", due="02/03/2026")
    confirmed = WORDS_CONFIRMED | {"po_number": "001356", "po_date": "2026-02-03"}
    layout = teach.learn(text_lines(page), confirmed) | {"id": "words"}
    # nor does it teach that the layout writes its dates month first
    assert layout["anchors"]["day_first"] is True
    places = layout["anchors"]["fields"]["po_date"]["places"]
    assert not any("entrega" in place.get("before", "") for place in places)
    later = WORDS.format(number="003784", words="10 de septiembre de 2026", due="28/09/2026")
    assert read_with(layout, later)["fields"]["po_date"].value == "2026-09-10"


EXPORT = """\
ClearSail CRM - Don Valley Lumber & Drywall Supply Ltd.
Order Number   {number}
PO Number      TOR-PO-{number}

Product                            Product Code   Quantity   Unit Price   Total Price
{rows}

Order History ({history})

Date        User        Action
2026-06-01  Raj Mehta   Created.
"""


def test_a_block_under_the_items_whose_heading_counts_its_lines_ends_them():
    rows = [
        ("Welded wire mesh 152x152", "WWM-152", "5.00", "28.36", "141.80", "1.5 x 3 m sheet"),
        ("Mineral wool batt R24", "INS-R24", "15.00", "91.18", "1,367.70", "5.5 in, 15.25 in wide"),
    ]

    def page(number: str, history: int, chosen: list[tuple]) -> str:
        printed = []
        for text, code, quantity, price, amount, more in chosen:
            printed.append(f"{text:<35}{code:<15}{quantity:>8}{price:>13}{amount:>14}")
            printed.append(more)
        return EXPORT.format(number=number, history=history, rows="\n".join(printed))

    items = [
        {"item_code": code, "description": f"{text} {more}", "quantity": quantity[:-3],
         "unit": "", "unit_price": price, "amount": amount.replace(",", "")}
        for text, code, quantity, price, amount, more in rows
    ]  # fmt: skip
    confirmed = {
        "po_number": "TOR-PO-18066", "supplier_name": "Don Valley Lumber & Drywall Supply Ltd.",
        "subtotal": "1509.50", "tax": "196.24", "total": "1705.74", "items": items,
    }  # fmt: skip
    layout = teach.learn(text_lines(page("18066", 2, rows)), confirmed) | {"id": "export"}
    assert layout["anchors"]["table"] is not None
    got = read_with(layout, page("19199", 3, rows[::-1]))["items"]
    assert [item["description"] for item in got] == [
        "Mineral wool batt R24 5.5 in, 15.25 in wide",
        "Welded wire mesh 152x152 1.5 x 3 m sheet",
    ]


SUPPLIER_RUNS_ON = """\
SATYN ALYŞ SARGYDY No {number}

Üpjün ediji: {supplier}
Taslama: TMB-03 – Port ammar toplumy

T/b  Haryt kody   Harydyň ady                    Ölçeg   Mukdary     Bahasy       Jemi
1    GKL-12       Gipsokarton listi 12,5 mm      list         30      22,90     687,00

                                                             Jemi:            687,00
                                                             GBS 15%:         103,05
                                                             Umumy jemi:      790,05
"""


def test_a_name_is_cut_at_as_many_commas_as_the_learned_one_held():
    taught = (
        "«Aşgabat Gurluşyk Harytlary» HJ, SBB 101162523381, 744000, Aşgabat ş., Görogly köçesi, 112"
    )
    confirmed = {
        "po_number": "AŞ-SS/26-0302", "supplier_name": "«Aşgabat Gurluşyk Harytlary» HJ",
        "subtotal": "687.00", "tax": "103.05", "total": "790.05",
        "items": [{"item_code": "GKL-12", "description": "Gipsokarton listi 12,5 mm",
                   "quantity": "30", "unit": "list", "unit_price": "22.90", "amount": "687.00"}],
    }  # fmt: skip
    page = SUPPLIER_RUNS_ON.format(number="AŞ-SS/26-0302", supplier=taught)
    layout = teach.learn(text_lines(page), confirmed) | {"id": "runs-on"}
    later = SUPPLIER_RUNS_ON.format(
        number="AŞ-SS/26-0162",
        supplier="«Mary Beton» HJ, SBB 101164617961, 745400, Mary ş., Senagat zolagy, 7-nji jaý",
    )
    assert read_with(layout, later)["fields"]["supplier_name"].value == "«Mary Beton» HJ"


TOTALS_ABOVE = """\
ClearSail CRM - Don Valley Lumber & Drywall Supply Ltd.
PO Number      {number}

Totals
Order Amount             CAD {subtotal}
HST Amount               CAD {tax}
Grand Total (incl. HST)  CAD {total}

Product                            Product Code   Quantity   Unit Price   Total Price
{rows}

Order History (2)
"""


def totals_above(number: str, rows: list[tuple]) -> tuple[str, dict]:
    """A sales system's order page, its totals block over its items, and its confirmed values."""
    printed, items, subtotal = [], [], 0.0
    for text, code, quantity, price, more in rows:
        amount = round(quantity * price, 2)
        subtotal += amount
        printed.append(f"{text:<35}{code:<15}{quantity:>8.2f}{price:>13.2f}{amount:>14,.2f}")
        printed.append(more)
        items.append(
            {"item_code": code, "description": f"{text} {more}", "quantity": f"{quantity:g}",
             "unit": "", "unit_price": f"{price:.2f}", "amount": f"{amount:.2f}"}
        )  # fmt: skip
    tax = round(subtotal * 0.13, 2)
    money = {"subtotal": f"{subtotal:.2f}", "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}"}
    shown = {key: f"{float(value):,.2f}" for key, value in money.items()}
    page = TOTALS_ABOVE.format(number=number, rows="\n".join(printed), **shown)
    confirmed = {"po_number": number, "supplier_name": "Don Valley Lumber & Drywall Supply Ltd."}
    return page, confirmed | money | {"items": items}


def test_a_foot_printed_above_the_items_is_learned_there():
    rows = [
        ("Vapour barrier 6 mil", "VB-6MIL", 10, 144.88, "4 x 25 m roll"),
        ("Welded mesh", "WWM-152", 5, 28.36, "1.5 x 3 m sheet"),
    ]
    page, confirmed = totals_above("TOR-PO-18066", rows)
    layout = teach.learn(text_lines(page), confirmed) | {"id": "totals-above"}
    assert layout["anchors"]["table"] is not None
    later_rows = [("Mineral wool batt R24", "INS-R24", 15, 91.18, "5.5 in, 15.25 in wide")]
    later, want = totals_above("TOR-PO-19199", later_rows)
    got = read_with(layout, later)["fields"]
    assert {name: got[name].value for name in ("subtotal", "tax", "total")} == {
        name: want[name] for name in ("subtotal", "tax", "total")
    }
