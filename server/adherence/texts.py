"""The day's texts the server writes (calendar, printable week, e-mail): `locales/<lng>/day.json`, English
for a key a language lacks."""

from __future__ import annotations

from django.conf import settings

from server.core.locales import locale_texts


def day_texts(language: str) -> dict[str, str]:
    english = locale_texts("en", "day")
    chosen = locale_texts(language, "day") if language in settings.SHOP_LANGUAGES else {}
    return {**english, **chosen}
