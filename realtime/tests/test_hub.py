"""The events hub (realtime/hub.py): one channel per process hears each group once for every events socket
in the process, keeps an emptied group a while for sockets that come back, then leaves it."""

import pytest
from channels.db import database_sync_to_async
from channels_redis.core import RedisChannelLayer

from realtime import hub as hub_module
from realtime.hub import event_hub
from realtime.tests.conftest import QUIET, ready_socket
from server.events.services import publish

pytestmark = pytest.mark.django_db(transaction=True)


def frame(topic: str) -> dict[str, object]:
    return {"type": "event", "seq": None, "topic": topic, "data": {}}


async def members(group: str) -> set[str]:
    """The channels the channel layer sends the group to, as it keeps them (in memory, or in Redis)."""
    layer = event_hub().layer
    if isinstance(layer, RedisChannelLayer):
        key = layer._group_key(group)
        names = await layer.connection(layer.consistent_hash(group)).zrange(key, 0, -1)
        return {name.decode() for name in names}
    return set(layer.groups.get(group, {}))


async def test_two_sockets_of_one_user_share_one_membership_and_both_hear_an_event(alice):
    laptop, _ = await ready_socket(alice)
    phone, _ = await ready_socket(alice)
    group = f"user.{alice.user.id}"

    assert await members(group) == {event_hub().channel}
    await database_sync_to_async(publish)(group, frame("to.both"))

    assert await laptop.receive_json_from() == frame("to.both")
    assert await phone.receive_json_from() == frame("to.both")
    await laptop.disconnect()
    await phone.disconnect()


async def test_a_group_without_sockets_stays_joined_until_the_sweep_then_is_left(alice, monkeypatch):
    socket, _ = await ready_socket(alice)
    group = f"user.{alice.user.id}"
    await socket.disconnect()

    await event_hub()._leave_empty_groups()
    assert group in event_hub().joined

    monkeypatch.setattr(hub_module, "LEAVE_AFTER", 0.0)
    await event_hub()._leave_empty_groups()
    assert group not in event_hub().joined
    assert await members(group) == set()


async def test_a_socket_back_after_its_group_was_left_hears_events_again(alice, bob, monkeypatch):
    first, _ = await ready_socket(alice)
    await first.disconnect()
    monkeypatch.setattr(hub_module, "LEAVE_AFTER", 0.0)
    await event_hub()._leave_empty_groups()

    again, _ = await ready_socket(alice)
    other, _ = await ready_socket(bob)
    await database_sync_to_async(publish)(f"user.{alice.user.id}", frame("to.alice"))

    assert await again.receive_json_from() == frame("to.alice")
    assert await other.receive_nothing(QUIET)
    await again.disconnect()
    await other.disconnect()
