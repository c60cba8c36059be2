"""The scarce phase of the checkout benchmark (`bench/checkout/run --scarce N`, described there): the buyers
racing for N units of one variant, its summary next to the unlimited run, and the proof from the database
that exactly N units were sold, none twice."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import psycopg

from bench.checkout.buyers import ADDRESS, Tally, as_json, bearer, connect, ledger_problems, summary
from bench.lib.loadgen import Connection, Request, percentile

# A buyer of the scarce phase refused while units are still held by unpaid orders (a failed payment lets
# them go) tries again after this pause.
REFUSED_PAUSE = 0.1


@dataclass
class Race(Tally):
    """The scarce phase: the orders placed and paid (place_ms, orders, retried, errors), and the refusals."""

    units: int = 0
    refusal_ms: list[float] = field(default_factory=list)  # place-order calls answered 409 out_of_stock
    cart_refusals: int = 0  # a buyer putting it in the cart again after a sale, when none was left
    refused: set[int] = field(default_factory=set)  # buyers refused at least once
    paid: int = 0
    sold_out_after: float | None = None  # seconds from the start until the last unit was paid


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


def print_scarce(scarce: dict[str, Any], *, units: int, buyers: int) -> None:
    scarce_checks = scarce["verification"]
    print(
        f"scarce: {scarce_checks['units_in_paid_orders']} of {units} units sold in "
        f"{scarce['orders']} orders, sold out after {scarce['sold_out_after_seconds']} s, phase "
        f"{scarce['seconds']} s; {scarce['refusals']} refusals at checkout (p50 "
        f"{scarce['refusal_p50_ms']} ms, p95 {scarce['refusal_p95_ms']} ms), "
        f"{scarce['cart_refusals']} at the cart, {scarce['buyers_refused']} of {buyers} buyers "
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
        f"exactly {units} sold to {buyers} racing buyers, the others refused, no double "
        "order"
    )
    if scarce["first_errors"]:
        print("first errors of the race:", scarce["first_errors"])
