from __future__ import annotations

from ninja import Field, Schema


class MultipassIn(Schema):
    multipass: str = Field(max_length=8192)


class MarketingEventIn(Schema):
    marketing_event_trigger_id: int = Field(ge=1, le=100_000)


class MarketingEventOut(Schema):
    id: int
    message: str
