"""The traffic of a real shop, for locust (bench/load/run.py starts it; docs/operations.md, "Load").

Shoppers, each signed in as a client of a practitioner, on one of the Daphne processes (dealt in turn, as
a proxy in front would): browse the catalogue (60 %: list pages with and without filters, the category
tree), search (15 %), open a product page (13 %), write to the cart (8 %), and check out with the test
payment provider (4 %: the cart set, the order placed with an Idempotency-Key, paid). Practitioners edit
their protocol: a line's quantity and note, and read it back.

Every answer but the expected status is a failure: the run's error rate must be 0.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import uuid
from pathlib import Path
from typing import Any

from locust import FastHttpUser, between, task

DATA: dict[str, Any] = json.loads(Path(os.environ["LOAD_DATA"]).read_text())
HOSTS: list[str] = DATA["hosts"]
NUMBERS = itertools.count()
SEARCHES = ["vitamin", "magnesium", "omega", "zinc", "probiotic", "sleep", "iron", "vit d", "collagen", "b12"]
FILTERS = [
    "",
    "&categories=1",
    "&brands=1,2",
    "&health_goals=1",
    "&order_by=price&order=asc",
    "&zero_waste=1",
]
ADDRESS = {
    "first_name": "Load",
    "last_name": "Shopper",
    "line1": "Damrak 1",
    "city": "Amsterdam",
    "postcode": "1012 LG",
    "country": "NL",
}


def deal(kind: str) -> tuple[str, dict[str, Any]]:
    """The next user's process (in turn, as a proxy in front would deal them) and account of `kind`."""
    number = next(NUMBERS)
    return HOSTS[number % len(HOSTS)], DATA[kind][number % len(DATA[kind])]


class Shopper(FastHttpUser):
    weight = 19
    wait_time = between(0.5, 1.5)

    def __init__(self, environment: Any) -> None:
        self.host, self.person = deal("shoppers")
        super().__init__(environment)

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.person['token']}"}

    @task(50)
    def browse(self) -> None:
        page = random.randint(1, 8)
        self.client.get(
            f"/api/v2/storefront/products?page={page}{random.choice(FILTERS)}",
            headers=self.auth,
            name="browse: product list",
        )

    @task(10)
    def categories(self) -> None:
        self.client.get("/api/v2/storefront/categories", headers=self.auth, name="browse: categories")

    @task(15)
    def search(self) -> None:
        query = random.choice(SEARCHES)[: random.randint(3, 9)]
        self.client.post(
            f"/api/v2/storefront/search?formatted=1&page=1&per_page=10&order_by=1&order=desc&query={query}",
            headers=self.auth,
            name="search",
        )

    @task(13)
    def product_page(self) -> None:
        self.client.get(
            f"/api/v2/storefront/products/{random.choice(DATA['slugs'])}",
            headers=self.auth,
            name="product page",
        )

    @task(8)
    def cart_write(self) -> None:
        body = {"product_variant_id": random.choice(DATA["variants"]), "quantity": 1}
        self.client.post("/api/v2/storefront/cart/items", json=body, headers=self.auth, name="cart: add")
        self.client.get("/api/v2/storefront/cart", headers=self.auth, name="cart: read")

    @task(4)
    def checkout(self) -> None:
        lines = [{"product_variant_id": v, "quantity": 1} for v in random.sample(DATA["variants"], 2)]
        self.client.put(
            "/api/v2/storefront/cart", json={"items": lines}, headers=self.auth, name="checkout: cart"
        )
        placed = self.client.post(
            "/api/v2/checkout/orders",
            json={"shipping_address": ADDRESS, "shipping_method_id": DATA["shipping_method"]},
            headers={**self.auth, "Idempotency-Key": uuid.uuid4().hex},
            name="checkout: place order",
        )
        if placed.status_code != 201:
            return
        payment = placed.json()["payment_url"].rsplit("/", 1)[1]
        self.client.post(f"/api/v2/payments/test/{payment}", json={"outcome": "paid"}, name="checkout: pay")


class Practitioner(FastHttpUser):
    weight = 1
    wait_time = between(0.5, 1.5)

    def __init__(self, environment: Any) -> None:
        self.host, self.person = deal("practitioners")
        super().__init__(environment)

    @task
    def edit_protocol(self) -> None:
        auth = {"Authorization": f"Bearer {self.person['token']}"}
        base = f"/api/v2/account/practitioners/protocols/{self.person['protocol']}"
        line = random.choice(self.person["lines"])
        body = {
            "product_variant_id": line,
            "quantity": random.randint(1, 5),
            "notes": f"take {uuid.uuid4().hex[:6]}",
        }
        self.client.put(f"{base}/products", json=body, headers=auth, name="protocol: edit line")
        self.client.get(base, headers=auth, name="protocol: read")
