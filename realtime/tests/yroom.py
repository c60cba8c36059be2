"""Real servers and stock Node Yjs clients for the protocol-document room tests.

`YClient` runs realtime/tests/yclient/client.mjs (yjs + y-websocket's WebsocketProvider over `ws`) and
talks to it one JSON line at a time; `Server` is one Daphne process of the project, restartable.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scripts import services
from scripts.cluster import REPO

CLIENT = Path(__file__).parent / "yclient" / "client.mjs"
PASSWORD = "Demo-pass-2026!"
# A practitioner and four products, written straight into the server's database; prints their ids.
SETUP = """
import json
from server.accounts.models import User
from server.catalog.models import Brand, Product
from server.catalog.tests.conftest import make_product
email = "{email}"
user = User.objects.filter(email=email).first() or User.objects.create_user(
    email, "{password}", user_type_id=2
)
brand, _ = Brand.objects.get_or_create(slug="yroom", defaults={{"name": "Yroom"}})
variants = []
for name in ("Yroom A", "Yroom B", "Yroom C", "Yroom D"):
    product = Product.objects.filter(name=name, brand=brand).first() or make_product(
        name, brand=brand, eur="5.00", gbp="4.00", categories=[], goals=[], forms=[]
    )
    variant = product.variants.get()
    variants.append({{"id": variant.id, "product_id": product.id}})
print(json.dumps(variants))
"""


def postgres_and_redis_env() -> dict[str, str]:
    """The PostgreSQL and Redis of the test command's second pass, which the cluster tests need."""
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    assert database_url.startswith("postgres://") and redis_url.startswith("redis://"), (
        "the cluster tests need DATABASE_URL (postgres://) and REDIS_URL; the test command sets both"
    )
    return {"DATABASE_URL": database_url, "REDIS_URL": redis_url}


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server.manage", *args],
        cwd=REPO,
        env={**os.environ, **env},
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def seed(env: dict[str, str], email: str) -> list[dict[str, int]]:
    script = SETUP.format(email=email, password=PASSWORD)
    variants: list[dict[str, int]] = json.loads(manage(env, "shell", "-c", script).strip().splitlines()[-1])
    return variants


@dataclass
class Server:
    env: dict[str, str]
    log_path: Path
    port: int = field(default_factory=services.free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.process = services.start_daphne(port=self.port, env=self.env, log_path=self.log_path)
        return self

    def kill(self) -> None:
        """Ends the process at once (SIGKILL): no room closes, nothing is flushed."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None:
            services.stop_process(self.process)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        auth = {"Authorization": f"Bearer {token}"} if token else {}
        request = urllib.request.Request(  # noqa: S310 (a local test server)
            f"{self.http_url}/api{path}",
            method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Content-Type": "application/json", **auth},
        )
        with urllib.request.urlopen(request, timeout=10) as reply:  # noqa: S310
            return json.loads(reply.read())

    def login(self, email: str) -> str:
        token: str = self.call("POST", "/v2/auth/login", {"email": email, "password": PASSWORD})[
            "access_token"
        ]
        return token

    def new_protocol(self, token: str, variants: list[dict[str, int]]) -> int:
        """A protocol with three lines (variants 0, 1, 2; the last added first)."""
        base = "/v2/account/practitioners/protocols"
        protocol_id: int = self.call(
            "POST", f"{base}/create", {"name": "Sleep", "description": "Evening"}, token
        )["protocol_id"]
        for quantity, variant in enumerate(variants[:3], start=1):
            line = {"product_variant_id": variant["id"], "quantity": quantity, "notes": f"note {quantity}"}
            self.call("POST", f"{base}/{protocol_id}/products", line, token)
        return protocol_id

    def lines(self, protocol_id: int, token: str) -> list[tuple[int, int, str]]:
        """The relational protocol's lines as REST readers see them: (variant, quantity, notes), in order."""
        data = self.call("GET", f"/v2/account/practitioners/protocols/{protocol_id}", token=token)
        return [(p["variants"][0]["id"], p["item_count"], p["notes"]) for p in data["products"]]

    def protocol(self, protocol_id: int, token: str) -> dict[str, Any]:
        data: dict[str, Any] = self.call(
            "GET", f"/v2/account/practitioners/protocols/{protocol_id}", token=token
        )
        return data


class YClient:
    def __init__(self, server: Server, protocol_id: int, token: str) -> None:
        self.process = subprocess.Popen(
            ["node", str(CLIENT), server.ws_url, str(protocol_id), token, server.http_url],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def do(self, op: str, **args: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.process.stdin.flush()
        reply: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert reply["ok"], reply
        return reply

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.do("state")["state"]
        return state

    def synced(self) -> YClient:
        wait_until(lambda: self.do("state")["synced"], what="the client to sync")
        return self

    def quit(self) -> None:
        if self.process.poll() is None:
            try:
                self.do("quit")
            except (OSError, ValueError):
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def wait_until(check: Callable[[], Any], *, what: str, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def expected_lines(state: dict[str, Any]) -> list[tuple[int, int, str]]:
    """What the relational lines must be for a document state (all values in these tests are valid)."""
    return [
        (int(key), int(state["items"][key]["quantity"]), state["items"][key]["notes"])
        for key in state["order"]
        if state["items"].get(key)
    ]
