"""The layout memory on its own (pure): learned from document 1 of a layout family, it reads
documents 2 to 6 as their truth says; it does not take another family's documents for its
own; and it finds its layout on a page scaled and shifted as a photo's would be."""

from __future__ import annotations

import functools
import json
from collections import Counter
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from app.extract import engine
from app.extract.document import Document, ExtractOptions
from app.extract.layout import Line, Word, text_lines
from app.extract.memory import places, recall, table, teach, words
from tests.fixtures import layout_pdf
from tests.fixtures.families.registry import FAMILIES

DOCUMENTS = Path(__file__).parent / "fixtures" / "families" / "documents"
DEV = [family.name for family in FAMILIES if family.fold == "dev"]
# (a reason several dev families share)
_NOT_PRINTED = (
    "a sales order that prints our order's number but not its date: its own date, a day or "
    "so later, is read (and flagged, the supplier's own document's)"
)
_NO_ITEMS = "the table learned from document 1 reads no items on document 2"
_OWN_DATE = (
    "the date read at the place learned from document 1 is the document's own, a day or two "
    "after our order's"
)
_ITEM_WRONG = "the table learned from document 1 reads an item of a later document wrong"
_NO_SUPPLIER = "no supplier is read at the place learned from document 1 on document 2"
_NO_MONEY = "no subtotal, tax or total is read at the places learned from document 1 on document 2"
# Dev families no layout is learned from (`teach.learn` gives None): known failures too, kept
# out of the test that another family's document is not taken for their layout.
NOT_LEARNED: dict[str, str] = {
    "sideways-mainframe-po": "its page is printed turned on its side, and its text layer "
    "gives no lines the way the page reads: nothing is learned from document 1",
}
# Dev families the memory does not yet read as printed: known failures, kept in the table
# (strict, so the day it reads them the mark must go) rather than left out of it.
NOT_YET: dict[str, str] = {
    "totals-first": "the foot is printed on the first page above the items, where the memory "
    "does not look for it",
    "vietnamese": "its PO number and supplier, each printed after its label in one cell "
    "('Số: …', 'Kính gửi: …'), are not learned",
    "fuel-zero-rated": "the tax is learned as the cell under 'VAT' in the VAT analysis "
    "table, where a later document prints its zero-rated row (0.00)",
    "revised-order": "a change order whose items carry a change mark and the earlier "
    "revision's figures under them; the table learned reads no items on the next documents",
    "paint-trade-order": "the order's details run down a sidebar beside the table, so an "
    "item's second line shares a printed line with the sidebar; the learned table loses it",
    # rotation 7's, dev since rotation 9
    "egyptian": "an Arabic page: a size in a run of its own with no Arabic letter ('122×244') "
    "comes as seen ('244×122'), so the table read back from document 1 is not its items and "
    "none is learned; its supplier is not found on documents 4 to 6",
    "mongolian": "a Cyrillic page: its subtotal, tax and total are learned on document 1 and "
    "not found on the next (not yet known why)",
    "lines-export": "its foot is one row, 'Totals (15 lines)' and three amounts, whose label "
    "changes with the number of lines, so the label learned is not found on the next",
    "rebar-schedule": "document 4, with a longer bending schedule, matches the learned words at "
    "0.49, under the 0.5 a layout needs",
    # rotation 9's, dev since rotation 10
    "lao": "a Lao page whose text layer moves tone marks and vowels above the line off their "
    "letters (some onto lines of their own, 'ເຫຼກັ' for 'ເຫຼັກ'), so the supplier's name and the "
    "descriptions as read are not the confirmed ones and neither is learned; on documents 3 "
    "and 5 a mark splits the tax's label over two lines ('ມ 10%' above 'ອາກອນມູນຄ່າເພີ່'), so "
    "the label learned is not found",
    "tile-showroom": "the showroom prints its sales order's own 'Date', on documents 2, 5 and "
    "6 a day after our order's (printed nowhere), so the date learned where document 1's two "
    "were alike reads a day late (flagged: a date under a general label on the supplier's own "
    "document)",
    "sheet-two-pages": "a spreadsheet printed two pages across: page 1 prints each line's code, "
    "description, quantity and unit, page 2 the same lines' rate and amount, so no line prints "
    "an item's amount with its quantity and no table is learned; with none, the fingerprint "
    "runs on through document 1's twelve item rows, and documents 4 and 6, with other items, "
    "match it at 0.38 and 0.42",
    "quote-reply-email": "our reply above the supplier's quoted e-mail: each price and amount "
    "has its 'R' in a cell of its own, read into the unit column ('each R'), so the table read "
    "back from document 1 is not its items; and the supplier is named only in the quoted "
    "e-mail's signature, under its salesperson's name, which changes and moves with both "
    "tables' lengths, so its place reads a code, 'Regards' or the quote's total later (flagged: "
    "neither the layout's supplier nor one the office knows)",
    # rotation 10's, dev since rotation 11
    "catalogue-form": "a supplier's order form listing its whole catalogue in two halves side "
    "by side, each half with its own code, description, unit, price, quantity and amount "
    "columns, and only the lines ordered carrying a quantity and amount: the table is learned "
    "on the left half's columns under a section title ('BOLTS AND NUTS') for a header, so the "
    "right half's items are never read",
    # rotation 11's
    "asphalt-booking": "on document 3 a description long enough to reach the binder column "
    "comes from the text layer run into the binder, one word ('14 mm50/70'), so the "
    "description read is not the item's",
    "clause-order": "its totals and supplier are written out in sentences ('The order value is "
    "R 192,259.05 excluding VAT'), with no label by which the memory learns them (its items, a "
    "clause each, are learned as the words between their values)",
    # rotation 12's, dev since rotation 14
    "twin-columns": "its items run in two tables side by side on each line, the second with "
    "the same header as the first; the memory learns one table, the first, the second's "
    "columns as unused places, so the table read back from document 1 holds half its items "
    "and none is learned",
    # rotation 13's, dev since rotation 15
    "carbon-order": "its header's three blocks side by side are each as wide as their contents "
    "and its lines move up where the supplier's name fits on one line ('DELIVER TO' at 52, 57 "
    "or 58, 'ORDER DETAILS' at 101, 112 or 114), so the frame fitted on the words printed once "
    "scales the page (about 1.1 across, 0.85 down) instead of moving each block, and much of the "
    "fingerprint is values that change (the buyer, the project's and site's names, the site's "
    "address, the 'Printed … by …' line): documents 4 and 6 match at 0.41 and 0.46, and on "
    "documents 2 and 5 (0.53, 0.54) the foot's amounts are looked for a scaled distance from "
    "their labels and not found",
    # rotation 14's, dev since rotation 16
    "jordanian": "its items' head is in Arabic words the engine does not know and its "
    "descriptions print numbers in Arabic-Indic digits, which the engine writes as 0-9, so the "
    "table read back from document 1 is not its items as confirmed and none is learned",
    "drawing-sheet": "a fabricator's drawing: its parts list is printed over the title block, "
    "its head under its lines, so no table is learned",
    # rotation 15's, dev since rotation 17
    "kiribati": "the site's line is labelled by how the goods go: 'Deliver to' on document 1, "
    "'Job' on document 4, whose goods are collected ('Job  TRW-02 Bairiki wharf store - COLLECT "
    "FROM YARD'), so the label learned is not there and the cell at the place learned reads "
    "'COLLECT' (flagged: no site's code)",
    "ship-chandler": "its supplier's full name is printed nowhere (the letterhead prints "
    "'BAYHEAD SHIP CHANDLERS'), so no place is learned for it; document 1's goods are all at "
    "one VAT rate, so its subtotal is learned in the VAT analysis's row for that rate too, "
    "which later documents with zero-rated goods print apart; and its quantities ordered and "
    "confirmed ('Qty req.', 'Qty conf.') are alike on document 1, so the one learned is the "
    "quantity ordered, where later documents confirm fewer",
    # rotation 16's, dev since rotation 18
    "iraqi": "a right-to-left page with English labels beside Kurdish ones: the foot's amount "
    "is printed left of its label and no subtotal or tax is printed (none is charged), so the "
    "foot is not learned; and the table read back from document 1 is not its items",
    "index-card": "its foot is one line ('GST included $78.66  …  TOTAL inc GST $865.30'), "
    "the subtotal confirmed printed nowhere, so neither it nor the tax is learned",
    # rotation 17's, dev since rotation 19
    "bosnian": "the letterhead prints the supplier's name in two parts ('HODŽIĆ' over "
    "'GRAĐEVINSKI CENTAR') without its legal form, so no place is learned for the name "
    "confirmed",
    "marshallese": "its dates are written month first and document 1's reads either way, so the "
    "order learned is the office's, day first, and document 2's date is read with its day and "
    "month swapped",
    "kanban-reorder-card": "its items are cards side by side, each a block of label-over-value "
    "cells, not a table with a header row by which the memory learns one; and its VAT's amount "
    "is printed under its label beside a note, where the place learned is not found again",
    "vendor-stock-report": "its items are read (the benchmark, which pairs them in any order, "
    "finds them all), but the report prints them by bin and the truth lists them in another "
    "order, and this test compares them in order",
    "school-district-order": "its foot is the total in words beside the amount and a sentence "
    "naming the VAT the amount includes ('Amount is inclusive of 12% VAT of 10,116.75.'), no "
    "label by which the subtotal, the tax and the total are learned",
    "ruled-ledger-print": "its 'Date' is the supplier's own, the same day as our order's on "
    "document 1 and a day later on documents 5 and 6, so the date learned is the supplier's",
    # rotation 18's, dev families since rotation 20
    "frisian": "the supplier's name as verified ('Skildersbedriuw De Haan & Zn. B.V.') is "
    "printed whole nowhere on the page: its letterhead says 'De Haan & Zn.'",
    "insulation-supplier": "the supplier's name is printed in two parts over two lines of its "
    "letterhead ('ISOL'ATLANTIQUE' over 'Distribution isolation & plâtrerie'), its legal form "
    "nowhere, and no place is learned for it",
    "typewriter-order": "its words are typed a cell apart: a supplier's name of five with its "
    "legal form ('Sociedade Comercial Porto Grande, S.A.') is read without it, more cells than "
    "a place reads as one",
    # rotation 19's, dev families since rotation 21
    "estimating-export": "its items are a bill of quantities' entries over several lines each "
    "(a description, its measurements, then 'SOMMANO' with the quantity, price and amount), "
    "not learned as a table",
    "maintenance-work-order": "documents 4 and 6 are not matched to document 1's layout",
    "procurement-suite-pdf": "its items are not learned as a table, and document 2's tax is "
    "read at another place",
    "roofing-merchant": "the table learned from document 1 reads no items on documents 2 and 6",
    "quarry-ticket": "no place is learned for its subtotal and total, and its items are not "
    "learned as a table",
    "email-body-print": "an order typed into an e-mail: its subtotal and tax are not learned "
    "('Sum eks. mva: kr 14 965,95', the amount in its label's cell after 'kr')",
    "dot-matrix-print": "our own order form sent to several suppliers: the supplier's name, in "
    "capitals beside the title, is not found again at the place learned",
    "receipt-roll-order": "a till roll: the supplier's name runs over two lines "
    "('MATERIALES PARA CONSTRUCCIÓN LA' over 'CAÑADA')",
    "nigerien": "the supplier's name is printed shortened in its letterhead ('ETS' for "
    "'Établissements'), and no place is learned for it",
    # rotation 20's, dev families since rotation 22
    "izmir-nalbur": "document 4's item whose description runs on to a second line ('... "
    "6-8-10-12-14 mm') is read by the learned table without it",
    "barbadian": _NOT_PRINTED,
    "gross-receipts": _NOT_PRINTED + "; and the table learned reads no items on document 2",
    "telecom-service-order": "no place is learned for its subtotal and tax",
    "desktop-accounts-po": "the table learned from document 1 reads no items on the others",
    "flatfile-export": "a CSV export printed as it is (fields between semicolons): nothing is "
    "read from it cold, so nothing is learned",
    # rotation 21's, dev families since rotation 23
    "swabian-erp": _NO_ITEMS,
    "brabant-webshop": _NO_ITEMS,
    "philadelphian": _NO_ITEMS,
    "miami-dade": _NO_ITEMS,
    "andalusian": "the table learned from document 1 reads only the first of document 2's items",
    "colombo-cloud-po": "the table learned from document 1 reads no item codes on document 2",
    "doha-joinery": "an Arabic description's size ('90×210 سم') is read by the table learned "
    "with its numbers the other way round",
    "west-flemish": "no place is learned for its subtotal, tax and total",
    "norrbotten-order": "no place is learned for its subtotal, tax and total",
    "paranaense": "no place is learned for its subtotal and tax",
    "lapland-lodge": "a confirmation printing its own date beside our order's: the place "
    "learned from document 1 (both the same day there) is its own date's",
    "regiomontano": "a confirmation dated in words at its top and our order's date in a "
    "column, one day on document 1: only the words' place is learned, the confirmation's own",
    # rotation 22's, dev families since rotation 24
    "medway-click-collect": _NO_ITEMS,
    "leicester-continuous-form": _NO_ITEMS,
    "belfast-merchant-ack": "the table learned from document 1 reads a unit with the dash "
    "printed before it ('- SHT')",
    "reykjavik-vefverslun": "the table learned from document 1 reads a unit with the price's "
    "currency printed before it ('kr. / fata')",
    "cluj-cherestea": "the table learned from document 1 reads document 6's unit with a "
    "size's 'mm' before it",
    "ljubljana-vrtni-center": "the subtotal and tax read at the places learned from document "
    "1 are not document 2's",
    "adelaide-rto-training": "the subtotal read at the place learned from document 1 is not "
    "document 2's",
    "rufisque-ciment-sap": "no place is learned for its tax and total",
    "beirut-diesel": "no place is learned for its subtotal and total",
    "jabalpur-discom-order": "no place is learned for its PO number",
    "sable-ridge-meter-order": "no place is learned for its supplier",
    # rotation 23's, dev families since rotation 25
    "heredia-proforma-ivi": _NO_ITEMS + ", nor its subtotal, tax and total",
    "grand-junction-stock-form": _NO_ITEMS + ", nor its subtotal, tax and total",
    "marion-island-satcom-order": _NO_ITEMS + ", nor its subtotal, tax and total",
    "tartu-ettemaksuarve": _OWN_DATE,
    "kolding-traelast-ordrebekraeftelse": _OWN_DATE,
    "kriens-baumaterial-bestaetigung": _OWN_DATE + "; and no items are read on document 2",
    "dayton-edi-850-report": _OWN_DATE,
    "pointe-claire-gst-qst": _OWN_DATE,
    "msunduzi-chat-order": _OWN_DATE + "; no place is learned for its subtotal, tax and total",
    "birmingham-steel-cwt": "document 6's date (10/11/2026) is read day first: document 1's "
    "(03/03/2026) reads the same either way round, so its order is not learned",
    "bochum-elektro-bestaetigung": _ITEM_WRONG,
    "pavlodar-cable-confirmation": _ITEM_WRONG,
    "bengaluru-b2b-order": _ITEM_WRONG,
    "dodoma-borehole-work-order": _ITEM_WRONG,
    "sharjah-tally-po": "the table learned from document 1 reads one item of document 2's two",
    "hebron-stone-confirmation": "the table learned from document 1 reads one item of "
    "document 4's two",
    "genoa-telex-conferma": "no subtotal or tax is read at the places learned from document 1 "
    "on document 5",
    "braga-nota-desalinhada": "no supplier is read at the place learned from document 1 on "
    "document 3",
    "ras-al-khaimah-mirrored-lpo": "no place is learned for its subtotal, tax and total",
    "dublin-notes-database-po": "the tax read at the place learned from document 1 is not "
    "document 2's",
    "sideways-mainframe-po": NOT_LEARNED["sideways-mainframe-po"],
    # rotation 24's, dev since rotation 26
    "tenerife-aiem-proforma": _NO_MONEY,
    "quetzaltenango-nota-pedido": "no items, subtotal, tax or total are read at the places "
    "learned from document 1 on document 2",
    "lausanne-confirmation-ttc": "the table learned from document 1 reads no items on document 3",
    "esch-bestellschein-commande": "the table learned from document 1 reads three of document "
    "4's four items",
    "lyon-commande-courriel": "an order typed into a mail: no supplier, subtotal, tax or total "
    "is read at the places learned from document 1 on document 2",
    "plzen-eshop-objednavka": _ITEM_WRONG,
    "tartu-tellimuse-kinnitus": _NO_ITEMS,
    "bremen-abholschein-brutto": _NO_SUPPLIER,
    "zwolle-schilders-opdrachtbevestiging": _NO_SUPPLIER,
    "coventry-operated-hire-drc": _NO_SUPPLIER,
    "glasgow-roads-permit-order": _NO_SUPPLIER,
    "gebze-santiye-erzak-fisi": "the subtotal and tax read at the places learned from "
    "document 1 are not document 3's",
    "deira-hardware-credit-memo": "no items, subtotal, tax or total are read at the places "
    "learned from document 1 on document 2",
    "gaziantep-hazir-beton-siparis": "the table learned from document 1 reads an item of "
    "document 3 wrong",
    "grenoble-courriel-texte-brut": "an order typed into a mail: no supplier, subtotal, tax or "
    "total is read at the places learned from document 1 on document 2",
    "akureyri-telex-pontun": _NO_MONEY,
    # rotation 25's, dev since rotation 27
    "bologna-modulo-commissione": "its subtotal, tax and total are printed under their labels "
    "on the line of the order's note ('Cantiere Via Emilia, Imola'), which is learned as their "
    "label; documents 5 and 6 note another site, and none of the three is found",
    "cork-email-order-confirmation": "its VAT is printed a line a rate ('VAT @ 13.5%', 'VAT @ "
    "23%'); document 1's goods are all at 23%, so the tax is learned as that line, where later "
    "documents with goods at 13.5% print only part of it",
    "fukuoka-homecenter-kyakuchu": "its supplier's name is run on to its label in one word "
    "('発行者:株式会社ベイサイドホームズ'); its prices include the tax, the subtotal is printed "
    "nowhere and the tax only in brackets ('内消費税等 ¥18,259)'), not read as a number for "
    "the bracket: no place is learned for the supplier, subtotal or tax",
    "lautoka-vip-customer-order": "its columns are as wide as their contents: on documents 3 "
    "and 4, with shorter descriptions, 'Qty' and 'Unit' stand nine characters left of document "
    "1's, the learned header is not found, and no items are read",
    "lusaka-pastel-sales-order": "a delivery note under document 1's fifth item ('** Delivery "
    "on our 10 t truck - offloading by customer **') is read into its description, so the "
    "table read back is not its items and none is learned",
    "matara-timber-confirmation": "the lorry hire's unit is printed in its quantity's cell "
    "('1 trip') and is not read, so the table read back from document 1 is not its items and "
    "none is learned",
    "medellin-orden-recuadros": "its items are boxes side by side ('ÍTEM 1', 'ÍTEM 2'), each "
    "a block of label-over-value cells, not a table with a header row: the table learned on "
    "the 'Cantidad' row reads one item without its description, and none is learned",
    "oulu-sap-ostotilaus": "each item's delivery date is printed on a line of its own under "
    "its description ('Toimituspäivä 12.03.2026'), which the table learned from document 1 "
    "takes for where it stops: it reads back one item, and none is learned",
    "panama-odoo-orden-de-compra": "the table learned from document 1 is a record whose words "
    "between an item's description and its quantity are document 1's tax and expected date as "
    "printed ('ITBMS 7% 04/05/2026'); later documents expect their goods on other days, and "
    "none of their items is read",
    "porto-encomenda-transposta": "its items are printed across, an item a column and a field "
    "a row ('Referência', 'Designação', 'Quantidade', …): no table is learned",
    "queretaro-epicor-orden-compra": "each item has a release line under its description "
    "('Rel. 1  Vence: 28/07/2026  Cant.: 150.00 PZA'): the columns read one item back from "
    "document 1, the record reads the line into the next items' descriptions, and no table "
    "is learned",
    "seoul-baljuseo-erp": "the table's header is learned as the line above it, the total in "
    "words ('합계금액 (VAT 포함) 일금 육십구만오백이십삼원정'), which moves with the total's "
    "length, so documents 2, 3, 5 and 6 read no items",
    "shanghai-caigou-dingdan-erp": "its PO number is run on to its label in one word "
    "('订单编号:CG20261017-13'), so no place is learned for it; and each net amount is printed "
    "run into the tax rate ('8,474.4013%'), so no table is learned",
    "tokyo-chumonsho-reiwa": "a delivery note under document 1's third item ('※ "
    "搬入は8:30〜17:00、…') is read into its description, so no table is learned",
    "tuas-cost-code-po": "its columns are as wide as their contents: on document 2 the "
    "header's left words are not found where the words right of them say, the item code's "
    "column takes the cost code's shift (6 left) and its codes are read with the line number "
    "before them ('1 EL-TRK')",
}
LEARNED_CASES = [
    pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=NOT_YET[name]))
    if name in NOT_YET
    else name
    for name in DEV
]


@functools.cache
def lines(family: str, n: int) -> list[Line]:
    path = DOCUMENTS / family / f"{family}-{n}.pdf"
    return engine.document_lines(Document(path, "application/pdf", path.name))[0]


def truth(family: str, n: int) -> dict:
    path = DOCUMENTS / family / f"{family}-{n}.json"
    return json.loads(path.read_text())["expected"]


def printed(family: str, n: int) -> list[dict]:
    """The document's items as its page prints them: a code or unit the truth gives that the
    item's own line does not print (a unit's word in the description is the description's)
    is none the memory can read."""
    out, start, comma = [], 0, learned(family)["anchors"]["comma"]
    for item in truth(family, n)["items"]:
        index = table.item_line(lines(family, n), start, item, comma)
        words = [] if index is None else lines(family, n)[index].text.lower().split()
        start = start if index is None else index + 1
        described = Counter(item["description"].lower().split())
        shown = {"item_code": set(words), "unit": set(Counter(words) - described)}
        blank = {k: "" for k in shown if (item.get(k) or "").lower() not in shown[k]}
        out.append(item | blank)
    return out


@functools.cache
def learned(family: str) -> dict:
    return teach.learn(lines(family, 1), truth(family, 1)) | {"id": family}


@pytest.mark.parametrize("family", LEARNED_CASES)
def test_learned_from_one_document_it_reads_the_others_as_printed(family):
    layout = learned(family)
    for n in range(2, 7):
        _, matched = recall.known([layout], lines(family, n))
        got = recall.read(layout["anchors"], lines(family, n), matched.frame)
        want = truth(family, n)
        wrong = {
            name: reading.value
            for name, reading in got["fields"].items()
            if not recall.same(name, reading.value, want[name])
        }
        assert wrong == {}, f"{family}-{n}"
        assert {"po_number", "supplier_name", "subtotal", "tax", "total"} <= set(got["fields"])
        assert recall.same_items(got["items"], want["items"]) or recall.same_items(
            got["items"], printed(family, n)
        ), f"{family}-{n}"


@pytest.mark.parametrize("other", DEV)
def test_another_familys_document_is_not_taken_for_the_layout(other):
    # every other family's layout, one by one: a test for each document, not for each pair
    # (the pairs grow with the square of the families), naming every layout that took it
    taken = [
        mine
        for mine in DEV
        if mine != other
        and mine not in NOT_LEARNED
        and recall.known([learned(mine)], lines(other, 2)) is not None
    ]
    assert taken == [], f"{other}-2 taken for the layout of {taken}"


@pytest.mark.parametrize("family", sorted(NOT_LEARNED))
def test_a_family_no_layout_is_learned_from_is_still_so(family):
    # the day one is learned, it leaves NOT_LEARNED and joins the test above
    assert teach.learn(lines(family, 1), truth(family, 1)) is None


def test_a_page_scaled_and_shifted_like_a_photo_still_matches():
    layout = learned("levy")

    def photo(line: Line) -> Line:
        moved = [Word(w.text, 1.3 * w.x0 + 5, 1.3 * w.x1 + 5) for w in line.words]
        return Line(moved, 1.2 * line.y + 2, line.page)

    matched = words.match(layout["fingerprint"], [photo(line) for line in lines("levy", 3)])
    assert matched.score >= words.MATCH
    assert matched.frame.a == pytest.approx(1.3, abs=0.02)
    assert matched.frame.c == pytest.approx(1.2, abs=0.02)


def test_the_kept_words_come_back_as_the_same_lines():
    kept = words.keep(lines("carried-forward", 1))
    again = words.decode(kept["lines"])
    assert kept["pages"] == 2
    assert [line.text for line in again] == [line.text for line in lines("carried-forward", 1)]
    assert [w.x0 for w in again[5].words] == [w.x0 for w in lines("carried-forward", 1)[5].words]


# A layout drawn here, as layout text: each item's description printed under its part number.
HEAD = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
1 Main Road, Bellville                            Order No.      {po_number}
                                                  Order date     {date}
Supplier                                          Project        {project}
{supplier}

Part No.                                   Qty        Unit price          Amount
"""
FOOT = """\

                                           Subtotal                {subtotal:>12}
                                           VAT 15%                 {tax:>12}
                                           Total                   {total:>12}
Thank you for quoting our order number on every invoice.
"""


def item_rows(items: list[dict], note_after: int | None = None) -> str:
    return "".join(
        f"{i['item_code']:<40}{i['quantity']:>6}{i['unit_price']:>18}{i['amount']:>16}\n"
        f"   {i['description']}\n" + ("   Note: deliver before 10:00\n" if n == note_after else "")
        for n, i in enumerate(items)
    )


def drawn(order: dict, note_after: int | None = None) -> list[Line]:
    rows = item_rows(order["items"], note_after)
    return text_lines(HEAD.format(**order) + rows + FOOT.format(**order))


def order(number: str, supplier: str, items: list[tuple]) -> dict:
    lines = [
        {"item_code": code, "description": text, "quantity": q, "unit": "", "unit_price": p,
         "amount": f"{Decimal(q) * Decimal(p):.2f}"}
        for code, text, q, p in items
    ]  # fmt: skip
    subtotal = sum(Decimal(line["amount"]) for line in lines)
    tax = (subtotal * Decimal("0.15")).quantize(Decimal("0.01"))
    return {
        "po_number": number, "po_date": "2026-08-19", "date": "19/08/2026",
        "supplier_name": supplier, "supplier": supplier, "project_code": "CP09",
        "project": "CP09", "currency": "ZAR", "items": lines, "subtotal": f"{subtotal:.2f}",
        "tax": f"{tax:.2f}", "total": f"{subtotal + tax:.2f}",
    }  # fmt: skip


FIRST = order("PO-1001", "Boland Building Supplies CC", [
    ("PN-1001", "Cement 50kg bag", "5", "98.50"),
    ("PN-2040", "River sand, washed", "2", "410.00"),
])  # fmt: skip
SECOND = order("PO-1002", "Highveld Hardware (Pty) Ltd", [
    ("PN-3310", "Hex bolt M12x60 galvanised", "100", "3.37"),
    ("PN-1001", "Cement 50kg bag", "30", "101.20"),
    ("PN-7001", "Shuttering ply 18mm", "12", "612.00"),
])  # fmt: skip


def test_a_description_printed_under_its_line_is_learned_and_read():
    first, second = FIRST, SECOND
    layout = teach.learn(drawn(first), first) | {"id": "drawn"}
    _, matched = recall.known([layout], drawn(second))
    got = recall.read(layout["anchors"], drawn(second), matched.frame)
    assert [i["description"] for i in got["items"]] == [i["description"] for i in second["items"]]
    assert recall.same_items(got["items"], second["items"])
    assert got["fields"]["supplier_name"].value == "Highveld Hardware (Pty) Ltd"


def test_a_note_between_items_is_never_taken_for_a_description():
    first, second = FIRST, SECOND
    layout = teach.learn(drawn(first, note_after=0), first) | {"id": "drawn"}
    assert layout["anchors"]["table"]["notes"] == ["note"]
    page = drawn(second, note_after=1)
    _, matched = recall.known([layout], page)
    got = recall.read(layout["anchors"], page, matched.frame)
    assert [i["description"] for i in got["items"]] == [i["description"] for i in second["items"]]


def test_a_page_furniture_line_under_the_last_item_is_no_description():
    # the learned document printed none; a later one's table runs over a page
    layout = teach.learn(drawn(FIRST), FIRST) | {"id": "drawn"}
    rows = item_rows(SECOND["items"]) + "   Continued on page 2\n"
    page = text_lines(HEAD.format(**SECOND) + rows + FOOT.format(**SECOND))
    _, matched = recall.known([layout], page)
    got = recall.read(layout["anchors"], page, matched.frame)
    assert [i["description"] for i in got["items"]] == [i["description"] for i in SECOND["items"]]


def test_a_short_order_is_its_layout_though_its_table_was_not_learned():
    # the confirmed descriptions are not as printed, so the table is not learned; the
    # fingerprint still stops at the items, not at a foot that moves with their number
    rows = [(f"PN-{n}", f"Cement grade {n} bag", "5", "98.50") for n in range(1000, 1012)]
    first = order("PO-1001", "Boland Building Supplies CC", rows)
    typed = first | {"items": [i | {"description": "Cement"} for i in first["items"]]}
    layout = teach.learn(drawn(first), typed) | {"id": "drawn"}
    assert layout["anchors"]["table"] is None
    short = order("PO-1002", "Highveld Hardware (Pty) Ltd", rows[:1])
    assert recall.known([layout], drawn(short)) is not None


def test_a_unit_word_that_starts_the_next_line_is_not_the_descriptions():
    # 'Cement 50kg' with its unit 'bag' beside it, and the description going on 'bag of ...'
    text = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {po_number}       Order date   19/08/2026
Supplier    {supplier}

Code      Description             Unit     Qty     Price   Disc %     Amount
{rows}
                                                   Subtotal           {subtotal}
                                                   VAT                {tax}
                                                   Total              {total}
"""
    row = "{:<10}{:<24}{:<6}{:>6}{:>10}{:>8}{:>11}\n"
    first = order("PO-1001", "Boland Building Supplies CC", [
        ("CEM-50", "Cement 50kg bag of 50 kg, on a pallet", "10", "100.00"),
        ("SND-RV", "River sand washed", "2", "400.00"),
    ])  # fmt: skip
    printed = (
        row.format("CEM-50", "Cement 50kg", "bag", "10", "100.00", "5", "950.00")
        + "          bag of 50 kg, on a pallet\n"
        + row.format("SND-RV", "River sand washed", "m3", "2", "400.00", "", "800.00")
    )
    first["items"][0] |= {"unit": "bag", "amount": "950.00"}
    first["items"][1] |= {"unit": "m3"}
    first |= {"subtotal": "1750.00", "tax": "262.50", "total": "2012.50"}
    page = text_lines(text.format(rows=printed, **first))
    learned_table = teach.learn(page, first)["anchors"]["table"]
    assert learned_table["columns"]["description"][1] < learned_table["columns"]["unit"][0]
    got, _ = table.read(learned_table, page, words.Frame(), False)
    assert [(i["description"], i["unit"]) for i in got] == [
        ("Cement 50kg bag of 50 kg, on a pallet", "bag"),
        ("River sand washed", "m3"),
    ]


def two_pages(order: dict, grid: float) -> list[Line]:
    """The drawn order over two pages, its last item on the second under the header again,
    whose characters the text layer lays out on a grid `grid` times as wide."""
    *before, last = order["items"]
    one = text_lines(HEAD.format(**order) + item_rows(before) + "Continued\n")
    text = HEAD.splitlines()[-1] + "\n" + item_rows([last]) + FOOT.format(**order)
    two = text_lines(text, 1, one[-1].y + 4)
    return one + [
        Line([Word(w.text, grid * w.x0, grid * w.x1) for w in line.words], line.y, line.page)
        for line in two
    ]


def test_a_later_page_laid_on_a_narrower_grid_still_shows_the_tables_header():
    first, second = FIRST, SECOND
    layout = teach.learn(two_pages(first, 0.85), first) | {"id": "drawn"}
    assert layout["anchors"]["table"] is not None
    page = two_pages(second, 0.85)
    assert len(table.headers(layout["anchors"]["table"], page, words.Frame())) == 2
    got, _ = table.read(layout["anchors"]["table"], page, words.Frame(), False)
    assert recall.same_items(got, second["items"])


@pytest.mark.parametrize(("printed", "day_first"), [("07/19/2026", False), ("19/07/2026", True)])
def test_a_date_that_reads_only_one_way_teaches_how_the_layout_writes_dates(printed, day_first):
    first = order("PO-1001", "Boland Building Supplies CC", [("PN-1", "Cement", "5", "98.50")])
    first |= {"po_date": "2026-07-19", "date": printed}
    assert teach.learn(drawn(first), first)["anchors"]["day_first"] is day_first


def priced_in_dollars(values: dict) -> list[Line]:
    text = HEAD.replace("Project", "Currency       USD\n" + " " * 50 + "Project")
    return text_lines(text.format(**values) + item_rows(values["items"]) + FOOT.format(**values))


@pytest.mark.parametrize(
    ("printed", "confirmed", "flagged"),
    [
        ("03/04/2026", "2026-03-04", False),  # the person's date shows month first
        ("05/05/2026", "2026-05-05", True),  # reads alike either way: it shows nothing
    ],
)
def test_a_verified_document_that_shows_its_date_order_proves_the_next_ones(
    printed, confirmed, flagged
):
    first = FIRST | {"date": printed, "po_date": confirmed, "currency": "USD"}
    layout = teach.learn(priced_in_dollars(first), first) | {"id": "drawn", "learned_from": "1"}
    second = priced_in_dollars(SECOND | {"date": "06/09/2026", "currency": "USD"})
    cold = engine.read_po(second, ExtractOptions(today="2026-09-01"))
    payload = engine.read_po(second, ExtractOptions(layouts=(layout,), today="2026-09-01"))
    assert "low_confidence:po_date" in cold["warnings"]
    assert ("low_confidence:po_date" in payload["warnings"]) is flagged
    assert payload["po_date"] == ("2026-09-06" if flagged else "2026-06-09")


def tax_included(values: dict) -> dict:
    """The order with prices that include 15 % VAT: the items add up to the total."""
    total = sum(Decimal(item["amount"]) for item in values["items"])
    tax = (total * 15 / 115).quantize(Decimal("0.01"))
    return values | {"subtotal": f"{total - tax:.2f}", "tax": f"{tax:.2f}", "total": f"{total:.2f}"}


def test_a_layout_whose_prices_include_the_tax_proves_the_next_documents_sums():
    first, second = tax_included(FIRST), tax_included(SECOND)
    layout = teach.learn(drawn(first), first) | {"id": "drawn", "learned_from": "1"}
    cold = engine.read_po(drawn(second), ExtractOptions(today="2026-09-01"))
    known = (second["supplier_name"],)  # the office knows the second document's supplier
    options = ExtractOptions(layouts=(layout,), today="2026-09-01", supplier_names=known)
    payload = engine.read_po(drawn(second), options)
    assert {"low_confidence:subtotal", "low_confidence:items"} <= set(cold["warnings"])
    assert payload["warnings"] == [] and payload["subtotal"] == second["subtotal"]
    assert not teach.learn(drawn(FIRST), FIRST)["anchors"]["inclusive"]


# --- the engine's proofs judge what a layout reads ------------------------------------------

HEADER = ("po_number", "po_date", "supplier_name", "project_code")


def taught(template: str) -> dict:
    first = layout_pdf.order(0)
    page = text_lines(layout_pdf.layout_text(template, first))
    return teach.learn(page, first) | {"id": "drawn", "learned_from": first["po_number"]}


def read_with(template: str, values: dict, **options) -> dict:
    """The page read with the template's taught layout, by an office that knows the page's
    supplier (unless told otherwise)."""
    page = text_lines(layout_pdf.layout_text(template, values))
    layouts = (taught(template),)
    options.setdefault("supplier_names", (values["supplier_name"],))
    return engine.read_po(page, ExtractOptions(layouts=layouts, today="2026-09-01", **options))


def test_a_supplier_at_its_place_that_is_neither_the_layouts_nor_known_is_flagged():
    # the place may have moved (an e-mail's quoted text, a longer address above it): what
    # stands there now is read, not proven
    want = layout_pdf.order(1, day=21)
    got = read_with(layout_pdf.UNLABELLED, want, site_codes=("CP09",), supplier_names=())
    assert got["supplier_name"] == want["supplier_name"]
    assert "low_confidence:supplier_name" in got["warnings"]
    assert "neither the layout's supplier" in got["unproven"]["supplier_name"]


@pytest.mark.parametrize("template", [layout_pdf.UNLABELLED, layout_pdf.ISIZULU])
def test_what_the_cold_reader_could_not_prove_a_layout_reads_and_the_checks_prove(template):
    want = layout_pdf.order(1, day=21)
    page = text_lines(layout_pdf.layout_text(template, want))
    cold = engine.read_po(page, ExtractOptions(today="2026-09-01"))
    assert {f"low_confidence:{name}" for name in HEADER} <= set(cold["warnings"])
    got = read_with(template, want, site_codes=("CP09",))
    assert {name: got[name] for name in HEADER} == {name: want[name] for name in HEADER}
    assert recall.same_items(got["items"], want["items"])
    assert got["warnings"] == [] and got["layout"]["read_with"]["id"] == "drawn"
    assert (
        got["source"]["supplier_name"]
        == f"layout learned from PO 4471-0082: {want['supplier_name']}"
    )


def test_a_project_code_at_its_place_that_is_no_site_stays_flagged():
    got = read_with(layout_pdf.UNLABELLED, layout_pdf.order(1) | {"project_code": "X1-22-B"},
                    site_codes=("CP09", "CP11"))  # fmt: skip
    assert got["project_code"] == "X1-22-B"
    assert got["warnings"] == ["low_confidence:project_code"]
    assert "matches no site" in got["unproven"]["project_code"]


def test_our_own_company_at_the_suppliers_place_is_never_taken_for_the_supplier():
    values = layout_pdf.order(1) | {"supplier_name": "Meridian Construction (Pty) Ltd"}
    got = read_with(layout_pdf.UNLABELLED, values, buyer_names=("Meridian Construction",))
    assert "supplier_name" not in got["layout"]["read_with"]["values"]
    assert "low_confidence:supplier_name" in got["warnings"]


def test_a_date_at_its_place_outside_the_plausible_window_is_not_taken():
    got = read_with(layout_pdf.UNLABELLED, layout_pdf.order(1) | {"po_date": "2016-08-19"})
    assert got["po_date"] is None and "low_confidence:po_date" in got["warnings"]


def test_a_total_at_its_place_that_does_not_add_up_is_flagged():
    values = layout_pdf.order(1)
    got = read_with(layout_pdf.UNLABELLED, values | {"total": "99999.99"})
    assert got["total"] == "99999.99"
    assert {"low_confidence:total", "totals_mismatch"} <= set(got["warnings"])
    assert (
        got["subtotal"] == values["subtotal"] and "low_confidence:subtotal" not in got["warnings"]
    )


def test_a_value_the_layout_works_out_never_replaces_one_the_reader_read():
    layout = taught(layout_pdf.UNLABELLED)
    tax = layout["anchors"]["fields"]["tax"]
    layout["anchors"]["fields"]["tax"] = {"derived": "total - subtotal"}
    page = text_lines(layout_pdf.layout_text(layout_pdf.UNLABELLED, layout_pdf.order(1)))
    known = (layout_pdf.order(1)["supplier_name"],)
    options = ExtractOptions(layouts=(layout,), today="2026-09-01", supplier_names=known)
    got = engine.read_po(page, options)
    assert got["source"]["tax"].startswith("VAT 15%") and got["warnings"] == []
    layout["anchors"]["fields"]["total"] = {"derived": "subtotal + tax"}
    layout["anchors"]["fields"]["tax"] = tax
    page = [line for line in page if not line.text.startswith("Total")]  # none printed
    got = engine.read_po(page, options)
    assert got["total"] == layout_pdf.order(1)["total"]
    assert "worked out" in got["unproven"]["total"]


def as_photo(page: list[Line]) -> list[Line]:
    """The page as the OCR would give it: the same words, read by OCR, fairly sure of each."""
    return [
        Line([replace(w, conf=0.9, ocr=True) for w in line.words], line.y, line.page)
        for line in page
    ]


def test_a_layout_never_overrules_what_the_reader_proved():
    first = order("PO-1001", "Boland Building Supplies CC", [("PN-1", "Cement", "5", "98.50")])
    second = order("PO-1002", "Highveld Hardware (Pty) Ltd", [("PN-2", "Sand", "2", "410.00")])
    layout = teach.learn(drawn(first), first) | {"id": "drawn", "learned_from": "PO-1001"}
    # a place learned wrong: the PO number read where the project code stands
    layout["anchors"]["fields"]["po_number"] = layout["anchors"]["fields"]["project_code"]
    options = ExtractOptions(layouts=(layout,), today="2026-09-01")
    # on a text layer what the reader proved stands, doubted: the layout reads another value
    text = engine.read_po(drawn(second), options)
    assert text["po_number"] == "PO-1002" and "low_confidence:po_number" in text["warnings"]
    assert "po_number" not in text["layout"]["read_with"]["values"]
    # on a photo it stands undoubted: a place says where a value is, not its letters
    photo = engine.read_po(as_photo(drawn(second)), options)
    assert photo["po_number"] == "PO-1002" and "low_confidence:po_number" not in photo["warnings"]
    assert "po_number" not in photo["layout"]["read_with"]["values"]


def test_a_value_printed_across_two_cells_is_learned_where_it_stands():
    # '1  234.56': the thousands printed apart, so the words of one amount are two cells
    line = Line([Word("Total", 0, 5), Word("1", 20, 21), Word("234.56", 23, 29)], 0.0, 0)
    assert len(line.cells) == 3
    found = places.learn_places([line], places.Spot(0, 1, 2), set(), foot=True)
    assert [(p["kind"], p["label"], p["dx0"], p["dx1"]) for p in found] == [
        ("label", "total", 20.0, 29.0)
    ]


def test_a_code_broken_at_its_hyphen_is_read_whole_with_the_layout():
    layout = learned("polish")  # 'CEM-' over '325' on documents 2, 5 and 6, not on document 1
    for n in (2, 5, 6):
        _, matched = recall.known([layout], lines("polish", n))
        got = recall.read(layout["anchors"], lines("polish", n), matched.frame)
        assert "CEM-325" in [i["item_code"] for i in got["items"]], n
        assert recall.same_items(got["items"], truth("polish", n)["items"]), n


def test_a_supplier_s_name_whose_legal_form_runs_on_is_read_whole_with_the_layout():
    # the learned document printed the name on one line; this one runs its legal form on
    path = DOCUMENTS / "polish" / "polish-2.pdf"
    options = ExtractOptions(layouts=(learned("polish"),), today="2026-12-01")
    payload = engine.read(Document(path, "application/pdf", path.name, options))
    assert payload["layout"]["read_with"]["id"] == "polish"  # read with the layout
    whole = "Hurtownia Budowlana Nowak Sp. z o.o."
    assert payload["layout"]["read_with"]["values"]["supplier_name"] == whole
    assert payload["supplier_name"] == whole


def test_a_line_about_an_items_delivery_is_never_taken_for_a_description():
    layout = teach.learn(drawn(FIRST), FIRST) | {"id": "drawn"}
    batch = "   Batch no. 263254 - one batch per delivery\n"
    rows = item_rows(SECOND["items"]).replace(
        "   Cement 50kg bag\n", "   Cement 50kg bag\n" + batch
    )
    page = text_lines(HEAD.format(**SECOND) + rows + FOOT.format(**SECOND))
    _, matched = recall.known([layout], page)
    got = recall.read(layout["anchors"], page, matched.frame)
    assert [i["description"] for i in got["items"]] == [i["description"] for i in SECOND["items"]]


# Items printed as cards, their values beside labels in words the engine does not know.
CARDS_HEAD = """\
Meridian Construction (Pty) Ltd                               PURCHASE ORDER
Order No.   {po_number}       Order date   19/08/2026
Supplier    {supplier}
Project     {project}

"""
CARDS_FOOT = """\
                                           Subtotal                {subtotal:>12}
                                           VAT 15%                 {tax:>12}
                                           Total                   {total:>12}
"""


def carded(order: dict) -> list[Line]:
    cards = "".join(
        f"  Artiko {n}                                  Kwant        {i['quantity']:>10}\n"
        f"  {i['description']:<40}   Prezo        {i['unit_price']:>10}\n"
        f"  Kodo: {i['item_code']:<34}   Summo        {i['amount']:>10}\n\n"
        for n, i in enumerate(order["items"], 1)
    )
    return text_lines(CARDS_HEAD.format(**order) + cards + CARDS_FOOT.format(**order))


def test_items_printed_as_cards_are_read_by_the_labels_the_layout_taught():
    layout = teach.learn(carded(FIRST), FIRST) | {"id": "cards"}
    assert layout["anchors"]["table"]["cards"]["kwant"] == "quantity"
    page = carded(SECOND)
    _, matched = recall.known([layout], page)
    got = recall.read(layout["anchors"], page, matched.frame)
    assert [i["description"] for i in got["items"]] == [i["description"] for i in SECOND["items"]]
    assert recall.same_items(got["items"], SECOND["items"])


def test_mt_after_a_whole_quantity_is_its_unit_and_after_cents_the_metical():
    assert places.number("40 MT", False) is None  # forty metric tonnes: 'MT' is the unit
    assert places.number("1 250.00 MT", False) == (Decimal("1250.00"), False)


def test_a_supplier_s_page_in_unknown_words_read_with_its_layout_is_an_order():
    # cold, its number beside a marker is no order's for the engine (a marker names no
    # order) and the supplier heads the page: refused; read with the layout a person verified
    # as a PO's, it is one, its number read where the verified one was printed
    template = layout_pdf.ISIZULU.replace(
        "Meridian Construction (Pty) Ltd", "Boland Building Supplies CC   ", 1
    ).replace("Inombolo       {po_number:<45}", "Inombolo nr.   {po_number:<45}")
    want = layout_pdf.order(1, day=21)
    page = text_lines(layout_pdf.layout_text(template, want))
    options = ExtractOptions(today="2026-09-01", buyer_names=("Meridian Construction (Pty) Ltd",))
    cold = engine.read_po(page, options)
    assert cold["po_number"] is None
    assert not engine._an_order(cold, page, options)
    learned = replace(options, layouts=(taught(template),))
    got = engine.read_po(page, learned)
    assert got["layout"]["read_with"]["id"] == "drawn"
    assert got["po_number"] == want["po_number"]
    assert engine._an_order(got, page, learned)
