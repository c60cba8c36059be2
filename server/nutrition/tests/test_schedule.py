"""The schedule's own rules (docs/decisions/0043-the-day-schedule.md): the default split of a dose, the day a
titrated, cycled schedule gives, and the lenient reading of a live document's values."""

from datetime import date
from decimal import Decimal

import pytest

from server.nutrition.schedule import schedule_default, schedule_parse, schedule_read

START = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("dose", "slots"),
    [
        ("0.25", {"breakfast": 0.25}),
        ("1", {"breakfast": 1}),
        ("2", {"breakfast": 1, "dinner": 1}),
        ("2.5", {"breakfast": 1.5, "dinner": 1}),
        ("3", {"breakfast": 2, "dinner": 1}),
        ("50", {"breakfast": 25, "dinner": 25}),
    ],
)
def test_a_dose_alone_splits_between_breakfast_and_dinner_and_keeps_its_sum(dose, slots):
    schedule = schedule_default(Decimal(dose))

    assert schedule.as_json()["slots"] == slots
    assert schedule.servings_per_day == Decimal(dose)


def test_the_day_follows_the_steps_the_cycle_and_the_length():
    # Given one at breakfast, two from week 3, five days on and two off, for 4 weeks
    schedule = schedule_parse(
        {
            "slots": {"breakfast": 1},
            "cycle": {"on_days": 5, "off_days": 2},
            "weeks": 4,
            "steps": [{"from_week": 3, "slots": {"breakfast": 1, "dinner": 1}}],
        }
    )

    def day(n: int) -> dict[str, Decimal]:
        return dict(schedule.slots_on(date.fromordinal(START.toordinal() + n), start=START))

    # Then
    assert day(-1) == {}  # before the start
    assert day(0) == day(4) == {"breakfast": Decimal(1)}
    assert day(5) == day(6) == {}  # the days off
    assert day(14) == {"breakfast": Decimal(1), "dinner": Decimal(1)}  # week 3
    assert day(27) == {}  # a day off of week 4
    assert day(28) == {}  # after 4 weeks
    assert schedule.servings_per_day == Decimal(2)


def test_a_schedules_own_start_date_wins_over_the_clients():
    schedule = schedule_parse({"slots": {"lunch": 1}, "start_date": "2026-12-10"})

    assert schedule.slots_on(date(2026, 12, 9), start=START) == ()
    assert schedule.slots_on(date(2026, 12, 10), start=START) == (("lunch", Decimal(1)),)


def test_a_documents_odd_slot_empties_that_slot_and_a_broken_rule_makes_the_whole_schedule_unreadable():
    read = schedule_read({"slots": {"breakfast": "two", "lunch": 1.1, "dinner": -1}, "with_food": "with"})

    assert read is not None and read.as_json()["slots"] == {"lunch": 1}
    assert read.with_food == "with"
    assert schedule_read({"slots": {"lunch": 0}}) is None
    assert schedule_read({"slots": {"lunch": 1}, "cycle": {"on_days": 0, "off_days": 1}}) is None
    assert schedule_read({"slots": {"lunch": 1}, "with_food": "sometimes"}) is None
    assert schedule_read("lunch") is None
    # a document's numbers are floats: 5.0 days is 5 days
    cycled = schedule_read({"slots": {"lunch": 1}, "cycle": {"on_days": 5.0, "off_days": 2.0}})
    assert cycled is not None and cycled.cycle == (5, 2)
