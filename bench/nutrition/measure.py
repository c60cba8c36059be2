"""Runs inside the project's settings (bench/nutrition/run starts it): seeds a 30-line protocol whose
variants have supplement facts and schedules, shared with a client who takes 5 medicines, then times the
server's daily totals (the owner's call's work: the lines, the facts and the arithmetic), the interaction
warnings and "arrange the day" (each call's whole work: lines, facts, medicines, rules) against the
protocol's own read (the builder's protocol call), in the same process and run. Prints JSON."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from decimal import Decimal

import django

from server.config.env import default_settings_module

os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
django.setup()

from django.db import transaction  # noqa: E402 (after setup)

from server.accounts.models import User, UserType  # noqa: E402
from server.catalog.models import (  # noqa: E402
    Brand,
    Product,
    ProductVariant,
    ServingUnit,
    SupplementFactAmount,
    SupplementFacts,
)
from server.core.region import Region  # noqa: E402
from server.health.models import ClientMedicine  # noqa: E402
from server.nutrition.schedule import SLOTS, schedule_parse  # noqa: E402
from server.protocols.interactions import protocol_arrange, protocol_interactions  # noqa: E402
from server.protocols.models import Assignment, Protocol, ProtocolItem  # noqa: E402
from server.protocols.selectors import protocol_data  # noqa: E402
from server.protocols.totals import builder_daily_totals, dose_lines  # noqa: E402

NUTRIENTS = (
    ("vitamin_d", "", "1000", "IU"),
    ("magnesium", "supplemental", "150", "mg"),
    ("zinc", "", "15", "mg"),
    ("folate", "methylfolate", "400", "µg"),
    ("vitamin_a", "retinol", "800", "µg"),
    ("iron", "", "14", "mg"),
    ("magnesium", "food", "40", "mg"),
)


# Five medicines, several of which the rules concern (thyroid hormones, SSRIs, vitamin K antagonists,
# tetracyclines), at set slots.
MEDICINES = (
    ("levothyroxine", "waking"),
    ("sertraline", "breakfast"),
    ("warfarin", "dinner"),
    ("doxycycline", "lunch"),
    ("omeprazole", "waking"),
)


@transaction.atomic
def seed(lines: int) -> Protocol:
    owner = User.objects.create_user(
        f"bench-{time.time_ns()}@example.com", "x", user_type_id=UserType.CERTIFIED_PRACTITIONER
    )
    brand, _ = Brand.objects.get_or_create(slug="bench-brand", defaults={"name": "Bench"})
    protocol = Protocol.objects.create(owner=owner, name="Bench", description="30 lines")
    for index in range(lines):
        product = Product.objects.create(slug=f"bench-{owner.pk}-{index}", name=f"Bench {index}", brand=brand)
        variant = ProductVariant.objects.create(
            product=product,
            sku=f"B-{owner.pk}-{index}",
            price_eur=Decimal("12.50"),
            price_gbp=Decimal("10.95"),
        )
        facts = SupplementFacts.objects.create(
            variant=variant, serving_unit=ServingUnit.CAPSULE, servings_per_container=Decimal(60)
        )
        SupplementFactAmount.objects.bulk_create(
            SupplementFactAmount(facts=facts, nutrient=n, form=f, amount=Decimal(a), unit=u)
            for n, f, a, u in (NUTRIENTS[(index + k) % len(NUTRIENTS)] for k in range(4))
            if not (n == "magnesium" and f == "food" and index % 2)
        )
        slots = {SLOTS[index % 5]: 1 + (index % 4) / 4}
        if index % 3 == 0:
            slots[SLOTS[(index + 2) % 5]] = 1
        schedule = schedule_parse({"slots": slots, "with_food": ("any", "with", "any")[index % 3]})
        ProtocolItem.objects.create(
            protocol=protocol,
            variant=variant,
            quantity=1,
            schedule=schedule.as_json(),
            servings_per_day=schedule.servings_per_day,
            position=lines - index,
        )
    client = User.objects.create_user(
        f"bench-client-{time.time_ns()}@example.com", "x", user_type_id=UserType.CLIENT
    )
    Assignment.objects.create(protocol=protocol, client=client)
    ClientMedicine.objects.bulk_create(
        ClientMedicine(client=client, medicine_id=medicine, slots=[slot], position=position)
        for position, (medicine, slot) in enumerate(MEDICINES)
    )
    return protocol


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    for _ in range(20):
        work()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50": statistics.median(ordered),
        "p95": ordered[int(len(ordered) * 0.95) - 1],
        "p99": ordered[int(len(ordered) * 0.99) - 1],
        "mean": statistics.fmean(ordered),
    }


def main() -> None:
    lines, repeat = int(sys.argv[1]), int(sys.argv[2])
    protocol = seed(lines)
    totals = builder_daily_totals(dose_lines(protocol.pk), region=Region.EU, language="en")
    totals_ms = timed(
        lambda: builder_daily_totals(dose_lines(protocol.pk), region=Region.EU, language="en"), repeat
    )
    reference_ms = timed(lambda: protocol_data(protocol, region=Region.EU), repeat)
    warnings = protocol_interactions(protocol=protocol, client_id=None, language="en")
    warnings_ms = timed(
        lambda: protocol_interactions(protocol=protocol, client_id=None, language="en"), repeat
    )
    arranged = protocol_arrange(protocol=protocol, client_id=None, language="en")
    arrange_ms = timed(lambda: protocol_arrange(protocol=protocol, client_id=None, language="en"), repeat)
    print(
        json.dumps(
            {
                "lines": lines,
                "medicines": len(MEDICINES),
                "nutrients": len(totals["nutrients"]),
                "levels": sorted({row["level"] for row in totals["nutrients"]}),
                "warnings": len(warnings["warnings"]),
                "moved": sum(line["moved"] for line in arranged["lines"]),
                "cannot": len(arranged["cannot"]),
                "totals": summary(totals_ms),
                "interactions": summary(warnings_ms),
                "arrange": summary(arrange_ms),
                "reference": summary(reference_ms),
            }
        )
    )


if __name__ == "__main__":
    main()
