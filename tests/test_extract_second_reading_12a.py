"""A second reading of 3157554's header rules: a grid of labels and values in turn with no
digit on a row, read as a row of headings (the next row's label taken for the value); a
dash in a supplier's name after its vendor's number; a job's number with its year before a
dot, cut as a cost centre's ledger numbers; a known supplier with its suburb and town after
commas. Each page is made up here; each test says what a correct reading gives."""

from __future__ import annotations

from tests.test_extract_rotation_8 import BRAZILIAN, TABLE, flagged, read

BUYER = "Meridian Construction (Pty) Ltd"

# --- 1. a grid of labels and values in turn ----------------------------------------------


def test_a_grid_of_labels_and_values_is_no_row_of_headings():
    # 'Supplier  Karsten Steel Traders CC  Ordered by  Thandi Nkosi' over 'Sales Rep  Mike
    # Botha ...': no digit on the row, so it was read as headings each over its value, and
    # 'Sales Rep' (or 'Incoterms', 'Carrier') was taken for the supplier, proven; with the
    # next row's label known ('Delivery:'), the supplier was lost
    rows = [
        ("Ordered by", "Thandi Nkosi", "Sales Rep", "Mike Botha", "Department", "Civils"),
        ("Ship Via", "Road freight", "Incoterms", "Delivered at site", "Site", "CP09"),
        ("Requisitioner", "Thandi Nkosi", "Carrier", "Own transport", "Site", "CP09"),
        ("Ordered by:", "Thandi Nkosi", "Site:", "CP09", "Delivery:", "Collect"),
    ]
    for label, value, next_label, next_value, third, last in rows:
        page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No       MC-44120                        Date             10/05/2026
Supplier       Karsten Steel Traders CC        {label:<17}{value}
{next_label:<15}{next_value:<32}{third:<17}{last}
{TABLE}"""
        payload = read(page)
        assert payload["supplier_name"] == "Karsten Steel Traders CC", label
        assert not flagged(payload, "supplier_name")


# --- 2. a dash in the name after a vendor's number ----------------------------------------


def test_a_dash_in_a_suppliers_name_after_its_vendor_number_stays_in_it():
    # '000871 - Vale Concretos - Indústria e Comércio Ltda.': the name was taken after its
    # last dash, 'Indústria e Comércio Ltda.' (what the company makes), proven
    name = "Vale Concretos - Indústria e Comércio Ltda."
    page = BRAZILIAN.replace(
        "001345 / Loja 01 - Velmor Comércio de Materiais Ltda.", f"000871 - {name}"
    )
    payload = read(page)
    assert payload["supplier_name"] == name or flagged(payload, "supplier_name")
    assert payload["supplier_name"] != "Indústria e Comércio Ltda."


# --- 3. a job's number with its year before a dot ---------------------------------------


def test_a_jobs_number_with_its_year_before_a_dot_is_kept_whole():
    # 'Job No. 26.CPT-118': the year was cut off as a cost centre's ledger numbers, and
    # 'CPT-118', shaped like the office's sites' codes, was proven
    page = f"""\
{BUYER}                                          PURCHASE ORDER
Order No.   MC-44120                  Date   10/05/2026
Supplier    Karsten Steel Traders CC
Job No.     26.CPT-118
{TABLE}"""
    payload = read(page)
    assert payload["project_code"] == "26.CPT-118"


# --- 4. a known supplier with its suburb and its town --------------------------------------


def test_a_known_supplier_with_its_suburb_and_town_after_commas():
    # 'Langa Hardware & Paint, Milnerton, Cape Town' under 'SHOP': only the words before the
    # last comma were tried, and the known supplier was lost
    page = f"""\
{BUYER}                                          PETTY CASH ORDER
                                                    No.   PCO-6575
DATE             SITE / JOB        SHOP
30-03-2026       DBN07             Langa Hardware & Paint, Milnerton, Cape Town
No.  Description                Qty  Unit    Price incl. VAT   Amount incl. VAT
1    Duct tape 48 mm x 25 m       1  roll              68.35              68.35
                                            Total incl. VAT            R 68.35
"""
    assert read(page)["supplier_name"] == "Langa Hardware & Paint"
