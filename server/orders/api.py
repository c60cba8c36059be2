"""Checkout reads and the buyer's and practitioner's order calls (docs/api.md, "Checkout and
orders"). Placing an order and paying it are in server/payments/api.py, which sits above this app."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema

from server.accounts.auth import bearer, require_role, signed_in_user
from server.accounts.models import UserType
from server.core.paging import MAX_PAGE
from server.core.region import request_region
from server.orders import schemas as s
from server.orders import selectors, services
from server.orders.addresses import Address

checkout_router = Router(tags=["checkout"], auth=bearer)
orders_router = Router(tags=["orders"], auth=bearer)


class CountryQuery(Schema):
    country: str = Field(min_length=1, max_length=100)


class SummaryQuery(CountryQuery):
    shipping_method_id: int


class PageQuery(Schema):
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    limit: int = Field(default=5, ge=1, le=selectors.MAX_PAGE_SIZE)


@checkout_router.get(
    "/shipping-methods", response=list[s.ShippingMethodOut], summary="Shipping methods to a country"
)
def shipping_methods(request: HttpRequest, query: Query[CountryQuery]) -> list[selectors.ShippingMethodData]:
    signed_in_user(request)
    return selectors.shipping_methods(region=request_region(request), country=query.country)


@checkout_router.get("/summary", response=s.SummaryOut, summary="What the cart costs, delivered")
def summary(request: HttpRequest, query: Query[SummaryQuery]) -> selectors.Summary:
    return selectors.checkout_summary(
        user=signed_in_user(request),
        region=request_region(request),
        country=query.country,
        method_id=query.shipping_method_id,
    )


@orders_router.get("/orders", response=s.OrderPageOut, summary="The caller's orders, newest first")
def order_list(request: HttpRequest, query: Query[PageQuery]) -> selectors.OrderPage:
    return selectors.order_page(buyer=signed_in_user(request), page=query.page, limit=query.limit)


@orders_router.get("/orders/{number}", response=s.OrderOut, summary="One of the caller's orders")
def order_detail(request: HttpRequest, number: str) -> selectors.OrderData:
    return selectors.order_data(selectors.order_of(buyer=signed_in_user(request), number=number))


@orders_router.post(
    "/orders/{number}/cancel", response=s.OrderOut, summary="Cancel an order awaiting payment"
)
def order_cancel(request: HttpRequest, number: str) -> selectors.OrderData:
    order = selectors.order_of(buyer=signed_in_user(request), number=number)
    return selectors.order_data(services.order_cancel(order=order))


@orders_router.get(
    "/practitioners/orders", response=s.ClientOrderPageOut, summary="The orders of the caller's clients"
)
def client_orders(request: HttpRequest, query: Query[PageQuery]) -> selectors.ClientOrderPage:
    # The practice's view, like the hub: certified and plain practitioners
    # (docs/decisions/0016-spec-coverage.md).
    practitioner = require_role(
        signed_in_user(request), (UserType.CERTIFIED_PRACTITIONER, UserType.PRACTITIONER)
    )
    return selectors.client_order_page(practitioner=practitioner, page=query.page, limit=query.limit)


class BuyAgainOut(Schema):
    skipped: list[str]


@orders_router.post(
    "/orders/{number}/buy-again", response=BuyAgainOut, summary="Put an order's products in the cart"
)
def order_buy_again(request: HttpRequest, number: str) -> dict[str, list[str]]:
    order = selectors.order_of(buyer=signed_in_user(request), number=number)
    return {"skipped": services.order_buy_again(order=order)}


@orders_router.get(
    "/addresses", response=list[s.AddressOut], summary="The caller's shipping addresses of past orders"
)
def addresses(request: HttpRequest) -> list[Address]:
    return selectors.saved_addresses(buyer=signed_in_user(request))
