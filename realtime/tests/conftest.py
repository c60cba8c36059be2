"""Sockets against the real ASGI application (origin check, routing, consumer) with the configured channel
layer: in memory on SQLite, Redis on the PostgreSQL pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import RequestFactory
from ninja.testing import TestClient

from realtime.routing import websocket_application
from realtime.services import ticket_issue
from server.accounts.models import User, UserType
from server.accounts.services import TokenPair, auth_login
from server.accounts.tokens import decode_access_token
from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)
from server.config.api import api

SAME_ORIGIN = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")]
PASSWORD = "Demo-pass-2026!"
QUIET = 0.3  # seconds a socket must stay silent to show that nothing reached it


@dataclass(frozen=True)
class Login:
    user: User
    tokens: TokenPair

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens.access_token}"}

    @property
    def session_id(self) -> str:
        return str(decode_access_token(self.tokens.access_token).session_id)


def login(email: str) -> Login:
    tokens = auth_login(email=email, password=PASSWORD, request=RequestFactory().post("/"))
    return Login(user=User.objects.get(email=email), tokens=tokens)


@pytest.fixture
def api_client() -> TestClient:
    return TestClient(api)


@pytest.fixture
def alice(transactional_db) -> Login:
    User.objects.create_user("alice@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    return login("alice@example.com")


@pytest.fixture
def bob(transactional_db) -> Login:
    User.objects.create_user("bob@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    return login("bob@example.com")


def new_ticket(who: Login) -> str:
    issued = ticket_issue(user=who.user, session_id=decode_access_token(who.tokens.access_token).session_id)
    return issued.ticket


async def socket_for(
    who: Login | None = None,
    *,
    ticket: str | None = None,
    subprotocols: list[str] | None = None,
    headers: list[tuple[bytes, bytes]] | None = None,
) -> WebsocketCommunicator:
    """A connected socket; with `who`, opened with a fresh ticket of that login."""
    if who is not None:
        ticket = await database_sync_to_async(new_ticket)(who)
    path = f"/ws/events/?ticket={ticket}" if ticket is not None else "/ws/events/"
    socket = WebsocketCommunicator(
        websocket_application, path, headers=headers or SAME_ORIGIN, subprotocols=subprotocols
    )
    connected, _ = await socket.connect()
    assert connected
    return socket


async def ready_socket(who: Login) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    socket = await socket_for(who)
    ready = await socket.receive_json_from()
    assert ready["type"] == "ready"
    return socket, ready


async def closed_with(socket: WebsocketCommunicator) -> int:
    """The close code the server ended the socket with."""
    message = await socket.receive_output(timeout=2)
    assert message["type"] == "websocket.close", message
    return int(message["code"])


async def still_open(socket: WebsocketCommunicator) -> bool:
    await socket.send_json_to({"type": "ping"})
    return bool(await socket.receive_json_from() == {"type": "pong"})
