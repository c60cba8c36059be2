"""Telling the devices of a subscription's client and practitioner that it changed."""

from __future__ import annotations

from server.events.services import event_emit
from server.events.topics import SubscriptionUpdated, Topic
from server.subscriptions.models import Subscription


def subscription_tell(subscription: Subscription) -> None:
    """`subscription.updated` to the client's devices and their practitioner's, on commit."""
    data: SubscriptionUpdated = {"subscription_id": subscription.pk, "state": subscription.state}
    event_emit(user_id=subscription.client_id, topic=Topic.SUBSCRIPTION_UPDATED, data=data)
    if subscription.practitioner_id is not None:
        event_emit(user_id=subscription.practitioner_id, topic=Topic.SUBSCRIPTION_UPDATED, data=data)
