"""Writes to a practitioner's store (spec sections 3 and 7 "Practitioner store").

Every write checks all of its input before it changes a row, so a refused call leaves what was saved
as it was; each one tells the practitioner's other devices (`store.updated`, published on commit).
Texts are kept exactly as typed (trimmed): the web app shows them as text, never as HTML."""

from __future__ import annotations

import re
import uuid
import zoneinfo
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import pairwise
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, models, transaction
from django.db.models import Max
from django.db.models.fields.files import FieldFile
from django.utils.timezone import now

from server.accounts.models import User
from server.catalog.models import ProductVariant
from server.core.errors import InvalidInput
from server.core.images import process_image
from server.events.services import event_emit
from server.events.topics import Topic
from server.stores.errors import (
    FeatureNotFound,
    InvalidOrder,
    NoImage,
    ShopNameTaken,
    TooMany,
    UnknownImageSection,
)
from server.stores.models import (
    PayoutMethod,
    Store,
    StoreAttribution,
    StorePackage,
    StorePackageFeature,
    StoreService,
    StoreTheme,
    StoreType,
)
from server.stores.names import shop_name_check, shop_name_normalise

MAX_SERVICES = 50
MAX_PACKAGES = 20
MAX_FEATURES = 20
MAX_TITLE = 120
MAX_DESCRIPTION = 3000
MAX_MESSAGE = 1000
MAX_NAME = 120
MAX_ITEM_DESCRIPTION = 1000
MAX_PRICE = 60
MAX_FEATURE_TEXT = 200
MAX_ATTRIBUTED_VARIANTS = 100
MAX_RANGES_PER_DAY = 3

# The icons a service may show (the web app's body-system and general icons, spec section 3 "Icons").
SERVICE_ICONS = (
    "allergy", "blood", "brain", "energy", "eye", "gallbladder", "hair", "heart", "joint", "kidneys",
    "liver", "stomach", "bones", "gut", "hormones", "immune", "lungs", "muscle", "skin", "sleep", "stress",
    "thyroid", "weight", "consultation", "nutrition", "herbs", "lab-test", "video-call", "calendar", "leaf",
)  # fmt: skip
DEFAULT_ICON = "leaf"
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_TIME = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d|24:00")

# Image sections of `PUT /v2/account/store/{type}/image` and the form fields each takes.
IMAGE_FIELDS: dict[str, dict[str, str]] = {
    "header": {"file": "header_image"},
    "about": {"file": "about_image"},
    "approach": {"file1": "approach_image_1", "file2": "approach_image_2"},
}
# Sections of the title/description calls and the store fields they write.
SECTIONS = {
    "header": ("header_title", "header_description"),
    "about": ("about_title", "about_description"),
    "services": ("services_title", "services_description"),
    "approach": ("approach_title", "approach_description"),
}


def _text(value: str | None, *, field: str, limit: int, required: bool = False) -> str:
    text = (value or "").strip()
    if required and not text:
        raise InvalidInput("This field is required.", errors={field: ["empty field"]})
    if len(text) > limit:
        raise InvalidInput(f"This text may be at most {limit} characters.", errors={field: ["too long"]})
    return text


def _choice(value: str, *, field: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise InvalidInput(f"Choose one of: {', '.join(choices)}.", errors={field: ["unknown"]})
    return value


@lru_cache(maxsize=1)
def _time_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def timezone_check(name: str) -> str:
    name = name.strip()
    if name and name not in _time_zones():
        raise InvalidInput(
            "Choose a time zone by its IANA name, such as Europe/London.", errors={"timezone": ["unknown"]}
        )
    return name


@dataclass(frozen=True)
class HoursIn:
    day: str
    opens: str
    closes: str


def opening_hours_check(hours: Sequence[HoursIn]) -> list[dict[str, str]]:
    """Ranges in 24-hour time, `opens` before `closes`, at most 3 a day and none overlapping."""
    by_day: dict[str, list[tuple[str, str]]] = {}
    for index, entry in enumerate(hours):
        field = f"opening_hours.{index}"
        day = _choice(entry.day.strip().lower(), field=f"{field}.day", choices=DAYS)
        if (
            not _TIME.fullmatch(entry.opens)
            or not _TIME.fullmatch(entry.closes)
            or entry.opens >= entry.closes
        ):
            raise InvalidInput(
                "Give opening hours as HH:MM, opening before closing.", errors={field: ["invalid time"]}
            )
        by_day.setdefault(day, []).append((entry.opens, entry.closes))
    cleaned: list[dict[str, str]] = []
    for day in DAYS:
        ranges = sorted(by_day.get(day, []))
        if len(ranges) > MAX_RANGES_PER_DAY:
            raise InvalidInput(
                f"A day has at most {MAX_RANGES_PER_DAY} opening ranges.",
                errors={"opening_hours": ["too many"]},
            )
        for (_, closes), (opens, _) in pairwise(ranges):
            if opens < closes:
                raise InvalidInput("Opening hours of a day overlap.", errors={"opening_hours": ["overlap"]})
        cleaned.extend({"day": day, "opens": opens, "closes": closes} for opens, closes in ranges)
    return cleaned


def _changed(store: Store) -> None:
    """Move `updated_at` and tell the owner's devices (the editor refetches the store)."""
    Store.objects.filter(pk=store.pk).update(updated_at=now())
    store.refresh_from_db(fields=["updated_at"])
    event_emit(user_id=store.owner_id, topic=Topic.STORE_UPDATED, data={"store_id": store.pk})


def _locked(store: Store) -> Store:
    """One writer of a store's lists at a time, so counts and positions stay right."""
    return Store.objects.select_for_update().get(pk=store.pk)


# The store and its sections -----------------------------------------------------------------------------


@transaction.atomic
def store_open(*, owner: User, type: str, theme: str) -> tuple[Store, bool]:
    """Create the caller's store with a type and theme, or change them; True when it was created."""
    type = _choice(type, field="type", choices=StoreType.values)
    theme = _choice(theme, field="theme", choices=StoreTheme.values)
    store, created = Store.objects.select_for_update().get_or_create(
        owner=owner, defaults={"type": type, "theme": theme}
    )
    if not created:
        store.type, store.theme = type, theme
        store.save(update_fields=["type", "theme", "updated_at"])
    _changed(store)
    return store, created


@dataclass(frozen=True)
class StoreChanges:
    """The fields of `PUT /v2/account/store`; None leaves a field as it is."""

    type: str | None = None
    theme: str | None = None
    shop_name: str | None = None
    show_protocols: bool | None = None
    payout_method: str | None = None
    header_title: str | None = None
    header_description: str | None = None
    about_title: str | None = None
    about_description: str | None = None
    services_title: str | None = None
    services_description: str | None = None
    message: str | None = None
    contact_description: str | None = None
    approach_title: str | None = None
    approach_description: str | None = None
    opening_hours: Sequence[HoursIn] | None = None
    timezone: str | None = None


_LIMITS = (
    {"message": MAX_MESSAGE}
    | {
        name: MAX_TITLE if name.endswith("_title") else MAX_DESCRIPTION
        for pair in SECTIONS.values()
        for name in pair
    }
    | {"contact_description": MAX_DESCRIPTION}
)


def _payload_name(field: str) -> str:
    """How `PUT /v2/account/store` names a field: `header_title` is `header.title` there."""
    for section, pair in SECTIONS.items():
        if field in pair:
            prefix = "services_header" if section == "services" else section
            return f"{prefix}.{field.rsplit('_', 1)[1]}"
    return "contact.description" if field == "contact_description" else field


def _cleaned(store: Store, changes: StoreChanges) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for field in fields(changes):
        value = getattr(changes, field.name)
        if value is None:
            continue
        if field.name in _LIMITS:
            values[field.name] = _text(value, field=_payload_name(field.name), limit=_LIMITS[field.name])
        elif field.name == "type":
            values["type"] = _choice(value, field="type", choices=StoreType.values)
        elif field.name == "theme":
            values["theme"] = _choice(value, field="theme", choices=StoreTheme.values)
        elif field.name == "payout_method":
            values["payout_method"] = _choice(value, field="payout_method", choices=PayoutMethod.values)
        elif field.name == "shop_name":
            values["shop_name"] = shop_name_check(shop_name_normalise(value)) if value.strip() else None
        elif field.name == "opening_hours":
            values["opening_hours"] = opening_hours_check(value)
        elif field.name == "timezone":
            values["timezone"] = timezone_check(value)
        else:
            values[field.name] = value
    hours = values.get("opening_hours", store.opening_hours)
    if hours and not values.get("timezone", store.timezone):
        raise InvalidInput("Choose the time zone of your opening hours.", errors={"timezone": ["required"]})
    return values


@transaction.atomic
def store_update(*, store: Store, changes: StoreChanges) -> Store:
    """Change any of the store's own fields (not its lists or images) in one go; all or nothing."""
    values = _cleaned(store, changes)
    name = values.get("shop_name")
    if name and Store.objects.filter(shop_name=name).exclude(pk=store.pk).exists():
        raise ShopNameTaken(errors={"shop_name": ["taken"]})
    for field, value in values.items():
        setattr(store, field, value)
    try:
        with transaction.atomic():
            store.save(update_fields=[*values, "updated_at"])
    except IntegrityError as exc:  # another store took the name between the check and the write
        raise ShopNameTaken(errors={"shop_name": ["taken"]}) from exc
    _changed(store)
    return store


def store_section_set(*, store: Store, section: str, title: str | None, description: str | None) -> Store:
    title_field, description_field = SECTIONS[section]
    values: dict[str, Any] = {title_field: title or "", description_field: description or ""}
    return store_update(store=store, changes=StoreChanges(**values))


# Images ---------------------------------------------------------------------------------------------------


def _delete_on_commit(name: str) -> None:
    """A replaced file goes once the change is committed; kept if the change is rolled back."""
    transaction.on_commit(lambda: default_storage.delete(name))


def _replace_image(file: FieldFile, data: bytes) -> None:
    """Store the re-encoded image under a random name; the old file goes once the change is committed."""
    processed = process_image(data)
    old = file.name
    file.save(f"{uuid.uuid4().hex}.webp", ContentFile(processed.original), save=False)
    if old:
        _delete_on_commit(old)


@transaction.atomic
def store_image_set(*, store: Store, section: str, files: Mapping[str, bytes]) -> Store:
    """The section's image(s): `file` for header and about, `file1` and/or `file2` for approach.
    Every file is checked and re-encoded before any is stored, so one bad file changes nothing."""
    slots = IMAGE_FIELDS.get(section)
    if slots is None:
        raise UnknownImageSection()
    chosen = {slots[name]: data for name, data in files.items() if name in slots}
    if not chosen:
        raise NoImage(errors={next(iter(slots)): ["required"]})
    processed = {field: process_image(data) for field, data in chosen.items()}
    for field, image in processed.items():
        file: FieldFile = getattr(store, field)
        old = file.name
        file.save(f"{uuid.uuid4().hex}.webp", ContentFile(image.original), save=False)
        if old:
            _delete_on_commit(old)
    store.save(update_fields=[*processed, "updated_at"])
    _changed(store)
    return store


@transaction.atomic
def store_image_remove(*, store: Store, section: str) -> Store:
    slots = IMAGE_FIELDS.get(section)
    if slots is None:
        raise UnknownImageSection()
    for field in slots.values():
        file: FieldFile = getattr(store, field)
        if file.name:
            old = file.name
            _delete_on_commit(old)
        setattr(store, field, "")
    store.save(update_fields=[*slots.values(), "updated_at"])
    _changed(store)
    return store


# Ordered lists (services, packages) ---------------------------------------------------------------------


def _reorder[Item: (StoreService, StorePackage)](
    items: list[Item], item: Item, order: int | Sequence[int]
) -> None:
    """`order` is either the item's new place (1 is first) or every id of the list in the new order."""
    ids = [each.pk for each in items]
    if isinstance(order, int):
        if not 1 <= order <= len(items):
            raise InvalidOrder(
                f"The place must be between 1 and {len(items)}.", errors={"order": ["out of range"]}
            )
        ids.remove(item.pk)
        ids.insert(order - 1, item.pk)
    else:
        unknown = sorted(set(order) - set(ids))
        missing = sorted(set(ids) - set(order))
        if unknown or missing or len(order) != len(ids):
            errors = []
            if unknown:
                errors.append(f"unknown ids: {', '.join(map(str, unknown[:10]))}")
            if missing:
                errors.append(f"missing ids: {', '.join(map(str, missing[:10]))}")
            raise InvalidOrder(errors={"order": errors or ["an id is listed twice"]})
        ids = list(order)
    by_id = {each.pk: each for each in items}
    for position, pk in enumerate(ids, start=1):
        by_id[pk].position = position
    type(item).objects.bulk_update(items, ["position"])


def _renumber(queryset: models.QuerySet[Any]) -> None:
    rows = list(queryset)
    for position, row in enumerate(rows, start=1):
        row.position = position
    queryset.model.objects.bulk_update(rows, ["position"])


def _next_position(queryset: models.QuerySet[Any], *, limit: int, what: str) -> int:
    if queryset.count() >= limit:
        raise TooMany(f"A store has at most {limit} {what}.", errors={what: ["too many"]})
    return int(queryset.aggregate(top=Max("position"))["top"] or 0) + 1


# Services -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ServiceIn:
    name: str
    description: str = ""
    icon: str = DEFAULT_ICON


def _service_values(service: ServiceIn) -> dict[str, str]:
    return {
        "name": _text(service.name, field="name", limit=MAX_NAME, required=True),
        "description": _text(service.description, field="description", limit=MAX_ITEM_DESCRIPTION),
        "icon": _choice(service.icon or DEFAULT_ICON, field="icon", choices=SERVICE_ICONS),
    }


@transaction.atomic
def store_service_create(*, store: Store, service: ServiceIn) -> StoreService:
    values = _service_values(service)
    _locked(store)
    position = _next_position(store.services.all(), limit=MAX_SERVICES, what="services")
    created = StoreService.objects.create(store=store, position=position, **values)
    _changed(store)
    return created


@transaction.atomic
def store_service_update(*, service: StoreService, changes: ServiceIn) -> StoreService:
    for field, value in _service_values(changes).items():
        setattr(service, field, value)
    service.save(update_fields=["name", "description", "icon"])
    _changed(service.store)
    return service


@transaction.atomic
def store_service_delete(*, service: StoreService) -> None:
    store = _locked(service.store)
    service.delete()
    _renumber(store.services.all())
    _changed(store)


@transaction.atomic
def store_service_reorder(*, service: StoreService, order: int | Sequence[int]) -> None:
    store = _locked(service.store)
    _reorder(list(store.services.all()), service, order)
    _changed(store)


# Packages and their features ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PackageIn:
    name: str
    description: str = ""
    price: str = ""
    features: Sequence[str] | None = None


def _package_values(package: PackageIn) -> dict[str, str]:
    return {
        "name": _text(package.name, field="name", limit=MAX_NAME, required=True),
        "description": _text(package.description, field="description", limit=MAX_ITEM_DESCRIPTION),
        "price": _text(package.price, field="price", limit=MAX_PRICE),
    }


def _feature_texts(texts: Sequence[str]) -> list[str]:
    if len(texts) > MAX_FEATURES:
        raise TooMany(f"A package has at most {MAX_FEATURES} features.", errors={"features": ["too many"]})
    return [
        _text(text, field=f"features.{index}", limit=MAX_FEATURE_TEXT, required=True)
        for index, text in enumerate(texts)
    ]


@transaction.atomic
def store_package_create(*, store: Store, package: PackageIn) -> StorePackage:
    values = _package_values(package)
    texts = _feature_texts(package.features or ())
    _locked(store)
    position = _next_position(store.packages.all(), limit=MAX_PACKAGES, what="packages")
    created = StorePackage.objects.create(store=store, position=position, **values)
    StorePackageFeature.objects.bulk_create(StorePackageFeature(package=created, text=text) for text in texts)
    _changed(store)
    return created


@transaction.atomic
def store_package_update(*, package: StorePackage, changes: PackageIn) -> StorePackage:
    """Name, description and price; with `features`, the features are replaced by those texts."""
    values = _package_values(changes)
    texts = None if changes.features is None else _feature_texts(changes.features)
    for field, value in values.items():
        setattr(package, field, value)
    package.save(update_fields=list(values))
    if texts is not None:
        package.features.all().delete()
        StorePackageFeature.objects.bulk_create(
            StorePackageFeature(package=package, text=text) for text in texts
        )
    _changed(package.store)
    return package


@transaction.atomic
def store_package_delete(*, package: StorePackage) -> None:
    store = _locked(package.store)
    if package.image.name:
        old = package.image.name
        _delete_on_commit(old)
    package.delete()
    _renumber(store.packages.all())
    _changed(store)


@transaction.atomic
def store_package_reorder(*, package: StorePackage, order: int | Sequence[int]) -> None:
    store = _locked(package.store)
    _reorder(list(store.packages.all()), package, order)
    _changed(store)


@transaction.atomic
def store_package_image_set(*, package: StorePackage, data: bytes) -> StorePackage:
    _replace_image(package.image, data)
    package.save(update_fields=["image"])
    _changed(package.store)
    return package


@transaction.atomic
def store_package_feature_add(*, package: StorePackage, text: str) -> StorePackageFeature:
    (text,) = _feature_texts([text])
    StorePackage.objects.select_for_update().filter(pk=package.pk).first()
    if package.features.count() >= MAX_FEATURES:
        raise TooMany(f"A package has at most {MAX_FEATURES} features.", errors={"features": ["too many"]})
    feature = StorePackageFeature.objects.create(package=package, text=text)
    _changed(package.store)
    return feature


def _feature(package: StorePackage, feature_id: int) -> StorePackageFeature:
    feature = package.features.filter(pk=feature_id).first()
    if feature is None:
        raise FeatureNotFound(errors={"feature_id": ["unknown"]})
    return feature


@transaction.atomic
def store_package_feature_update(*, package: StorePackage, feature_id: int, text: str) -> StorePackageFeature:
    feature = _feature(package, feature_id)
    (feature.text,) = _feature_texts([text])
    feature.save(update_fields=["text"])
    _changed(package.store)
    return feature


@transaction.atomic
def store_package_feature_remove(*, package: StorePackage, feature_id: int) -> None:
    _feature(package, feature_id).delete()
    _changed(package.store)


# Attribution ----------------------------------------------------------------------------------------------


@transaction.atomic
def store_attribution_record(*, store: Store, visitor: User, variant_ids: Sequence[int]) -> int:
    """Note that the visitor put these variants in the cart from this store page (last page wins).
    A practitioner's own page does not count for them. Unknown variants are refused, none recorded."""
    unique = list(dict.fromkeys(variant_ids))
    if not unique or len(unique) > MAX_ATTRIBUTED_VARIANTS:
        raise InvalidInput(
            f"Send 1 to {MAX_ATTRIBUTED_VARIANTS} product variant ids.",
            errors={"product_variant_ids": ["count"]},
        )
    known = set(ProductVariant.objects.filter(pk__in=unique).values_list("pk", flat=True))
    if unknown := [pk for pk in unique if pk not in known]:
        raise InvalidInput(
            "There is no such product variant.",
            errors={"product_variant_ids": [f"unknown: {', '.join(map(str, unknown[:10]))}"]},
        )
    if store.owner_id == visitor.pk:
        return 0
    for variant_id in unique:
        StoreAttribution.objects.update_or_create(
            visitor=visitor, variant_id=variant_id, defaults={"store": store}
        )
    return len(unique)
