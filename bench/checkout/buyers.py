"""What both phases of the checkout benchmark share (bench/checkout/run.py): the buyers' address, their
connections and bearer headers, the tally of what they did and its summary, and the stock ledger check."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import psycopg

from bench.lib.loadgen import Connection, percentile

ADDRESS = {
    "first_name": "Bench",
    "last_name": "Buyer",
    "line1": "Damrak 1",
    "line2": "",
    "city": "Amsterdam",
    "postcode": "1012 LG",
    "country": "NL",
}


@dataclass
class Tally:
    place_ms: list[float] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)
    retried: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def as_json(body: bytes) -> dict[str, Any]:
    return dict(json.loads(body))


def connect(base: str) -> Connection:
    host, port = base.rsplit("//", 1)[1].split(":")
    return Connection(host, int(port))


def bearer(buyer: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return (("Authorization", f"Bearer {buyer['token']}"), ("X-Region", "eu"))


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
