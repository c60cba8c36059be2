"""Templated e-mails in the recipient's language: HTML and plain text from one template pair, with the
texts from `locales/<lng>/emails.json` (English for any key a language lacks)."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from server.core.locales import locale_texts

logger = logging.getLogger(__name__)


def _texts(language: str) -> dict[str, Any]:
    return locale_texts(language, "emails")


def email_texts(language: str, template: str) -> dict[str, str]:
    english = _texts("en").get(template, {})
    chosen = _texts(language).get(template, {}) if language in settings.SHOP_LANGUAGES else {}
    common = {**_texts("en").get("common", {}), **_texts(language).get("common", {})}
    return {**common, **english, **chosen}


class _KeepUnknown(dict[str, Any]):
    """Leaves `{name}` as it is when a translation names a value the caller did not give."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def send_templated_email(
    *, to: str, texts: str, language: str, context: dict[str, Any], template: str = "action_link"
) -> None:
    """Render `emails/<template>.txt` and `.html` with the `texts` section of emails.json (formatted with
    `context`) and send them. `action_link` is the layout of every mail that asks for one click."""
    values = _KeepUnknown(context)
    texts_of = {key: value.format_map(values) for key, value in email_texts(language, texts).items()}
    full_context = {**context, "t": texts_of, "language": language, "public_url": settings.PUBLIC_URL}
    message = EmailMultiAlternatives(
        subject=texts_of.get("subject", ""),
        body=render_to_string(f"emails/{template}.txt", full_context),
        to=[to],
    )
    message.attach_alternative(render_to_string(f"emails/{template}.html", full_context), "text/html")
    message.send()
