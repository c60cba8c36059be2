"""Daily totals on worked examples (docs/decisions/0031-daily-totals.md): vitamin D from three products,
magnesium counting its supplemental form only, conversions, the caution and warning thresholds, products
without facts."""

from decimal import Decimal

from server.core.region import Region
from server.nutrition.totals import DoseLine, NutrientAmount, daily_totals, level_of

D3_2000 = [NutrientAmount("vitamin_d", "", Decimal(50))]  # 2000 IU a capsule
D3_K2 = [NutrientAmount("vitamin_d", "", Decimal(25)), NutrientAmount("vitamin_k", "", Decimal(100))]
MULTI = [
    NutrientAmount("vitamin_d", "", Decimal(10)),
    NutrientAmount("magnesium", "supplemental", Decimal(100)),
]
CACAO = [NutrientAmount("magnesium", "food", Decimal(60))]
MAGNESIUM = [NutrientAmount("magnesium", "supplemental", Decimal(100))]


def totals(lines, facts, region=Region.EU, language="en"):
    return daily_totals(
        lines=[DoseLine(variant, Decimal(dose)) for variant, dose in lines],
        facts=facts,
        region=region,
        language=language,
    )


def test_vitamin_d_from_three_products_passes_the_limit_and_names_the_lines():
    result = totals([(1, "1"), (2, "2"), (3, "1")], {1: D3_2000, 2: D3_K2, 3: MULTI})

    vitamin_k = result["nutrients"][1]
    assert result["nutrients"][0]["nutrient"] == "vitamin_d"  # the table's order: D before K
    assert result["nutrients"][0] == {
        "nutrient": "vitamin_d",
        "name": "Vitamin D",
        "unit": "µg",
        "total": 110,
        "counted": 110,
        "limit": 100,
        "share": 1.1,
        "level": "over",
        "source": {
            "authority": "EFSA",
            "kind": "UL",
            "applies_to": "total",
            "reference": result["nutrients"][0]["source"]["reference"],
            "year": 2023,
        },
        "lines": [
            {"product_variant_id": 1, "amount": 50, "counted": True},
            {"product_variant_id": 2, "amount": 50, "counted": True},
            {"product_variant_id": 3, "amount": 10, "counted": True},
        ],
    }
    assert "vitamin D" in result["nutrients"][0]["source"]["reference"]
    assert (vitamin_k["nutrient"], vitamin_k["total"], vitamin_k["limit"], vitamin_k["level"]) == (
        "vitamin_k",
        200,
        None,
        "ok",
    )


def test_a_quarter_dose_less_brings_the_same_protocol_under_the_limit():
    result = totals([(1, "1"), (2, "1.5"), (3, "1")], {1: D3_2000, 2: D3_K2, 3: MULTI})

    assert (result["nutrients"][0]["total"], result["nutrients"][0]["level"]) == (97.5, "caution")


def test_magnesium_counts_its_supplemental_forms_only():
    result = totals([(3, "1"), (4, "1"), (5, "1")], {3: MULTI, 4: CACAO, 5: MAGNESIUM})

    magnesium = next(row for row in result["nutrients"] if row["nutrient"] == "magnesium")
    assert (magnesium["total"], magnesium["counted"], magnesium["limit"], magnesium["share"]) == (
        260,
        200,
        250,
        0.8,
    )
    assert magnesium["level"] == "caution"
    assert magnesium["lines"] == [
        {"product_variant_id": 3, "amount": 100, "counted": True},
        {"product_variant_id": 4, "amount": 60, "counted": False},
        {"product_variant_id": 5, "amount": 100, "counted": True},
    ]


def test_the_uk_is_held_to_its_lower_guidance_level():
    result = totals([(5, "2")], {5: MAGNESIUM}, region=Region.UK)

    # EFSA's 250 mg is lower than the UK's 400 mg guidance level, so it applies in the UK too.
    assert (result["nutrients"][0]["limit"], result["nutrients"][0]["level"]) == (250, "caution")


def test_a_product_without_facts_is_listed_as_no_data_never_counted_as_nothing():
    result = totals([(1, "1"), (9, "3"), (8, "1")], {1: D3_2000, 8: []})

    assert result["no_data"] == [9]
    assert [row["nutrient"] for row in result["nutrients"]] == ["vitamin_d"]
    assert result["nutrients"][0]["total"] == 50


def test_names_follow_the_language():
    result = totals([(1, "1")], {1: D3_2000}, language="ja")

    assert result["nutrients"][0]["name"] == "ビタミンD"


def test_the_caution_starts_at_80_percent_and_the_warning_at_100():
    limit = Decimal(100)

    assert [level_of(Decimal(value), limit) for value in ("79.99", "80", "99.99", "100", "250")] == [
        "ok",
        "caution",
        "caution",
        "over",
        "over",
    ]
    assert level_of(Decimal(10**6), None) == "ok"
