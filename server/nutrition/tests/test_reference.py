"""The reference files load, keep their own rules, and cover every nutrient and limit the daily totals
need."""

import json
from decimal import Decimal

from server.core.region import Region
from server.nutrition.reference import DATA, LANGUAGES, limit_for, limits, nutrients

REQUIRED = (
    "vitamin_a",
    "vitamin_d",
    "vitamin_e",
    "vitamin_b6",
    "nicotinic_acid",
    "nicotinamide",
    "folate",
    "calcium",
    "magnesium",
    "zinc",
    "iron",
    "selenium",
    "iodine",
    "copper",
)


def test_every_nutrient_is_named_in_the_twelve_languages_of_the_shop():
    table = nutrients()

    assert len(table) == 24
    for nutrient in table.values():
        assert set(nutrient.names) == set(LANGUAGES)
        assert all(name.strip() for name in nutrient.names.values())


def test_every_required_nutrient_has_an_efsa_limit_with_its_source_and_year():
    efsa = {limit.nutrient: limit for limit in limits() if limit.authority == "EFSA"}

    assert sorted(efsa) == sorted(REQUIRED)
    for limit in efsa.values():
        assert limit.reference and 2000 <= limit.year <= 2026


def test_every_limit_names_a_source_the_file_lists():
    data = json.loads((DATA / "upper_limits.json").read_text(encoding="utf-8"))

    assert {row["source"] for row in data["limits"]} <= set(data["sources"])
    assert len(limits()) == len(data["limits"]) == 25


def test_the_limits_that_count_some_forms_only():
    by_nutrient = {limit.nutrient: limit for limit in limits() if limit.authority == "EFSA"}

    assert by_nutrient["vitamin_a"].forms == {"retinol"}
    assert by_nutrient["folate"].forms == {"folic_acid", "methylfolate"}
    assert by_nutrient["magnesium"].forms == {"supplemental"}
    assert by_nutrient["magnesium"].applies_to == "supplemental"
    assert by_nutrient["vitamin_d"].forms == frozenset()


def test_the_eu_is_held_to_efsa_and_the_uk_to_the_lower_of_efsa_and_the_uk():
    vitamin_a_eu, vitamin_a_uk = limit_for("vitamin_a", Region.EU), limit_for("vitamin_a", Region.UK)
    selenium_uk = limit_for("selenium", Region.UK)
    iron_eu, iron_uk = limit_for("iron", Region.EU), limit_for("iron", Region.UK)

    assert vitamin_a_eu and (vitamin_a_eu.authority, vitamin_a_eu.amount) == ("EFSA", Decimal(3000))
    assert vitamin_a_uk and (vitamin_a_uk.authority, vitamin_a_uk.amount) == ("UK", Decimal(1500))
    assert selenium_uk and (selenium_uk.authority, selenium_uk.amount) == ("EFSA", Decimal(255))
    assert iron_eu and (iron_eu.authority, iron_eu.kind, iron_eu.amount) == (
        "EFSA",
        "safe level of intake",
        Decimal(40),
    )
    assert iron_uk and (iron_uk.authority, iron_uk.amount) == ("UK", Decimal(17))
    assert limit_for("vitamin_c", Region.EU) is None
