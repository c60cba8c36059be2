"""The stock ledger: a level is always the sum of its movements, and what buyers see follows it."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.catalog.models import Availability, CatalogVersion, ProductVariant
from server.core.errors import InvalidInput
from server.stock.models import MovementKind, Reservation, StockLevel, StockMovement
from server.stock.services import (
    OutOfStock,
    StockInUse,
    Want,
    stock_count,
    stock_receive,
    stock_release,
    stock_reserve,
    stock_return,
    stock_sell,
)
from server.stock.tests.conftest import d3_variant, level


def sums(variant_id: int) -> tuple[int, int]:
    moves = StockMovement.objects.filter(variant_id=variant_id)
    return sum(m.on_hand_delta for m in moves), sum(m.reserved_delta for m in moves)


def shown(variant_id: int) -> tuple[str, int | None, int]:
    variant = ProductVariant.objects.get(pk=variant_id)
    return variant.stock_state, variant.stock_available, variant.availability


def test_a_variant_is_counted_from_its_first_delivery(catalogue):
    variant_id = d3_variant(catalogue)
    assert not StockLevel.objects.filter(pk=variant_id).exists()

    stock_receive(variant_id=variant_id, quantity=3, reason="first delivery")

    assert (level(variant_id).on_hand, level(variant_id).reserved) == (3, 0)
    assert shown(variant_id) == ("low", 3, Availability.AVAILABLE)
    assert list(StockMovement.objects.values_list("kind", "on_hand_delta", "reason")) == [
        (MovementKind.RECEIVED, 3, "first delivery")
    ]


def test_holding_selling_and_releasing_move_the_level_and_what_buyers_see(counted_d3):
    stock_reserve(order_id=1, wants=[Want(counted_d3, 8, "Vitamin D3 Drops")])
    assert (level(counted_d3).reserved, shown(counted_d3)) == (8, ("low", 4, Availability.AVAILABLE))

    stock_reserve(order_id=2, wants=[Want(counted_d3, 4, "Vitamin D3 Drops")])
    assert shown(counted_d3) == ("sold_out", None, Availability.UNAVAILABLE)

    assert stock_sell(order_id=1) == [counted_d3]
    assert stock_release(order_id=2) == [counted_d3]
    assert stock_release(order_id=2) == []  # a second release changes nothing

    assert (level(counted_d3).on_hand, level(counted_d3).reserved) == (4, 0)
    assert shown(counted_d3) == ("low", 4, Availability.AVAILABLE)
    assert sums(counted_d3) == (4, 0)


def test_a_shortage_refuses_the_whole_order_naming_every_short_line(catalogue, counted_d3):
    magnesium = int(catalogue.magnesium.variants.get().pk)
    stock_receive(variant_id=magnesium, quantity=1)

    with pytest.raises(OutOfStock) as refused:
        stock_reserve(
            order_id=7,
            wants=[Want(counted_d3, 13, "Vitamin D3 Drops"), Want(magnesium, 2, "Magnesium")],
        )

    assert refused.value.extra == {
        "lines": [
            {"product_variant_id": counted_d3, "name": "Vitamin D3 Drops", "available": 12},
            {"product_variant_id": magnesium, "name": "Magnesium", "available": 1},
        ]
    }
    assert (level(counted_d3).reserved, level(magnesium).reserved) == (0, 0)  # nothing held


def test_back_order_keeps_a_variant_purchasable_with_its_note(counted_d3):
    StockLevel.objects.filter(pk=counted_d3).update(back_order_note="Ships in two weeks")
    stock_count(variant_id=counted_d3, on_hand=0, by=None, reason="stock-take", back_order=True)

    stock_reserve(order_id=3, wants=[Want(counted_d3, 2, "Vitamin D3 Drops")])

    variant = ProductVariant.objects.get(pk=counted_d3)
    assert (variant.stock_state, variant.stock_note, variant.availability) == (
        "back_order",
        "Ships in two weeks",
        Availability.AVAILABLE,
    )
    assert level(counted_d3).reserved == 2


def test_a_count_names_who_and_why_and_cannot_count_away_held_units(counted_d3, people):
    stock_reserve(order_id=4, wants=[Want(counted_d3, 5, "Vitamin D3 Drops")])

    with pytest.raises(StockInUse):
        stock_count(variant_id=counted_d3, on_hand=4, by=people.admin.user, reason="broken bottles")
    with pytest.raises(InvalidInput) as no_reason:
        stock_count(variant_id=counted_d3, on_hand=9, by=people.admin.user, reason="  ")
    stock_count(variant_id=counted_d3, on_hand=9, by=people.admin.user, reason="broken bottles")

    adjusted = StockMovement.objects.get(kind=MovementKind.ADJUSTED)
    assert (adjusted.on_hand_delta, adjusted.by, adjusted.reason) == (-3, people.admin.user, "broken bottles")
    assert no_reason.value.errors == {"reason": ["required"]}
    assert level(counted_d3).on_hand == 9


@pytest.mark.parametrize("quantity", [0, -1, 1_000_001, True])
def test_a_bad_quantity_is_refused_and_changes_nothing(counted_d3, quantity):
    with pytest.raises(InvalidInput) as refused:
        stock_receive(variant_id=counted_d3, quantity=quantity)

    assert refused.value.errors == {"quantity": ["invalid"]}
    assert level(counted_d3).on_hand == 12


def test_units_returned_with_a_refund_go_back_on_the_shelf(counted_d3):
    stock_reserve(order_id=5, wants=[Want(counted_d3, 12, "Vitamin D3 Drops")])
    stock_sell(order_id=5)
    assert shown(counted_d3)[0] == "sold_out"

    stock_return(order_id=5, returns=[(counted_d3, 2)], by=None)

    assert shown(counted_d3) == ("low", 2, Availability.AVAILABLE)
    assert sums(counted_d3) == (2, 0)


def test_the_catalogue_version_moves_only_when_what_buyers_see_changes(counted_d3):
    version = CatalogVersion.objects.get().version

    stock_reserve(order_id=6, wants=[Want(counted_d3, 1, "Vitamin D3 Drops")])  # 11 left: still in stock
    unchanged = CatalogVersion.objects.get().version
    stock_reserve(order_id=8, wants=[Want(counted_d3, 6, "Vitamin D3 Drops")])  # 5 left: low

    assert (unchanged, CatalogVersion.objects.get().version) == (version, version + 1)


operations = st.lists(
    st.tuples(st.sampled_from(["receive", "reserve", "sell", "release", "count", "return"]),
              st.integers(1, 9), st.integers(1, 6)),
    max_size=25,
)  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=operations)
def test_a_level_is_always_the_sum_of_its_movements(catalogue, steps):
    variant_id = d3_variant(catalogue)
    for table in (StockMovement, Reservation, StockLevel):  # each example starts from nothing counted
        table.objects.filter(variant_id=variant_id).delete()
    stock_receive(variant_id=variant_id, quantity=5)
    for kind, quantity, order in steps:
        try:
            if kind == "receive":
                stock_receive(variant_id=variant_id, quantity=quantity)
            elif kind == "reserve":
                stock_reserve(order_id=order, wants=[Want(variant_id, quantity, "D3")])
            elif kind == "sell":
                stock_sell(order_id=order)
            elif kind == "release":
                stock_release(order_id=order)
            elif kind == "count":
                stock_count(variant_id=variant_id, on_hand=quantity, by=None, reason="count")
            else:
                stock_return(order_id=order, returns=[(variant_id, quantity)], by=None)
        except (OutOfStock, StockInUse):
            pass
        current = level(variant_id)
        assert (current.on_hand, current.reserved) == sums(variant_id)
        assert 0 <= current.reserved <= current.on_hand
