"""The protocol-document room over Channels' test communicator: access, sync, relay, malformed frames,
projection, REST writes and deletion (docs/architecture.md, "The protocol-document room"; docs/api.md)."""

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import OperationalError
from pycrdt import Doc, Map, Text

from realtime.consumers import protocol_doc
from realtime.rooms import registry, room, wire
from realtime.rooms.backend import room_backend
from realtime.routing import websocket_application
from realtime.tests.conftest import PASSWORD, login, new_ticket
from realtime.tests.ydoc_helpers import (
    closed_code,
    doc_socket,
    edit,
    eventually,
    frame,
    synced,
    updates_into,
)
from server.accounts.models import User, UserType
from server.events.models import Event
from server.protocols.doc.shape import content_of, meta_set
from server.protocols.doc.store import doc_append, doc_append_many, doc_load
from server.protocols.models import Protocol, ProtocolDoc, ProtocolDocUpdate, ProtocolItem
from server.protocols.services import LineIn, protocol_create

pytestmark = pytest.mark.django_db(transaction=True)

BASE = "/v2/account/practitioners/protocols"


@pytest.fixture(autouse=True)
async def _rooms_closed(transactional_db):
    """Each test's rooms finish closing (projection, compaction) before its database is reset."""
    yield
    async with asyncio.timeout(5):
        await registry.rooms_settled()


@pytest.fixture
def owner(transactional_db):
    User.objects.create_user("doc@example.com", PASSWORD, user_type_id=UserType.CERTIFIED_PRACTITIONER)
    return login("doc@example.com")


@pytest.fixture
def ids(catalogue):
    return {name: getattr(catalogue, name).variants.get().id for name in ("d3", "magnesium", "zinc")}


@pytest.fixture
def protocol(owner, ids):
    lines = [LineIn(ids["d3"], 2, "with breakfast"), LineIn(ids["magnesium"], 1, "")]
    return protocol_create(owner=owner.user, name="Sleep", description="Evening", lines=lines)


def rows(protocol_id):
    return list(
        ProtocolItem.objects.filter(protocol_id=protocol_id).values_list("variant_id", "quantity", "notes")
    )


def rename(doc, name):
    text = doc.get("meta", type=Map)["name"]
    del text[0 : len(text)]
    text += name


async def test_the_owner_syncs_the_document_built_from_the_protocol(owner, protocol, ids):
    socket = await doc_socket(owner, protocol.id)

    doc = await synced(socket)

    content = content_of(doc)
    assert (content.name, content.description) == ("Sleep", "Evening")
    assert [(line.variant_id, line.quantity, line.notes) for line in content.lines] == [
        (ids["d3"], 2, "with breakfast"),
        (ids["magnesium"], 1, ""),
    ]
    await socket.disconnect()


@pytest.mark.parametrize("who", ["rival", "client", "nobody"])
async def test_anyone_but_the_owner_hears_4404(owner, protocol, who):
    await database_sync_to_async(User.objects.create_user)(
        "rival@example.com", PASSWORD, user_type_id=UserType.CERTIFIED_PRACTITIONER
    )
    await database_sync_to_async(User.objects.create_user)(
        "client@example.com", PASSWORD, user_type_id=UserType.CLIENT
    )
    caller = owner if who == "nobody" else await database_sync_to_async(login)(f"{who}@example.com")
    protocol_id = protocol.id + 1000 if who == "nobody" else protocol.id

    socket = await doc_socket(caller, protocol_id)

    assert await closed_code(socket) == 4404


async def test_a_staff_admin_may_open_any_room(protocol):
    await database_sync_to_async(User.objects.create_superuser)("root@example.com", PASSWORD)
    admin = await database_sync_to_async(login)("root@example.com")

    socket = await doc_socket(admin, protocol.id)

    assert content_of(await synced(socket)).name == "Sleep"
    await socket.disconnect()


async def test_the_handshake_rules_of_the_events_socket_hold(owner, protocol):
    anonymous = await doc_socket(None, protocol.id)
    unknown = await doc_socket(None, protocol.id, ticket="nope")
    bearer = await doc_socket(None, protocol.id, subprotocols=["bearer", owner.tokens.access_token])

    assert await closed_code(anonymous) == 4401
    assert await closed_code(unknown) == 4401
    assert (await frame(bearer)).sync_type == wire.SyncType.STEP1
    await bearer.disconnect()


async def test_an_update_reaches_the_other_socket_at_once_then_the_log_and_the_rows(owner, protocol):
    first, second = await doc_socket(owner, protocol.id), await doc_socket(owner, protocol.id)
    mine, theirs = await synced(first), await synced(second)

    await first.send_to(bytes_data=wire.update_message(edit(mine, lambda doc: rename(doc, "Deep sleep"))))
    await updates_into(second, theirs)

    assert content_of(theirs).name == "Deep sleep"
    assert await eventually(lambda: ProtocolDocUpdate.objects.count() == 1)
    renamed = await eventually(lambda: Protocol.objects.get(pk=protocol.id).name == "Deep sleep")
    assert renamed
    assert await database_sync_to_async(Event.objects.filter(topic="protocol.updated").exists)()
    await first.disconnect()
    await second.disconnect()


async def test_the_last_socket_out_compacts_the_log_into_the_snapshot(owner, protocol):
    socket = await doc_socket(owner, protocol.id)
    doc = await synced(socket)
    await socket.send_to(bytes_data=wire.update_message(edit(doc, lambda d: rename(d, "Compact"))))
    await eventually(lambda: ProtocolDocUpdate.objects.exists())

    await socket.disconnect()

    stored = await database_sync_to_async(ProtocolDoc.objects.get)(pk=protocol.id)
    assert await database_sync_to_async(ProtocolDocUpdate.objects.count)() == 0
    assert stored.version == 2
    again = await doc_socket(owner, protocol.id)
    assert content_of(await synced(again)).name == "Compact"
    await again.disconnect()


@pytest.mark.parametrize(
    "bad",
    [
        bytes([0]),  # a sync message cut short
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff",
        bytes([0, 7, 1, 0]),  # no such sync message
        bytes([0, 2, 50, 1, 2]),  # a payload shorter than its length
        bytes([0, 2, 4, 1, 2, 3, 4]),  # a payload that is no Yjs update
        bytes([1, 3, 1, 5, 1]),  # awareness cut short
        bytes([9]),
    ],
)
async def test_a_malformed_frame_closes_that_socket_and_the_other_carries_on(owner, protocol, bad):
    sender, other = await doc_socket(owner, protocol.id), await doc_socket(owner, protocol.id)
    await synced(sender)
    theirs = await synced(other)

    await sender.send_to(bytes_data=bad)

    assert await closed_code(sender) == 4400
    await other.send_to(bytes_data=wire.update_message(edit(theirs, lambda d: rename(d, "Still here"))))
    assert await eventually(lambda: ProtocolDocUpdate.objects.count() == 1)
    await other.send_to(bytes_data=wire.sync_step1_message(b"\x00"))
    assert (await frame(other)).sync_type == wire.SyncType.STEP2
    await other.disconnect()


async def test_a_socket_flooding_the_room_is_closed_with_4429_and_the_other_carries_on(owner, protocol):
    flooder, other = await doc_socket(owner, protocol.id), await doc_socket(owner, protocol.id)
    await synced(flooder)
    theirs = await synced(other)

    # Far more frames at once than the burst allows (each a cheap "who is here?").
    for _ in range(int(protocol_doc.FRAME_BURST) + 50):
        await flooder.send_to(bytes_data=bytes([wire.MessageType.QUERY_AWARENESS]))

    assert await closed_code(flooder) == 4429
    await other.send_to(bytes_data=wire.update_message(edit(theirs, lambda d: rename(d, "Not slowed"))))
    assert await eventually(lambda: ProtocolDocUpdate.objects.count() == 1)
    await other.disconnect()


async def test_an_editor_well_within_the_rate_is_never_closed(owner, protocol, monkeypatch):
    monkeypatch.setattr(protocol_doc, "FRAME_BURST", 5.0)
    monkeypatch.setattr(protocol_doc, "FRAME_RATE", 50.0)
    socket = await doc_socket(owner, protocol.id)
    await synced(socket)

    for _ in range(20):  # 20 frames at 25 a second, half the rate
        await socket.send_to(bytes_data=bytes([wire.MessageType.QUERY_AWARENESS]))
        assert (await frame(socket)).type == wire.MessageType.AWARENESS
        await asyncio.sleep(0.04)

    assert await socket.receive_nothing(timeout=0.1)
    await socket.disconnect()


async def test_a_text_frame_closes_the_socket(owner, protocol):
    socket = await doc_socket(owner, protocol.id)
    await synced(socket)

    await socket.send_to(text_data="hello")

    assert await closed_code(socket) == 4400


async def test_awareness_reaches_the_others_and_is_cleared_when_its_socket_leaves(owner, protocol):
    first, second = await doc_socket(owner, protocol.id), await doc_socket(owner, protocol.id)
    await synced(first)
    await synced(second)
    hello = [wire.AwarenessEntry(77, 1, '{"user":{"name":"Dana"}}')]

    await first.send_to(bytes_data=wire.awareness_message(hello))
    heard = await frame(second)
    await first.disconnect()
    left = await frame(second)

    assert wire.awareness_decode(heard.payload) == hello
    assert wire.awareness_decode(left.payload) == [wire.AwarenessEntry(77, 2, "null")]
    await second.disconnect()


async def test_a_rest_write_reaches_an_open_editor_and_is_logged(api_client, owner, protocol, ids):
    socket = await doc_socket(owner, protocol.id)
    doc = await synced(socket)
    put = database_sync_to_async(api_client.put)
    post = database_sync_to_async(api_client.post)
    zinc = ids["zinc"]

    await put(f"{BASE}/{protocol.id}/update", json={"name": "By REST"}, headers=owner.headers)
    await updates_into(socket, doc)
    added = {"product_variant_id": zinc, "quantity": 3, "notes": "after lunch"}
    await post(f"{BASE}/{protocol.id}/products", json=added, headers=owner.headers)
    await updates_into(socket, doc)

    content = content_of(doc)
    assert content.name == "By REST"
    assert (content.lines[0].variant_id, content.lines[0].quantity, content.lines[0].notes) == (
        zinc,
        3,
        "after lunch",
    )
    await socket.disconnect()
    assert await database_sync_to_async(rows)(protocol.id) == [
        (line.variant_id, line.quantity, line.notes) for line in content.lines
    ]


async def test_deleting_the_protocol_closes_its_room_with_4410(api_client, owner, protocol):
    socket = await doc_socket(owner, protocol.id)
    await synced(socket)

    await database_sync_to_async(api_client.delete)(f"{BASE}/{protocol.id}", headers=owner.headers)

    assert await closed_code(socket) == 4410
    assert not await database_sync_to_async(ProtocolDoc.objects.exists)()


async def test_a_rest_write_to_a_protocol_without_a_document_builds_none(api_client, owner, protocol):
    reply = await database_sync_to_async(api_client.put)(
        f"{BASE}/{protocol.id}/update", json={"name": "No doc"}, headers=owner.headers
    )

    assert reply.status_code == 200
    assert not await database_sync_to_async(ProtocolDoc.objects.exists)()


def test_text_in_the_document_is_replaced_by_its_differing_middle():
    doc: Doc[Any] = Doc()
    doc.get("meta", type=Map)["name"] = Text("Sleep well")

    update = edit(doc, lambda d: meta_set(d, name="Sleep very well", description=None))

    assert str(doc.get("meta", type=Map)["name"]) == "Sleep very well"
    assert len(update) < 40


async def test_an_update_no_relay_brought_is_picked_up_from_the_log(owner, protocol, monkeypatch):
    monkeypatch.setattr(room, "RECONCILE_EVERY", 0.1)
    socket = await doc_socket(owner, protocol.id)
    doc = await synced(socket)
    elsewhere: Doc[Any] = Doc()
    elsewhere.apply_update(doc.get_update())

    # Logged by another process whose relay was lost: only the log has it.
    lost = edit(elsewhere, lambda d: rename(d, "From the log"))
    await database_sync_to_async(doc_append)(protocol_id=protocol.id, update=lost)
    await updates_into(socket, doc)

    assert content_of(doc).name == "From the log"
    await socket.disconnect()


async def test_a_ticket_opens_one_room_socket_only_and_a_foreign_origin_is_refused(owner, protocol):
    ticket = await database_sync_to_async(new_ticket)(owner)
    first = await doc_socket(None, protocol.id, ticket=ticket)
    second = await doc_socket(None, protocol.id, ticket=ticket)
    foreign = WebsocketCommunicator(
        websocket_application,
        f"/ws/protocols/{protocol.id}/doc",
        headers=[(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1:8000")],
    )

    assert (await frame(first)).sync_type == wire.SyncType.STEP1
    assert await closed_code(second) == 4408
    assert (await foreign.connect())[0] is False
    await first.disconnect()


async def test_logging_out_closes_the_room_sockets_of_that_login_with_4401(api_client, owner, protocol):
    socket = await doc_socket(owner, protocol.id)
    await synced(socket)

    await database_sync_to_async(api_client.post)("/v2/account/logout", headers=owner.headers)

    assert await closed_code(socket) == 4401


async def test_a_step_2_that_brings_nothing_new_is_not_logged(owner, protocol):
    first = await doc_socket(owner, protocol.id)
    mine = await synced(first)
    await first.send_to(bytes_data=wire.update_message(edit(mine, lambda d: rename(d, "Renamed"))))
    await eventually(lambda: ProtocolDocUpdate.objects.count() == 1)
    second = await doc_socket(owner, protocol.id)
    greeting = await frame(second)

    # What a y-websocket client answers to the server's step 1: all the server lacks, and its delete set.
    await second.send_to(bytes_data=wire.sync_step2_message(mine.get_update(greeting.payload)))
    await second.send_to(bytes_data=wire.sync_step1_message(b"\x00"))
    await frame(second)

    assert len(mine.get_update(greeting.payload)) > 2
    assert await database_sync_to_async(ProtocolDocUpdate.objects.count)() == 1
    await first.disconnect()
    await second.disconnect()


class DownLayer:
    """A channel layer whose Redis is gone."""

    async def new_channel(self):
        raise ConnectionError("Redis is down")

    async def group_send(self, group, message):
        raise ConnectionError("Redis is down")


async def test_without_the_channel_layer_a_room_still_opens_and_logs(owner, protocol, monkeypatch):
    monkeypatch.setattr(room, "get_channel_layer", lambda _alias: DownLayer())
    socket = await doc_socket(owner, protocol.id)
    doc = await synced(socket)

    await socket.send_to(bytes_data=wire.update_message(edit(doc, lambda d: rename(d, "No Redis"))))

    assert await eventually(lambda: Protocol.objects.get(pk=protocol.id).name == "No Redis")
    await socket.disconnect()


async def test_an_update_the_log_refused_resets_the_room_and_the_client_pushes_it_again(
    owner, protocol, monkeypatch
):
    sender, other = await doc_socket(owner, protocol.id), await doc_socket(owner, protocol.id)
    mine = await synced(sender)
    await synced(other)

    def refuse(*args, **kwargs):
        raise OperationalError("the database went away")

    monkeypatch.setattr(room_backend(), "append_many", refuse)
    await sender.send_to(bytes_data=wire.update_message(edit(mine, lambda d: rename(d, "Unsaved"))))

    assert await closed_code(sender) == 1011
    assert await closed_code(other) == 1011
    monkeypatch.undo()
    again = await doc_socket(owner, protocol.id)
    greeting = await frame(again)
    # The reloaded room lacks the update, so the client's answer to its step 1 carries it again.
    await again.send_to(bytes_data=wire.sync_step2_message(mine.get_update(greeting.payload)))
    assert await eventually(lambda: ProtocolDocUpdate.objects.count() == 1)
    await again.disconnect()


async def test_updates_sent_at_once_are_logged_together_in_order_and_all_reach_the_other_socket(
    owner, protocol
):
    # Given two editors of one protocol
    first, second = await doc_socket(owner, protocol.id), await doc_socket(owner, protocol.id)
    mine, theirs = await synced(first), await synced(second)

    # When the first sends 20 renames without waiting
    updates = [edit(mine, lambda doc, n=n: rename(doc, f"Sleep {n}")) for n in range(20)]
    for update in updates:
        await first.send_to(bytes_data=wire.update_message(update))
    for _ in updates:
        await updates_into(second, theirs)

    # Then the other editor has the last name, and the log holds every update in the order sent
    assert content_of(theirs).name == "Sleep 19"
    assert await eventually(lambda: ProtocolDocUpdate.objects.count() == len(updates))
    logged = await database_sync_to_async(
        lambda: [
            bytes(data) for data in ProtocolDocUpdate.objects.order_by("id").values_list("data", flat=True)
        ]
    )()
    assert logged == updates
    await first.disconnect()
    await second.disconnect()


def test_a_group_commit_logs_in_order_and_answers_none_for_a_deleted_protocol(owner, protocol, ids):
    # Given the documents of two protocols, one of which is then deleted
    other = protocol_create(
        owner=owner.user, name="Gone", description="Soon", lines=[LineIn(ids["d3"], 1, "")]
    )
    doc_load(protocol_id=protocol.id)
    doc_load(protocol_id=other.id)
    other.delete()

    # When updates of both are logged together
    answer = doc_append_many(entries=[(protocol.id, b"one"), (other.id, b"lost"), (protocol.id, b"two")])

    # Then the deleted one's is refused and the others are logged in order, with their ids
    assert answer[1] is None
    assert answer[0] is not None and answer[2] is not None and answer[0] < answer[2]
    logged = [
        (pk, bytes(data)) for pk, data in ProtocolDocUpdate.objects.order_by("id").values_list("id", "data")
    ]
    assert logged == [(answer[0], b"one"), (answer[2], b"two")]
