"""Writes of a client's medicines (docs/decisions/0043-the-day-schedule.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from server.accounts.models import PractitionerClient, User
from server.core.errors import InvalidInput
from server.events.services import event_emit
from server.events.topics import MedicinesUpdated, Topic
from server.health.models import ClientMedicine
from server.nutrition.interaction_rules import medicines
from server.nutrition.schedule import SLOTS

MAX_MEDICINES = 30


@dataclass(frozen=True)
class MedicineIn:
    medicine_id: str
    slots: Sequence[str]


@transaction.atomic
def medicines_set(*, client: User, chosen: Sequence[MedicineIn]) -> None:
    """Replace the client's list; every entry checked before anything is written."""
    if len(chosen) > MAX_MEDICINES:
        raise InvalidInput(f"List at most {MAX_MEDICINES} medicines.", errors={"medicines": ["too many"]})
    table = medicines()
    seen: set[str] = set()
    for index, entry in enumerate(chosen):
        if entry.medicine_id not in table:
            raise InvalidInput(
                "Choose the medicine from the list.", errors={f"medicines.{index}.id": ["unknown"]}
            )
        if entry.medicine_id in seen:
            raise InvalidInput(
                "A medicine is listed twice.", errors={f"medicines.{index}.id": ["listed twice"]}
            )
        seen.add(entry.medicine_id)
        unknown = [slot for slot in entry.slots if slot not in SLOTS]
        if unknown:
            raise InvalidInput(
                f"Unknown time slot {unknown[0][:40]!r}: use {', '.join(SLOTS)}.",
                errors={f"medicines.{index}.slots": ["unknown slot"]},
            )
    before = list(ClientMedicine.objects.filter(client=client).values_list("medicine_id", "slots"))
    ClientMedicine.objects.filter(client=client).delete()
    ClientMedicine.objects.bulk_create(
        ClientMedicine(
            client=client,
            medicine_id=entry.medicine_id,
            slots=[slot for slot in SLOTS if slot in entry.slots],
            position=index,
        )
        for index, entry in enumerate(chosen)
    )
    after = list(ClientMedicine.objects.filter(client=client).values_list("medicine_id", "slots"))
    if after != before:
        _tell(client)


def _tell(client: User) -> None:
    """The client's devices and their practitioners', whose warnings hold these medicines."""
    data: MedicinesUpdated = {"client_id": client.pk}
    event_emit(user_id=client.pk, topic=Topic.MEDICINES_UPDATED, data=data)
    practitioners = PractitionerClient.objects.filter(client=client).values_list("practitioner_id", flat=True)
    for practitioner_id in sorted(set(practitioners)):
        event_emit(user_id=practitioner_id, topic=Topic.MEDICINES_UPDATED, data=data)
