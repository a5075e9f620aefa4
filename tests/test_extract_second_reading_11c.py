"""Second reading of the rules that read other languages' project labels, currencies by their
own signs and names, a label running on to its colon, and an order in Vietnamese: a currency
code printed after the amounts ('20 010.00 GEL') still names it, and the addressee of a
Vietnamese order ('Kính gửi: Ông ...', a person) gives way to its supplier's label ('Nhà cung
cấp'), a date or a measure is no amount with cents, and a label that runs on only to name the
order ('Datum der Bestellung:') is the same label. Each page is made up here."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_10 import BUYER, flagged, read
from tests.test_extract_second_reading_7 import TABLE


@pytest.mark.parametrize("code", ["GEL", "AMD", "MNT"])
def test_a_code_with_its_own_sign_still_names_its_currency_after_the_amounts(code):
    # the lari, the dram and the tögrög got their signs; their codes after an amount with
    # cents were lost (the office's own was read, unflagged)
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.:   MC-44120          Date: 10/05/2026
Supplier:    Karsten Steel Traders CC
Site:        CP09
{TABLE.replace("20 010.00", f"20 010.00 {code}")}"""
    payload = read(page)
    assert payload["currency"] == code or flagged(payload, "currency")
    assert payload["currency"] == code


def test_a_vietnamese_orders_addressee_gives_way_to_its_suppliers_label():
    page = f"""\
{BUYER}
                          ĐƠN ĐẶT HÀNG
                         Số: 0842/2026/ĐĐH-MRD
                TP. Hồ Chí Minh, ngày 12 tháng 07 năm 2026
Kính gửi: Ông Nguyễn Văn An - Giám đốc
Nhà cung cấp: Công ty Cổ phần Thép Đông Nam
Công trình: CP09
{TABLE}"""
    payload = read(page)
    assert payload["supplier_name"] == "Công ty Cổ phần Thép Đông Nam" or flagged(
        payload, "supplier_name"
    )


def test_a_word_in_an_items_description_before_a_number_names_no_currency():
    # 'GEL' before any number was the lari: a sealant's 'SILICONE GEL 300 ml' took the office's
    # own currency away (flagged, where it was read proven)
    table = TABLE.replace(
        "CON-25     Concrete 25 MPa 19 mm stone ", "SIL-300    SILICONE GEL 300 ml clear  "
    )
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.:   MC-44120          Date: 10/05/2026
Supplier:    Karsten Steel Traders CC
Site:        CP09
{table}"""
    payload = read(page)
    assert payload["currency"] == "ZAR"
    assert not flagged(payload, "currency")


_WHOLE = """\
Code       Description                         Qty  Unit      Rate        Amount
CON-25     Concrete 25 MPa 19 mm stone          12  m3     1.450.000    17.400.000

                                                          Subtotal      17.400.000
                                                          VAT 10%        1.740.000
                                                          Total         19.140.000
"""


@pytest.mark.parametrize(
    ("date", "description"),
    [
        ("12.07.26", "Concrete 25 MPa 19 mm stone"),  # a date's year in two digits
        ("12/07/2026", "Rebar Y12 cut to 11.70 m   "),  # a length, in its unit
        ("12/07/2026", "Mortar, waste 2.50 %       "),
    ],
)
def test_a_date_or_a_measure_is_no_amount_with_cents(date, description):
    # the office's own currency is flagged when no amount has cents; a date's '07.26' or a
    # length's '11.70 m' passed for cents, and the guess was left unflagged
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.   MC-44120                  Date   {date}
Supplier    Karsten Steel Traders CC
Site        CP09
{_WHOLE.replace("Concrete 25 MPa 19 mm stone", description)}"""
    payload = read(page)
    assert payload["currency"] != "ZAR" or flagged(payload, "currency")


@pytest.mark.parametrize("label", ["Datum der Bestellung:", "Date of order:", "Date of the order:"])
def test_a_label_whose_words_run_on_only_to_name_the_order_is_the_same_label(label):
    # 'Datum' ran on to its colon and was taken for another label's: the order's date,
    # read proven before, was found elsewhere and flagged
    page = f"""\
{BUYER}                                                   PURCHASE ORDER
Order No.:   MC-44120
{label} 10/05/2026
Supplier:    Karsten Steel Traders CC
Site:        CP09
{TABLE}"""
    payload = read(page)
    assert payload["po_date"] == "2026-05-10"
    assert not flagged(payload, "po_date")
