"""Stock from a warehouse export: every change an adjustment naming the file, all or nothing, every bad row
named with its line."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from server.catalog.models import ProductVariant
from server.stock import services
from server.stock.importing import ImportRefused, ImportResult, import_text, stock_import
from server.stock.models import MovementKind, StockLevel, StockMovement
from server.stock.services import Want, stock_receive, stock_reserve
from server.stock.tests.conftest import level

D3 = "vitamin-d3-drops-60"
MAGNESIUM = "magnesium-powder-60"
ZINC = "zinc-picolinate-60"
MULTI = "clinical-multi-60"


def variant(sku: str) -> int:
    return int(ProductVariant.objects.get(sku=sku).pk)


def imported() -> list[tuple[str, str, int, str, int | None]]:
    return list(
        StockMovement.objects.filter(reason__startswith="stock import")
        .order_by("variant_id")
        .values_list("variant__sku", "kind", "on_hand_delta", "reason", "by")
    )


def refusal(text: str) -> list[str]:
    with pytest.raises(ImportRefused) as refused:
        stock_import(text=text, source_name="export.csv")
    return [str(problem) for problem in refused.value.problems]


def test_an_export_sets_each_count_as_an_adjustment_and_counts_variants_not_counted_before(counted_d3):
    stock_receive(variant_id=variant(MAGNESIUM), quantity=4)
    text = f"sku,quantity,back_order\n{D3},20,\n{MAGNESIUM},4,\n{ZINC},3,no\n{MULTI},0,yes\n"

    result = stock_import(text=text, source_name="export.csv")

    assert result == ImportResult(changed=1, unchanged=1, newly_counted=2)
    assert imported() == [
        (D3, MovementKind.ADJUSTED, 8, "stock import export.csv", None),
        (ZINC, MovementKind.ADJUSTED, 3, "stock import export.csv", None),
    ]
    assert [(level(variant(sku)).on_hand, level(variant(sku)).back_order) for sku in (D3, ZINC, MULTI)] == [
        (20, False),
        (3, False),
        (0, True),
    ]
    assert ProductVariant.objects.get(sku=MULTI).stock_state == "back_order"
    assert ProductVariant.objects.get(sku=ZINC).stock_state == "low"


def test_switching_back_order_alone_is_a_change_without_a_movement(counted_d3):
    result = stock_import(text=f"sku,quantity,back_order\n{D3},12,true\n", source_name="export.csv")

    assert result == ImportResult(changed=1, unchanged=0, newly_counted=0)
    assert (level(counted_d3).on_hand, level(counted_d3).back_order) == (12, True)
    assert imported() == []


def test_every_bad_row_is_named_with_its_line_and_nothing_changes(counted_d3):
    text = (
        "sku,quantity,back_order\n"
        f"{D3},30,\n"
        "no-such-sku,1,\n"
        f"{MAGNESIUM},-2,\n"
        f"{ZINC},2.5,\n"
        f"{MULTI},1000001,\n"
        f"{D3},5,maybe\n"
        ",4,\n"
        f"{ZINC},,\n"
        f"{MULTI},2,5\n"
        f"{MULTI},2,5,1\n"
    )

    assert refusal(text) == [
        "line 3: no variant has the SKU no-such-sku",
        "line 4: the quantity -2 is negative",
        "line 5: the quantity '2.5' is not a whole number",
        "line 6: the quantity 1000001 is more than 1000000",
        f"line 7: the SKU {D3} is on line 2 already",
        "line 7: back_order 'maybe' is not one of true, false, 1, 0, yes, no or empty",
        "line 8: no SKU",
        f"line 9: the SKU {ZINC} is on line 5 already",
        "line 9: no quantity",
        f"line 10: the SKU {MULTI} is on line 6 already",
        "line 10: back_order '5' is not one of true, false, 1, 0, yes, no or empty",
        "line 11: 4 cells, but the header names 3 columns",
    ]
    assert (level(counted_d3).on_hand, StockLevel.objects.count(), imported()) == (12, 1, [])


def test_a_file_without_a_required_column_or_rows_is_refused(db):
    assert refusal(f"sku,qty\n{D3},3\n") == [
        "line 1: no column 'quantity' (the columns are sku,quantity and optionally back_order)"
    ]
    assert refusal("sku,sku,quantity\n") == ["line 1: the column 'sku' appears twice"]
    assert refusal("sku,quantity\n\n") == ["the file has no rows below its header"]
    assert refusal("") == ["the file is empty; its first line names the columns, sku,quantity"]


def test_a_count_below_what_unpaid_orders_hold_refuses_the_file_unless_the_row_switches_back_order_on(
    counted_d3,
):
    stock_reserve(order_id=1, wants=[Want(counted_d3, 5, "Vitamin D3 Drops")])

    refused = refusal(f"sku,quantity\n{MAGNESIUM},9\n{D3},4\n")
    result = stock_import(text=f"sku,quantity,back_order\n{D3},4,yes\n", source_name="export.csv")

    assert refused == ["line 3: 5 units are held by unpaid orders; count at least that many"]
    assert result == ImportResult(changed=1, unchanged=0, newly_counted=0)
    assert (level(counted_d3).on_hand, level(counted_d3).reserved, level(counted_d3).back_order) == (
        4,
        5,
        True,
    )
    assert not StockLevel.objects.filter(pk=variant(MAGNESIUM)).exists()


def test_a_refusal_while_writing_undoes_the_rows_written_before_it(monkeypatch, counted_d3):
    magnesium = variant(MAGNESIUM)
    stock_receive(variant_id=magnesium, quantity=5)
    count = services.stock_count

    # Stands for any refusal the check could not foresee: magnesium's row is refused after d3's was written.
    def an_order_holds_magnesium_meanwhile(**kwargs):
        if kwargs["variant_id"] == counted_d3:  # the first row written (in variant order)
            stock_reserve(order_id=9, wants=[Want(magnesium, 3, "Magnesium Powder")])
        return count(**kwargs)

    monkeypatch.setattr("server.stock.importing.stock_count", an_order_holds_magnesium_meanwhile)

    assert refusal(f"sku,quantity\n{D3},20\n{MAGNESIUM},1\n") == [
        "line 3: 3 units are held by unpaid orders; count at least that many"
    ]
    assert (level(counted_d3).on_hand, level(magnesium).on_hand, imported()) == (12, 5, [])


def test_a_spreadsheet_export_with_a_byte_order_mark_semicolons_and_crlf_is_read(counted_d3):
    text = import_text(f"\ufeffSKU;Quantity\r\n{D3};7\r\n".encode())

    result = stock_import(text=text, source_name="export.csv")

    assert result == ImportResult(changed=1, unchanged=0, newly_counted=0)
    assert level(counted_d3).on_hand == 7


def test_a_file_that_is_not_utf8_text_is_refused():
    with pytest.raises(ImportRefused) as binary:
        import_text(b"PK\x03\x04\x14\x00\x00\x00")
    with pytest.raises(ImportRefused) as latin1:
        import_text("sku,quantity\ncafé,1\n".encode("latin-1"))

    assert [str(p) for p in binary.value.problems] == [
        "this is not a text file; export the sheet as CSV (UTF-8)"
    ]
    assert [str(p) for p in latin1.value.problems] == [
        "this is not UTF-8 text (byte 16); export the sheet as CSV UTF-8"
    ]


def test_the_command_reports_what_it_did(tmp_path, counted_d3):
    export = tmp_path / "warehouse.csv"
    export.write_text(f"sku,quantity\n{D3},15\n{ZINC},2\n")
    out = io.StringIO()

    call_command("stock_import", str(export), stdout=out)

    assert out.getvalue() == "warehouse.csv imported; variants changed: 1, unchanged: 0, newly counted: 1\n"
    assert imported()[0][3] == "stock import warehouse.csv"


def test_the_command_names_every_bad_row_and_fails(tmp_path, counted_d3):
    export = tmp_path / "warehouse.csv"
    export.write_text(f"sku,quantity\n{D3},15\nnope,2\n{ZINC},-1\n")

    with pytest.raises(CommandError) as failed:
        call_command("stock_import", str(export))

    assert failed.value.returncode == 1
    assert str(failed.value) == (
        "warehouse.csv was not imported; nothing changed:\n"
        "  line 3: no variant has the SKU nope\n"
        "  line 4: the quantity -1 is negative"
    )
    assert level(counted_d3).on_hand == 12


def test_the_command_refuses_a_missing_or_binary_file(tmp_path, db):
    image = tmp_path / "stock.xlsx"
    image.write_bytes(b"PK\x03\x04\x14\x00\x00\x00")

    with pytest.raises(CommandError) as missing:
        call_command("stock_import", str(tmp_path / "none.csv"))
    with pytest.raises(CommandError) as binary:
        call_command("stock_import", str(image))

    assert str(missing.value) == f"Cannot read {tmp_path / 'none.csv'}: No such file or directory"
    assert str(binary.value) == (
        "stock.xlsx was not imported; nothing changed:\n"
        "  this is not a text file; export the sheet as CSV (UTF-8)"
    )
