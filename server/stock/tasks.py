"""Background work of stock (django.tasks: at once in development and tests, by the task worker in
production): a back-in-stock e-mail is sent off the request that received the units."""

from __future__ import annotations

import logging

from django.tasks import task

from server.accounts.services.one_time import link_to
from server.core.mail import send_templated_email
from server.stock.models import AlertState, StockAlert

logger = logging.getLogger(__name__)


@task()
def stock_alert_mail(*, alert_id: int) -> bool:
    """E-mail the user of an answered alert, in their language. A mail server that fails is logged: the
    in-app notice was sent already."""
    alert = StockAlert.objects.select_related("user", "variant__product").filter(pk=alert_id).first()
    if alert is None or alert.state != AlertState.NOTIFIED:
        return False
    user, product = alert.user, alert.variant.product
    language = user.language or "en"
    context = {
        "first_name": user.first_name.strip() or user.email,
        "product_name": product.name,
        "link": link_to(f"/products/{product.slug}", language=language),
    }
    try:
        send_templated_email(to=user.email, texts="stock_back", language=language, context=context)
    except Exception:
        logger.exception("The back-in-stock mail of alert %s could not be sent", alert_id)
        return False
    return True
