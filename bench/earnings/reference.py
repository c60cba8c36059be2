"""The reference for the earnings benchmark: the dashboard's figures for one practitioner and currency
(balance, this and last month, 12 months by kind, the top ten clients and protocols) as a minimal ASGI app
running the same aggregates as raw SQL through an async psycopg pool, no framework, no names. The
practitioner is named by an `X-Practitioner` header. Served by Daphne like the project.

    DATABASE_URL=postgres://... daphne -p 8200 bench.earnings.reference:app
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from bench.lib.pg_pool import pool

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


QUERIES = {
    "balance": "SELECT coalesce(sum(amount), 0)::text FROM earnings_ledgerentry "
    "WHERE practitioner_id = %(p)s AND currency = %(c)s",
    "months": "SELECT to_char(date_trunc('month', at AT TIME ZONE 'UTC'), 'YYYY-MM'), kind, "
    "sum(amount)::text "
    "FROM earnings_ledgerentry WHERE practitioner_id = %(p)s AND currency = %(c)s "
    "AND at >= date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months' GROUP BY 1, 2",
    "clients": "SELECT client_id, sum(amount)::text AS total FROM earnings_ledgerentry "
    "WHERE practitioner_id = %(p)s AND currency = %(c)s AND kind IN ('earned', 'reversed') "
    "GROUP BY client_id ORDER BY sum(amount) DESC, client_id LIMIT 10",
    "protocols": "SELECT protocol_id, sum(amount)::text FROM earnings_ledgerentry "
    "WHERE practitioner_id = %(p)s AND currency = %(c)s AND kind IN ('earned', 'reversed') "
    "AND protocol_id IS NOT NULL GROUP BY protocol_id ORDER BY sum(amount) DESC, protocol_id LIMIT 10",
}


async def dashboard(practitioner: int) -> list[dict[str, Any]]:
    figures = []
    async with (await pool()).connection() as connection:
        for currency in ("EUR", "GBP"):
            row: dict[str, Any] = {"currency": currency}
            for name, sql in QUERIES.items():
                cursor = await connection.execute(sql, {"p": practitioner, "c": currency})
                row[name] = await cursor.fetchall()
            figures.append(row)
    return figures


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    headers = dict(scope["headers"])
    practitioner = int(headers.get(b"x-practitioner", b"0") or 0)
    body = json.dumps(await dashboard(practitioner) if practitioner else {"status": "ok"}).encode()
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]}
    )
    await send({"type": "http.response.body", "body": body})
