"""The cycle's arithmetic (server/subscriptions/cycle.py): one parcel per cycle, no line running out."""

from datetime import date, timedelta

from server.subscriptions.cycle import CycleLine, after, default_interval, parcel_contents, parcels_ahead

DAY = date(2026, 11, 26)
LEAD = 5


def days(n: int) -> timedelta:
    return timedelta(days=n)


def test_the_default_interval_is_the_shortest_supply_within_7_to_180_days():
    assert default_interval([CycleLine(1, 1, 30, None), CycleLine(2, 2, 60, None)]) == 30
    assert default_interval([CycleLine(1, 1, 3, None)]) == 7
    assert default_interval([CycleLine(1, 1, 400, None)]) == 180
    assert default_interval([CycleLine(1, 1, None, None)]) == 30


def test_the_first_parcel_holds_every_line_once_and_counts_supply_from_its_arrival():
    lines = [CycleLine(1, 1, 30, None), CycleLine(2, 2, 60, None)]

    sent = parcel_contents(lines, on=DAY, interval=30, lead=LEAD)

    assert [(part.key, part.multiple, part.quantity, part.runs_out_on) for part in sent] == [
        (1, 1, 1, DAY + days(35)),
        (2, 1, 2, DAY + days(65)),
    ]


def test_a_longer_supply_joins_every_second_parcel_and_no_line_runs_out_before_the_next_arrives():
    lines = [CycleLine(1, 1, 30, None), CycleLine(2, 2, 60, None)]

    ahead = parcels_ahead(lines, first_on=DAY, interval=30, lead=LEAD, count=5)

    assert [(on, [part.key for part in sent]) for on, sent in ahead] == [
        (DAY, [1, 2]),
        (DAY + days(30), [1]),
        (DAY + days(60), [1, 2]),
        (DAY + days(90), [1]),
        (DAY + days(120), [1, 2]),
    ]
    state = lines
    for on, sent in ahead:
        state = after(state, sent)
        next_arrival = on + days(30 + LEAD)
        assert all(line.runs_out_on is not None and line.runs_out_on >= next_arrival for line in state)


def test_an_interval_longer_than_a_bottle_lasts_sends_enough_bottles_for_the_whole_interval():
    sent = parcel_contents([CycleLine(1, 1, 30, None)], on=DAY, interval=75, lead=LEAD)

    assert [(part.multiple, part.quantity, part.days) for part in sent] == [(3, 3, 90)]


def test_supply_left_over_is_used_first_and_a_line_that_ran_out_restarts_at_arrival():
    left = CycleLine(1, 1, 30, DAY + days(20))  # still 20 days left: the new bottle starts after
    gone = CycleLine(2, 1, 30, DAY - days(3))  # ran out 3 days ago: starts when the parcel arrives

    sent = {part.key: part for part in parcel_contents([left, gone], on=DAY, interval=30, lead=LEAD)}

    assert sent[1].runs_out_on == DAY + days(50)
    assert sent[2].runs_out_on == DAY + days(35)


def test_a_line_without_supplement_facts_goes_in_every_parcel_and_does_not_time_the_cycle():
    lines = [CycleLine(1, 1, None, None), CycleLine(2, 1, 60, DAY + days(100))]

    sent = parcel_contents(lines, on=DAY, interval=30, lead=LEAD)

    assert [(part.key, part.quantity, part.runs_out_on) for part in sent] == [(1, 1, None)]
