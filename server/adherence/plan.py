"""What a client takes when (docs/decisions/0043-the-day-schedule.md): the lines of every protocol shared
with them, each on its schedule from the day it was shared (or its own start date), gathered by slot.
The Today page, the check-ins, the calendar feed, the printable week, the daily e-mail and adherence all
read the day from here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TypedDict

from server.health.models import ClientMedicine
from server.nutrition.interaction_rules import medicines
from server.nutrition.schedule import SLOTS, Schedule, Slot, WithFood
from server.protocols.models import Assignment, ProtocolItem


@dataclass(frozen=True)
class PlannedLine:
    protocol_id: int
    protocol_name: str
    owner_id: int
    variant_id: int
    name: str
    schedule: Schedule
    start: date  # the day the protocol was shared with the client


@dataclass(frozen=True)
class Dose:
    line: PlannedLine
    servings: Decimal


@dataclass(frozen=True)
class SlotPlan:
    slot: Slot
    doses: tuple[Dose, ...]

    @property
    def with_food(self) -> WithFood:
        """With (or without) food when every dose of the slot says so; else as the client likes."""
        wanted = {dose.line.schedule.with_food for dose in self.doses} - {"any"}
        return wanted.pop() if len(wanted) == 1 else "any"

    @property
    def protocol_ids(self) -> list[int]:
        return sorted({dose.line.protocol_id for dose in self.doses})


def planned_lines(*, client_id: int, protocol_ids: Iterable[int] | None = None) -> list[PlannedLine]:
    """The lines of the protocols shared with the client and not removed by them, in each protocol's order."""
    assignments = Assignment.objects.filter(client_id=client_id, hidden_at__isnull=True).select_related(
        "protocol"
    )
    if protocol_ids is not None:
        assignments = assignments.filter(protocol_id__in=list(protocol_ids))
    shared = {assignment.protocol_id: assignment for assignment in assignments}
    items = (
        ProtocolItem.objects.filter(protocol_id__in=list(shared))
        .select_related("variant__product")
        .order_by("protocol_id", "-position", "-id")
    )
    return [
        PlannedLine(
            protocol_id=item.protocol_id,
            protocol_name=shared[item.protocol_id].protocol.name,
            owner_id=shared[item.protocol_id].protocol.owner_id,
            variant_id=item.variant_id,
            name=item.variant.product.name,
            schedule=item.day_schedule(),
            start=shared[item.protocol_id].created_at.date(),
        )
        for item in items
    ]


def day_plan(lines: Sequence[PlannedLine], day: date) -> list[SlotPlan]:
    """The slots of `day` that have something to take, in the day's order."""
    by_slot: dict[Slot, list[Dose]] = {}
    for line in lines:
        for slot, servings in line.schedule.slots_on(day, start=line.start):
            by_slot.setdefault(slot, []).append(Dose(line, servings))
    return [SlotPlan(slot, tuple(by_slot[slot])) for slot in SLOTS if slot in by_slot]


class DayMedicineOut(TypedDict):
    id: str
    name: str


def medicines_by_slot(*, client_id: int, language: str) -> dict[str, list[DayMedicineOut]]:
    """The client's medicines by the slots they take them in (one known to the vocabulary only)."""
    table = medicines()
    found: dict[str, list[DayMedicineOut]] = {}
    for medicine_id, slots in ClientMedicine.objects.filter(client_id=client_id).values_list(
        "medicine_id", "slots"
    ):
        medicine = table.get(medicine_id)
        if medicine is None or not isinstance(slots, list):
            continue
        for slot in slots:
            found.setdefault(slot, []).append({"id": medicine_id, "name": medicine.name(language)})
    return found
