"""Reads of supplement facts (issue 21): per variant, the serving and what one serving holds, for product
pages and for daily totals (server.nutrition.totals)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TypedDict

from server.catalog.models import SupplementFactAmount, SupplementFacts
from server.nutrition.dose import as_number
from server.nutrition.reference import nutrients
from server.nutrition.totals import NutrientAmount
from server.nutrition.units import UnknownForm, UnknownUnit, form_of, to_nutrient_unit

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LabelAmount:
    label: SupplementFactAmount  # as the label prints it
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


class FactNutrientData(TypedDict):
    nutrient: str
    name: str
    form: str
    amount: int | float  # as printed on the label, in `unit`
    unit: str
    per_serving: int | float  # in `nutrient_unit`, the unit daily totals add up in
    nutrient_unit: str


class SupplementFactsData(TypedDict):
    product_variant_id: int
    serving_size: int | float
    serving_unit: str
    servings_per_container: int | float
    servings_per_day: int | float  # the label's suggested daily dose
    nutrients: list[FactNutrientData]


def _label_amount(row: SupplementFactAmount) -> LabelAmount | None:
    nutrient = nutrients().get(row.nutrient)
    if nutrient is None:
        return None
    try:
        form = form_of(nutrient, row.form)
        per_serving = to_nutrient_unit(nutrient=nutrient, form=form, amount=row.amount, unit=row.unit)
    except (UnknownForm, UnknownUnit):
        return None
    return LabelAmount(row, NutrientAmount(nutrient.key, form, per_serving))


def variant_facts(*, variant_ids: Iterable[int]) -> dict[int, VariantFacts]:
    """The facts of those variants that have them. An amount the reference table no longer knows (a
    nutrient, form or unit changed since it was entered) is left out and logged, not guessed."""
    result: dict[int, VariantFacts] = {}
    for facts in SupplementFacts.objects.filter(variant_id__in=list(variant_ids)).prefetch_related("amounts"):
        amounts = []
        for row in facts.amounts.all():
            amount = _label_amount(row)
            if amount is None:
                logger.warning("facts of variant %s: %s is not in the reference table", facts.pk, row)
                continue
            amounts.append(amount)
        result[facts.pk] = VariantFacts(
            variant_id=facts.pk,
            serving_size=facts.serving_size,
            serving_unit=facts.serving_unit,
            servings_per_container=facts.servings_per_container,
            servings_per_day=facts.servings_per_day,
            amounts=tuple(amounts),
        )
    return result


def facts_data(facts: VariantFacts, *, language: str) -> SupplementFactsData:
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
                "amount": as_number(item.label.amount.normalize()),
                "unit": item.label.unit,
                "per_serving": as_number(item.amount.per_serving.normalize()),
                "nutrient_unit": table[item.amount.nutrient].unit,
            }
            for item in facts.amounts
        ],
    }
