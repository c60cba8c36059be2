"""A room: one live pycrdt document per protocol per process, shared by the sockets of that process.

A room loads its document on first join and is dropped (after a last projection and a compaction) when its
last socket leaves. A client's update is applied (which validates it) and sent to the room's other sockets
at once, as y-websocket and Hocuspocus do; then it is appended to the log and, once committed, relayed
through the channel layer to the rooms of other processes that have the document open, which apply it
without logging it again. Sending before the commit loses nothing a client holds: every client that has the
update sends its whole state again when it reconnects (sync step 1/2), so a process killed before the
commit gets it back from them (docs/decisions/0021-the-real-time-core-under-load.md). The document is only
touched on the event loop. The log is written by the loop's log writer (a group commit); projections run
beside it (projection.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import Any, Protocol

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from pycrdt import Doc

from realtime.close_codes import CloseCode
from realtime.rooms import wire
from realtime.rooms.backend import DOC_CHANNEL_LAYER, DocGone, RoomBackend, StoredDoc
from realtime.rooms.log_writer import LogWriter
from realtime.rooms.projection import Projection

logger = logging.getLogger(__name__)

PROCESS = uuid.uuid4().hex  # names this process in relayed messages, so it skips its own
COMPACT_EVERY = 500  # updates logged through one open room before it compacts without waiting to close
RECONCILE_EVERY = 5.0  # seconds between two looks at the log for updates a lost relay did not bring
AWARENESS_TIMEOUT = 30.0  # a client refreshes its presence every 15 s; older states are left out
# Relays go through the channel layer only while another process has the room open: a room says hello when
# it opens, answers a hello, and repeats it every RECONCILE_EVERY while it has peers; a peer not heard from
# for PEER_TIMEOUT is taken as gone. (What a relay misses, the reconcile loop finds in the log.)
PEER_TIMEOUT = 30.0
EMPTY_UPDATE = b"\x00\x00"


class RoomGone(Exception):
    """The protocol was deleted (or never existed)."""


class RoomBroken(Exception):
    """The log could not be written: the room is reset so that clients push their updates again."""


class Member(Protocol):
    """A socket in a room (realtime.consumers.protocol_doc)."""

    async def send_frame(self, data: bytes) -> None: ...

    async def end(self, code: int, reason: str) -> None: ...


class Room:
    def __init__(self, protocol_id: int, *, backend: RoomBackend, log: LogWriter) -> None:
        self.protocol_id = protocol_id
        self.backend = backend
        self.log = log
        self.group = backend.group(protocol_id)
        self.loop = asyncio.get_running_loop()
        self.doc: Doc[Any] = Doc()
        self.projection = Projection(doc_id=protocol_id, doc=self.doc, backend=backend)
        self.members: dict[Member, set[int]] = {}  # each socket and the awareness clients it speaks for
        self.awareness: dict[int, tuple[int, str, float]] = {}  # client id: clock, JSON state, when seen
        self.channel: str | None = None
        self.relay_task: asyncio.Task[None] | None = None
        self.reconcile_task: asyncio.Task[None] | None = None
        self.seen: set[int] = set()  # the log ids applied to `doc`
        self.version = 0  # of the snapshot applied
        self.logged = 0
        self.gone = False
        self.broken = False
        self.peers_until = 0.0  # loop time until which another process is taken to have the room open

    # Opening and closing ---------------------------------------------------------------------------

    async def open(self) -> None:
        layer = get_channel_layer(DOC_CHANNEL_LAYER)
        if layer is not None:
            # Subscribed before loading, so nothing relayed between the two is missed (applying twice is
            # harmless: updates are idempotent). Without the channel layer (Redis down) the room still
            # works: it catches up with other processes from the log (`reconcile`).
            try:
                self.channel = await layer.new_channel()
                await layer.group_add(self.group, self.channel)
            except Exception:
                logger.warning("Protocol %s opens without relays", self.protocol_id, exc_info=True)
                self.channel = None
        try:
            stored = await database_sync_to_async(self.backend.load)(self.protocol_id)
        except BaseException:
            await self._unsubscribe()
            raise
        self._apply_stored(stored)
        if self.channel is not None:
            self.relay_task = self.loop.create_task(self._relay_loop(self.channel))
            await self._relay({"type": "ydoc.hello", "origin": PROCESS}, always=True)
        self.reconcile_task = self.loop.create_task(self._reconcile_loop())
        if stored.updates:
            # Logged but perhaps never projected (a process killed mid-edit): project once more.
            self.projection.soon()

    async def close(self) -> None:
        await self.projection.settle()
        if self.projection.pending and not (self.gone or self.broken):
            await self.projection.run()
        await self._unsubscribe()
        if not (self.gone or self.broken):
            try:
                await database_sync_to_async(self.backend.compact)(self.protocol_id)
            except Exception:
                logger.exception("Compacting the document of protocol %s failed", self.protocol_id)

    def _apply_stored(self, stored: StoredDoc) -> bool:
        """Apply a snapshot and logged updates; True when there was anything."""
        updates = [stored.snapshot] if stored.snapshot is not None else []
        updates += [data for _, data in stored.updates]
        for update in updates:
            try:
                self.doc.apply_update(update)
            except Exception:
                logger.exception("Skipping an unreadable stored update of protocol %s", self.protocol_id)
        self.version = stored.version
        self.seen.update(pk for pk, _ in stored.updates)
        return bool(updates)

    async def _unsubscribe(self) -> None:
        for task in (self.relay_task, self.reconcile_task):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self.relay_task = self.reconcile_task = None
        layer = get_channel_layer(DOC_CHANNEL_LAYER)
        if self.channel is not None and layer is not None:
            try:
                await layer.group_discard(self.group, self.channel)
            except Exception:
                logger.info("Could not leave the group of protocol %s", self.protocol_id, exc_info=True)
        self.channel = None

    async def greet(self, member: Member) -> None:
        """What y-websocket servers send first: our state vector (step 1), then who else is here."""
        await member.send_frame(wire.sync_step1_message(self.doc.get_state()))
        present = self._awareness_entries()
        if present:
            await member.send_frame(wire.awareness_message(present))

    # Frames from a socket --------------------------------------------------------------------------

    async def receive(self, member: Member, message: wire.Message) -> None:
        if message.type == wire.MessageType.SYNC:
            if message.sync_type == wire.SyncType.STEP1:
                await member.send_frame(wire.sync_step2_message(self._diff(message.payload)))
            else:
                await self._client_update(
                    member, message.payload, step2=message.sync_type == wire.SyncType.STEP2
                )
        elif message.type == wire.MessageType.AWARENESS:
            await self._client_awareness(member, message.payload)
        else:  # query awareness
            await member.send_frame(wire.awareness_message(self._awareness_entries()))

    def _diff(self, state_vector: bytes) -> bytes:
        try:
            return self.doc.get_update(state_vector)
        except Exception as exc:
            raise wire.Malformed("not a state vector") from exc

    async def _client_update(self, member: Member, update: bytes, *, step2: bool = False) -> None:
        if update == EMPTY_UPDATE:
            return
        # A client's step 2 (its answer to our step 1 on every connect) repeats its whole delete set even
        # when it brings nothing new: compare the document before and after, so it is not logged each time.
        before = self.doc.get_update() if step2 else b""
        _apply(self.doc, update)  # raises Malformed, and then the document is as it was
        if step2 and self.doc.get_update() == before:
            return
        if self.gone:
            raise RoomGone()
        # The room's other sockets get it now; the log and other processes once it is committed.
        await self._broadcast(wire.update_message(update), but=member)
        try:
            log_id = await self.log.append(self.protocol_id, update)
        except DocGone as exc:
            self.gone = True
            raise RoomGone() from exc
        except Exception as exc:
            # Applied and sent but not logged: drop the room, so every client that has it pushes it again
            # on reconnect.
            logger.exception("Logging an update of protocol %s failed", self.protocol_id)
            self.broken = True
            await self.end_all(CloseCode.SERVER_ERROR, "The document could not be saved.", but=member)
            raise RoomBroken() from exc
        self.seen.add(log_id)
        await self._relay({"type": "ydoc.update", "update": update, "origin": PROCESS, "log_id": log_id})
        self.projection.soon()
        self.logged += 1
        if self.logged % COMPACT_EVERY == 0:
            self.projection.background(database_sync_to_async(self.backend.compact)(self.protocol_id))

    async def _client_awareness(self, member: Member, payload: bytes) -> None:
        entries = wire.awareness_decode(payload)
        controlled = self.members.get(member)
        for entry in entries:
            if controlled is not None:
                if entry.state == "null":
                    controlled.discard(entry.client_id)
                else:
                    controlled.add(entry.client_id)
        self._awareness_apply(entries)
        frame = wire.awareness_message(entries)
        await self._broadcast(frame, but=member)
        await self._relay({"type": "ydoc.awareness", "payload": payload, "origin": PROCESS})

    async def member_left(self, member: Member) -> None:
        """Tell the others that the clients this socket spoke for are gone (as y-websocket servers do)."""
        controlled = self.members.pop(member, set())
        gone = []
        for client_id in controlled:
            clock = self.awareness.get(client_id, (0, "null", 0.0))[0]
            gone.append(wire.AwarenessEntry(client_id, clock + 1, "null"))
        if gone:
            self._awareness_apply(gone)
            await self._broadcast(wire.awareness_message(gone))
            payload = wire.awareness_encode(gone)
            await self._relay({"type": "ydoc.awareness", "payload": payload, "origin": PROCESS})

    def _awareness_apply(self, entries: list[wire.AwarenessEntry]) -> None:
        now = time.monotonic()
        for entry in entries:
            clock = self.awareness.get(entry.client_id, (0, "null", 0.0))[0]
            if entry.clock >= clock:
                self.awareness[entry.client_id] = (entry.clock, entry.state, now)

    def _awareness_entries(self) -> list[wire.AwarenessEntry]:
        fresh = time.monotonic() - AWARENESS_TIMEOUT
        for client_id in [key for key, (_, _, seen) in self.awareness.items() if seen < fresh]:
            del self.awareness[client_id]  # a client of a socket lost without a goodbye
        return [
            wire.AwarenessEntry(client_id, clock, state)
            for client_id, (clock, state, seen) in self.awareness.items()
            if state != "null" and seen >= fresh
        ]

    # Other processes and the server itself ---------------------------------------------------------

    async def _relay_loop(self, channel: str) -> None:
        layer = get_channel_layer(DOC_CHANNEL_LAYER)
        assert layer is not None
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("The relay of protocol %s failed; retrying", self.protocol_id, exc_info=True)
                await asyncio.sleep(1)
                continue
            try:
                await self._relayed(message)
            except Exception:
                logger.exception("A relayed message for protocol %s failed", self.protocol_id)

    async def _relayed(self, message: dict[str, Any]) -> None:
        kind, origin = message.get("type"), message.get("origin")
        if kind == "ydoc.deleted":
            self.gone = True
            await self.end_all(CloseCode.GONE, "This protocol was deleted.")
            return
        if origin == PROCESS:
            return
        if origin != "server":
            self.peers_until = self.loop.time() + PEER_TIMEOUT
        if kind == "ydoc.hello":
            await self._relay({"type": "ydoc.here", "origin": PROCESS}, always=True)
        elif kind == "ydoc.update":
            if isinstance(message.get("log_id"), int):
                self.seen.add(message["log_id"])
            update = bytes(message["update"])
            try:
                _apply(self.doc, update)
            except wire.Malformed:
                logger.warning("A relayed update of protocol %s does not apply", self.protocol_id)
                return
            await self._broadcast(wire.update_message(update))
            # Project here too: a projection of ours may have run before this arrived, and the last one to
            # write the rows must have every edit (a REST write's, or another process's room's).
            self.projection.soon()
        elif kind == "ydoc.awareness":
            entries = wire.awareness_decode(bytes(message["payload"]))
            self._awareness_apply(entries)
            await self._broadcast(wire.awareness_message(entries))

    async def _reconcile_loop(self) -> None:
        while True:
            await asyncio.sleep(RECONCILE_EVERY)
            try:
                if self.has_peers:
                    await self._relay({"type": "ydoc.here", "origin": PROCESS})
                await self.reconcile()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("Reconciling the document of protocol %s failed", self.protocol_id)

    async def reconcile(self) -> None:
        """Catch up with the log: apply what no relay brought, and send it to this room's sockets."""
        try:
            stored = await database_sync_to_async(self.backend.missing)(
                self.protocol_id, seen=frozenset(self.seen), version=self.version
            )
        except DocGone:
            self.gone = True
            await self.end_all(CloseCode.GONE, "This protocol was deleted.")
            return
        # Ids compacted away are not needed any more; those logged after the look stay.
        newest = max(stored.logged, default=0)
        self.seen = {pk for pk in self.seen if pk in stored.logged or pk > newest}
        before = self.doc.get_state()
        if self._apply_stored(stored):
            await self._broadcast(wire.update_message(self.doc.get_update(before)))
            self.projection.soon()  # what a lost relay did not bring: rows projected without it are stale

    @property
    def has_peers(self) -> bool:
        """Whether another process was heard from lately, with the room open there."""
        return self.peers_until > self.loop.time()

    async def _relay(self, message: dict[str, Any], *, always: bool = False) -> None:
        layer = get_channel_layer(DOC_CHANNEL_LAYER)
        if layer is None or self.channel is None or not (always or self.has_peers):
            return
        try:
            await layer.group_send(self.group, message)
        except Exception:
            # The update is logged; other processes' clients get it when they next sync.
            logger.warning("Relaying an update of protocol %s failed", self.protocol_id, exc_info=True)

    async def _broadcast(self, frame: bytes, *, but: Member | None = None) -> None:
        for member in list(self.members):
            if member is not but:
                try:
                    await member.send_frame(frame)
                except Exception:
                    logger.info("A socket of protocol %s could not be written", self.protocol_id)

    async def end_all(self, code: int, reason: str, *, but: Member | None = None) -> None:
        for member in list(self.members):
            if member is not but:
                await member.end(code, reason)


def _apply(doc: Doc[Any], update: bytes) -> None:
    try:
        doc.apply_update(update)
    except (KeyboardInterrupt, SystemExit, asyncio.CancelledError):
        raise
    except BaseException as exc:  # Yrs reports some bad updates as a Rust panic (a BaseException)
        raise wire.Malformed("not a Yjs update") from exc
