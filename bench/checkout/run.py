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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg

from bench.lib.loadgen import Connection, Request, percentile
from bench.lib.processes import load_average, log_tail, python_module, stop
from bench.lib.server_env import production_env
from scripts import services

REPO = services.REPO
RESULTS = REPO / "bench" / "results"
ADDRESS = {
    "first_name": "Bench",
    "last_name": "Buyer",
    "line1": "Damrak 1",
    "line2": "",
    "city": "Amsterdam",
    "postcode": "1012 LG",
    "country": "NL",
}
# What each variant of the unlimited phase is counted to: more than 60 s of buying can take.
PLENTY = 1_000_000
# A buyer of the scarce phase refused while units are still held by unpaid orders (a failed payment lets
# them go) tries again after this pause.
REFUSED_PAUSE = 0.1


@dataclass
class Tally:
    place_ms: list[float] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)
    retried: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@dataclass
class Race(Tally):
    """The scarce phase: the orders placed and paid (place_ms, orders, retried, errors), and the refusals."""

    units: int = 0
    refusal_ms: list[float] = field(default_factory=list)  # place-order calls answered 409 out_of_stock
    cart_refusals: int = 0  # a buyer putting it in the cart again after a sale, when none was left
    refused: set[int] = field(default_factory=set)  # buyers refused at least once
    paid: int = 0
    sold_out_after: float | None = None  # seconds from the start until the last unit was paid


def as_json(body: bytes) -> dict[str, Any]:
    return dict(json.loads(body))


def connect(base: str) -> Connection:
    host, port = base.rsplit("//", 1)[1].split(":")
    return Connection(host, int(port))


def bearer(buyer: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return (("Authorization", f"Bearer {buyer['token']}"), ("X-Region", "eu"))


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


async def race_for_stock(
    connection: Connection,
    buyer: dict[str, Any],
    variant: int,
    method_id: int,
    started: float,
    deadline: float,
    race: Race,
) -> None:
    """One buyer of the scarce phase, whose cart holds the scarce variant once: place an order of it (a new
    Idempotency-Key each attempt; a sale's checkout is sent twice, as a retry would) and pay it, then put it
    in the cart again and go on. Refused once every unit is paid, the buyer stops."""
    auth = bearer(buyer)
    add = Request(
        "POST",
        "/api/v2/storefront/cart/items",
        json.dumps({"product_variant_id": variant, "quantity": 1}).encode(),
        auth,
    )
    order_body = json.dumps({"shipping_address": ADDRESS, "shipping_method_id": method_id}).encode()
    in_cart = True
    while time.perf_counter() < deadline:
        if not in_cart:
            status, reply = await connection.send(add)
            if status == 409:  # sold out: the cart takes no more of it
                race.cart_refusals += 1
                race.refused.add(buyer["id"])
                if race.paid >= race.units:
                    return
                await asyncio.sleep(REFUSED_PAUSE)
                continue
            if status != 200:
                race.errors.append(f"cart {status} {reply[:200]!r}")
                await asyncio.sleep(REFUSED_PAUSE)
                continue
            in_cart = True
        key = uuid.uuid4().hex
        request = Request("POST", "/api/v2/checkout/orders", order_body, (*auth, ("Idempotency-Key", key)))
        before = time.perf_counter()
        status, reply = await connection.send(request)
        took = (time.perf_counter() - before) * 1000
        if status == 409 and as_json(reply).get("code") == "out_of_stock":
            race.refusal_ms.append(took)
            race.refused.add(buyer["id"])
            if race.paid >= race.units:
                return
            await asyncio.sleep(REFUSED_PAUSE)
            continue
        if status != 201:
            race.errors.append(f"place {status} {reply[:200]!r}")
            await asyncio.sleep(REFUSED_PAUSE)
            continue
        race.place_ms.append(took)
        order = as_json(reply)
        race.orders.append(order["number"])
        status, again = await connection.send(request)  # the same order, not a second one
        race.retried.append((order["number"], as_json(again).get("number", f"status {status}")))
        payment_id = order["payment_url"].rsplit("/", 1)[1]
        pay = json.dumps({"outcome": "paid", "method": "ideal"}).encode()
        status, reply = await connection.send(Request("POST", f"/api/v2/payments/test/{payment_id}", pay))
        if status != 200 or as_json(reply)["status"] != "paid":
            race.errors.append(f"pay {status} {reply[:200]!r}")
            continue
        race.paid += 1
        if race.paid == race.units:
            race.sold_out_after = time.perf_counter() - started
        in_cart = False  # paying emptied the cart


async def most_lock_waits(database_url: str, done: asyncio.Event) -> int:
    """The most lock requests seen waiting at once (pg_locks, sampled every 10 ms) until `done`."""
    most = 0
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as connection:
        while not done.is_set():
            row = await (
                await connection.execute("SELECT count(*) FROM pg_locks WHERE NOT granted")
            ).fetchone()
            most = max(most, row[0] if row else 0)
            await asyncio.sleep(0.01)
    return most


async def scarce_phase(
    projects: list[str],
    buyers: list[dict[str, Any]],
    variant: int,
    units: int,
    method_id: int,
    seconds: float,
    database_url: str,
) -> tuple[Race, float, int]:
    """Every buyer's cart is made to hold the variant once, then all race for its `units`. Ends when every
    unit is paid and every buyer was refused, or at the deadline. Answers the race, its seconds and the
    most lock waits seen."""
    race = Race(units=units)
    connections = [connect(projects[number % len(projects)]) for number in range(len(buyers))]
    fill = json.dumps({"items": [{"product_variant_id": variant, "quantity": 1}]}).encode()
    try:
        filled = await asyncio.gather(
            *(
                connection.send(Request("PUT", "/api/v2/storefront/cart", fill, bearer(buyer)))
                for connection, buyer in zip(connections, buyers, strict=True)
            )
        )
        if refused := [f"{status} {reply[:200]!r}" for status, reply in filled if status != 200]:
            raise RuntimeError(f"the scarce variant could not be put in {len(refused)} carts: {refused[0]}")
        done = asyncio.Event()
        sampler = asyncio.create_task(most_lock_waits(database_url, done))
        started = time.perf_counter()
        deadline = started + seconds
        await asyncio.gather(
            *(
                race_for_stock(connection, buyer, variant, method_id, started, deadline, race)
                for connection, buyer in zip(connections, buyers, strict=True)
            )
        )
        took = time.perf_counter() - started
        done.set()
        return race, took, await sampler
    finally:
        for connection in connections:
            connection.close()


def summary(tally: Tally, seconds: float) -> dict[str, Any]:
    ordered = sorted(tally.place_ms)
    return {
        "orders": len(tally.orders),
        "orders_per_second": round(len(tally.orders) / seconds, 1),
        "place_p50_ms": round(percentile(ordered, 0.50), 1),
        "place_p95_ms": round(percentile(ordered, 0.95), 1),
        "place_p99_ms": round(percentile(ordered, 0.99), 1),
        "errors": len(tally.errors),
    }


def scarce_summary(race: Race, seconds: float, buyers: int, unlimited: dict[str, Any]) -> dict[str, Any]:
    refusals = sorted(race.refusal_ms)
    row = summary(race, seconds)
    row.update(
        {
            "units": race.units,
            "seconds": round(seconds, 2),
            "sold_out_after_seconds": None if race.sold_out_after is None else round(race.sold_out_after, 2),
            "refusals": len(refusals),
            "refusal_p50_ms": round(percentile(refusals, 0.50), 1),
            "refusal_p95_ms": round(percentile(refusals, 0.95), 1),
            "cart_refusals": race.cart_refusals,
            "buyers_refused": len(race.refused),
            "buyers": buyers,
            "orders_per_second_ratio_vs_unlimited": round(
                row["orders_per_second"] / max(unlimited["orders_per_second"], 0.001), 2
            ),
            "place_p95_ratio_vs_unlimited": round(
                row["place_p95_ms"] / max(unlimited["place_p95_ms"], 0.001), 2
            ),
        }
    )
    return row


def ledger_problems(connection: psycopg.Connection[Any], variants: list[int]) -> list[str]:
    """Each variant's level against the sum of its movements (docs/decisions/0040: a level is that sum)."""
    rows = connection.execute(
        "SELECT s.variant_id, s.on_hand, s.reserved, "
        "coalesce(sum(m.on_hand_delta), 0), coalesce(sum(m.reserved_delta), 0) "
        "FROM stock_stocklevel s LEFT JOIN stock_stockmovement m ON m.variant_id = s.variant_id "
        "WHERE s.variant_id = ANY(%s) GROUP BY s.variant_id",
        (variants,),
    ).fetchall()
    problems = [f"variant {v}: not counted" for v in sorted(set(variants) - {row[0] for row in rows})]
    for variant, on_hand, reserved, moved_on_hand, moved_reserved in rows:
        if (on_hand, reserved) != (moved_on_hand, moved_reserved):
            problems.append(
                f"variant {variant}: level {on_hand}/{reserved}, movements {moved_on_hand}/{moved_reserved}"
            )
    return problems


def verify_scarce(database_url: str, race: Race, variant: int) -> dict[str, Any]:
    """Exactly `race.units` sold: the paid orders of the variant add up to them, its level is 0 on hand and
    0 held, its sales in the ledger add up to them; no order answered twice, lost or paid twice."""
    numbers = set(race.orders)
    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT o.number, o.state, "
            "(SELECT count(*) FROM orders_orderevent e WHERE e.order_id = o.id AND e.state = 'paid'), "
            "(SELECT count(*) FROM payments_payment p WHERE p.order_id = o.id AND p.status = 'paid'), "
            "(SELECT sum(l.quantity) FROM orders_orderline l "
            "WHERE l.order_id = o.id AND l.variant_id = %(v)s) "
            "FROM orders_order o WHERE EXISTS "
            "(SELECT 1 FROM orders_orderline l WHERE l.order_id = o.id AND l.variant_id = %(v)s)",
            {"v": variant},
        ).fetchall()
        level = connection.execute(
            "SELECT on_hand, reserved FROM stock_stocklevel WHERE variant_id = %s", (variant,)
        ).fetchone()
        sold = connection.execute(
            "SELECT coalesce(-sum(on_hand_delta), 0), count(*) FROM stock_stockmovement "
            "WHERE variant_id = %s AND kind = 'sold'",
            (variant,),
        ).fetchone()
        held = connection.execute(
            "SELECT count(*) FROM stock_reservation WHERE variant_id = %s AND state = 'held'", (variant,)
        ).fetchone()
        problems = ledger_problems(connection, [variant])
        deadlocks = connection.execute(
            "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    in_db = {row[0]: row for row in rows}
    units_in_paid_orders = sum(row[4] for row in rows if row[1] == "paid")
    if len(numbers) != len(race.orders):
        problems.append("a number was answered twice for different checkouts")
    if set(in_db) != numbers:
        problems.append(
            f"{len(set(in_db) - numbers)} orders not answered, "
            f"{len(numbers - set(in_db))} answered but missing"
        )
    for number, state, paid_events, paid_payments, _ in rows:
        if state != "paid" or paid_events != 1 or paid_payments != 1:
            problems.append(f"{number}: {state}, {paid_events} paid events, {paid_payments} paid payments")
    if units_in_paid_orders != race.units:
        problems.append(f"paid orders hold {units_in_paid_orders} units, not {race.units}")
    if level is None or tuple(level) != (0, 0):
        problems.append(f"level after the race: {level}, not 0 on hand and 0 held")
    if sold is None or sold[0] != race.units:
        problems.append(f"the ledger sold {sold[0] if sold else 0} units, not {race.units}")
    if held is not None and held[0]:
        problems.append(f"{held[0]} reservations still held")
    for first, again in race.retried:
        if first != again:
            problems.append(f"retry of {first} answered {again}")
    return {
        "variant": variant,
        "orders_in_database": len(in_db),
        "units_in_paid_orders": units_in_paid_orders,
        "on_hand": level[0] if level else None,
        "reserved": level[1] if level else None,
        "units_sold_in_ledger": sold[0] if sold else 0,
        "retries_checked": len(race.retried),
        "deadlocks_in_database": deadlocks[0] if deadlocks else None,
        "problems": problems[:20],
    }


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
            scarce_checks = scarce["verification"]
            print(
                f"scarce: {scarce_checks['units_in_paid_orders']} of {args.scarce} units sold in "
                f"{scarce['orders']} orders, sold out after {scarce['sold_out_after_seconds']} s, phase "
                f"{scarce['seconds']} s; {scarce['refusals']} refusals at checkout (p50 "
                f"{scarce['refusal_p50_ms']} ms, p95 {scarce['refusal_p95_ms']} ms), "
                f"{scarce['cart_refusals']} at the cart, {scarce['buyers_refused']} of {len(buyers)} buyers "
                f"refused; most lock waits seen {scarce['most_lock_waits_seen']}, deadlocks "
                f"{scarce_checks['deadlocks_in_database']}"
            )
            print(
                f"verified: {scarce_checks['orders_in_database']} orders, on hand "
                f"{scarce_checks['on_hand']}, held {scarce_checks['reserved']}, "
                f"{scarce_checks['units_sold_in_ledger']} sold in the ledger, "
                f"{scarce_checks['retries_checked']} retries, problems: {scarce_checks['problems'] or 'none'}"
            )
            print(
                f"{'met' if not scarce_checks['problems'] and not scarce['errors'] else 'MISSED'}     "
                f"exactly {args.scarce} sold to {len(buyers)} racing buyers, the others refused, no double "
                "order"
            )
            if scarce["first_errors"]:
                print("first errors of the race:", scarce["first_errors"])
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
