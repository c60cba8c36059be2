"""What the fault tests share: a call that answers any status (the servers are meant to fail here), the shop
flows as a user's device runs them, and traffic in the background that records every answer."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from realtime.tests.yroom import Server
from server.orders.tests.conftest import NL_ADDRESS


@dataclass(frozen=True)
class Answer:
    status: int
    body: Any
    headers: dict[str, str]


def ask(
    server: Server,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> Answer:
    """One call; an HTTP error is an answer too, and a refused or dropped connection is status 0."""
    request = urllib.request.Request(  # noqa: S310 (a local test server)
        f"{server.http_url}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Content-Type": "application/json",
            **({"Authorization": f"Bearer {token}"} if token else {}),
            **(headers or {}),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:  # noqa: S310
            return Answer(reply.status, _json(reply.read()), dict(reply.headers))
    except urllib.error.HTTPError as error:
        return Answer(error.code, _json(error.read()), dict(error.headers))
    except (OSError, urllib.error.URLError):
        return Answer(0, None, {})


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode(errors="replace")


def cart_add(server: Server, token: str, variant_id: int, quantity: int = 1) -> Answer:
    return ask(
        server,
        "POST",
        "/api/v2/storefront/cart/items",
        {"product_variant_id": variant_id, "quantity": quantity},
        token,
    )


def cart_items(server: Server, token: str) -> int:
    answer = ask(server, "GET", "/api/v2/storefront/cart", token=token)
    assert answer.status == 200, answer
    return int(answer.body["total_items"])


def shipping_method(server: Server, token: str) -> int:
    answer = ask(server, "GET", "/api/v2/checkout/shipping-methods?country=NL", token=token)
    assert answer.status == 200, answer
    return int(answer.body[0]["id"])


def place(server: Server, token: str, key: str, method_id: int) -> Answer:
    body = {"shipping_address": NL_ADDRESS, "shipping_method_id": method_id}
    return ask(server, "POST", "/api/v2/checkout/orders", body, token, headers={"Idempotency-Key": key})


def pay(server: Server, payment_url: str) -> Answer:
    payment_id = payment_url.rsplit("/", 1)[1]
    return ask(server, "POST", f"/api/v2/payments/test/{payment_id}", {"outcome": "paid"})


@dataclass
class Traffic:
    """Calls the server again and again in a thread, noting every answer's status with the time it came."""

    server: Server
    paths: list[str]
    token: str | None = None
    every: float = 0.05
    answers: list[tuple[float, str, Answer]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> Traffic:
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join(timeout=30)

    def _run(self) -> None:
        turn = 0
        while not self._stop.is_set():
            path = self.paths[turn % len(self.paths)]
            turn += 1
            self.answers.append((time.monotonic(), path, ask(self.server, "GET", path, token=self.token)))
            time.sleep(self.every)

    def statuses(self) -> set[int]:
        return {answer.status for _, _, answer in self.answers}
