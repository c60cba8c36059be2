"""Reads of a protocol's daily totals (docs/architecture.md, "Daily totals"): the lines' doses and
their variants' supplement facts, added up by server.nutrition.totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, TypedDict

from pydantic import Field

from server.catalog.facts import VariantFacts, variant_facts
from server.core.region import Region
from server.nutrition.dose import as_number
from server.nutrition.reference import limit_for, nutrients
from server.nutrition.totals import DailyTotalsOut, DoseLine, LimitOut, daily_totals, limit_data
from server.protocols.models import Protocol, ProtocolItem


class FactAmountOut(TypedDict):
    nutrient: str
    form: str
    per_serving: float


class VariantFactsOut(TypedDict):
    product_variant_id: int
    # A line added without a dose starts at the label's.
    servings_per_day: Annotated[float, Field(description="The label's suggested dose")]
    nutrients: list[FactAmountOut]


class ReferenceOut(TypedDict):
    nutrient: str
    name: str
    unit: str
    limit: LimitOut | None


class BuilderTotalsOut(DailyTotalsOut):
    """What the builder needs to add the totals up itself as the live document changes: the facts of the
    lines' variants and the nutrients they hold, each with the limit that applies in the region."""

    facts: Annotated[
        list[VariantFactsOut], Field(description="The facts of the lines' variants, for live totals")
    ]
    reference: Annotated[
        list[ReferenceOut], Field(description="The nutrients they hold, with the region's limit")
    ]


def dose_lines(protocol_id: int) -> list[DoseLine]:
    """A protocol's lines as the totals need them: the variant and the dose, newest first."""
    return [
        DoseLine(variant_id, servings_per_day)
        for variant_id, servings_per_day in ProtocolItem.objects.filter(protocol_id=protocol_id)
        .order_by("-position", "-id")
        .values_list("variant_id", "servings_per_day")
    ]


def _add_up(
    lines: Sequence[DoseLine], facts: Mapping[int, VariantFacts], *, region: Region, language: str
) -> DailyTotalsOut:
    return daily_totals(
        lines=lines,
        facts={variant_id: item.nutrient_amounts() for variant_id, item in facts.items()},
        region=region,
        language=language,
    )


def lines_daily_totals(lines: Sequence[DoseLine], *, region: Region, language: str) -> DailyTotalsOut:
    """The totals shown to a client and on the public link page."""
    return protocols_daily_totals({0: lines}, region=region, language=language)[0]


def protocols_daily_totals(
    lines: Mapping[int, Sequence[DoseLine]], *, region: Region, language: str
) -> dict[int, DailyTotalsOut]:
    """The totals of several protocols (by id) with one read of their variants' facts (a client's list)."""
    facts = variant_facts(variant_ids={line.variant_id for protocol in lines.values() for line in protocol})
    return {
        protocol_id: _add_up(protocol, facts, region=region, language=language)
        for protocol_id, protocol in lines.items()
    }


def nutrients_over(protocol: Protocol, *, region: Region, language: str) -> list[str]:
    """The names of the nutrients the protocol's daily totals put at or over their upper level."""
    totals = lines_daily_totals(dose_lines(protocol.pk), region=region, language=language)
    return [row["name"] for row in totals["nutrients"] if row["level"] == "over"]


def builder_daily_totals(lines: Sequence[DoseLine], *, region: Region, language: str) -> BuilderTotalsOut:
    facts = variant_facts(variant_ids=[line.variant_id for line in lines])
    totals = _add_up(lines, facts, region=region, language=language)
    held = {amount.amount.nutrient for item in facts.values() for amount in item.amounts}
    reference: list[ReferenceOut] = []
    for key, nutrient in nutrients().items():
        if key in held:
            limit = limit_for(key, region)
            reference.append(
                {
                    "nutrient": key,
                    "name": nutrient.name(language),
                    "unit": nutrient.unit,
                    "limit": limit_data(limit) if limit else None,
                }
            )
    return {
        **totals,
        "facts": [
            {
                "product_variant_id": variant_id,
                "servings_per_day": as_number(item.servings_per_day),
                "nutrients": [
                    {
                        "nutrient": amount.amount.nutrient,
                        "form": amount.amount.form,
                        "per_serving": as_number(amount.amount.per_serving.normalize()),
                    }
                    for amount in item.amounts
                ],
            }
            for variant_id, item in ((line.variant_id, facts.get(line.variant_id)) for line in lines)
            if item is not None
        ],
        "reference": reference,
    }
