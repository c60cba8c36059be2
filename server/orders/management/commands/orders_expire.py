from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from server.orders.services import orders_expire


class Command(BaseCommand):
    help = (
        "Cancel the unpaid orders whose hold ended (ORDER_UNPAID_EXPIRY_MINUTES after checkout or their "
        "latest payment start), putting their units back on sale. The task worker does this on time; this "
        "catches up after it was down."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        numbers = orders_expire()
        self.stdout.write(
            f"{len(numbers)} unpaid orders expired" + (f": {', '.join(numbers)}" if numbers else "")
        )
