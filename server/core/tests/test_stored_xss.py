"""Stored XSS through what users write (docs/security.md, "Stored XSS"), on the server's side: every
e-mail shows every value a user can put in it (names, protocol names, notes, addresses) as text. The store
page's head is server/stores/tests/test_views.py; the web app cannot parse user text as HTML at all (its
lint forbids every way to, web/eslint.config.js); the PDF statement is rendered by the same escaping
templates (server/earnings/tests/test_statements.py) and the CSV is formula-safe (csv_safe)."""

from __future__ import annotations

import string

import pytest
from django.core import mail

from server.core.locales import locale_texts
from server.core.mail import send_templated_email
from server.orders.mails import order_mail_context
from server.orders.models import Order, ShippingMethod

PAYLOADS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    '<a href="javascript:alert(3)">x</a>',
    "{{ 7*7 }}{% debug %}",
]


def placeholders(texts: dict[str, str]) -> set[str]:
    return {name for value in texts.values() for _, name, _, _ in string.Formatter().parse(value) if name}


def html_of(message) -> str:
    return str(next(body for body, kind in message.alternatives if kind == "text/html"))


@pytest.mark.parametrize("payload", PAYLOADS)
def test_every_e_mail_shows_every_value_a_user_wrote_as_text(payload):
    sections = [name for name in locale_texts("en", "emails") if name != "common"]
    assert len(sections) >= 8

    for section in sections:
        mail.outbox.clear()
        names = placeholders(locale_texts("en", "emails")[section])
        context = {name: payload for name in names} | {"link": "https://shop.example/en/x"}
        send_templated_email(to="a@example.com", texts=section, language="en", context=context)

        html = html_of(mail.outbox[0])
        assert "<script" not in html and "<img" not in html and 'href="javascript' not in html, section
        if "<" in payload:
            assert payload not in html, section
        else:  # template syntax in a name is shown as written, never evaluated
            assert payload in html and "49" not in html, section


@pytest.mark.django_db
def test_an_order_mail_shows_the_names_and_address_the_buyer_typed_as_text(people, catalogue):
    hostile = '"><img src=x onerror=alert(1)><script>alert(2)</script>'
    order = Order.objects.create(
        buyer=people.patient.user,
        number="PS-2026-000001",
        region="eu",
        currency="EUR",
        language="en",
        shipping_address={
            "first_name": hostile,
            "last_name": hostile,
            "line1": hostile,
            "city": hostile,
            "postcode": "1012LG",
            "country": "NL",
        },
        billing_address={},
        shipping_method=ShippingMethod.objects.get(region="eu", code="standard"),
        shipping_method_name="Standard",
        discount_rate=0,
        shipping_vat_rate=0,
        subtotal=0,
        discount=0,
        shipping=0,
        vat=0,
        total=0,
    )

    send_templated_email(
        to="a@example.com",
        texts="order_paid",
        language="en",
        context=order_mail_context(order),
        template="order",
    )

    html = html_of(mail.outbox[0])
    assert hostile not in html
    assert "<script" not in html and "<img" not in html
    assert html.count("&lt;script&gt;alert(2)&lt;/script&gt;") >= 3
