from __future__ import annotations

from datetime import date
from decimal import Decimal

from ninja import Field, Schema

from server.core.paging import MAX_PAGE
from server.nutrition.schedule import ScheduleOut, WithFood
from server.protocols.selectors import SERVINGS_HELP, ClientOut, ProtocolOut

SLOTS_HELP = "Servings per time slot (waking, breakfast, lunch, dinner, bedtime): 0.25 to 50 in steps of 0.25"


class ProtocolIn(Schema):
    name: str = Field(default="", max_length=1000)
    description: str | None = Field(default=None, max_length=20000)


class DuplicateIn(Schema):
    protocol_id: int


class CycleIn(Schema):
    on_days: int = Field(description="Days taken, 1 to 365")
    off_days: int = Field(description="Days paused after them, 1 to 365")


class StepIn(Schema):
    from_week: int = Field(description="The week (2 or later) from which these slots apply")
    slots: dict[str, Decimal] = Field(description=SLOTS_HELP)


class ScheduleIn(Schema):
    """docs/decisions/0043-the-day-schedule.md: the line's daily dose is the highest daily sum it gives."""

    slots: dict[str, Decimal] = Field(description=SLOTS_HELP)
    with_food: WithFood = "any"
    cycle: CycleIn | None = None
    start_date: date | None = Field(default=None, description="Without it, the day the client starts")
    weeks: int | None = Field(default=None, description="The length, 1 to 104 weeks; without it, no end")
    steps: list[StepIn] = Field(default_factory=list, description="Titration: at most 8, in order of week")


class LineAddIn(Schema):
    product_variant_id: int
    quantity: int = 1
    notes: str | None = Field(default=None, max_length=10000)
    schedule: ScheduleIn | None = Field(
        default=None, description="Without it, the label's suggested dose split between breakfast and dinner"
    )


class LineUpdateIn(Schema):
    product_variant_id: int
    quantity: int | None = None
    notes: str | None = Field(default=None, max_length=10000)
    schedule: ScheduleIn | None = Field(default=None, description="Replaces the line's schedule")


class InteractionsQuery(Schema):
    client_id: int | None = Field(
        default=None, description="One client the protocol is shared with; without it, all of them"
    )


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
    warning_reason: str | None = Field(
        default=None,
        max_length=10000,
        description="Why the protocol is shared although the interaction rules say to avoid it with the "
        "client's medicines: required then (422 `warning_reason: required` without it), kept with the share",
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
    servings_per_day: float = Field(description=SERVINGS_HELP)
    schedule: ScheduleOut


class LineUpdateOut(Schema):
    message: str
    data: LineOut


class ClientsOut(Schema):
    clients: list[ClientOut]


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


class TemplateOut(Schema):
    id: int
    name: str
    description: str
    protocol_line_items: list[TemplateLineIn]


class TemplateCreatedOut(Schema):
    message: str
    id: int
    data: ProtocolOut
