"""Reads of stores: the practitioner's own store for the editor, the public page, the name check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from django.core.files.storage import default_storage

from server.accounts.models import User
from server.core.errors import DomainError
from server.core.region import Region
from server.protocols.selectors import PractitionerData, ShareableProtocol, linked_protocols
from server.stores.errors import (
    PackageNotFound,
    ServiceNotFound,
    ShopNameRequired,
    ShopNotFound,
    StoreNotFound,
)
from server.stores.models import Store, StorePackage, StoreService
from server.stores.names import MAX_LENGTH, shop_name_check, shop_name_normalise


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


class Availability(TypedDict):
    name: str
    available: bool
    reason: str | None
    message: str


class ServiceData(TypedDict):
    id: int
    name: str
    description: str
    icon: str
    order: int


class FeatureData(TypedDict):
    feature_id: int
    text: str


class PackageData(TypedDict):
    id: int
    order: int
    name: str
    description: str
    price: str
    image: str | None
    features: list[FeatureData]


class SectionData(TypedDict):
    title: str
    description: str


class ImageSectionData(SectionData):
    image: str | None


class ApproachData(SectionData):
    image_1: str | None
    image_2: str | None


class ContactData(TypedDict):
    description: str


class HoursData(TypedDict):
    day: str
    opens: str
    closes: str


class Sections(TypedDict):
    type: str
    theme: str
    shop_name: str | None
    header: ImageSectionData
    about: ImageSectionData
    message: str
    services_header: SectionData
    services: list[ServiceData]
    packages: list[PackageData]
    contact: ContactData
    opening_hours: list[HoursData]
    timezone: str
    approach: ApproachData


class StoreData(Sections):
    """The practitioner's own store, every field, for the editor."""

    id: int
    shop_path: str | None
    show_protocols: bool
    payout_method: str
    created_at: str
    updated_at: str


class PublicStoreData(TypedDict):
    """A visitor's view: a section left empty is null; never the payout method."""

    type: str
    theme: str
    shop_name: str | None
    header: ImageSectionData | None
    about: ImageSectionData | None
    message: str | None
    services_header: SectionData | None
    services: list[ServiceData]
    packages: list[PackageData]
    contact: ContactData | None
    opening_hours: list[HoursData]
    timezone: str | None
    approach: ApproachData | None
    practitioner: PractitionerData
    protocols: list[ShareableProtocol]
    updated_at: str


def shop_name_availability(*, owner: User, name: str | None) -> Availability:
    """May the caller take this name? The reply says why not; a missing name is refused (spec:
    docs/spec-coverage.md#s5-shop-name-must-present)."""
    if name is None or not name.strip():
        raise ShopNameRequired(errors={"name": ["required"]})
    normalised = shop_name_normalise(name)[:100]
    try:
        shop_name_check(normalised)
    except DomainError as exc:
        reason = next(iter(exc.errors.get("shop_name", ["invalid"])))
        return {"name": normalised, "available": False, "reason": reason, "message": exc.message}
    taken = Store.objects.filter(shop_name=normalised).exclude(owner=owner).exists()
    return {
        "name": normalised,
        "available": not taken,
        "reason": "taken" if taken else None,
        "message": "This shop name is taken. Try another one." if taken else "This shop name is free.",
    }


def image_url(name: str) -> str | None:
    return default_storage.url(name) if name else None


def service_data(service: StoreService) -> ServiceData:
    return {
        "id": service.pk,
        "name": service.name,
        "description": service.description,
        "icon": service.icon,
        "order": service.position,
    }


def package_data(package: StorePackage) -> PackageData:
    return {
        "id": package.pk,
        "order": package.position,
        "name": package.name,
        "description": package.description,
        "price": package.price,
        "image": image_url(package.image.name or ""),
        "features": [{"feature_id": feature.pk, "text": feature.text} for feature in package.features.all()],
    }


def services_of(*, store: Store) -> list[ServiceData]:
    return [service_data(service) for service in store.services.all()]


def packages_of(*, store: Store) -> list[PackageData]:
    return [package_data(package) for package in store.packages.prefetch_related("features")]


def _sections(store: Store) -> Sections:
    return {
        "type": store.type,
        "theme": store.theme,
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


def store_data(store: Store) -> StoreData:
    return {
        "id": store.pk,
        **_sections(store),
        "shop_path": f"/store/{store.shop_name}" if store.shop_name else None,
        "show_protocols": store.show_protocols,
        "payout_method": store.payout_method,
        "created_at": store.created_at.isoformat(),
        "updated_at": store.updated_at.isoformat(),
    }


def _filled[Section: Mapping[str, object]](section: Section) -> Section | None:
    return section if any(section.values()) else None


def public_store(*, shop_name: str, region: Region) -> PublicStoreData:
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


def store_for_editor(*, owner: User) -> StoreData:
    return store_data(own_store(owner=owner))
