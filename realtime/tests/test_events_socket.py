import json
import time
import uuid
from datetime import timedelta

import jwt
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from realtime.models import SocketTicket
from realtime.routing import websocket_application
from realtime.tests.conftest import (
    QUIET,
    SAME_ORIGIN,
    closed_with,
    new_ticket,
    ready_socket,
    socket_for,
    still_open,
)
from server.accounts.models import AuthSession, User
from server.accounts.tokens import _signing_key, issue_access_token
from server.events import selectors
from server.events import services as bus
from server.events.models import Event
from server.events.selectors import frame_of
from server.events.services import event_emit, publish
from server.events.topics import Topic

pytestmark = pytest.mark.django_db(transaction=True)

emit = database_sync_to_async(event_emit)


def test_a_ticket_is_issued_to_a_signed_in_caller_only(api_client, alice):
    reply = api_client.post("/v2/realtime/ticket", headers=alice.headers)
    anonymous = api_client.post("/v2/realtime/ticket")

    assert reply.status_code == 200
    assert reply.json()["expires_in"] == 30
    assert len(reply.json()["ticket"]) >= 43
    assert anonymous.status_code == 401
    stored = SocketTicket.objects.get()
    assert (stored.user_id, str(stored.session_id)) == (alice.user.id, alice.session_id)
    assert reply.json()["ticket"] not in stored.token_hash  # only its hash is kept


async def test_a_ticket_opens_the_socket_with_a_ready_frame(alice):
    await emit(user_id=alice.user.id, topic="cart.updated", data={"total_items": 1})

    socket, ready = await ready_socket(alice)

    assert ready == {"type": "ready", "user_id": alice.user.id, "session_id": alice.session_id, "seq": 1}
    await socket.disconnect()


async def test_the_bearer_subprotocol_opens_the_socket_and_the_token_is_not_echoed(alice):
    socket = await socket_for(subprotocols=["bearer", alice.tokens.access_token])

    ready = await socket.receive_json_from()

    assert ready["type"] == "ready" and ready["user_id"] == alice.user.id
    await socket.disconnect()


async def test_the_server_answers_the_bearer_subprotocol(alice):
    socket = WebsocketCommunicator(
        websocket_application, "/ws/events/", headers=SAME_ORIGIN, subprotocols=["bearer", "x"]
    )

    connected, subprotocol = await socket.connect()

    assert (connected, subprotocol) == (True, "bearer")
    assert await closed_with(socket) == 4401


async def test_a_ticket_works_once(alice):
    ticket = await database_sync_to_async(new_ticket)(alice)
    first = await socket_for(ticket=ticket)
    assert (await first.receive_json_from())["type"] == "ready"

    second = await socket_for(ticket=ticket)

    assert await closed_with(second) == 4408
    assert await still_open(first)
    await first.disconnect()


async def test_an_expired_ticket_is_refused(alice):
    ticket = await database_sync_to_async(new_ticket)(alice)
    past = timezone.now() - timedelta(seconds=1)
    await database_sync_to_async(SocketTicket.objects.update)(expires_at=past)

    socket = await socket_for(ticket=ticket)

    assert await closed_with(socket) == 4408


@pytest.mark.parametrize(
    "path",
    [
        "/ws/events/",
        "/ws/events/?ticket=",
        "/ws/events/?ticket=made-up",
        "/ws/events/?ticket=" + "x" * 5000,
    ],
)
async def test_no_or_an_unknown_ticket_is_not_authenticated(alice, path):
    socket = WebsocketCommunicator(websocket_application, path, headers=SAME_ORIGIN)
    connected, _ = await socket.connect()

    assert connected
    assert await closed_with(socket) == 4401


async def test_a_forged_bearer_token_or_one_of_an_ended_session_is_not_authenticated(alice):
    with_other_key = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
    of_ended_session = issue_access_token(
        user_id=alice.user.id, session_id=uuid.UUID(alice.session_id), user_type_id=4
    )
    await database_sync_to_async(_end_sessions)()

    for token in (with_other_key, of_ended_session, "not-a-jwt"):
        socket = await socket_for(subprotocols=["bearer", token])
        assert await closed_with(socket) == 4401


def _end_sessions() -> None:
    AuthSession.objects.update(revoked_at=timezone.now())


async def test_a_ticket_of_a_session_that_ended_is_not_authenticated(alice):
    ticket = await database_sync_to_async(new_ticket)(alice)
    await database_sync_to_async(_end_sessions)()

    socket = await socket_for(ticket=ticket)

    assert await closed_with(socket) == 4401


async def test_a_disabled_account_is_forbidden(alice):
    ticket = await database_sync_to_async(new_ticket)(alice)
    await database_sync_to_async(User.objects.filter(pk=alice.user.id).update)(is_active=False)

    socket = await socket_for(ticket=ticket)

    assert await closed_with(socket) == 4403


async def test_a_foreign_origin_is_refused_at_the_handshake(alice):
    ticket = await database_sync_to_async(new_ticket)(alice)
    socket = WebsocketCommunicator(
        websocket_application,
        f"/ws/events/?ticket={ticket}",
        headers=[(b"origin", b"https://evil.example"), (b"host", b"127.0.0.1:8000")],
    )

    connected, _ = await socket.connect()

    assert not connected
    assert await database_sync_to_async(SocketTicket.objects.filter(used_at__isnull=True).count)() == 1


async def test_unknown_socket_paths_are_refused():
    socket = WebsocketCommunicator(websocket_application, "/ws/nothing-here/", headers=SAME_ORIGIN)

    connected, _ = await socket.connect()

    assert not connected


async def test_a_cart_change_reaches_every_device_of_the_user_and_no_one_else(
    api_client, alice, bob, catalogue
):
    phone, _ = await ready_socket(alice)
    laptop, _ = await ready_socket(alice)
    other, _ = await ready_socket(bob)
    variant = await database_sync_to_async(lambda: catalogue.d3.variants.get().id)()

    reply = await database_sync_to_async(api_client.post)(
        "/v2/storefront/cart/items",
        json={"product_variant_id": variant, "quantity": 2},
        headers=alice.headers,
    )

    assert reply.status_code == 200
    for device in (phone, laptop):
        frame = await device.receive_json_from()
        assert {k: frame[k] for k in ("type", "seq", "topic", "data")} == {
            "type": "event",
            "seq": 1,
            "topic": "cart.updated",
            "data": {"total_items": 2},
        }
    assert await other.receive_nothing(QUIET)
    for socket in (phone, laptop, other):
        await socket.disconnect()


async def test_ping_is_answered_with_pong(alice):
    socket, _ = await ready_socket(alice)

    assert await still_open(socket)
    await socket.disconnect()


@pytest.mark.parametrize(
    ("frame", "code", "message"),
    [
        ("not json", "invalid_frame", "Frames must be JSON objects with a type."),
        ("[1, 2]", "invalid_frame", "Frames must be JSON objects with a type."),
        ('{"type": 5}', "invalid_frame", "Frames must be JSON objects with a type."),
        (" ", "invalid_frame", "Frames must be JSON objects with a type."),
        ('{"type": "dance"}', "unknown_frame", "Unknown frame type 'dance'."),
        ('{"type": "subscribe", "group": "user.1"}', "unknown_frame", "Unknown frame type 'subscribe'."),
        ('{"type": "resume"}', "invalid_frame", "since must be a whole number, 0 or more."),
        ('{"type": "resume", "since": "3"}', "invalid_frame", "since must be a whole number, 0 or more."),
        ('{"type": "resume", "since": -1}', "invalid_frame", "since must be a whole number, 0 or more."),
        ('{"type": "resume", "since": true}', "invalid_frame", "since must be a whole number, 0 or more."),
        ('{"type": "resume", "since": 1.5}', "invalid_frame", "since must be a whole number, 0 or more."),
        (
            json.dumps({"type": "ping", "pad": "x" * 5000}),
            "frame_too_large",
            "Frames may be at most 4096 characters.",
        ),
    ],
)
async def test_bad_frames_get_an_error_frame_and_the_socket_carries_on(alice, frame, code, message):
    socket, _ = await ready_socket(alice)

    await socket.send_to(text_data=frame)

    assert await socket.receive_json_from() == {"type": "error", "code": code, "message": message}
    assert await still_open(socket)
    await socket.disconnect()


async def test_a_binary_frame_gets_an_error_frame(alice):
    socket, _ = await ready_socket(alice)

    await socket.send_to(bytes_data=b"\x00\x01")

    assert (await socket.receive_json_from())["code"] == "invalid_frame"
    assert await still_open(socket)
    await socket.disconnect()


async def test_a_group_name_sent_by_a_client_never_brings_another_users_events(alice, bob):
    socket, _ = await ready_socket(alice)
    for frame in ({"type": "subscribe", "group": f"user.{bob.user.id}"}, {"type": "join", "groups": ["*"]}):
        await socket.send_json_to(frame)
        assert (await socket.receive_json_from())["code"] == "unknown_frame"

    await emit(user_id=bob.user.id, topic="cart.updated", data={"total_items": 9})

    assert await socket.receive_nothing(QUIET)
    await socket.disconnect()


async def test_resume_replays_every_event_missed_while_away(alice):
    for total in (1, 2, 3):
        await emit(user_id=alice.user.id, topic="cart.updated", data={"total_items": total})
    socket, ready = await ready_socket(alice)

    await socket.send_json_to({"type": "resume", "since": 1})

    replayed = [await socket.receive_json_from() for _ in range(2)]
    assert ready["seq"] == 3
    assert [(f["seq"], f["data"]) for f in replayed] == [(2, {"total_items": 2}), (3, {"total_items": 3})]
    await socket.send_json_to({"type": "resume", "since": 3})
    assert await socket.receive_nothing(QUIET)
    await socket.disconnect()


async def test_a_published_frame_already_replayed_is_not_sent_twice(alice):
    event = await emit(user_id=alice.user.id, topic="wishlist.updated", data={"count": 1})
    socket, _ = await ready_socket(alice)
    await socket.send_json_to({"type": "resume", "since": 0})
    assert (await socket.receive_json_from())["seq"] == 1

    # The same event arriving late through the channel layer (its publish raced the replay).
    await database_sync_to_async(publish)(f"user.{alice.user.id}", frame_of(event))

    assert await socket.receive_nothing(QUIET)
    await socket.disconnect()


async def test_resume_from_the_future_gets_an_error_and_a_resync(alice):
    socket, _ = await ready_socket(alice)

    await socket.send_json_to({"type": "resume", "since": 50})

    assert await socket.receive_json_from() == {
        "type": "error",
        "code": "resume_ahead",
        "message": "There is no event 50 yet; the last one is 0.",
    }
    assert await socket.receive_json_from() == {"type": "resync"}
    assert await still_open(socket)
    await socket.disconnect()


async def test_resume_past_what_the_log_keeps_asks_for_a_resync(alice):
    for total in (1, 2, 3):
        await emit(user_id=alice.user.id, topic="cart.updated", data={"total_items": total})
    await database_sync_to_async(Event.objects.filter(seq=1).delete)()
    socket, _ = await ready_socket(alice)

    await socket.send_json_to({"type": "resume", "since": 0})

    assert await socket.receive_json_from() == {"type": "resync"}
    await socket.disconnect()


async def test_resume_with_too_many_missed_events_asks_for_a_resync(alice, monkeypatch):
    monkeypatch.setattr(selectors, "REPLAY_LIMIT", 2)
    for total in (1, 2, 3):
        await emit(user_id=alice.user.id, topic="cart.updated", data={"total_items": total})
    socket, _ = await ready_socket(alice)

    await socket.send_json_to({"type": "resume", "since": 0})

    assert await socket.receive_json_from() == {"type": "resync"}
    await socket.disconnect()


def test_the_log_keeps_the_last_events_of_each_user(alice, monkeypatch):
    monkeypatch.setattr(bus, "EVENT_LOG_KEEP", 5)
    monkeypatch.setattr(bus, "PRUNE_EVERY", 4)

    for total in range(1, 10):
        event_emit(user_id=alice.user.id, topic=Topic.CART_UPDATED, data={"total_items": total})

    # Pruned at seq 4 (nothing older than 5 back) and at seq 8 (seq 1 to 3 go).
    assert list(Event.objects.values_list("seq", flat=True)) == [4, 5, 6, 7, 8, 9]


async def test_an_expired_bearer_token_is_closed_with_token_has_expired(alice):
    past = int(time.time()) - 7200
    claims = {"sub": str(alice.user.id), "sid": alice.session_id, "typ": "access", "ut": 4, "iat": past}
    expired = jwt.encode({**claims, "exp": past + 3600}, _signing_key(), algorithm="HS256")
    socket = await socket_for(subprotocols=["bearer", expired])

    message = await socket.receive_output(timeout=2)

    assert (message["code"], message["reason"]) == (4401, "Token has expired")
