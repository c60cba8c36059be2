from __future__ import annotations

from ninja import Field, Schema


class MedicineIn(Schema):
    id: str = Field(max_length=64)
    slots: list[str] = Field(
        default_factory=list, max_length=5, description="waking, breakfast, lunch, dinner, bedtime"
    )


class MedicinesIn(Schema):
    medicines: list[MedicineIn] = Field(max_length=100)


class MedicineQuery(Schema):
    query: str = Field(default="", max_length=100)
