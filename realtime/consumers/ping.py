"""The diagnostics socket: ping/pong and a broadcast to every socket of the room, on any server process.

It proves the socket stack end to end (origin check, channel layer, cross-process delivery) until the
events socket of DESIGN section 6 replaces it. It is open only while REALTIME_DIAGNOSTICS is on
(DEBUG by default), since anyone may broadcast in it.
"""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

DIAGNOSTICS_GROUP = "diagnostics.ping"
MAX_BROADCAST_CHARS = 1000
CLOSE_FORBIDDEN = 4403


class PingConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        if not settings.REALTIME_DIAGNOSTICS:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.channel_layer.group_add(DIAGNOSTICS_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(DIAGNOSTICS_GROUP, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame = self._parse(text_data)
        if frame is None:
            await self._send({"type": "error", "message": "Frames must be JSON objects with a type."})
        elif frame["type"] == "ping":
            await self._send({"type": "pong", "instance": settings.INSTANCE_NAME})
        elif frame["type"] == "broadcast":
            await self._broadcast(frame.get("data"))
        else:
            await self._send({"type": "error", "message": f"Unknown frame type {str(frame['type'])[:40]!r}."})

    async def _broadcast(self, data: Any) -> None:
        if not isinstance(data, str) or len(data) > MAX_BROADCAST_CHARS:
            await self._send(
                {
                    "type": "error",
                    "message": f"data must be text of at most {MAX_BROADCAST_CHARS} characters.",
                }
            )
            return
        await self.channel_layer.group_send(
            DIAGNOSTICS_GROUP,
            {"type": "diagnostics.broadcast", "data": data, "origin": settings.INSTANCE_NAME},
        )

    async def diagnostics_broadcast(self, message: dict[str, Any]) -> None:
        await self._send(
            {
                "type": "broadcast",
                "data": message["data"],
                "origin": message["origin"],
                "instance": settings.INSTANCE_NAME,
            }
        )

    async def _send(self, frame: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(frame))

    @staticmethod
    def _parse(text_data: str | None) -> dict[str, Any] | None:
        if not text_data:
            return None
        try:
            frame = json.loads(text_data)
        except ValueError:
            return None
        if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
            return None
        return frame
