"""The y-websocket wire format (y-protocols): a message is a varint type, then varint-length-prefixed
payloads. Sync messages carry a sub-type (step 1: a state vector; step 2 and update: a Yjs update);
awareness messages carry an awareness update (client id, clock and JSON state per client).

Decoding is strict: anything that does not parse exactly raises `Malformed`, which closes that socket.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import IntEnum

__all__ = [
    "AwarenessEntry",
    "Malformed",
    "Message",
    "MessageType",
    "SyncType",
    "awareness_decode",
    "awareness_encode",
    "awareness_message",
    "message_decode",
    "sync_step1_message",
    "sync_step2_message",
    "update_message",
]

MAX_VARUINT_BYTES = 8  # 56 bits: beyond any length or client id a real peer sends


class Malformed(ValueError):
    """A frame that is not a y-websocket message we understand."""


class MessageType(IntEnum):
    SYNC = 0
    AWARENESS = 1
    AUTH = 2
    QUERY_AWARENESS = 3


class SyncType(IntEnum):
    STEP1 = 0
    STEP2 = 1
    UPDATE = 2


@dataclass(frozen=True)
class Message:
    type: MessageType
    sync_type: SyncType | None
    payload: bytes  # a state vector (step 1), an update (step 2, update) or an awareness update


@dataclass(frozen=True)
class AwarenessEntry:
    client_id: int
    clock: int
    state: str  # JSON text; "null" when the client left


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def varuint(self) -> int:
        value = shift = 0
        for _ in range(MAX_VARUINT_BYTES):
            if self.pos >= len(self.data):
                raise Malformed("truncated number")
            byte = self.data[self.pos]
            self.pos += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7
        raise Malformed("number too long")

    def varbytes(self) -> bytes:
        length = self.varuint()
        if length > len(self.data) - self.pos:
            raise Malformed("truncated payload")
        chunk = self.data[self.pos : self.pos + length]
        self.pos += length
        return chunk

    def end(self) -> None:
        if self.pos != len(self.data):
            raise Malformed("trailing bytes")


def _varuint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    out.append(value)
    return bytes(out)


def _varbytes(data: bytes) -> bytes:
    return _varuint(len(data)) + data


def message_decode(frame: bytes) -> Message:
    reader = _Reader(frame)
    kind = reader.varuint()
    if kind == MessageType.SYNC:
        sub = reader.varuint()
        if sub not in tuple(SyncType):
            raise Malformed(f"unknown sync message {sub}")
        payload = reader.varbytes()
        reader.end()
        return Message(MessageType.SYNC, SyncType(sub), payload)
    if kind == MessageType.AWARENESS:
        payload = reader.varbytes()
        reader.end()
        return Message(MessageType.AWARENESS, None, payload)
    if kind == MessageType.QUERY_AWARENESS:
        reader.end()
        return Message(MessageType.QUERY_AWARENESS, None, b"")
    raise Malformed(f"unknown message type {kind}")


def awareness_decode(payload: bytes) -> list[AwarenessEntry]:
    """The entries of an awareness update; each state must be JSON (an object, or null when leaving)."""
    reader = _Reader(payload)
    entries = []
    for _ in range(reader.varuint()):
        client_id, clock = reader.varuint(), reader.varuint()
        try:
            text = reader.varbytes().decode("utf-8")
            state = json.loads(text) if text else None
        except ValueError as exc:
            raise Malformed("awareness state is not JSON") from exc
        if state is not None and not isinstance(state, dict):
            raise Malformed("awareness state is not an object")
        entries.append(AwarenessEntry(client_id, clock, text if state is not None else "null"))
    reader.end()
    return entries


def awareness_encode(entries: list[AwarenessEntry]) -> bytes:
    parts = [_varuint(len(entries))]
    for entry in entries:
        parts += [_varuint(entry.client_id), _varuint(entry.clock), _varbytes(entry.state.encode())]
    return b"".join(parts)


def awareness_message(entries: list[AwarenessEntry]) -> bytes:
    return bytes([MessageType.AWARENESS]) + _varbytes(awareness_encode(entries))


def sync_step1_message(state_vector: bytes) -> bytes:
    return bytes([MessageType.SYNC, SyncType.STEP1]) + _varbytes(state_vector)


def sync_step2_message(update: bytes) -> bytes:
    return bytes([MessageType.SYNC, SyncType.STEP2]) + _varbytes(update)


def update_message(update: bytes) -> bytes:
    return bytes([MessageType.SYNC, SyncType.UPDATE]) + _varbytes(update)
