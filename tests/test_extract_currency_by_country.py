"""The currency of a page from abroad that prints no code, each on a page made up here: by the
yen's or the yuan's characters and the page's script, by the won, the dong, the shekel, the
denar and the dirham as their own countries print them, and by the country a page's company
names, tax registrations, addresses and phones place it in (flagged, as a guess). And what
names no currency: a contract's 'hợp đồng', a directive's 'NIS 2', a company of the office's
own country."""

from __future__ import annotations

import pytest

from tests.test_extract_rotation_8 import BUYER, flagged, read


def _page(head: str, foot: str, price: str = "40.00", amount: str = "800.00") -> str:
    return f"""\
{head}
Order No.  PO-88123                                   Date  02/09/2026
Customer  {BUYER}
Code       Description                   Qty   Unit    Price        Amount
PLY-18     Plywood WBP 18 mm 2440x1220    20   sheet   {price:>8}     {amount:>9}
{foot}
"""


_JAPANESE = """\
注文書                                              株式会社 東北建材
ご注文金額（税込）        ¥880-
Order No.  PO-88123                                   Date  02/09/2026
Customer  {buyer}
品番       品名                            数量   単位    単価         金額
PLY-18     合板 18mm                        20   枚       40           800
                                                 小計                  800
                                                 消費税 10%             80
                                                 合計                  880
"""

_CHINESE = """\
采购订单                                            上海建材有限公司
Order No.  PO-88123                                   Date  02/09/2026
Customer  {buyer}
编号       名称                            数量   单位    单价         金额
PLY-18     胶合板 18mm                      20   张      40.00        800.00
                                                 合计                ¥904.00
价税合计（大写）：人民币玖佰零肆元整
"""


@pytest.mark.parametrize(
    "page, code",
    [(_JAPANESE, "JPY"), (_CHINESE, "CNY"), (_JAPANESE.replace("¥880-", "880円"), "JPY")],
)
def test_the_yen_or_the_yuan_by_the_pages_script_and_its_names(page, code):
    payload = read(page.format(buyer=BUYER))
    assert payload["currency"] == code and not flagged(payload, "currency")


def test_the_shared_sign_on_a_page_in_chinese_that_names_no_yuan_is_flagged():
    page = _CHINESE.format(buyer=BUYER).replace("价税合计（大写）：人民币玖佰零肆元整\n", "")
    payload = read(page)
    assert payload["currency"] == "CNY" and flagged(payload, "currency")


@pytest.mark.parametrize(
    "foot, code",
    [
        ("                      합계금액 (VAT 포함)          880,000 원", "KRW"),
        ("                      Total Incl. VAT NIS          936.00", "ILS"),
        ("                      Вкупно за плаќање (ден.)     944,00", "MKD"),
        ("Bằng chữ: Tám trăm tám mươi nghìn đồng.\n       Tổng cộng   880.000", "VND"),
    ],
)
def test_a_currency_by_the_mark_its_own_country_prints(foot, code):
    assert read(_page("Supplier Co.", foot))["currency"] == code


def test_the_dirham_in_a_totals_brackets_is_flagged_without_a_moroccan_phone():
    payload = read(_page("Supplier Co.", "                Total TTC (DH)      960,00"))
    assert payload["currency"] == "MAD" and flagged(payload, "currency")


@pytest.mark.parametrize(
    "head, foot, code",
    [
        # a company's name before its legal form, or in brackets before it
        ("Meridian Construction (Thailand) Co., Ltd.", "VAT 7%   56.00", "THB"),
        ("Bagmati Suppliers Nepal Pvt. Ltd.", "Total Rs. 800.00", "NPR"),
        # a tax registration one country's alone
        ("Blockera Peninsular  RFC BPS0905128K3", "TOTAL $   928.00", "MXN"),
        ("Corralón del Sur  C.U.I.T. 30-71684213-5", "Total $   968,00", "ARS"),
        ("Bajwa Crush  NTN: 4172539-6", "Total Rs. 800/-", "PKR"),
        ("Kagay-an Depot  TIN: 004-512-887-000", "Total Sales   896.00", "PHP"),
        # a mark not known here beside the amounts, on a page whose phones are one country's
        (
            "Trano Vato SARL  Tel. +261 20 44 496 18",
            "Total   1 800 000 Ar\n  TVA  360 000 Ar",
            "MGA",
        ),
    ],
)
def test_the_country_a_page_places_itself_in_names_its_money_flagged(head, foot, code):
    payload = read(_page(head, foot))
    assert payload["currency"] == code and flagged(payload, "currency")


@pytest.mark.parametrize(
    "head, foot",
    [
        ("Công ty TNHH Vật liệu  Hợp đồng số 12/2026", "Total   R 920.00"),
        ("Supplier Co.  NIS 2 compliant", "Total   R 920.00"),
        ("Tonga Hardware (Pty) Ltd", "Total   R 920.00"),
    ],
)
def test_words_that_name_no_currency_leave_the_rand(head, foot):
    assert read(_page(head, foot))["currency"] == "ZAR"


@pytest.mark.parametrize(
    "foot, code",
    [
        ("                      Genel Toplam (TL)            920,00", "TRY"),
        ("                      Total de plată   lei 920,00", "RON"),
        ("                      Razem do zapłaty  zł 920,00", "PLN"),
        ("                      Celkem k úhradě   Kč 920,00", "CZK"),
        ("                      Fizetendő   Ft 920,00", "HUF"),
    ],
)
def test_a_currencys_own_mark_before_the_amount_or_in_the_totals_brackets(foot, code):
    payload = read(_page("Supplier Co.", foot, price="40,00", amount="800,00"))
    assert payload["currency"] == code


def test_lei_is_flagged_as_moldova_writes_its_leu_so_too():
    payload = read(_page("Supplier Co.", "                      Total   lei 920,00"))
    assert payload["currency"] == "RON" and flagged(payload, "currency")
