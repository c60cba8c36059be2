"""The cycle of an automatic refill, as arithmetic on days (docs/decisions/0042-automatic-refills.md): the
default interval, what a parcel on a day holds so that no line runs out before the next parcel arrives, and
the parcels ahead. Nothing here reads the database."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import date, timedelta

from server.subscriptions.models import MAX_INTERVAL, MIN_INTERVAL

# The interval when no line has supplement facts to time it by.
UNTIMED_INTERVAL = 30


@dataclass(frozen=True)
class CycleLine:
    key: int
    quantity: int
    days: int | None  # days one `quantity` lasts; None without supplement facts
    runs_out_on: date | None


@dataclass(frozen=True)
class Sent:
    """A line's part of a parcel: `multiple` times its quantity, lasting it until `runs_out_on`."""

    key: int
    multiple: int
    quantity: int
    days: int | None
    runs_out_on: date | None


def default_interval(lines: list[CycleLine]) -> int:
    """The shortest days of supply, within the allowed intervals (30 days when none can be timed)."""
    timed = [line.days for line in lines if line.days]
    if not timed:
        return UNTIMED_INTERVAL
    return min(MAX_INTERVAL, max(MIN_INTERVAL, min(timed)))


def parcel_contents(lines: list[CycleLine], *, on: date, interval: int, lead: int) -> list[Sent]:
    """What a parcel shipped on `on` holds: each line whose supply would end before the next parcel
    arrives (`on + interval + lead`), in the smallest multiple of its quantity that reaches that day. Supply
    counts from the later of the line's run-out day and this parcel's arrival. A line that cannot be timed
    goes in every parcel."""
    arrival = on + timedelta(days=lead)
    horizon = arrival + timedelta(days=interval)
    sent: list[Sent] = []
    for line in lines:
        if not line.days:
            sent.append(Sent(line.key, 1, line.quantity, None, None))
            continue
        start = max(line.runs_out_on or arrival, arrival)
        if start >= horizon:
            continue
        multiple = math.ceil((horizon - start).days / line.days)
        sent.append(
            Sent(
                line.key,
                multiple,
                line.quantity * multiple,
                line.days * multiple,
                start + timedelta(days=line.days * multiple),
            )
        )
    return sent


def after(lines: list[CycleLine], sent: list[Sent]) -> list[CycleLine]:
    """The lines once a parcel's contents arrived."""
    by_key = {part.key: part for part in sent}
    return [
        replace(line, runs_out_on=by_key[line.key].runs_out_on or line.runs_out_on)
        if line.key in by_key
        else line
        for line in lines
    ]


def parcels_ahead(
    lines: list[CycleLine], *, first_on: date, interval: int, lead: int, count: int = 3
) -> list[tuple[date, list[Sent]]]:
    """The next `count` parcels from `first_on`, one interval apart, with what each holds."""
    ahead: list[tuple[date, list[Sent]]] = []
    on = first_on
    for _ in range(count):
        sent = parcel_contents(lines, on=on, interval=interval, lead=lead)
        ahead.append((on, sent))
        lines = after(lines, sent)
        on += timedelta(days=interval)
    return ahead
