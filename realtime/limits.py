"""A limit on the sockets one address holds open and opens (docs/security.md, "WebSockets").

One client opening a thousand sockets must not starve the others: each process lets an address hold at
most SOCKETS_PER_ADDRESS sockets at once and open at most SOCKET_OPENS_PER_ADDRESS in any
SOCKET_OPENS_WINDOW seconds. A socket past either limit is refused at the handshake (the client sees HTTP
403 and backs off, as it does after any failed connection), before any authentication or database work.
The address is the peer's, or the client's behind a trusted proxy (server.geo.selectors.address_of); a
scope without a peer (in-process tests) is not limited. The counts are per process: N processes behind
the proxy allow N times as many, which the figures leave room for."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from typing import Any

from django.conf import settings

from server.geo.selectors import address_of

Scope = dict[str, Any]


def scope_address(scope: Scope) -> str | None:
    client = scope.get("client")
    if not client:
        return None
    forwarded = b""
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-for":
            forwarded = value
    return address_of(peer=str(client[0]), forwarded_for=forwarded.decode("latin-1"))


class SocketLimits:
    """ASGI middleware in front of the socket routes; one instance per process, holding its counts."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.open: dict[str, int] = defaultdict(int)
        self.opened: dict[str, deque[float]] = defaultdict(deque)
        self.swept = 0.0

    def _sweep(self, now: float, window: float) -> None:
        """Forget the addresses that opened nothing within the window, once a window."""
        if now - self.swept < window:
            return
        self.swept = now
        for address in [a for a, recent in self.opened.items() if not recent or recent[-1] <= now - window]:
            del self.opened[address]

    def _allowed(self, address: str, now: float) -> bool:
        most_open = int(settings.SOCKETS_PER_ADDRESS)
        most_opened = int(settings.SOCKET_OPENS_PER_ADDRESS)
        window = float(settings.SOCKET_OPENS_WINDOW)
        self._sweep(now, window)
        if most_open > 0 and self.open[address] >= most_open:
            return False
        if most_opened > 0:
            recent = self.opened[address]
            while recent and recent[0] <= now - window:
                recent.popleft()
            if len(recent) >= most_opened:
                return False
            recent.append(now)
        return True

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> Any:
        address = scope_address(scope)
        if address is None:
            return await self.inner(scope, receive, send)
        if not self._allowed(address, time.monotonic()):
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.close"})
            return None
        self.open[address] += 1
        try:
            return await self.inner(scope, receive, send)
        finally:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]
