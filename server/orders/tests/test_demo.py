import io

import pytest
from django.core.management import call_command

from server.orders.models import Order, OrderState


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", "--products", "8", "--force", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_seed_demo_gives_the_demo_client_past_orders_in_several_states_once(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    first = seed()
    again = seed()

    # The demo client's orders from the cart (the parcel of their automatic refill is its own demo).
    orders = Order.objects.filter(buyer__email="client@demo.shop", subscription_id__isnull=True).order_by(
        "created_at"
    )
    assert "4 new demo orders" in first and "0 new demo orders" in again
    assert [order.state for order in orders] == [
        OrderState.DELIVERED,
        OrderState.CANCELLED,
        OrderState.FULFILLED,
        OrderState.PAID,
    ]
    for order in orders:
        lines = list(order.lines.all())
        assert order.total == sum(line.total for line in lines) + order.shipping
        assert (
            order.history.order_by("at", "id").values_list("state", flat=True)[0]
            == OrderState.AWAITING_PAYMENT
        )
        assert order.practitioner is not None and order.practitioner.email.endswith("@demo.shop")
