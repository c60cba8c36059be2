"""The one-click links of a parcel's notice (docs/decisions/0042-automatic-refills.md): "skip this parcel"
and "pause", signed with the shop's secret, naming the subscription, the action and the parcel's date, and
valid until that date. Reading a link changes nothing (a mail scanner may open it); the page's one click
POSTs it."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.core import signing

from server.accounts.services.one_time import link_to
from server.core.errors import NotFound
from server.subscriptions.models import Subscription, SubscriptionState
from server.subscriptions.rules import store_today

SALT = "subscriptions.action"
ACTIONS = ("skip", "pause")
# A link is refused after its parcel's day; the signature's own age limit is a backstop.
MAX_AGE = timedelta(days=60)


class LinkNotValid(NotFound):
    message = "This link is not valid any more. Open your automatic refills to change them."


def action_token(*, subscription: Subscription, action: str, parcel_on: date) -> str:
    return signing.dumps({"s": subscription.pk, "a": action, "d": parcel_on.isoformat()}, salt=SALT)


def action_link(*, subscription: Subscription, action: str, parcel_on: date) -> str:
    token = action_token(subscription=subscription, action=action, parcel_on=parcel_on)
    return link_to(f"/refills/actions/{token}", language=subscription.language)


def action_read(token: str) -> tuple[Subscription, str, date]:
    try:
        data = signing.loads(token[:500], salt=SALT, max_age=MAX_AGE)
        subscription_id, action, parcel_on = int(data["s"]), str(data["a"]), date.fromisoformat(data["d"])
    except (signing.BadSignature, KeyError, TypeError, ValueError) as error:
        raise LinkNotValid() from error
    subscription = Subscription.objects.filter(pk=subscription_id).first()
    if subscription is None or action not in ACTIONS or parcel_on < store_today(subscription):
        raise LinkNotValid()
    return subscription, action, parcel_on


def action_done(subscription: Subscription, action: str, parcel_on: date) -> bool:
    if action == "skip":
        return subscription.next_parcel_on != parcel_on
    return subscription.state == SubscriptionState.PAUSED


def action_reply(subscription: Subscription, action: str, parcel_on: date) -> dict[str, Any]:
    return {
        "action": action,
        "subscription_id": subscription.pk,
        "parcel_on": parcel_on,
        "state": subscription.state,
        "done": action_done(subscription, action, parcel_on),
    }
