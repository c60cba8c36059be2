""" "Arrange the day" (docs/decisions/0043-the-day-schedule.md): slots for a protocol's lines that keep every
spacing rule that can be kept, and the ones that cannot.

What may move: a line without titration steps keeps its servings in the day's order on as many slots as it
has, moved to other slots its `with_food` allows (with food: a meal; without: waking or bedtime). Medicines
and titrated lines stay where they are. Two lines holding the same nutrient of a duplicate rule are kept in
different slots where they can be. Among the assignments that break the fewest rules, the one moving the
fewest lines' slots wins.

A min-conflicts search: each round gives every movable line, most constrained first, the placement that
breaks the fewest rules against the others as they stand; it stops when a round changes nothing. Slots are
bit masks, and each pair of items has one table of the rules it breaks per pair of masks (built once per set
of gaps), so a placement is scored by one lookup per partner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations

from server.nutrition.interaction_rules import Rule, medicines, rules
from server.nutrition.interactions import Day, DayLine, DayMedicine, Item, gap_ok, rule_pairs
from server.nutrition.schedule import SLOTS, Schedule, Slot, WithFood

MAX_ROUNDS = 12
ALLOWED: dict[WithFood, tuple[Slot, ...]] = {
    "with": ("breakfast", "lunch", "dinner"),
    "without": ("waking", "bedtime"),
    "any": SLOTS,
}


@dataclass(frozen=True)
class Broken:
    """A rule the arrangement could not keep, between these lines and medicines."""

    rule: Rule
    lines: tuple[int, ...]
    medicines: tuple[str, ...]


@dataclass(frozen=True)
class Arrangement:
    schedules: tuple[Schedule, ...]  # one per line, in the lines' order
    moved: tuple[bool, ...]
    broken: tuple[Broken, ...]


def _mask(slots: Sequence[Slot]) -> int:
    return sum(1 << SLOTS.index(slot) for slot in slots)


@cache
def _gap_table(hours: int) -> tuple[tuple[bool, ...], ...]:
    """Whether every slot of mask a is at least `hours` from every slot of mask b."""

    def slots(mask: int) -> list[Slot]:
        return [slot for index, slot in enumerate(SLOTS) if mask & (1 << index)]

    return tuple(tuple(gap_ok(slots(a), slots(b), hours) for b in range(32)) for a in range(32))


# Another item, the least hours between them, and the rule that asks it.
_Constraint = tuple[Item, int, Rule]


def _options(line: DayLine) -> list[tuple[Slot, ...]]:
    """The slot sets a line may take; its own first."""
    own = tuple(slot for slot, _ in line.schedule.slots)
    if line.schedule.steps:
        return [own]
    allowed = ALLOWED[line.schedule.with_food]
    others = [combo for combo in combinations(allowed, len(own)) if combo != own]
    return [own, *others]


def _fixed_mask(day: Day, item: Item) -> int:
    kind, ref = item
    if kind == "medicine":
        return _mask(day.slots(item, 1))
    assert isinstance(ref, int)
    schedule = day.lines[ref].schedule
    weeks = (1, *(step.from_week for step in schedule.steps))
    return _mask([slot for week in weeks for slot in day.slots(item, week)])


def _constraints(day: Day, rule_set: Sequence[Rule]) -> dict[Item, list[_Constraint]]:
    found: dict[Item, list[_Constraint]] = {}

    def add(first: Item, second: Item, hours: int, rule: Rule) -> None:
        found.setdefault(first, []).append((second, hours, rule))
        found.setdefault(second, []).append((first, hours, rule))

    for rule in rule_set:
        if rule.kind == "spacing" and rule.gap_hours is not None:
            for first, second in rule_pairs(day, rule):
                add(first, second, rule.gap_hours, rule)
        elif rule.kind == "duplicate":
            for nutrient in sorted(rule.nutrients):
                holders = [
                    ("line", index)
                    for index, line in enumerate(day.lines)
                    if any(amount.nutrient == nutrient for amount in line.amounts)
                ]
                for first, second in combinations(holders, 2):
                    add(first, second, 1, rule)  # 1 hour apart: not the same slot
    return found


@cache
def _penalty(hours: tuple[int, ...]) -> tuple[int, ...]:
    """For one pair of items and the gaps its rules ask: the rules broken by each pair of slot masks, flat
    (index a * 32 + b)."""
    tables = [_gap_table(gap) for gap in hours]
    return tuple(sum(not table[a][b] for table in tables) for a in range(32) for b in range(32))


def _pairs(
    constraints: dict[Item, list[_Constraint]], number: dict[Item, int]
) -> list[list[tuple[int, tuple[int, ...]]]]:
    """Each item's partners (by number), each once with one penalty table for all the rules between them."""
    pairs: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in number]
    for item, listed in constraints.items():
        by_other: dict[int, list[int]] = {}
        for other, hours, _ in listed:
            by_other.setdefault(number[other], []).append(hours)
        pairs[number[item]] = [(other, _penalty(tuple(sorted(hours)))) for other, hours in by_other.items()]
    return pairs


def day_arrange(
    *,
    lines: Sequence[DayLine],
    day_medicines: Sequence[DayMedicine] = (),
    rule_set: Sequence[Rule] | None = None,
) -> Arrangement:
    day = Day(lines=lines, medicines=day_medicines, table=medicines())
    constraints = _constraints(day, rules() if rule_set is None else rule_set)
    # Items by number in the search: a list lookup is cheaper than hashing a tuple.
    number = {item: position for position, item in enumerate(constraints)}
    pairs = _pairs(constraints, number)
    options = [_options(line) for line in lines]
    option_masks = [[_mask(slots) for slots in listed] for listed in options]
    chosen = [0] * len(lines)  # each line's own slots to begin with
    masks = [_fixed_mask(day, item) for item in constraints]

    def broken_by(partners: list[tuple[int, tuple[int, ...]]], mask: int) -> int:
        row = mask * 32
        return sum(penalty[row + masks[other]] for other, penalty in partners)

    movable = [
        (index, number[("line", index)])
        for index in range(len(lines))
        if len(options[index]) > 1 and ("line", index) in number
    ]
    movable.sort(key=lambda entry: -len(pairs[entry[1]]))
    for _ in range(MAX_ROUNDS):
        changed = False
        for index, position in movable:
            partners = pairs[position]
            best = min(
                (broken_by(partners, mask), option != 0, option)
                for option, mask in enumerate(option_masks[index])
            )[2]
            if best != chosen[index]:
                chosen[index] = best
                masks[position] = option_masks[index][best]
                changed = True
        if not changed:
            break

    schedules = tuple(_moved(line, options[index][chosen[index]]) for index, line in enumerate(lines))
    return Arrangement(
        schedules=schedules,
        moved=tuple(choice != 0 for choice in chosen),
        broken=_still_broken(day, constraints, {item: masks[position] for item, position in number.items()}),
    )


def _moved(line: DayLine, slots: tuple[Slot, ...]) -> Schedule:
    servings = [amount for _, amount in line.schedule.slots]
    return replace(line.schedule, slots=tuple(zip(slots, servings, strict=True)))


def _still_broken(
    day: Day, constraints: dict[Item, list[_Constraint]], masks: dict[Item, int]
) -> tuple[Broken, ...]:
    """Each rule broken between two items once (every constraint is listed from both of its ends)."""
    found: dict[tuple[str, Item, Item], Broken] = {}
    for item, listed in constraints.items():
        for other, hours, rule in listed:
            if other < item or _gap_table(hours)[masks[item]][masks[other]]:
                continue
            key = (rule.id, item, other)
            if key not in found:
                warning = day.warning(rule, (item, other))
                found[key] = Broken(rule, warning.lines, warning.medicines)
    return tuple(found.values())
