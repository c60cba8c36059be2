"""The reference for the floor benchmark: the least an ASGI application can do under Daphne, answering one
JSON file's bytes read once at start. What Daphne itself costs per request on this machine.

    FLOOR_FILE=locales/en/common.json daphne -p 8201 bench.floor.reference:app
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

BODY = Path(os.environ.get("FLOOR_FILE", "locales/en/common.json")).read_bytes()
HEADERS = [(b"content-type", b"application/json"), (b"content-length", str(len(BODY)).encode())]


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": BODY})
