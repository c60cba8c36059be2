"""The buyer's and the practitioner's order calls (docs/api.md, "Checkout and orders"). The checkout's
calls (its quote, placing an order and paying it) are in server/checkout/api.py, above this app."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema

from server.accounts.auth import bearer, require_role, signed_in_user
from server.accounts.models import UserType
from server.core.paging import MAX_PAGE
from server.orders import selectors, services
from server.orders.addresses import AddressOut

orders_router = Router(tags=["orders"], auth=bearer)


class PageQuery(Schema):
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    limit: int = Field(default=5, ge=1, le=selectors.MAX_PAGE_SIZE)


@orders_router.get("/orders", response=selectors.OrderPageOut, summary="The caller's orders, newest first")
def order_list(request: HttpRequest, query: Query[PageQuery]) -> selectors.OrderPageOut:
    return selectors.order_page(buyer=signed_in_user(request), page=query.page, limit=query.limit)


@orders_router.get("/orders/{number}", response=selectors.OrderOut, summary="One of the caller's orders")
def order_detail(request: HttpRequest, number: str) -> selectors.OrderOut:
    return selectors.order_data(selectors.order_of(buyer=signed_in_user(request), number=number))


@orders_router.post(
    "/orders/{number}/cancel", response=selectors.OrderOut, summary="Cancel an order awaiting payment"
)
def order_cancel(request: HttpRequest, number: str) -> selectors.OrderOut:
    order = selectors.order_of(buyer=signed_in_user(request), number=number)
    return selectors.order_data(services.order_cancel(order=order))


@orders_router.get(
    "/practitioners/orders",
    response=selectors.ClientOrderPageOut,
    summary="The orders of the caller's clients",
)
def client_orders(request: HttpRequest, query: Query[PageQuery]) -> selectors.ClientOrderPageOut:
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
    "/addresses", response=list[AddressOut], summary="The caller's shipping addresses of past orders"
)
def addresses(request: HttpRequest) -> list[AddressOut]:
    return selectors.saved_addresses(buyer=signed_in_user(request))
