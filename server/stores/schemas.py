from __future__ import annotations

from ninja import Field, Schema

from server.stores.services import HoursIn

# Inputs allow more than the services keep, so an over-long text gets the services' own message.
LONG = 20000


class TypeThemeIn(Schema):
    type: str = Field(max_length=40, description="individual, clinic or online")
    theme: str = Field(max_length=40, description="classic, fresh, warm, calm or bold")


class SectionIn(Schema):
    title: str | None = Field(default=None, max_length=LONG)
    description: str | None = Field(default=None, max_length=LONG)


class MessageIn(Schema):
    message: str | None = Field(default=None, max_length=LONG)


class ContactIn(Schema):
    """Either `{description}` or `{opening_hours, timezone}` (spec: docs/spec-coverage.md#s7-store-contact);
    both may come together."""

    description: str | None = Field(default=None, max_length=LONG)
    opening_hours: list[HoursIn] | None = Field(default=None, max_length=100)
    timezone: str | None = Field(default=None, max_length=100)


class StoreIn(Schema):
    """`PUT /v2/account/store`: any of these; what is left out stays as it is. Other keys (such as the
    lists and images of a GET reply sent back) are ignored."""

    type: str | None = Field(default=None, max_length=40)
    theme: str | None = Field(default=None, max_length=40)
    shop_name: str | None = Field(default=None, max_length=200, description="empty removes the address")
    show_protocols: bool | None = None
    payout_method: str | None = Field(
        default=None, max_length=40, description="not_set, paypal, bank_account"
    )
    header: SectionIn | None = None
    about: SectionIn | None = None
    services_header: SectionIn | None = None
    message: str | None = Field(default=None, max_length=LONG)
    contact: SectionIn | None = Field(default=None, description="only `description` is read")
    approach: SectionIn | None = None
    opening_hours: list[HoursIn] | None = Field(default=None, max_length=100)
    timezone: str | None = Field(default=None, max_length=100)


class ServiceIn(Schema):
    name: str = Field(default="", max_length=LONG)
    description: str = Field(default="", max_length=LONG)
    icon: str = Field(default="leaf", max_length=100)


class ReorderIn(Schema):
    order: int | list[int] = Field(
        description="The item's new place (1 is first), or every id of the list in the new order",
    )


class PackageIn(Schema):
    name: str = Field(default="", max_length=LONG)
    description: str = Field(default="", max_length=LONG)
    price: str = Field(default="", max_length=LONG)
    features: list[str] | None = Field(
        default=None, max_length=1000, description="texts; on update, replaces"
    )


class FeatureIn(Schema):
    feature_id: int | None = Field(default=None, description="required for PUT and DELETE")
    text: str = Field(default="", max_length=LONG)


class AttributionIn(Schema):
    product_variant_ids: list[int] = Field(max_length=1000)


class MessageOut(Schema):
    message: str


class AttributionOut(Schema):
    message: str
    recorded: int
