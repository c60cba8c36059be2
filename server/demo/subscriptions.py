"""The demo client's automatic refill (docs/decisions/0042-automatic-refills.md): of the protocol their
practitioner shared, active on a test-provider mandate, with its first parcel paid 20 days ago, so the
account page, the practitioner's hub and `manage subscriptions_run` have something to show and do. Written
straight to the tables like the demo orders (no e-mails, no events, no provider call); the practitioner's
commission on its parcel is recorded with theirs (`ensure_demo_earnings`, run after it)."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from server.accounts.models import User
from server.core.pricing import line_amounts, stacked_rate
from server.core.region import Region
from server.demo.orders import ADDRESS, demo_order_write
from server.orders.models import OrderState, ShippingMethod, VatRate
from server.payments.models import (
    Payment,
    PaymentCustomer,
    PaymentStatus,
    TestProviderCustomer,
    TestProviderMandate,
)
from server.protocols.models import Assignment, ProtocolItem
from server.subscriptions.cycle import parcel_contents
from server.subscriptions.models import Parcel, ParcelState, Subscription, SubscriptionLine, SubscriptionState
from server.subscriptions.rules import cycle_lines, interval_of, refill_settings

PAID_DAYS_AGO = 20


def _mandate(buyer: User) -> tuple[str, str]:
    customer = TestProviderCustomer.objects.create(
        id=f"cst_{secrets.token_urlsafe(12)}", name=f"{buyer.first_name} {buyer.last_name}", email=buyer.email
    )
    PaymentCustomer.objects.get_or_create(user=buyer, provider="test", defaults={"customer_id": customer.pk})
    mandate = TestProviderMandate.objects.create(
        id=f"mdt_{secrets.token_urlsafe(12)}", customer_id=customer.pk, method="ideal"
    )
    return customer.pk, mandate.pk


@transaction.atomic
def ensure_demo_subscription() -> int:
    """Create the demo client's refill once; answers how many were made (0 or 1)."""
    buyer = User.objects.filter(email="client@demo.shop").first()
    assignment = (
        Assignment.objects.filter(client=buyer).select_related("protocol").order_by("id").first()
        if buyer
        else None
    )
    method = ShippingMethod.objects.filter(region="eu", code="standard").first()
    vat = VatRate.objects.filter(country="NL").first()
    if buyer is None or assignment is None or method is None or vat is None:
        return 0
    if Subscription.objects.filter(client=buyer).exists():
        return 0
    items = list(ProtocolItem.objects.filter(protocol=assignment.protocol).select_related("variant__product"))
    if not items:
        return 0
    customer_id, mandate_id = _mandate(buyer)
    paid_on = Region.EU.today() - timedelta(days=PAID_DAYS_AGO)
    subscription = Subscription.objects.create(
        client=buyer,
        practitioner_id=assignment.protocol.owner_id,
        protocol=assignment.protocol,
        region="eu",
        currency="EUR",
        language="en",
        state=SubscriptionState.ACTIVE,
        shipping_address=ADDRESS,
        shipping_method=method,
        provider="test",
        customer_id=customer_id,
        mandate_id=mandate_id,
        idempotency_key="demo",
        request_fingerprint="demo",
    )
    lines = [
        SubscriptionLine.objects.create(
            subscription=subscription,
            variant=item.variant,
            protocol_item=item,
            quantity=item.quantity,
            servings_per_day=item.servings_per_day,
            position=position,
        )
        for position, item in enumerate(items)
    ]
    cycle = cycle_lines(lines)
    interval = interval_of(subscription, cycle)
    sent = parcel_contents(cycle, on=paid_on, interval=interval, lead=refill_settings("eu").lead_days)
    rate = stacked_rate(assignment.discount, refill_settings("eu").discount_rate)
    by_line = {line.pk: line for line in lines}
    amounts = [
        line_amounts(
            unit_price=by_line[part.key].variant.price_eur,
            quantity=part.quantity,
            discount_rate=rate,
            vat_rate=vat.rate,
        )
        for part in sent
    ]
    paid_at = timezone.now() - timedelta(days=PAID_DAYS_AGO)
    order = demo_order_write(
        buyer=buyer,
        practitioner_id=assignment.protocol.owner_id,
        method=method,
        vat=vat,
        lines=[(by_line[part.key].variant, amount) for part, amount in zip(sent, amounts, strict=True)],
        discount_rate=assignment.discount,
        states=[OrderState.PAID, OrderState.FULFILLED, OrderState.DELIVERED],
        tracking=("PostNL", "3SDEMOREFILL1"),
        key="demo-refill",
        placed_at=paid_at,
        days_between=1,
        source="protocol",
        protocol_id=assignment.protocol_id,
        refill_discount_rate=refill_settings("eu").discount_rate,
        subscription_id=subscription.pk,
    )
    Payment.objects.create(
        order=order,
        provider="test",
        provider_id=f"tp_{secrets.token_urlsafe(18)}",
        amount=order.total,
        currency="EUR",
        status=PaymentStatus.PAID,
        method="ideal",
        checkout_url="",
        sequence_type="first",
        customer_id=customer_id,
        mandate_id=mandate_id,
    )
    Parcel.objects.create(
        subscription=subscription,
        date=paid_on,
        state=ParcelState.PAID,
        first=True,
        order=order,
        plan=[
            {
                "line_id": part.key,
                "variant_id": by_line[part.key].variant_id,
                "quantity": part.quantity,
                "days": part.days,
                "runs_out_on": part.runs_out_on.isoformat() if part.runs_out_on else None,
                "substitute_for": None,
            }
            for part in sent
        ],
    )
    for part in sent:
        SubscriptionLine.objects.filter(pk=part.key).update(runs_out_on=part.runs_out_on)
    subscription.next_parcel_on = paid_on + timedelta(days=interval)
    subscription.save(update_fields=["next_parcel_on"])
    return 1
