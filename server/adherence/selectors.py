"""Reads of a client's day and adherence (docs/decisions/0043-the-day-schedule.md)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Annotated, Literal, TypedDict, cast

from pydantic import Field

from server.accounts.models import User
from server.adherence.models import CalendarFeed, CheckIn, DaySettings
from server.adherence.plan import DayMedicineOut, PlannedLine, day_plan, medicines_by_slot, planned_lines
from server.core.errors import NotFound
from server.core.spreadsheet import csv_safe
from server.nutrition.dose import as_number
from server.nutrition.schedule import Slot, WithFood
from server.protocols.models import Assignment

State = Literal["taken", "skipped"]
DayState = Literal["taken", "skipped", "missed", "pending"]


class DayItemOut(TypedDict):
    protocol_id: int
    protocol_name: str
    product_variant_id: int
    name: str
    servings: float
    with_food: WithFood


class SlotCheckInOut(TypedDict):
    protocol_id: int
    state: State | None


class DaySlotOut(TypedDict):
    slot: Slot
    with_food: Annotated[WithFood, Field(description="with or without when every item says so, else any")]
    items: list[DayItemOut]
    check_in: Annotated[
        State | None, Field(description="The state every protocol of the slot has, else null")
    ]
    check_ins: list[SlotCheckInOut]
    medicines: Annotated[list[DayMedicineOut], Field(description="The client's medicines at this slot")]


class DayOut(TypedDict):
    date: str
    slots: list[DaySlotOut]


def _states(client_id: int, first: date, last: date) -> dict[tuple[int, date, str], State]:
    rows = CheckIn.objects.filter(client_id=client_id, day__gte=first, day__lte=last)
    return {
        (protocol_id, day, slot): cast(State, state)
        for protocol_id, day, slot, state in rows.values_list("protocol_id", "day", "slot", "state")
    }


def client_day(*, client_id: int, day: date, language: str) -> DayOut:
    states = _states(client_id, day, day)
    taken_medicines = medicines_by_slot(client_id=client_id, language=language)
    slots: list[DaySlotOut] = []
    for plan in day_plan(planned_lines(client_id=client_id), day):
        check_ins: list[SlotCheckInOut] = [
            {"protocol_id": protocol_id, "state": states.get((protocol_id, day, plan.slot))}
            for protocol_id in plan.protocol_ids
        ]
        together = {entry["state"] for entry in check_ins}
        slots.append(
            {
                "slot": plan.slot,
                "with_food": plan.with_food,
                "items": [
                    {
                        "protocol_id": dose.line.protocol_id,
                        "protocol_name": dose.line.protocol_name,
                        "product_variant_id": dose.line.variant_id,
                        "name": dose.line.name,
                        "servings": as_number(dose.servings),
                        "with_food": dose.line.schedule.with_food,
                    }
                    for dose in plan.doses
                ],
                "check_in": together.pop() if len(together) == 1 else None,
                "check_ins": check_ins,
                "medicines": taken_medicines.get(plan.slot, []),
            }
        )
    return {"date": day.isoformat(), "slots": slots}


class AdherenceDayOut(TypedDict):
    date: str
    slots: Annotated[dict[str, DayState], Field(description="Each slot with something to take: its state")]


class ProtocolAdherenceOut(TypedDict):
    protocol_id: int
    name: str
    taken: int
    skipped: int
    missed: int
    share: Annotated[float | None, Field(description="taken / (taken + skipped + missed); null: none yet")]
    share_7_days: Annotated[float | None, Field(description="The same over the last 7 days")]
    days: Annotated[list[AdherenceDayOut], Field(description="Oldest first, today last")]


class AdherenceOut(TypedDict):
    client_id: int
    protocols: list[ProtocolAdherenceOut]


class ClientNotFound(NotFound):
    message = "There is no such client of yours."


def _share(taken: int, skipped: int, missed: int) -> float | None:
    counted = taken + skipped + missed
    return round(taken / counted, 4) if counted else None


def _protocol_adherence(
    lines: Sequence[PlannedLine], states: dict[tuple[int, date, str], State], days: list[date], today: date
) -> ProtocolAdherenceOut:
    protocol_id = lines[0].protocol_id
    out_days: list[AdherenceDayOut] = []
    counts = {"taken": 0, "skipped": 0, "missed": 0}
    week = {"taken": 0, "skipped": 0, "missed": 0}
    for day in days:
        slots: dict[str, DayState] = {}
        for plan in day_plan(lines, day):
            state: DayState = states.get((protocol_id, day, plan.slot)) or (
                "pending" if day >= today else "missed"
            )
            slots[plan.slot] = state
            if state != "pending":
                counts[state] += 1
                if (today - day).days < 7:
                    week[state] += 1
        out_days.append({"date": day.isoformat(), "slots": slots})
    return {
        "protocol_id": protocol_id,
        "name": lines[0].protocol_name,
        "taken": counts["taken"],
        "skipped": counts["skipped"],
        "missed": counts["missed"],
        "share": _share(**counts),
        "share_7_days": _share(**week),
        "days": out_days,
    }


def adherence_of(
    *, client_id: int, lines: Sequence[PlannedLine], days: int, today: date
) -> list[ProtocolAdherenceOut]:
    first = today - timedelta(days=days - 1)
    span = [first + timedelta(days=offset) for offset in range(days)]
    states = _states(client_id, first, today)
    by_protocol: dict[int, list[PlannedLine]] = {}
    for line in lines:
        by_protocol.setdefault(line.protocol_id, []).append(line)
    return [_protocol_adherence(group, states, span, today) for group in by_protocol.values()]


def practitioner_adherence(*, practitioner_id: int, client_id: int, days: int, today: date) -> AdherenceOut:
    """A client's adherence to the practitioner's protocols they have (none shared: not found)."""
    mine = list(
        Assignment.objects.filter(
            client_id=client_id, protocol__owner_id=practitioner_id, hidden_at__isnull=True
        ).values_list("protocol_id", flat=True)
    )
    if not mine:
        raise ClientNotFound(errors={"client_id": ["not found"]})
    return {
        "client_id": client_id,
        "protocols": adherence_of(
            client_id=client_id,
            lines=planned_lines(client_id=client_id, protocol_ids=mine),
            days=days,
            today=today,
        ),
    }


class OwnAdherenceOut(TypedDict):
    streak: Annotated[
        int, Field(description="Days in a row, up to yesterday (today too once done), all taken")
    ]
    protocols: list[ProtocolAdherenceOut]


def client_adherence(*, client_id: int, days: int, today: date) -> OwnAdherenceOut:
    lines = planned_lines(client_id=client_id)
    protocols = adherence_of(client_id=client_id, lines=lines, days=days, today=today)
    return {"streak": _streak(client_id, lines, today), "protocols": protocols}


MAX_STREAK_DAYS = 365


def _streak(client_id: int, lines: Sequence[PlannedLine], today: date) -> int:
    """Days in a row on which every slot with something to take was taken: counted back from yesterday,
    and today too once all of today is taken. A day with nothing to take neither breaks nor adds."""
    if not lines:
        return 0
    first = today - timedelta(days=MAX_STREAK_DAYS)
    states = _states(client_id, first, today)
    streak = 0
    for back in range(MAX_STREAK_DAYS):
        day = today - timedelta(days=back)
        wanted = [(dose.line.protocol_id, plan.slot) for plan in day_plan(lines, day) for dose in plan.doses]
        if not wanted:
            continue
        done = all(states.get((protocol_id, day, slot)) == "taken" for protocol_id, slot in wanted)
        if not done:
            if day == today:
                continue  # today is not over
            break
        streak += 1
    return streak


def check_ins_csv(*, client_id: int) -> str:
    """Every check-in of the client, oldest first: a spreadsheet's plain columns."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("date", "slot", "protocol_id", "protocol", "state", "recorded_at"))
    rows = CheckIn.objects.filter(client_id=client_id).select_related("protocol").order_by("day", "id")
    for check_in in rows:
        writer.writerow(
            (
                check_in.day.isoformat(),
                check_in.slot,
                check_in.protocol_id,
                csv_safe(check_in.protocol.name),
                check_in.state,
                check_in.at.isoformat(),
            )
        )
    return out.getvalue()


def daily_email_on(*, client_id: int) -> bool:
    return DaySettings.objects.filter(client_id=client_id, daily_email=True).exists()


def calendar_feed_client(*, token: str) -> User | None:
    """The client whose feed is at this address; None for an unknown or revoked one."""
    token = token.removesuffix(".ics")[:64]
    feed = (
        CalendarFeed.objects.select_related("client").filter(token=token, revoked_at__isnull=True).first()
        if token
        else None
    )
    return feed.client if feed is not None else None
