"""The two sides of the automatic refills benchmark, each in its own process on the benchmark's database:

    python -m bench.subscriptions.day run DAY            the day's run (`subscriptions_run`), timed
    python -m bench.subscriptions.day reference N DAY    the same parcels of the first N clients placed as a
                                                         client would: cart, place order, pay (checkout calls)

Each prints JSON with its wall time and CPU time."""

from __future__ import annotations

import json
import sys
import time
import uuid
from datetime import date

import django


def _run(day: date) -> dict[str, object]:
    from server.subscriptions.run import subscriptions_run

    wall, cpu = time.perf_counter(), time.process_time()
    result = subscriptions_run(today=day)
    return {
        "wall_seconds": round(time.perf_counter() - wall, 2),
        "cpu_seconds": round(time.process_time() - cpu, 2),
        "placed": result.placed,
        "charged": result.charged,
        "notices": result.notices,
    }


def _reference(count: int, day: date) -> dict[str, object]:
    """The same lines bought through the checkout calls (Django's test client: the whole HTTP stack of the
    project without a socket), one client after another, as the run does: add each line to the cart, place
    the order with an Idempotency-Key, pay it on the test provider's page."""
    from django.test import Client
    from django.test.utils import setup_test_environment

    from server.accounts.services import session_start
    from server.orders.models import ShippingMethod
    from server.subscriptions.models import Subscription

    setup_test_environment()  # the test client's host name
    method = ShippingMethod.objects.get(region="eu", code="standard").pk
    subscriptions = list(
        Subscription.objects.filter(idempotency_key="bench")
        .select_related("client")
        .prefetch_related("lines")
        .order_by("id")[:count]
    )
    tokens = {s.pk: session_start(user=s.client, request=None).access_token for s in subscriptions}
    http = Client()
    errors: list[str] = []
    wall, cpu = time.perf_counter(), time.process_time()
    for subscription in subscriptions:
        headers = {"Authorization": f"Bearer {tokens[subscription.pk]}", "X-Region": "eu"}
        for line in subscription.lines.all():
            reply = http.post(
                "/api/v2/storefront/cart/items",
                {"product_variant_id": line.variant_id, "quantity": line.quantity},
                content_type="application/json",
                headers=headers,
            )
            if reply.status_code != 200:
                errors.append(f"cart {reply.status_code}")
        placed = http.post(
            "/api/v2/checkout/orders",
            {"shipping_address": subscription.shipping_address, "shipping_method_id": method},
            content_type="application/json",
            headers={**headers, "Idempotency-Key": uuid.uuid4().hex},
        )
        if placed.status_code != 201:
            errors.append(f"place {placed.status_code} {placed.content[:120]!r}")
            continue
        payment_id = placed.json()["payment_url"].rsplit("/", 1)[1]
        paid = http.post(
            f"/api/v2/payments/test/{payment_id}", {"outcome": "paid"}, content_type="application/json"
        )
        if paid.status_code != 200 or paid.json()["status"] != "paid":
            errors.append(f"pay {paid.status_code}")
    return {
        "wall_seconds": round(time.perf_counter() - wall, 2),
        "cpu_seconds": round(time.process_time() - cpu, 2),
        "orders": len(subscriptions) - len(errors),
        "errors": errors[:5],
        "day": day.isoformat(),
    }


def main() -> None:
    django.setup()
    if sys.argv[1] == "run":
        print(json.dumps(_run(date.fromisoformat(sys.argv[2]))))
    else:
        print(json.dumps(_reference(int(sys.argv[2]), date.fromisoformat(sys.argv[3]))))


if __name__ == "__main__":
    main()
