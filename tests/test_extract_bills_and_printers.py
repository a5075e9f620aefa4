"""Item tables as bills of quantities and line printers print them, each on a page made up
here: a bill's section totals carried to its summary (the items go on under them), a header
word whose last vowel is accented by an apostrophe ("QUANTITA'") and Italian's 'Prezzo un.'."""

from __future__ import annotations

from decimal import Decimal

from tests.test_extract_rotation_8 import BUYER, flagged, read

BILLS = f"""\
{BUYER}
PURCHASE ORDER No. DSM/PO/26/0527                              Date:  14/08/2026
Supplier:     Velmor Trading (Pty) Ltd                         Project:  CP09
Item     Code         Description                      Unit      Qty        Rate        Amount
BILL No. 2 - CONCRETE WORK
2.1      C-206        High yield bar Y16 x 12 m        pc        100      461.64     46,164.00
2.2      C-208        BRC mesh A142                    sheet      15      811.88     12,178.20
                                                      {"Total to summary":<30}58,342.20
BILL No. 3 - MASONRY
3.1      M-305        Hoop iron 25 mm                  coil        3      539.93      1,619.79
3.2      M-302        Concrete block 9 in hollow       pc         30       25.74        772.20
                                                      {"Carried to Collection":<30} 2,391.99
                                                       Sub-total                     60,734.19
                                                       VAT 15%                        9,110.13
                                                       Total                         69,844.32
"""


def test_a_bills_section_totals_carried_to_its_summary_do_not_end_the_table():
    found = read(BILLS)
    assert [item["description"] for item in found["items"]] == [
        "High yield bar Y16 x 12 m",
        "BRC mesh A142",
        "Hoop iron 25 mm",
        "Concrete block 9 in hollow",
    ]
    assert found["total"] == "69844.32" and not flagged(found, "items")


LINE_PRINTER = f"""\
{BUYER}                                     ORDINE A FORNITORE
VIA DEI MILLE 14 - 40121 BOLOGNA BO                           NUMERO  26/000311
SPETT.LE  VELMOR TRADING (PTY) LTD                            DATA    22/06/2026
CANTIERE  CP09
-------------------------------------------------------------------------------------------
CODICE     DESCRIZIONE                          UM   QUANTITA' PREZZO UN.      IMPORTO  IVA
-------------------------------------------------------------------------------------------
MALM5-25   MALTA PREMISCELATA M5 SACCHI 25 KG   SC      160,00      4,130       660,80   22
RET0620    RETE ELETTROSALD. D.6 MAGLIA 20X20   NR       40,00     28,700     1.148,00   22
-------------------------------------------------------------------------------------------
                                                   IMPONIBILE                       1.808,80
                                                   IVA 22%                            397,94
                                                   TOTALE ORDINE EUR                2.206,74
"""


def test_a_line_printers_header():
    found = read(LINE_PRINTER)
    items = [
        (item["description"], Decimal(item["quantity"]), Decimal(item["unit_price"]))
        for item in found["items"]
    ]
    assert items == [
        ("MALTA PREMISCELATA M5 SACCHI 25 KG", Decimal(160), Decimal("4.13")),
        ("RETE ELETTROSALD. D.6 MAGLIA 20X20", Decimal(40), Decimal("28.70")),
    ]
