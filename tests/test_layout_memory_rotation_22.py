"""What rotation 20's families, once dev families, showed the layout memory: a supplier's
confirmation quotes our order's number and date in a sentence ('… su pedido MC-0425 del
30/10/2026'), beside its own document's date; on the document taught both were one day. The
pages are made up here."""

from __future__ import annotations

from app.extract import engine
from app.extract.document import ExtractOptions
from app.extract.layout import text_lines
from app.extract.memory import recall, teach
from app.extract.memory.places import Reading
from app.extract.model import Found, Item
from app.extract.proofs import LOW
from tests.test_layout_memory_rotation_13 import read_with

CONFIRMATION = """\
FERRALLAS DEL SUR, S.A.                                  CONFIRMACIÓN DE PEDIDO
Polígono Norte, nave 4, 50014 Zaragoza                   Fecha: {issued}
                                                          Nº confirmación: CP-{number}

Muy señores nuestros:
Le confirmamos la recepción de su {what} {ordered}, que serviremos en obra.

Código     Descripción                        Cantidad   Precio      Importe
FE-012     Barra corrugada B500S 12 mm             100     10,00     1.000,00

                                                      Base imponible:   1.000,00
                                                      IVA 21%:            210,00
                                                      Total:            1.210,00
"""
ITEMS = [
    {"item_code": "FE-012", "description": "Barra corrugada B500S 12 mm", "quantity": "100",
     "unit": None, "unit_price": "10.00", "amount": "1000.00"}
]  # fmt: skip


def _taught(number: str, day: str) -> dict:
    """The layout learned from a confirmation of our order ZGZ-{number} dated, like the
    confirmation itself, `day` (dd/mm/2026)."""
    page = CONFIRMATION.format(
        number=number, issued=day, what=f"pedido ZGZ-{number} del", ordered=day
    )
    confirmed = {
        "po_number": f"ZGZ-{number}",
        "po_date": f"2026-{day[3:5]}-{day[:2]}",
        "supplier_name": "FERRALLAS DEL SUR, S.A.",
        "subtotal": "1000.00",
        "tax": "210.00",
        "total": "1210.00",
        "items": ITEMS,
    }
    return teach.learn(text_lines(page), confirmed) | {"id": "confirmation"}


def test_our_orders_date_after_its_number_in_a_sentence_is_read_not_the_documents_own():
    layout = _taught("0425", "30/10/2026")
    later = CONFIRMATION.format(
        number="0697", issued="17/11/2026", what="pedido ZGZ-0697 del", ordered="15/11/2026"
    )
    got = read_with(layout, later)["fields"]
    # the sentence's words around another order's number are the learned ones all the same
    assert got["po_number"].value == "ZGZ-0697"
    assert got["po_date"].value == "2026-11-15"
    assert got["po_date"].conf >= LOW
    payload = engine.read_lines(
        text_lines(later), ExtractOptions(layouts=(layout,), today="2026-12-01")
    )
    assert payload["po_date"] == "2026-11-15"
    assert "low_confidence:po_date" not in payload["warnings"]


def test_a_date_further_from_our_number_is_not_taken_for_our_orders():
    # taught where the words between our order's number and the date were many, or held a
    # number: that date may be another's (a delivery's, a line's), so when the two places
    # differ the layout says it cannot tell
    for what in ("pedido ZGZ-0425, entrega prevista el", "pedido ZGZ-0425 línea 2 del"):
        page = CONFIRMATION.format(
            number="0425", issued="30/10/2026", what=what, ordered="30/10/2026"
        )
        confirmed = {
            "po_number": "ZGZ-0425",
            "po_date": "2026-10-30",
            "supplier_name": "FERRALLAS DEL SUR, S.A.",
            "subtotal": "1000.00",
            "tax": "210.00",
            "total": "1210.00",
            "items": ITEMS,
        }
        layout = teach.learn(text_lines(page), confirmed) | {"id": "confirmation"}
        later = CONFIRMATION.format(
            number="0697",
            issued="17/11/2026",
            what=what.replace("0425", "0697"),
            ordered="15/11/2026",
        )
        got = read_with(layout, later)["fields"]
        assert got["po_date"].conf < LOW, what


def test_the_documents_own_date_and_ours_differing_with_no_number_before_ours():
    # taught where our order's date was printed after words naming it but no number: which
    # of the two places is the order's, the layout cannot say when they differ; the sentence
    # says it ('su pedido del 15/11/2026' names our order and 'of' its date), read so by the
    # generic reader
    page = CONFIRMATION.format(
        number="0425", issued="30/10/2026", what="pedido del", ordered="30/10/2026"
    )
    confirmed = {
        "po_number": "CP-0425",
        "po_date": "2026-10-30",
        "supplier_name": "FERRALLAS DEL SUR, S.A.",
        "subtotal": "1000.00",
        "tax": "210.00",
        "total": "1210.00",
        "items": ITEMS,
    }
    layout = teach.learn(text_lines(page), confirmed) | {"id": "confirmation"}
    later = CONFIRMATION.format(
        number="0697", issued="17/11/2026", what="pedido del", ordered="15/11/2026"
    )
    payload = engine.read_lines(
        text_lines(later), ExtractOptions(layouts=(layout,), today="2026-12-01")
    )
    assert payload["po_date"] == "2026-11-15"
    assert payload["source"]["po_date"] == "su pedido del 15/11/2026"


DATELINE = """\
ACEROS DEL NORTE, S.A. DE C.V.                                  CONFIRMACIÓN DE PEDIDO
Av. Ruiz Cortines 4810, Monterrey                               Pedido: PV-{number}
                                        Monterrey, N.L., a {issued}

No. cliente   Cliente                      Su O.C.         Fecha O.C.
004178        MERIDIAN CONSTRUCCIONES      OC-MTY-{number}    {ordered}

Clave        Descripción                         Cant.   Precio unit.      Importe
PTR-4X4      PTR 4" x 4" cal. 11 x 6.10 m         2.00       1,000.00     2,000.00

                                                      Subtotal        2,000.00
                                                      IVA 16%           320.00
                                                      Total           2,320.00
"""


def test_a_date_the_reader_proved_stands_where_the_layout_reads_another_and_is_doubted():
    # document 1's dateline and 'Fecha O.C.' were one day, and only its words were learned
    page = DATELINE.format(number="3069", issued="5 de noviembre de 2026", ordered="05/11/2026")
    confirmed = {
        "po_number": "OC-MTY-3069",
        "po_date": "2026-11-05",
        "supplier_name": "ACEROS DEL NORTE, S.A. DE C.V.",
        "subtotal": "2000.00",
        "tax": "320.00",
        "total": "2320.00",
        "items": [
            {"item_code": "PTR-4X4", "description": 'PTR 4" x 4" cal. 11 x 6.10 m',
             "quantity": "2", "unit": None, "unit_price": "1000.00", "amount": "2000.00"}
        ],
    }  # fmt: skip
    layout = teach.learn(text_lines(page), confirmed) | {"id": "dateline"}
    later = DATELINE.format(number="8326", issued="17 de octubre de 2026", ordered="15/10/2026")
    options = ExtractOptions(layouts=(layout,), today="2026-12-01")
    cold = engine.read_lines(text_lines(later), ExtractOptions(today="2026-12-01"))
    assert cold["po_date"] == "2026-10-15"  # the reader proves it under 'Fecha O.C.'
    assert "low_confidence:po_date" not in cold["warnings"]
    payload = engine.read_lines(text_lines(later), options)
    assert payload["layout"]["read_with"]  # the layout read the page
    assert payload["po_date"] == "2026-10-15"  # what the reader proved stands
    assert "low_confidence:po_date" in payload["warnings"]  # doubted: the layout reads another


def test_sums_that_add_up_either_way_to_other_amounts_are_doubted():
    # the person counted a levy in the tax (IGV 18% and the 2% perception on it), the
    # reader's sums add up without it: which are the order's, neither says
    rows = [
        Item("A1", "Cemento", "10", None, "100.00", "1000.00"),
    ]
    found = {
        "subtotal": Found("1000.00", 1.0, "OP. GRAVADA 1,000.00", rank=0),
        "tax": Found("180.00", 1.0, "I.G.V. 18% 180.00", rank=0),
        "total": Found("1180.00", 1.0, "IMPORTE TOTAL 1,180.00", rank=0),
    }
    learned = {
        "subtotal": Reading("1000.00", "OP. GRAVADA 1,000.00"),
        "total": Reading("1203.60", "TOTAL A COBRAR 1,203.60"),
        "tax": Reading("203.60", "total - subtotal", worked_out=True),
    }
    *_, split = recall._choose(found, rows, {"items": [], "fields": learned}, False)
    assert split == {"tax", "total"}
    same = {name: Reading(found[name].value, found[name].source) for name in found}
    *_, none = recall._choose(found, rows, {"items": [], "fields": same}, False)
    assert none == set()
