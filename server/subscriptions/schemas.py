"""Request bodies of the automatic refill calls (docs/api.md, "Automatic refills")."""

from __future__ import annotations

from datetime import date

from ninja import Field, Schema

from server.orders.schemas import AddressIn
from server.subscriptions.models import MAX_INTERVAL, MAX_QUANTITY, MIN_INTERVAL

INTERVAL_HELP = f"Days between parcels, {MIN_INTERVAL} to {MAX_INTERVAL}; left out, the lines' days of supply"


class LineIn(Schema):
    product_variant_id: int
    quantity: int = Field(ge=1, le=MAX_QUANTITY)


class LineChangeIn(LineIn):
    refuse_substitute: bool = False


class ProposalQuery(Schema):
    protocol_id: int | None = None
    order_number: str | None = Field(default=None, max_length=20)
    # A preview of the client's choice before subscribing: the same lines and interval the create takes.
    lines: str | None = Field(
        default=None,
        max_length=1200,
        pattern=r"^\d{1,10}:\d{1,3}(,\d{1,10}:\d{1,3}){0,99}$",
        description="The chosen lines as `variant_id:quantity`, comma-separated; left out, all the source's",
    )
    interval_days: int | None = Field(
        default=None, ge=MIN_INTERVAL, le=MAX_INTERVAL, description=INTERVAL_HELP
    )

    def chosen(self) -> list[tuple[int, int]] | None:
        if self.lines is None:
            return None
        pairs = (part.split(":") for part in self.lines.split(","))
        return [(int(variant_id), int(quantity)) for variant_id, quantity in pairs]


class SubscribeIn(Schema):
    protocol_id: int | None = None
    order_number: str | None = Field(default=None, max_length=20)
    lines: list[LineIn] | None = Field(default=None, max_length=100)
    interval_days: int | None = Field(
        default=None, ge=MIN_INTERVAL, le=MAX_INTERVAL, description=INTERVAL_HELP
    )
    shipping_address: AddressIn
    shipping_method_id: int


class SubscriptionChangeIn(Schema):
    """Only what is sent changes. `interval_days: null` goes back to the lines' days of supply."""

    lines: list[LineChangeIn] | None = Field(default=None, max_length=100)
    interval_days: int | None = Field(
        default=None, ge=MIN_INTERVAL, le=MAX_INTERVAL, description=INTERVAL_HELP
    )
    next_parcel_on: date | None = None
    shipping_address: AddressIn | None = None
    shipping_method_id: int | None = None


class SubscriptionActionOut(Schema):
    action: str
    subscription_id: int
    parcel_on: date
    state: str
    done: bool
