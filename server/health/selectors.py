"""Reads of a client's medicines (docs/decisions/0043-the-day-schedule.md): their own list, the reference
vocabulary to choose from, and the medicines the interaction rules are held against."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypedDict

from server.health.models import ClientMedicine
from server.nutrition.interaction_rules import Medicine, medicine_search, medicines
from server.nutrition.interactions import DayMedicine
from server.nutrition.schedule import SLOTS, Slot


class MedicineOut(TypedDict):
    id: str
    kind: Literal["class", "substance"]
    name: str
    classes: list[str]


class ClientMedicineOut(TypedDict):
    id: str
    kind: Literal["class", "substance"]
    name: str
    slots: list[Slot]


class ClientMedicinesOut(TypedDict):
    medicines: list[ClientMedicineOut]


def _medicine_out(medicine: Medicine, language: str) -> MedicineOut:
    return {
        "id": medicine.id,
        "kind": medicine.kind,
        "name": medicine.name(language),
        "classes": sorted(medicine.classes),
    }


def medicine_choices(*, query: str, language: str) -> list[MedicineOut]:
    return [_medicine_out(medicine, language) for medicine in medicine_search(query, language)]


def _slots(value: object) -> list[Slot]:
    listed = value if isinstance(value, list) else []
    return [slot for slot in SLOTS if slot in listed]


def client_medicines(*, client_id: int, language: str) -> ClientMedicinesOut:
    table = medicines()
    rows: list[ClientMedicineOut] = []
    for row in ClientMedicine.objects.filter(client_id=client_id):
        medicine = table.get(row.medicine_id)
        if medicine is not None:  # a medicine a newer vocabulary dropped is not shown, nor held against rules
            rows.append(
                {
                    "id": medicine.id,
                    "kind": medicine.kind,
                    "name": medicine.name(language),
                    "slots": _slots(row.slots),
                }
            )
    return {"medicines": rows}


def day_medicines(*, client_ids: Iterable[int]) -> list[DayMedicine]:
    """The medicines of these clients as the rules see them: one per medicine, in every slot any of them
    takes it."""
    table = medicines()
    slots: dict[str, set[Slot]] = {}
    for medicine_id, taken in ClientMedicine.objects.filter(client_id__in=list(client_ids)).values_list(
        "medicine_id", "slots"
    ):
        if medicine_id in table:
            slots.setdefault(medicine_id, set()).update(_slots(taken))
    return [
        DayMedicine(medicine_id, tuple(slot for slot in SLOTS if slot in taken))
        for medicine_id, taken in slots.items()
    ]
