"""The services a store offers (a named, described, icon-tagged list the practitioner orders)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from server.stores.models import (
    Store,
    StoreService,
)
from server.stores.services.ordering import position_next, positions_renumber, positions_reorder
from server.stores.services.rules import (
    DEFAULT_ICON,
    MAX_ITEM_DESCRIPTION,
    MAX_NAME,
    MAX_SERVICES,
    SERVICE_ICONS,
    choice_check,
    text_clean,
)
from server.stores.services.store import store_changed, store_locked


def _service_values(*, name: str, description: str, icon: str) -> dict[str, str]:
    return {
        "name": text_clean(name, field="name", limit=MAX_NAME, required=True),
        "description": text_clean(description, field="description", limit=MAX_ITEM_DESCRIPTION),
        "icon": choice_check(icon or DEFAULT_ICON, field="icon", choices=SERVICE_ICONS),
    }


@transaction.atomic
def store_service_create(
    *, store: Store, name: str, description: str = "", icon: str = DEFAULT_ICON
) -> StoreService:
    values = _service_values(name=name, description=description, icon=icon)
    store_locked(store)
    position = position_next(store.services.all(), limit=MAX_SERVICES, what="services")
    created = StoreService.objects.create(store=store, position=position, **values)
    store_changed(store)
    return created


@transaction.atomic
def store_service_update(
    *, service: StoreService, name: str, description: str = "", icon: str = DEFAULT_ICON
) -> StoreService:
    for field, value in _service_values(name=name, description=description, icon=icon).items():
        setattr(service, field, value)
    service.save(update_fields=["name", "description", "icon"])
    store_changed(service.store)
    return service


@transaction.atomic
def store_service_delete(*, service: StoreService) -> None:
    store = store_locked(service.store)
    service.delete()
    positions_renumber(store.services.all())
    store_changed(store)


@transaction.atomic
def store_service_reorder(*, service: StoreService, order: int | Sequence[int]) -> None:
    store = store_locked(service.store)
    positions_reorder(list(store.services.all()), service, order)
    store_changed(store)
