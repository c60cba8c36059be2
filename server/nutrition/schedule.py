"""A protocol line's day (docs/decisions/0043-the-day-schedule.md): servings per time slot in quarter steps,
with food or not, an optional cycle of days on and off, an optional start and length, and titration steps.
One rule for the REST shapes, the relational row and the live document.

The line's daily dose (`servings_per_day`, docs/decisions/0031-daily-totals.md) is no longer set on its
own: it is the highest daily sum the schedule reaches (the base slots or any step), so the upper-limit
warnings see the largest dose a client will take.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Literal, TypedDict, cast, get_args

from server.nutrition.dose import MAX_SERVINGS, MIN_SERVINGS, STEP, as_number, servings_read, servings_valid

Slot = Literal["waking", "breakfast", "lunch", "dinner", "bedtime"]
WithFood = Literal["with", "without", "any"]
SLOTS: tuple[Slot, ...] = get_args(Slot)
WITH_FOOD: tuple[WithFood, ...] = get_args(WithFood)
# The clock hour each slot stands for, which the spacing rules measure gaps with.
SLOT_HOURS: dict[Slot, int] = {"waking": 7, "breakfast": 8, "lunch": 13, "dinner": 19, "bedtime": 22}
MAX_CYCLE_DAYS = 365
MAX_WEEKS = 104
MAX_STEPS = 8

Slots = tuple[tuple[Slot, Decimal], ...]  # in the day's order, servings > 0 only


class SlotsOut(TypedDict, total=False):
    """Servings per slot; a slot without servings is left out."""

    waking: float
    breakfast: float
    lunch: float
    dinner: float
    bedtime: float


class CycleOut(TypedDict):
    on_days: int
    off_days: int


class StepOut(TypedDict):
    from_week: int
    slots: SlotsOut


class ScheduleOut(TypedDict):
    """A schedule in the REST shapes and a row's JSON."""

    slots: SlotsOut
    with_food: WithFood
    cycle: CycleOut | None
    start_date: str | None
    weeks: int | None
    steps: list[StepOut]


class ScheduleError(ValueError):
    """A schedule that breaks a rule; `field` names where (`slots.lunch`, `steps.1.from_week`...)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Step:
    from_week: int  # 2 or later: weeks before the first step take the base slots
    slots: Slots


@dataclass(frozen=True)
class Schedule:
    slots: Slots
    with_food: WithFood = "any"
    cycle: tuple[int, int] | None = None  # (days on, days off)
    start_date: date | None = None
    weeks: int | None = None  # the length; None: no end
    steps: tuple[Step, ...] = ()

    @property
    def servings_per_day(self) -> Decimal:
        """The highest daily sum over the base slots and every step."""
        return max(_total(slots) for slots in (self.slots, *(step.slots for step in self.steps)))

    def slots_in_week(self, week: int) -> Slots:
        """The slots of week `week` (1 is the first week)."""
        current = self.slots
        for step in self.steps:
            if step.from_week <= week:
                current = step.slots
        return current

    def slots_on(self, day: date, *, start: date) -> Slots:
        """What is taken on `day` when the schedule runs from `start` (its own start date, if any, wins):
        nothing before the start, after its length, or on a cycle's day off."""
        first = self.start_date or start
        offset = (day - first).days
        if offset < 0 or (self.weeks is not None and offset >= self.weeks * 7):
            return ()
        if self.cycle is not None and offset % sum(self.cycle) >= self.cycle[0]:
            return ()
        return self.slots_in_week(offset // 7 + 1)

    def as_json(self) -> ScheduleOut:
        return {
            "slots": _slots_json(self.slots),
            "with_food": self.with_food,
            "cycle": {"on_days": self.cycle[0], "off_days": self.cycle[1]} if self.cycle else None,
            "start_date": self.start_date.isoformat() if self.start_date else None,
            "weeks": self.weeks,
            "steps": [{"from_week": step.from_week, "slots": _slots_json(step.slots)} for step in self.steps],
        }


def _total(slots: Slots) -> Decimal:
    return sum((servings for _, servings in slots), Decimal(0))


def _slots_json(slots: Slots) -> SlotsOut:
    return cast(SlotsOut, {slot: as_number(servings) for slot, servings in slots})


def _number(value: Any, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ScheduleError(field, "Servings must be a number.")
    try:
        number = Decimal(str(value))
    except InvalidOperation as exc:
        raise ScheduleError(field, "Servings must be a number.") from exc
    return number


def _whole(value: Any, field: str, low: int, high: int, what: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a live document's numbers are floats
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScheduleError(field, f"{what} must be a whole number from {low} to {high}.")
    return value


def _slots(value: Any, field: str, *, lenient: bool = False) -> Slots:
    if not isinstance(value, Mapping):
        raise ScheduleError(field, "Give the servings per time slot.")
    unknown = [key for key in value if key not in SLOTS]
    if unknown and not lenient:
        raise ScheduleError(
            f"{field}.{unknown[0]}",
            f"Unknown time slot {str(unknown[0])[:40]!r}: use {', '.join(SLOTS)}.",
        )
    result: list[tuple[Slot, Decimal]] = []
    for slot in SLOTS:
        raw = value.get(slot)
        if raw is None:
            continue
        if lenient:
            servings = servings_read(raw)
            if servings is None:
                continue  # 0, a string, a negative number: the slot is empty
        else:
            servings = _number(raw, f"{field}.{slot}")
            if servings == 0:
                continue
            if not servings_valid(servings):
                raise ScheduleError(
                    f"{field}.{slot}",
                    f"Servings go in steps of {STEP} from {MIN_SERVINGS} to {MAX_SERVINGS}.",
                )
        result.append((slot, servings))
    if not result:
        raise ScheduleError(field, "Give at least one time slot a serving.")
    if _total(tuple(result)) > MAX_SERVINGS:
        raise ScheduleError(field, f"A day holds at most {MAX_SERVINGS} servings.")
    return tuple(result)


def _date(value: Any, field: str) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise ScheduleError(field, "Give the start as a date, YYYY-MM-DD.")


def _parse(data: Any, *, lenient: bool) -> Schedule:
    if not isinstance(data, Mapping):
        raise ScheduleError("schedule", "Give the schedule as an object.")
    slots = _slots(data.get("slots"), "slots", lenient=lenient)
    with_food = data.get("with_food") or "any"
    if with_food not in WITH_FOOD:
        raise ScheduleError("with_food", f"With food is one of {', '.join(WITH_FOOD)}.")
    cycle = None
    if data.get("cycle") is not None:
        raw = data["cycle"]
        if not isinstance(raw, Mapping):
            raise ScheduleError("cycle", "Give the cycle as days on and days off.")
        cycle = (
            _whole(raw.get("on_days"), "cycle.on_days", 1, MAX_CYCLE_DAYS, "Days on"),
            _whole(raw.get("off_days"), "cycle.off_days", 1, MAX_CYCLE_DAYS, "Days off"),
        )
    weeks = data.get("weeks")
    if weeks is not None:
        weeks = _whole(weeks, "weeks", 1, MAX_WEEKS, "The length in weeks")
    steps_raw = data.get("steps") or []
    if not isinstance(steps_raw, list) or len(steps_raw) > MAX_STEPS:
        raise ScheduleError("steps", f"Give at most {MAX_STEPS} steps.")
    steps: list[Step] = []
    for index, raw in enumerate(steps_raw):
        field = f"steps.{index}"
        if not isinstance(raw, Mapping):
            raise ScheduleError(field, "Give each step a starting week and its slots.")
        from_week = _whole(raw.get("from_week"), f"{field}.from_week", 2, MAX_WEEKS, "A step's week")
        if steps and from_week <= steps[-1].from_week:
            raise ScheduleError(f"{field}.from_week", "Steps go in order of their weeks, each later.")
        if weeks is not None and from_week > weeks:
            raise ScheduleError(f"{field}.from_week", "A step must start within the schedule's length.")
        steps.append(Step(from_week, _slots(raw.get("slots"), f"{field}.slots", lenient=lenient)))
    return Schedule(
        slots=slots,
        with_food=cast(WithFood, with_food),
        cycle=cycle,
        start_date=_date(data.get("start_date"), "start_date"),
        weeks=weeks,
        steps=tuple(steps),
    )


def schedule_parse(data: Any) -> Schedule:
    """A schedule as given in a REST call or stored: every rule enforced, ScheduleError on the first
    broken one."""
    return _parse(data, lenient=False)


def schedule_read(data: Any) -> Schedule | None:
    """A schedule written into a live document, where anything may be: a slot's odd value empties the slot
    (a dose is put on its nearest quarter, as `servings_read` does); anything else that breaks a rule makes
    the whole schedule unreadable (None: the line keeps the schedule it had)."""
    try:
        return _parse(data, lenient=True)
    except ScheduleError:
        return None


def schedule_default(servings_per_day: Decimal) -> Schedule:
    """The schedule a line starts with from a dose alone (the label's, or a dose from before schedules):
    whole servings split between breakfast and dinner, breakfast taking the larger half and any part of a
    serving; with or without food as the client likes."""
    whole = int(servings_per_day)
    dinner = Decimal(whole // 2)
    breakfast = servings_per_day - dinner
    slots: list[tuple[Slot, Decimal]] = [("breakfast", breakfast)]
    if dinner:
        slots.append(("dinner", dinner))
    return Schedule(slots=tuple(slots))
