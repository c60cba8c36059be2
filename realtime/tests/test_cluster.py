"""Two Daphne processes sharing one PostgreSQL and one Redis, as in production (scripts/cluster).

Runs in the PostgreSQL + Redis pass of the test command, which exports DATABASE_URL and REDIS_URL.
"""

import json
import os
import urllib.request

import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from scripts.cluster import Replica, migrate, start_replicas

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    assert database_url.startswith("postgres://") and redis_url.startswith("redis://"), (
        "the cluster tests need DATABASE_URL (postgres://) and REDIS_URL; the test command sets both"
    )
    migrate({"DATABASE_URL": database_url, "REDIS_URL": redis_url})
    started = start_replicas(
        database_url=database_url, redis_url=redis_url, count=2, log_dir=tmp_path_factory.mktemp("cluster")
    )
    yield started
    for replica in started:
        replica.stop()


def open_socket(replica: Replica) -> ClientConnection:
    return connect(
        f"{replica.ws_url}/ws/ping/", origin=Origin(f"http://127.0.0.1:{replica.port}"), open_timeout=10
    )


def test_each_replica_reports_healthy_on_postgres_and_redis(replicas):
    for replica in replicas:
        with urllib.request.urlopen(f"{replica.http_url}/api/health", timeout=5) as reply:  # noqa: S310
            assert reply.status == 200
            assert json.loads(reply.read()) == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def test_a_message_published_through_one_process_reaches_a_socket_held_by_the_other(replicas):
    first, second = replicas
    with open_socket(first) as sender, open_socket(second) as listener:
        # A ping round trip on each socket proves both have joined the room before we publish.
        for socket in (sender, listener):
            socket.send(json.dumps({"type": "ping"}))
            assert json.loads(socket.recv(timeout=5))["type"] == "pong"

        sender.send(json.dumps({"type": "broadcast", "data": "across processes"}))

        received = json.loads(listener.recv(timeout=5))
    assert received == {
        "type": "broadcast",
        "data": "across processes",
        "origin": "replica-1",
        "instance": "replica-2",
    }
