"""Reads of the platform itself: the health of the parts a request depends on."""

from __future__ import annotations

import asyncio
import logging
from typing import Literal

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection

logger = logging.getLogger(__name__)

PartState = Literal["ok", "down"]
HEALTH_TIMEOUT_SECONDS = 2.0
# What the probe waits for a pooled connection: the pool itself would wait its whole timeout while
# PostgreSQL is down, and the probe must answer within HEALTH_TIMEOUT_SECONDS.
POOL_WAIT_SECONDS = 1.5


def _database_ping() -> None:
    pool = getattr(connection, "pool", None)  # Django's PostgreSQL backend with OPTIONS["pool"]
    if pool is not None:
        pool.open()  # as Django does before its first connection: a no-op once open
        with pool.connection(timeout=POOL_WAIT_SECONDS) as pooled:
            pooled.execute("SELECT 1").fetchone()
        return
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        # A health probe runs on a worker thread; hand the connection back rather than keep it there.
        connection.close()


async def database_state() -> PartState:
    try:
        await asyncio.wait_for(
            sync_to_async(_database_ping, thread_sensitive=False)(), HEALTH_TIMEOUT_SECONDS
        )
    except Exception:
        logger.warning("Health: database is down", exc_info=True)
        return "down"
    return "ok"


async def channel_layer_state() -> PartState:
    """A real round trip through the layer: send to a fresh channel and read it back."""
    layer = get_channel_layer()
    if layer is None:
        return "down"
    try:
        channel = await layer.new_channel("health.")
        await asyncio.wait_for(layer.send(channel, {"type": "health.ping"}), HEALTH_TIMEOUT_SECONDS)
        message = await asyncio.wait_for(layer.receive(channel), HEALTH_TIMEOUT_SECONDS)
    except Exception:
        logger.warning("Health: channel layer is down", exc_info=True)
        return "down"
    return "ok" if message.get("type") == "health.ping" else "down"


async def health_report() -> dict[str, str]:
    database, channel_layer = await asyncio.gather(database_state(), channel_layer_state())
    status = "ok" if database == channel_layer == "ok" else "down"
    return {"status": status, "database": database, "channel_layer": channel_layer}
