"""Reply shapes of the storefront catalogue (spec: docs/spec-coverage.md#s3-product-list-page). Money is a
string with two decimals."""

from __future__ import annotations

from datetime import datetime

from ninja import Field, Schema


class FilterOption(Schema):
    id: int
    name: str


class CategoryNode(Schema):
    id: int
    name: str
    slug: str
    children: list[CategoryNode]


class FilterOptionsOut(Schema):
    brands: list[FilterOption]
    health_goals: list[FilterOption]
    delivery_form: list[FilterOption]
    free_from: list[FilterOption]
    suitable_for: list[FilterOption]
    availability: list[FilterOption]
    zero_waste: list[FilterOption]


class BrandOut(Schema):
    brand_id: int
    id: int
    name: str
    slug: str


class Thumbnails(Schema):
    thumbnail_75: str
    thumbnail_125: str
    thumbnail_250: str


class AssetOut(Schema):
    asset_id: int
    asset_order: int
    is_primary: bool
    image_url: str
    alt_text: str
    thumbnails: Thumbnails


class VariantOut(Schema):
    id: int
    sku: str
    price: str
    currency: str
    unit_of_measure: str
    weight: str | None
    availability: int


class ProductCard(Schema):
    id: int
    slug: str
    name: str
    brand: BrandOut
    price: str
    currency: str
    is_available: bool
    practitioner_only: bool
    zero_waste: bool
    variants: list[VariantOut]
    assets: list[AssetOut]


class FactNutrientOut(Schema):
    nutrient: str = Field(description="The nutrient's key in the reference table")
    name: str
    form: str = Field(description="The form where a limit tells forms apart (e.g. folic_acid), else empty")
    amount: float = Field(description="As the label prints it, in `unit`")
    unit: str = Field(description="mg, µg, g or IU")
    per_serving: float = Field(description="The same amount in `nutrient_unit`, the unit totals add up in")
    nutrient_unit: str


class SupplementFactsOut(Schema):
    product_variant_id: int
    serving_size: float
    serving_unit: str = Field(description="capsule, tablet, softgel, gummy, g, ml, drop, spray or scoop")
    servings_per_container: float
    servings_per_day: float = Field(description="The label's suggested daily dose, in servings")
    nutrients: list[FactNutrientOut]


class ProductDetail(ProductCard):
    description: str
    ingredients: str
    categories: list[FilterOption]
    health_goals: list[FilterOption]
    delivery_form: list[FilterOption]
    free_from: list[FilterOption]
    suitable_for: list[FilterOption]
    created_at: datetime
    updated_at: datetime
    supplement_facts: list[SupplementFactsOut] = Field(
        description="Per variant that has them: the serving and what one serving holds"
    )


class ProductListOut(Schema):
    data: list[ProductCard]
    total_results: int
    total_pages: int
    current_page: int
    limit: int
    available_products: int
    unavailable_products: int
    order_by: str
    order: str
    order_name: str
    facets: dict[str, dict[str, int]]
