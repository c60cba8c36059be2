"""Connection floods (docs/security.md, "WebSockets"): one address opening 1,000 sockets holds at
most SOCKETS_PER_ADDRESS of them and opens at most SOCKET_OPENS_PER_ADDRESS a window; everyone else still
connects. Behind a trusted proxy the limit follows the client's forwarded address, never the proxy's."""

from __future__ import annotations

import pytest
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.testing import WebsocketCommunicator

from realtime.limits import SocketLimits
from realtime.routing import websocket_application
from realtime.tests.conftest import SAME_ORIGIN

# Channels closes stale database connections around each consumer's messages.
pytestmark = pytest.mark.django_db


class Accepting(AsyncWebsocketConsumer):  # type: ignore[misc]  # channels is untyped
    async def connect(self) -> None:
        await self.accept()


def socket(
    app, address: str, forwarded: str | None = None, headers: list[tuple[bytes, bytes]] | None = None
) -> WebsocketCommunicator:
    sent = [*(headers or []), *([(b"x-forwarded-for", forwarded.encode())] if forwarded else [])]
    communicator = WebsocketCommunicator(app, "/ws/events/", headers=sent)
    communicator.scope["client"] = (address, 50_000)  # the scope is read when the socket starts
    return communicator


async def open_all(sockets: list[WebsocketCommunicator]) -> list[bool]:
    return [(await s.connect())[0] for s in sockets]


async def close_all(sockets: list[WebsocketCommunicator]) -> None:
    for s in sockets:
        await s.disconnect()


async def test_one_address_opening_1000_sockets_holds_the_limit_and_others_still_connect(settings):
    settings.SOCKETS_PER_ADDRESS, settings.SOCKET_OPENS_PER_ADDRESS = 100, 0
    app = SocketLimits(Accepting.as_asgi())
    flood = [socket(app, "198.51.100.7") for _ in range(1_000)]

    # When one address opens 1,000 sockets
    accepted = await open_all(flood)

    # Then it holds 100, the rest are refused at the handshake, and another client connects
    assert accepted.count(True) == 100 and accepted[:100] == [True] * 100
    neighbour = socket(app, "203.0.113.20")
    assert (await neighbour.connect())[0] is True
    # and once its sockets close, the address may open again.
    await close_all(flood[:100])
    again = socket(app, "198.51.100.7")
    assert (await again.connect())[0] is True
    assert app.open == {"203.0.113.20": 1, "198.51.100.7": 1}
    await close_all([neighbour, again])
    assert app.open == {}


async def test_an_address_opening_sockets_too_fast_is_refused_within_the_window(settings):
    settings.SOCKETS_PER_ADDRESS, settings.SOCKET_OPENS_PER_ADDRESS = 0, 20
    app = SocketLimits(Accepting.as_asgi())
    burst = [socket(app, "198.51.100.8") for _ in range(30)]

    accepted = []
    for s in burst:
        accepted.append((await s.connect())[0])
        await s.disconnect()  # each closes at once: only the rate stops them

    assert accepted == [True] * 20 + [False] * 10
    other = socket(app, "203.0.113.21")
    assert (await other.connect())[0] is True
    await other.disconnect()


async def test_behind_a_trusted_proxy_the_client_address_counts_not_the_proxy(settings):
    settings.SOCKETS_PER_ADDRESS, settings.SOCKET_OPENS_PER_ADDRESS = 2, 0
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    app = SocketLimits(Accepting.as_asgi())

    # Two clients behind the same proxy each hold their own two
    first = [socket(app, "10.0.0.5", forwarded="198.51.100.9") for _ in range(3)]
    second = [socket(app, "10.0.0.5", forwarded="198.51.100.10") for _ in range(2)]
    # and a client that is not a proxy cannot choose its address by the header.
    spoofed = [socket(app, "198.51.100.11", forwarded=f"192.0.2.{n}") for n in range(3)]

    assert await open_all(first) == [True, True, False]
    assert await open_all(second) == [True, True]
    assert await open_all(spoofed) == [True, True, False]
    await close_all(first[:2] + second + spoofed[:2])


async def test_the_served_sockets_pass_the_limits_first(settings):
    settings.SOCKETS_PER_ADDRESS, settings.SOCKET_OPENS_PER_ADDRESS = 0, 1
    assert isinstance(websocket_application, SocketLimits)

    # The address's first socket reaches the events route (which wants a ticket, and says so with 4401);
    first = socket(websocket_application, "198.51.100.12", headers=SAME_ORIGIN)
    connected, _ = await first.connect()
    assert connected is True
    assert (await first.receive_output(2))["code"] == 4401
    # its second within the window is refused at the handshake, before the route.
    second = socket(websocket_application, "198.51.100.12", headers=SAME_ORIGIN)
    assert await second.connect() == (False, 1000)
