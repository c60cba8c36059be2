"""Helpers for the protocol-document room tests: a socket on a protocol's room and a pycrdt client doc."""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from pycrdt import Doc

from realtime.rooms import wire
from realtime.routing import websocket_application
from realtime.tests.conftest import SAME_ORIGIN, Login, new_ticket

WAIT = 2  # seconds a frame may take


async def doc_socket(
    who: Login | None, protocol_id: int, *, ticket: str | None = None, subprotocols: list[str] | None = None
) -> WebsocketCommunicator:
    if who is not None:
        ticket = await database_sync_to_async(new_ticket)(who)
    query = f"?ticket={ticket}" if ticket is not None else ""
    socket = WebsocketCommunicator(
        websocket_application,
        f"/ws/protocols/{protocol_id}/doc{query}",
        headers=SAME_ORIGIN,
        subprotocols=subprotocols,
    )
    connected, _ = await socket.connect()
    assert connected
    return socket


async def frame(socket: WebsocketCommunicator) -> wire.Message:
    output = await socket.receive_output(timeout=WAIT)
    assert output["type"] == "websocket.send" and output.get("bytes") is not None, output
    return wire.message_decode(output["bytes"])


async def synced(socket: WebsocketCommunicator, doc: Doc[Any] | None = None) -> Doc[Any]:
    """Do the y-websocket handshake as a client: read the server's step 1, ask for everything."""
    doc = doc or Doc()
    greeting = await frame(socket)
    assert greeting.sync_type == wire.SyncType.STEP1
    await socket.send_to(bytes_data=wire.sync_step1_message(doc.get_state()))
    reply = await frame(socket)
    assert reply.sync_type == wire.SyncType.STEP2
    doc.apply_update(reply.payload)
    return doc


async def updates_into(socket: WebsocketCommunicator, doc: Doc[Any], count: int = 1) -> None:
    for _ in range(count):
        message = await frame(socket)
        assert message.sync_type == wire.SyncType.UPDATE, message
        doc.apply_update(message.payload)


def edit(doc: Doc[Any], change: Any) -> bytes:
    """Make a change to a client doc and return the update it produced."""
    before = doc.get_state()
    change(doc)
    return doc.get_update(before)


async def closed_code(socket: WebsocketCommunicator) -> int:
    while True:
        output = await socket.receive_output(timeout=WAIT)
        if output["type"] == "websocket.close":
            return int(output["code"])


async def eventually(check: Any) -> Any:
    """Poll a database check (sync callable) until it is truthy, for up to 3 seconds."""
    deadline = asyncio.get_running_loop().time() + 3
    while True:
        value = await database_sync_to_async(check)()
        if value or asyncio.get_running_loop().time() > deadline:
            return value
        await asyncio.sleep(0.05)
