"""The events socket `/ws/events/` (docs/architecture.md, "The event log"): one per tab, carrying what must
cross devices.

It only translates: frames in become selector calls (resume) or pongs; channel-layer messages out become
frames. Who the socket speaks for is settled once, at the handshake, from a ticket or a bearer token.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from channels.db import database_sync_to_async

from realtime.close_codes import CloseCode
from realtime.consumers.dispatch import DirectDispatchConsumer
from realtime.hub import event_hub
from realtime.services import SocketPrincipal, SocketRefused, handshake_principal, principal_still_valid
from server.events.groups import catalog_group, session_group, user_group
from server.events.selectors import events_replay, last_seq
from server.events.topics import REVOKING_TOPICS

MAX_FRAME_CHARS = 4096


class EventsConsumer(DirectDispatchConsumer):
    socket_kind = "events"
    # No channel of its own: the process's events hub hears the groups for every events socket
    # (realtime/hub.py). An alias with no layer configured makes Channels skip the per-socket channel.
    channel_layer_alias = "events-hub-instead"
    principal: SocketPrincipal | None = None
    # Group frames up to this sequence number were already sent by a `resume` replay: skip them.
    replayed_through = 0
    joined: frozenset[str] = frozenset()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._checks: set[asyncio.Task[None]] = set()
        # What the hub hands over before `ready` is sent waits here: `ready` is always the first frame.
        self._early: list[tuple[dict[str, Any], str]] | None = []

    async def connect(self) -> None:
        subprotocols = self.scope.get("subprotocols") or []
        # Accept first, so a refusal reaches the browser as a close code it can act on (4401, 4408)
        # instead of a failed handshake; the token itself is never echoed back.
        await self.accept(subprotocol="bearer" if subprotocols[:1] == ["bearer"] else None)
        try:
            principal = await database_sync_to_async(handshake_principal)(self.scope)
        except SocketRefused as refused:
            await self.close(code=int(refused.code), reason=refused.reason)
            return
        self.principal = principal
        # Join before reading the sequence number, so nothing published in between is missed.
        groups = frozenset(
            (user_group(principal.user_id), session_group(principal.session_id), catalog_group())
        )
        self.joined = groups
        await event_hub().join(groups, self)
        seq = await database_sync_to_async(last_seq)(user_id=principal.user_id)
        ready = {"type": "ready", "user_id": principal.user_id, "session_id": str(principal.session_id)}
        await self._send({**ready, "seq": seq})
        early, self._early = self._early or [], None
        for message, text in early:
            # Those up to `seq` are in the log: `ready` counts them, `resume` replays them.
            sent_seq = message["frame"].get("seq")
            if not isinstance(sent_seq, int) or sent_seq > seq:
                await self._deliver(message, text)

    async def disconnect(self, code: int) -> None:
        event_hub().leave(self.joined, self)
        self.joined = frozenset()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.principal is None:
            return
        if text_data is None:
            await self._error("invalid_frame", "Frames must be JSON text.")
            return
        if len(text_data) > MAX_FRAME_CHARS:
            await self._error("frame_too_large", f"Frames may be at most {MAX_FRAME_CHARS} characters.")
            return
        frame = _parse(text_data)
        if frame is None:
            await self._error("invalid_frame", "Frames must be JSON objects with a type.")
        elif frame["type"] == "ping":
            await self._send({"type": "pong"})
        elif frame["type"] == "resume":
            await self._resume(frame.get("since"))
        else:
            await self._error("unknown_frame", f"Unknown frame type {frame['type'][:40]!r}.")

    async def _resume(self, since: Any) -> None:
        assert self.principal is not None
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            await self._error("invalid_frame", "since must be a whole number, 0 or more.")
            return
        principal = self.principal
        # One trip to the database thread: after a drop, every socket of the process resumes at once.
        current, frames = await database_sync_to_async(events_replay)(
            user_id=principal.user_id, session_id=principal.session_id, since=since
        )
        if since > current:
            await self._error("resume_ahead", f"There is no event {since} yet; the last one is {current}.")
            await self._send({"type": "resync"})
            return
        if frames is None:
            await self._send({"type": "resync"})
            return
        for frame in frames:
            await self._send(frame)
        self.replayed_through = max(self.replayed_through, frames[-1]["seq"] if frames else since)

    async def hub_message(self, message: dict[str, Any], text: str) -> None:
        """A frame published to one of our groups (server.events.services), already encoded."""
        if self._early is not None:
            self._early.append((message, text))
            return
        await self._deliver(message, text)

    async def _deliver(self, message: dict[str, Any], text: str) -> None:
        frame = message["frame"]
        seq = frame.get("seq")
        if isinstance(seq, int) and seq <= self.replayed_through:
            return
        await self.send(text_data=text)
        if frame.get("topic") in REVOKING_TOPICS and self.principal is not None:
            # Off the hub's loop: the check is a database hop, and the hub serves every socket.
            check = asyncio.create_task(self._still_signed_in(self.principal))
            self._checks.add(check)
            check.add_done_callback(self._checks.discard)

    async def hub_lost(self) -> None:
        await self.close(code=int(CloseCode.SERVER_ERROR), reason="Reconnect and resume.")

    async def _still_signed_in(self, principal: SocketPrincipal) -> None:
        if not await database_sync_to_async(principal_still_valid)(principal):
            await self.close(code=int(CloseCode.NOT_AUTHENTICATED), reason="This sign-in has ended.")

    async def _error(self, code: str, message: str) -> None:
        await self._send({"type": "error", "code": code, "message": message})

    async def _send(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(frame, separators=(",", ":")))


def _parse(text_data: str) -> dict[str, Any] | None:
    try:
        frame = json.loads(text_data)
    except ValueError:
        return None
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        return None
    return frame
