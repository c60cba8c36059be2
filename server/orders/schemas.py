from __future__ import annotations

from datetime import datetime

from ninja import Field, Schema


class AddressIn(Schema):
    first_name: str = Field(default="", max_length=1000)
    last_name: str = Field(default="", max_length=1000)
    line1: str = Field(default="", max_length=1000)
    line2: str = Field(default="", max_length=1000)
    city: str = Field(default="", max_length=1000)
    postcode: str = Field(default="", max_length=1000)
    country: str = Field(default="", max_length=100)


class PlaceOrderIn(Schema):
    """Only where and how to ship: the lines and every amount come from the cart on the server."""

    shipping_address: AddressIn
    billing_address: AddressIn | None = None
    shipping_method_id: int


class AddressOut(Schema):
    first_name: str
    last_name: str
    line1: str
    line2: str
    city: str
    postcode: str
    country: str


class ShippingMethodOut(Schema):
    id: int
    name: str
    price: str
    currency: str
    free_over: str | None


class SummaryLineOut(Schema):
    product_variant_id: int
    product_id: int
    sku: str
    name: str
    quantity: int
    unit_price: str
    discount: str
    vat_rate: str
    vat: str
    total: str
    source: str


class ProblemOut(Schema):
    product_variant_id: int
    name: str
    message: str


class SummaryOut(Schema):
    country: str
    currency: str
    shipping_method: ShippingMethodOut
    discount_rate: str
    lines: list[SummaryLineOut]
    problems: list[ProblemOut]
    subtotal: str
    discount: str
    shipping: str
    vat: str
    total: str


class HistoryOut(Schema):
    state: str
    at: datetime


class OrderLineOut(Schema):
    product_variant_id: int | None
    product_id: int
    sku: str
    name: str
    quantity: int
    unit_price: str
    discount: str
    vat_rate: str
    vat: str
    total: str
    source: str
    source_protocol_id: int | None


class OrderOut(Schema):
    number: str
    state: str
    created_at: datetime
    region: str
    currency: str
    lines: list[OrderLineOut]
    subtotal: str
    discount: str
    shipping: str
    vat: str
    total: str
    refunded: str
    discount_rate: str
    shipping_method: str
    shipping_address: AddressOut
    billing_address: AddressOut
    carrier: str
    tracking_reference: str
    history: list[HistoryOut]


class OrderListEntryOut(Schema):
    number: str
    state: str
    created_at: datetime
    currency: str
    total: str
    item_count: int


class OrderPageOut(Schema):
    data: list[OrderListEntryOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


class ClientOrderOut(Schema):
    number: str
    state: str
    created_at: datetime
    buyer_name: str
    currency: str
    total: str
    lines: list[OrderLineOut]


class ClientOrderPageOut(Schema):
    data: list[ClientOrderOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int
