"""The store, its section texts and its images; `store_changed` and `store_locked` are shared by every list
of the store (each write tells the owner's other devices, `store.updated` published on commit)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.db.models.fields.files import FieldFile
from django.utils.timezone import now

from server.accounts.models import User
from server.core.errors import InvalidInput
from server.core.images import process_image
from server.core.storage import NewFiles
from server.events.services import event_emit
from server.events.topics import Topic
from server.stores.errors import (
    NoImage,
    ShopNameTaken,
    UnknownImageSection,
)
from server.stores.models import (
    PayoutMethod,
    Store,
    StoreTheme,
    StoreType,
)
from server.stores.names import shop_name_check, shop_name_normalise
from server.stores.services.rules import (
    IMAGE_FIELDS,
    MAX_DESCRIPTION,
    MAX_MESSAGE,
    MAX_TITLE,
    SECTIONS,
    HoursIn,
    choice_check,
    opening_hours_check,
    text_clean,
    timezone_check,
)


def store_changed(store: Store) -> None:
    """Move `updated_at` and tell the owner's devices (the editor refetches the store)."""
    Store.objects.filter(pk=store.pk).update(updated_at=now())
    store.refresh_from_db(fields=["updated_at"])
    event_emit(user_id=store.owner_id, topic=Topic.STORE_UPDATED, data={"store_id": store.pk})


def store_locked(store: Store) -> Store:
    """One writer of a store's lists at a time, so counts and positions stay right."""
    return Store.objects.select_for_update().get(pk=store.pk)


@transaction.atomic
def store_open(*, owner: User, type: str, theme: str) -> tuple[Store, bool]:
    """Create the caller's store with a type and theme, or change them; True when it was created."""
    type = choice_check(type, field="type", choices=StoreType.values)
    theme = choice_check(theme, field="theme", choices=StoreTheme.values)
    store, created = Store.objects.select_for_update().get_or_create(
        owner=owner, defaults={"type": type, "theme": theme}
    )
    if not created:
        store.type, store.theme = type, theme
        store.save(update_fields=["type", "theme", "updated_at"])
    store_changed(store)
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
            values[field.name] = text_clean(value, field=_payload_name(field.name), limit=_LIMITS[field.name])
        elif field.name == "type":
            values["type"] = choice_check(value, field="type", choices=StoreType.values)
        elif field.name == "theme":
            values["theme"] = choice_check(value, field="theme", choices=StoreTheme.values)
        elif field.name == "payout_method":
            values["payout_method"] = choice_check(value, field="payout_method", choices=PayoutMethod.values)
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
    store_changed(store)
    return store


def store_section_set(*, store: Store, section: str, title: str | None, description: str | None) -> Store:
    title_field, description_field = SECTIONS[section]
    values: dict[str, Any] = {title_field: title or "", description_field: description or ""}
    return store_update(store=store, changes=StoreChanges(**values))


def file_delete_on_commit(name: str) -> None:
    """A replaced file goes once the change is committed; kept if the change is rolled back."""
    transaction.on_commit(lambda: default_storage.delete(name))


def image_replace(file: FieldFile, data: bytes) -> None:
    """Store the re-encoded image under a random name; the old file goes once the change is committed."""
    processed = process_image(data)
    old = file.name
    with NewFiles() as files:
        files.save(file, f"{uuid.uuid4().hex}.webp", ContentFile(processed.original))
    if old:
        file_delete_on_commit(old)


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
    with NewFiles() as written:
        old = [getattr(store, field).name for field in processed]
        for field, image in processed.items():
            written.save(getattr(store, field), f"{uuid.uuid4().hex}.webp", ContentFile(image.original))
        store.save(update_fields=[*processed, "updated_at"])
    for name in old:
        if name:
            file_delete_on_commit(name)
    store_changed(store)
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
            file_delete_on_commit(old)
        setattr(store, field, "")
    store.save(update_fields=[*slots.values(), "updated_at"])
    store_changed(store)
    return store
