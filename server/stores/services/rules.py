"""The limits and checks of a store's texts, choices and opening hours (spec: docs/spec-coverage.md#s3-store
"Practitioner store"): every write runs them on all of its input before it changes a row."""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Annotated, TypedDict

from pydantic import Field

from server.core.errors import InvalidInput

MAX_SERVICES = 50
MAX_PACKAGES = 20
MAX_FEATURES = 20
MAX_TITLE = 120
MAX_DESCRIPTION = 3000
MAX_MESSAGE = 1000
MAX_NAME = 120
MAX_ITEM_DESCRIPTION = 1000
MAX_PRICE = 60
MAX_FEATURE_TEXT = 200
MAX_ATTRIBUTED_VARIANTS = 100
MAX_RANGES_PER_DAY = 3

# The icons a service may show (the web app's body-system and general icons, spec
# docs/spec-coverage.md#s3-icons-body-system "Icons").
SERVICE_ICONS = (
    "allergy", "blood", "brain", "energy", "eye", "gallbladder", "hair", "heart", "joint", "kidneys",
    "liver", "stomach", "bones", "gut", "hormones", "immune", "lungs", "muscle", "skin", "sleep", "stress",
    "thyroid", "weight", "consultation", "nutrition", "herbs", "lab-test", "video-call", "calendar", "leaf",
)  # fmt: skip
DEFAULT_ICON = "leaf"
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_TIME = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d|24:00")

# Image sections of `PUT /v2/account/store/{type}/image` and the form fields each takes.
IMAGE_FIELDS: dict[str, dict[str, str]] = {
    "header": {"file": "header_image"},
    "about": {"file": "about_image"},
    "approach": {"file1": "approach_image_1", "file2": "approach_image_2"},
}
# Sections of the title/description calls and the store fields they write.
SECTIONS = {
    "header": ("header_title", "header_description"),
    "about": ("about_title", "about_description"),
    "services": ("services_title", "services_description"),
    "approach": ("approach_title", "approach_description"),
}


def text_clean(value: str | None, *, field: str, limit: int, required: bool = False) -> str:
    text = (value or "").strip()
    if required and not text:
        raise InvalidInput("This field is required.", errors={field: ["empty field"]})
    if len(text) > limit:
        raise InvalidInput(f"This text may be at most {limit} characters.", errors={field: ["too long"]})
    return text


def choice_check(value: str, *, field: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise InvalidInput(f"Choose one of: {', '.join(choices)}.", errors={field: ["unknown"]})
    return value


@lru_cache(maxsize=1)
def _time_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def timezone_check(name: str) -> str:
    name = name.strip()
    if name and name not in _time_zones():
        raise InvalidInput(
            "Choose a time zone by its IANA name, such as Europe/London.", errors={"timezone": ["unknown"]}
        )
    return name


# One opening range as the store calls send it: the API checks the lengths, opening_hours_check the rest.
class HoursIn(TypedDict):
    day: Annotated[str, Field(max_length=20, description="monday ... sunday")]
    opens: Annotated[str, Field(max_length=5, description="HH:MM, 24-hour")]
    closes: Annotated[str, Field(max_length=5, description="HH:MM, 24-hour (24:00 for midnight)")]


def opening_hours_check(hours: Sequence[HoursIn]) -> list[dict[str, str]]:
    """Ranges in 24-hour time, `opens` before `closes`, at most 3 a day and none overlapping."""
    by_day: dict[str, list[tuple[str, str]]] = {}
    for index, entry in enumerate(hours):
        field = f"opening_hours.{index}"
        day = choice_check(entry["day"].strip().lower(), field=f"{field}.day", choices=DAYS)
        opens, closes = entry["opens"], entry["closes"]
        if not _TIME.fullmatch(opens) or not _TIME.fullmatch(closes) or opens >= closes:
            raise InvalidInput(
                "Give opening hours as HH:MM, opening before closing.", errors={field: ["invalid time"]}
            )
        by_day.setdefault(day, []).append((opens, closes))
    cleaned: list[dict[str, str]] = []
    for day in DAYS:
        ranges = sorted(by_day.get(day, []))
        if len(ranges) > MAX_RANGES_PER_DAY:
            raise InvalidInput(
                f"A day has at most {MAX_RANGES_PER_DAY} opening ranges.",
                errors={"opening_hours": ["too many"]},
            )
        for (_, closes), (opens, _) in pairwise(ranges):
            if opens < closes:
                raise InvalidInput("Opening hours of a day overlap.", errors={"opening_hours": ["overlap"]})
        cleaned.extend({"day": day, "opens": opens, "closes": closes} for opens, closes in ranges)
    return cleaned
