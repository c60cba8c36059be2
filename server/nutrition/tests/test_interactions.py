"""Spacing and interaction warnings and "arrange the day" (docs/decisions/0043-the-day-schedule.md), held
against the shipped rules: each warning appears when its rule is broken and clears when the day keeps it."""

from decimal import Decimal

from server.nutrition.arrange import day_arrange
from server.nutrition.interactions import DayLine, DayMedicine, day_warnings
from server.nutrition.schedule import schedule_parse
from server.nutrition.totals import NutrientAmount

IRON, CALCIUM, ZINC, COPPER, B6, VITAMIN_K, HYPERICUM, D3 = range(1, 9)
HOLDS = {
    IRON: [("iron", "", "14")],
    CALCIUM: [("calcium", "", "500")],
    ZINC: [("zinc", "", "15")],
    COPPER: [("copper", "", "1")],
    B6: [("vitamin_b6", "", "25")],
    VITAMIN_K: [("vitamin_k", "", "100")],
    HYPERICUM: [("st_johns_wort", "", "300")],
    D3: [("vitamin_d", "", "25")],
}


def line(variant_id: int, **schedule) -> DayLine:
    amounts = tuple(NutrientAmount(n, form, Decimal(a)) for n, form, a in HOLDS[variant_id])
    return DayLine(variant_id, amounts, schedule_parse(schedule))


def found(warnings) -> list[tuple[str, tuple[int, ...], tuple[str, ...]]]:
    return [(warning.rule_id, warning.lines, warning.medicines) for warning in warnings]


def test_iron_with_calcium_at_one_meal_warns_and_two_meals_apart_clears_it():
    together = [line(IRON, slots={"breakfast": 1}), line(CALCIUM, slots={"breakfast": 1})]
    apart = [line(IRON, slots={"breakfast": 1}), line(CALCIUM, slots={"lunch": 1})]
    an_hour = [line(IRON, slots={"waking": 1}), line(CALCIUM, slots={"breakfast": 1})]

    assert found(day_warnings(lines=together)) == [("iron-calcium", (IRON, CALCIUM), ())]
    assert found(day_warnings(lines=apart)) == []
    assert found(day_warnings(lines=an_hour)) == [("iron-calcium", (IRON, CALCIUM), ())]


def test_levothyroxine_at_waking_needs_four_hours_before_calcium_and_iron():
    thyroid = [DayMedicine("levothyroxine", ("waking",))]
    close = [line(CALCIUM, slots={"breakfast": 1}), line(IRON, slots={"dinner": 1})]
    spaced = [line(CALCIUM, slots={"lunch": 1}), line(IRON, slots={"dinner": 1})]

    assert found(day_warnings(lines=close, day_medicines=thyroid)) == [
        ("thyroid-calcium-magnesium", (CALCIUM,), ("levothyroxine",))
    ]
    assert found(day_warnings(lines=spaced, day_medicines=thyroid)) == []


def test_st_johns_wort_with_an_ssri_is_avoid_whatever_the_hours_and_comes_first():
    lines = [
        line(IRON, slots={"breakfast": 1}),
        line(CALCIUM, slots={"breakfast": 1}),
        line(HYPERICUM, slots={"bedtime": 1}),
    ]

    warnings = day_warnings(lines=lines, day_medicines=[DayMedicine("sertraline", ("waking",))])

    assert [(w.rule_id, w.severity) for w in warnings] == [
        ("st-johns-wort-ssris", "avoid"),
        ("iron-calcium", "caution"),
    ]
    assert warnings[0].rule.reference and warnings[0].rule.advice_in("de")


def test_vitamin_k_with_warfarin_is_a_caution_even_at_another_time():
    warnings = day_warnings(
        lines=[line(VITAMIN_K, slots={"lunch": 1})], day_medicines=[DayMedicine("warfarin", ())]
    )

    assert found(warnings) == [("vitamin-k-antagonists-vitamin-k", (VITAMIN_K,), ("warfarin",))]


def test_two_products_with_the_same_mineral_in_one_slot_are_a_duplicate_until_one_moves():
    zinc_twice = [
        line(ZINC, slots={"dinner": 1}),
        DayLine(99, (NutrientAmount("zinc", "", Decimal(10)),), schedule_parse({"slots": {"dinner": 1}})),
    ]
    moved = [zinc_twice[0], DayLine(99, zinc_twice[1].amounts, schedule_parse({"slots": {"lunch": 1}}))]

    assert [(w.kind, w.lines, w.nutrients) for w in day_warnings(lines=zinc_twice)] == [
        ("duplicate", (ZINC, 99), ("zinc",))
    ]
    assert day_warnings(lines=moved) == []


def test_high_dose_b6_warns_without_an_end_and_not_within_its_weeks():
    assert found(day_warnings(lines=[line(B6, slots={"breakfast": 1})])) == [
        ("vitamin-b6-long-term", (B6,), ())
    ]
    assert day_warnings(lines=[line(B6, slots={"breakfast": 1}, weeks=8)]) == []
    assert day_warnings(lines=[line(B6, slots={"breakfast": 0.25})]) == []  # 6.25 mg a day


def test_a_step_that_brings_calcium_to_breakfast_warns_for_its_weeks():
    lines = [
        line(IRON, slots={"breakfast": 1}),
        line(CALCIUM, slots={"dinner": 1}, steps=[{"from_week": 3, "slots": {"breakfast": 1, "dinner": 1}}]),
    ]

    assert found(day_warnings(lines=lines)) == [("iron-calcium", (IRON, CALCIUM), ())]


def test_arrange_moves_the_fewest_lines_to_keep_every_spacing_and_leaves_the_medicines():
    # Given iron, calcium and zinc at breakfast, copper at breakfast, and levothyroxine at waking
    lines = [
        line(IRON, slots={"breakfast": 1}, with_food="with"),
        line(CALCIUM, slots={"breakfast": 1}),
        line(ZINC, slots={"breakfast": 1}),
        line(COPPER, slots={"breakfast": 1}),
        line(D3, slots={"breakfast": 1}),
    ]
    medicines = [DayMedicine("levothyroxine", ("waking",))]
    assert len(day_warnings(lines=lines, day_medicines=medicines)) > 3

    arranged = day_arrange(lines=lines, day_medicines=medicines)

    # Then nothing is left to warn about, the with-food line is at a meal, and D3 (no rule) did not move
    after = [
        DayLine(old.variant_id, old.amounts, schedule)
        for old, schedule in zip(lines, arranged.schedules, strict=True)
    ]
    assert day_warnings(lines=after, day_medicines=medicines) == []
    assert arranged.broken == ()
    assert after[0].schedule.slots[0][0] in ("breakfast", "lunch", "dinner")
    assert arranged.moved[4] is False and after[4].schedule == lines[4].schedule
    assert sum(arranged.moved) <= 3


def test_arrange_says_which_rules_cannot_be_kept():
    # Iron and calcium both only with food, and a quinolone taken at every meal: 6 hours from every meal is
    # not to be had
    lines = [
        line(IRON, slots={"breakfast": 1}, with_food="with"),
        line(CALCIUM, slots={"lunch": 1}, with_food="with"),
    ]
    medicines = [DayMedicine("ciprofloxacin", ("breakfast", "lunch", "dinner"))]

    arranged = day_arrange(lines=lines, day_medicines=medicines)

    assert sorted((b.rule.id, b.lines, b.medicines) for b in arranged.broken) == [
        ("quinolones-minerals", (IRON,), ("ciprofloxacin",)),
        ("quinolones-minerals", (CALCIUM,), ("ciprofloxacin",)),
    ]
