"""The production topology without Docker: one PostgreSQL, one Redis, N Daphne processes (one per core by
default) and nginx in front of them, with the server block of deploy/nginx.conf.

    scripts/cluster              # start everything, print the addresses, stop it all on Ctrl-C
    scripts/cluster 4 --port 8101 --proxy-port 8080

Tests use `start_replicas` with servers they started themselves.
"""

from __future__ import annotations

import argparse
import os
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
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


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
    """Daphne processes sharing one database and one Redis."""
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

    state = Path(tempfile.mkdtemp(prefix="shop-cluster-"))
    urls = services.up(state, durable=True)
    replicas: list[Replica] = []
    nginx: proxy.NginxServer | None = None
    count = args.processes or args.replicas or os.cpu_count() or 2
    try:
        migrate(urls)
        replicas = start_replicas(
            database_url=urls["DATABASE_URL"],
            redis_url=urls["REDIS_URL"],
            count=count,
            first_port=args.port,
            log_dir=state,
        )
        nginx = proxy.start_nginx(
            upstream_ports=[replica.port for replica in replicas],
            media_root=REPO / "var" / "media",
            port=args.proxy_port,
        )
        print(f"DATABASE_URL={urls['DATABASE_URL']}")
        print(f"REDIS_URL={urls['REDIS_URL']}")
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
        services.down(state)


if __name__ == "__main__":
    main()
