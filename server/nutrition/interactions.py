"""Spacing and interaction warnings for a day of supplements and medicines
(docs/decisions/0043-the-day-schedule.md): the rules of `data/interactions.json` held against a protocol's
scheduled lines and a client's medicines.

Pure: the protocol selectors gather the lines, their facts and the medicines. A line's day may change by
week (titration steps), so the rules are held against every phase: the first week and each week a step of
any line starts. Reference figures, not medical advice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from server.nutrition.interaction_rules import Medicine, Rule, Side, medicines, rules
from server.nutrition.schedule import SLOT_HOURS, Schedule, Slot
from server.nutrition.totals import NutrientAmount


@dataclass(frozen=True)
class DayLine:
    """A protocol line as the rules see it: what one serving holds, and when it is taken."""

    variant_id: int
    amounts: tuple[NutrientAmount, ...]  # empty: no supplement facts (no rule can concern it)
    schedule: Schedule


@dataclass(frozen=True)
class DayMedicine:
    medicine_id: str
    slots: tuple[Slot, ...]  # empty: taken at no set time (interactions only; no spacing can be checked)


@dataclass(frozen=True)
class DayWarning:
    kind: str
    severity: str
    rule_id: str
    lines: tuple[int, ...]  # variant ids, in the protocol's order
    medicines: tuple[str, ...]
    nutrients: tuple[str, ...]  # the nutrients concerned (a duplicate's, a duration's)
    rule: Rule

    @property
    def key(self) -> tuple[str, tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
        return (self.rule_id, self.lines, self.medicines, self.nutrients)


# Something taken at set times: a line (by its index in the protocol) or a medicine (by its id).
Item = tuple[str, int | str]


def _phases(lines: Sequence[DayLine]) -> list[int]:
    """The weeks the day can change: the first, and each week a step of some line starts."""
    weeks = {1}
    for line in lines:
        weeks.update(step.from_week for step in line.schedule.steps)
    return sorted(weeks)


def _line_matches(line: DayLine, side: Side) -> bool:
    for amount in line.amounts:
        if amount.nutrient in side.nutrients:
            forms = side.forms.get(amount.nutrient)
            if not forms or amount.form in forms:
                return True
    return False


def _medicine_matches(medicine: Medicine | None, side: Side) -> bool:
    return medicine is not None and any(medicine.matches(key) for key in side.medicines)


def gap_ok(first: Iterable[Slot], second: Iterable[Slot], hours: int) -> bool:
    return all(abs(SLOT_HOURS[a] - SLOT_HOURS[b]) >= hours for a in first for b in second)


@dataclass(frozen=True)
class Day:
    """The protocol and medicines of one evaluation, with what each rule side matches."""

    lines: Sequence[DayLine]
    medicines: Sequence[DayMedicine]
    table: Mapping[str, Medicine]

    def matching(self, side: Side) -> list[Item]:
        found: list[Item] = [
            ("line", index) for index, line in enumerate(self.lines) if _line_matches(line, side)
        ]
        found += [
            ("medicine", medicine.medicine_id)
            for medicine in self.medicines
            if _medicine_matches(self.table.get(medicine.medicine_id), side)
        ]
        return found

    def slots(self, item: Item, week: int) -> tuple[Slot, ...]:
        kind, ref = item
        if kind == "line":
            assert isinstance(ref, int)
            return tuple(slot for slot, _ in self.lines[ref].schedule.slots_in_week(week))
        return next((medicine.slots for medicine in self.medicines if medicine.medicine_id == ref), ())

    def warning(self, rule: Rule, items: Iterable[Item], nutrients: Iterable[str] = ()) -> DayWarning:
        indexes = sorted({ref for kind, ref in items if kind == "line" and isinstance(ref, int)})
        names = sorted({str(ref) for kind, ref in items if kind == "medicine"})
        return DayWarning(
            kind=rule.kind,
            severity=rule.severity,
            rule_id=rule.id,
            lines=tuple(self.lines[index].variant_id for index in indexes),
            medicines=tuple(names),
            nutrients=tuple(sorted(set(nutrients))),
            rule=rule,
        )


def rule_pairs(day: Day, rule: Rule) -> list[tuple[Item, Item]]:
    assert rule.a is not None and rule.b is not None
    firsts, seconds = day.matching(rule.a), day.matching(rule.b)
    pairs: list[tuple[Item, Item]] = []
    seen: set[frozenset[Item]] = set()
    for first in firsts:
        for second in seconds:
            # One product holding both sides (a multivitamin with iron and calcium) cannot be spaced from
            # itself; nor can two medicines be moved by the protocol.
            if first == second or (first[0] == second[0] == "medicine"):
                continue
            pair = frozenset((first, second))
            if pair not in seen:
                seen.add(pair)
                pairs.append((first, second))
    return pairs


def _spacing(day: Day, rule: Rule, weeks: Sequence[int]) -> list[DayWarning]:
    assert rule.gap_hours is not None
    found = []
    for first, second in rule_pairs(day, rule):
        for week in weeks:
            a, b = day.slots(first, week), day.slots(second, week)
            if a and b and not gap_ok(a, b, rule.gap_hours):
                found.append(day.warning(rule, (first, second)))
                break
    return found


def _interaction(day: Day, rule: Rule) -> list[DayWarning]:
    return [day.warning(rule, pair) for pair in rule_pairs(day, rule)]


def _duplicate(day: Day, rule: Rule, weeks: Sequence[int]) -> list[DayWarning]:
    found: dict[tuple[str, tuple[int, ...]], DayWarning] = {}
    for nutrient in sorted(rule.nutrients):
        holders = [
            index
            for index, line in enumerate(day.lines)
            if any(amount.nutrient == nutrient for amount in line.amounts)
        ]
        if len(holders) < 2:
            continue
        for week in weeks:
            by_slot: dict[Slot, list[int]] = {}
            for index in holders:
                for slot in day.slots(("line", index), week):
                    by_slot.setdefault(slot, []).append(index)
            for together in by_slot.values():
                if len(together) > 1:
                    warning = day.warning(rule, [("line", index) for index in together], [nutrient])
                    found.setdefault((nutrient, warning.lines), warning)
    return list(found.values())


def _duration(day: Day, rule: Rule, weeks: Sequence[int]) -> list[DayWarning]:
    assert rule.nutrient is not None and rule.daily_amount is not None and rule.max_weeks is not None
    found = []
    for index, line in enumerate(day.lines):
        per_serving = sum(
            (amount.per_serving for amount in line.amounts if amount.nutrient == rule.nutrient), Decimal(0)
        )
        if not per_serving:
            continue
        length = line.schedule.weeks
        if length is not None and length <= rule.max_weeks:
            continue
        daily = max(
            sum((servings for _, servings in line.schedule.slots_in_week(week)), Decimal(0)) * per_serving
            for week in weeks
        )
        if daily >= rule.daily_amount:
            found.append(day.warning(rule, [("line", index)], [rule.nutrient]))
    return found


def day_warnings(
    *,
    lines: Sequence[DayLine],
    day_medicines: Sequence[DayMedicine] = (),
    rule_set: Sequence[Rule] | None = None,
) -> list[DayWarning]:
    """Every warning the rules give for these lines and medicines: avoid before caution, then in the rules'
    order; each rule once per set of lines and medicines it concerns."""
    day = Day(lines=lines, medicines=day_medicines, table=medicines())
    weeks = _phases(lines)
    found: list[DayWarning] = []
    for rule in rules() if rule_set is None else rule_set:
        if rule.kind == "spacing":
            found += _spacing(day, rule, weeks)
        elif rule.kind == "interaction":
            found += _interaction(day, rule)
        elif rule.kind == "duplicate":
            found += _duplicate(day, rule, weeks)
        else:
            found += _duration(day, rule, weeks)
    unique = {warning.key: warning for warning in found}
    return sorted(unique.values(), key=lambda warning: warning.severity != "avoid")
