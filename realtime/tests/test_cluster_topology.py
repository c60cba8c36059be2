"""The whole production topology, natively (scripts/cluster): PostgreSQL with a streaming replica, PgBouncer
in transaction mode, two Redis servers the channel layers shard over, three Daphne processes and nginx in
front of them. Runs in the PostgreSQL + Redis pass of the test command (it starts its own servers)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest
import redis

from realtime.tests.test_cluster import SETUP, call, cart_change_across
from scripts import proxy
from scripts.cluster import REPO, Replica, Topology, start_replicas, start_topology

pytestmark = pytest.mark.cluster

SLUG = "cluster-zinc"


@dataclass
class Cluster:
    topology: Topology
    processes: list[Replica]
    nginx: proxy.NginxServer
    variant_id: int


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[Cluster]:
    topology = start_topology(redis_shards=2)
    processes: list[Replica] = []
    nginx = None
    try:
        shell = [str(REPO / ".venv/bin/python"), "-m", "server.manage", "shell", "-c", SETUP]
        primary_env = {**os.environ, "DATABASE_URL": topology.primary.url, "REDIS_URL": topology.redis[0].url}
        done = subprocess.run(shell, cwd=REPO, env=primary_env, check=True, capture_output=True, text=True)
        env = topology.env
        processes = start_replicas(
            database_url=env["DATABASE_URL"],
            redis_url=env["REDIS_URL"],
            count=3,
            log_dir=tmp_path_factory.mktemp("topology"),
            extra_env=env,
        )
        nginx = proxy.start_nginx(
            upstream_ports=[p.port for p in processes], media_root=REPO / "var" / "media"
        )
        yield Cluster(topology, processes, nginx, int(done.stdout.strip().splitlines()[-1]))
    finally:
        if nginx is not None:
            nginx.stop()
        for process in processes:
            process.stop()
        topology.stop()


def primary_write(cluster: Cluster, sql: str, params: list[Any]) -> None:
    """A catalogue change as the admin makes one: the row, then a new catalogue version, in one commit."""
    with psycopg.connect(cluster.topology.primary.url) as connection:
        connection.execute(sql, params)
        connection.execute(
            "UPDATE catalog_catalogversion SET version = version + 1, token = md5(random()::text)"
        )


def on_replica(cluster: Cluster, sql: str) -> Any:
    with psycopg.connect(cluster.topology.replica.url, autocommit=True) as connection:
        row = connection.execute(sql).fetchone()
        return row[0] if row else None


def product_name(base: str) -> str:
    return str(call(base, "GET", f"/v2/storefront/products/{SLUG}")["name"])


def commands_processed(url: str) -> int:
    client = redis.Redis.from_url(url)
    try:
        return int(client.info("stats")["total_commands_processed"])
    finally:
        client.close()


def test_every_process_and_the_proxy_are_ready_on_the_whole_topology(cluster):
    for base in [p.http_url for p in cluster.processes] + [cluster.nginx.url]:
        assert call(base, "GET", "/health/ready") == {"status": "ok", "database": "ok", "channel_layer": "ok"}
    assert on_replica(cluster, "SELECT pg_is_in_recovery()") is True


def test_a_cart_change_on_process_1_reaches_a_socket_on_process_3_over_sharded_redis(cluster):
    first, _, third = cluster.processes
    before = [commands_processed(server.url) for server in cluster.topology.redis]

    ready, frame = cart_change_across(first, third, cluster.variant_id, 2)

    assert (frame["topic"], frame["seq"], frame["data"]) == (
        "cart.updated",
        ready["seq"] + 1,
        {"total_items": 2},
    )
    # Both shards carried the layers' traffic: process channels and groups are spread over them.
    after = [commands_processed(server.url) for server in cluster.topology.redis]
    assert all(a > b for a, b in zip(after, before, strict=True))


def test_a_product_change_reaches_the_replica_s_readers_and_a_lagging_replica_is_never_read(cluster):
    # Given the product page read through every process: the storefront's reads open connections on the
    # replica (the primary's are PgBouncer's)
    _, second, third = cluster.processes
    others = (
        "SELECT count(*) FROM pg_stat_activity WHERE datname = 'shop' AND backend_type = 'client backend' "
    )
    others += "AND pid <> pg_backend_pid()"
    for process in cluster.processes:
        assert product_name(process.http_url) == "Cluster Zinc"
    assert on_replica(cluster, others) >= 1

    # When the product is renamed on the primary
    primary_write(
        cluster, "UPDATE catalog_product SET name = %s WHERE slug = %s", ["Cluster Zinc Plus", SLUG]
    )

    # Then the replica's readers see it within a few seconds
    deadline = time.monotonic() + 10
    while product_name(second.http_url) != "Cluster Zinc Plus":
        assert time.monotonic() < deadline, "the rename never reached the readers"
        time.sleep(0.2)

    # And when the replica stops replaying and the product changes again
    on_replica(cluster, "SELECT pg_wal_replay_pause()")
    try:
        primary_write(
            cluster, "UPDATE catalog_product SET name = %s WHERE slug = %s", ["Cluster Zinc Max", SLUG]
        )
        time.sleep(1.2)  # past CATALOG_INDEX_CHECK_SECONDS: the processes see the new version

        # Then no reply is made from the lagging replica under the new version: the primary answers
        assert product_name(third.http_url) == "Cluster Zinc Max"
        assert (
            on_replica(cluster, "SELECT name FROM catalog_product WHERE slug = 'cluster-zinc'")
            == "Cluster Zinc Plus"
        )
    finally:
        on_replica(cluster, "SELECT pg_wal_replay_resume()")
