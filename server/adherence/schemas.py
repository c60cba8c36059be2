from __future__ import annotations

import datetime as dt
from typing import Literal

from ninja import Field, Schema


class DayQuery(Schema):
    date: dt.date | None = Field(default=None, description="YYYY-MM-DD; without it, today")


class WeekQuery(Schema):
    week: dt.date | None = Field(
        default=None, description="Any day of the week (YYYY-MM-DD); without it, this week"
    )


class CheckInIn(Schema):
    date: dt.date
    slot: str = Field(max_length=20, description="waking, breakfast, lunch, dinner or bedtime")
    protocol_id: int
    state: Literal["taken", "skipped"]


class DaysQuery(Schema):
    days: int = Field(default=30, ge=1, le=90)


class CalendarOut(Schema):
    url: str = Field(
        description="The secret calendar feed (text/calendar) for a phone calendar to subscribe to"
    )


class DaySettingsIO(Schema):
    daily_email: bool = Field(description="Today's schedule by e-mail at 07:00, with one-click 'taken' links")


class ErasedOut(Schema):
    message: str
    deleted: int
