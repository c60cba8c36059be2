"""Back-in-stock alerts (docs/decisions/0040-stock-a-ledger-below-orders.md): a signed-in user asks to be
told when a sold-out variant is back; when units arrive, the earliest askers are told first, one e-mail in
their language and a `stock_alerts.updated` event for the in-app notice each. Alerts lapse after
ALERT_DAYS."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from functools import partial

from django.db import IntegrityError, transaction
from django.utils import timezone

from server.accounts.models import User
from server.catalog.listing_index import Audience
from server.catalog.models import ProductVariant, StockState
from server.catalog.selectors import catalog_audience
from server.core.errors import Conflict, NotFound
from server.events.services import event_emit
from server.events.topics import Topic
from server.stock.models import ALERT_DAYS, AlertState, StockAlert
from server.stock.tasks import stock_alert_mail


class UnknownVariant(NotFound):
    message = "There is no such product variant."


class InStock(Conflict):
    message = "This product is in stock: add it to your cart instead."


class UnknownAlert(NotFound):
    message = "There is no such alert."


def _tell(alert: StockAlert) -> None:
    event_emit(user_id=alert.user_id, topic=Topic.STOCK_ALERTS_UPDATED, data={"alert_id": alert.pk})


def _lapse(**filters: object) -> None:
    StockAlert.objects.filter(state=AlertState.WAITING, expires_at__lte=timezone.now(), **filters).update(
        state=AlertState.EXPIRED
    )


@transaction.atomic
def stock_alert_create(*, user: User, variant_id: int) -> tuple[StockAlert, bool]:
    """Ask to be told when the variant is back. Answers the alert and whether it is new: asking twice
    gives the same alert. A variant that can be bought now is refused (409)."""
    variant = ProductVariant.objects.select_related("product").filter(pk=variant_id).first()
    # Practitioner-only products are shown to the trade only, so only the trade can wait for one.
    hidden = (
        variant is not None
        and variant.product.practitioner_only
        and catalog_audience(user) is Audience.PUBLIC
    )
    if variant is None or hidden:
        raise UnknownVariant(errors={"product_variant_id": ["unknown"]})
    if variant.stock_state != StockState.SOLD_OUT:
        raise InStock(f"{variant.product.name} is in stock: add it to your cart instead.")
    _lapse(user=user, variant=variant)
    waiting = StockAlert.objects.filter(user=user, variant=variant, state=AlertState.WAITING).first()
    if waiting is not None:
        return waiting, False
    try:
        with transaction.atomic():
            alert = StockAlert.objects.create(
                user=user, variant=variant, expires_at=timezone.now() + timedelta(days=ALERT_DAYS)
            )
    except IntegrityError:  # the same ask from another tab, a moment earlier
        return StockAlert.objects.get(user=user, variant=variant, state=AlertState.WAITING), False
    _tell(alert)
    return alert, True


@transaction.atomic
def stock_alert_delete(*, user: User, alert_id: int) -> None:
    """Cancel a waiting alert, or dismiss one that was answered. Another user's alert is unknown (404)."""
    alert = StockAlert.objects.filter(pk=alert_id, user=user).first()
    if alert is None:
        raise UnknownAlert(errors={"id": ["unknown"]})
    alert.delete()
    event_emit(user_id=user.pk, topic=Topic.STOCK_ALERTS_UPDATED, data={"alert_id": alert_id})


def stock_alerts_notify(*, freed: Sequence[tuple[int, int | None]]) -> list[int]:
    """Units of these variants came up for sale (in the caller's transaction), (variant id, how many, or
    None when it can be ordered on back-order): the people waiting are told in the order they asked, one
    per unit, so when fewer came than people wait the others are told as more arrive. Answers the alerts
    told."""
    told: list[int] = []
    now = timezone.now()
    for variant_id, units in freed:
        _lapse(variant_id=variant_id)
        waiting = StockAlert.objects.select_for_update().filter(
            variant_id=variant_id, state=AlertState.WAITING
        )
        for alert in list(waiting if units is None else waiting[:units]):
            alert.state, alert.notified_at = AlertState.NOTIFIED, now
            alert.save(update_fields=["state", "notified_at"])
            _tell(alert)
            transaction.on_commit(partial(stock_alert_mail.enqueue, alert_id=alert.pk))
            told.append(alert.pk)
    return told
