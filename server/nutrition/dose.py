"""A daily dose in servings (docs/decisions/0031-daily-totals.md): a number in quarter steps from 0.25 to 50,
the rule for the label's suggested dose, a protocol line's dose, the builder's stepper and the live document
alike."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

STEP = Decimal("0.25")
MIN_SERVINGS = Decimal("0.25")
MAX_SERVINGS = Decimal(50)
DEFAULT_SERVINGS = Decimal(1)


def servings_valid(value: Decimal) -> bool:
    return value.is_finite() and MIN_SERVINGS <= value <= MAX_SERVINGS and value % STEP == 0


def servings_read(value: Any) -> Decimal | None:
    """A dose written into a live document, where anything may be: a number in range, put on the nearest
    quarter, or None for anything else (a string, a boolean, NaN, 0, a negative number, more than 50)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return None
    if not MIN_SERVINGS <= number <= MAX_SERVINGS:
        return None
    # Half up, as the web app's Math.round: both sides read 1.125 as 1.25.
    quarters = (number / STEP).to_integral_value(rounding=ROUND_HALF_UP)
    return max(MIN_SERVINGS, quarters * STEP)


def as_number(value: Decimal) -> int | float:
    """A decimal as JSON gives it: 2 rather than 2.00, 0.25 as 0.25."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)


def days_of_supply(*, quantity: int, servings_per_container: Decimal, servings_per_day: Decimal) -> int:
    """Whole days that `quantity` containers last at `servings_per_day` (refills timed to the
    bottle): 1 bottle of 60 capsules at 2 a day lasts 30 days; a part day left over does not count."""
    if quantity <= 0 or servings_per_container <= 0 or servings_per_day <= 0:
        return 0
    return int(quantity * servings_per_container / servings_per_day)
