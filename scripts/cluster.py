"""The production topology without Docker (docs/operations.md, "Many machines"): PostgreSQL with a
streaming replica, PgBouncer in transaction mode in front of the primary, two Redis servers the channel
layers shard over, N Daphne processes (one per core by default) and nginx in front of them, with the
server block of deploy/nginx.conf.

    scripts/cluster              # start everything, print the addresses, stop it all on Ctrl-C
    scripts/cluster 4 --port 8101 --proxy-port 8080

Tests use `start_replicas` with servers they started themselves.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from scripts import proxy, services

REPO = services.REPO


@dataclass
class Replica:
    name: str
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        services.stop_process(self.process)


@dataclass
class Topology:
    """The servers the Daphne processes share."""

    primary: services.PostgresServer
    replica: services.PostgresServer
    bouncer: services.PgBouncerServer
    redis: list[services.RedisServer]

    @property
    def env(self) -> dict[str, str]:
        """What each Daphne process is given: the primary through PgBouncer, the replica, every shard."""
        return {
            "DATABASE_URL": self.bouncer.url(),
            "DATABASE_REPLICA_URL": self.replica.url,
            "REDIS_URL": ",".join(server.url for server in self.redis),
        }

    def stop(self) -> None:
        self.bouncer.stop()
        for server in self.redis:
            server.stop()
        self.replica.stop()
        self.primary.stop()


def start_topology(*, redis_shards: int = 2) -> Topology:
    """A durable primary and its streaming replica, PgBouncer, and `redis_shards` Redis servers; the
    database is migrated (on the primary directly: a migration holds its session)."""
    primary = services.start_postgres(durable=True)
    started: list[services.PostgresServer | services.PgBouncerServer | services.RedisServer] = []
    try:
        migrate({"DATABASE_URL": primary.url})
        replica = services.start_replica(primary)
        started.append(replica)
        bouncer = services.start_pgbouncer(primary)
        started.append(bouncer)
        redis = []
        for _ in range(redis_shards):
            redis.append(services.start_redis())
            started.append(redis[-1])
    except BaseException:
        for server in reversed(started):
            server.stop()
        primary.stop()
        raise
    return Topology(primary=primary, replica=replica, bouncer=bouncer, redis=redis)


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [str(REPO / ".venv/bin/python"), "-m", "server.manage", "migrate", "--noinput", "-v", "0"],
        cwd=REPO,
        env={**os.environ, **env},
        check=True,
    )


def start_replicas(
    *,
    database_url: str,
    redis_url: str,
    count: int = 2,
    first_port: int | None = None,
    log_dir: Path,
    extra_env: dict[str, str] | None = None,
) -> list[Replica]:
    """Daphne processes sharing one database and one Redis (or what `extra_env` adds: a replica, shards)."""
    replicas: list[Replica] = []
    try:
        for index in range(count):
            name = f"replica-{index + 1}"
            port = first_port + index if first_port else services.free_port()
            env = {**(extra_env or {}), "DATABASE_URL": database_url, "REDIS_URL": redis_url}
            log_path = log_dir / f"{name}.log"
            process = services.start_daphne(port=port, env=env, log_path=log_path)
            replicas.append(Replica(name=name, port=port, process=process, log_path=log_path))
    except BaseException:
        for replica in replicas:
            replica.stop()
        raise
    return replicas


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "processes", type=int, nargs="?", default=None, help="Daphne processes (default: one per core)"
    )
    parser.add_argument("--replicas", type=int, help="the same as PROCESSES")
    parser.add_argument("--port", type=int, default=8101, help="port of the first replica; the others follow")
    parser.add_argument("--proxy-port", type=int, default=8080, help="port of nginx in front of them")
    args = parser.parse_args()

    # A plain `kill` (or a supervisor's stop) ends it through the same clean-up as Ctrl-C.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    state = Path(tempfile.mkdtemp(prefix="shop-cluster-"))
    topology = start_topology()
    replicas: list[Replica] = []
    nginx: proxy.NginxServer | None = None
    count = args.processes or args.replicas or os.cpu_count() or 2
    try:
        env = topology.env
        replicas = start_replicas(
            database_url=env["DATABASE_URL"],
            redis_url=env["REDIS_URL"],
            count=count,
            first_port=args.port,
            log_dir=state,
            extra_env=env,
        )
        nginx = proxy.start_nginx(
            upstream_ports=[replica.port for replica in replicas],
            media_root=REPO / "var" / "media",
            port=args.proxy_port,
        )
        print(f"primary: {topology.primary.url} (migrations and admin tasks)")
        print(f"replica: {topology.replica.url} (streaming)")
        for name, value in env.items():
            print(f"{name}={value}")
        for replica in replicas:
            print(f"{replica.name}: {replica.http_url} (log {replica.log_path})")
        print(f"nginx: {nginx.url} (any process serves any request and socket)")
        print("Ctrl-C stops the cluster.", flush=True)
        replicas[0].process.wait()
        print(f"{replicas[0].name} exited; stopping the cluster.", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        if nginx is not None:
            nginx.stop()
        for replica in replicas:
            replica.stop()
        topology.stop()


if __name__ == "__main__":
    main()
