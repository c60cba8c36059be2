from __future__ import annotations

from ninja import Field, Schema


class RefillIn(Schema):
    enabled: bool
    days_before: int | None = Field(default=None, description="1 to 30; unchanged when left out")
