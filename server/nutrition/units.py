"""Amounts as a label prints them (mg, µg, g or IU) into the unit a nutrient is added up in."""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from server.nutrition.reference import MASS_UNITS, Nutrient, nutrients

UNITS = ("mg", "µg", "g", "IU")


class UnknownUnit(ValueError):
    """The unit is not one we know, or IU for a nutrient (or form) that has no IU conversion."""


class UnknownNutrient(ValueError):
    pass


class UnknownForm(ValueError):
    pass


def nutrient_of(key: str) -> Nutrient:
    nutrient = nutrients().get(key)
    if nutrient is None:
        raise UnknownNutrient(key)
    return nutrient


def form_of(nutrient: Nutrient, form: str) -> str:
    """The form an amount is of: the nutrient's default when none is given; an unknown one is an error."""
    if not nutrient.forms:
        if form:
            raise UnknownForm(form)
        return ""
    form = form or nutrient.default_form
    if form not in nutrient.forms:
        raise UnknownForm(form)
    return form


def to_nutrient_unit(*, nutrient: Nutrient, form: str, amount: Decimal, unit: str) -> Decimal:
    """`amount` `unit` of `nutrient` in `nutrient.unit`: 1000 IU of vitamin D is 25 µg."""
    return amount * conversion_factor(nutrient.key, form, unit)


@cache
def conversion_factor(nutrient_key: str, form: str, unit: str) -> Decimal:
    """What one `unit` of the nutrient (in that form) is in the nutrient's unit; worked out once per
    combination, since daily totals convert every amount of every line."""
    nutrient = nutrient_of(nutrient_key)
    if unit == "IU":
        factor = nutrient.iu.get(form) or nutrient.iu.get("")
        if factor is None:
            raise UnknownUnit(unit)
        return factor
    scale = MASS_UNITS.get(unit)
    if scale is None:
        raise UnknownUnit(unit)
    return scale / MASS_UNITS[nutrient.unit]
