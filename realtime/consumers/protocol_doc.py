"""The protocol-document room `/ws/protocols/<id>/doc` (docs/architecture.md, "The protocol-document room"):
the standard y-websocket protocol, binary frames, for the protocol's owner (and staff admins) only.

It only translates: the handshake becomes a principal and a room, binary frames become room calls, and
a frame the room cannot take ends this socket alone (docs/api.md lists the close codes).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from channels.db import database_sync_to_async

from realtime.close_codes import CloseCode
from realtime.consumers.dispatch import DirectDispatchConsumer
from realtime.groups import groups_join, groups_leave
from realtime.rooms import wire
from realtime.rooms.registry import room_join, room_leave
from realtime.rooms.room import Room, RoomBroken, RoomGone
from realtime.services import SocketPrincipal, SocketRefused, doc_principal, principal_still_valid
from server.events.groups import session_group, user_group
from server.events.topics import REVOKING_TOPICS

logger = logging.getLogger(__name__)

MAX_FRAME_BYTES = 1024 * 1024
# A socket may send a burst of FRAME_BURST frames, then FRAME_RATE a second (a token bucket). An editor sends
# a few a second; a client flooding the room is closed (4429) before it can slow the process's other rooms.
FRAME_RATE = 100.0
FRAME_BURST = 200.0


class ProtocolDocConsumer(DirectDispatchConsumer):
    socket_kind = "protocol_doc"
    room: Room | None = None
    leaving: asyncio.Task[None] | None = None
    principal: SocketPrincipal | None = None
    joined: tuple[str, ...] = ()
    tokens = 0.0
    refilled_at = 0.0

    async def connect(self) -> None:
        subprotocols = self.scope.get("subprotocols") or []
        # Accept first, so a refusal reaches the browser as a close code (as on the events socket).
        await self.accept(subprotocol="bearer" if subprotocols[:1] == ["bearer"] else None)
        protocol_id = int(self.scope["url_route"]["kwargs"]["protocol_id"])
        try:
            self.principal = await database_sync_to_async(doc_principal)(self.scope, protocol_id=protocol_id)
            # The login's groups, to hear a logout or revocation: an ended login ends the socket (4401).
            self.joined = (user_group(self.principal.user_id), session_group(self.principal.session_id))
            await groups_join(self.channel_layer, self.joined, self.channel_name)
            self.room = await room_join(protocol_id, self)
        except SocketRefused as refused:
            await self.close(code=int(refused.code), reason=refused.reason)
            return
        except RoomGone:
            await self.close(code=int(CloseCode.NOT_FOUND), reason="There is no such protocol.")
            return
        self.tokens, self.refilled_at = FRAME_BURST, time.monotonic()
        await self.room.greet(self)

    async def disconnect(self, code: int) -> None:
        try:
            await groups_leave(self.channel_layer, self.joined, self.channel_name)
        except Exception:
            logger.info("Could not leave %s", self.joined, exc_info=True)
        self.joined = ()
        await self._leave()

    async def event_frame(self, message: dict[str, Any]) -> None:
        """An event of the socket's user or login (server.events): only a logout or revocation matters."""
        if message["frame"].get("topic") in REVOKING_TOPICS and self.principal is not None:
            if not await database_sync_to_async(principal_still_valid)(self.principal):
                await self.end(CloseCode.NOT_AUTHENTICATED, "This sign-in has ended.")

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        room = self.room
        if room is None:
            return
        if bytes_data is None:
            await self.end(CloseCode.MALFORMED, "Frames must be binary y-websocket messages.")
            return
        if len(bytes_data) > MAX_FRAME_BYTES:
            await self.end(CloseCode.TOO_LARGE, f"Frames may be at most {MAX_FRAME_BYTES} bytes.")
            return
        if not self._within_rate():
            logger.info("Closing a socket of protocol %s: too many frames", room.protocol_id)
            await self.end(CloseCode.TOO_MANY, "Too many frames; slow down.")
            return
        try:
            await room.receive(self, wire.message_decode(bytes_data))
        except wire.Malformed as exc:
            logger.info("Closing a socket of protocol %s: %s", room.protocol_id, exc)
            await self.end(CloseCode.MALFORMED, "This frame is not a valid y-websocket message.")
        except RoomGone:
            await self.end(CloseCode.GONE, "This protocol was deleted.")
        except RoomBroken:
            await self.end(CloseCode.SERVER_ERROR, "The document could not be saved.")

    def _within_rate(self) -> bool:
        now = time.monotonic()
        self.tokens = min(FRAME_BURST, self.tokens + (now - self.refilled_at) * FRAME_RATE)
        self.refilled_at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def send_frame(self, data: bytes) -> None:
        await self.send(bytes_data=data)

    async def end(self, code: int, reason: str) -> None:
        """Close this socket and leave the room at once (not when the client's close arrives)."""
        room, self.room = self.room, None
        try:
            await self.close(code=int(code), reason=reason)
        except Exception:
            logger.info("Closing a socket that was already gone", exc_info=True)
        if room is not None:
            # On its own task: `end` may be called from the room's relay task, which leaving can stop.
            self.leaving = asyncio.ensure_future(room_leave(room, self))

    async def _leave(self) -> None:
        room, self.room = self.room, None
        if room is not None:
            await room_leave(room, self)
        if self.leaving is not None:
            await self.leaving
