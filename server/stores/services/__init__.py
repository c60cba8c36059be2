"""Writes to a practitioner's store (spec: docs/spec-coverage.md#s3-store, docs/spec-coverage.md#s7-store
"Practitioner store"), one module per part of the store: its texts and images, the offered services, the
packages, the visitors' attribution; `rules` holds the limits and checks they share. The names the API and
other apps call are gathered here.

Every write checks all of its input before it changes a row, so a refused call leaves what was saved
as it was; each one tells the practitioner's other devices (`store.updated`, published on commit).
Texts are kept exactly as typed (trimmed): the web app shows them as text, never as HTML."""

from server.stores.services.attribution import store_attribution_record
from server.stores.services.offered_services import (
    store_service_create,
    store_service_delete,
    store_service_reorder,
    store_service_update,
)
from server.stores.services.packages import (
    store_package_create,
    store_package_delete,
    store_package_feature_add,
    store_package_feature_remove,
    store_package_feature_update,
    store_package_image_set,
    store_package_reorder,
    store_package_update,
)
from server.stores.services.rules import (
    DAYS,
    IMAGE_FIELDS,
    MAX_FEATURES,
    MAX_PACKAGES,
    MAX_SERVICES,
    SECTIONS,
    SERVICE_ICONS,
    HoursIn,
)
from server.stores.services.store import (
    StoreChanges,
    store_image_remove,
    store_image_set,
    store_open,
    store_section_set,
    store_update,
)

__all__ = [
    "DAYS",
    "IMAGE_FIELDS",
    "MAX_FEATURES",
    "MAX_PACKAGES",
    "MAX_SERVICES",
    "SECTIONS",
    "SERVICE_ICONS",
    "HoursIn",
    "StoreChanges",
    "store_attribution_record",
    "store_image_remove",
    "store_image_set",
    "store_open",
    "store_package_create",
    "store_package_delete",
    "store_package_feature_add",
    "store_package_feature_remove",
    "store_package_feature_update",
    "store_package_image_set",
    "store_package_reorder",
    "store_package_update",
    "store_section_set",
    "store_service_create",
    "store_service_delete",
    "store_service_reorder",
    "store_service_update",
    "store_update",
]
