"""Message dispatch without Channels' per-message connection sweep."""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from server.core import metrics


class DirectDispatchConsumer(AsyncWebsocketConsumer):
    """Channels closes stale database connections before every message a consumer handles: a hop to the
    database thread per socket frame, queued behind whatever that thread is doing (a group commit, a
    projection). Our consumers reach the database only through `database_sync_to_async`, which closes
    stale connections itself around each call, so the sweep is skipped (bench/yjs found it;
    docs/decisions/0021-the-real-time-core-under-load.md)."""

    # The `kind` label of the open-sockets gauge (server/core/metrics.py).
    socket_kind = "other"
    _counted = False

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol=subprotocol, headers=headers)
        if not self._counted:
            self._counted = True
            metrics.sockets_open.labels(self.socket_kind).inc()

    async def websocket_disconnect(self, message: dict[str, Any]) -> None:
        if self._counted:
            self._counted = False
            metrics.sockets_open.labels(self.socket_kind).dec()
        await super().websocket_disconnect(message)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
