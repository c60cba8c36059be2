from __future__ import annotations

from ninja import Field, Schema


class MultipassIn(Schema):
    multipass: str = Field(max_length=8192)


class AdOut(Schema):
    id: int
    ad_type: int
    title: str
    body: str
    link_url: str
    image_url: str


class AdsPageOut(Schema):
    data: list[AdOut]
    total_results: int
    total_pages: int
    current_page: int
    limit: int


class MarketingEventIn(Schema):
    marketing_event_trigger_id: int = Field(ge=1, le=100_000)


class MarketingEventOut(Schema):
    id: int
    message: str
