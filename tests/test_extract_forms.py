"""How business systems and people print orders, read from small text layouts.

A title with a word before it ('SITE PURCHASE ORDER'), items grouped under
headings with a subtotal closing each group, line numbers like 'B3', an
order typed into a mail ('PO: 4521', 'Supplier - Acme'), labels printed in
pairs over one value ('PO number/date'), a known site's code inside a
delivery address, 'Total gross value', a delivery date printed under
each line, 'Taxes' beside a table with a tax column, a tax the total
includes in German words, header words with their currency after them, a
total in a box over its amount, and the currencies of suppliers abroad.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from app import numbers
from app.extract import engine, paired, proofs, tables
from app.extract.layout import Line, text_lines

BUYER = "Meridian Construction (Pty) Ltd"


def po(text: str) -> dict:
    office = {"buyer_names": (BUYER,), "site_codes": ("CP09", "DBN07"), "today": "2026-12-01"}
    return engine.read_text(text, **office)


def items(payload: dict) -> list[tuple]:
    return [(i["item_code"], i["description"], i["amount"]) for i in payload["items"]]


def test_a_title_with_a_word_before_it_names_the_kind():
    lines = text_lines(
        """\
Meridian Construction (Pty) Ltd          SITE PURCHASE ORDER
                                Order No.     ORD-1
                                Quotation     Q65647
"""
    )
    assert engine.document_kind(lines) == "purchase_order"
    assert engine.document_kind(text_lines("Acme Ltd\nQuotation   Q1\nRef: 1")) == "quotation"


SECTIONS = """\
PURCHASE ORDER
Order No.  ORD-2688-62
Item  Code      Description              Unit    Qty     Rate     Amount
A               CONCRETE AND MASONRY
A1    BLK-140   Concrete block 140mm     each      5    17.34      86.70
A2    CEM-42    Cement 50kg              bag       5    97.73     488.65
                Subtotal A: Concrete and masonry               {first}
B               FORMWORK
B1    SHR-VIS   Shuttering ply 18mm      sheet    10   566.02   5,660.20
                Subtotal B: Formwork                          5,660.20
                                          Subtotal            6,235.55
                                          VAT 15%               935.33
                                          Total               7,170.88
"""


def test_items_go_on_under_a_subtotal_that_adds_up_their_group():
    payload = po(SECTIONS.format(first="  575.35"))
    assert items(payload) == [
        ("BLK-140", "Concrete block 140mm", "86.70"),
        ("CEM-42", "Cement 50kg", "488.65"),
        ("SHR-VIS", "Shuttering ply 18mm", "5660.20"),
    ]
    assert (payload["subtotal"], payload["total"]) == ("6235.55", "7170.88")
    assert "totals_mismatch" not in payload["warnings"]


def test_a_subtotal_that_does_not_add_up_its_group_still_ends_the_table():
    payload = po(SECTIONS.format(first="  999.99"))
    assert [code for code, _, _ in items(payload)] == ["BLK-140", "CEM-42"]
    assert "totals_mismatch" in payload["warnings"]


def test_an_order_typed_into_a_mail():
    payload = po(
        """\
From:    T. Mokoena <orders@meridian-construction.co.za>
Subject: PO 7854 - Acme Steel (Pty) Ltd

Please supply the following.

PO: 7854
Date: 05/06/2026
Supplier - Acme Steel (Pty) Ltd
Site: CP09

Code      Description          Qty   Unit      Price       Total
CBL-4     Cable 4mm surfix      40   roll   1,134.02   45,360.80

                                     Subtotal          45,360.80
                                     VAT 15%            6,804.12
                                     TOTAL DUE      R 52,164.92
"""
    )
    assert (payload["po_number"], payload["supplier_name"]) == ("7854", "Acme Steel (Pty) Ltd")
    assert "low_confidence:po_number" not in payload["warnings"]


PAIRED = """\
Meridian Construction (Pty) Ltd                     Purchase Order
Meridian House, 41 Voortrekker Road                 PO number/date
                                                    {value}
"""


def test_labels_printed_in_pairs_over_one_value():
    payload = po(PAIRED.format(value="4505184997 / 01.03.2026"))
    assert (payload["po_number"], payload["po_date"]) == ("4505184997", "2026-03-01")


def test_a_date_s_own_slashes_do_not_split_a_value():
    lines = text_lines(PAIRED.format(value="4505184997 01/03/2026"))
    split = paired.split_pairs(lines, 1.0)
    assert [line.text for line in split] == [line.text for line in lines]
    assert [
        line.text for line in paired.split_pairs(text_lines(PAIRED.format(value="A / B")), 1.0)
    ][-1].endswith("PO number: A  PO date: B")


def test_a_known_site_code_inside_the_delivery_address():
    payload = po(
        """\
PURCHASE ORDER
Order No.  45127
Please deliver to:
Meridian Construction (Pty) Ltd
Site DBN07, goods receiving
Code      Description          Qty   Unit      Price       Total
CBL-4     Cable 4mm surfix      40   roll   1,134.02   45,360.80
"""
    )
    assert payload["project_code"] == "DBN07"


DELIVERY_DATES = """\
PURCHASE ORDER
Order No.  45127
Item   Material  Description              Order qty.  Unit   Price per unit   Net value
00010  SFT-BT    Safety boots steel toe           24  pair           306.22    7,349.28
                 Delivery date: Day 14.03.2026
00020  SND-RV    River sand washed               7.5  m3             370.23    2,776.73
                 Delivery date: Day 14.03.2026
                           Total net value excl. VAT     ZAR   10,126.01
                                            VAT 15 %     ZAR    1,518.90
                                   Total gross value     ZAR   11,644.91
"""


def test_a_delivery_date_under_each_line_is_not_its_description():
    payload = po(DELIVERY_DATES)
    assert items(payload) == [
        ("SFT-BT", "Safety boots steel toe", "7349.28"),
        ("SND-RV", "River sand washed", "2776.73"),
    ]


def test_total_gross_value_is_the_total():
    payload = po(DELIVERY_DATES)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "10126.01",
        "1518.90",
        "11644.91",
    )
    assert payload["source"]["total"].startswith("Total gross value")


def test_taxes_is_the_tax_and_a_line_s_tax_rate_in_the_table_is_not():
    payload = po(
        """\
Purchase Order P06860
Order Reference:   P06860
Description                          Taxes      Quantity   UoM    Unit Price       Amount
[SHR-VIS] Shuttering ply 18mm        VAT 15%        6.00   sheet      493.45   R 2,960.70
[SFT-BT] Safety boots steel toe      VAT 15%       20.00   pair       381.72   R 7,634.40
                                          Untaxed Amount                      R 10,595.10
                                          Taxes                                R 1,589.27
                                          Total                               R 12,184.37
"""
    )
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "10595.10",
        "1589.27",
        "12184.37",
    )


SWISS = """\
Bestellung
Bestell-Nr.   B26751
Pos.  Art.-Nr.   Bezeichnung               Menge  Einheit   Preis CHF   Betrag CHF
1     XPS-100    Dammplatte XPS 100 mm        30  m2            28.33       849.90
2     ZE-425     Zement CEM II 42,5 N          2  Sack          17.35        34.70
                                    Total CHF                              884.60
                                    inkl. MWST 8.1 %                        66.28
"""


def test_a_tax_the_total_includes_in_german_words():
    payload = po(SWISS)
    assert (payload["tax"], payload["total"], payload["subtotal"]) == ("66.28", "884.60", "818.32")
    # no subtotal printed: the net is the total less the tax, proven as they are
    assert "low_confidence:subtotal" not in payload["warnings"]
    assert payload["source"]["tax"].startswith("inkl. MWST")


def test_a_header_word_with_its_currency_after_it_names_its_column():
    payload = po(SWISS)
    assert [(i["unit_price"], i["amount"]) for i in payload["items"]] == [
        ("28.33", "849.90"),
        ("17.35", "34.70"),
    ]
    assert not any(e["rule"] == "columns_by_arithmetic" for e in payload["rules_applied"])


def test_a_total_in_a_box_over_its_amount():
    payload = po(
        """\
PURCHASE ORDER
Order No  40023
Qty Ord  UOM   Stock Code   Description                 Rate     Disc %      Value
  50.00  m     GLV-40       Galvanised pipe 40mm      115.49      0.00    5774.50
                                               Sub Total         R 5,774.50
                                               VAT 15%             R 866.18
Signature           Date                       TOTAL
                                                                 R 6,640.68
"""
    )
    assert payload["total"] == "6640.68"
    assert payload["source"]["total"].endswith("R 6,640.68")


@pytest.mark.parametrize(
    ("foot", "currency", "flagged"),
    [
        ("Att betala SEK      14 035,79", "SEK", False),
        ("Att betala          14 035,79 kr", None, True),  # a krona or a krone: which?
        ("Razem               14 035,79 zł", "PLN", False),
    ],
)
def test_currencies_of_suppliers_abroad(foot, currency, flagged):
    payload = po(
        f"""\
INKÖPSORDER
Ordernummer   IO27906
Artikelnr    Benämning           Antal   Enhet      À-pris       Belopp
5102216      Makadam 8-16 mm        12   ton        331,99     3 983,88
                       {foot}
"""
    )
    assert payload["currency"] == currency
    assert ("low_confidence:currency" in payload["warnings"]) is flagged


def test_section_line_numbers_as_the_ocr_reads_them_stay_line_numbers():
    columns = [tables.Column("line", 0, 4), tables.Column("item_code", 6, 14)]
    for misread in ("Al", "AS", "Bi", "c2", "B3"):
        assert tables._fits("line", misread, False, coded=True), misread
    assert not tables._fits("line", "AS", False, coded=False)  # under 'No.' alone: a code
    cells = text_lines("Al    BLK-140")[0].cells
    assert tables._assign(cells, columns) == {0: "Al", 1: "BLK-140"}


def test_a_mark_the_engine_does_not_know_after_the_amounts_flags_the_currency():
    payload = po(
        """\
Zamowienie nr ZAM/979/2026
Symbol    Nazwa                  Ilosc     Cena      Wartosc
PUS-25    Pustak ceramiczny         12   105,33     1 263,96
                         Razem    1 263,96 zt
                         Do zaptaty: 1 263,96 zt
"""
    )
    assert payload["currency"] is None
    assert "low_confidence:currency" in payload["warnings"]


@pytest.mark.parametrize(
    "label",
    ["Your Quotation   Q-5512", "Send Invoice to   accounts@meridian.co.za", "Ref Quote  Q-1"],
)
def test_a_label_naming_another_kind_of_document_is_no_title(label):
    lines = text_lines(f"Acme Supplies (Pty) Ltd\n{label}\nORDER NO  PO-4521")
    assert engine.document_kind(lines) is None


def test_quantities_with_their_units_leave_the_office_s_currency_alone():
    payload = po(
        """\
PURCHASE ORDER
Order No  PO-4521
Code       Description             Qty          Price        Amount
KR150      Kerb KR150           1,120.00 kg     18.50     20,720.00
STL-6      Steel wire           1,200.00 kg     10.00     12,000.00
                                       Subtotal           32,720.00
"""
    )
    assert payload["currency"] == "ZAR"
    assert "low_confidence:currency" not in payload["warnings"]


def test_a_total_before_vat_is_no_group_s_subtotal():
    payload = po(
        """\
PURCHASE ORDER
Order No.  ORD-1
Item  Code      Description              Unit    Qty     Rate     Amount
1     BLK-140   Concrete block 140mm     each      5    17.34      86.70
2     CEM-42    Cement 50kg              bag       5    97.73     488.65
                Total excl. VAT                                  575.35
                Delivery charge                                  150.00
"""
    )
    assert [(i["item_code"], i["amount"]) for i in payload["items"]] == [
        ("BLK-140", "86.70"),
        ("CEM-42", "488.65"),
    ]


def test_a_date_under_a_total_s_label_is_not_its_amount():
    payload = po(
        """\
PURCHASE ORDER
Order No  40023
Qty Ord  UOM   Stock Code   Description                 Rate     Disc %      Value
  50.00  m     GLV-40       Galvanised pipe 40mm      115.49      0.00    5774.50
Signature           Date                       TOTAL
                                               01/03/2026
"""
    )
    assert payload["total"] is None
    assert "low_confidence:total" in payload["warnings"]


def _photo(text: str) -> list:
    """Layout text as if an OCR had read it: every word marked so."""
    return [
        Line([replace(w, ocr=True) for w in line.words], line.y, line.page)
        for line in text_lines(text)
    ]


def test_one_dollar_sign_on_a_photo_is_flagged_and_a_code_is_not():
    once = engine._currency(_photo("Total  1,234.00\nPaid by cheque $ 1,234.00"))[0]
    assert (once.value, once.confidence < proofs.LOW, once.ocr) == ("USD", True, True)
    coded = engine._currency(_photo("Total  ZAR  1,234.00"))[0]
    assert (coded.value, coded.confidence) == ("ZAR", 0.8)
    text = engine._currency(text_lines("Paid by cheque USD 1,234.00"))[0]
    assert (text.value, text.confidence) == ("USD", 0.8)


def test_signs_beside_no_amount_on_a_photo_are_flagged_as_misread_letters():
    # a Czech 'č.' the OCR read as '€.', twice; the amounts carry no sign
    misread = "OBJEDNAVKA  €. OV26-0684\nVase nabidka €.  Q78568\nCelkem  12 345,67"
    found = engine._currency(_photo(misread))[0]
    assert (found.value, found.confidence < proofs.LOW) == ("EUR", True)
    assert "beside no amount" in found.source
    beside = engine._currency(_photo("Netto  € 1.234,00\nCelkem  € 1.468,46"))[0]
    assert (beside.value, beside.confidence) == ("EUR", 0.8)


def test_a_dollar_sign_alone_is_flagged_and_a_dollar_named_in_words_is_read():
    alone = engine._currency(text_lines("Total  $1,234.00\nPaid by cheque"))[0]
    assert (alone.value, alone.confidence < proofs.LOW) == ("USD", True)
    assert "no code" in alone.source
    said = "All prices are in Australian dollars.  Total inc GST  $2,902.28"
    named = engine._currency(text_lines(said))[0]
    assert (named.value, named.confidence) == ("AUD", 0.8)
    us = engine._currency(text_lines("Total  US$ 1,234.00"))[0]
    assert (us.value, us.confidence) == ("USD", 0.8)


def test_a_header_field_the_second_reading_lost_is_kept_from_the_first():
    first = {
        "project_code": "DBN07",
        "po_number": "45",
        "confidence": {"project_code": 0.83},
        "source": {"project_code": "site_code_misread: ..."},
        "warnings": ["low_confidence:project_code"],
        "rules_applied": [{"rule": "site_code_misread", "field": "project_code"}],
    }
    second = {
        "project_code": None,
        "po_number": "46",
        "confidence": {},
        "source": {},
        "warnings": ["low_confidence:project_code", "low_confidence:items"],
        "rules_applied": [],
    }
    kept = engine._header_kept(second, first)
    assert (kept["project_code"], kept["po_number"]) == ("DBN07", "46")
    assert kept["source"]["project_code"].startswith("site_code_misread")
    assert sorted(kept["warnings"]) == ["low_confidence:items", "low_confidence:project_code"]
    assert kept["rules_applied"] == [{"rule": "site_code_misread", "field": "project_code"}]


INDIAN_ORDER = """\
                          PURCHASE ORDER
Invoice To                              Voucher No.        Dated
Meridian Construction (Pty) Ltd         MCI/PO/317         21-09-2026
GSTIN/UIN: 27AAJCM4821R1Z3

Supplier (Bill from)                    Project / Site
Konkan Pipes & Fittings LLP             CP09
Gala 12, Wagle Industrial Estate

Sl No.  Description of Goods     HSN/SAC    Quantity     Rate    per       Amount
1       Shuttering Plywood 12 mm 44123100     50 Nos  1,616.70   Nos    80,835.00
2       Binding Wire 18 G        72172010     8 Kg       90.67   Kg        725.36

                                   Total Taxable Value      Rs. 81,560.36
                                       CGST @ 9%            Rs.  7,340.43
                                       SGST @ 9%            Rs.  7,340.43
                                   Total Amount           Rs. 96,241.22
"""


def test_an_indian_order_s_labels_taxes_and_rupees():
    payload = po(INDIAN_ORDER)
    assert payload["supplier_name"] == "Konkan Pipes & Fittings LLP"
    assert payload["po_date"] == "2026-09-21"
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "81560.36",
        "14680.86",
        "96241.22",
    )
    assert payload["currency"] == "INR"
    assert "low_confidence:currency" not in payload["warnings"]  # the R in a GSTIN is no rand


def test_amounts_grouped_in_lakhs():
    assert numbers.parse_money("1,18,394.60") == 11839460
    assert numbers.parse_money("Rs. 1,39,705.62") == 13970562
    assert numbers.parse_money("12,34,567") == 123456700


MERCHANT_ORDER = """\
Grent Builders Providers Ltd                                 CUSTOMER ORDER
                                             Order No.       SO-339200
                                             Order Date      26/09/2026
Product   Description              Qty   Unit     Price incl. VAT    Value incl. VAT
PIR100    PIR insulation 100mm     100   sheet              45.83           4,583.00
PB125     Plasterboard 12.5mm       40   sheet              10.14             405.60

VAT analysis                                   Total incl. VAT           €4,988.60
 VAT code   Rate    Goods incl. VAT   VAT included
   S        23%          €4,583.00       €857.00
   R        13.5%          €405.60        €48.24

All prices include VAT at the rate shown: S standard 23%, R reduced 13.5%.
"""


def test_the_tax_included_is_the_sum_of_a_vat_analysis_column():
    payload = po(MERCHANT_ORDER)
    net = "4083.36"  # the total less the tax it includes
    assert (payload["tax"], payload["total"], payload["subtotal"]) == ("905.24", "4988.60", net)


def test_a_strip_of_headings_names_each_one_s_value_under_it():
    page = """\
Meridian Construction (Pty) Ltd                          Purchase Order
                                                    DATE          P.O. NO.
                                                    28/05/2026    1222
   TERMS        EXPECTED        JOB        ORDERED BY
   30 days      16/06/2026      CP09       T. Mokoena
"""
    assert po(page)["project_code"] == "CP09"


def test_a_cost_centre_is_not_the_project_where_a_project_is_named():
    page = """\
PURCHASE ORDER    PO No.  41914
Cost centre   CC-4352
Project       CP09
"""
    assert po(page)["project_code"] == "CP09"
    alone = po("PURCHASE ORDER    PO No.  41914\nCost centre   CC-4352\n")
    assert "low_confidence:project_code" in alone["warnings"]


REQUISITION = """\
Meridian Construction (Pty) Ltd                      PURCHASE REQUISITION / ORDER
Requisition No.      Date requested
RQ-5131              10 March 2026
Supplier             Tshwane Tile & Sanitary
Code      Description                  Qty   Unit     Unit price        Total
HB-M8     Hex bolt M8 x 50              20   each          12.50       250.00
                                                        Subtotal       250.00
                                                        VAT 15%         37.50
                                                        Total          287.50
Requested by   K. Adams          Signature ..........    Date  10/03/2026
"""


def test_a_bare_date_under_the_items_is_doubted():
    payload = po(REQUISITION)
    assert payload["po_date"] == "2026-03-10"
    assert "signature" in payload["unproven"]["po_date"]
    dated = po(
        REQUISITION.replace("Requisition No.      Date requested", "Requisition No.      Date")
    )
    assert "po_date" not in dated["unproven"]  # the same date above the items proves it


def test_a_known_supplier_s_name_on_a_page_with_no_supplier_label():
    page = """\
PURCHASE ORDER                        PO No.   4521
Invoice To                            Supplier Bill from
Meridian Construction (Pty) Ltd       Konkan Pipes & Fittings LLP
Code      Description                  Qty   Unit     Unit price        Total
HB-M8     Hex bolt M8 x 50              20   each          12.50       250.00
"""
    office = {"buyer_names": (BUYER,), "supplier_names": ("Konkan Pipes & Fittings LLP",)}
    payload = engine.read_text(page, **office, today="2026-12-01")
    assert payload["supplier_name"] == "Konkan Pipes & Fittings LLP"
    assert payload["source"]["supplier_name"].startswith("known_supplier")
    assert engine.read_text(page, buyer_names=(BUYER,))["supplier_name"] != BUYER


def test_an_items_column_headed_incl_vat_is_no_vat_analysis():
    page = """\
Meridian Construction (Pty) Ltd
PURCHASE ORDER
PO Number: PO-1006            Date: 2026-11-03
Supplier: Acme Hardware Ltd
Item   Description       Qty      Excl. VAT      Incl. VAT
1      Cement 50kg        10       1,000.00       1,150.00
2      Sand m3             2         200.00         230.00
                          Total excl. VAT    1,200.00
                          Total incl. VAT    1,380.00
"""
    payload = po(page)
    assert payload["tax"] != "1380.00"
    assert (payload["subtotal"], payload["total"]) == ("1200.00", "1380.00")


def test_a_known_supplier_named_as_another_label_s_value_comes_last():
    page = """\
Meridian Construction (Pty) Ltd
PURCHASE ORDER
PO Number: PO-1007            Date: 2026-11-03
Main contractor:   Boland Builders
Acme Hardware
14 Foundry Road, Seven Hills NSW 2147
Item   Description       Qty      Price      Amount
1      Cement 50kg        10     100.00    1,000.00
                          Total              1,000.00
"""
    office = {"buyer_names": (BUYER,), "today": "2026-12-01"}
    known = ("Boland Builders", "Acme Hardware")
    payload = engine.read_text(page, supplier_names=known, **office)
    assert payload["supplier_name"] == "Acme Hardware"
    alone = engine.read_text(page, supplier_names=("Boland Builders",), **office)
    assert alone["supplier_name"] != "Boland Builders" or "supplier_name" in alone["unproven"]


def test_a_title_in_capitals_run_into_a_number_marker_still_names_the_kind():
    assert engine.document_kind(text_lines("Acme Ltd\nPURCHASE ORDER No.    PO-4521\n")) == (
        "purchase_order"
    )
    assert engine.document_kind(text_lines("Acme Ltd\nQUOTATION No.   Q-77\n")) == "quotation"
    # beside a title, a kind with a marker is a label that cites it
    confirmation = "Acme Ltd\nORDER CONFIRMATION\nQUOTE NO.   Q-77\n"
    assert engine.document_kind(text_lines(confirmation)) == "purchase_order"


@pytest.mark.parametrize("bank", ["Acc No: 62104455", "Br. code: 250655", "Account no. 62104455"])
def test_a_bank_account_s_number_is_no_po_number(bank):
    page = f"""\
Meridian Construction (Pty) Ltd
PURCHASE ORDER
Date: 2026-11-03
Supplier: Acme Ltd
Bank: FNB   {bank}
Item   Description       Qty      Price      Amount
1      Cement 50kg        10     100.00    1,000.00
                          Total              1,000.00
"""
    assert po(page)["po_number"] is None


@pytest.mark.parametrize("label", ["Dated:", "Date:"])
def test_the_date_beside_a_quotation_s_number_is_doubted(label):
    page = """\
Meridian Construction (Pty) Ltd
PURCHASE ORDER
Order No: PO-5005
Supplier: Acme Ltd
Quote No: Q-77     {label} 2026-10-01
Item   Description       Qty      Price      Amount
1      Cement 50kg        10     100.00    1,000.00
                          Subtotal           1,000.00
                          VAT 15%              150.00
                          Total              1,150.00
"""
    payload = po(page.format(label=label))
    assert payload["po_date"] is None or "po_date" in payload["unproven"]


SPEND_SERVICE = f"""\
Purchase Order PO-2240                                    Approved
VENDOR                             BILL TO
Highveld Fasteners                 {BUYER}
12 Mine Street, Germiston          41 Voortrekker Road, Bellville
VAT 4001259896                     VAT 4120198765

PO date      Aug 24, 2026
Project      CP09

#   Item                    Qty   Unit    Unit price    Tax                Total
1   Hex bolt M12x60          50   each        R 2.30    VAT 15% incl.    R 115.00
2   Rebar Y12 6m             20   each       R 92.00    VAT 15% incl.  R 1,840.00

                                  Subtotal (excl. tax)         R 1,700.00
                                  VAT 15% (included)             R 255.00
                                  Total                        R 1,955.00
"""


def test_a_tax_printed_with_its_rate_then_included_in_brackets_is_the_tax():
    payload = po(SPEND_SERVICE)
    # not the supplier's VAT number: the foot's tax line, which the total includes
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "1700.00",
        "255.00",
        "1955.00",
    )
    assert "totals_mismatch" not in payload["warnings"]
