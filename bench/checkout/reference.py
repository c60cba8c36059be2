"""The reference for the checkout benchmark: the same three steps as the project's checkout (put products
in the cart, place an order of the cart, mark it paid) as a minimal ASGI app writing the same tables with
raw SQL through an async psycopg pool, with the same money rules and one transaction per step, no framework.
The buyer is named by an `X-Buyer` header instead of a token. Served by Daphne like the project.

    DATABASE_URL=postgres://... daphne -p 8200 bench.checkout.reference:app
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

from psycopg.types.json import Jsonb

from bench.lib.pg_pool import pool
from server.core.pricing import line_amounts, order_totals, shipping_cost

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

VAT = Decimal(21)
DISCOUNT = Decimal(10)
ADDRESS = {
    "first_name": "B",
    "last_name": "R",
    "line1": "Damrak 1",
    "line2": "",
    "city": "Amsterdam",
    "postcode": "1012 LG",
    "country": "NL",
}


async def add_to_cart(buyer: int, body: dict[str, Any]) -> dict[str, Any]:
    async with (await pool()).connection() as connection:
        await connection.execute(
            "INSERT INTO cart_cartitem (user_id, variant_id, quantity, added_at, source) "
            "VALUES (%s, %s, %s, now(), 'shop') ON CONFLICT (user_id, variant_id) "
            "DO UPDATE SET quantity = cart_cartitem.quantity + EXCLUDED.quantity",
            (buyer, body["product_variant_id"], body["quantity"]),
        )
    return {"ok": True}


async def place(buyer: int) -> dict[str, Any]:
    async with (await pool()).connection() as connection, connection.transaction():
        await connection.execute("SELECT 1 FROM accounts_user WHERE id = %s FOR UPDATE", (buyer,))
        rows = await (
            await connection.execute(
                "SELECT c.variant_id, c.quantity, v.price_eur, v.sku, p.name, p.id FROM cart_cartitem c "
                "JOIN catalog_productvariant v ON v.id = c.variant_id JOIN "
                "catalog_product p ON p.id = v.product_id "
                "WHERE c.user_id = %s ORDER BY c.added_at, c.id FOR UPDATE OF c",
                (buyer,),
            )
        ).fetchall()
        method = await (
            await connection.execute(
                "SELECT id, name, price, free_over FROM orders_shippingmethod WHERE "
                "region = 'eu' AND code = 'standard'"
            )
        ).fetchone()
        assert method is not None
        amounts = [
            line_amounts(unit_price=r[2], quantity=r[1], discount_rate=DISCOUNT, vat_rate=VAT) for r in rows
        ]
        goods = sum((a.total for a in amounts), Decimal(0))
        shipping = shipping_cost(price=method[2], free_over=method[3], goods_total=goods)
        totals = order_totals(lines=amounts, shipping=shipping, shipping_vat_rate=VAT)
        order = await (
            await connection.execute(
                "INSERT INTO orders_order (buyer_id, region, currency, language, "
                "shipping_address, billing_address, "
                "shipping_method_id, shipping_method_name, discount_rate, subtotal, discount, shipping, "
                "shipping_vat_rate, vat, total, refunded, state, carrier, "
                "tracking_reference, idempotency_key, "
                "request_fingerprint, cart_fingerprint, created_at, updated_at) VALUES "
                "(%s, 'eu', 'EUR', 'en', %s, %s, "
                "%s, %s, %s, %s, %s, %s, %s, %s, %s, 0, 'awaiting_payment', '', "
                "'', %s, '', '', now(), now()) "
                "RETURNING id",
                (
                    buyer,
                    Jsonb(ADDRESS),
                    Jsonb(ADDRESS),
                    method[0],
                    method[1],
                    DISCOUNT,
                    totals.subtotal,
                    totals.discount,
                    totals.shipping,
                    VAT,
                    totals.vat,
                    totals.total,
                    uuid.uuid4().hex,
                ),
            )
        ).fetchone()
        assert order is not None
        number = f"RF-2026-{order[0]:06d}"
        await connection.execute("UPDATE orders_order SET number = %s WHERE id = %s", (number, order[0]))
        async with connection.cursor() as cursor:
            await cursor.executemany(
                "INSERT INTO orders_orderline (order_id, variant_id, product_id, "
                "sku, name, quantity, unit_price, "
                "discount, vat_rate, vat, total, source, position) VALUES (%s, %s, "
                "%s, %s, %s, %s, %s, %s, %s, %s, "
                "%s, 'shop', %s)",
                [
                    (
                        order[0],
                        r[0],
                        r[5],
                        r[3],
                        r[4],
                        a.quantity,
                        a.unit_price,
                        a.discount,
                        a.vat_rate,
                        a.vat,
                        a.total,
                        i,
                    )
                    for i, (r, a) in enumerate(zip(rows, amounts, strict=True))
                ],
            )
        await connection.execute(
            "INSERT INTO orders_orderevent (order_id, state, at, note) VALUES (%s, "
            "'awaiting_payment', now(), '')",
            (order[0],),
        )
    return {"number": number, "id": order[0], "total": f"{totals.total:.2f}"}


async def pay(buyer: int, order_id: int) -> dict[str, Any]:
    async with (await pool()).connection() as connection, connection.transaction():
        changed = await connection.execute(
            "UPDATE orders_order SET state = 'paid', updated_at = now() WHERE id = %s AND buyer_id = %s "
            "AND state = 'awaiting_payment'",
            (order_id, buyer),
        )
        if changed.rowcount:
            await connection.execute(
                "INSERT INTO orders_orderevent (order_id, state, at, note) VALUES (%s, 'paid', now(), '')",
                (order_id,),
            )
            await connection.execute("DELETE FROM cart_cartitem WHERE user_id = %s", (buyer,))
    return {"paid": bool(changed.rowcount)}


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    headers = dict(scope["headers"])
    buyer = int(headers.get(b"x-buyer", b"0"))
    path = scope["path"]
    if path == "/cart":
        reply = await add_to_cart(buyer, json.loads(body))
    elif path == "/orders":
        reply = await place(buyer)
    elif path.startswith("/pay/"):
        reply = await pay(buyer, int(path.rsplit("/", 1)[1]))
    else:
        reply = {"ok": True}
    raw = json.dumps(reply).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": raw})
