"""Money through the services (docs/decisions/0025-reliability-and-security-proven-part-one.md): whatever the
prices, quantities, client discount, commission rate, region and refund, the cart's totals, the order's totals
and the ledger are the sums of their lines, to the cent, in both currencies. The rules themselves are proven
on their own in server/core/tests/test_pricing.py; these properties prove that cart, checkout and earnings use
them the same way and lose no cent between them.

Each example runs in a savepoint that is rolled back, so the examples share the function's fixtures."""

from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.accounts.models import PractitionerClient
from server.cart.selectors import cart_of
from server.cart.services import cart_replace
from server.catalog.models import Availability, ProductVariant
from server.catalog.tests.conftest import Catalogue
from server.core.pricing import ZERO, commission_of, vat_in
from server.core.region import Region
from server.earnings.models import EntryKind, LedgerEntry
from server.earnings.selectors import balance_of
from server.earnings.services import commission_rate_set, earnings_record_paid, earnings_reverse
from server.orders.models import ShippingMethod
from server.orders.services import order_mark_paid, order_place, order_refund_record
from server.orders.tests.conftest import GB_ADDRESS, NL_ADDRESS
from server.protocols.tests.conftest import People

PRODUCTS = ("d3", "magnesium", "zinc")

prices = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("999.99"), places=2)
percents = st.decimals(min_value=Decimal(0), max_value=Decimal(100), places=2)
commissions = st.decimals(min_value=Decimal(0), max_value=Decimal(50), places=2)
baskets = st.dictionaries(
    st.sampled_from(PRODUCTS), st.tuples(prices, st.integers(min_value=1, max_value=99)), min_size=1
)
# A refund, as a share of what the order can give back: none, part of it, or all of it.
refund_shares = st.sampled_from([Decimal(0), Decimal("0.01"), Decimal("0.5"), Decimal("0.99"), Decimal(1)])

EXAMPLES = settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@contextmanager
def rolled_back() -> Iterator[None]:
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def place_paid_order(people: People, region: Region):
    method = ShippingMethod.objects.get(region=region.value, code="standard")
    order, created = order_place(
        buyer=people.patient.user,
        region=region,
        language="en",
        idempotency_key="money-properties",
        shipping_address=GB_ADDRESS if region is Region.UK else NL_ADDRESS,
        billing_address=None,
        shipping_method_id=method.pk,
    )
    assert created
    assert order_mark_paid(order=order)
    earnings_record_paid(order=order)
    return order


@given(
    region=st.sampled_from(list(Region)),
    basket=baskets,
    discount=percents,
    commission=commissions,
    refund_share=refund_shares,
)
@EXAMPLES
def test_cart_order_and_ledger_totals_are_the_sums_of_their_lines(
    people: People, catalogue: Catalogue, region, basket, discount, commission, refund_share
):
    with rolled_back():
        # Given the patient's practitioner gives them `discount` % and earns `commission` %,
        PractitionerClient.objects.filter(client=people.patient.user).update(discount_rate=discount)
        commission_rate_set(practitioner=people.certified.user, rate=commission)
        # and a cart of products at these prices in the region's currency,
        items = []
        for name, (price, quantity) in basket.items():
            variant = getattr(catalogue, name).variants.get()
            ProductVariant.objects.filter(pk=variant.pk).update(
                availability=Availability.AVAILABLE, **{f"price_{region.currency.lower()}": price}
            )
            items.append((variant.pk, quantity))
        cart_replace(user=people.patient.user, items=items)

        # the cart's totals are the sums of its lines,
        cart = cart_of(user=people.patient.user, region=region)
        gross = sum((Decimal(line["line_total"]) for line in cart["items"]), ZERO)
        assert cart["currency"] == region.currency
        assert Decimal(cart["total_price"]) == gross
        assert gross == sum((price * quantity for price, quantity in basket.values()), ZERO)
        assert Decimal(cart["total_price_after_discount"]) == gross - Decimal(cart["total_discount"])

        # when it is bought and paid,
        order = place_paid_order(people, region)
        lines = list(order.lines.all())

        # then the order's totals are the sums of its lines and its shipping, and match the cart's,
        assert order.currency == region.currency
        assert order.subtotal == sum((line.unit_price * line.quantity for line in lines), ZERO) == gross
        assert (
            order.discount == sum((line.discount for line in lines), ZERO) == Decimal(cart["total_discount"])
        )
        assert order.total == sum((line.total for line in lines), ZERO) + order.shipping
        assert order.total == Decimal(cart["total_price_after_discount"]) + order.shipping
        assert order.vat == sum((line.vat for line in lines), ZERO) + vat_in(
            order.shipping, order.shipping_vat_rate
        )
        for line in lines:
            assert line.total + line.discount == line.unit_price * line.quantity
            assert ZERO <= line.vat <= line.total

        # the ledger holds each line's commission and nothing else,
        earned = {entry.order_line_id: entry.amount for entry in LedgerEntry.objects.filter(order=order)}
        due = {
            line.pk: commission_of(
                net=line.total - line.vat, commission_rate=commission, discount_rate=discount
            )
            for line in lines
        }
        assert earned == {line_id: amount for line_id, amount in due.items() if amount > 0}
        balance = balance_of(practitioner_id=people.certified.user.pk, currency=region.currency)
        assert balance == sum(earned.values(), ZERO)
        assert balance_of(practitioner_id=people.certified.user.pk, currency=other(region).currency) == ZERO

        # and a refund gives back its share of each line's commission; all of it when all is refunded.
        refund = (order.total * refund_share).quantize(Decimal("0.01"))
        if refund > 0:
            # recording the refund reverses the commission (earnings follow OrderRefunded),
            order = order_refund_record(order=order, amount=refund, reference="refund-1")
            earnings_reverse(order=order, reference="refund-1")  # the same refund twice takes back once
        reversed_ = -sum(
            (entry.amount for entry in LedgerEntry.objects.filter(order=order, kind=EntryKind.REVERSED)), ZERO
        )
        after = balance_of(practitioner_id=people.certified.user.pk, currency=region.currency)
        assert after == balance - reversed_
        assert ZERO <= reversed_ <= balance
        if refund == order.total:
            assert after == ZERO


def other(region: Region) -> Region:
    return Region.EU if region is Region.UK else Region.UK
