"""The item table's column words in more languages: a header in Hungarian, Turkish, Croatian,
Polish, Malay or Danish names its columns, a price or an amount said to be without the
language's tax ('Cijena bez PDV-a') is the price, and a total's word in the language ends the
table ('Ukupno', 'Razem', 'Toplam'), so what is under it is no item. Each page is made up
here."""

from __future__ import annotations

from app.extract.engine import as_po, read_page_text
from tests.test_extract_rotation_8 import BUYER, OFFICE, flagged


def read(page: str) -> tuple[dict, list[tuple]]:
    found = as_po(read_page_text(page, **OFFICE))
    return found, [
        (i["item_code"], i["description"], i["quantity"], i["unit_price"], i["amount"])
        for i in found["items"]
    ]


def test_turkish_with_a_discount_and_a_line_tax():
    page = f"""\
{BUYER}
SATIN ALMA SİPARİŞİ                        Sipariş No: MC-2026-0412
Tedarikçi: Akdeniz Yapı Malzemeleri A.Ş.     Tarih: 14.10.2026
Sıra  Stok Kodu   Malzeme Açıklaması       Miktar  Birim   Birim Fiyat   İsk. %   KDV %      Tutar
1     CMT-425     Portland çimento 50 kg      120  torba        185,00      5,00     20   21.090,00
2     DMR-12      Nervürlü inşaat demiri Ø12    3  ton       24.500,00               20   73.500,00
                                                                       Ara Toplam    94.590,00
                                                                       KDV %20       18.918,00
                                                                       Genel Toplam 113.508,00
"""
    found, items = read(page)
    assert items == [
        ("CMT-425", "Portland çimento 50 kg", "120", "185.00", "21090.00"),
        ("DMR-12", "Nervürlü inşaat demiri Ø12", "3", "24500.00", "73500.00"),
    ]
    assert not flagged(found, "items")


def test_croatian_prices_without_their_tax_and_the_total_ending_the_table():
    page = f"""\
{BUYER}
NARUDŽBENICA br. 118/2026                      Datum: 03.03.2026.
Dobavljač: Drvo-Promet d.o.o., Osijek
R. br.  Naziv robe / materijala            Jed. mj.   Količina   Cijena bez PDV-a   Iznos bez PDV-a
1.      Građa četinara, gredica 10x10 cm   m3            2,5           438,91           1.097,28
2.      Šljunak, frakcija 8-16 mm          m3            1,5            37,79              56,69
Ukupno bez PDV-a:                                                                       1.153,97
PDV 25%:                                                                                  288,49
Ukupno sa PDV-om:                                                                       1.442,46
"""
    found, items = read(page)
    assert items == [
        ("", "Građa četinara, gredica 10x10 cm", "2.5", "438.91", "1097.28"),
        ("", "Šljunak, frakcija 8-16 mm", "1.5", "37.79", "56.69"),
    ]
    assert found["total"] == "1442.46"


def test_polish_gross_prices_and_the_tax_analysis_under_them():
    page = f"""\
{BUYER}
Zamówienie nr ZAM/2026/0816                       Data: 2026-11-19
Dostawca: Hurtownia Budowlana Mazowsze Sp. z o.o.
Lp.  Kod      Nazwa towaru / usługi              Ilość  J.m.   Cena brutto   Wartość brutto   VAT %
1    PLY-GK   Płyta gipsowo-kartonowa 12,5 mm      100  szt.         33,73         3 373,00     23%
2    DES-32   Deska szalunkowa 32 mm                 2  m3        1 269,53         2 539,06     23%
Razem:                                                                             5 912,06
Do zapłaty: 5 912,06 zł       Stawka VAT   Wartość netto   Kwota VAT   Wartość brutto
Słownie: pięć tysięcy         23%              4 806,55     1 105,51         5 912,06
"""
    found, items = read(page)
    assert items == [
        ("PLY-GK", "Płyta gipsowo-kartonowa 12,5 mm", "100", "33.73", "3373.00"),
        ("DES-32", "Deska szalunkowa 32 mm", "2", "1269.53", "2539.06"),
    ]


def test_malay_code_of_the_goods_and_its_particulars():
    page = f"""\
{BUYER}
PESANAN BELIAN                                   No. Pesanan: MCB/PB/2026/0311
Pembekal: Syarikat Bekalan Binaan Seria Sdn Bhd
Bil.  Kod Barang   Perihal                      Kuantiti   Unit    Harga Seunit (B$)   Jumlah (B$)
1     SIM-50       Simen Portland 50 kg               80   beg                 9.40        752.00
2     PSR-01       Pasir sungai                        6   m3                 42.00        252.00
                                                              Jumlah Keseluruhan (B$)   1,004.00
"""
    found, items = read(page)
    assert items == [
        ("SIM-50", "Simen Portland 50 kg", "80", "9.40", "752.00"),
        ("PSR-01", "Pasir sungai", "6", "42.00", "252.00"),
    ]


def test_hungarian_code_and_name_in_one_cell():
    page = f"""\
{BUYER}
MEGRENDELÉS                                   Rendelésszám: MEK-2679/068
Szállító: Kisalföldi Vas-Acél Kereskedelmi Kft.     Kelte: 2026.10.10.
Cikkszám  Megnevezés                  Mennyiség  ME     Egységár   Kedv.%   Nettó érték
BA12      Betonacél B500B Ø12              4,8   t     354 070,00            1 699 536,00
TT25      Távtartó betonacélhoz 25 mm        8   zsák    8 402,00      5        63 855,60
                                          Nettó összesen:    1 763 391,60
                                          ÁFA 27%:             476 115,73
                                          Bruttó összesen:   2 239 507,33
"""
    found, items = read(page)
    assert items == [
        ("BA12", "Betonacél B500B Ø12", "4.8", "354070.00", "1699536.00"),
        ("TT25", "Távtartó betonacélhoz 25 mm", "8", "8402.00", "63855.60"),
    ]


def test_an_items_name_that_starts_with_a_totals_word_does_not_end_the_table():
    page = f"""\
{BUYER}
Zamówienie nr ZAM/2026/0817                       Data: 2026-11-20
Dostawca: Hurtownia Budowlana Mazowsze Sp. z o.o.
Nazwa towaru                         Ilość  J.m.   Cena netto   Wartość netto
Rura PCV 110 mm                         10  szt.        24,10          241,00
Razem z kolanami                        4  kpl.        12,50           50,00
Taśma aluminiowa 50 mm                   2  szt.        18,75           37,50
Razem:                                                                328,50
"""
    found, items = read(page)
    assert [row[1] for row in items] == [
        "Rura PCV 110 mm",
        "Razem z kolanami",
        "Taśma aluminiowa 50 mm",
    ]
