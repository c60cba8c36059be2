"""Stock that buyers see changing reaches every signed-in socket at once, not only the buyer's
(docs/decisions/0040-stock-a-ledger-below-orders.md)."""

import pytest
from channels.db import database_sync_to_async

from realtime.tests.conftest import QUIET, ready_socket
from server.stock.services import Want, stock_receive, stock_reserve

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_variant_selling_out_tells_every_socket_and_an_invisible_sale_tells_none(
    alice, bob, catalogue
):
    variant = await database_sync_to_async(lambda: catalogue.d3.variants.get())()
    await database_sync_to_async(stock_receive)(variant_id=variant.pk, quantity=12)
    alices, _ = await ready_socket(alice)
    bobs, _ = await ready_socket(bob)

    await database_sync_to_async(stock_reserve)(order_id=1, wants=[Want(variant.pk, 1, "D3")])  # 11: in stock
    quiet = await alices.receive_nothing(QUIET)
    await database_sync_to_async(stock_reserve)(order_id=2, wants=[Want(variant.pk, 11, "D3")])  # sold out

    expected = {"product_ids": [catalogue.d3.pk], "product_variant_ids": [variant.pk]}
    for socket in (alices, bobs):
        frame = await socket.receive_json_from()
        assert (frame["type"], frame["topic"], frame["data"], "seq" in frame) == (
            "event",
            "stock.updated",
            expected,
            False,
        )
    assert quiet
    await alices.disconnect()
    await bobs.disconnect()
