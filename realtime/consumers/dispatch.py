"""Message dispatch without Channels' per-message connection sweep."""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class DirectDispatchConsumer(AsyncWebsocketConsumer):
    """Channels closes stale database connections before every message a consumer handles: a hop to the
    database thread per socket frame, queued behind whatever that thread is doing (a group commit, a
    projection). Our consumers reach the database only through `database_sync_to_async`, which closes
    stale connections itself around each call, so the sweep is skipped (bench/yjs found it; docs/decisions.md,
    "The real-time core under load")."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
