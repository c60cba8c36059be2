from __future__ import annotations

from ninja import Field, Schema


class CartItemIn(Schema):
    product_variant_id: int = Field(ge=1)
    quantity: int = Field(default=1, ge=1, le=999)


class QuantityIn(Schema):
    quantity: int = Field(ge=0, le=999)


class CartIn(Schema):
    items: list[CartItemIn] = Field(max_length=200)


class VariantRefIn(Schema):
    product_variant_id: int = Field(ge=1)
