"""The daily-totals benchmark (docs/decisions/0031-daily-totals.md), one command:

    bench/nutrition/run [--lines 30] [--repeat 500] [--embedded]

Server: starts its own PostgreSQL (or, with --embedded, SQLite), seeds a protocol of LINES lines whose
variants have supplement facts, and times the daily totals of the owner's call (reading the lines and facts,
adding them up) against the protocol's own read in the same process (bench.nutrition.measure). Target: p95
<= 5 ms for 30 lines. The same run times the interaction warnings and "arrange the day" of that protocol
shared with a client who takes 5 medicines (docs/decisions/0043-the-day-schedule.md). Target: p95 <= 10 ms
each. Web: `vitest bench` on the builder's own totals of 30 lines against the price total
it works out on every change (web/src/features/protocol-builder/state/daily-totals.bench.ts). Target: within
one frame (16 ms); and the builder's live day warnings of that protocol with 5 medicines
(web/src/features/protocol-builder/state/day-warnings.bench.ts) against the same reference, within a frame.
Prints a table and writes JSON under bench/results/.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.lib.processes import load_average, python_module
from bench.lib.server_env import embedded_env, production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
SERVER_TARGET_MS = 5.0
DAY_TARGET_MS = 10.0
FRAME_MS = 16.0
WEB_BENCHES = {
    "totals": ("src/features/protocol-builder/state/daily-totals.bench.ts", "daily totals"),
    "warnings": ("src/features/protocol-builder/state/day-warnings.bench.ts", "day warnings"),
}
REFERENCE_BENCH = "reference: the price total after a line change"


def web_bench(state: Path) -> dict[str, Any]:
    """Each web bench file with the reference it runs beside (the same in both)."""
    pick = ("mean", "p75", "p99", "max", "hz", "sampleCount")

    def fields(bench: dict[str, Any]) -> dict[str, float]:
        return {key: bench[key] for key in pick}

    result: dict[str, Any] = {}
    for key, (path, name) in WEB_BENCHES.items():
        out = state / f"web-bench-{key}.json"
        subprocess.run(
            ["npx", "vitest", "bench", "--run", path, "--outputJson", str(out)],
            cwd=REPO / "web",
            check=True,
            stdout=subprocess.DEVNULL,
        )
        groups = json.loads(out.read_text())["files"][0]["groups"][0]["benchmarks"]
        named = {bench["name"]: bench for bench in groups}
        result[key] = fields(named[name])
        result[f"{key}_reference"] = fields(named[REFERENCE_BENCH])
    result["reference"] = result["totals_reference"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--lines", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--embedded", action="store_true", help="SQLite, as the run command serves")
    args = parser.parse_args()

    state = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    load_before = load_average()
    try:
        if args.embedded:
            env = embedded_env(state)
        else:
            env = production_env(services.up(state), state)
        python_module(env, "server.manage", "migrate", "--noinput", "-v", "0")
        server = json.loads(python_module(env, "bench.nutrition.measure", str(args.lines), str(args.repeat)))
        web = web_bench(state)
    finally:
        if not args.embedded:
            services.down(state)
    totals, reference = server["totals"], server["reference"]
    result = {
        "at": datetime.now(UTC).isoformat(),
        "database": "sqlite" if args.embedded else "postgresql",
        "server": server,
        "web": web,
        "load_before": load_before,
        "load_after": load_average(),
    }
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"nutrition-{datetime.now(UTC).strftime('%Y%m%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"Daily totals of a {args.lines}-line protocol "
        f"({server['nutrients']} nutrients, levels {server['levels']})"
    )
    print(f"{'':34} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    print(f"{'server: daily totals':34} {totals['p50']:8.3f} {totals['p95']:8.3f} {totals['p99']:8.3f}")
    print(
        f"{'server: the protocol read (ref.)':34} "
        f"{reference['p50']:8.3f} {reference['p95']:8.3f} {reference['p99']:8.3f}"
    )
    print(
        f"  ratio (p95): {totals['p95'] / reference['p95']:.2f}x; target p95 <= {SERVER_TARGET_MS} ms: "
        f"{'met' if totals['p95'] <= SERVER_TARGET_MS else 'MISSED'}"
    )
    print(
        f"The day of that protocol with {server['medicines']} medicines "
        f"({server['warnings']} warnings; arranging moves {server['moved']} lines, {server['cannot']} left)"
    )
    for key, label in (
        ("interactions", "server: interaction warnings"),
        ("arrange", "server: arrange the day"),
    ):
        row = server[key]
        print(f"{label:34} {row['p50']:8.3f} {row['p95']:8.3f} {row['p99']:8.3f}")
        print(
            f"  ratio (p95): {row['p95'] / reference['p95']:.2f}x; target p95 <= {DAY_TARGET_MS} ms: "
            f"{'met' if row['p95'] <= DAY_TARGET_MS else 'MISSED'}"
        )
    for key, label in (("totals", "web: daily totals"), ("warnings", "web: day warnings (5 medicines)")):
        wt, wr = web[key], web[f"{key}_reference"]
        print(f"{label:34} {wt['mean']:8.4f} {'':>8} {wt['p99']:8.4f}  (mean, p99)")
        print(f"{'web: price total (ref.)':34} {wr['mean']:8.4f} {'':>8} {wr['p99']:8.4f}")
        print(
            f"  ratio (mean): {wt['mean'] / wr['mean']:.1f}x; target within a frame ({FRAME_MS} ms): "
            f"{'met' if wt['p99'] <= FRAME_MS else 'MISSED'}"
        )
    print(f"written to {path.relative_to(REPO)}")


if __name__ == "__main__":
    main()
