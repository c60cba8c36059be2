"""The daily dose rule: quarter steps from 0.25 to 50."""

from decimal import Decimal

import pytest

from server.nutrition.dose import servings_read, servings_valid


@pytest.mark.parametrize("value", ["0.25", "1", "1.5", "2.75", "50"])
def test_quarter_steps_in_range_are_valid(value):
    assert servings_valid(Decimal(value))


@pytest.mark.parametrize("value", ["0", "-1", "0.3", "50.25", "51", "NaN", "Infinity"])
def test_anything_else_is_not(value):
    assert not servings_valid(Decimal(value))


def test_a_document_dose_is_put_on_the_nearest_quarter():
    assert servings_read(2) == Decimal(2)
    assert servings_read(1.3) == Decimal("1.25")
    assert servings_read(0.26) == Decimal("0.25")
    assert servings_read(1.125) == Decimal("1.25")  # half up, as the web app reads it
    assert servings_read(50) == Decimal(50)


@pytest.mark.parametrize("value", [0, -1, 0.1, 50.5, float("nan"), float("inf"), "2", True, None, [2]])
def test_a_bad_document_dose_reads_as_none(value):
    assert servings_read(value) is None
