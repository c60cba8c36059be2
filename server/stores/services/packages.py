"""A store's packages, their images and their feature lines."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from server.stores.errors import (
    FeatureNotFound,
    TooMany,
)
from server.stores.models import (
    Store,
    StorePackage,
    StorePackageFeature,
)
from server.stores.services.ordering import position_next, positions_renumber, positions_reorder
from server.stores.services.rules import (
    MAX_FEATURE_TEXT,
    MAX_FEATURES,
    MAX_ITEM_DESCRIPTION,
    MAX_NAME,
    MAX_PACKAGES,
    MAX_PRICE,
    text_clean,
)
from server.stores.services.store import file_delete_on_commit, image_replace, store_changed, store_locked


def _package_values(*, name: str, description: str, price: str) -> dict[str, str]:
    return {
        "name": text_clean(name, field="name", limit=MAX_NAME, required=True),
        "description": text_clean(description, field="description", limit=MAX_ITEM_DESCRIPTION),
        "price": text_clean(price, field="price", limit=MAX_PRICE),
    }


def _feature_texts(texts: Sequence[str]) -> list[str]:
    if len(texts) > MAX_FEATURES:
        raise TooMany(f"A package has at most {MAX_FEATURES} features.", errors={"features": ["too many"]})
    return [
        text_clean(text, field=f"features.{index}", limit=MAX_FEATURE_TEXT, required=True)
        for index, text in enumerate(texts)
    ]


@transaction.atomic
def store_package_create(
    *,
    store: Store,
    name: str,
    description: str = "",
    price: str = "",
    features: Sequence[str] | None = None,
) -> StorePackage:
    values = _package_values(name=name, description=description, price=price)
    texts = _feature_texts(features or ())
    store_locked(store)
    position = position_next(store.packages.all(), limit=MAX_PACKAGES, what="packages")
    created = StorePackage.objects.create(store=store, position=position, **values)
    StorePackageFeature.objects.bulk_create(StorePackageFeature(package=created, text=text) for text in texts)
    store_changed(store)
    return created


@transaction.atomic
def store_package_update(
    *,
    package: StorePackage,
    name: str,
    description: str = "",
    price: str = "",
    features: Sequence[str] | None = None,
) -> StorePackage:
    """Name, description and price; with `features`, the features are replaced by those texts."""
    values = _package_values(name=name, description=description, price=price)
    texts = None if features is None else _feature_texts(features)
    for field, value in values.items():
        setattr(package, field, value)
    package.save(update_fields=list(values))
    if texts is not None:
        package.features.all().delete()
        StorePackageFeature.objects.bulk_create(
            StorePackageFeature(package=package, text=text) for text in texts
        )
    store_changed(package.store)
    return package


@transaction.atomic
def store_package_delete(*, package: StorePackage) -> None:
    store = store_locked(package.store)
    if package.image.name:
        old = package.image.name
        file_delete_on_commit(old)
    package.delete()
    positions_renumber(store.packages.all())
    store_changed(store)


@transaction.atomic
def store_package_reorder(*, package: StorePackage, order: int | Sequence[int]) -> None:
    store = store_locked(package.store)
    positions_reorder(list(store.packages.all()), package, order)
    store_changed(store)


@transaction.atomic
def store_package_image_set(*, package: StorePackage, data: bytes) -> StorePackage:
    image_replace(package.image, data)
    package.save(update_fields=["image"])
    store_changed(package.store)
    return package


@transaction.atomic
def store_package_feature_add(*, package: StorePackage, text: str) -> StorePackageFeature:
    (text,) = _feature_texts([text])
    StorePackage.objects.select_for_update().filter(pk=package.pk).first()
    if package.features.count() >= MAX_FEATURES:
        raise TooMany(f"A package has at most {MAX_FEATURES} features.", errors={"features": ["too many"]})
    feature = StorePackageFeature.objects.create(package=package, text=text)
    store_changed(package.store)
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
    store_changed(package.store)
    return feature


@transaction.atomic
def store_package_feature_remove(*, package: StorePackage, feature_id: int) -> None:
    _feature(package, feature_id).delete()
    store_changed(package.store)
