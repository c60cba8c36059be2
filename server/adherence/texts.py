"""The day's texts the server writes (calendar, printable week, e-mail): `locales/<lng>/day.json`, English
for a key a language lacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

from server.core.locales import locale_texts
from server.nutrition.dose import as_number

if TYPE_CHECKING:
    from server.adherence.plan import SlotPlan


def day_texts(language: str) -> dict[str, str]:
    english = locale_texts("en", "day")
    chosen = locale_texts(language, "day") if language in settings.SHOP_LANGUAGES else {}
    return {**english, **chosen}


def dose_texts(t: dict[str, str], plan: SlotPlan) -> list[str]:
    """Each dose of a slot as "Name: servings" in the texts' language."""
    return [
        t["dose_line"]
        .replace("{{name}}", dose.line.name)
        .replace("{{servings}}", str(as_number(dose.servings)))
        for dose in plan.doses
    ]


def food_text(t: dict[str, str], plan: SlotPlan) -> str:
    """ "With food" or "Without food" when the slot says so; empty when either will do."""
    return t[f"with_food_{plan.with_food}"] if plan.with_food != "any" else ""
