from __future__ import annotations

from decimal import Decimal

from ninja import Field, Schema

from server.catalog.schemas import AssetOut, BrandOut, VariantOut
from server.core.paging import MAX_PAGE


class ProtocolIn(Schema):
    name: str = Field(default="", max_length=1000)
    description: str | None = Field(default=None, max_length=20000)


class DuplicateIn(Schema):
    protocol_id: int


class LineAddIn(Schema):
    product_variant_id: int
    quantity: int = 1
    notes: str | None = Field(default=None, max_length=10000)


class LineUpdateIn(Schema):
    product_variant_id: int
    quantity: int | None = None
    notes: str | None = Field(default=None, max_length=10000)


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


class SharedProtocolOut(ProtocolOut):
    practitioner: PractitionerOut
    discount: str
    notes: str
    shared_at: str


class LinkedProtocolOut(ProtocolOut):
    practitioner: PractitionerOut


class TemplateOut(Schema):
    id: int
    name: str
    description: str
    protocol_line_items: list[TemplateLineIn]


class TemplateCreatedOut(Schema):
    message: str
    id: int
    data: ProtocolOut
