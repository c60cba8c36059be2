"""The protocol groups: joined from the sources the protocols app registers, refreshed on the server's
word only."""

import uuid

import pytest
from channels.db import database_sync_to_async
from django.db import transaction

from realtime.bus import publish, user_groups_refresh
from realtime.groups import groups_of, protocol_source_register, protocol_source_unregister
from realtime.tests.conftest import QUIET, ready_socket

pytestmark = pytest.mark.django_db(transaction=True)

FRAME = {"type": "event", "seq": None, "topic": "protocol.updated", "data": {"id": 7}}


@pytest.fixture
def visible():
    """Which protocols each user may see, as the protocols app will answer it."""
    shared: dict[int, set[int]] = {}

    def source(user_id: int) -> set[int]:
        return shared.get(user_id, set())

    protocol_source_register(source)
    yield shared
    protocol_source_unregister(source)


def test_a_socket_belongs_to_its_user_its_login_and_the_protocols_it_may_see(alice, visible):
    visible[alice.user.id] = {7, 9}

    groups = groups_of(user_id=alice.user.id, session_id=uuid.UUID(alice.session_id))

    assert groups == {f"user.{alice.user.id}", f"session.{alice.session_id}", "protocol.7", "protocol.9"}


async def test_a_protocol_group_reaches_those_who_may_see_it_only(alice, bob, visible):
    visible[alice.user.id] = {7}
    allowed, _ = await ready_socket(alice)
    other, _ = await ready_socket(bob)

    await database_sync_to_async(publish)("protocol.7", FRAME)

    assert await allowed.receive_json_from() == FRAME
    assert await other.receive_nothing(QUIET)
    await allowed.disconnect()
    await other.disconnect()


def _share(visible: dict[int, set[int]], user_id: int, protocol_id: int) -> None:
    with transaction.atomic():
        visible.setdefault(user_id, set()).add(protocol_id)
        user_groups_refresh(user_id=user_id)


async def _refresh_done(socket, user_id: int) -> None:
    # Messages to one channel arrive in order and a consumer handles them one at a time: once this
    # marker is through, so is the refresh sent before it.
    marker: dict[str, object] = {"type": "event", "seq": None, "topic": "marker", "data": {}}
    await database_sync_to_async(publish)(f"user.{user_id}", marker)
    assert await socket.receive_json_from() == marker


async def test_open_sockets_join_a_protocol_group_when_it_is_shared_and_leave_when_it_is_not(bob, visible):
    socket, _ = await ready_socket(bob)
    await database_sync_to_async(_share)(visible, bob.user.id, 7)
    await _refresh_done(socket, bob.user.id)

    await database_sync_to_async(publish)("protocol.7", FRAME)
    assert await socket.receive_json_from() == FRAME

    visible[bob.user.id] = set()
    await database_sync_to_async(user_groups_refresh)(user_id=bob.user.id)
    await _refresh_done(socket, bob.user.id)
    await database_sync_to_async(publish)("protocol.7", FRAME)
    assert await socket.receive_nothing(QUIET)
    await socket.disconnect()
