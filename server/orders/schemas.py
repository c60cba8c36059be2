from __future__ import annotations

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
