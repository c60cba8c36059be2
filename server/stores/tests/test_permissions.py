"""Every store call against every role (spec: docs/spec-coverage.md#s6-practitioner-features,
docs/architecture.md, "Reliability and security"): store calls for practitioner types 1, 2 and 3 on their own
store; 401 without a token, 403 for a client; the store page is public."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from server.stores.models import Store, StoreAttribution, StorePackage, StorePackageFeature, StoreService
from server.stores.tests.conftest import STORE, image_bytes, variant_of

ROLES = ["anonymous", "admin", "certified", "practitioner", "patient"]


def headers_of(people, role: str) -> dict[str, str]:
    return {} if role == "anonymous" else getattr(people, role).headers


def own_store(people, role: str) -> tuple[int, int, int]:
    owner = people.rival.user if role in ("anonymous", "patient") else getattr(people, role).user
    store = Store.objects.create(owner=owner, shop_name=f"shop-{owner.pk}")
    service = StoreService.objects.create(store=store, name="S", icon="leaf")
    package = StorePackage.objects.create(store=store, name="P")
    feature = StorePackageFeature.objects.create(package=package, text="F")
    return service.pk, package.pk, feature.pk


def image() -> dict[str, SimpleUploadedFile]:
    return {"file": SimpleUploadedFile("a.png", image_bytes(), content_type="image/png")}


def store_calls(service: int, package: int, feature: int) -> list[tuple[str, str, dict[str, object]]]:
    return [
        ("get", STORE, {}),
        ("post", STORE, {"json": {"type": "clinic", "theme": "calm"}}),
        ("put", STORE, {"json": {"message": "m"}}),
        ("get", f"{STORE}/availability?name=some-name", {}),
        ("put", f"{STORE}/header", {"json": {"title": "t", "description": "d"}}),
        ("put", f"{STORE}/about", {"json": {"title": "t", "description": "d"}}),
        ("put", f"{STORE}/services/header", {"json": {"title": "t", "description": "d"}}),
        ("put", f"{STORE}/message", {"json": {"message": "m"}}),
        ("put", f"{STORE}/contact", {"json": {"description": "c"}}),
        ("put", f"{STORE}/contact", {"json": {"opening_hours": [], "timezone": "UTC"}}),
        ("put", f"{STORE}/approach", {"json": {"title": "t", "description": "d"}}),
        ("put", f"{STORE}/header/image", {"FILES": image()}),
        ("delete", f"{STORE}/header/image", {}),
        ("get", f"{STORE}/services", {}),
        ("post", f"{STORE}/services", {"json": {"name": "n"}}),
        ("put", f"{STORE}/services/{service}", {"json": {"name": "n"}}),
        ("put", f"{STORE}/services/{service}/reorder", {"json": {"order": 2}}),
        ("delete", f"{STORE}/services/{service}", {}),
        ("get", f"{STORE}/packages", {}),
        ("post", f"{STORE}/packages", {"json": {"name": "n"}}),
        ("put", f"{STORE}/packages/{package}", {"json": {"name": "n"}}),
        ("put", f"{STORE}/packages/{package}/image", {"FILES": image()}),
        ("put", f"{STORE}/packages/{package}/reorder", {"json": {"order": 2}}),
        ("post", f"{STORE}/packages/{package}/features", {"json": {"text": "t"}}),
        ("put", f"{STORE}/packages/{package}/features", {"json": {"feature_id": feature, "text": "t"}}),
        ("delete", f"{STORE}/packages/{package}/features", {"json": {"feature_id": feature}}),
        ("delete", f"{STORE}/packages/{package}", {}),
    ]


OWNER_STATUSES = [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200,
                  200, 201, 200, 200, 200, 200, 201, 200, 200, 200, 201, 200, 200, 200]  # fmt: skip


@pytest.mark.parametrize("role", ROLES)
def test_store_calls(client, people, role):
    service, package, feature = own_store(people, role)
    expected = {"anonymous": 401, "patient": 403}.get(role)
    calls = store_calls(service, package, feature)

    statuses = [
        getattr(client, method)(path, headers=headers_of(people, role), **options).status_code
        for method, path, options in calls
    ]

    assert statuses == (OWNER_STATUSES if expected is None else [expected] * len(calls))


@pytest.mark.parametrize("role", ROLES)
def test_the_store_page_is_public_and_attribution_needs_a_sign_in(client, people, catalogue, role):
    store = Store.objects.create(owner=people.rival.user, shop_name="rival-shop")

    page = client.get("/v2/storefront/stores/RIVAL-shop", headers=headers_of(people, role))
    attribution = client.post(
        "/v2/storefront/stores/rival-shop/attribution",
        json={"product_variant_ids": [variant_of(catalogue, "d3")]},
        headers=headers_of(people, role),
    )

    assert page.status_code == 200
    assert attribution.status_code == (401 if role == "anonymous" else 200)
    assert StoreAttribution.objects.filter(store=store).count() == (0 if role == "anonymous" else 1)
