"""docs/architecture.md, "Reliability and security": Redis stopped during cart writes; the writes succeed
and a reconnecting client gets
every change through `resume`. Runs against a Redis of its own on both passes of the test command."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from realtime.tests.conftest import QUIET, ready_socket
from scripts.services import RedisServer, start_redis
from server.config.redis import redis_cache, redis_channel_layer
from server.events.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def restarted():
    """Redis servers a test starts again on the same port; stopped afterwards like the first one."""
    servers: list[RedisServer] = []
    yield servers
    for server in servers:
        server.stop()


@pytest.fixture
def own_redis(settings):
    """Cache and channel layer on a Redis of this test's own, configured as in production."""
    server = start_redis()
    settings.CACHES = {"default": redis_cache(server.url)}
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(server.url)}
    yield server
    server.stop()


async def test_cart_writes_succeed_while_redis_is_down_and_resume_delivers_them(
    api_client, alice, catalogue, own_redis: RedisServer, restarted: list[RedisServer]
):
    variant = await database_sync_to_async(lambda: catalogue.d3.variants.get().id)()

    def add(quantity: int) -> int:
        reply = api_client.post(
            "/v2/storefront/cart/items",
            json={"product_variant_id": variant, "quantity": quantity},
            headers=alice.headers,
        )
        return int(reply.status_code)

    phone, _ = await ready_socket(alice)
    assert await database_sync_to_async(add)(1) == 200
    seen = await phone.receive_json_from()
    assert (seen["seq"], seen["data"]) == (1, {"total_items": 1})

    # Redis goes away (cache and channel layer): the phone's socket drops, the laptop keeps shopping.
    own_redis.stop()
    statuses = [await database_sync_to_async(add)(1) for _ in range(3)]
    # The process's events hub lost the channel layer: it ends its sockets (1011), and the client
    # reconnects with backoff.
    closed = await phone.receive_output(5)
    assert closed == {"type": "websocket.close", "code": 1011, "reason": "Reconnect and resume."}
    await phone.disconnect()

    assert statuses == [200, 200, 200]
    assert await database_sync_to_async(Event.objects.count)() == 4

    # Redis is back; the phone reconnects and asks for what it missed since the last event it saw.
    restarted.append(start_redis(port=own_redis.port))
    phone, ready = await ready_socket(alice)
    await phone.send_json_to({"type": "resume", "since": seen["seq"]})

    replayed = [await phone.receive_json_from() for _ in range(3)]
    assert ready["seq"] == 4
    assert [(f["seq"], f["topic"], f["data"]) for f in replayed] == [
        (2, "cart.updated", {"total_items": 2}),
        (3, "cart.updated", {"total_items": 3}),
        (4, "cart.updated", {"total_items": 4}),
    ]
    assert await phone.receive_nothing(QUIET)
    await phone.disconnect()
