from __future__ import annotations

from typing import Literal

from ninja import Field, Schema

from server.protocols.schemas import ProtocolOut

# Inputs allow more than the services keep, so an over-long text gets the services' own message.
LONG = 20000

# What the replies can hold, so the web app's generated types know the values (models.py holds the choices;
# inputs stay plain strings, so a wrong value gets the services' own message rather than a schema error).
StoreTypeValue = Literal["individual", "clinic", "online"]
StoreThemeValue = Literal["classic", "fresh", "warm", "calm", "bold"]
PayoutMethodValue = Literal["not_set", "paypal", "bank_account"]
DayValue = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


class TypeThemeIn(Schema):
    type: str = Field(max_length=40, description="individual, clinic or online")
    theme: str = Field(max_length=40, description="classic, fresh, warm, calm or bold")


class SectionIn(Schema):
    title: str | None = Field(default=None, max_length=LONG)
    description: str | None = Field(default=None, max_length=LONG)


class MessageIn(Schema):
    message: str | None = Field(default=None, max_length=LONG)


class HoursIn(Schema):
    day: str = Field(max_length=20, description="monday ... sunday")
    opens: str = Field(max_length=5, description="HH:MM, 24-hour")
    closes: str = Field(max_length=5, description="HH:MM, 24-hour (24:00 for midnight)")


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


class AvailabilityOut(Schema):
    name: str
    available: bool
    reason: Literal["taken", "reserved", "invalid"] | None = Field(
        description="taken, reserved or invalid; null when available"
    )
    message: str


class SectionOut(Schema):
    title: str
    description: str


class ImageSectionOut(SectionOut):
    image: str | None


class ApproachOut(SectionOut):
    image_1: str | None
    image_2: str | None


class ContactOut(Schema):
    description: str


class HoursOut(Schema):
    day: DayValue
    opens: str
    closes: str


class ServiceOut(Schema):
    id: int
    name: str
    description: str
    icon: str
    order: int


class FeatureOut(Schema):
    feature_id: int
    text: str


class PackageOut(Schema):
    id: int
    order: int
    name: str
    description: str
    price: str
    image: str | None
    features: list[FeatureOut]


class StoreOut(Schema):
    id: int
    type: StoreTypeValue
    theme: StoreThemeValue
    shop_name: str | None
    shop_path: str | None = Field(description="/store/{shop_name}; the page is /{lang}/store/{shop_name}")
    header: ImageSectionOut
    about: ImageSectionOut
    message: str
    services_header: SectionOut
    services: list[ServiceOut]
    packages: list[PackageOut]
    contact: ContactOut
    opening_hours: list[HoursOut]
    timezone: str
    approach: ApproachOut
    show_protocols: bool
    payout_method: PayoutMethodValue
    created_at: str
    updated_at: str


class PublicPractitionerOut(Schema):
    id: int
    first_name: str
    last_name: str
    name: str


class ShareableProtocolOut(ProtocolOut):
    link_token: str
    link: str


class PublicStoreOut(Schema):
    type: StoreTypeValue
    theme: StoreThemeValue
    shop_name: str | None
    header: ImageSectionOut | None
    about: ImageSectionOut | None
    message: str | None
    services_header: SectionOut | None
    services: list[ServiceOut]
    packages: list[PackageOut]
    contact: ContactOut | None
    opening_hours: list[HoursOut]
    timezone: str | None
    approach: ApproachOut | None
    practitioner: PublicPractitionerOut
    protocols: list[ShareableProtocolOut] = Field(
        description="the practitioner's shareable protocols (as the link view), if they chose to show them"
    )
    updated_at: str


class AttributionOut(Schema):
    message: str
    recorded: int
