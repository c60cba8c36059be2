"""Store calls of spec docs/spec-coverage.md#s7-store ("Practitioner store") for practitioners (user types 1,
2 and 3), each on the caller's own store only; and the public store page with its cart attribution
(docs/api.md)."""

from __future__ import annotations

from typing import Any

import pydantic
from django.http import HttpRequest
from ninja import Query, Router, Schema, Status
from ninja.errors import ValidationError

from server.accounts.auth import PRACTITIONER_TYPES, bearer, require_role, signed_in_user
from server.accounts.models import User
from server.core.errors import InvalidInput
from server.core.region import request_region
from server.stores import schemas as s
from server.stores import selectors, services
from server.stores.errors import NoImage
from server.stores.forms import store_body, uploaded_files
from server.stores.models import Store, StorePackage, StoreService

store_router = Router(tags=["store"], auth=bearer)
storefront_router = Router(tags=["store"])


def _owner(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), PRACTITIONER_TYPES)


def _store(request: HttpRequest) -> Store:
    return selectors.own_store(owner=_owner(request))


def _service(request: HttpRequest, service_id: int) -> StoreService:
    return selectors.own_service(store=_store(request), service_id=service_id)


def _package(request: HttpRequest, package_id: int) -> StorePackage:
    return selectors.own_package(store=_store(request), package_id=package_id)


def _inline(schema: dict[str, Any]) -> dict[str, Any]:
    """A model's JSON schema with its `$defs` written in place, to stand alone in `openapi_extra`."""
    definitions = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return resolve(definitions[node["$ref"].rsplit("/", 1)[-1]])
            return {key: resolve(value) for key, value in node.items()}
        if isinstance(node, list):
            return [resolve(value) for value in node]
        return node

    resolved: dict[str, Any] = resolve(schema)
    return resolved


def _form_schema() -> dict[str, Any]:
    flat: dict[str, Any] = {
        "type": {"type": "string"},
        "theme": {"type": "string"},
        "shop_name": {"type": "string"},
        "show_protocols": {"type": "boolean"},
        "payout_method": {"type": "string"},
        "message": {"type": "string"},
        "timezone": {"type": "string"},
        "opening_hours": {"type": "string", "description": "the JSON list as text"},
    }
    for section in ("header", "about", "services_header", "approach"):
        flat[f"{section}[title]"] = {"type": "string"}
        flat[f"{section}[description]"] = {"type": "string"}
    flat["contact[description]"] = {"type": "string"}
    return {"type": "object", "properties": flat}


STORE_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": _inline(s.StoreIn.model_json_schema())},
            "application/x-www-form-urlencoded": {"schema": _form_schema()},
            "multipart/form-data": {"schema": _form_schema()},
        },
    }
}


def _image_body(*names: str) -> dict[str, Any]:
    properties = {name: {"type": "string", "format": "binary"} for name in names}
    return {
        "requestBody": {
            "required": True,
            "content": {"multipart/form-data": {"schema": {"type": "object", "properties": properties}}},
        }
    }


# The store -------------------------------------------------------------------------------------------------


@store_router.get(
    "/store", response=selectors.StoreOut, summary="The caller's store (404 before it is created)"
)
def store_get(request: HttpRequest) -> selectors.StoreOut:
    return selectors.store_data(_store(request))


@store_router.post(
    "/store",
    response={200: selectors.StoreOut, 201: selectors.StoreOut},
    summary="Create the store, or change type and theme",
)
def store_open(request: HttpRequest, payload: s.TypeThemeIn) -> Status[selectors.StoreOut]:
    store, created = services.store_open(owner=_owner(request), type=payload.type, theme=payload.theme)
    return Status(201 if created else 200, selectors.store_data(store))


@store_router.put(
    "/store",
    response=selectors.StoreOut,
    summary="Change the store's fields (JSON or form data)",
    openapi_extra=STORE_BODY,
)
def store_update(request: HttpRequest) -> selectors.StoreOut:
    store = _store(request)
    try:
        payload = s.StoreIn.model_validate(store_body(request))
    except pydantic.ValidationError as exc:
        raise ValidationError(
            [dict(e) for e in exc.errors(include_url=False, include_context=False)]
        ) from exc
    changes = services.StoreChanges(
        type=payload.type,
        theme=payload.theme,
        shop_name=payload.shop_name,
        show_protocols=payload.show_protocols,
        payout_method=payload.payout_method,
        header_title=payload.header.title if payload.header else None,
        header_description=payload.header.description if payload.header else None,
        about_title=payload.about.title if payload.about else None,
        about_description=payload.about.description if payload.about else None,
        services_title=payload.services_header.title if payload.services_header else None,
        services_description=payload.services_header.description if payload.services_header else None,
        message=payload.message,
        contact_description=payload.contact.description if payload.contact else None,
        approach_title=payload.approach.title if payload.approach else None,
        approach_description=payload.approach.description if payload.approach else None,
        opening_hours=payload.opening_hours,
        timezone=payload.timezone,
    )
    return selectors.store_data(services.store_update(store=store, changes=changes))


class AvailabilityQuery(Schema):
    name: str | None = None


@store_router.get(
    "/store/availability",
    response=selectors.AvailabilityOut,
    summary="Is a shop name free? (`name` is required)",
)
def store_availability(request: HttpRequest, query: Query[AvailabilityQuery]) -> selectors.AvailabilityOut:
    return selectors.shop_name_availability(owner=_owner(request), name=query.name)


def _section(request: HttpRequest, section: str, payload: s.SectionIn) -> selectors.StoreOut:
    store = services.store_section_set(
        store=_store(request), section=section, title=payload.title, description=payload.description
    )
    return selectors.store_data(store)


@store_router.put("/store/header", response=selectors.StoreOut, summary="The header's title and description")
def store_header(request: HttpRequest, payload: s.SectionIn) -> selectors.StoreOut:
    return _section(request, "header", payload)


@store_router.put(
    "/store/about", response=selectors.StoreOut, summary="The about section's title and description"
)
def store_about(request: HttpRequest, payload: s.SectionIn) -> selectors.StoreOut:
    return _section(request, "about", payload)


@store_router.put(
    "/store/services/header", response=selectors.StoreOut, summary="The services section's heading"
)
def store_services_header(request: HttpRequest, payload: s.SectionIn) -> selectors.StoreOut:
    return _section(request, "services", payload)


@store_router.put(
    "/store/approach", response=selectors.StoreOut, summary="The approach section's title and text"
)
def store_approach(request: HttpRequest, payload: s.SectionIn) -> selectors.StoreOut:
    return _section(request, "approach", payload)


@store_router.put("/store/message", response=selectors.StoreOut, summary="The store's message")
def store_message(request: HttpRequest, payload: s.MessageIn) -> selectors.StoreOut:
    changes = services.StoreChanges(message=payload.message or "")
    return selectors.store_data(services.store_update(store=_store(request), changes=changes))


@store_router.put(
    "/store/contact",
    response=selectors.StoreOut,
    summary="Contact text, or opening hours and their time zone",
)
def store_contact(request: HttpRequest, payload: s.ContactIn) -> selectors.StoreOut:
    if payload.description is None and payload.opening_hours is None and payload.timezone is None:
        raise InvalidInput(
            "Send a description, or opening hours and a time zone.", errors={"description": ["required"]}
        )
    changes = services.StoreChanges(
        contact_description=payload.description,
        opening_hours=payload.opening_hours,
        timezone=payload.timezone,
    )
    return selectors.store_data(services.store_update(store=_store(request), changes=changes))


@store_router.put(
    "/store/{image_type}/image",
    response=selectors.StoreOut,
    summary="A section's image: header or about (`file`), approach (`file1` and/or `file2`)",
    openapi_extra=_image_body("file", "file1", "file2"),
)
def store_image(request: HttpRequest, image_type: str) -> selectors.StoreOut:
    store = _store(request)
    names = tuple(services.IMAGE_FIELDS.get(image_type, {})) or ("file",)
    files = uploaded_files(request, names)
    return selectors.store_data(services.store_image_set(store=store, section=image_type, files=files))


@store_router.delete(
    "/store/{image_type}/image", response=selectors.StoreOut, summary="Remove a section's image(s)"
)
def store_image_remove(request: HttpRequest, image_type: str) -> selectors.StoreOut:
    return selectors.store_data(services.store_image_remove(store=_store(request), section=image_type))


# Services --------------------------------------------------------------------------------------------------


@store_router.get(
    "/store/services", response=list[selectors.ServiceOut], summary="The store's services, in order"
)
def service_list(request: HttpRequest) -> list[selectors.ServiceOut]:
    return selectors.services_of(store=_store(request))


@store_router.post("/store/services", response={201: selectors.ServiceOut}, summary="Add a service (last)")
def service_create(request: HttpRequest, payload: s.ServiceIn) -> Status[selectors.ServiceOut]:
    service = services.store_service_create(
        store=_store(request), name=payload.name, description=payload.description, icon=payload.icon
    )
    return Status(201, selectors.service_data(service))


@store_router.put("/store/services/{service_id}", response=selectors.ServiceOut, summary="Change a service")
def service_update(request: HttpRequest, service_id: int, payload: s.ServiceIn) -> selectors.ServiceOut:
    service = services.store_service_update(
        service=_service(request, service_id),
        name=payload.name,
        description=payload.description,
        icon=payload.icon,
    )
    return selectors.service_data(service)


@store_router.delete("/store/services/{service_id}", response=s.MessageOut, summary="Delete a service")
def service_delete(request: HttpRequest, service_id: int) -> dict[str, str]:
    services.store_service_delete(service=_service(request, service_id))
    return {"message": "Service deleted."}


@store_router.put(
    "/store/services/{service_id}/reorder", response=list[selectors.ServiceOut], summary="Move a service"
)
def service_reorder(
    request: HttpRequest, service_id: int, payload: s.ReorderIn
) -> list[selectors.ServiceOut]:
    service = _service(request, service_id)
    services.store_service_reorder(service=service, order=payload.order)
    return selectors.services_of(store=service.store)


# Packages --------------------------------------------------------------------------------------------------


@store_router.get(
    "/store/packages", response=list[selectors.PackageOut], summary="The store's packages, in order"
)
def package_list(request: HttpRequest) -> list[selectors.PackageOut]:
    return selectors.packages_of(store=_store(request))


@store_router.post("/store/packages", response={201: selectors.PackageOut}, summary="Add a package (last)")
def package_create(request: HttpRequest, payload: s.PackageIn) -> Status[selectors.PackageOut]:
    package = services.store_package_create(
        store=_store(request),
        name=payload.name,
        description=payload.description,
        price=payload.price,
        features=payload.features,
    )
    return Status(201, selectors.package_data(package))


@store_router.put("/store/packages/{package_id}", response=selectors.PackageOut, summary="Change a package")
def package_update(request: HttpRequest, package_id: int, payload: s.PackageIn) -> selectors.PackageOut:
    package = services.store_package_update(
        package=_package(request, package_id),
        name=payload.name,
        description=payload.description,
        price=payload.price,
        features=payload.features,
    )
    return selectors.package_data(package)


@store_router.delete("/store/packages/{package_id}", response=s.MessageOut, summary="Delete a package")
def package_delete(request: HttpRequest, package_id: int) -> dict[str, str]:
    services.store_package_delete(package=_package(request, package_id))
    return {"message": "Package deleted."}


@store_router.put(
    "/store/packages/{package_id}/image",
    response=selectors.PackageOut,
    summary="A package's image (`file`)",
    openapi_extra=_image_body("file"),
)
def package_image(request: HttpRequest, package_id: int) -> selectors.PackageOut:
    package = _package(request, package_id)
    files = uploaded_files(request, ("file",))
    if "file" not in files:
        raise NoImage(errors={"file": ["required"]})
    return selectors.package_data(services.store_package_image_set(package=package, data=files["file"]))


@store_router.put(
    "/store/packages/{package_id}/reorder", response=list[selectors.PackageOut], summary="Move a package"
)
def package_reorder(
    request: HttpRequest, package_id: int, payload: s.ReorderIn
) -> list[selectors.PackageOut]:
    package = _package(request, package_id)
    services.store_package_reorder(package=package, order=payload.order)
    return selectors.packages_of(store=package.store)


def _feature_id(payload: s.FeatureIn) -> int:
    if payload.feature_id is None:
        raise InvalidInput("Say which feature.", errors={"feature_id": ["required"]})
    return payload.feature_id


@store_router.post(
    "/store/packages/{package_id}/features", response={201: selectors.PackageOut}, summary="Add a feature"
)
def feature_add(request: HttpRequest, package_id: int, payload: s.FeatureIn) -> Status[selectors.PackageOut]:
    package = _package(request, package_id)
    services.store_package_feature_add(package=package, text=payload.text)
    return Status(201, selectors.package_data(package))


@store_router.put(
    "/store/packages/{package_id}/features", response=selectors.PackageOut, summary="Change a feature"
)
def feature_update(request: HttpRequest, package_id: int, payload: s.FeatureIn) -> selectors.PackageOut:
    package = _package(request, package_id)
    services.store_package_feature_update(package=package, feature_id=_feature_id(payload), text=payload.text)
    return selectors.package_data(package)


@store_router.delete(
    "/store/packages/{package_id}/features", response=selectors.PackageOut, summary="Delete a feature"
)
def feature_remove(request: HttpRequest, package_id: int, payload: s.FeatureIn) -> selectors.PackageOut:
    package = _package(request, package_id)
    services.store_package_feature_remove(package=package, feature_id=_feature_id(payload))
    return selectors.package_data(package)


# The public store page -------------------------------------------------------------------------------------


@storefront_router.get(
    "/stores/{shop_name}",
    response=selectors.PublicStoreOut,
    summary="A practitioner's store page (no sign-in)",
)
def store_page(request: HttpRequest, shop_name: str) -> selectors.PublicStoreOut:
    return selectors.public_store(shop_name=shop_name, region=request_region(request))


@storefront_router.post(
    "/stores/{shop_name}/attribution",
    response=s.AttributionOut,
    auth=bearer,
    summary="Products put in the cart from a store page count for its practitioner",
)
def store_attribution(request: HttpRequest, shop_name: str, payload: s.AttributionIn) -> dict[str, Any]:
    visitor = signed_in_user(request)
    store = selectors.store_by_shop_name(shop_name=shop_name)
    recorded = services.store_attribution_record(
        store=store, visitor=visitor, variant_ids=payload.product_variant_ids
    )
    return {"message": "Attribution recorded.", "recorded": recorded}
