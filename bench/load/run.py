"""The load run (docs/decisions/0025-reliability-and-security-proven-part-one.md), one command:

    bench/load/run [--minutes 10] [--users 40] [--processes 2] [--warm-up 60]

Starts the production shape on its own servers (PostgreSQL, Redis, `--processes` Daphne processes with
production settings), loads the demo catalogue, shoppers and practitioners, then runs the shop's traffic
(bench/load/locustfile.py) with locust for `--minutes` at `--users` concurrent users. Reports, per call,
the count, failures and p50/p95/p99 latency; the error rate (it must be 0); and each process's memory after
the warm-up and at the end (it must not grow by more than 10 %). Prints a table and writes JSON under
bench/results/.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.lib.processes import load_average, log_tail, python_module, stop
from bench.lib.server_env import production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
MOST_MEMORY_GROWTH = 0.10


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def read_stats(path: Path) -> list[dict[str, Any]]:
    rows = []
    with path.open() as file:
        for row in csv.DictReader(file):
            rows.append(
                {
                    "name": row["Name"] if row["Type"] else "all calls",
                    "method": row["Type"],
                    "requests": int(row["Request Count"]),
                    "failures": int(row["Failure Count"]),
                    "per_second": round(float(row["Requests/s"]), 1),
                    "p50_ms": float(row["50%"] or 0),
                    "p95_ms": float(row["95%"] or 0),
                    "p99_ms": float(row["99%"] or 0),
                }
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--users", type=int, default=40)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--warm-up", type=float, default=60.0, help="seconds before the first memory reading")
    args = parser.parse_args()

    state = Path(tempfile.mkdtemp(prefix="shop-load-"))
    urls = services.up(state)
    env = {**production_env(urls, state), "EMAIL_URL": "locmem://"}
    daphnes: list[subprocess.Popen[bytes]] = []
    try:
        python_module(env, "server.manage", "migrate", "--noinput", "-v", "0")
        python_module(env, "server.manage", "seed_demo", "--force")
        shoppers = max(args.users, 20)
        people = json.loads(
            python_module(
                {**env, "DJANGO_SETTINGS_MODULE": "server.config.settings.prod"},
                "bench.load.seed",
                str(shoppers),
                str(max(args.users // 20, 2)),
            )
        )
        ports = [services.free_port() for _ in range(args.processes)]
        for number, port in enumerate(ports):
            daphnes.append(services.start_daphne(port=port, env=env, log_path=state / f"daphne-{number}.log"))
        data = state / "load.json"
        data.write_text(json.dumps({**people, "hosts": [f"http://127.0.0.1:{port}" for port in ports]}))
        print(
            f"{args.users} users for {args.minutes:g} min on {args.processes} Daphne process(es), "
            f"PostgreSQL and Redis; load average {load_average()}"
        )

        memory: dict[str, list[float]] = {}

        def read_memory_after_warm_up() -> None:
            time.sleep(args.warm_up)
            memory["start"] = [rss_mib(process.pid) for process in daphnes]

        reader = threading.Thread(target=read_memory_after_warm_up, daemon=True)
        reader.start()
        started = time.monotonic()
        subprocess.run(
            [
                str(REPO / ".venv/bin/locust"),
                "-f",
                str(REPO / "bench" / "load" / "locustfile.py"),
                "--headless",
                "--users",
                str(args.users),
                "--spawn-rate",
                str(max(args.users // 10, 1)),
                "--run-time",
                f"{int(args.minutes * 60)}s",
                "--csv",
                str(state / "load"),
                "--only-summary",
                "--loglevel",
                "WARNING",
            ],
            cwd=REPO,
            env={**env, "LOAD_DATA": str(data)},
            check=False,
        )
        seconds = time.monotonic() - started
        reader.join(timeout=1)
        memory["end"] = [rss_mib(process.pid) for process in daphnes]
        alive = all(process.poll() is None for process in daphnes)

        rows = read_stats(state / "load_stats.csv")
        total = next(row for row in rows if row["name"] in ("Aggregated", "all calls"))
        error_rate = total["failures"] / max(total["requests"], 1)
        growth = [
            round((end - start) / start, 3) if start else None
            for start, end in zip(memory.get("start", []), memory["end"], strict=False)
        ]
        heading = f"{'requests':>10}{'failures':>10}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
        print(f"\n{'call':32}{heading}")
        for row in rows:
            print(
                f"{row['name'][:32]:32}{row['requests']:>10}{row['failures']:>10}{row['per_second']:>8}"
                f"{row['p50_ms']:>9g}{row['p95_ms']:>9g}{row['p99_ms']:>9g}"
            )
        print(f"\nerror rate: {error_rate:.5f} ({total['failures']} of {total['requests']})")
        for number, (start, end) in enumerate(zip(memory.get("start", []), memory["end"], strict=False)):
            change = growth[number] or 0.0
            print(f"Daphne {number}: {start} MiB after the warm-up, {end} MiB at the end ({change:+.1%})")
        memory_ok = bool(growth) and all(g is not None and g <= MOST_MEMORY_GROWTH for g in growth)
        print(f"{'met' if error_rate == 0 else 'MISSED'}     error rate 0")
        print(f"{'met' if memory_ok else 'MISSED'}     memory growth of each process <= 10 %")
        print(f"{'met' if alive else 'MISSED'}     every process still serving")
        failures = state / "load_failures.csv"
        if total["failures"] and failures.exists():
            print("failures:\n" + "\n".join(failures.read_text().splitlines()[:8]))
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"load-{stamp}.json"
        out.write_text(
            json.dumps(
                {
                    "benchmark": "load",
                    "at": stamp,
                    "users": args.users,
                    "processes": args.processes,
                    "seconds": round(seconds, 1),
                    "calls": rows,
                    "error_rate": error_rate,
                    "memory_mib": memory,
                    "memory_growth": growth,
                    "load_average": load_average(),
                },
                indent=2,
            )
            + "\n"
        )
        print(f"written to {out.relative_to(REPO)}")
        if not alive:
            for number in range(len(daphnes)):
                print(log_tail(state / f"daphne-{number}.log"))
    finally:
        for process in daphnes:
            stop(process)
        services.down(state)


if __name__ == "__main__":
    main()
