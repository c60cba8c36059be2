from __future__ import annotations

from decimal import Decimal

from ninja import Field, Schema

from server.catalog.cards import AssetOut, BrandOut, VariantOut
from server.core.paging import MAX_PAGE


class ProtocolIn(Schema):
    name: str = Field(default="", max_length=1000)
    description: str | None = Field(default=None, max_length=20000)


class DuplicateIn(Schema):
    protocol_id: int


SERVINGS_HELP = "Servings a day: 0.25 to 50 in steps of 0.25"


class LineAddIn(Schema):
    product_variant_id: int
    quantity: int = 1
    notes: str | None = Field(default=None, max_length=10000)
    servings_per_day: Decimal | None = Field(
        default=None, description=f"{SERVINGS_HELP}; without it, the label's suggested dose"
    )


class LineUpdateIn(Schema):
    product_variant_id: int
    quantity: int | None = None
    notes: str | None = Field(default=None, max_length=10000)
    servings_per_day: Decimal | None = Field(default=None, description=SERVINGS_HELP)


class LineRefIn(Schema):
    product_variant_id: int


class AssignIn(Schema):
    id: int = Field(description="The protocol to share")
    user_id: int | None = Field(default=None, description="An existing client")
    email: str | None = Field(default=None, max_length=1000, description="Or a new client's e-mail")
    first_name: str | None = Field(default=None, max_length=1000)
    last_name: str | None = Field(default=None, max_length=1000)
    discount: Decimal | None = Field(default=None, description="Percent: 0, 5, 10, 15 or 20")
    notes: str | None = Field(default=None, max_length=10000)
    limit_reason: str | None = Field(
        default=None,
        max_length=10000,
        description="Why the protocol is shared although it is at or over an upper intake level: "
        "required then (422 `limit_reason: required` without it), kept with the share",
    )


class LinkIn(Schema):
    limit_reason: str | None = Field(
        default=None,
        max_length=10000,
        description="Required to make a new link for a protocol at or over an upper intake level",
    )


class SearchIn(Schema):
    query: str = Field(default="", max_length=200)
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    limit: int = Field(default=50, ge=1, le=100)


class ClientSearchIn(Schema):
    keyword: str = Field(default="", max_length=200)
    limit: int = Field(default=100, ge=1, le=100)


class TemplateLineIn(Schema):
    product_variant_id: int
    notes: str | None = Field(default=None, max_length=10000)


class TemplateCopyIn(Schema):
    protocol_template_id: int
    name: str = Field(default="", max_length=1000)
    description: str = Field(default="", max_length=20000)
    protocol_line_items: list[TemplateLineIn] = Field(default_factory=list, max_length=200)


class ProtocolProductOut(Schema):
    id: int
    slug: str
    name: str
    brand: BrandOut
    assets: list[AssetOut]
    variants: list[VariantOut]
    product_variant_id: int
    item_count: int
    servings_per_day: float = Field(description=SERVINGS_HELP)
    notes: str
    price: str
    line_total: str
    is_available: bool


class ProtocolOut(Schema):
    protocol_id: int
    id: int
    name: str
    description: str
    total_price: str
    currency: str
    product_count: int
    products: list[ProtocolProductOut]
    created_at: str
    updated_at: str


class ProtocolPageOut(Schema):
    data: list[ProtocolOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


class MessageDataOut(Schema):
    message: str
    data: ProtocolOut


class DuplicateOut(Schema):
    message: str
    protocol_id: int
    data: ProtocolOut


class LineOut(Schema):
    protocol_id: int
    product_id: int
    product_variant_id: int
    notes: str
    quantity: int
    servings_per_day: float


class LineUpdateOut(Schema):
    message: str
    data: LineOut


class ClientOut(Schema):
    id: int
    first_name: str
    last_name: str
    email: str
    discount_rate: str


class ClientsOut(Schema):
    clients: list[ClientOut]


class ClientListEntryOut(ClientOut):
    client_since: str
    active: bool
    protocols_shared: int


class ClientPageOut(Schema):
    data: list[ClientListEntryOut]
    current_page: int
    limit: int
    total_pages: int
    total_results: int


class AssignmentOut(Schema):
    protocol_id: int
    client: ClientOut
    discount: str
    notes: str
    invited: bool


class AssignOut(Schema):
    message: str
    data: AssignmentOut


class LinkOut(Schema):
    link_token: str
    link: str


class MessageOut(Schema):
    message: str


class PractitionerOut(Schema):
    id: int
    first_name: str
    last_name: str
    name: str


class SourceOut(Schema):
    authority: str = Field(description="EFSA or UK")
    kind: str = Field(description="The body's own term: UL, safe level of intake, SUL or GL")
    applies_to: str = Field(description="total (all sources) or supplemental (supplements only)")
    reference: str = Field(description="The opinion or report the level comes from")
    year: int


class ContributionOut(Schema):
    product_variant_id: int
    amount: float = Field(description="What the line adds a day, in the nutrient's unit")
    counted: bool = Field(description="Whether the limit counts it (magnesium from food is not counted)")


class NutrientTotalOut(Schema):
    nutrient: str
    name: str
    unit: str = Field(description="mg or µg")
    total: float
    counted: float = Field(description="The part of the total the limit applies to")
    limit: float | None
    share: float | None = Field(description="counted / limit: 1.0 is the whole limit")
    level: str = Field(description="ok, caution (from 80 % of the limit) or over (from 100 %)")
    source: SourceOut | None
    lines: list[ContributionOut]


class DailyTotalsOut(Schema):
    nutrients: list[NutrientTotalOut]
    no_data: list[int] = Field(description="Variants of the protocol without supplement facts")


class FactAmountOut(Schema):
    nutrient: str
    form: str
    per_serving: float


class VariantFactsOut(Schema):
    product_variant_id: int
    servings_per_day: float = Field(description="The label's suggested dose")
    nutrients: list[FactAmountOut]


class LimitOut(Schema):
    amount: float
    forms: list[str] = Field(description="The forms the limit counts; empty: every form")
    source: SourceOut


class ReferenceOut(Schema):
    nutrient: str
    name: str
    unit: str
    limit: LimitOut | None


class BuilderTotalsOut(DailyTotalsOut):
    facts: list[VariantFactsOut] = Field(description="The facts of the lines' variants, for live totals")
    reference: list[ReferenceOut] = Field(description="The nutrients they hold, with the region's limit")


class SharedProtocolOut(ProtocolOut):
    practitioner: PractitionerOut
    daily_totals: DailyTotalsOut
    discount: str
    notes: str
    shared_at: str


class LinkedProtocolOut(ProtocolOut):
    practitioner: PractitionerOut
    daily_totals: DailyTotalsOut


class TemplateOut(Schema):
    id: int
    name: str
    description: str
    protocol_line_items: list[TemplateLineIn]


class TemplateCreatedOut(Schema):
    message: str
    id: int
    data: ProtocolOut
