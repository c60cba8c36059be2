"""Stock for the checkout benchmark (docs/decisions/0040-stock-a-ledger-below-orders.md):

    python -m bench.checkout.stock ON_HAND VARIANT_ID...

counts each variant to ON_HAND units, without back-order, through the stock services (`stock_count`: an
adjustment in the ledger, so a level stays the sum of its movements and the variant shows its new stock),
and prints JSON `{"variant id": [on_hand, reserved]}`. The unlimited phase's variants are counted to
1,000,000 so no buyer ever finds them short; the scarce phase's one variant to exactly N."""

from __future__ import annotations

import json
import sys

import django


def main() -> None:
    django.setup()
    from server.stock.services import stock_count

    on_hand = int(sys.argv[1])
    levels = {}
    for variant_id in sorted({int(value) for value in sys.argv[2:]}):
        level = stock_count(
            variant_id=variant_id,
            on_hand=on_hand,
            by=None,
            reason="checkout benchmark",
            back_order=False,
        )
        levels[str(variant_id)] = [level.on_hand, level.reserved]
    print(json.dumps(levels))


if __name__ == "__main__":
    main()
