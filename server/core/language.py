"""Which of the twelve interface languages a request asks for (docs/architecture.md, "HTTP API rules":
Accept-Language)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

DEFAULT_LANGUAGE = "en"


def normalize_language(tag: str) -> str | None:
    """`zh-TW`, `zh_tw` -> `zh_tw`; `de-AT` -> `de`; unknown -> None."""
    tag = tag.strip().lower().replace("-", "_")
    if tag in settings.SHOP_LANGUAGES:
        return tag
    if tag.startswith("zh"):
        return "zh_tw" if "zh_tw" in settings.SHOP_LANGUAGES else None
    base = tag.split("_", 1)[0]
    return base if base in settings.SHOP_LANGUAGES else None


def request_language(request: HttpRequest) -> str:
    return header_language(request.headers.get("Accept-Language", ""))


def header_language(header: str) -> str:
    """The language an Accept-Language header asks for, of the twelve; English when none of them."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        language = normalize_language(tag)
        if language and quality > 0:
            weighted.append((-quality, position, language))
    return min(weighted)[2] if weighted else DEFAULT_LANGUAGE
