"""A foot printed as Ecuador's electronic documents print it: a subtotal for each rate of VAT,
the subtotal before taxes, then each tax and the total. The page is made up here."""

from __future__ import annotations

from tests.test_extract_rotation_8 import BUYER, read

SUBTOTALS_BY_RATE = f"""\
FERRETERIA EL AUSTRO S.A.                         ORDEN DE COMPRA No. OC-0045
RUC 0190123456001                                 Fecha: 15/11/2026
Cliente: {BUYER}

Cód.      Cant.   Descripción                  Unidad   P. Unitario      P. Total
ALA-18     8.00   Alambre de amarre No. 18     KG             1.98          15.84
ARE-FIN    1.50   Arena fina de río            M3            20.26          30.39

                                            SUBTOTAL 15%                  46.23
                                            SUBTOTAL 0%                    0.00
                                            SUBTOTAL SIN IMPUESTOS        46.23
                                            ICE                            0.00
                                            IVA 15%                        6.93
                                            VALOR TOTAL                   53.16
"""


def test_a_subtotal_at_zero_percent_is_no_tax_where_a_label_reads_another_total():
    got = read(SUBTOTALS_BY_RATE)
    assert (got["subtotal"], got["tax"], got["total"]) == ("46.23", "6.93", "53.16")
    assert "totals_mismatch" not in got["warnings"]


def test_the_sums_tax_stands_where_they_end_at_the_total_a_label_read():
    page = SUBTOTALS_BY_RATE.replace("SUBTOTAL 0%                    0.00\n", "").replace(
        "SUBTOTAL SIN IMPUESTOS        46.23\n", ""
    )
    got = read(page.replace("IVA 15%  ", "Cargo    "))
    assert (got["subtotal"], got["tax"], got["total"]) == ("46.23", "6.93", "53.16")


def test_the_sums_tax_of_two_rates_stands_over_a_rounding_and_another_total():
    # (a second reading's case: the charges that add up are each a tax; the labelled total
    # after a rounding line is not where they end)
    foot = "\n".join(
        " " * 44 + f"{label:<30}{amount:>5}"
        for label, amount in (
            ("Sum", "46.23"),
            ("VAT 15%", "5.00"),
            ("VAT 5%", "1.93"),
            ("Gross", "53.16"),
            ("Rounding", "0.04"),
            ("Total payable", "53.20"),
        )
    )
    page = SUBTOTALS_BY_RATE.split("\n\n")[0] + "\n\n" + SUBTOTALS_BY_RATE.split("\n\n")[1]
    got = read(page + "\n\n" + foot + "\n")
    assert got["tax"] == "6.93"
