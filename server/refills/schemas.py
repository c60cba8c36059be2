from __future__ import annotations

from datetime import date

from ninja import Field, Schema


class RefillIn(Schema):
    enabled: bool
    days_before: int | None = Field(default=None, description="1 to 30; unchanged when left out")


class RefillOut(Schema):
    protocol_id: int
    enabled: bool
    days_before: int
    next_reminder_on: date | None = Field(description="The day the next reminder goes out, if one is planned")
    runs_out_on: date | None = Field(description="The day the first product of the last order runs out")
