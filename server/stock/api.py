"""Back-in-stock alerts of the signed-in user (docs/api.md, "Stock")."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema, Status

from server.accounts.auth import bearer, signed_in_user
from server.stock import alerts, selectors

alerts_router = Router(tags=["stock"], auth=bearer)


class AlertIn(Schema):
    product_variant_id: int


@alerts_router.post(
    "/stock-alerts",
    response={200: selectors.StockAlertOut, 201: selectors.StockAlertOut},
    summary="Be told when a sold-out variant is back (asking twice gives the same alert)",
)
def stock_alert_create(request: HttpRequest, payload: AlertIn) -> Status[selectors.StockAlertOut]:
    alert, created = alerts.stock_alert_create(
        user=signed_in_user(request), variant_id=payload.product_variant_id
    )
    return Status(201 if created else 200, selectors.stock_alert_out(alert))


@alerts_router.get(
    "/stock-alerts",
    response=list[selectors.StockAlertOut],
    summary="The caller's waiting and answered alerts",
)
def stock_alert_list(request: HttpRequest) -> list[selectors.StockAlertOut]:
    return selectors.stock_alerts_of(user=signed_in_user(request))


@alerts_router.delete(
    "/stock-alerts/{alert_id}",
    response=list[selectors.StockAlertOut],
    summary="Cancel a waiting alert or dismiss an answered one; answers the alerts left",
)
def stock_alert_delete(request: HttpRequest, alert_id: int) -> list[selectors.StockAlertOut]:
    user = signed_in_user(request)
    alerts.stock_alert_delete(user=user, alert_id=alert_id)
    return selectors.stock_alerts_of(user=user)
