import pytest
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from realtime.routing import websocket_application

SAME_ORIGIN = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]


def communicator(path: str = "/ws/ping/", headers=None) -> WebsocketCommunicator:
    return WebsocketCommunicator(websocket_application, path, headers=headers or SAME_ORIGIN)


async def test_ping_is_answered_with_pong_naming_the_instance():
    socket = communicator()
    connected, _ = await socket.connect()

    await socket.send_json_to({"type": "ping"})

    assert connected
    assert await socket.receive_json_from() == {"type": "pong", "instance": "shop"}
    await socket.disconnect()


async def test_a_broadcast_reaches_every_socket_in_the_room():
    sender, listener = communicator(), communicator()
    await sender.connect()
    await listener.connect()

    await sender.send_json_to({"type": "broadcast", "data": "hello"})

    expected = {"type": "broadcast", "data": "hello", "origin": "shop", "instance": "shop"}
    assert await listener.receive_json_from() == expected
    assert await sender.receive_json_from() == expected
    await sender.disconnect()
    await listener.disconnect()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ("not json", "Frames must be JSON objects with a type."),
        ("[1, 2]", "Frames must be JSON objects with a type."),
        ('{"type": 5}', "Frames must be JSON objects with a type."),
        ('{"type": "dance"}', "Unknown frame type 'dance'."),
        ('{"type": "broadcast", "data": {"x": 1}}', "data must be text of at most 1000 characters."),
        (
            '{"type": "broadcast", "data": "' + "x" * 1001 + '"}',
            "data must be text of at most 1000 characters.",
        ),
    ],
)
async def test_bad_frames_get_an_error_frame_and_the_socket_stays_open(frame, message):
    socket = communicator()
    await socket.connect()

    await socket.send_to(text_data=frame)
    assert await socket.receive_json_from() == {"type": "error", "message": message}
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from())["type"] == "pong"
    await socket.disconnect()


async def test_a_foreign_origin_is_refused():
    socket = communicator(headers=[(b"origin", b"https://evil.example"), (b"host", b"127.0.0.1:8000")])

    connected, _ = await socket.connect()

    assert not connected


async def test_unknown_socket_paths_are_refused():
    socket = communicator("/ws/nothing-here/")

    connected, _ = await socket.connect()

    assert not connected


@override_settings(REALTIME_DIAGNOSTICS=False)
async def test_the_diagnostics_room_is_closed_when_diagnostics_are_off():
    socket = communicator()

    connected, code = await socket.connect()

    assert (connected, code) == (False, 4403)
