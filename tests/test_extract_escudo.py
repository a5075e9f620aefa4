"""Amounts printed with the escudo's '$' where the decimal mark goes, as Cape Verde prints
them ('6.850.776$00' is 6 850 776.00 escudos, '2.797$21' is 2 797.21): read as money in the
items, the foot and a learned layout, the currency Cape Verde's escudo, and every other '$'
read as before. Each page is made up here."""

from __future__ import annotations

import re

import pytest

from app import numbers
from app.extract import engine, fields
from app.extract.document import ExtractOptions
from app.extract.layout import text_lines
from app.extract.memory import teach

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09",), "today": "2026-12-01"}

PAGE = f"""\
{BUYER}
Achada Santo António, Praia
NOTA DE ENCOMENDA N.º {{number}}                     Data: 04/06/2026
Fornecedor: Salmat - Materiais e Ferragens, Lda.
Obra: CP09

Código      Designação                     Qtd.     Preço unit.      Importância
TUB-110     Tubo PVC esgoto Ø110 mm          12        {{price1:>8}}       {{amount1:>10}}
BLO-2020    Bloco de cimento 20x20x40 cm    400        {{price2:>8}}       {{amount2:>10}}

                                           Soma                       {{subtotal:>12}}
                                           IVA (15%)                  {{tax:>12}}
                                           {{total_label:<18}}         {{total:>12}}
{{words}}
"""
FIRST = {
    "number": "NE-201/2026", "price1": "2.797$21", "amount1": "33.566$52",
    "price2": "111$00", "amount2": "44.400$00", "subtotal": "77.966$52", "tax": "11.694$98",
    "total": "89.661$50", "total_label": "Total (CVE)", "words": "",
}  # fmt: skip
SECOND = {
    "number": "NE-214/2026", "price1": "2.801$00", "amount1": "33.612$00",
    "price2": "95$50", "amount2": "38.200$00", "subtotal": "71.812$00", "tax": "10.771$80",
    "total": "82.583$80", "total_label": "Total (CVE)", "words": "",
}  # fmt: skip


@pytest.mark.parametrize(
    ("printed", "cents"),
    [("95.534$00", 9553400), ("6.850.776$00", 685077600), ("271$00", 27100),
     ("2.797$21", 279721), ("95534$00", 9553400), ("(1.234$00)", -123400)],
)  # fmt: skip
def test_the_escudos_sign_is_its_decimal_mark(printed, cents):
    assert numbers.parse_money(printed) == cents
    assert numbers.parse_money(printed, decimal_comma=True) == cents


@pytest.mark.parametrize(
    ("printed", "comma", "cents"),
    [("$ 12.00", False, 1200), ("US$100", False, 10000), ("$1,234.56", False, 123456),
     ("R$ 10,00", True, 1000), ("$ 1,234", False, 123400)],
)  # fmt: skip
def test_a_dollars_sign_before_an_amount_reads_as_before(printed, comma, cents):
    assert numbers.parse_money(printed, decimal_comma=comma) == cents


@pytest.mark.parametrize("printed", ["12$000", "1.23$00", "1,234$00", "12$0", "1 234$00"])
def test_only_two_centavos_after_whole_escudos_make_an_amount(printed):
    with pytest.raises(ValueError):
        numbers.parse_money(printed)


def test_items_and_foot_in_escudos_are_read_as_money():
    payload = engine.read_text(PAGE.format(**FIRST), **OFFICE)
    items = [(i["quantity"], i["unit_price"], i["amount"]) for i in payload["items"]]
    assert items == [("12", "2797.21", "33566.52"), ("400", "111.00", "44400.00")]
    money = {k: payload[k] for k in ("subtotal", "tax", "total", "currency")}
    assert money == {"subtotal": "77966.52", "tax": "11694.98", "total": "89661.50",
                     "currency": "CVE"}  # fmt: skip
    assert not {"low_confidence:currency", "totals_mismatch"} & set(payload["warnings"])


def test_the_escudos_older_letters_or_its_name_in_words_make_it_sure():
    page = PAGE.format(**FIRST | {"total_label": "Total ECV"})
    payload = engine.read_text(page, **OFFICE)
    assert (payload["total"], payload["currency"]) == ("89661.50", "CVE")
    assert "low_confidence:currency" not in payload["warnings"]
    words = "(Oitenta e nove mil seiscentos e sessenta e um escudos e cinquenta centavos)"
    payload = engine.read_text(PAGE.format(**FIRST | {"total_label": "Total", "words": words}))
    assert (payload["currency"], payload["confidence"]["currency"]) == ("CVE", 0.8)


def test_the_escudos_sign_alone_names_the_escudo_flagged():
    payload = engine.read_text(PAGE.format(**FIRST | {"total_label": "Total"}), **OFFICE)
    assert (payload["total"], payload["currency"]) == ("89661.50", "CVE")
    assert "low_confidence:currency" in payload["warnings"]


DOLLARS = f"""\
{BUYER}
PO No. MC-26-0412                                              Date: 14/04/2026
Supplier: Highveld Hardware

Product                          Unit price          Qty       Amount
Concrete block 140mm               {{price1:>10}}       30    {{amount1:>10}}
Welded mesh ref 193                {{price2:>10}}       20    {{amount2:>10}}

                                        Total                {{total:>10}}
"""


@pytest.mark.parametrize(
    ("values", "currency"),
    [
        ({"price1": "$ 15.18", "amount1": "$ 455.40", "price2": "$ 591.30",
          "amount2": "$ 11,826.00", "total": "$ 12,281.40"}, "USD"),
        ({"price1": "US$15.18", "amount1": "US$455.40", "price2": "US$591.30",
          "amount2": "US$11,826.00", "total": "US$12,281.40"}, "USD"),
        ({"price1": "$15.18", "amount1": "$455.40", "price2": "$591.30",
          "amount2": "$11,826.00", "total": "$12,281.40"}, "USD"),
        ({"price1": "R$ 15,18", "amount1": "R$ 455,40", "price2": "R$ 591,30",
          "amount2": "R$ 11.826,00", "total": "R$ 12.281,40"}, "BRL"),
    ],
)  # fmt: skip
def test_a_dollars_sign_beside_amounts_names_no_escudo(values, currency):
    payload = engine.read_text(DOLLARS.format(**values), **OFFICE)
    items = [(i["unit_price"], i["amount"]) for i in payload["items"]]
    assert items == [("15.18", "455.40"), ("591.30", "11826.00")]
    assert (payload["total"], payload["currency"]) == ("12281.40", currency)


def test_a_layout_learned_in_escudos_reads_the_next_orders_foot():
    layout = teach.learn(text_lines(PAGE.format(**FIRST)), want(FIRST)) | {"id": "escudos"}
    options = ExtractOptions(layouts=(layout,), **OFFICE)
    payload = engine.read_po(text_lines(PAGE.format(**SECOND)), options)
    read_with = payload["layout"]["read_with"]
    assert read_with["id"] == "escudos"
    assert {"items", "subtotal", "tax", "total"} <= set(read_with["values"])
    got = {k: payload[k] for k in ("subtotal", "tax", "total")}
    assert got == {"subtotal": "71812.00", "tax": "10771.80", "total": "82583.80"}
    assert [i["amount"] for i in payload["items"]] == ["33612.00", "38200.00"]


def want(values: dict) -> dict:
    """The order a person verified from a page of PAGE."""
    money = {
        k: numbers.cents_to_text(numbers.parse_money(values[k])) for k in values if "$" in values[k]
    }
    items = [
        {"item_code": code, "description": text, "quantity": quantity, "unit": "",
         "unit_price": money[f"price{n}"], "amount": money[f"amount{n}"]}
        for n, code, text, quantity in (
            (1, "TUB-110", "Tubo PVC esgoto Ø110 mm", "12"),
            (2, "BLO-2020", "Bloco de cimento 20x20x40 cm", "400"),
        )
    ]  # fmt: skip
    return {
        "po_number": values["number"], "po_date": "2026-06-04",
        "supplier_name": "Salmat - Materiais e Ferragens, Lda.", "project_code": "CP09",
        "currency": "CVE", "items": items, "subtotal": money["subtotal"], "tax": money["tax"],
        "total": money["total"],
    }  # fmt: skip


@pytest.mark.parametrize("printed", ["2$12.50", "12$50.00", "3$25,00"])
def test_a_quantity_run_into_a_dollar_price_is_no_escudo_amount(printed):
    # the OCR lost the space in '2 $12.50': no amount of escudos, nor the '$' the escudo's
    assert not re.fullmatch(numbers.ESCUDO, printed)
    assert not re.search(numbers.ESCUDO, printed)
    assert re.search(fields.AMOUNT, printed).group() == printed.split("$")[1]
    assert fields.detect_currency(f"Cement bag  {printed}") == "USD"
