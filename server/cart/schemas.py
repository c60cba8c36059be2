from __future__ import annotations

from ninja import Field, Schema

from server.catalog.schemas import AssetOut, VariantOut


class CartItemIn(Schema):
    product_variant_id: int = Field(ge=1)
    quantity: int = Field(default=1, ge=1, le=999)


class QuantityIn(Schema):
    quantity: int = Field(ge=0, le=999)


class CartIn(Schema):
    items: list[CartItemIn] = Field(max_length=200)


class CartItemOut(Schema):
    product_id: int
    product_variant_id: int
    price: str
    quantity: int
    line_total: str
    name: str
    slug: str
    sku: str
    unit_of_measure: str
    availability: int
    assets: list[AssetOut]


class CartOut(Schema):
    items: list[CartItemOut]
    total_items: int
    total_price: str
    total_discount: str
    total_price_after_discount: str
    discount_rate: str
    currency: str


class VariantRefIn(Schema):
    product_variant_id: int = Field(ge=1)


class WishlistBrand(Schema):
    brand_id: int
    name: str
    slug: str


class WishlistProduct(Schema):
    name: str
    slug: str


class WishlistVariantOut(VariantOut):
    images: list[str]


class WishlistItemOut(Schema):
    wishlist_item_id: int
    product_id: int
    product_variant_id: int
    brand: WishlistBrand
    product: WishlistProduct
    variants: list[WishlistVariantOut]
    assets: list[AssetOut]


class WishlistOut(Schema):
    data: list[WishlistItemOut]
