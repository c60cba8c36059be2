"""The events-socket benchmark (docs/architecture.md, "Performance budget"), one command:

    bench/realtime/run [--idle 1000,5000] [--samples 300] [--warmup 20] [--processes 1,2,4 | --embedded]

Starts its own PostgreSQL and Redis, seeds a small catalogue and the users (one measured user plus one
per idle socket, each with a sign-in session and an access token), then on the project and on a minimal
Node relay of a Redis publish (bench/realtime/relay.mjs, same Redis server). The project is `--processes`
Daphne processes (default 1; a comma list measures each count in turn, side by side): device A writes to
the first, device B listens on the last (so with 2 or more the event crosses Redis), the idle sockets go to
each in turn, memory is their sum. `--embedded` runs
it as the run command does instead: one process, SQLite, the in-memory layer (its storm has no events:
another process cannot publish into that layer, so a socket counts as back at `ready`). On each:
  - opens the idle sockets (each a different user) in steps, e.g. 1,000 then 4,000 more, and reads the
    server's resident memory before and after, per socket;
  - at each step, times a cart write on device A (HTTP, keep-alive) until its `cart.updated` frame
    reaches device B (a socket of the same user), sequentially, after a warm-up;
  - at the end, cuts every idle socket at once and times them back and resumed, with one event per user
    written meanwhile (bench/realtime/storm.py; `--no-storm` leaves it out).
Prints a table and writes JSON under bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection

from bench.lib.loadgen import Connection, Request
from bench.lib.processes import log_tail, stop
from bench.lib.server_env import embedded_env, production_env
from bench.realtime.client import SocketSpec, close_all, measure, open_many, open_socket
from bench.realtime.storm import emit_during_storm, storm
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
MAX_CART_QUANTITY = 999  # server.cart.services.MAX_QUANTITY: each step adds warmup + samples to one line
TARGET_P99_MS = 25.0
TARGET_P99_RATIO = 3.0
TARGET_KIB_PER_SOCKET = 30.0
TARGET_STORM_S = 10.0


# A target's rows (one per idle level) and its reconnect storm, if run.
Measured = tuple[list[dict[str, Any]], dict[str, Any] | None]


async def nothing(_connection: Connection) -> None:
    return None


@dataclass(frozen=True)
class Target:
    """One server under test, described so the same client code drives both."""

    name: str
    pids: tuple[int, ...]  # the project may run as several processes; memory and files are summed
    port: int  # where device A writes (the first process)
    measured: SocketSpec
    idle: list[SocketSpec]
    write: Callable[[int], Request]
    # Run before each step's samples, on device A's connection (the project empties the cart).
    before: Callable[[Connection], Awaitable[None]] = nothing
    # The project: writes one event per idle user during the reconnect storm, returns the seconds it took.
    storm_events: Callable[[], Coroutine[Any, Any, float]] | None = None


def rss_kib(pids: tuple[int, ...]) -> int:
    total = 0
    for pid in pids:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
        total += next(int(line.split()[1]) for line in lines if line.startswith("VmRSS:"))
    return total


def open_fds(pids: tuple[int, ...]) -> int:
    return sum(len(os.listdir(f"/proc/{pid}/fd")) for pid in pids)


def raise_open_files_limit(needed: int) -> int:
    """Every socket is a file descriptor in this process and in the server; children inherit the limit."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed and os.geteuid() == 0:
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, needed))
        return needed
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard != resource.RLIM_INFINITY and hard < needed:
        raise SystemExit(f"error: the open-files limit is {hard}; {needed} needed (ulimit -Hn, as root)")
    return hard


async def run_target(
    target: Target, levels: list[int], *, warmup: int, samples: int, concurrency: int, storm_on: bool
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    device_b, _ = await open_socket(target.measured)
    device_a = Connection("127.0.0.1", target.port)
    idle: list[tuple[ClientConnection, dict[str, Any]]] = []
    rows: list[dict[str, Any]] = []
    storm_row: dict[str, Any] | None = None

    def before() -> Awaitable[None]:
        return target.before(device_a)

    try:
        # A first round of writes loads the server's code paths and pools, so the memory baseline below
        # holds them and the difference is the sockets' alone.
        await measure(
            device_b=device_b,
            device_a=device_a,
            write=target.write,
            warmup=0,
            samples=max(warmup, 1),
            before=before,
        )
        await asyncio.sleep(1.0)
        baseline = rss_kib(target.pids)
        for level in levels:
            started = time.perf_counter()
            idle += await open_many(target.idle[len(idle) : level], concurrency=concurrency)
            open_seconds = time.perf_counter() - started
            await asyncio.sleep(1.0)  # let the server finish its per-connection work before reading memory
            rss = rss_kib(target.pids)
            latency = await measure(
                device_b=device_b,
                device_a=device_a,
                write=target.write,
                warmup=warmup,
                samples=samples,
                before=before,
            )
            rows.append(
                {
                    "scenario": target.name,
                    "idle_sockets": level,
                    **latency.as_dict(),
                    "kib_per_socket": round((rss - baseline) / level, 1),
                    "rss_baseline_kib": baseline,
                    "rss_kib": rss,
                    "server_open_fds": open_fds(target.pids),
                    "open_seconds": round(open_seconds, 1),
                }
            )
            print(f"  {target.name}: {level} idle sockets ready, measured", flush=True)
        if storm_on:
            figures, reopened = await storm(
                sockets=[
                    (spec, socket, ready.get("seq", 0))
                    for spec, (socket, ready) in zip(target.idle[: len(idle)], idle, strict=True)
                ],
                wants_event=target.storm_events is not None,
                during=target.storm_events,
            )
            idle = [(socket, {}) for socket in reopened]
            storm_row = {"scenario": target.name, **figures}
            print(f"  {target.name}: reconnect storm of {len(reopened)} sockets done", flush=True)
    finally:
        await close_all([*(socket for socket, _ in idle), device_b])
        device_a.close()
    return rows, storm_row


def project_target(
    name: str,
    pids: tuple[int, ...],
    ports: tuple[int, ...],
    seeded: dict[str, Any],
    storm_events: Callable[[], Coroutine[Any, Any, float]] | None,
) -> Target:
    """Device A writes to the first process and device B listens on the last, so with several processes the
    event crosses the channel layer; the idle sockets are spread over the processes in turn."""
    origin = f"http://127.0.0.1:{ports[0]}"
    urls = [f"ws://127.0.0.1:{port}/ws/events/" for port in ports]
    auth = ("Authorization", f"Bearer {seeded['measured']['token']}")
    body = json.dumps({"product_variant_id": seeded["variant_id"], "quantity": 1}).encode()

    async def empty_cart(connection: Connection) -> None:
        status, answer = await connection.send(Request("DELETE", "/api/v2/storefront/cart", headers=(auth,)))
        if status != 200:
            raise RuntimeError(f"DELETE /api/v2/storefront/cart answered {status}: {answer[:300]!r}")

    return Target(
        name=name,
        pids=pids,
        port=ports[0],
        measured=SocketSpec(urls[-1], origin, ("bearer", seeded["measured"]["token"])),
        idle=[
            SocketSpec(urls[i % len(urls)], origin, ("bearer", user["token"]))
            for i, user in enumerate(seeded["idle"])
        ],
        # After the cart was emptied, write k leaves k items: the frame to wait for says total_items k.
        write=lambda _k: Request(
            "POST", "/api/v2/storefront/cart/items", body=body, headers=(auth, ("X-Region", "uk"))
        ),
        before=empty_cart,
        storm_events=storm_events,
    )


def reference_target(pid: int, port: int, idle_users: int) -> Target:
    origin = f"http://127.0.0.1:{port}"

    def write(k: int) -> Request:
        frame = {"type": "event", "topic": "cart.updated", "data": {"total_items": k}}
        return Request("POST", "/publish/measured", body=json.dumps(frame).encode())

    return Target(
        name="reference (Node ws relay)",
        pids=(pid,),
        port=port,
        measured=SocketSpec(f"ws://127.0.0.1:{port}/ws?user=measured", origin),
        idle=[SocketSpec(f"ws://127.0.0.1:{port}/ws?user=u{i}", origin) for i in range(idle_users)],
        write=write,
    )


def table(rows: list[dict[str, Any]]) -> str:
    columns = ["scenario", "idle_sockets", "samples", "p50_ms", "p95_ms", "p99_ms", "mean_ms",
               "p99_ratio_vs_reference", "kib_per_socket"]  # fmt: skip
    widths = [max(len(c), *(len(str(r.get(c, ""))) for r in rows)) for c in columns]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True))]
    lines += [
        "  ".join(str(r.get(c, "")).ljust(w) for c, w in zip(columns, widths, strict=True)) for r in rows
    ]
    return "\n".join(lines)


def targets(project: list[dict[str, Any]], project_storm: dict[str, Any] | None) -> list[dict[str, Any]]:
    """docs/architecture.md, "Performance budget": latency at the fewest idle sockets measured (1,000),
    memory at the most (5,000), the reconnect storm of them all."""
    low, high = project[0], project[-1]
    checks = [
        (f"project p99 <= {TARGET_P99_MS:g} ms at {low['idle_sockets']} idle", low["p99_ms"], TARGET_P99_MS),
        (
            f"project p99 <= {TARGET_P99_RATIO:g}x the Node relay at {low['idle_sockets']} idle",
            low["p99_ratio_vs_reference"],
            TARGET_P99_RATIO,
        ),
        (
            f"<= {TARGET_KIB_PER_SOCKET:g} KiB per socket at {high['idle_sockets']} idle",
            high["kib_per_socket"],
            TARGET_KIB_PER_SOCKET,
        ),
    ]
    if project_storm is not None:
        took = project_storm["all_resumed_s"]
        checks += [
            (
                f"{project_storm['sockets']} sockets cut at once, all resumed within {TARGET_STORM_S:g} s",
                took if took is not None else float("inf"),
                TARGET_STORM_S,
            ),
            ("no event lost in the storm", project_storm["lost"], 0),
        ]
    return [{"target": t, "measured": v, "limit": limit, "met": v <= limit} for t, v, limit in checks]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--idle", default="1000,5000", help="idle socket counts, in steps (default 1000,5000)"
    )
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--products", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=32, help="socket handshakes in flight at a time")
    parser.add_argument(
        "--no-storm", action="store_true", help="leave out the reconnect storm of the idle sockets at the end"
    )
    parser.add_argument(
        "--processes", default="1", help="Daphne processes serving the project; a comma list, each in turn"
    )
    parser.add_argument(
        "--embedded", action="store_true",
        help="the project on SQLite and the in-memory channel layer, as the run command starts it",
    )  # fmt: skip
    args = parser.parse_args()
    counts = [int(n) for n in str(args.processes).split(",") if n.strip()]
    levels = sorted({int(n) for n in args.idle.split(",")})
    if not levels or levels[0] < 1 or args.samples < 1 or args.warmup < 0:
        parser.error("--idle counts and --samples must be positive")
    if not counts or min(counts) < 1 or (args.embedded and counts != [1]):
        parser.error("--processes must be positive, and 1 with --embedded (its layer is per process)")
    if args.warmup + args.samples > MAX_CART_QUANTITY:
        parser.error(f"--warmup + --samples must be at most {MAX_CART_QUANTITY} (one cart line's quantity)")
    node = shutil.which("node")
    if node is None:
        raise SystemExit("error: node not found; the reference relay runs on Node 20")
    if not (REPO / "node_modules" / "ws").is_dir() or not (REPO / "node_modules" / "redis").is_dir():
        raise SystemExit("error: the Node relay needs ws and redis; run scripts/bootstrap first")
    # Sockets of the driver, plus headroom for the servers' own files; the children inherit this limit.
    open_files = raise_open_files_limit(levels[-1] + 1000)
    # A plain `kill` ends the run through the same clean-up as Ctrl-C.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))

    state = Path(tempfile.mkdtemp(prefix="shop-bench-realtime-"))
    processes: list[subprocess.Popen[bytes]] = []
    succeeded = False
    try:
        urls = services.up(state)  # the Node relay publishes through this Redis in every mode
        if args.embedded:
            env = embedded_env(state)
        else:
            env = production_env(urls, state)
        python = str(REPO / ".venv/bin/python")
        subprocess.run(
            [python, "-m", "server.manage", "migrate", "--noinput", "-v", "0"], cwd=REPO, env=env, check=True
        )
        seed_scale = ["seed_scale", "--products", str(args.products), "--force"]
        subprocess.run([python, "-m", "server.manage", *seed_scale], cwd=REPO, env=env, check=True)
        tokens = state / "tokens.json"
        seed = ["--idle-users", str(levels[-1]), "--out", str(tokens)]
        subprocess.run([python, "-m", "bench.realtime.seed", *seed], cwd=REPO, env=env, check=True)
        seeded: dict[str, Any] = json.loads(tokens.read_text())
        print(f"seeded {args.products} products and {levels[-1] + 1} users; open-files limit {open_files}")

        shape = "SQLite, in-memory layer" if args.embedded else "channels_redis"
        relay_port = services.free_port()
        relay = subprocess.Popen(
            [node, "bench/realtime/relay.mjs", "--port", str(relay_port), "--redis", urls["REDIS_URL"]],
            cwd=REPO,
            stdout=(state / "relay.log").open("ab"),
            stderr=subprocess.STDOUT,
        )
        processes.append(relay)
        services.wait_for_http(f"http://127.0.0.1:{relay_port}/health", process=relay)

        options = {"warmup": args.warmup, "samples": args.samples, "concurrency": args.concurrency}

        async def reference_run() -> Measured:
            reference = reference_target(relay.pid, relay_port, levels[-1])
            return await run_target(reference, levels, storm_on=not args.no_storm, **options)

        async def project_run(count: int) -> Measured:
            # One server at a time, each alone with its sockets: the others' are closed by then.
            # The in-memory layer hears only its own process: the events of the embedded storm could not
            # come from another one, so there its sockets count as back at `ready` + `resume`.
            writer = None if args.no_storm or args.embedded else emit_during_storm(env, tokens)
            ports = tuple(services.free_port() for _ in range(count))
            started = [
                services.start_daphne(port=port, env=env, log_path=state / f"daphne-{count}-{number}.log")
                for number, port in enumerate(ports)
            ]
            processes.extend(started)
            name = f"project ({count} Daphne, {shape})"
            try:
                target = project_target(name, tuple(p.pid for p in started), ports, seeded, writer)
                return await run_target(target, levels, storm_on=not args.no_storm, **options)
            finally:
                for process in started:
                    stop(process)

        reference_rows, reference_storm = asyncio.run(reference_run())
        rows: list[dict[str, Any]] = list(reference_rows)
        storms = [reference_storm] if reference_storm is not None else []
        checks: list[dict[str, Any]] = []
        for count in counts:
            project_rows, project_storm = asyncio.run(project_run(count))
            for ours, theirs in zip(project_rows, reference_rows, strict=True):
                ours["processes"] = count
                ours["p99_ratio_vs_reference"] = round(ours["p99_ms"] / theirs["p99_ms"], 2)
            rows += project_rows
            storms += [project_storm] if project_storm is not None else []
            checks += [{**check, "processes": count} for check in targets(project_rows, project_storm)]

        print(table(rows))
        for row in storms:
            print(f"storm  {row}")
        for check in checks:
            verdict = "met   " if check["met"] else "MISSED"
            print(f"{verdict}  [{check['processes']} processes] {check['target']}: {check['measured']}")
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"realtime-{stamp}.json"
        report = {
            "benchmark": "realtime",
            "at": stamp,
            "idle_levels": levels,
            "samples": args.samples,
            "warmup": args.warmup,
            "products": args.products,
            "open_files_limit": open_files,
            "processes": counts,
            "embedded": args.embedded,
            "rows": rows,
            "storm": storms,
            "targets": checks,
        }
        out.write_text(json.dumps(report, indent=2))
        print(f"written {out.relative_to(REPO)}")
        succeeded = True
    finally:
        for process in processes:
            stop(process)
        services.down(state)
        if succeeded:
            shutil.rmtree(state, ignore_errors=True)
        else:
            logs = [f"daphne-{c}-{n}.log" for c in counts for n in range(c)]
            for log in (*logs, "relay.log"):
                print(f"--- last lines of {log} (access log left out) ---", file=sys.stderr)
                print(log_tail(state / log), file=sys.stderr)
            print(f"logs kept in {state}", file=sys.stderr)


if __name__ == "__main__":
    main()
