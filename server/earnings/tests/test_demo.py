import io
from decimal import Decimal

import pytest
from django.core.management import call_command

from server.core.pricing import commission_of
from server.earnings.models import LedgerEntry
from server.orders.models import OrderEvent, OrderLine, OrderState


@pytest.mark.django_db
def test_seed_demo_gives_the_certified_practitioner_commission_on_the_paid_demo_orders_once(
    settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    out = io.StringIO()
    call_command("seed_demo", "--products", "8", "--force", stdout=out)
    call_command("seed_demo", "--products", "8", "--force", stdout=out)

    entries = list(LedgerEntry.objects.select_related("order", "order_line").order_by("at", "id"))
    paid_lines = OrderLine.objects.filter(order__buyer__email="client@demo.shop").exclude(
        order__state=OrderState.CANCELLED
    )
    assert "0 new ledger entries" in out.getvalue().splitlines()[-1]
    assert {entry.practitioner.email for entry in entries} == {"certified@demo.shop"}
    assert sorted(entry.order_line_id or 0 for entry in entries) == sorted(
        paid_lines.values_list("id", flat=True)
    )
    for entry in entries:
        line, order = entry.order_line, entry.order
        assert line is not None and order is not None
        assert entry.amount == commission_of(
            net=line.total - line.vat, commission_rate=Decimal(20), discount_rate=order.discount_rate
        )
        assert entry.at == OrderEvent.objects.get(order=entry.order, state=OrderState.PAID).at
