"""Which groups an events socket hears: its user's (every device) and its login's (every tab of it), and no
other. There are no per-protocol groups: every protocol event goes into each concerned user's log, which
`resume` replays (docs/decisions/0015-one-way-layers.md, "No protocol groups")."""

import pytest
from channels.db import database_sync_to_async

from realtime.tests.conftest import QUIET, ready_socket
from server.events.services import publish

pytestmark = pytest.mark.django_db(transaction=True)


def frame(topic: str) -> dict[str, object]:
    return {"type": "event", "seq": None, "topic": topic, "data": {}}


async def test_a_socket_hears_its_users_group_and_its_logins_group(alice):
    socket, _ = await ready_socket(alice)

    await database_sync_to_async(publish)(f"user.{alice.user.id}", frame("to.user"))
    await database_sync_to_async(publish)(f"session.{alice.session_id}", frame("to.session"))

    assert await socket.receive_json_from() == frame("to.user")
    assert await socket.receive_json_from() == frame("to.session")
    await socket.disconnect()


async def test_a_socket_hears_no_other_users_group_nor_a_protocol_group(alice, bob):
    socket, _ = await ready_socket(alice)

    await database_sync_to_async(publish)(f"user.{bob.user.id}", frame("to.bob"))
    await database_sync_to_async(publish)(f"session.{bob.session_id}", frame("to.bobs.login"))
    await database_sync_to_async(publish)("protocol.7", frame("to.a.protocol"))

    assert await socket.receive_nothing(QUIET)
    await socket.disconnect()
