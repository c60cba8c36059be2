"""The checkout benchmark (docs/decisions/0017-checkout-orders-and-payments.md), one command:

    bench/checkout/run [--buyers 50] [--seconds 60] [--processes 1] [--scarce N]

Starts its own PostgreSQL and Redis, migrates, loads part of the demo catalogue and the buyers, then lets
50 buyers shop at once for 60 seconds, each in a loop: put one to three products in the cart, place an
order of it (with an Idempotency-Key; every tenth order is sent twice, as a retry would), and pay it on
the test provider's page. It reports orders per second and the place-order call's latency, next to a
minimal raw-SQL ASGI app doing the same three steps on the same tables (bench.checkout.reference), and
proves from the database that no order was made twice or lost: every order placed is paid once, and its
totals add up again from its lines. With `--processes N` the project runs as N Daphne processes on one
database and the buyers are dealt round-robin over them, as a proxy in front would. Prints a table and
writes JSON under bench/results/.

Stock is counted (docs/decisions/0040-stock-a-ledger-below-orders.md): before the phases every variant the
buyers buy is counted to 1,000,000 units through the stock services, so the unlimited phase never runs
short. With `--scarce N` a scarce phase follows it in the same command: one other variant counted to
exactly N units, every buyer's cart holding it once, and the buyers racing to place an order of it (a new
Idempotency-Key each attempt) and pay. A 409 out_of_stock is a refusal, not an error; a buyer refused
while units are still held by unpaid orders tries again a moment later, one refused once all are paid
stops. It reports orders per second, the place-order latency, the refusals and their latency, next to
the unlimited run, and proves from the database that exactly N units were sold, none twice: the paid orders
of the variant add up to N, its level is 0 on hand and 0 held and equals the sum of its movements, whose
sales add up to N, and every order was answered once and paid once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import tempfile
import time
import uuid
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg

from bench.checkout.buyers import ADDRESS, Tally, as_json, bearer, connect, ledger_problems, summary
from bench.checkout.scarce import print_scarce, scarce_phase, scarce_summary, verify_scarce
from bench.lib.loadgen import Request
from bench.lib.processes import load_average, log_tail, python_module, stop
from bench.lib.server_env import production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
# What each variant of the unlimited phase is counted to: more than 60 s of buying can take.
PLENTY = 1_000_000


async def shop_project(
    base: str,
    buyer: dict[str, Any],
    variants: list[int],
    method_id: int,
    deadline: float,
    tally: Tally,
    rng: random.Random,
) -> None:
    connection = connect(base)
    auth = bearer(buyer)
    placed = 0
    try:
        while time.perf_counter() < deadline:
            for variant in rng.sample(variants, rng.randint(1, 3)):
                body = json.dumps({"product_variant_id": variant, "quantity": rng.randint(1, 2)}).encode()
                status, reply = await connection.send(
                    Request("POST", "/api/v2/storefront/cart/items", body, auth)
                )
                if status != 200:
                    tally.errors.append(f"cart {status} {reply[:200]!r}")
            key = uuid.uuid4().hex
            order_body = json.dumps({"shipping_address": ADDRESS, "shipping_method_id": method_id}).encode()
            request = Request(
                "POST", "/api/v2/checkout/orders", order_body, (*auth, ("Idempotency-Key", key))
            )
            started = time.perf_counter()
            status, reply = await connection.send(request)
            tally.place_ms.append((time.perf_counter() - started) * 1000)
            if status != 201:
                tally.errors.append(f"place {status} {reply[:200]!r}")
                continue
            order = as_json(reply)
            tally.orders.append(order["number"])
            placed += 1
            if placed % 10 == 0:  # a retry of the same checkout: the same order, not a second one
                status, again = await connection.send(request)
                tally.retried.append((order["number"], as_json(again).get("number", f"status {status}")))
            payment_id = order["payment_url"].rsplit("/", 1)[1]
            pay = json.dumps({"outcome": "paid", "method": "ideal"}).encode()
            status, reply = await connection.send(Request("POST", f"/api/v2/payments/test/{payment_id}", pay))
            if status != 200 or as_json(reply)["status"] != "paid":
                tally.errors.append(f"pay {status} {reply[:200]!r}")
    finally:
        connection.close()


async def shop_reference(
    base: str, buyer: dict[str, Any], variants: list[int], deadline: float, tally: Tally, rng: random.Random
) -> None:
    connection = connect(base)
    who = (("X-Buyer", str(buyer["id"])),)
    try:
        while time.perf_counter() < deadline:
            for variant in rng.sample(variants, rng.randint(1, 3)):
                body = json.dumps({"product_variant_id": variant, "quantity": rng.randint(1, 2)}).encode()
                await connection.send(Request("POST", "/cart", body, who))
            started = time.perf_counter()
            status, reply = await connection.send(Request("POST", "/orders", b"{}", who))
            tally.place_ms.append((time.perf_counter() - started) * 1000)
            if status != 200:
                tally.errors.append(f"place {status}")
                continue
            order = as_json(reply)
            tally.orders.append(order["number"])
            await connection.send(Request("POST", f"/pay/{order['id']}", b"{}", who))
    finally:
        connection.close()


def verify(database_url: str, tally: Tally, variants: list[int]) -> dict[str, Any]:
    """No double order, no lost order, every order paid once, totals that add up again from the lines; the
    variants' stock levels are the sums of their movements and hold nothing for unpaid orders."""
    numbers = set(tally.orders)
    with psycopg.connect(database_url) as connection:
        problems = ledger_problems(connection, variants)
        problems += [
            f"variant {variant}: {reserved} units still held"
            for variant, reserved in connection.execute(
                "SELECT variant_id, reserved FROM stock_stocklevel "
                "WHERE variant_id = ANY(%s) AND reserved <> 0",
                (variants,),
            )
        ]
        rows = connection.execute(
            "SELECT o.number, o.state, o.subtotal, o.discount, o.shipping, o.total, "
            "(SELECT count(*) FROM orders_orderevent e WHERE e.order_id = o.id AND e.state = 'paid'), "
            "(SELECT count(*) FROM payments_payment p WHERE p.order_id = o.id AND p.status = 'paid'), "
            "(SELECT coalesce(sum(l.total), 0) FROM orders_orderline l WHERE l.order_id = o.id), "
            "(SELECT coalesce(sum(l.unit_price * l.quantity), 0) FROM orders_orderline l "
            "WHERE l.order_id = o.id) "
            "FROM orders_order o JOIN accounts_user u ON u.id = o.buyer_id "
            "WHERE o.number LIKE 'PS-%%' AND u.email LIKE 'buyer%%@example.com'"
        ).fetchall()
    in_db = {row[0]: row for row in rows}
    if len(numbers) != len(tally.orders):
        problems.append("a number was answered twice for different checkouts")
    if set(in_db) != numbers:
        problems.append(
            f"{len(set(in_db) - numbers)} orders not answered, "
            f"{len(numbers - set(in_db))} answered but missing"
        )
    for (
        number,
        state,
        subtotal,
        discount,
        shipping,
        total,
        paid_events,
        paid_payments,
        lines_total,
        gross,
    ) in rows:
        if state != "paid" or paid_events != 1 or paid_payments != 1:
            problems.append(f"{number}: {state}, {paid_events} paid events, {paid_payments} paid payments")
        if total != lines_total + shipping or subtotal != gross or subtotal - discount + shipping != total:
            problems.append(f"{number}: totals do not add up")
    for first, again in tally.retried:
        if first != again:
            problems.append(f"retry of {first} answered {again}")
    return {
        "orders_in_database": len(in_db),
        "retries_checked": len(tally.retried),
        "problems": problems[:20],
        "sum_of_totals": str(sum((Decimal(r[5]) for r in rows), Decimal(0))),
    }


async def phase(worker: Any, buyers: list[dict[str, Any]], seconds: float) -> tuple[Tally, float]:
    tally = Tally()
    started = time.perf_counter()
    deadline = started + seconds
    # Seeded generators: each buyer's shopping is the same from run to run (choices, not secrets).
    choices = [random.Random(i) for i in range(len(buyers))]
    await asyncio.gather(*(worker(buyer, deadline, tally, choices[i]) for i, buyer in enumerate(buyers)))
    return tally, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--buyers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=1, help="Daphne processes serving the project")
    parser.add_argument(
        "--scarce",
        type=int,
        metavar="N",
        help="then let the buyers race for N units of one variant, with exactly N sold",
    )
    args = parser.parse_args()
    if args.scarce is not None and not 1 <= args.scarce <= PLENTY:
        parser.error(f"--scarce takes a number of units from 1 to {PLENTY}")

    state = Path(tempfile.mkdtemp(prefix="shop-bench-"))
    urls = services.up(state)
    processes: list[subprocess.Popen[bytes]] = []
    # Mails go to memory: the benchmark measures the shop, not a mail server.
    env = {**production_env(urls, state), "EMAIL_URL": "locmem://"}
    try:
        python_module(env, "server.manage", "migrate", "--noinput", "-v", "0")
        python_module(env, "server.manage", "seed_demo", "--products", "40", "--force")
        buyers = json.loads(
            python_module(
                {**env, "DJANGO_SETTINGS_MODULE": "server.config.settings.prod"},
                "bench.checkout.seed",
                str(args.buyers),
            )
        )
        with psycopg.connect(urls["DATABASE_URL"]) as connection:
            # The first 30 buyable variants for the unlimited phase, the next one for the scarce phase.
            buyable = [
                r[0]
                for r in connection.execute(
                    "SELECT v.id FROM catalog_productvariant v JOIN catalog_product p ON p.id = v.product_id "
                    "WHERE v.availability = 1 AND NOT p.practitioner_only ORDER BY v.id LIMIT 31"
                )
            ]
            method_id = connection.execute(
                "SELECT id FROM orders_shippingmethod WHERE region = 'eu' AND code = 'standard'"
            ).fetchone()[0]  # type: ignore[index]
        variants = buyable[:30]
        # The demo counts a few units of each variant: count them to plenty, so no buyer finds one short.
        prod_env = {**env, "DJANGO_SETTINGS_MODULE": "server.config.settings.prod"}
        python_module(prod_env, "bench.checkout.stock", str(PLENTY), *map(str, variants))
        scarce_variant: int | None = None
        if args.scarce is not None:
            if len(buyable) <= len(variants):
                raise RuntimeError("the demo catalogue has no variant left for the scarce phase")
            scarce_variant = buyable[len(variants)]
            python_module(prod_env, "bench.checkout.stock", str(args.scarce), str(scarce_variant))
        project_ports = [services.free_port() for _ in range(args.processes)]
        reference_port = services.free_port()
        for number, port in enumerate(project_ports):
            processes.append(
                services.start_daphne(port=port, env=env, log_path=state / f"project-{number}.log")
            )
        reference = subprocess.Popen(
            [
                str(REPO / ".venv/bin/daphne"),
                "-b",
                "127.0.0.1",
                "-p",
                str(reference_port),
                "bench.checkout.reference:app",
            ],
            cwd=REPO,
            env=env,
            stdout=(state / "reference.log").open("ab"),
            stderr=subprocess.STDOUT,
        )
        processes.append(reference)
        services.wait_for_http(f"http://127.0.0.1:{reference_port}/", process=reference)
        projects = [f"http://127.0.0.1:{port}" for port in project_ports]
        reference_url = f"http://127.0.0.1:{reference_port}"
        scarce_note = (
            "" if scarce_variant is None else f", then {args.scarce} units of variant {scarce_variant}"
        )
        print(
            f"{len(buyers)} buyers, {len(variants)} products ({PLENTY:,} units each){scarce_note}, "
            f"{args.processes} project process(es); load average {load_average()}"
        )

        reference_tally, reference_seconds = asyncio.run(
            phase(
                lambda b, d, t, r: shop_reference(reference_url, b, variants, d, t, r), buyers, args.seconds
            )
        )
        project_tally, project_seconds = asyncio.run(
            phase(
                lambda b, d, t, r: shop_project(
                    projects[buyers.index(b) % len(projects)], b, variants, method_id, d, t, r
                ),
                buyers,
                args.seconds,
            )
        )
        ours, theirs = summary(project_tally, project_seconds), summary(reference_tally, reference_seconds)
        checks = verify(urls["DATABASE_URL"], project_tally, variants)
        scarce: dict[str, Any] | None = None
        if scarce_variant is not None:
            race, race_seconds, lock_waits = asyncio.run(
                scarce_phase(
                    projects,
                    buyers,
                    scarce_variant,
                    args.scarce,
                    method_id,
                    args.seconds,
                    urls["DATABASE_URL"],
                )
            )
            scarce = scarce_summary(race, race_seconds, len(buyers), ours)
            scarce["most_lock_waits_seen"] = lock_waits
            scarce["first_errors"] = race.errors[:3]
            scarce["verification"] = verify_scarce(urls["DATABASE_URL"], race, scarce_variant)
        ours["place_p95_ratio_vs_reference"] = round(
            ours["place_p95_ms"] / max(theirs["place_p95_ms"], 0.001), 2
        )
        ours["orders_per_second_ratio_vs_reference"] = round(
            ours["orders_per_second"] / max(theirs["orders_per_second"], 0.001), 2
        )
        print(f"{'':34}{'orders':>8}{'orders/s':>10}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'errors':>8}")
        rows = [
            ("reference: raw-SQL checkout", theirs),
            (f"project: order + pay, {args.processes} proc.", ours),
        ]
        if scarce is not None:
            rows.append((f"scarce: {len(buyers)} buyers, {args.scarce} units", scarce))
        for name, row in rows:
            print(
                f"{name:34}{row['orders']:>8}{row['orders_per_second']:>10}{row['place_p50_ms']:>9}"
                f"{row['place_p95_ms']:>9}{row['place_p99_ms']:>9}{row['errors']:>8}"
            )
        print(f"place-order p95 ratio to the reference: {ours['place_p95_ratio_vs_reference']}")
        print(
            f"verified: {checks['orders_in_database']} orders, {checks['retries_checked']} retries, "
            f"problems: {checks['problems'] or 'none'}"
        )
        print(
            f"{'met' if ours['place_p95_ms'] <= 150 and not checks['problems'] else 'MISSED'}     "
            f"place-order p95 <= 150 ms at {len(buyers)} concurrent buyers, no double or lost order"
        )
        if project_tally.errors:
            print("first errors:", project_tally.errors[:3])
        if scarce is not None:
            print_scarce(scarce, units=args.scarce, buyers=len(buyers))
        RESULTS.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        out = RESULTS / f"checkout-{stamp}.json"
        report = {
            "benchmark": "checkout",
            "at": stamp,
            "buyers": len(buyers),
            "seconds": args.seconds,
            "processes": args.processes,
            "project": ours,
            "reference": theirs,
            "verification": checks,
            "load_average": load_average(),
        }
        if scarce is not None:
            report["scarce"] = scarce
        out.write_text(json.dumps(report, indent=2))
        print(f"written {out.relative_to(REPO)}")
    except Exception:
        print(log_tail(state / "project-0.log"))
        raise
    finally:
        for process in processes:
            stop(process)
        services.down(state)


if __name__ == "__main__":
    main()
