"""Reads of supplement facts (docs/decisions/0031-daily-totals.md): per variant, the serving and what one
serving holds, for product pages and for daily totals (server.nutrition.totals). Read as plain rows, not model
instances: a 30-line protocol's totals read about 120 amounts, and building models for them was most of their
cost."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Annotated, TypedDict

from pydantic import Field

from server.catalog.models import SupplementFactAmount, SupplementFacts
from server.nutrition.dose import as_number
from server.nutrition.reference import nutrients
from server.nutrition.totals import NutrientAmount
from server.nutrition.units import UnknownForm, UnknownUnit, conversion_factor, form_of

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LabelAmount:
    label_amount: Decimal  # as the label prints it, in `label_unit`
    label_unit: str
    amount: NutrientAmount  # in the nutrient's unit


@dataclass(frozen=True)
class VariantFacts:
    variant_id: int
    serving_size: Decimal
    serving_unit: str
    servings_per_container: Decimal
    servings_per_day: Decimal
    amounts: tuple[LabelAmount, ...]

    def nutrient_amounts(self) -> tuple[NutrientAmount, ...]:
        return tuple(amount.amount for amount in self.amounts)


class FactNutrientOut(TypedDict):
    nutrient: Annotated[str, Field(description="The nutrient's key in the reference table")]
    name: str
    form: Annotated[
        str, Field(description="The form where a limit tells forms apart (e.g. folic_acid), else empty")
    ]
    amount: Annotated[float, Field(description="As the label prints it, in `unit`")]
    unit: Annotated[str, Field(description="mg, µg, g or IU")]
    per_serving: Annotated[
        float, Field(description="The same amount in `nutrient_unit`, the unit totals add up in")
    ]
    nutrient_unit: str


class SupplementFactsOut(TypedDict):
    product_variant_id: int
    serving_size: float
    serving_unit: Annotated[
        str, Field(description="capsule, tablet, softgel, gummy, g, ml, drop, spray or scoop")
    ]
    servings_per_container: float
    servings_per_day: Annotated[float, Field(description="The label's suggested daily dose, in servings")]
    nutrients: list[FactNutrientOut]


def _label_amount(nutrient_key: str, form: str, amount: Decimal, unit: str) -> LabelAmount | None:
    nutrient = nutrients().get(nutrient_key)
    if nutrient is None:
        return None
    try:
        form = form_of(nutrient, form)
        per_serving = amount * conversion_factor(nutrient.key, form, unit)
    except (UnknownForm, UnknownUnit):
        return None
    return LabelAmount(amount, unit, NutrientAmount(nutrient.key, form, per_serving))


def variant_facts(*, variant_ids: Iterable[int]) -> dict[int, VariantFacts]:
    """The facts of those variants that have them. An amount the reference table no longer knows (a
    nutrient, form or unit changed since it was entered) is left out and logged, not guessed."""
    ids = list(variant_ids)
    amounts: dict[int, list[LabelAmount]] = {}
    for facts_id, nutrient, form, amount, unit in (
        SupplementFactAmount.objects.filter(facts_id__in=ids)
        .order_by("id")
        .values_list("facts_id", "nutrient", "form", "amount", "unit")
    ):
        label = _label_amount(nutrient, form, amount, unit)
        if label is None:
            logger.warning(
                "facts of variant %s: %s %s is not in the reference table", facts_id, nutrient, unit
            )
            continue
        amounts.setdefault(facts_id, []).append(label)
    servings = SupplementFacts.objects.filter(variant_id__in=ids).values_list(
        "variant_id", "serving_size", "serving_unit", "servings_per_container", "servings_per_day"
    )
    return {
        variant_id: VariantFacts(
            variant_id=variant_id,
            serving_size=size,
            serving_unit=serving_unit,
            servings_per_container=per_container,
            servings_per_day=per_day,
            amounts=tuple(amounts.get(variant_id, ())),
        )
        for variant_id, size, serving_unit, per_container, per_day in servings
    }


def facts_data(facts: VariantFacts, *, language: str) -> SupplementFactsOut:
    table = nutrients()
    return {
        "product_variant_id": facts.variant_id,
        "serving_size": as_number(facts.serving_size),
        "serving_unit": facts.serving_unit,
        "servings_per_container": as_number(facts.servings_per_container),
        "servings_per_day": as_number(facts.servings_per_day),
        "nutrients": [
            {
                "nutrient": item.amount.nutrient,
                "name": table[item.amount.nutrient].name(language),
                "form": item.amount.form,
                "amount": as_number(item.label_amount.normalize()),
                "unit": item.label_unit,
                "per_serving": as_number(item.amount.per_serving.normalize()),
                "nutrient_unit": table[item.amount.nutrient].unit,
            }
            for item in facts.amounts
        ],
    }
