"""The Yjs room benchmark (docs/architecture.md, "Performance budget"), one command:

    bench/yjs/run [--samples 300] [--warmup 20] [--rooms 20] [--editors 5]
                  [--pace 200,500] [--max-seconds 240] [--processes 1 | --embedded]
                  [--capacity [280,420,...]] [--capacity-seconds 20]

Starts its own PostgreSQL and Redis, seeds a small catalogue and one protocol per room (each of its own
practitioner, one line per editor), then starts three servers of the same y-websocket protocol:
  - the project: `--processes` Daphne processes (default 1) with production settings
    (`/ws/protocols/<id>/doc`, each update sent to the room at once, logged to PostgreSQL in batches,
    relayed through Redis to the other processes that have the room open). Editor e of a room talks to
    process e % N, so with 2 or more the measured pair sits on two processes and every edit crosses the
    relay. `--embedded` runs it instead as the run command does: one process, SQLite, the in-memory layer;
  - the reference Node server: @y/websocket-server's setupWSConnection (bench/yjs/reference-server.mjs);
  - pycrdt-websocket's WebsocketServer under Uvicorn (bench/yjs/pycrdt_server.py), no store.
  - the reference Node server: @y/websocket-server's setupWSConnection (bench/yjs/reference-server.mjs);
  - pycrdt-websocket's WebsocketServer under Uvicorn (bench/yjs/pycrdt_server.py), no store.
Both references keep documents in memory only, as shipped. Every server is driven by the same Node client
(bench/yjs/editors.mjs: stock yjs + y-websocket's WebsocketProvider over `ws`), one server at a time:
  - alone: one room, editors A and B. A sets its line's quantity, B's document shows it: latency =
    seen - sent (one process, one clock), sequential samples after a warm-up, A pausing `--pace` ms;
    a server that falls behind stops at `--max-seconds` with fewer samples (the table shows how many).
  - loaded: the same measured pair (B editing its own line at the pace too) while another Node process
    holds the other editors of `--rooms` rooms x `--editors` editors, each editing its own line once per
    `--pace` ms; that process also times every one of its edits until each other editor of the room in
    it sees the edit ("all edits" columns).
  - flooded (unless `--no-flood`): the loaded scenario without the last room's editors, while one client
    in that room sends `--flood-rate` updates a second: the other rooms' figures show whether it slows
    them, `flood_closes` how often the server closed it.
  - capacity (with `--capacity`): on the Node server and the project, every editor of every room edits at a
    pace that makes each step's edits/s, `--capacity-seconds` a step, until a step misses (every edit's
    p99 over 50 ms, an edit lost, a socket closed, or the client 10 % short of the rate): the largest
    load held. The client is one Node process: the Node server's ramp shows where the client itself ends.
Prints a table and writes JSON under bench/results/, with the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.lib.processes import load_average, log_tail, stop
from bench.lib.server_env import embedded_env, production_env
from bench.yjs.capacity import TARGET_ALL_P99_MS, largest_held, ramp
from bench.yjs.client import (
    Options,
    Target,
    client_config,
    node_client,
    read_event,
    run_client,
    stop_client,
    summary,
)
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
TARGET_RATIO_VS_NODE = 1.5  # the project's p99 at most this times the Node reference's
TARGET_CPU_VS_NODE = 3.0  # loaded: the server's CPU for the same work
NODE_PACKAGES = ("ws", "yjs", "y-websocket", "@y/websocket-server")
LOGS = ("daphne-0.log", "daphne-1.log", "reference.log", "pycrdt.log", "editors.log")
DEFAULT_CAPACITY = (280, 420, 560, 840, 1120, 1680, 2240)


async def measure(
    target: Target, seeded: dict[str, Any], options: Options, *, scenario: str, log: Path
) -> dict[str, Any]:
    """One scenario on one server; the row of the table."""
    pair = {
        "warmup": options.warmup,
        "samples": options.samples,
        "pace": list(options.pace),
        "max_seconds": options.max_seconds,
    }
    cpu_before = target.cpu_seconds()
    started = time.perf_counter()
    row: dict[str, Any] = {"scenario": scenario, "server": target.name}
    if scenario == "alone":
        result = await run_client(client_config(target, seeded, mode="measure", busy=False, **pair), log)
    else:
        # The flood takes the last room; the load, every editor of the other rooms but the measured pair
        # (editors 0 and 1 of room 0).
        flood_room = options.rooms - 1 if scenario == "flooded" else None
        others = [
            [room, editor]
            for room in range(options.rooms)
            for editor in range(options.editors)
            if (room, editor) not in ((0, 0), (0, 1)) and room != flood_room
        ]
        settle_ms = round(options.settle * 1000)
        load_config = client_config(
            target, seeded, mode="load", editors=others, pace=list(options.pace), settle_ms=settle_ms
        )
        load = await node_client(load_config, log)
        flood: asyncio.subprocess.Process | None = None
        flooded: dict[str, Any] | None = None
        try:
            ready = await read_event(load, 120.0)
            assert ready["event"] == "ready", ready
            if flood_room is not None:
                flood_config = client_config(
                    target, seeded, mode="flood", room=flood_room, rate=options.flood_rate
                )
                flood = await node_client(flood_config, log)
                assert (await read_event(flood, 120.0))["event"] == "ready"
            await asyncio.sleep(options.settle)
            result = await run_client(client_config(target, seeded, mode="measure", busy=True, **pair), log)
        finally:
            if flood is not None:
                flooded = await stop_client(flood)
            background = await stop_client(load)
        if flooded is not None:
            row["flood_updates_per_s"] = round(flooded["sent"] / flooded["seconds"], 1)
            row["flood_closes"] = len(flooded["closes"])
        every = summary(background["latencies_ms"])
        row.update(
            {
                "editors": len(others) + 2,
                "edits_per_s": round(background["edits"] / background["seconds"], 1),
                "all_edits_seen": every["samples"],
                "all_p50_ms": every.get("p50_ms"),
                "all_p99_ms": every.get("p99_ms"),
                "all_max_ms": every.get("max_ms"),
                "join_seconds": round(ready["join_seconds"], 1),
                "load_closes": len(background["closes"]),
                "diverged": background["diverged"],
                "drain_seconds": round(background["drain_seconds"], 1),
            }
        )
    row.update(summary(result["latencies_ms"]))
    row["lost"] = result["lost"]
    row["cut_at_max_seconds"] = result["cut"]
    row["closes"] = len(result["closes"])
    row["seconds"] = round(time.perf_counter() - started, 1)
    row["server_cpu_s"] = round(target.cpu_seconds() - cpu_before, 1)
    return row


def with_ratios(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The project's p99 over each reference's, per scenario (ratios are what compare across machines)."""
    by = {(row["scenario"], row["key"]): row for row in rows}
    for row in rows:
        if row["key"] == "project":
            for other in ("node", "pycrdt"):
                theirs = by[(row["scenario"], other)]
                row[f"p99_vs_{other}"] = round(row["p99_ms"] / theirs["p99_ms"], 2)
    return rows


def targets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by = {(row["scenario"], row["key"]): row for row in rows}

    def check(target: str, measured: float, limit: float, *, strictly_below: bool = False) -> dict[str, Any]:
        met = measured < limit if strictly_below else measured <= limit
        return {"target": target, "measured": measured, "limit": limit, "met": met}

    checks = []
    for row in rows:
        if row["key"] != "project":
            continue
        scenario = row["scenario"]
        checks.append(
            check(
                f"{scenario}: project p99 <= {TARGET_RATIO_VS_NODE:g}x the Node y-websocket server",
                row["p99_vs_node"],
                TARGET_RATIO_VS_NODE,
            )
        )
        checks.append(
            check(
                f"{scenario}: project p99 below pycrdt-websocket's",
                row["p99_vs_pycrdt"],
                1.0,
                strictly_below=True,
            )
        )
        if scenario == "alone":
            continue
        pycrdt, node = by[(scenario, "pycrdt")], by[(scenario, "node")]
        checks.append(
            check(
                f"{scenario}: every edit's p99 <= {TARGET_ALL_P99_MS:g} ms",
                row["all_p99_ms"],
                TARGET_ALL_P99_MS,
            )
        )
        checks.append(
            check(
                f"{scenario}: every edit's p99 below pycrdt-websocket's ({pycrdt['all_p99_ms']} ms)",
                row["all_p99_ms"],
                pycrdt["all_p99_ms"],
                strictly_below=True,
            )
        )
        checks.append(
            check(
                f"{scenario}: server CPU <= {TARGET_CPU_VS_NODE:g}x Node's ({node['server_cpu_s']} s)",
                round(row["server_cpu_s"] / max(node["server_cpu_s"], 0.1), 2),
                TARGET_CPU_VS_NODE,
            )
        )
    return checks


COLUMNS = ["scenario", "server", "samples", "lost", "p50_ms", "p95_ms", "p99_ms", "max_ms", "p99_vs_node",
           "p99_vs_pycrdt", "edits_per_s", "all_p50_ms", "all_p99_ms", "server_cpu_s",
           "flood_closes"]  # fmt: skip


def table(rows: list[dict[str, Any]]) -> str:
    def cell(row: dict[str, Any], column: str) -> str:
        value = row.get(column)
        return "" if value is None else str(value)

    widths = [max(len(c), *(len(cell(r, c)) for r in rows)) for c in COLUMNS]
    lines = ["  ".join(c.ljust(w) for c, w in zip(COLUMNS, widths, strict=True))]
    lines += ["  ".join(cell(r, c).ljust(w) for c, w in zip(COLUMNS, widths, strict=True)) for r in rows]
    return "\n".join(lines)


def preflight() -> None:
    if shutil.which("node") is None:
        raise SystemExit("error: node not found; the client and the Node reference run on Node 20")
    missing = [name for name in NODE_PACKAGES if not (REPO / "node_modules" / name).is_dir()]
    if missing:
        raise SystemExit(
            f"error: {', '.join(missing)} missing from node_modules; run scripts/bootstrap first"
        )
    for module in ("pycrdt.websocket", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            raise SystemExit(
                f"error: {module} is not installed (dev dependencies); run scripts/bootstrap first"
            )


def parse_args() -> tuple[Options, int]:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--editors", type=int, default=5, help="editors per room in the loaded scenario")
    parser.add_argument("--pace", default="200,500", help="ms between two edits of one editor, low,high")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds of load before measuring")
    parser.add_argument(
        "--max-seconds", type=float, default=240.0, help="per server and scenario, the samples stop after it"
    )
    parser.add_argument("--products", type=int, default=50)
    parser.add_argument("--flood-rate", type=int, default=1000, help="updates a second of the flood")
    parser.add_argument("--no-flood", action="store_true", help="leave out the flooded scenario")
    parser.add_argument(
        "--processes", type=int, default=1,
        help="Daphne processes serving the project; editor e of a room talks to process e %% N",
    )  # fmt: skip
    parser.add_argument(
        "--embedded", action="store_true",
        help="the project on SQLite and the in-memory channel layer, as the run command starts it",
    )  # fmt: skip
    parser.add_argument(
        "--capacity", nargs="?", const=",".join(map(str, DEFAULT_CAPACITY)), default="",
        help="after the scenarios, ramp every editor's pace through these edits/s (default "
        f"{','.join(map(str, DEFAULT_CAPACITY))}) on the project and the Node server until a step misses",
    )  # fmt: skip
    parser.add_argument("--capacity-seconds", type=float, default=20.0, help="measured seconds per step")
    args = parser.parse_args()
    low, _, high = args.pace.partition(",")
    pace = (int(low), int(high or low))
    if args.samples < 1 or args.warmup < 0 or args.rooms < 1 or args.editors < 2:
        parser.error("--samples and --rooms must be positive, --editors at least 2, --warmup not negative")
    if not 0 <= pace[0] <= pace[1]:
        parser.error("--pace is low,high in milliseconds")
    if args.products < args.editors:
        parser.error("--products must be at least --editors (one variant per editor)")
    if not args.no_flood and (args.rooms < 2 or args.flood_rate < 1):
        parser.error("the flooded scenario needs --rooms 2 or more and a positive --flood-rate")
    if args.processes < 1 or (args.embedded and args.processes != 1):
        parser.error("--processes must be positive, and 1 with --embedded (its layer is per process)")
    try:
        capacity = tuple(int(rate) for rate in args.capacity.split(",") if rate.strip())
    except ValueError:
        parser.error("--capacity is a list of edits/s, e.g. 280,560,1120")
    if any(rate < 1 for rate in capacity) or args.capacity_seconds <= 0:
        parser.error("--capacity steps and --capacity-seconds must be positive")
    flood_rate = 0 if args.no_flood else args.flood_rate
    options = Options(
        args.samples, args.warmup, args.rooms, args.editors, pace, args.settle, args.max_seconds, flood_rate,
        args.processes, args.embedded, capacity, args.capacity_seconds,
    )  # fmt: skip
    return options, args.products


def main() -> None:
    options, products = parse_args()
    preflight()
    # A plain `kill` ends the run through the same clean-up as Ctrl-C.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))

    load_before = load_average()
    state = Path(tempfile.mkdtemp(prefix="shop-bench-yjs-"))
    processes: list[subprocess.Popen[bytes]] = []
    succeeded = False
    try:
        if options.embedded:
            env = embedded_env(state)
        else:
            env = production_env(services.up(state), state)
        python = str(REPO / ".venv/bin/python")
        manage = [python, "-m", "server.manage"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=REPO, env=env, check=True)
        seed_scale = ["seed_scale", "--products", str(products), "--force"]
        subprocess.run([*manage, *seed_scale], cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)
        rooms_file = state / "rooms.json"
        seed = ["--rooms", str(options.rooms), "--editors", str(options.editors), "--out", str(rooms_file)]
        subprocess.run([python, "-m", "bench.yjs.seed", *seed], cwd=REPO, env=env, check=True)
        seeded: dict[str, Any] = json.loads(rooms_file.read_text())
        print(f"seeded {products} products and {options.rooms} protocols of {options.editors} lines")

        project_port, node_port, pycrdt_port = (services.free_port() for _ in range(3))
        project_ports = (project_port, *(services.free_port() for _ in range(options.processes - 1)))
        for number, port in enumerate(project_ports):
            log_path = state / f"daphne-{number}.log"
            processes.append(services.start_daphne(port=port, env=env, log_path=log_path))
        shape = "SQLite log, in-memory layer" if options.embedded else "PostgreSQL log, Redis layer"
        project = Target(
            f"project ({options.processes} Daphne, {shape})", "project", tuple(processes), project_ports, True
        )
        node_server = subprocess.Popen(
            ["node", "bench/yjs/reference-server.mjs", "--port", str(node_port)],
            cwd=REPO, stdout=(state / "reference.log").open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        processes.append(node_server)
        services.wait_for_http(f"http://127.0.0.1:{node_port}/", process=node_server)
        pycrdt_server = subprocess.Popen(
            [python, "-m", "bench.yjs.pycrdt_server", "--port", str(pycrdt_port)],
            cwd=REPO, stdout=(state / "pycrdt.log").open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        processes.append(pycrdt_server)
        services.wait_for_port(pycrdt_port)
        order = [
            Target("node (@y/websocket-server)", "node", (node_server,), (node_port,), False),
            Target("pycrdt-websocket (Uvicorn)", "pycrdt", (pycrdt_server,), (pycrdt_port,), False),
            project,
        ]

        async def everything() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            rows = []
            scenarios = ["alone", "loaded"] + (["flooded"] if options.flood_rate else [])
            for scenario in scenarios:
                for target in order:
                    row = await measure(target, seeded, options, scenario=scenario, log=state / "editors.log")
                    row["key"] = target.key
                    rows.append(row)
                    print(
                        f"  {row['scenario']}: {target.name} measured, p99 {row.get('p99_ms')} ms", flush=True
                    )
                    await asyncio.sleep(3.0)  # the server closes its rooms (the project compacts)
            steps = []
            if options.capacity:
                for target in (order[0], project):  # Node, then the project
                    steps += await ramp(target, seeded, options, log=state / "editors.log")
            return rows, steps

        measured, steps = asyncio.run(everything())
        rows = with_ratios(measured)
        checks = targets(rows)
        load_after = load_average()

        print(table(rows))
        for check in checks:
            print(f"{'met   ' if check['met'] else 'MISSED'}  {check['target']}: {check['measured']}")
        capacity = {key: largest_held(steps, key) for key in ("node", "project")} if steps else None
        if capacity is not None:
            print(
                f"capacity (every edit's p99 <= {TARGET_ALL_P99_MS:g} ms, nothing lost): project "
                f"{capacity['project']} edits/s on {options.processes} process(es), Node {capacity['node']} "
                f"edits/s (steps {', '.join(map(str, options.capacity))})"
            )
        print(f"load average (1, 5, 15 min) before {load_before}, after {load_after}")
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"yjs-{stamp}.json"
        report = {
            "benchmark": "yjs",
            "at": stamp,
            "samples": options.samples,
            "warmup": options.warmup,
            "rooms": options.rooms,
            "editors_per_room": options.editors,
            "pace_ms": list(options.pace),
            "settle_s": options.settle,
            "max_seconds": options.max_seconds,
            "flood_rate": options.flood_rate,
            "processes": options.processes,
            "embedded": options.embedded,
            "editor_spread": "editor e of a room talks to project process e % processes",
            "edit": "items[<variant id>].quantity = n (Y.Map set), A's line seen in B's document",
            "loaded_method": (
                "the measured pair in room 0 (B also editing) timed sequentially, while a second Node "
                "process runs every other editor of all rooms at the pace and times each of its edits "
                "until the other editors of the room in it see the edit (all_* columns)"
            ),
            "load_average_before": load_before,
            "load_average_after": load_after,
            "cpus": os.cpu_count(),
            "rows": rows,
            "targets": checks,
            "capacity_steps": steps,
            "capacity_edits_per_s": capacity,
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
            for log in LOGS:
                print(f"--- last lines of {log} (access log left out) ---", file=sys.stderr)
                print(log_tail(state / log), file=sys.stderr)
            print(f"logs kept in {state}", file=sys.stderr)


if __name__ == "__main__":
    main()
