"""Start and stop the native servers the tests and the cluster need: PostgreSQL, Redis and Daphne.

Standard library only, so it runs before the virtual environment exists. There is no Docker on the
machines this runs on: every server is started from its own binary, on loopback, with its data in a
throw-away folder. `initdb` refuses to run as root, so as root PostgreSQL runs as the `postgres` user.

    python3 -m scripts.services up --state DIR     # prints DATABASE_URL=... and REDIS_URL=... lines
    python3 -m scripts.services down --state DIR
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


class MissingBinary(SystemExit):
    """Ends the run with one line saying what to install."""

    def __init__(self, what: str, package: str) -> None:
        super().__init__(
            f"error: {what} not found; install it first, e.g. `sudo apt-get install -y {package}`"
        )


def is_root() -> bool:
    return os.geteuid() == 0


_apt_updated = False


def apt_install(package: str) -> bool:
    """Install a Debian package when we may (root with apt-get); False when we may not."""
    global _apt_updated
    if not is_root() or shutil.which("apt-get") is None:
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print(f"installing {package} with apt-get ...", file=sys.stderr, flush=True)
    if not _apt_updated:
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env, stdout=subprocess.DEVNULL)
        _apt_updated = True
    result = subprocess.run(
        ["apt-get", "install", "-y", "-qq", package], check=False, env=env, stdout=subprocess.DEVNULL
    )
    return result.returncode == 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stop_process(process: subprocess.Popen[bytes], *, timeout: float = 10, how: int = signal.SIGTERM) -> None:
    """Ask a server we started to stop (`how`), and kill it if it has not within `timeout` seconds."""
    if process.poll() is not None:
        return
    process.send_signal(how)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_for_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout:.0f}s")


# PostgreSQL ----------------------------------------------------------------------------------------


def postgres_bin_dir() -> Path:
    def find() -> Path | None:
        found = shutil.which("pg_ctl")
        if found and shutil.which("initdb"):
            return Path(found).resolve().parent
        candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
        return Path(candidates[-1]).parent if candidates else None

    bin_dir = find()
    if bin_dir is None and apt_install("postgresql"):
        bin_dir = find()
    if bin_dir is None:
        raise MissingBinary("PostgreSQL server (initdb, pg_ctl)", "postgresql")
    return bin_dir


def _postgres_user() -> str | None:
    """The account the server runs as when we are root; None to run as ourselves."""
    if not is_root():
        return None
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
    return "postgres"


def _as_user(user: str | None, argv: list[str]) -> list[str]:
    return ["runuser", "-u", user, "--", *argv] if user else argv


@dataclass
class PostgresServer:
    data_dir: str
    port: int
    user: str | None
    bin_dir: str
    options: str = ""

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/shop"

    def halt(self) -> None:
        """Stops the server (its open connections end) and keeps its data, for `resume` (fault tests)."""
        argv = [f"{self.bin_dir}/pg_ctl", "-D", self.data_dir, "-m", "fast", "-w", "stop"]
        subprocess.run(_as_user(self.user, argv), check=True, capture_output=True)

    def resume(self) -> None:
        """Starts the halted server again on the same port, with the same data."""
        log = str(Path(self.data_dir).parent / "log")
        argv = [f"{self.bin_dir}/pg_ctl", "-D", self.data_dir, "-o", self.options, "-l", log, "-w", "start"]
        subprocess.run(_as_user(self.user, argv), check=True, capture_output=True)

    def stop(self) -> None:
        argv = [f"{self.bin_dir}/pg_ctl", "-D", self.data_dir, "-m", "fast", "-w", "stop"]
        subprocess.run(_as_user(self.user, argv), check=False, capture_output=True)
        shutil.rmtree(Path(self.data_dir).parent, ignore_errors=True)


def start_postgres(*, durable: bool = False) -> PostgresServer:
    bin_dir = postgres_bin_dir()
    user = _postgres_user()
    root = Path(tempfile.mkdtemp(prefix="shop-pg-"))
    data_dir = root / "data"
    if user:
        shutil.chown(root, user)
        root.chmod(0o700)
    subprocess.run(
        _as_user(
            user,
            [
                f"{bin_dir}/initdb",
                "-D",
                str(data_dir),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
            ],
        ),
        check=True,
        capture_output=True,
    )
    port = free_port()
    # Test servers trade durability for speed; the cluster for fault tests asks for durable writes.
    speed = "" if durable else " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=200{speed}"
    subprocess.run(
        _as_user(
            user,
            [f"{bin_dir}/pg_ctl", "-D", str(data_dir), "-o", options, "-l", str(root / "log"), "-w", "start"],
        ),
        check=True,
        capture_output=True,
    )
    server = PostgresServer(
        data_dir=str(data_dir), port=port, user=user, bin_dir=str(bin_dir), options=options
    )
    subprocess.run(
        _as_user(
            user,
            [
                f"{bin_dir}/psql",
                "-h",
                "127.0.0.1",
                "-p",
                str(port),
                "-U",
                "postgres",
                "-q",
                "-c",
                "CREATE DATABASE shop",
            ],
        ),
        check=True,
        capture_output=True,
    )
    return server


def start_replica(primary: PostgresServer) -> PostgresServer:
    """A hot standby of `primary`, streaming its WAL (pg_basebackup -R writes the connection to it)."""
    user = primary.user
    root = Path(tempfile.mkdtemp(prefix="shop-pg-replica-"))
    data_dir = root / "data"
    if user:
        shutil.chown(root, user)
        root.chmod(0o700)
    basebackup = [f"{primary.bin_dir}/pg_basebackup", "-h", "127.0.0.1", "-p", str(primary.port),
                  "-U", "postgres", "-D", str(data_dir), "-R", "-X", "stream", "-c", "fast"]  # fmt: skip
    subprocess.run(_as_user(user, basebackup), check=True, capture_output=True)
    port = free_port()
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c max_connections=200 -c hot_standby=on"
    start = [
        f"{primary.bin_dir}/pg_ctl",
        "-D",
        str(data_dir),
        "-o",
        options,
        "-l",
        str(root / "log"),
        "-w",
        "start",
    ]
    subprocess.run(_as_user(user, start), check=True, capture_output=True)
    return PostgresServer(
        data_dir=str(data_dir), port=port, user=user, bin_dir=primary.bin_dir, options=options
    )


@dataclass
class PgBouncerServer:
    dir: str
    port: int
    process: subprocess.Popen[bytes]

    def url(self, database: str = "shop") -> str:
        # `pgbouncer=1` tells the settings that nothing may outlive a transaction (server/config/env.py).
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}?pgbouncer=1"

    def stop(self) -> None:
        stop_process(self.process)
        shutil.rmtree(self.dir, ignore_errors=True)


def start_pgbouncer(primary: PostgresServer, *, pool_size: int = 40) -> PgBouncerServer:
    """PgBouncer in transaction mode in front of `primary`: many processes' pools share few server
    connections. It refuses to run as root, so it runs as the server's user."""
    found = system_binary("pgbouncer", "pgbouncer")
    folder = Path(tempfile.mkdtemp(prefix="shop-pgbouncer-"))
    port = free_port()
    (folder / "userlist.txt").write_text('"postgres" ""\n')
    (folder / "pgbouncer.ini").write_text(
        "\n".join([
            "[databases]",
            f"shop = host=127.0.0.1 port={primary.port} dbname=shop user=postgres",
            "[pgbouncer]",
            "listen_addr = 127.0.0.1",
            f"listen_port = {port}",
            "unix_socket_dir =",
            "auth_type = trust",
            f"auth_file = {folder / 'userlist.txt'}",
            "pool_mode = transaction",
            "max_client_conn = 4000",
            f"default_pool_size = {pool_size}",
            # psycopg sends these at connect; in transaction mode they cannot reach PostgreSQL per session.
            "ignore_startup_parameters = extra_float_digits,options",
            f"logfile = {folder / 'pgbouncer.log'}",
            f"pidfile = {folder / 'pgbouncer.pid'}",
            "",
        ])
    )  # fmt: skip
    user = primary.user
    if user:
        for path in (folder, *folder.iterdir()):
            shutil.chown(path, user)
    process = subprocess.Popen(
        _as_user(user, [found, str(folder / "pgbouncer.ini")]),
        stdout=(folder / "stdout.log").open("ab"),
        stderr=subprocess.STDOUT,
    )
    server = PgBouncerServer(dir=str(folder), port=port, process=process)
    try:
        wait_for_port(port, timeout=15)
    except TimeoutError:
        server.stop()
        raise
    return server


# Redis ---------------------------------------------------------------------------------------------


@dataclass
class RedisServer:
    dir: str
    port: int
    pid: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        try:
            os.kill(self.pid, signal.SIGTERM)
            for _ in range(50):
                os.kill(self.pid, 0)
                time.sleep(0.1)
        except ProcessLookupError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def system_binary(name: str, package: str) -> str:
    """A server's program from the system (on PATH, or in /usr/sbin, which a user's PATH may lack),
    installing its Debian package when it is missing and we may."""

    def find() -> str | None:
        found = shutil.which(name)
        return found or (f"/usr/sbin/{name}" if Path(f"/usr/sbin/{name}").is_file() else None)

    found = find()
    if found is None and apt_install(package):
        found = find()
    if found is None:
        raise MissingBinary(name, package)
    return found


def redis_binary() -> str:
    return system_binary("redis-server", "redis-server")


def start_redis(port: int | None = None) -> RedisServer:
    binary = redis_binary()
    folder = tempfile.mkdtemp(prefix="shop-redis-")
    port = port or free_port()
    pidfile = Path(folder) / "redis.pid"
    subprocess.run(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            folder,
            "--daemonize",
            "yes",
            "--pidfile",
            str(pidfile),
            "--logfile",
            str(Path(folder) / "log"),
        ],
        check=True,
    )
    wait_for_port(port)
    for _ in range(50):
        if pidfile.exists() and pidfile.read_text().strip():
            break
        time.sleep(0.1)
    return RedisServer(dir=folder, port=port, pid=int(pidfile.read_text()))


# Daphne --------------------------------------------------------------------------------------------

# Twisted listens with a backlog of 50; after a deploy thousands of sockets reconnect at once.
LISTEN_BACKLOG = 4096


def start_daphne(*, port: int, env: dict[str, str], log_path: Path) -> subprocess.Popen[bytes]:
    log = log_path.open("ab")
    process = subprocess.Popen(
        [
            str(REPO / ".venv/bin/daphne"),
            "-e",
            f"tcp:port={port}:interface=127.0.0.1:backlog={LISTEN_BACKLOG}",
            "server.config.asgi:application",
        ],
        cwd=REPO,
        env={**os.environ, **env},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    wait_for_http(f"http://127.0.0.1:{port}/api/health", process=process)
    return process


def wait_for_http(url: str, *, process: subprocess.Popen[bytes] | None = None, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server for {url} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:  # noqa: S310 (loopback URL we built)
                if reply.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout:.0f}s")


# Command line --------------------------------------------------------------------------------------


def _state_file(state: Path) -> Path:
    return state / "services.json"


def up(state: Path, *, durable: bool = False) -> dict[str, str]:
    state.mkdir(parents=True, exist_ok=True)
    postgres = start_postgres(durable=durable)
    try:
        redis = start_redis()
    except BaseException:
        postgres.stop()
        raise
    _state_file(state).write_text(json.dumps({"postgres": asdict(postgres), "redis": asdict(redis)}))
    return {"DATABASE_URL": postgres.url, "REDIS_URL": redis.url}


def down(state: Path) -> None:
    file = _state_file(state)
    if not file.exists():
        return
    saved = json.loads(file.read_text())
    RedisServer(**saved["redis"]).stop()
    PostgresServer(**saved["postgres"]).stop()
    file.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("action", choices=["up", "down", "check"])
    parser.add_argument("--state", type=Path, default=REPO / "var" / "services")
    parser.add_argument("--durable", action="store_true", help="keep fsync on (fault tests)")
    args = parser.parse_args()
    if args.action == "up":
        for key, value in up(args.state, durable=args.durable).items():
            print(f"{key}={value}")
    elif args.action == "down":
        down(args.state)
    else:
        postgres_bin_dir()
        redis_binary()


if __name__ == "__main__":
    main()
