"""Two Daphne processes sharing one PostgreSQL and one Redis, as in production (scripts/cluster).

Runs in the PostgreSQL + Redis pass of the test command, which exports DATABASE_URL and REDIS_URL.
"""

import json
import os
import subprocess
import urllib.request
from typing import Any

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from realtime.tests.yroom import postgres_and_redis_env
from scripts.cluster import REPO, Replica, migrate, start_replicas

pytestmark = pytest.mark.cluster

EMAIL, PASSWORD = "cluster-shopper@example.com", "Demo-pass-2026!"
# A shopper and one product to buy, written straight into the replicas' database.
SETUP = f"""
from server.accounts.models import User
from server.catalog.models import Brand, Product
from server.catalog.tests.conftest import make_product
User.objects.filter(email="{EMAIL}").delete()
User.objects.create_user("{EMAIL}", "{PASSWORD}", user_type_id=4)
product = Product.objects.filter(slug="cluster-zinc").first()
if product is None:
    brand, _ = Brand.objects.get_or_create(slug="cluster", defaults={{"name": "Cluster"}})
    product = make_product(
        "Cluster Zinc", brand=brand, eur="5.00", gbp="4.00", categories=[], goals=[], forms=[]
    )
print(product.variants.get().id)
"""


@pytest.fixture(scope="module")
def cluster_env() -> dict[str, str]:
    env = postgres_and_redis_env()
    migrate(env)
    return env


@pytest.fixture(scope="module")
def replicas(cluster_env, tmp_path_factory):
    started = start_replicas(
        database_url=cluster_env["DATABASE_URL"],
        redis_url=cluster_env["REDIS_URL"],
        count=2,
        log_dir=tmp_path_factory.mktemp("cluster"),
    )
    yield started
    for replica in started:
        replica.stop()


@pytest.fixture(scope="module")
def variant_id(cluster_env) -> int:
    shell = [str(REPO / ".venv/bin/python"), "-m", "server.manage", "shell", "-c", SETUP]
    done = subprocess.run(
        shell, cwd=REPO, env={**os.environ, **cluster_env}, check=True, capture_output=True, text=True
    )
    return int(done.stdout.strip().splitlines()[-1])


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """An API call to a server we started (`base` is its http URL), its JSON reply."""
    auth = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(  # noqa: S310 (a local test server)
        f"{base}/api{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", **auth},
    )
    with urllib.request.urlopen(request, timeout=10) as reply:  # noqa: S310
        return json.loads(reply.read())


def test_each_replica_reports_healthy_on_postgres_and_redis(replicas):
    for replica in replicas:
        with urllib.request.urlopen(f"{replica.http_url}/api/health", timeout=5) as reply:  # noqa: S310
            assert reply.status == 200
            assert json.loads(reply.read()) == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def cart_change_across(
    writer: Replica, listener: Replica, variant_id: int, quantity: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The shopper signs in on `writer`, opens an events socket on `listener`, and puts `quantity` of the
    variant in the cart through `writer`: the socket's `ready` frame and the next frame it receives."""
    login = {"email": EMAIL, "password": PASSWORD}
    token = call(writer.http_url, "POST", "/v2/auth/login", login)["access_token"]
    ticket = call(listener.http_url, "POST", "/v2/realtime/ticket", token=token)["ticket"]
    with connect(
        f"{listener.ws_url}/ws/events/?ticket={ticket}",
        origin=Origin(f"http://127.0.0.1:{listener.port}"),
        open_timeout=10,
    ) as socket:
        ready = json.loads(socket.recv(timeout=5))
        item = {"product_variant_id": variant_id, "quantity": quantity}
        call(writer.http_url, "POST", "/v2/storefront/cart/items", item, token)
        frame = json.loads(socket.recv(timeout=5))
    return ready, frame


def test_a_cart_change_made_through_one_process_reaches_a_socket_held_by_the_other(replicas, variant_id):
    first, second = replicas

    ready, frame = cart_change_across(first, second, variant_id, 3)

    assert ready["type"] == "ready"
    assert (frame["type"], frame["seq"], frame["topic"], frame["data"]) == (
        "event",
        ready["seq"] + 1,
        "cart.updated",
        {"total_items": 3},
    )
