"""Reads of stores: the practitioner's own store for the editor, the public page, the name check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal, TypedDict, get_args

from django.core.files.storage import default_storage
from pydantic import Field

from server.accounts.models import User
from server.core.choices import one_of
from server.core.errors import DomainError
from server.core.region import Region
from server.protocols.selectors import PractitionerOut, ShareableProtocolOut, linked_protocols
from server.stores.errors import (
    PackageNotFound,
    ServiceNotFound,
    ShopNameRequired,
    ShopNotFound,
    StoreNotFound,
)
from server.stores.models import Store, StorePackage, StoreService
from server.stores.names import MAX_LENGTH, shop_name_check, shop_name_normalise

# What the replies can hold, so the web app's generated types know the values (models.py holds the choices;
# inputs stay plain strings, so a wrong value gets the services' own message rather than a schema error).
StoreTypeValue = Literal["individual", "clinic", "online"]
StoreThemeValue = Literal["classic", "fresh", "warm", "calm", "bold"]
PayoutMethodValue = Literal["not_set", "paypal", "bank_account"]
DayValue = Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
UnavailableReason = Literal["taken", "reserved", "invalid"]
STORE_TYPES: tuple[StoreTypeValue, ...] = get_args(StoreTypeValue)
STORE_THEMES: tuple[StoreThemeValue, ...] = get_args(StoreThemeValue)
PAYOUT_METHODS: tuple[PayoutMethodValue, ...] = get_args(PayoutMethodValue)
UNAVAILABLE_REASONS: tuple[UnavailableReason, ...] = get_args(UnavailableReason)


def own_store(*, owner: User) -> Store:
    store = Store.objects.filter(owner=owner).first()
    if store is None:
        raise StoreNotFound()
    return store


def own_service(*, store: Store, service_id: int) -> StoreService:
    """A service of the caller's store; another store's is a 404 like a missing one."""
    service = StoreService.objects.select_related("store").filter(pk=service_id, store=store).first()
    if service is None:
        raise ServiceNotFound()
    return service


def own_package(*, store: Store, package_id: int) -> StorePackage:
    package = StorePackage.objects.select_related("store").filter(pk=package_id, store=store).first()
    if package is None:
        raise PackageNotFound()
    return package


def store_by_shop_name(*, shop_name: str) -> Store:
    """A store by its public name, whatever its case."""
    name = (shop_name or "").strip().lower()[: MAX_LENGTH + 1]
    store = Store.objects.select_related("owner").filter(shop_name=name).first() if name else None
    if store is None or not store.owner.is_active:
        raise ShopNotFound()
    return store


class AvailabilityOut(TypedDict):
    name: str
    available: bool
    reason: Annotated[
        UnavailableReason | None, Field(description="taken, reserved or invalid; null when available")
    ]
    message: str


class ServiceOut(TypedDict):
    id: int
    name: str
    description: str
    icon: str
    order: int


class FeatureOut(TypedDict):
    feature_id: int
    text: str


class PackageOut(TypedDict):
    id: int
    order: int
    name: str
    description: str
    price: str
    image: str | None
    features: list[FeatureOut]


class SectionOut(TypedDict):
    title: str
    description: str


class ImageSectionOut(SectionOut):
    image: str | None


class ApproachOut(SectionOut):
    image_1: str | None
    image_2: str | None


class ContactOut(TypedDict):
    description: str


class HoursOut(TypedDict):
    day: DayValue
    opens: str
    closes: str


class Sections(TypedDict):
    type: StoreTypeValue
    theme: StoreThemeValue
    shop_name: str | None
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


class StoreOut(Sections):
    """The practitioner's own store, every field, for the editor."""

    id: int
    shop_path: Annotated[
        str | None, Field(description="/store/{shop_name}; the page is /{lang}/store/{shop_name}")
    ]
    show_protocols: bool
    payout_method: PayoutMethodValue
    created_at: str
    updated_at: str


class PublicStoreOut(TypedDict):
    """A visitor's view: a section left empty is null; never the payout method."""

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
    practitioner: PractitionerOut
    protocols: Annotated[
        list[ShareableProtocolOut],
        Field(
            description="the practitioner's shareable protocols (as the link view), "
            "if they chose to show them"
        ),
    ]
    updated_at: str


def shop_name_availability(*, owner: User, name: str | None) -> AvailabilityOut:
    """May the caller take this name? The reply says why not; a missing name is refused (spec:
    docs/spec-coverage.md#s5-shop-name-must-present)."""
    if name is None or not name.strip():
        raise ShopNameRequired(errors={"name": ["required"]})
    normalised = shop_name_normalise(name)[:100]
    try:
        shop_name_check(normalised)
    except DomainError as exc:
        reason = next(iter(exc.errors.get("shop_name", ["invalid"])))
        return {
            "name": normalised,
            "available": False,
            "reason": one_of(reason, UNAVAILABLE_REASONS),
            "message": exc.message,
        }
    taken = Store.objects.filter(shop_name=normalised).exclude(owner=owner).exists()
    return {
        "name": normalised,
        "available": not taken,
        "reason": "taken" if taken else None,
        "message": "This shop name is taken. Try another one." if taken else "This shop name is free.",
    }


def image_url(name: str) -> str | None:
    return default_storage.url(name) if name else None


def service_data(service: StoreService) -> ServiceOut:
    return {
        "id": service.pk,
        "name": service.name,
        "description": service.description,
        "icon": service.icon,
        "order": service.position,
    }


def package_data(package: StorePackage) -> PackageOut:
    return {
        "id": package.pk,
        "order": package.position,
        "name": package.name,
        "description": package.description,
        "price": package.price,
        "image": image_url(package.image.name or ""),
        "features": [{"feature_id": feature.pk, "text": feature.text} for feature in package.features.all()],
    }


def services_of(*, store: Store) -> list[ServiceOut]:
    return [service_data(service) for service in store.services.all()]


def packages_of(*, store: Store) -> list[PackageOut]:
    return [package_data(package) for package in store.packages.prefetch_related("features")]


def _sections(store: Store) -> Sections:
    return {
        "type": one_of(store.type, STORE_TYPES),
        "theme": one_of(store.theme, STORE_THEMES),
        "shop_name": store.shop_name,
        "header": {
            "title": store.header_title,
            "description": store.header_description,
            "image": image_url(store.header_image.name or ""),
        },
        "about": {
            "title": store.about_title,
            "description": store.about_description,
            "image": image_url(store.about_image.name or ""),
        },
        "message": store.message,
        "services_header": {"title": store.services_title, "description": store.services_description},
        "services": services_of(store=store),
        "packages": packages_of(store=store),
        "contact": {"description": store.contact_description},
        "opening_hours": list(store.opening_hours or []),
        "timezone": store.timezone,
        "approach": {
            "title": store.approach_title,
            "description": store.approach_description,
            "image_1": image_url(store.approach_image_1.name or ""),
            "image_2": image_url(store.approach_image_2.name or ""),
        },
    }


def store_data(store: Store) -> StoreOut:
    return {
        "id": store.pk,
        **_sections(store),
        "shop_path": f"/store/{store.shop_name}" if store.shop_name else None,
        "show_protocols": store.show_protocols,
        "payout_method": one_of(store.payout_method, PAYOUT_METHODS),
        "created_at": store.created_at.isoformat(),
        "updated_at": store.updated_at.isoformat(),
    }


def _filled[Section: Mapping[str, object]](section: Section) -> Section | None:
    return section if any(section.values()) else None


def public_store(*, shop_name: str, region: Region) -> PublicStoreOut:
    """What a visitor of `/{lang}/store/{shop_name}` sees: the sections the practitioner filled (an empty
    one is null), and their shareable protocols when they chose to show them. Never the payout method."""
    store = store_by_shop_name(shop_name=shop_name)
    sections = _sections(store)
    owner = store.owner
    return {
        "type": sections["type"],
        "theme": sections["theme"],
        "shop_name": sections["shop_name"],
        "header": _filled(sections["header"]),
        "about": _filled(sections["about"]),
        "message": store.message or None,
        "services_header": _filled(sections["services_header"]),
        "services": sections["services"],
        "packages": sections["packages"],
        "contact": _filled(sections["contact"]),
        "opening_hours": sections["opening_hours"],
        "timezone": store.timezone or None,
        "approach": _filled(sections["approach"]),
        "practitioner": {
            "id": owner.pk,
            "first_name": owner.first_name,
            "last_name": owner.last_name,
            "name": f"{owner.first_name} {owner.last_name}".strip() or store.shop_name or "",
        },
        "protocols": linked_protocols(owner=owner, region=region) if store.show_protocols else [],
        "updated_at": store.updated_at.isoformat(),
    }
