"""Daily totals (docs/architecture.md, "Daily totals"): per nutrient, what a protocol's lines add
up to a day, its share of the upper intake level, and which lines contribute.

Pure arithmetic on `Decimal`, no database: the protocol selectors gather the lines and the facts. The web
builder runs the same rules on its live document (`features/protocol-builder/totals`), so the two must be
changed together; the worked examples in the tests of both hold them to each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Annotated, Literal, TypedDict

from pydantic import Field

from server.core.region import Region
from server.nutrition.dose import as_number
from server.nutrition.reference import Limit, limit_for, nutrients

CAUTION_FROM = Decimal("0.8")  # a caution from 80 % of a limit, a warning from 100 %
AMOUNT_PLACES = Decimal("0.001")
SHARE_PLACES = Decimal("0.0001")

Level = Literal["ok", "caution", "over"]


@dataclass(frozen=True)
class NutrientAmount:
    """What one serving holds of a nutrient, in the nutrient's unit."""

    nutrient: str
    form: str
    per_serving: Decimal


@dataclass(frozen=True)
class DoseLine:
    variant_id: int
    servings_per_day: Decimal


class SourceOut(TypedDict):
    authority: Annotated[str, Field(description="EFSA or UK")]
    kind: Annotated[str, Field(description="The body's own term: UL, safe level of intake, SUL or GL")]
    applies_to: Annotated[str, Field(description="total (all sources) or supplemental (supplements only)")]
    reference: Annotated[str, Field(description="The opinion or report the level comes from")]
    year: int


class LimitOut(TypedDict):
    amount: float
    forms: Annotated[list[str], Field(description="The forms the limit counts; empty: every form")]
    source: SourceOut


class ContributionOut(TypedDict):
    product_variant_id: int
    amount: Annotated[float, Field(description="What the line adds a day, in the nutrient's unit")]
    counted: Annotated[
        bool, Field(description="Whether the limit counts it (magnesium from food is not counted)")
    ]


class NutrientTotalOut(TypedDict):
    nutrient: str
    name: str
    unit: Annotated[str, Field(description="mg or µg")]
    total: float
    counted: Annotated[float, Field(description="The part of the total the limit applies to")]
    limit: float | None
    share: Annotated[float | None, Field(description="counted / limit: 1.0 is the whole limit")]
    level: Annotated[Level, Field(description="ok, caution (from 80 % of the limit) or over (from 100 %)")]
    source: SourceOut | None
    lines: list[ContributionOut]


class DailyTotalsOut(TypedDict):
    nutrients: list[NutrientTotalOut]
    no_data: Annotated[list[int], Field(description="Variants of the protocol without supplement facts")]


def level_of(counted: Decimal, limit: Decimal | None) -> Level:
    if limit is None:
        return "ok"
    if counted >= limit:
        return "over"
    return "caution" if counted >= limit * CAUTION_FROM else "ok"


def _number(value: Decimal) -> int | float:
    return as_number(value.quantize(AMOUNT_PLACES, rounding=ROUND_HALF_EVEN).normalize())


def source_data(limit: Limit) -> SourceOut:
    return {
        "authority": limit.authority,
        "kind": limit.kind,
        "applies_to": limit.applies_to,
        "reference": limit.reference,
        "year": limit.year,
    }


def limit_data(limit: Limit) -> LimitOut:
    return {"amount": _number(limit.amount), "forms": sorted(limit.forms), "source": source_data(limit)}


def daily_totals(
    *,
    lines: Sequence[DoseLine],
    facts: Mapping[int, Sequence[NutrientAmount]],
    region: Region,
    language: str,
) -> DailyTotalsOut:
    """`facts` holds the variants that have supplement facts (an empty sequence: none of the nutrients);
    a line whose variant is missing from it is listed in `no_data`, not counted as nothing."""
    contributions: dict[str, list[tuple[int, Decimal, str]]] = {}
    no_data: list[int] = []
    for line in lines:
        amounts = facts.get(line.variant_id)
        if amounts is None:
            no_data.append(line.variant_id)
            continue
        for amount in amounts:
            daily = amount.per_serving * line.servings_per_day
            contributions.setdefault(amount.nutrient, []).append((line.variant_id, daily, amount.form))
    result: list[NutrientTotalOut] = []
    for key, nutrient in nutrients().items():
        parts = contributions.get(key)
        if not parts:
            continue
        limit = limit_for(key, region)
        counted = sum((daily for _, daily, form in parts if limit is None or limit.counts(form)), Decimal(0))
        total = sum((daily for _, daily, _ in parts), Decimal(0))
        # One entry per line: a line holding two forms (e.g. folic acid and food folate) adds them up.
        by_line: dict[int, tuple[Decimal, bool]] = {}
        for variant_id, daily, form in parts:
            earlier, was_counted = by_line.get(variant_id, (Decimal(0), False))
            by_line[variant_id] = (earlier + daily, was_counted or limit is None or limit.counts(form))
        result.append(
            {
                "nutrient": key,
                "name": nutrient.name(language),
                "unit": nutrient.unit,
                "total": _number(total),
                "counted": _number(counted),
                "limit": _number(limit.amount) if limit else None,
                "share": float((counted / limit.amount).quantize(SHARE_PLACES)) if limit else None,
                "level": level_of(counted, limit.amount if limit else None),
                "source": source_data(limit) if limit else None,
                "lines": [
                    {"product_variant_id": variant_id, "amount": _number(daily), "counted": was_counted}
                    for variant_id, (daily, was_counted) in by_line.items()
                ],
            }
        )
    return {"nutrients": result, "no_data": no_data}
