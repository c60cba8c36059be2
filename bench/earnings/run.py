"""The earnings benchmark (docs/decisions/0020-practitioner-earnings.md), one command:

    bench/earnings/run [--entries 1000000] [--practitioners 2000] [--target-entries 20000]
                       [--requests 1000] [--concurrency 10]

Starts its own PostgreSQL and Redis, writes a ledger of ENTRIES entries across PRACTITIONERS practitioners
(bench.earnings.seed), TARGET_ENTRIES of them one practitioner's, then measures at concurrency 10, for that
practitioner: the dashboard call (both currencies), a month's statement as CSV and as PDF, and the same
dashboard figures from a minimal raw-SQL ASGI endpoint (bench.earnings.reference). Prints a table and
writes JSON under bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.lib.loadgen import Request, Summary, run_load
from bench.lib.processes import load_average, log_tail, python_module, stop
from bench.lib.server_env import production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
TARGET_MS = 50.0


def measure(url: str, requests: list[Request], total: int, concurrency: int) -> Summary:
    return asyncio.run(
        run_load(url, requests, concurrency=concurrency, total=total, warmup=max(20, total // 10))
    )


def once(url: str, requests: list[Request]) -> Summary:
    return asyncio.run(run_load(url, requests, concurrency=1, total=1, warmup=0))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--practitioners", type=int, default=2000)
    parser.add_argument("--target-entries", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=10)
    args = parser.parse_args()

    state = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    urls = services.up(state)
    processes: list[subprocess.Popen[bytes]] = []
    env = {**production_env(urls, state), "EMAIL_URL": "locmem://"}
    try:
        python_module(env, "server.manage", "migrate", "--noinput", "-v", "0")
        started = time.perf_counter()
        seeded = json.loads(
            python_module(
                {**env, "DJANGO_SETTINGS_MODULE": "server.config.settings.prod"},
                "bench.earnings.seed",
                str(args.entries),
                str(args.practitioners),
                str(args.target_entries),
            )
        )
        seed_seconds = time.perf_counter() - started
        project_port, reference_port = services.free_port(), services.free_port()
        processes.append(services.start_daphne(port=project_port, env=env, log_path=state / "project.log"))
        reference = subprocess.Popen(
            [str(REPO / ".venv/bin/daphne"), "-b", "127.0.0.1", "-p", str(reference_port),
             "bench.earnings.reference:app"],
            cwd=REPO, env=env, stdout=(state / "reference.log").open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        processes.append(reference)
        services.wait_for_http(f"http://127.0.0.1:{reference_port}/", process=reference)
        print(
            f"{args.entries:,} entries, {args.practitioners:,} practitioners, {args.target_entries:,} of one "
            f"(seeded in {seed_seconds:.0f} s); load average {load_average()}"
        )
        auth = (("Authorization", f"Bearer {seeded['token']}"),)
        base = "/api/v2/account/practitioners/earnings"
        month = datetime.now(UTC).strftime("%Y-%m")
        project = f"http://127.0.0.1:{project_port}"
        dashboard_request = [Request("GET", base, headers=auth)]
        csv_request = [Request("GET", f"{base}/statements/{month}.csv", headers=auth)]
        pdf_request = [Request("GET", f"{base}/statements/{month}.pdf", headers=auth)]
        # The first call of each does the work (the sums, the file) and fills the cache; the rest read it.
        rows: dict[str, Summary] = {
            "dashboard, first call (cold)": once(project, dashboard_request),
            "statement CSV, first call (cold)": once(project, csv_request),
            "statement PDF, first call (cold)": once(project, pdf_request),
            "reference: raw-SQL dashboard figures": measure(
                f"http://127.0.0.1:{reference_port}",
                [Request("GET", "/", headers=(("X-Practitioner", str(seeded["practitioner"])),))],
                args.requests,
                args.concurrency,
            ),
            # A floor: the health call (no auth; one query and a channel-layer round trip) at the same
            # concurrency, what the server costs before any of the dashboard's work.
            "floor: GET /api/health": measure(
                project, [Request("GET", "/api/health")], args.requests, args.concurrency
            ),
            "dashboard (GET .../earnings)": measure(
                project, dashboard_request, args.requests, args.concurrency
            ),
            f"statement {month}.csv": measure(project, csv_request, args.requests // 2, args.concurrency),
            f"statement {month}.pdf": measure(project, pdf_request, args.requests // 2, args.concurrency),
        }
        reference_p95 = rows["reference: raw-SQL dashboard figures"].p95_ms
        print(
            f"{'':38}{'requests':>9}{'rps':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}"
            f"{'p95/ref':>9}"
        )
        for name, summary in rows.items():
            print(
                f"{name:38}{summary.requests:>9}{summary.throughput:>8.1f}{summary.p50_ms:>9.1f}"
                f"{summary.p95_ms:>9.1f}{summary.p99_ms:>9.1f}{summary.errors:>8}"
                f"{summary.p95_ms / max(reference_p95, 0.001):>9.2f}"
            )
        dashboard = rows["dashboard (GET .../earnings)"]
        verdict = "met" if dashboard.p95_ms <= TARGET_MS and dashboard.errors == 0 else "MISSED"
        print(f"{verdict}     dashboard p95 <= {TARGET_MS:.0f} ms at concurrency {args.concurrency}")
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"earnings-{stamp}.json"
        report: dict[str, Any] = {
            "benchmark": "earnings",
            "at": stamp,
            "entries": args.entries,
            "practitioners": args.practitioners,
            "target_entries": args.target_entries,
            "concurrency": args.concurrency,
            "results": {name: summary.as_dict() for name, summary in rows.items()},
            "dashboard_p95_ratio_vs_reference": round(dashboard.p95_ms / max(reference_p95, 0.001), 2),
            "load_average": load_average(),
        }
        out.write_text(json.dumps(report, indent=2))
        print(f"written {out.relative_to(REPO)}")
    except Exception:
        print(log_tail(state / "project.log"))
        raise
    finally:
        for process in processes:
            stop(process)
        services.down(state)


if __name__ == "__main__":
    main()
