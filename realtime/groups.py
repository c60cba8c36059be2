"""Channel-layer group names (DESIGN section 6), built only here and only from ids the server trusts.

A socket's groups are decided by the server: its user's group, its login session's group, and the
protocol groups of the protocols its user may see (from the sources other apps register). A client
never names a group, so it can never listen to another user's events.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable

GroupSource = Callable[[int], Iterable[int]]
"""Given a user id, the ids of the protocols that user may see."""

_protocol_sources: list[GroupSource] = []


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def session_group(session_id: uuid.UUID) -> str:
    return f"session.{session_id}"


def protocol_group(protocol_id: int) -> str:
    return f"protocol.{protocol_id}"


def protocol_source_register(source: GroupSource) -> None:
    """Called by the app owning protocols (in its AppConfig.ready), so sockets join their groups."""
    if source not in _protocol_sources:
        _protocol_sources.append(source)


def protocol_source_unregister(source: GroupSource) -> None:
    if source in _protocol_sources:
        _protocol_sources.remove(source)


def groups_of(*, user_id: int, session_id: uuid.UUID) -> set[str]:
    """Every group a socket of this user and login belongs to (reads the database: call it sync)."""
    groups = {user_group(user_id), session_group(session_id)}
    for source in _protocol_sources:
        groups.update(protocol_group(protocol_id) for protocol_id in source(user_id))
    return groups


def doc_group(protocol_id: int) -> str:
    """The rooms of one protocol's Yjs document, one per process that has it open (realtime.ydoc)."""
    return f"ydoc.{protocol_id}"
