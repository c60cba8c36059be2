"""Refills for the automatic refills benchmark: `python -m bench.subscriptions.seed N DAY` makes N clients of
one practitioner, each with the practitioner's protocol (two products with supplement facts) shared and an
active automatic refill on a valid test-provider mandate whose next parcel is due on DAY, written in bulk.
Prints JSON `{"clients": N, "variants": [...], "protocol_id": ID}`."""

from __future__ import annotations

import json
import sys
from datetime import date, timedelta
from decimal import Decimal

import django

BATCH = 2000


def main() -> None:
    django.setup()
    from django.db import transaction

    from server.accounts.models import PractitionerClient, User, UserType
    from server.catalog.models import Availability, ProductVariant, SupplementFacts
    from server.orders.models import ShippingMethod
    from server.payments.models import PaymentCustomer, TestProviderCustomer, TestProviderMandate
    from server.protocols.models import Assignment, Protocol, ProtocolItem
    from server.stock.services import stock_count
    from server.subscriptions.models import Subscription, SubscriptionLine, SubscriptionState

    count, day = int(sys.argv[1]), date.fromisoformat(sys.argv[2])
    practitioner = User.objects.create_user(
        "bench-refills@example.com", None, user_type_id=UserType.CERTIFIED_PRACTITIONER
    )
    variants = list(
        ProductVariant.objects.filter(
            availability=Availability.AVAILABLE,
            product__practitioner_only=False,
            supplement_facts__isnull=False,
        ).order_by("id")[:2]
    )
    for variant in variants:
        stock_count(
            variant_id=variant.pk, on_hand=1_000_000, by=None, reason="refills benchmark", back_order=False
        )
    protocol = Protocol.objects.create(owner=practitioner, name="Bench refill", description="")
    items = [
        ProtocolItem.objects.create(protocol=protocol, variant=variant, quantity=1, position=position)
        for position, variant in enumerate(variants)
    ]
    method = ShippingMethod.objects.get(region="eu", code="standard")
    address = {
        "first_name": "Bench",
        "last_name": "Buyer",
        "line1": "Damrak 1",
        "line2": "",
        "city": "Amsterdam",
        "postcode": "1012 LG",
        "country": "NL",
    }
    facts = {row.pk: row for row in SupplementFacts.objects.filter(variant__in=variants)}
    for start in range(0, count, BATCH):
        numbers = range(start, min(count, start + BATCH))
        with transaction.atomic():
            users = User.objects.bulk_create(
                User(
                    email=f"refill{n}@example.com",
                    user_type_id=UserType.CLIENT,
                    first_name="Refill",
                    last_name=str(n),
                    password="!",  # unusable: these clients never sign in  # noqa: S106
                    is_active=True,
                )
                for n in numbers
            )
            PractitionerClient.objects.bulk_create(
                PractitionerClient(practitioner=practitioner, client=user, discount_rate=Decimal(10))
                for user in users
            )
            Assignment.objects.bulk_create(Assignment(protocol=protocol, client=user) for user in users)
            TestProviderCustomer.objects.bulk_create(
                TestProviderCustomer(id=f"cst_bench{user.pk}", email=user.email) for user in users
            )
            PaymentCustomer.objects.bulk_create(
                PaymentCustomer(user=user, provider="test", customer_id=f"cst_bench{user.pk}")
                for user in users
            )
            TestProviderMandate.objects.bulk_create(
                TestProviderMandate(
                    id=f"mdt_bench{user.pk}", customer_id=f"cst_bench{user.pk}", method="ideal"
                )
                for user in users
            )
            subscriptions = Subscription.objects.bulk_create(
                Subscription(
                    client=user,
                    practitioner=practitioner,
                    protocol=protocol,
                    region="eu",
                    currency="EUR",
                    language="en",
                    state=SubscriptionState.ACTIVE,
                    next_parcel_on=day,
                    shipping_address=address,
                    shipping_method=method,
                    provider="test",
                    customer_id=f"cst_bench{user.pk}",
                    mandate_id=f"mdt_bench{user.pk}",
                    idempotency_key="bench",
                    request_fingerprint="bench",
                )
                for user in users
            )
            SubscriptionLine.objects.bulk_create(
                SubscriptionLine(
                    subscription=subscription,
                    variant=item.variant,
                    protocol_item=item,
                    quantity=1,
                    servings_per_day=item.servings_per_day,
                    # Both run out before the parcel arrives: every parcel holds both products.
                    runs_out_on=day + timedelta(days=1),
                    position=position,
                )
                for subscription in subscriptions
                for position, item in enumerate(items)
            )
    print(
        json.dumps(
            {
                "clients": count,
                "variants": [variant.pk for variant in variants],
                "servings_per_container": [
                    str(facts[variant.pk].servings_per_container) for variant in variants
                ],
                "protocol_id": protocol.pk,
            }
        )
    )


if __name__ == "__main__":
    main()
