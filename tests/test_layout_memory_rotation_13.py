"""What rotation 13's families, as dev families, showed the layout memory: an order's number
printed after its document type's code, a space apart, as certified invoicing software numbers
its documents ('NE LUA26/395'); a supplier's name whose legal form runs on to the line under
it. Each page is made up here."""

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


RUN_ON = """\
MERIDIAN CONSTRUCTION LIBAN S.A.L.                           BON DE COMMANDE  N° {number}
Fournisseur                          Date de commande   16/09/2026
{supplier}
Zone industrielle, rue 22

Réf.       Désignation                      Qté   Unité       P.U.     Montant
{rows}
                                                   Total H.T.         {subtotal:>10}
                                                   TVA 11 %           {tax:>10}
                                                   Total T.T.C.       {total:>10}
"""


def run_on(number: str, name: str, form: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: the supplier's name with its legal form on the line
    under it."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price = item
        return f"{code:<11}{text:<32}{quantity:>5}  {unit:<6}{price:>10}{amount:>12}"

    template = RUN_ON.replace("{supplier}", f"{name}\n{form}")
    page, confirmed = priced_page(template, number, "", items, line, rate="0.11")
    return page, confirmed | {"supplier_name": f"{name} {form}"}


def test_a_supplier_s_name_whose_legal_form_runs_on_to_the_next_line_is_learned():
    page, confirmed = run_on("BC-26/0976", "Société Libanaise des Matériaux", "S.A.L.", [
        ("FER-HA12", "Fer à béton HA 12 mm", "1.5", "t", "772.45"),
        ("SAB-04", "Sable lavé 0/4", "12.5", "m3", "29.01"),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = run_on("BC-26/1734", "Ets. Haddad Frères", "S.A.R.L.", [
        ("FER-HA12", "Fer à béton HA 12 mm", "2", "t", "770.00"),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["fields"]
    assert got["supplier_name"].value == "Ets. Haddad Frères S.A.R.L."
