"""Amounts as labels print them, in the unit a nutrient adds up in."""

from decimal import Decimal

import pytest

from server.nutrition.units import UnknownForm, UnknownUnit, form_of, nutrient_of, to_nutrient_unit


def converted(nutrient: str, amount: str, unit: str, form: str = "") -> Decimal:
    found = nutrient_of(nutrient)
    return to_nutrient_unit(nutrient=found, form=form_of(found, form), amount=Decimal(amount), unit=unit)


def test_international_units_convert_per_nutrient_and_form():
    assert converted("vitamin_d", "1000", "IU") == Decimal(25)
    assert converted("vitamin_d", "4000", "IU") == Decimal(100)
    assert converted("vitamin_a", "10000", "IU", "retinol") == Decimal(3000)
    assert converted("vitamin_a", "10000", "IU", "beta_carotene") == Decimal(6000)
    assert converted("vitamin_e", "400", "IU", "natural") == Decimal(268)
    assert converted("vitamin_e", "400", "IU", "synthetic") == Decimal(180)


def test_masses_convert_to_the_nutrients_unit():
    assert converted("vitamin_d", "0.05", "mg") == Decimal(50)
    assert converted("magnesium", "0.2", "g") == Decimal(200)
    assert converted("selenium", "200", "µg") == Decimal(200)
    assert converted("zinc", "1500", "µg") == Decimal("1.5")


def test_a_nutrient_without_a_default_form_takes_its_default():
    assert form_of(nutrient_of("magnesium"), "") == "supplemental"
    assert form_of(nutrient_of("vitamin_d"), "") == ""


def test_international_units_of_a_mineral_and_unknown_units_or_forms_are_refused():
    magnesium = nutrient_of("magnesium")

    with pytest.raises(UnknownUnit):
        to_nutrient_unit(nutrient=magnesium, form="supplemental", amount=Decimal(1), unit="IU")
    with pytest.raises(UnknownUnit):
        to_nutrient_unit(nutrient=magnesium, form="supplemental", amount=Decimal(1), unit="oz")
    with pytest.raises(UnknownForm):
        form_of(magnesium, "oxide")
    with pytest.raises(UnknownForm):
        form_of(nutrient_of("vitamin_d"), "retinol")
