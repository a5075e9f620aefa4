"""Orders printed plainly in ways the engine had not met: a code column headed 'Item #', a
second tax whose name it does not know, '$' with no country, a name run on to a second line,
totals said to be before or with their tax, a title naming what is ordered, a number boxed
under its marker or far right in a spreadsheet's wide cell, a number whose label repeats the
title's word, whole amounts with a currency mark, an item code that starts like a currency's.
Each page is made up here; values come back right, or flagged."""

from __future__ import annotations

from dataclasses import replace

from fpdf import FPDF

from app.extract import engine, fields, tables
from app.extract.document import Document, ExtractOptions
from app.extract.layout import Line, text_lines
from tests.test_extract_rotation_8 import after_title

BUYER = "Meridian Construction (Pty) Ltd"
OFFICE = {"buyer_names": (BUYER,), "site_codes": ("CP09",), "today": "2026-12-01"}

HEAD = f"""\
{BUYER}                                        PURCHASE ORDER
41 Voortrekker Road, Bellville 7530             PO Number   PO-7781
                                                Date        2026-08-11
  Supplier
  Fraser Valley Supply Ltd.
  33520 South Fraser Way
  Abbotsford 2210

"""
ITEMS = """\
  Item #     Description                  Qty    Unit    Unit Price      Amount
  DWV-4      PVC pipe 4 in x 12 ft         60    lgth         52.73    3,163.80
  CEM-GU40   Portland cement 40 kg          3    bag          18.81       56.43
  RB-15M     Rebar 15M x 6 m                3    pc           16.17       48.51

"""
FOOT = """\
                                               Subtotal      3,268.74
                                               VAT 15%         490.31
                                               Total         3,759.05
"""


def read(text: str, **more) -> dict:
    return engine.read_text(text, **(OFFICE | more))


def test_a_column_headed_item_number_that_holds_codes_is_the_code_column():
    payload = read(HEAD + ITEMS + FOOT)
    items = [(i["item_code"], i["description"]) for i in payload["items"]]
    assert items == [
        ("DWV-4", "PVC pipe 4 in x 12 ft"),
        ("CEM-GU40", "Portland cement 40 kg"),
        ("RB-15M", "Rebar 15M x 6 m"),
    ]
    assert "codes_under_line_header" in {e["rule"] for e in payload["rules_applied"]}


def test_a_column_headed_item_number_that_counts_stays_the_line_number():
    counted = ITEMS.replace("DWV-4   ", "1       ").replace("CEM-GU40", "2       ")
    counted = counted.replace("RB-15M  ", "3       ")
    payload = read(HEAD + counted + FOOT)
    assert [i["item_code"] for i in payload["items"]] == ["", "", ""]
    assert payload["items"][0]["description"] == "PVC pipe 4 in x 12 ft"


def test_a_second_tax_of_an_unknown_name_is_added_when_its_rate_fits():
    foot = """\
                                               Subtotal      3,268.74
                                               GST 5%          163.44
                                               PST 7%          228.81
                                               Total         3,660.99
"""
    payload = read(HEAD + ITEMS + foot)
    assert payload["tax"] == "392.25"
    assert "totals_mismatch" not in payload["warnings"]
    assert "low_confidence:tax" not in payload["warnings"]


def test_a_charge_whose_printed_rate_does_not_fit_is_no_tax():
    foot = """\
                                               Subtotal      3,268.74
                                               GST 5%          163.44
                                               Freight 7%      100.00
                                               Total         3,532.18
"""
    payload = read(HEAD + ITEMS + foot)
    assert payload["tax"] != "263.44"
    assert "low_confidence:tax" in payload["warnings"]


def test_dollars_with_no_country_are_flagged_and_a_named_one_is_read():
    dollars = FOOT.replace("3,268.74", "$3,268.74").replace("3,759.05", "$3,759.05")
    payload = read(HEAD + ITEMS + dollars)
    assert payload["currency"] == "USD"
    assert "low_confidence:currency" in payload["warnings"]
    named = read(HEAD + ITEMS + dollars + "\n  All amounts in Canadian dollars.\n")
    assert named["currency"] == "CAD"
    assert "low_confidence:currency" not in named["warnings"]


def test_a_supplier_name_whose_legal_form_runs_on_to_the_next_line_is_read_whole():
    head = HEAD.replace(
        "  Fraser Valley Supply Ltd.\n", "  Donghai Building Materials\n  Co., Ltd.\n"
    )
    payload = read(head + ITEMS + FOOT)
    assert payload["supplier_name"] == "Donghai Building Materials Co., Ltd."
    # an address under the name is not run into it
    assert read(HEAD + ITEMS + FOOT)["supplier_name"] == "Fraser Valley Supply Ltd."


def test_a_known_supplier_whose_name_wraps_is_found_by_its_two_lines():
    head = HEAD.replace("  Supplier\n", "  Tedarikci\n").replace(
        "  Fraser Valley Supply Ltd.\n", "  Marmara Beton ve Insaat Malzemeleri\n  A.S.\n"
    )
    known = ("Marmara Beton ve Insaat Malzemeleri A.S.",)
    payload = read(head + ITEMS + FOOT, supplier_names=known)
    assert payload["supplier_name"] == "Marmara Beton ve Insaat Malzemeleri A.S."
    assert payload["source"]["supplier_name"].startswith("known_supplier")
    assert "low_confidence:supplier_name" in payload["warnings"]


def test_totals_said_to_be_before_and_with_their_tax_are_the_subtotal_and_total():
    foot = """\
                                 Order value excl. VAT      3,268.74
                                 VAT at 15%                   490.31
                                 Order value incl. VAT      3,759.05
"""
    payload = read(HEAD + ITEMS + foot)
    assert (payload["subtotal"], payload["tax"], payload["total"]) == (
        "3268.74",
        "490.31",
        "3759.05",
    )
    assert payload["checks_failed"] == []
    assert payload["source"]["subtotal"].startswith("Order value excl. VAT")  # by its label
    assert payload["source"]["total"].startswith("Order value incl. VAT")


def test_a_title_naming_what_is_ordered_is_an_order_and_a_change_order_is_not():
    for title, kind in [
        ("BULK MATERIALS ORDER", "purchase_order"),
        ("ACCOUNT ORDER", "purchase_order"),
        ("CHANGE ORDER", None),
        ("VARIATION ORDER", None),
        ("DELIVERY ORDER", None),
    ]:
        lines = text_lines(f"Tygerberg Aggregates (Pty) Ltd        {title}\nTel 021 975 2240\n")
        assert engine.document_kind(lines) == kind, title


def _pdf(tmp_path, text: str, **more) -> Document:
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Courier", size=8)
    for line in text.splitlines():
        pdf.cell(0, 4, line, new_x="LMARGIN", new_y="NEXT")
    path = tmp_path / "page.pdf"
    path.write_bytes(bytes(pdf.output()))
    return Document(path, "application/pdf", path.name, ExtractOptions(**(OFFICE | more)))


BOXED = f"""\
Tygerberg Aggregates (Pty) Ltd                               BULK MATERIALS ORDER
Quarry Road, Durbanville 7550                                         No.
Tel 021 975 2240       VAT No. 4011942254                                       CO115691

  Order Date    Account No.
  24/06/2026    MER1147

  Customer
  {BUYER}
  Project CP09

"""


def test_a_number_boxed_under_its_marker_at_the_right_is_read(tmp_path):
    payload = engine.extract_po(_pdf(tmp_path, BOXED + ITEMS + FOOT))
    assert after_title(BOXED + ITEMS + FOOT) == "CO115691"
    assert "low_confidence:po_number" in payload["warnings"]


def test_a_header_with_a_bracketed_qualifier_names_its_column():
    assert tables.column_key("Rate (R/unit)") == "unit_price"
    assert tables.column_key("Qty (t)") == "quantity"
    assert tables.column_key("Remarks (site)") is None


SHEET = f"""\
{BUYER}
PURCHASE ORDER

PO No:                                                         2185    Project:      CP09
Date:                                                    2026/10/14    Ordered by:   J. Botha
Supplier:   Namaqua Roofing Systems                                    Terms:        30 days
Address:    22 Voortrekker Avenue
            Upington 8801

"""


def test_a_value_far_right_in_a_wide_cell_before_the_next_label_is_the_labels():
    payload = read(SHEET + ITEMS + FOOT)
    assert payload["po_number"] == "2185"
    assert "low_confidence:po_number" not in payload["warnings"]


def test_a_value_far_off_with_no_label_after_it_is_not_taken():
    lone = SHEET.replace(
        "PO No:                                                         2185    Project:      CP09",
        "PO No:                                                         2185",
    )
    assert read(lone + ITEMS + FOOT)["po_number"] != "2185"


TITLED = f"""\
{BUYER}
Meridian House, 41 Voortrekker Road, Bellville 7530
                         MEGRENDELES
                 Megrendeles azonosito: MR-2026/00982

  Szallito
  Tisza Tuzep es Fatelep Bt.
  6000 Kecskemet, Szegedi ut 47.

  Megrendeles kelte:  2026.10.05.      Hatarido:  2026.10.27.
  Munkaszam:          CP09

"""
WHOLE = """\
  Ssz.  Cikkszam   Megnevezes                 Mennyiseg  Me.   Egysegar     Ertek
   1    HOM-04     Mosott homok 0/4                   2  t       8 627 Ft   17 254 Ft
   2    KES-10     Nitril kesztyu                     3  vodor  11 280 Ft   33 840 Ft

                                                   Netto:       51 094 Ft
                                                   AFA 27%:     13 795 Ft
                                                   Brutto:      64 889 Ft
"""


def test_a_number_whose_label_repeats_the_titles_word_is_taken_and_flagged():
    payload = read(TITLED + WHOLE)
    assert payload["po_number"] == "MR-2026/00982"
    assert payload["po_date"] == "2026-10-05"  # a date with its closing dot is no number
    assert "low_confidence:po_number" in payload["warnings"]
    assert "number_by_title_word" in {e["rule"] for e in payload["rules_applied"]}


def test_a_date_or_an_amount_after_the_titles_word_is_no_number():
    dated = TITLED.replace("Megrendeles azonosito: MR-2026/00982", "Megrendeles osszege: 51 094,00")
    assert read(dated + WHOLE)["po_number"] is None


def test_whole_amounts_with_an_unknown_mark_leave_the_currency_to_a_person():
    unknown = WHOLE.replace(" Ft", " Qv")  # a mark no currency of the engine's is written with
    payload = read(TITLED + unknown)
    assert payload["currency"] is None  # not the office's own, nor KES from 'KES-10'
    assert "low_confidence:currency" in payload["warnings"]
    assert fields.money_mark_unnamed("Total   51 094 Qv\nVAT   13 795 Qv") == "qv"
    assert read(TITLED + WHOLE)["currency"] == "HUF"  # the forint's own mark


def test_an_item_code_that_starts_like_a_currency_names_no_currency():
    assert fields.currencies_named("KES-10  Nitril gloves") == set()
    assert fields.currencies_named("Total KES 1,200.00") == {"KES"}


NUMBERED = """\
  Nr.   Cod        Denumirea                     U.M.    Cant.    Pret unitar    Valoarea
  0     1          2                             3       4        5              6 (4x5)
  1     PLS-06     Plasa sudata 100x100          buc        50       110,75      5.537,50
  2     VOP-15     Vopsea lavabila 15 l          gal       100       164,20     16.420,00
  3     OTL-12     Otel beton PC52               buc         5        80,33        401,65

                                            Nettotal:      22.359,15
                                            Taxo 19%:       4.248,24
                                            Fulsum:        26.607,39
"""


def test_a_row_numbering_the_header_columns_is_no_item():
    payload = read(HEAD + NUMBERED)
    assert [(i["item_code"], i["quantity"]) for i in payload["items"]] == [
        ("PLS-06", "50"),
        ("VOP-15", "100"),
        ("OTL-12", "5"),
    ]
    assert tables.numbering_row(text_lines("  1   2   3   4   5")[0])
    assert not tables.numbering_row(text_lines("  1   4   3   4   5")[0])
    assert not tables.numbering_row(text_lines("  1   HB-2   20   12.50   250.00")[0])


TILL = f"""\
      Highveld Hardware (Pty) Ltd
         ACCOUNT ORDER
Date: 22/03/2026          Till: 06
Account: MER004
{BUYER}
Order No: MC42110

Cable 4mm surfix
CBL-4     24 x 1578.39     37881.36
Enamel paint white 5L
PNT-EN     5 x 420.54       2102.70

TOTAL                    R 39984.06
"""


def test_a_till_slips_lines_read_their_description_over_a_quantity_times_price():
    payload = read(TILL)
    items = [
        (i["item_code"], i["description"], i["quantity"], i["unit_price"]) for i in payload["items"]
    ]
    assert items == [
        ("CBL-4", "Cable 4mm surfix", "24", "1578.39"),
        ("PNT-EN", "Enamel paint white 5L", "5", "420.54"),
    ]
    assert "low_confidence:items" in payload["warnings"]


def test_lines_with_their_own_words_keep_them_though_words_stand_over_the_first():
    over = TILL.replace("CBL-4     24", "CBL-4 Cable  24").replace(
        "PNT-EN     5", "PNT-EN Paint  5"
    )
    descriptions = [i["description"] for i in read(over)["items"]]
    assert descriptions[0].startswith("CBL-4 Cable")  # its own words
    assert "Cable 4mm surfix" not in descriptions[0]  # not the line over it


def test_a_label_cell_with_the_titles_word_and_no_colon_gives_its_number():
    # ('azonosito', identifier: no word of the engine's names the number; 'szama' does now)
    cell = TITLED.replace("azonosito: MR-2026/00982", "azonosito    MR-2026/00982")
    payload = read(cell + WHOLE)
    assert payload["po_number"] == "MR-2026/00982"
    assert "low_confidence:po_number" in payload["warnings"]


STACKED = """\
  Ln  Item Code   Description
                                  Order Qty    UOM      Unit Price     Line Amount
      CEM-42      Cement CEM II 42.5N 50kg
                                     100.00    bag          103.45       10,345.00
      WM-193      Welded mesh ref 193
                                       8.00    sheet        487.36        3,898.88

                                          Order Total Excl. VAT          14,243.88
                                          VAT 15%                         2,136.58
                                          Order Total Incl. VAT          16,380.46
"""


def _photographed(text: str) -> list:
    return [
        Line([replace(word, ocr=True, conf=0.95) for word in line.words], line.y, line.page)
        for line in text_lines(text)
    ]


def test_items_under_a_stacked_header_join_their_numbers_on_a_photo_too():
    payload = engine.read_po(_photographed(HEAD + STACKED), ExtractOptions(**OFFICE))
    items = [
        (i["item_code"], i["description"], i["quantity"], i["amount"]) for i in payload["items"]
    ]
    assert items == [
        ("CEM-42", "Cement CEM II 42.5N 50kg", "100", "10345.00"),
        ("WM-193", "Welded mesh ref 193", "8", "3898.88"),
    ]


def test_a_dollar_named_in_words_is_the_currency_when_no_sign_was_read():
    payload = read(HEAD + ITEMS + FOOT + "\n  All amounts in Canadian dollars.\n")
    assert payload["currency"] == "CAD"


def test_the_offices_own_currency_guessed_on_a_photo_is_flagged():
    photo = engine.read_po(_photographed(HEAD + ITEMS + FOOT), ExtractOptions(**OFFICE))
    assert photo["currency"] == "ZAR"
    assert "low_confidence:currency" in photo["warnings"]
    assert "low_confidence:currency" not in read(HEAD + ITEMS + FOOT)["warnings"]  # as printed


def test_the_titles_word_is_found_in_a_label_whatever_its_accents():
    accented = TITLED.replace("Megrendeles azonosito:", "Megrendelés azonosító:")
    assert read(accented + WHOLE)["po_number"] == "MR-2026/00982"  # under 'MEGRENDELES'
