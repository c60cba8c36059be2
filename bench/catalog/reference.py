"""The reference for the catalogue benchmark: a minimal raw-SQL ASGI endpoint answering the same product
list query as `/api/v2/storefront/products` (three filter groups, disjunctive facet counts for every
group, a page of 26 ordered by price, with brand, variants and images) and a plain full-text search over
the same weighted tsvector (`/search?query=`, ranked by ts_rank, no typo tolerance, no facets) straight
from PostgreSQL with an async psycopg pool and no framework. Served by Daphne like the project, measured by
the same client.

    DATABASE_URL=postgres://... daphne -p 8200 bench.catalog.reference:app
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

_pool: AsyncConnectionPool | None = None

HAS_GOAL = (
    "EXISTS (SELECT 1 FROM catalog_product_health_goals g WHERE g.product_id = p.id "
    "AND g.healthgoal_id = ANY(%(goals)s))"
)
HAS_FORM = (
    "EXISTS (SELECT 1 FROM catalog_product_delivery_form f WHERE f.product_id = p.id "
    "AND f.deliveryform_id = ANY(%(forms)s))"
)
HAS_BRAND = "p.brand_id = ANY(%(brands)s)"
VISIBLE = "NOT p.practitioner_only"
ALL = f"{VISIBLE} AND {HAS_BRAND} AND {HAS_GOAL} AND {HAS_FORM}"

FACETS = f"""
WITH RECURSIVE tree(id, ancestor) AS (
    SELECT id, id FROM catalog_category
    UNION ALL SELECT t.id, c.parent_id FROM tree t JOIN catalog_category c ON c.id = t.ancestor
    WHERE c.parent_id IS NOT NULL
)
SELECT 'brands' AS grp, p.brand_id AS option, count(*) AS n FROM catalog_product p
    WHERE {VISIBLE} AND {HAS_GOAL} AND {HAS_FORM} GROUP BY p.brand_id
UNION ALL
SELECT 'health_goals', x.healthgoal_id, count(*) FROM catalog_product p
    JOIN catalog_product_health_goals x ON x.product_id = p.id
    WHERE {VISIBLE} AND {HAS_BRAND} AND {HAS_FORM} GROUP BY x.healthgoal_id
UNION ALL
SELECT 'delivery_form', x.deliveryform_id, count(*) FROM catalog_product p
    JOIN catalog_product_delivery_form x ON x.product_id = p.id
    WHERE {VISIBLE} AND {HAS_BRAND} AND {HAS_GOAL} GROUP BY x.deliveryform_id
UNION ALL
SELECT 'categories', t.ancestor, count(DISTINCT p.id) FROM catalog_product p
    JOIN catalog_product_categories x ON x.product_id = p.id JOIN tree t ON t.id = x.category_id
    WHERE {ALL} GROUP BY t.ancestor
UNION ALL
SELECT 'free_from', x.freefrom_id, count(*) FROM catalog_product p
    JOIN catalog_product_free_from x ON x.product_id = p.id WHERE {ALL} GROUP BY x.freefrom_id
UNION ALL
SELECT 'suitable_for', x.suitablefor_id, count(*) FROM catalog_product p
    JOIN catalog_product_suitable_for x ON x.product_id = p.id WHERE {ALL} GROUP BY x.suitablefor_id
UNION ALL
SELECT 'availability', CASE WHEN p.is_available THEN 1 ELSE 2 END, count(*) FROM catalog_product p
    WHERE {ALL} GROUP BY 2
UNION ALL
SELECT 'zero_waste', 1, count(*) FROM catalog_product p WHERE {ALL} AND p.zero_waste
"""

PAGE = f"""
SELECT p.id, p.slug, p.name, p.price_eur AS price, p.is_available, p.practitioner_only, p.zero_waste,
       b.id AS brand_id, b.name AS brand_name, b.slug AS brand_slug, count(*) OVER () AS total
FROM catalog_product p JOIN catalog_brand b ON b.id = p.brand_id
WHERE {ALL} ORDER BY p.price_eur, p.id LIMIT %(limit)s OFFSET %(offset)s
"""

VARIANTS = """
SELECT id, product_id, sku, price_eur AS price, unit_of_measure, weight, availability
FROM catalog_productvariant WHERE product_id = ANY(%(ids)s) ORDER BY position, id
"""

ASSETS = """
SELECT id, product_id, asset_order, is_primary, image, thumbnail_75, thumbnail_125, thumbnail_250
FROM catalog_productasset WHERE product_id = ANY(%(ids)s) ORDER BY asset_order, id
"""


SEARCH = """
WITH q AS (SELECT to_tsquery('simple', %(tsquery)s) AS tsq)
SELECT p.id, p.slug, p.name, p.price_eur AS price, p.is_available, b.name AS brand_name,
       ts_rank(d.document, q.tsq) AS rank, count(*) OVER () AS total
FROM q, search_productdocument d
JOIN catalog_product p ON p.id = d.product_id JOIN catalog_brand b ON b.id = p.brand_id
WHERE d.document @@ q.tsq AND NOT p.practitioner_only
ORDER BY rank DESC, p.id DESC LIMIT %(limit)s
"""


def _tsquery(text: str) -> str:
    """Every word must match, the last one as a prefix (search-as-you-type); no typo tolerance."""
    words = re.findall(r"[a-z0-9]+", text.lower())[:8]
    return " & ".join([*words[:-1], f"{words[-1]}:*"]) if words else ""


async def search(params: dict[str, list[str]]) -> dict[str, Any]:
    assert _pool is not None
    tsquery = _tsquery(params.get("query", [""])[-1])
    if not tsquery:
        return {"hits": [], "total_found": 0}
    async with _pool.connection() as connection:
        async with connection.cursor(row_factory=dict_row) as cursor:
            await cursor.execute(SEARCH, {"tsquery": tsquery, "limit": 10})
            rows = await cursor.fetchall()
    hits = [
        {"id": r["id"], "slug": r["slug"], "name": r["name"], "price": f"{r['price']:.2f}",
         "is_available": r["is_available"], "brand": r["brand_name"]}
        for r in rows
    ]  # fmt: skip
    return {"hits": hits, "total_found": rows[0]["total"] if rows else 0}


def _ids(params: dict[str, list[str]], name: str) -> list[int]:
    raw = params.get(name, [""])[-1]
    return [int(token) for token in raw.split(",") if token.strip().isdigit()]


async def product_list(params: dict[str, list[str]]) -> dict[str, Any]:
    assert _pool is not None
    page = max(1, int(params.get("page", ["1"])[-1] or 1))
    args = {
        "brands": _ids(params, "brands"),
        "goals": _ids(params, "health_goals"),
        "forms": _ids(params, "delivery_form"),
        "limit": 26,
        "offset": (page - 1) * 26,
    }
    async with _pool.connection() as connection:
        async with connection.cursor(row_factory=dict_row) as cursor:
            await cursor.execute(PAGE, args)
            rows = await cursor.fetchall()
            await cursor.execute(FACETS, args)
            facet_rows = await cursor.fetchall()
            ids = [row["id"] for row in rows]
            await cursor.execute(VARIANTS, {"ids": ids})
            variants = await cursor.fetchall()
            await cursor.execute(ASSETS, {"ids": ids})
            assets = await cursor.fetchall()
    facets: dict[str, dict[str, int]] = {}
    for row in facet_rows:
        facets.setdefault(row["grp"], {})[str(row["option"])] = row["n"]
    total = rows[0]["total"] if rows else 0
    available = facets.get("availability", {}).get("1", 0)
    data = []
    for row in rows:
        data.append(
            {
                "id": row["id"], "slug": row["slug"], "name": row["name"], "price": f"{row['price']:.2f}",
                "currency": "EUR", "is_available": row["is_available"],
                "practitioner_only": row["practitioner_only"], "zero_waste": row["zero_waste"],
                "brand": {"id": row["brand_id"], "name": row["brand_name"], "slug": row["brand_slug"]},
                "variants": [
                    {"id": v["id"], "sku": v["sku"], "price": f"{v['price']:.2f}",
                     "availability": v["availability"]}
                    for v in variants if v["product_id"] == row["id"]
                ],
                "assets": [
                    {"asset_id": a["id"], "asset_order": a["asset_order"],
                     "image_url": "/media/" + a["image"],
                     "thumbnails": {"thumbnail_250": "/media/" + a["thumbnail_250"]}}
                    for a in assets if a["product_id"] == row["id"]
                ],
            }
        )  # fmt: skip
    return {
        "data": data,
        "total_results": total,
        "total_pages": -(-total // 26),
        "current_page": page,
        "limit": 26,
        "available_products": available,
        "unavailable_products": total - available,
        "facets": facets,
    }


async def _respond(send: Send, status: int, payload: object) -> None:
    body = json.dumps(payload).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def app(scope: Scope, receive: Receive, send: Send) -> None:
    global _pool
    if scope["type"] == "lifespan":
        return
    if _pool is None:
        _pool = AsyncConnectionPool(os.environ["DATABASE_URL"], min_size=4, max_size=10, open=False)
        await _pool.open()
    params = parse_qs(scope.get("query_string", b"").decode())
    if scope["path"] == "/products":
        await _respond(send, 200, await product_list(params))
    elif scope["path"] == "/search":
        await _respond(send, 200, await search(params))
    else:
        await _respond(send, 404, {"message": "not found"})
