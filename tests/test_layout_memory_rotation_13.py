"""What rotation 13's families, as dev families, showed the layout memory: an order's number
printed after its document type's code, a space apart, as certified invoicing software numbers
its documents ('NE LUA26/395'). Each page is made up here."""

from __future__ import annotations

from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from tests.test_layout_memory_rotation_8 import priced_page

SUPPLIER = "Kwanza Materiais de Construção, Lda"

SERIES = """\
MERIDIAN CONSTRUÇÕES, LDA                                    Exmo.(s) Senhor(es)
Rua Rainha Ginga 12, Luanda                                  {supplier}

NOTA DE ENCOMENDA
{number}

Artigo     Descrição                        Qtd.  Un.     Preço Unit.      Valor
{rows}
                                                   Total Ilíquido     {subtotal:>10}
                                                   IVA (14%)          {tax:>10}
                                                   Total (AOA)        {total:>10}
"""


def series(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: the order's number under its title, after the code of
    its document type."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{code:<11}{text:<32}{quantity:>5}  {unit:<6}{price:>12}{amount:>11}"

    return priced_page(SERIES, number, SUPPLIER, items, line, rate="0.14")


def test_a_number_printed_after_its_document_type_s_code_is_learned_with_it():
    page, confirmed = series("NE LDA26/114", [
        ("CIM-425", "Cimento Portland 42,5 R", "40", "saco", "5400.00"),
        ("VAR-12", "Varão nervurado 12 mm", "20", "un", "3120.50"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    lines = text_lines(series("NE LDA26/207", [("CIM-425", "Cimento", "8", "saco", "5400.00")])[0])
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["po_number"].value == "NE LDA26/207"
