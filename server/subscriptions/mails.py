"""The e-mails of automatic refills (docs/decisions/0042-automatic-refills.md), in the client's language:
the notice before a parcel (its lines, prices and total, substitutes and products left out, price changes,
and one-click links), a failed charge, a refill paused after the last retry, a mandate to renew, an address
that no longer ships, and stock-outs to the client and to their practitioner. Each is sent by a task once
the change that caused it commits."""

from __future__ import annotations

import logging
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from django.db import transaction
from django.tasks import task
from django.utils import formats, translation

from server.accounts.services.one_time import link_to
from server.core.mail import send_templated_email
from server.core.pricing import money_text
from server.orders.models import OrderLine
from server.subscriptions.models import Parcel, ParcelState, Subscription
from server.subscriptions.parcels import Contents
from server.subscriptions.selectors import ParcelLineOut, subscription_data, variant_prices
from server.subscriptions.tokens import action_link

logger = logging.getLogger(__name__)

KINDS = ("notice", "failed", "paused", "mandate", "not_shipped", "stock")


def _date(value: Any, language: str) -> str:
    with translation.override(language.replace("_", "-")):
        return formats.date_format(value, "DATE_FORMAT")


def _price_changes(
    subscription: Subscription, lines: list[ParcelLineOut], money: Callable[[Decimal], str]
) -> list[dict[str, str]]:
    """Lines whose unit price changed since the last paid parcel."""
    last = (
        Parcel.objects.filter(subscription=subscription, state=ParcelState.PAID, order__isnull=False)
        .order_by("-date", "-id")
        .values_list("order_id", flat=True)
        .first()
    )
    if last is None:
        return []
    before = dict(OrderLine.objects.filter(order_id=last).values_list("variant_id", "unit_price"))
    now = variant_prices(subscription, [line["product_variant_id"] for line in lines])
    return [
        {
            "name": line["name"],
            "before": money(before[line["product_variant_id"]]),
            "now": money(now[line["product_variant_id"]]),
        }
        for line in lines
        if line["product_variant_id"] in before
        and line["product_variant_id"] in now
        and before[line["product_variant_id"]] != now[line["product_variant_id"]]
    ]


def _context(
    kind: str, subscription: Subscription, parcel: Parcel | None, notes: dict[str, list[str]]
) -> dict[str, Any]:
    language = subscription.language

    def money(amount: Decimal | str) -> str:
        return money_text(Decimal(amount), subscription.currency)

    account = link_to(f"/account/refills/{subscription.pk}", language=language)
    data = subscription_data(subscription)
    context: dict[str, Any] = {
        "first_name": subscription.client.first_name.strip() or subscription.client.email,
        "client_name": f"{subscription.client.first_name} {subscription.client.last_name}".strip(),
        "protocol_name": data["protocol_name"],
        "lines": [],
        "edit_link": account,
    }
    if kind == "notice" and data["next_parcel"] is not None:
        parcel_on = data["next_parcel"]["date"]
        context["parcel_on"] = _date(parcel_on, language)
        context["lines"] = [
            {"quantity": line["quantity"], "name": line["name"], "total": money(line["total"])}
            for line in data["next_parcel"]["lines"]
        ]
        context["total"] = money(data["next_parcel"]["total"])
        context["price_changes"] = _price_changes(subscription, data["next_parcel"]["lines"], money)
        context["substitutes"] = [
            f"{line['name']}" for line in data["next_parcel"]["lines"] if line["substitute_for"] is not None
        ]
        sent = {line["product_variant_id"] for line in data["next_parcel"]["lines"]}
        context["sold_out"] = [
            line["name"]
            for line in data["lines"]
            if line["sold_out"]
            and line["product_variant_id"] not in sent
            and not (line["substitute"] and line["substitute"]["product_variant_id"] in sent)
        ]
        context["skip_link"] = action_link(subscription=subscription, action="skip", parcel_on=parcel_on)
        context["pause_link"] = action_link(subscription=subscription, action="pause", parcel_on=parcel_on)
    if parcel is not None:
        context["parcel_on"] = _date(parcel.date, language)
        if parcel.retry_on is not None:
            context["retry_on"] = _date(parcel.retry_on, language)
    context["left_out"] = notes.get("left_out", [])
    context["substituted"] = notes.get("substituted", [])
    return context


@task()
def subscription_mail_send(
    *,
    kind: str,
    subscription_id: int,
    parcel_id: int | None = None,
    notes: dict[str, list[str]] | None = None,
) -> None:
    """Send one refill e-mail; a mail server that fails is logged (the change it tells of is saved)."""
    subscription = (
        Subscription.objects.select_related("client", "practitioner", "protocol", "shipping_method")
        .filter(pk=subscription_id)
        .first()
    )
    if subscription is None:
        return
    parcel = Parcel.objects.filter(pk=parcel_id).first() if parcel_id else None
    context = _context(kind, subscription, parcel, notes or {})
    recipients = [(subscription.client.email, f"subscription_{kind}", subscription.language, context)]
    practitioner = subscription.practitioner
    if kind == "stock" and practitioner is not None:
        # The practitioner's copy, in their own language, names the client and links to their hub.
        practice = {
            **context,
            "parcel_on": _date(parcel.date, practitioner.language) if parcel is not None else "",
            "edit_link": link_to("/practice", language=practitioner.language),
        }
        recipients.append(
            (practitioner.email, "subscription_stock_practitioner", practitioner.language, practice)
        )
    for to, texts, language, values in recipients:
        try:
            send_templated_email(
                to=to, texts=texts, language=language, context=values, template="subscription"
            )
        except Exception:
            logger.exception("The %s mail of automatic refill %s could not be sent", texts, subscription_id)


def mail_schedule(
    kind: str, *, subscription: Subscription, parcel: Parcel | None = None, contents: Contents | None = None
) -> None:
    """Send the `kind` e-mail once the caller's change commits (a rolled-back change sends nothing)."""
    notes = (
        {"left_out": contents.left_out, "substituted": [f"{a} \u2192 {b}" for a, b in contents.substituted]}
        if contents is not None
        else None
    )
    transaction.on_commit(
        partial(
            subscription_mail_send.enqueue,
            kind=kind,
            subscription_id=subscription.pk,
            parcel_id=parcel.pk if parcel is not None else None,
            notes=notes,
        )
    )
