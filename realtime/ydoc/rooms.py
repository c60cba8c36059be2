"""Rooms: one live pycrdt document per protocol per process, shared by the sockets of that process.

A room loads its document from the database on first join and is dropped (after a last projection and a
compaction) when its last socket leaves. A client's update is applied (which validates it), appended to
the log, and only then sent to the room's other sockets and, through the channel layer, to the rooms of
other processes, which apply it without logging it again. The document is only touched on the event loop.
The log is written by one writer per process that commits what arrived meanwhile together (a group commit);
projections run beside it on PostgreSQL, so an update never waits behind a projection there.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import weakref
from collections.abc import AsyncIterator
from typing import Any, Protocol

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from pycrdt import Doc

from realtime.groups import doc_group
from realtime.services import CloseCode
from realtime.ydoc import wire
from realtime.ydoc.shape import content_of
from realtime.ydoc.store import DocGone, StoredDoc, doc_append_many, doc_compact, doc_load, doc_missing
from server.protocols.services import LineIn, ProjectedContent, protocol_project

logger = logging.getLogger(__name__)

PROCESS = uuid.uuid4().hex  # names this process in relayed messages, so it skips its own
PROJECT_AFTER = 0.5  # seconds of quiet before the relational protocol is written from the document
PROJECT_AT_MOST = 3.0  # ... but no later than this after the first unprojected change
COMPACT_EVERY = 500  # updates logged through one open room before it compacts without waiting to close
RECONCILE_EVERY = 5.0  # seconds between two looks at the log for updates a lost relay did not bring
AWARENESS_TIMEOUT = 30.0  # a client refreshes its presence every 15 s; older states are left out
EMPTY_UPDATE = b"\x00\x00"
LOG_BATCH = 200  # updates committed together at the most


class RoomGone(Exception):
    """The protocol was deleted (or never existed)."""


class RoomBroken(Exception):
    """The log could not be written: the room is reset so that clients push their updates again."""


class Member(Protocol):
    """A socket in a room (realtime.consumers.protocol_doc)."""

    async def send_frame(self, data: bytes) -> None: ...

    async def end(self, code: int, reason: str) -> None: ...


class Room:
    def __init__(self, protocol_id: int) -> None:
        self.protocol_id = protocol_id
        self.loop = asyncio.get_running_loop()
        self.doc: Doc[Any] = Doc()
        self.members: dict[Member, set[int]] = {}  # each socket and the awareness clients it speaks for
        self.awareness: dict[int, tuple[int, str, float]] = {}  # client id: clock, JSON state, when seen
        self.channel: str | None = None
        self.relay_task: asyncio.Task[None] | None = None
        self.reconcile_task: asyncio.Task[None] | None = None
        self.seen: set[int] = set()  # the log ids applied to `doc`
        self.version = 0  # of the snapshot applied
        self.timer: asyncio.TimerHandle | None = None
        self.dirty_since: float | None = None
        self.projecting = asyncio.Lock()
        self.projection_tasks: set[asyncio.Task[None]] = set()
        self.logged = 0
        self.gone = False
        self.broken = False

    # Opening and closing ---------------------------------------------------------------------------

    async def open(self) -> None:
        layer = get_channel_layer()
        if layer is not None:
            # Subscribed before loading, so nothing relayed between the two is missed (applying twice is
            # harmless: updates are idempotent). Without the channel layer (Redis down) the room still
            # works: it catches up with other processes from the log (`reconcile`).
            try:
                self.channel = await layer.new_channel()
                await layer.group_add(doc_group(self.protocol_id), self.channel)
            except Exception:
                logger.warning("Protocol %s opens without relays", self.protocol_id, exc_info=True)
                self.channel = None
        try:
            stored = await database_sync_to_async(doc_load)(protocol_id=self.protocol_id)
        except BaseException:
            await self._unsubscribe()
            raise
        self._apply_stored(stored)
        if self.channel is not None:
            self.relay_task = self.loop.create_task(self._relay_loop(self.channel))
        self.reconcile_task = self.loop.create_task(self._reconcile_loop())
        if stored.updates:
            # Logged but perhaps never projected (a process killed mid-edit): project once more.
            self._project_soon()

    async def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.projection_tasks:
            await asyncio.gather(*self.projection_tasks, return_exceptions=True)
        if self.dirty_since is not None and not (self.gone or self.broken):
            await self._project()
        await self._unsubscribe()
        if not (self.gone or self.broken):
            try:
                await database_sync_to_async(doc_compact)(protocol_id=self.protocol_id)
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
        layer = get_channel_layer()
        if self.channel is not None and layer is not None:
            try:
                await layer.group_discard(doc_group(self.protocol_id), self.channel)
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
        try:
            log_id = await _registry().log.append(self.protocol_id, update)
        except DocGone as exc:
            self.gone = True
            raise RoomGone() from exc
        except Exception as exc:
            # Applied but not logged: drop the room, so every client pushes what it has again on reconnect.
            logger.exception("Logging an update of protocol %s failed", self.protocol_id)
            self.broken = True
            await self.end_all(CloseCode.SERVER_ERROR, "The document could not be saved.", but=member)
            raise RoomBroken() from exc
        self.seen.add(log_id)
        frame = wire.update_message(update)
        await self._broadcast(frame, but=member)
        await self._relay({"type": "ydoc.update", "update": update, "origin": PROCESS, "log_id": log_id})
        self._project_soon()
        self.logged += 1
        if self.logged % COMPACT_EVERY == 0:
            self._background(database_sync_to_async(doc_compact)(protocol_id=self.protocol_id))

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
        layer = get_channel_layer()
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
        elif origin == PROCESS:
            return
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
            if origin != PROCESS and message.get("origin") == "server":
                # A REST write: project here too, in case a projection of ours ran before it arrived.
                self._project_soon()
        elif kind == "ydoc.awareness":
            entries = wire.awareness_decode(bytes(message["payload"]))
            self._awareness_apply(entries)
            await self._broadcast(wire.awareness_message(entries))

    async def _reconcile_loop(self) -> None:
        while True:
            await asyncio.sleep(RECONCILE_EVERY)
            try:
                await self.reconcile()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.exception("Reconciling the document of protocol %s failed", self.protocol_id)

    async def reconcile(self) -> None:
        """Catch up with the log: apply what no relay brought, and send it to this room's sockets."""
        try:
            stored = await database_sync_to_async(doc_missing)(
                protocol_id=self.protocol_id, seen=frozenset(self.seen), version=self.version
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

    async def _relay(self, message: dict[str, Any]) -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            await layer.group_send(doc_group(self.protocol_id), message)
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

    # Projection into the relational protocol -------------------------------------------------------

    def _project_soon(self) -> None:
        now = self.loop.time()
        if self.dirty_since is None:
            self.dirty_since = now
        delay = min(PROJECT_AFTER, max(0.0, self.dirty_since + PROJECT_AT_MOST - now))
        if self.timer is not None:
            self.timer.cancel()
        self.timer = self.loop.call_later(delay, lambda: self._background(self._project()))

    def _background(self, work: Any) -> None:
        task = self.loop.create_task(work)
        self.projection_tasks.add(task)
        task.add_done_callback(self.projection_tasks.discard)

    async def _project(self) -> None:
        async with self.projecting:
            self.timer = None
            self.dirty_since = None
            found = content_of(self.doc)
            content = ProjectedContent(
                name=found.name,
                description=found.description,
                lines=[LineIn(line.variant_id, line.quantity, line.notes) for line in found.lines],
            )
            try:
                await _beside_the_log(protocol_project)(protocol_id=self.protocol_id, content=content)
            except Exception:
                logger.exception("Projecting the document of protocol %s failed", self.protocol_id)


def _apply(doc: Doc[Any], update: bytes) -> None:
    try:
        doc.apply_update(update)
    except (KeyboardInterrupt, SystemExit, asyncio.CancelledError):
        raise
    except BaseException as exc:  # Yrs reports some bad updates as a Rust panic (a BaseException)
        raise wire.Malformed("not a Yjs update") from exc


# The log writer -----------------------------------------------------------------------------------


class _LogWriter:
    """Appends the updates of every room of a loop. While one commit is under way the next updates wait and
    then go together in one transaction, in arrival order: one commit per batch instead of one per update,
    which is what keeps the log from becoming the queue under load. Each caller gets its own log id (or
    DocGone) only once its update is committed."""

    def __init__(self) -> None:
        self.queue: list[tuple[int, bytes, asyncio.Future[int]]] = []
        self.writing: asyncio.Task[None] | None = None

    async def append(self, protocol_id: int, update: bytes) -> int:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        self.queue.append((protocol_id, update, future))
        if self.writing is None:
            self.writing = loop.create_task(self._write())
        return await future

    async def _write(self) -> None:
        try:
            while self.queue:
                batch, self.queue = self.queue[:LOG_BATCH], self.queue[LOG_BATCH:]
                try:
                    ids = await database_sync_to_async(doc_append_many)(
                        entries=[(protocol_id, update) for protocol_id, update, _ in batch]
                    )
                except Exception as exc:
                    for _, _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, _, future), log_id in zip(batch, ids, strict=True):
                    if future.done():  # its socket went away meanwhile
                        continue
                    if log_id is None:
                        future.set_exception(DocGone())
                    else:
                        future.set_result(log_id)
        finally:
            self.writing = None


def _beside_the_log(func: Any) -> Any:
    """Database work (a projection) that need not wait for the log writer nor hold it up: its own thread on
    PostgreSQL. SQLite has one writer anyway, so there it shares Channels' database thread."""
    return database_sync_to_async(func, thread_sensitive=connection.vendor == "sqlite")


# The rooms of this process ------------------------------------------------------------------------


class _Registry:
    """The rooms of one event loop (Daphne runs one; each test has its own) and their open/close locks."""

    def __init__(self) -> None:
        self.rooms: dict[int, Room] = {}
        self.locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.busy = 0  # joins and leaves under way
        self.idle = asyncio.Event()  # set while there is no room and nothing under way
        self.idle.set()
        self.log = _LogWriter()

    @contextlib.asynccontextmanager
    async def opening_or_closing(self, protocol_id: int) -> AsyncIterator[None]:
        self.busy += 1
        self.idle.clear()
        try:
            async with self.lock(protocol_id):
                yield
        finally:
            self.busy -= 1
            if not self.busy and not self.rooms:
                self.idle.set()

    def lock(self, protocol_id: int) -> asyncio.Lock:
        lock = self.locks.get(protocol_id)
        if lock is None:
            lock = self.locks[protocol_id] = asyncio.Lock()
        return lock


_registries: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Registry] = weakref.WeakKeyDictionary()


def _registry() -> _Registry:
    loop = asyncio.get_running_loop()
    registry = _registries.get(loop)
    if registry is None:
        registry = _registries[loop] = _Registry()
    return registry


async def room_join(protocol_id: int, member: Member) -> Room:
    """The room of a protocol, opened (loaded from the database) by its first socket; RoomGone when the
    protocol does not exist."""
    registry = _registry()
    async with registry.opening_or_closing(protocol_id):
        room = registry.rooms.get(protocol_id)
        if room is None or room.gone or room.broken:
            room = Room(protocol_id)
            try:
                await room.open()
            except DocGone as exc:
                raise RoomGone() from exc
            registry.rooms[protocol_id] = room
        room.members[member] = set()
        return room


async def room_leave(room: Room, member: Member) -> None:
    """A socket left; the last one out closes the room (projection, compaction)."""
    registry = _registry()
    async with registry.opening_or_closing(room.protocol_id):
        if member not in room.members:
            return
        await room.member_left(member)
        if room.members:
            return
        if registry.rooms.get(room.protocol_id) is room:
            del registry.rooms[room.protocol_id]
        await room.close()


async def rooms_settled() -> None:
    """Wait until every room of this loop has closed (its last projection and compaction done), e.g.
    before the database is reset under it. Bound it with `asyncio.timeout`."""
    await _registry().idle.wait()
