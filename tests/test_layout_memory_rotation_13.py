"""What rotation 13's families, as dev families, showed the layout memory: an order's number
printed after its document type's code, a space apart, as certified invoicing software numbers
its documents ('NE LUA26/395'); a supplier's name whose legal form runs on to the line under
it; an item's particulars on lines under it, each after a label of its own ('Route: N1').
Each page is made up here."""

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


HAULAGE = """\
MERIDIAN CONSTRUCTION (PTY) LTD                               TRANSPORT ORDER
Transport order no.   {number}          Order date   23/07/2026
Carrier   {supplier}

Code      Description                       Qty  Unit         Rate        Amount
{rows}

                                                   Total excl. VAT    {subtotal:>10}
                                                   VAT 15%            {tax:>10}
                                                   Total              {total:>10}
"""


def haulage(number: str, items: list[tuple]) -> tuple[str, dict]:
    """The page and its confirmed values: under each item a line of its own particulars, a
    label and its colon first ('Fill: municipal standpipe')."""

    def line(n: int, item: tuple, amount: str) -> str:
        code, text, quantity, unit, price, details = item
        return f"{code:<10}{text:<32}{quantity:>5}  {unit:<8}{price:>9}{amount:>14}\n" + "".join(
            f"          {detail}\n" for detail in details
        )

    return priced_page(HAULAGE, number, "Swartland Haulage (Pty) Ltd", items, line)


def test_a_line_of_an_item_s_particulars_under_a_label_of_its_own_is_no_description():
    page, confirmed = haulage("TO26-07356", [
        ("STD-HR", "Standing time", "10", "hour", "440.26", ["At: site or weighbridge"]),
        ("WBW-18K", "Water bowser 18 000 l", "2", "load", "2116.40", ["Fill: standpipe"]),
    ])  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "taught"}
    page, want = haulage("TO26-07402", [
        ("ESC-AL", "Escort vehicle, abnormal load", "3", "trip", "3010.24",
         ["Route: N1 / R300 / N2, escort front and rear"]),
        ("TIP-10M3", "Tipper 10 m3", "2", "load", "1426.14", ["On site: offload and place"]),
    ])  # fmt: skip
    lines = text_lines(page)
    _, matched = recall.known([layout], lines)
    got = recall.read(layout["anchors"], lines, matched.frame)["items"]
    assert [item["description"] for item in got] == [item["description"] for item in want["items"]]
