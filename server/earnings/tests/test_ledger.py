"""The commission rule on worked examples, and the ledger's sums
(docs/decisions/0020-practitioner-earnings.md). The patient is a client of `certified` at 10 %; their cart
holds 2 x D3 (12.50 EUR) and 1 x magnesium (24.00 EUR), shipped to the Netherlands (21 % VAT)."""

from decimal import Decimal

import pytest

from server.accounts.models import Milestone, MilestoneId
from server.cart.models import CartItem
from server.core.errors import InvalidInput
from server.earnings.models import AppendOnly, EntryKind, LedgerEntry
from server.earnings.selectors import balance_of
from server.earnings.services import commission_rate_set, earnings_adjust, earnings_reverse
from server.events.models import Event
from server.orders.models import Order, OrderLine, ShippingMethod
from server.orders.tests.conftest import NL_ADDRESS
from server.payments.services import payment_refund
from server.protocols.models import Protocol
from server.stores.models import Store, StoreAttribution

D3 = "vitamin-d3-drops-60"
MAGNESIUM = "magnesium-powder-60"


def buy(client, person, key="key-1") -> Order:
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    placed = client.post("/v2/checkout/orders", json=body, headers={**person.headers, "Idempotency-Key": key})
    assert placed.status_code == 201, placed.json()
    payment_id = placed.json()["payment_url"].rsplit("/", 1)[1]
    paid = client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"})
    assert paid.json()["status"] == "paid"
    return Order.objects.get(number=placed.json()["number"])


def entries(**filters):
    return [
        (
            entry.practitioner.email,
            entry.kind,
            entry.amount,
            entry.order_line.sku if entry.order_line else None,
        )
        for entry in LedgerEntry.objects.filter(**filters).order_by("id")
    ]


def balance(person) -> Decimal:
    return balance_of(practitioner_id=person.user.pk, currency="EUR")


def test_a_paid_order_earns_the_rate_less_the_client_discount_on_each_net_line(client, filled_cart):
    order = buy(client, filled_cart.patient)

    # D3: 25.00 - 2.50 discount = 22.50, of which 3.90 VAT: net 18.60 x (20 % - 10 %) = 1.86.
    # Magnesium: 24.00 - 2.40 = 21.60, of which 3.75 VAT: net 17.85 x 10 % = 1.785, half even 1.78.
    assert entries() == [
        ("doc@example.com", "earned", Decimal("1.86"), D3),
        ("doc@example.com", "earned", Decimal("1.78"), MAGNESIUM),
    ]
    entry = LedgerEntry.objects.earliest("id")
    assert (entry.currency, entry.order, entry.client, entry.protocol_id) == ("EUR", order, order.buyer, None)
    assert Event.objects.filter(user=filled_cart.certified.user, topic="earnings.updated").get().data == {
        "currency": "EUR"
    }


def test_the_first_order_that_earns_opens_practice_management_once(client, filled_cart):
    order = buy(client, filled_cart.patient)
    client.post(f"/v2/payments/test/{order.payments.get().provider_id}", json={"outcome": "paid"})

    reached = Milestone.objects.filter(user=filled_cart.certified.user).values_list("milestone_id", flat=True)
    assert list(reached) == [MilestoneId.MANAGE_MY_PRACTICE_ACTIVATED]
    assert Event.objects.filter(user=filled_cart.certified.user, topic="milestones.updated").get().data == {
        "milestone_id": 9
    }


def test_a_payment_reported_again_earns_nothing_more(client, filled_cart):
    order = buy(client, filled_cart.patient)
    payment_id = order.payments.get().provider_id

    client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"})

    assert LedgerEntry.objects.count() == 2


@pytest.mark.parametrize(
    ("rate", "discount", "expected"),
    [
        # Nets (D3, magnesium): 20.66 and 19.83 at 0 %; 19.63, 18.84 at 5 %; 17.56, 16.86 at 15 %;
        # 16.53, 15.87 at 20 %.
        (Decimal(20), Decimal(0), [Decimal("4.13"), Decimal("3.97")]),  # 20 %: 4.132, 3.966
        (Decimal(20), Decimal(5), [Decimal("2.94"), Decimal("2.83")]),  # 15 %: 2.9445, 2.826
        (Decimal(20), Decimal(15), [Decimal("0.88"), Decimal("0.84")]),  # 5 %: 0.878, 0.843
        (Decimal(20), Decimal(20), []),  # nothing left
        (Decimal(30), Decimal(20), [Decimal("1.65"), Decimal("1.59")]),  # 10 %: 1.653, 1.587
    ],
)
def test_the_rule_for_client_discounts_from_0_to_20_percent(client, filled_cart, rate, discount, expected):
    filled_cart.patient.user.practitioner_links.update(discount_rate=discount)
    commission_rate_set(practitioner=filled_cart.certified.user, rate=rate)

    order = buy(client, filled_cart.patient)

    # The nets at each discount: D3 25.00 less the discount, VAT out; magnesium 24.00 likewise.
    nets = [line.total - line.vat for line in order.lines.all()]
    assert nets[0] == {
        0: Decimal("20.66"),
        5: Decimal("19.63"),
        15: Decimal("17.56"),
        20: Decimal("16.53"),
    }.get(int(discount), nets[0])
    assert [amount for _, _, amount, _ in entries()] == expected


def test_a_line_earns_for_the_practitioner_whose_protocol_link_or_store_it_came_from(
    client, filled_cart, people
):
    d3_line, magnesium_line = CartItem.objects.filter(user=filled_cart.patient.user).order_by("id")
    rival_protocol = Protocol.objects.create(owner=people.rival.user, name="Rival's sleep")
    d3_line.source, d3_line.source_protocol_id = "link", rival_protocol.pk
    d3_line.save()
    store = Store.objects.create(owner=people.rival.user, shop_name="rival-shop")
    StoreAttribution.objects.create(
        store=store, visitor=filled_cart.patient.user, variant=magnesium_line.variant
    )

    buy(client, filled_cart.patient)

    assert entries() == [
        ("rival@example.com", "earned", Decimal("1.86"), D3),
        ("rival@example.com", "earned", Decimal("1.78"), MAGNESIUM),
    ]
    assert LedgerEntry.objects.get(order_line__sku=D3).protocol_id == rival_protocol.pk


def test_a_shared_protocol_earns_for_its_owner_and_a_shop_line_for_the_buyers_practitioner(
    client, filled_cart, people
):
    d3_line = CartItem.objects.filter(user=filled_cart.patient.user).earliest("id")
    protocol = Protocol.objects.create(owner=people.certified.user, name="Vitamin D")
    d3_line.source, d3_line.source_protocol_id = "protocol", protocol.pk
    d3_line.save()

    buy(client, filled_cart.patient)

    assert [
        (e.order_line.sku if e.order_line else None, e.protocol_id, e.practitioner_id)
        for e in LedgerEntry.objects.order_by("id")
    ] == [
        (D3, protocol.pk, people.certified.user.pk),
        (MAGNESIUM, None, people.certified.user.pk),
    ]


def test_an_unvalidated_practitioner_and_a_buyer_of_no_practitioner_earn_nobody_anything(
    client, filled_cart, people
):
    protocol = Protocol.objects.create(owner=people.practitioner.user, name="Plain's protocol")
    CartItem.objects.filter(user=filled_cart.patient.user).update(
        source="protocol", source_protocol_id=protocol.pk
    )
    buy(client, filled_cart.patient)
    CartItem.objects.create(
        user=people.stranger.user,
        variant_id=int(OrderLine.objects.values_list("variant_id", flat=True).earliest("id") or 0),
        quantity=1,
    )

    buy(client, people.stranger, key="stranger-1")

    assert LedgerEntry.objects.count() == 0


def test_refunds_reverse_in_proportion_once_each_and_all_of_it_when_the_order_is_refunded_in_full(
    client, filled_cart, people
):
    order = buy(client, filled_cart.patient)  # total 49.05, commission 1.86 + 1.78

    order = payment_refund(order=order, amount=Decimal("10.00"), by=people.admin.user)
    reference = LedgerEntry.objects.filter(kind=EntryKind.REVERSED).earliest("id").reference
    earnings_reverse(order=order, reference=reference)  # the same refund reported again
    first = entries(kind=EntryKind.REVERSED)
    order = payment_refund(order=order, amount=Decimal("39.05"), by=people.admin.user)

    # 10.00 / 49.05 of 1.86 is 0.3792 -> 0.38; of 1.78, 0.3629 -> 0.36.
    assert first == [
        ("doc@example.com", "reversed", Decimal("-0.38"), D3),
        ("doc@example.com", "reversed", Decimal("-0.36"), MAGNESIUM),
    ]
    assert entries(kind=EntryKind.REVERSED)[2:] == [
        ("doc@example.com", "reversed", Decimal("-1.48"), D3),
        ("doc@example.com", "reversed", Decimal("-1.42"), MAGNESIUM),
    ]
    assert balance(filled_cart.certified) == Decimal("0.00")


def test_adjustments_need_a_reason_and_move_the_balance(client, filled_cart, people):
    buy(client, filled_cart.patient)

    with pytest.raises(InvalidInput) as refused:
        earnings_adjust(
            practitioner=people.certified.user,
            amount=Decimal("5"),
            currency="EUR",
            reason=" ",
            by=people.admin.user,
        )
    earnings_adjust(
        practitioner=people.certified.user,
        amount=Decimal("-0.64"),
        currency="EUR",
        reason="Goodwill refund outside the shop",
        by=people.admin.user,
    )

    assert refused.value.errors == {"reason": ["required"]}
    assert balance(filled_cart.certified) == Decimal("3.00")


def test_an_entry_is_never_changed_or_deleted(client, filled_cart):
    buy(client, filled_cart.patient)
    entry = LedgerEntry.objects.earliest("id")

    entry.amount = Decimal("100")
    with pytest.raises(AppendOnly):
        entry.save()
    with pytest.raises(AppendOnly):
        entry.delete()

    assert LedgerEntry.objects.get(pk=entry.pk).amount == Decimal("1.86")


@pytest.mark.parametrize("rate", [Decimal("-1"), Decimal("50.01"), Decimal("12.345")])
def test_a_commission_rate_outside_0_to_50_percent_is_refused(people, rate):
    with pytest.raises(InvalidInput) as refused:
        commission_rate_set(practitioner=people.certified.user, rate=rate)

    assert refused.value.errors == {"rate": ["out of range"]}
