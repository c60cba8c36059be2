from typing import Literal

from ninja import Schema


class LiveOut(Schema):
    status: str


class HealthOut(Schema):
    status: Literal["ok", "down"]
    database: Literal["ok", "down"]
    channel_layer: Literal["ok", "down"]
