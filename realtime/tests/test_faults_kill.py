"""A Daphne process SIGKILLed while shoppers write to their carts and check out
(docs/architecture.md, "Reliability and security"). Every cart write the server acknowledged is there after
the restart; every checkout, retried with its Idempotency-Key as the web app does, ends as one order, paid
once, with the provider's payment and the shop's in agreement. The same kill during co-editing is
test_protocol_doc_kill_under_load. Runs in the PostgreSQL + Redis pass of the test command."""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field

import pytest

from realtime.tests.faults import ask, place, shipping_method
from realtime.tests.yroom import PASSWORD, Server, manage, postgres_and_redis_env, wait_until
from scripts.cluster import migrate

pytestmark = pytest.mark.cluster

BUYERS = 4
ORDERS_EACH = 4
CART_WRITES_EACH = 40
# Buyers, and one product per cart write, written straight into the server's database; prints their ids.
SETUP = """
import json
from server.accounts.models import User
from server.catalog.models import Brand, Product
from server.catalog.tests.conftest import make_product
buyers = []
for n in range({buyers}):
    email = f"{prefix}{{n}}@example.com"
    if not User.objects.filter(email=email).exists():
        User.objects.create_user(email, "{password}", user_type_id=4)
    buyers.append(email)
brand, _ = Brand.objects.get_or_create(slug="kill", defaults={{"name": "Kill"}})
variants = []
for n in range({products}):
    name = f"Kill {{n}}"
    product = Product.objects.filter(name=name, brand=brand).first() or make_product(
        name, brand=brand, eur="3.00", gbp="2.50", categories=[], goals=[], forms=[]
    )
    variants.append(product.variants.get().id)
print(json.dumps({{"buyers": buyers, "variants": variants}}))
"""
# What the database holds of the buyers' orders and payments, and of the provider's payments.
REPORT = """
import json
from server.orders.models import Order
from server.payments.models import Payment, TestProviderPayment
orders = []
for order in Order.objects.filter(buyer__email__startswith="{prefix}").order_by("id"):
    payments = list(Payment.objects.filter(order=order).values("provider_id", "status"))
    ids = [p["provider_id"] for p in payments]
    provider = dict(TestProviderPayment.objects.filter(pk__in=ids).values_list("pk", "status"))
    orders.append({{
        "buyer": order.buyer.email, "key": order.idempotency_key, "state": order.state,
        "payments": [[p["status"], provider.get(p["provider_id"])] for p in payments],
    }})
print(json.dumps(orders))
"""


@dataclass
class Shopper:
    server: Server
    email: str
    token: str
    variants: list[int]
    method_id: int
    acknowledged: list[int] = field(default_factory=list)
    unknown: list[int] = field(default_factory=list)
    paid: list[str] = field(default_factory=list)
    retries: int = 0

    def write_cart(self) -> None:
        """One new line per write: an acknowledged line must be in the cart afterwards. A write whose answer
        was lost with the process may or may not have happened, and is not retried."""
        for variant in self.variants:
            answer = ask(
                self.server,
                "POST",
                "/api/v2/storefront/cart/items",
                {"product_variant_id": variant, "quantity": 1},
                self.token,
                timeout=5,
            )
            (self.acknowledged if answer.status == 200 else self.unknown).append(variant)
            if answer.status != 200:
                wait_until(
                    lambda: ask(self.server, "GET", "/api/health").status == 200,
                    what="the server",
                    timeout=60,
                )
            time.sleep(0.02)

    def check_out(self) -> None:
        """Orders one after another, each retried with its key until it is paid, as the web app retries."""
        for n in range(ORDERS_EACH):
            key = f"{self.email}-{n}"
            self._until(
                lambda: ask(self.server, "PUT", "/api/v2/storefront/cart", _one_line(self), self.token)
            )
            placed = self._until(
                lambda key=key: place(self.server, self.token, key, self.method_id), ok=(200, 201)
            )
            number = placed.body["number"]
            while placed.body["state"] == "awaiting_payment":
                paid = ask(
                    self.server, "POST", "/api/v2/payments/test/" + _id(placed.body["payment_url"]), _PAID
                )
                if paid.status != 200:
                    time.sleep(0.1)
                placed = self._until(
                    lambda number=number: ask(
                        self.server, "GET", f"/api/v2/account/orders/{number}/payment", token=self.token
                    )
                )
            self.paid.append(number)

    def _until(self, call, ok=(200,)):
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            answer = call()
            if answer.status in ok:
                return answer
            assert answer.status in (0, 503), answer  # the process is down, or was killed mid-answer
            self.retries += 1
            time.sleep(0.1)
        raise AssertionError(f"{self.email}: no answer within 60 s")


_PAID = {"outcome": "paid"}


def _id(payment_url: str) -> str:
    return payment_url.rsplit("/", 1)[1]


def _one_line(shopper: Shopper) -> dict[str, object]:
    return {"items": [{"product_variant_id": shopper.variants[0], "quantity": 1}]}


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    env = postgres_and_redis_env()
    migrate(env)
    # Buyers of this run only: the database is the one the other cluster tests share.
    prefix = f"kill-{uuid.uuid4().hex[:8]}-"
    script = SETUP.format(
        prefix=prefix, buyers=BUYERS * 2, password=PASSWORD, products=BUYERS * CART_WRITES_EACH
    )
    seeded = json.loads(manage(env, "shell", "-c", script).strip().splitlines()[-1])
    server = Server(env=env, log_path=tmp_path_factory.mktemp("faults-kill") / "daphne.log").start()
    try:
        yield env, server, seeded, prefix
    finally:
        server.stop()


def test_a_process_killed_during_cart_writes_and_checkouts_loses_no_write_and_pays_no_order_twice(world):
    env, server, seeded, prefix = world
    emails, variants = seeded["buyers"], seeded["variants"]
    writers = [
        Shopper(
            server, email, server.login(email), variants[n * CART_WRITES_EACH : (n + 1) * CART_WRITES_EACH], 0
        )
        for n, email in enumerate(emails[:BUYERS])
    ]
    buyers = [
        Shopper(server, email, token := server.login(email), [variants[n]], shipping_method(server, token))
        for n, email in enumerate(emails[BUYERS:])
    ]
    threads = [threading.Thread(target=s.write_cart) for s in writers]
    threads += [threading.Thread(target=s.check_out) for s in buyers]

    # Given shoppers writing to their carts and checking out at once
    for thread in threads:
        thread.start()
    time.sleep(0.6)

    # When the process is killed in the middle of it and started again
    server.kill()
    time.sleep(0.5)
    server.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)

    # Then every acknowledged cart write is in its cart,
    for writer in writers:
        cart = ask(server, "GET", "/api/v2/storefront/cart", token=writer.token)
        held = {item["product_variant_id"] for item in cart.body["items"]}
        assert set(writer.acknowledged) <= held, (writer.email, set(writer.acknowledged) - held)
        assert held <= set(writer.acknowledged) | set(writer.unknown)
    # (the kill came in the middle of both: writes went unanswered, and checkouts were retried)
    assert sum(len(writer.acknowledged) for writer in writers) >= BUYERS * CART_WRITES_EACH // 2
    assert sum(len(writer.unknown) for writer in writers) >= 1
    assert sum(buyer.retries for buyer in buyers) >= 1

    # and every checkout is one order, paid once, the provider and the shop agreeing.
    orders = json.loads(manage(env, "shell", "-c", REPORT.format(prefix=prefix)).strip().splitlines()[-1])
    assert sorted(order["key"] for order in orders) == sorted(
        f"{buyer.email}-{n}" for buyer in buyers for n in range(ORDERS_EACH)
    )
    for order in orders:
        assert order["state"] == "paid", order
        assert [status for status in order["payments"] if status[0] == "paid"] == [["paid", "paid"]], order
        assert all(shop == provider for shop, provider in order["payments"]), order
    wait_until(lambda: server.process.poll() is None, what="the restarted process to keep serving")
