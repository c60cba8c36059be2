"""The automatic refills benchmark (docs/decisions/0042-automatic-refills.md), one command:

    bench/subscriptions/run [--subscriptions 10000] [--processes 2] [--reference 1000]

Starts its own PostgreSQL and Redis, migrates, loads part of the demo catalogue, and writes N clients each
with an active automatic refill (two products) on a valid test-provider mandate, all due on one day. Then
`subscriptions_run` for that day runs in `--processes` processes at once (two by default, one per core of
this machine, as two task workers or a worker and the catch-up command would), and its wall time and
parcels per second are measured. The database then proves that every refill got exactly one parcel, paid
by exactly one recurring charge, and that no order was charged twice. Next to it, in the same run, the
same parcels of the first `--reference` clients are placed as a client would place them (cart, place
order, pay: the checkout calls through the project's HTTP stack), and their rate gives the time the
checkout path would take for all N. Target: the day of 10,000 parcels in under 5 minutes on this machine,
none charged twice. Prints a table and writes JSON under bench/results/.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from bench.lib.processes import REPO, load_average, python_module
from bench.lib.server_env import production_env
from scripts import services

RESULTS = REPO / "bench" / "results"
DAY = date(2026, 12, 1)
TARGET_SECONDS = 300


def verify(database_url: str, count: int) -> dict[str, Any]:
    """What the database says the run did: one paid parcel per refill, one charge per parcel."""
    with psycopg.connect(database_url) as connection:

        def one(sql: str) -> int:
            row = connection.execute(sql).fetchone()
            return int(row[0]) if row else 0

        return {
            "refills": one("SELECT count(*) FROM subscriptions_subscription WHERE idempotency_key = 'bench'"),
            "parcels": one(f"SELECT count(*) FROM subscriptions_parcel WHERE date = '{DAY}'"),
            "parcels_paid": one(
                f"SELECT count(*) FROM subscriptions_parcel WHERE date = '{DAY}' AND state = 'paid'"
            ),
            "refills_with_two_parcels": one(
                "SELECT count(*) FROM (SELECT subscription_id FROM subscriptions_parcel "
                f"WHERE date = '{DAY}' GROUP BY subscription_id HAVING count(*) > 1) twice"
            ),
            "recurring_payments": one(
                "SELECT count(*) FROM payments_payment WHERE sequence_type = 'recurring'"
            ),
            "provider_charges": one(
                "SELECT count(*) FROM payments_testproviderpayment WHERE sequence_type = 'recurring'"
            ),
            "orders_charged_twice": one(
                "SELECT count(*) FROM (SELECT order_id FROM payments_payment "
                "WHERE sequence_type = 'recurring' GROUP BY order_id HAVING count(*) > 1) twice"
            ),
            "orders_paid": one(
                "SELECT count(*) FROM orders_order WHERE subscription_id IS NOT NULL AND state = 'paid'"
            ),
            "expected": count,
        }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--subscriptions", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=2, help="runs of the same day at once")
    parser.add_argument("--reference", type=int, default=1_000, help="parcels placed through checkout calls")
    args = parser.parse_args()

    state = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    urls = services.up(state)
    env = {**production_env(urls, state), "EMAIL_URL": "locmem://"}
    prod_env = {**env, "DJANGO_SETTINGS_MODULE": "server.config.settings.prod"}
    try:
        python_module(env, "server.manage", "migrate", "--noinput", "-v", "0")
        python_module(env, "server.manage", "seed_demo", "--products", "40", "--force")
        started = time.perf_counter()
        seeded = json.loads(
            python_module(prod_env, "bench.subscriptions.seed", str(args.subscriptions), DAY.isoformat())
        )
        print(
            f"{args.subscriptions:,} automatic refills due on {DAY} written in "
            f"{time.perf_counter() - started:.1f} s; {args.processes} run process(es); "
            f"load average {load_average()}"
        )
        started = time.perf_counter()
        runs = [
            subprocess.Popen(
                [str(REPO / ".venv/bin/python"), "-m", "bench.subscriptions.day", "run", DAY.isoformat()],
                cwd=REPO,
                env=prod_env,
                stdout=subprocess.PIPE,
                text=True,
            )
            for _ in range(args.processes)
        ]
        outputs = [json.loads(run.communicate()[0]) for run in runs]
        wall = time.perf_counter() - started
        if any(run.returncode for run in runs):
            raise RuntimeError("a run failed")
        checks = verify(urls["DATABASE_URL"], args.subscriptions)
        reference = json.loads(
            python_module(
                prod_env,
                "bench.subscriptions.day",
                "reference",
                str(args.reference),
                (DAY + timedelta(days=1)).isoformat(),
            )
        )
        ours = {
            "parcels": checks["parcels_paid"],
            "wall_seconds": round(wall, 1),
            "parcels_per_second": round(checks["parcels_paid"] / wall, 1),
            "cpu_seconds": round(sum(float(out["cpu_seconds"]) for out in outputs), 1),
            "runs": outputs,
        }
        theirs = {
            "orders": reference["orders"],
            "wall_seconds": reference["wall_seconds"],
            "orders_per_second": round(reference["orders"] / max(float(reference["wall_seconds"]), 0.001), 1),
            "cpu_seconds": reference["cpu_seconds"],
            "errors": reference["errors"],
        }
        theirs["projected_seconds_for_all"] = round(
            args.subscriptions / max(theirs["orders_per_second"], 0.001), 1
        )
        ours["speed_ratio_vs_checkout_calls"] = round(
            ours["parcels_per_second"] / max(theirs["orders_per_second"], 0.001), 2
        )
        problems = [
            name
            for name, bad in (
                ("a refill without its paid parcel", checks["parcels_paid"] != args.subscriptions),
                ("a refill with two parcels", checks["refills_with_two_parcels"] != 0),
                ("an order charged twice", checks["orders_charged_twice"] != 0),
                ("charges at the provider != parcels", checks["provider_charges"] != args.subscriptions),
                ("payments recorded != parcels", checks["recurring_payments"] != args.subscriptions),
            )
            if bad
        ]
        print(f"{'':40}{'parcels':>9}{'wall s':>9}{'per s':>8}{'CPU s':>8}")
        print(
            f"{'the day run (subscriptions_run)':40}{ours['parcels']:>9}{ours['wall_seconds']:>9}"
            f"{ours['parcels_per_second']:>8}{ours['cpu_seconds']:>8}"
        )
        print(
            f"{'the same through checkout calls':40}{theirs['orders']:>9}{theirs['wall_seconds']:>9}"
            f"{theirs['orders_per_second']:>8}{theirs['cpu_seconds']:>8}"
        )
        print(
            f"checkout calls for all {args.subscriptions:,}: about {theirs['projected_seconds_for_all']} s; "
            f"the run is {ours['speed_ratio_vs_checkout_calls']}x their rate"
        )
        print(f"verified: {checks}; problems: {problems or 'none'}")
        met = wall < TARGET_SECONDS and not problems
        print(
            f"{'met' if met else 'MISSED'}     {args.subscriptions:,} parcels in under {TARGET_SECONDS} s "
            f"({wall:.1f} s), none charged twice"
        )
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"subscriptions-{stamp}.json"
        out.write_text(
            json.dumps(
                {
                    "benchmark": "subscriptions",
                    "at": stamp,
                    "subscriptions": args.subscriptions,
                    "processes": args.processes,
                    "seeded": seeded,
                    "project": ours,
                    "reference": theirs,
                    "verification": checks,
                    "problems": problems,
                    "load_average": load_average(),
                },
                indent=2,
            )
        )
        print(f"written {out.relative_to(REPO)}")
    except subprocess.CalledProcessError as error:
        print(error.stderr or "")
        raise
    finally:
        services.down(state)


if __name__ == "__main__":
    main()
