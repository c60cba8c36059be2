"""Every object id of every call, tried by every other user of every role (docs/security.md,
"Access control"). The matrix is generated from the served OpenAPI document, not picked by hand:

- every path parameter of the API is classified below as an object id, the caller's own (scoped by the
  token), or public / a capability; a new parameter fails the test until it is classified;
- every operation with an object id is called by each user who does not own the object (anonymous, the
  admin, another certified practitioner, a plain practitioner, a client of no one, and, for a client's
  objects, their own practitioner) with the owner's real id and a valid body: each answers 401, 403 or
  404, and the owner's objects are unchanged afterwards;
- the same call by the owner succeeds (rolled back), so the refusals are not a bad body answering 422.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from ninja.testing import TestClient
from PIL import Image

from server.accounts.models import User
from server.cart.models import CartItem
from server.catalog.tests.conftest import Catalogue
from server.config.api import api
from server.orders.models import Order, ShippingMethod
from server.orders.tests.conftest import NL_ADDRESS
from server.protocols.models import Assignment, Protocol, ProtocolItem
from server.protocols.tests.conftest import People
from server.stock.alerts import stock_alert_create
from server.stock.models import StockAlert
from server.stock.services import stock_count
from server.stores.models import Store, StorePackage, StorePackageFeature, StoreService
from server.subscriptions.models import Subscription, SubscriptionLine, SubscriptionState

# Path parameters that name another user's object: the matrix tries them.
OBJECT_IDS = {"protocol_id", "service_id", "package_id", "number", "alert_id", "subscription_id", "client_id"}
# Parameters that name something of the caller's own, found through the token, never another user's.
CALLERS_OWN = {
    "variant_id": "a line of the caller's own cart, or of a protocol named by its protocol_id",
    "image_type": "a section of the caller's own store",
    "file": "the caller's own statement of a month",
}
# Public names and capabilities: what anyone holding them may read, by design.
PUBLIC = {
    "slug": "a product's public page",
    "shop_name": "a store's public page",
    "provider": "the name of a provider",
    "token": "a password-reset token (random, expiring, single use), a refill notice's or the day e-mail's "
    "signed link, or a client's calendar feed address (random, revocable)",
    "link_token": "a protocol's share link (random, revocable)",
    "payment_id": "the test provider's payment page (a random id, as Mollie's hosted page)",
    "mandate_id": "a test provider's mandate (a random id; only while the test provider takes payments)",
}
# Calls only some states of their object allow: the owner's call may answer 409 for the world's state,
# which proves it reached the object (the refusals of the others are still 401, 403 or 404).
STATEFUL = {
    ("post", "/v2/account/clients/subscriptions/{subscription_id}/resume"),
    ("post", "/v2/account/clients/subscriptions/{subscription_id}/payment"),
}
# Who may use the object a path names, by the path's beginning (the first one proves the body valid). A
# protocol goes into the cart of the client it is shared with, and of the practitioner who wrote it.
OWNERS = {
    "/v2/account/practitioners/protocols/": ("certified",),
    "/v2/account/clients/protocols/": ("patient",),
    "/account/clients/protocols/": ("patient",),
    "/v2/storefront/cart/protocols/": ("patient", "certified"),
    "/v2/account/store/": ("certified",),
    "/v2/account/orders/": ("patient",),
    "/v2/account/stock-alerts/": ("patient",),
    "/v2/account/clients/subscriptions/": ("patient",),
    # A client's adherence, for the practitioner whose protocol they have.
    "/v2/account/practitioners/clients/": ("certified",),
}
ACTORS = ("anonymous", "admin", "certified", "practitioner", "patient", "stranger", "rival")


@dataclass(frozen=True)
class World:
    protocol: Protocol
    service: StoreService
    package: StorePackage
    feature: StorePackageFeature
    order: Order
    alert: StockAlert
    subscription: Subscription
    other_variant: int
    line_variant: int
    client_id: int


def png() -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (20, 20), "green").save(buffer, format="PNG")
    return SimpleUploadedFile("a.png", buffer.getvalue(), content_type="image/png")


@pytest.fixture
def world(people: People, catalogue: Catalogue) -> World:
    d3, magnesium = (getattr(catalogue, name).variants.get().id for name in ("d3", "magnesium"))
    protocol = Protocol.objects.create(owner=people.certified.user, name="Sleep", description="x")
    ProtocolItem.objects.create(protocol=protocol, variant_id=d3, quantity=1)
    Assignment.objects.create(protocol=protocol, client=people.patient.user)
    store = Store.objects.create(owner=people.certified.user, type="clinic", theme="fresh", shop_name="green")
    service = StoreService.objects.create(store=store, name="Consult", icon="leaf")
    package = StorePackage.objects.create(store=store, name="Three sessions", price="£120")
    feature = StorePackageFeature.objects.create(package=package, text="Follow-up call")
    # The patient's order, awaiting payment, placed as the web app places it.
    CartItem.objects.create(user=people.patient.user, variant_id=d3, quantity=1)
    placed = TestClient(api).post(
        "/v2/checkout/orders",
        json={
            "shipping_address": NL_ADDRESS,
            "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
        },
        headers={**people.patient.headers, "Idempotency-Key": "matrix"},
    )
    assert placed.status_code == 201, placed.json()
    order = Order.objects.get(number=placed.json()["number"])
    # The patient waits for magnesium to come back.
    stock_count(variant_id=magnesium, on_hand=0, by=None, reason="sold out")
    alert, _ = stock_alert_create(user=people.patient.user, variant_id=magnesium)
    # The patient's automatic refill of the protocol, active on a mandate.
    subscription = Subscription.objects.create(
        client=people.patient.user,
        practitioner=people.certified.user,
        protocol=protocol,
        region="eu",
        currency="EUR",
        language="en",
        state=SubscriptionState.ACTIVE,
        next_parcel_on=date(2030, 1, 1),
        shipping_address=NL_ADDRESS,
        shipping_method=ShippingMethod.objects.get(region="eu", code="standard"),
        provider="test",
        mandate_id="mdt_matrix",
        idempotency_key="matrix",
    )
    SubscriptionLine.objects.create(subscription=subscription, variant_id=d3, quantity=1, servings_per_day=1)
    return World(
        protocol,
        service,
        package,
        feature,
        order,
        alert,
        subscription,
        other_variant=magnesium,
        line_variant=d3,
        client_id=people.patient.user.pk,
    )


def object_id(world: World, name: str) -> str:
    return str(
        {
            "protocol_id": world.protocol.pk,
            "service_id": world.service.pk,
            "package_id": world.package.pk,
            "number": world.order.number,
            "alert_id": world.alert.pk,
            "subscription_id": world.subscription.pk,
            "client_id": world.client_id,
            "variant_id": world.line_variant,
        }[name]
    )


def request_of(world: World, method: str, path: str) -> dict[str, Any]:
    """A valid body for each call with an object id (the owner's own call proves it valid)."""
    line = {"product_variant_id": world.line_variant}
    bodies: dict[tuple[str, str], dict[str, Any]] = {
        ("put", "/v2/account/practitioners/protocols/{protocol_id}/update"): {"json": {"name": "Renamed"}},
        ("post", "/v2/account/practitioners/protocols/{protocol_id}/products"): {
            "json": {"product_variant_id": world.other_variant, "quantity": 1}
        },
        ("put", "/v2/account/practitioners/protocols/{protocol_id}/products"): {
            "json": {**line, "quantity": 3}
        },
        ("delete", "/v2/account/practitioners/protocols/{protocol_id}/products"): {"json": line},
        ("put", "/v2/account/practitioners/protocols/{protocol_id}/products/{variant_id}/substitute"): {
            "json": {"substitute_variant_id": world.other_variant}
        },
        ("put", "/v2/account/clients/protocols/{protocol_id}/refills"): {"json": {"enabled": False}},
        ("put", "/v2/account/clients/subscriptions/{subscription_id}"): {"json": {"interval_days": 20}},
        ("put", "/v2/account/store/services/{service_id}"): {"json": {"name": "Taken", "icon": "leaf"}},
        ("put", "/v2/account/store/services/{service_id}/reorder"): {"json": {"order": 1}},
        ("put", "/v2/account/store/packages/{package_id}"): {"json": {"name": "Taken", "price": "£1"}},
        ("put", "/v2/account/store/packages/{package_id}/image"): {"FILES": {"file": png()}},
        ("put", "/v2/account/store/packages/{package_id}/reorder"): {"json": {"order": 1}},
        ("post", "/v2/account/store/packages/{package_id}/features"): {"json": {"text": "Taken"}},
        ("put", "/v2/account/store/packages/{package_id}/features"): {
            "json": {"feature_id": world.feature.pk, "text": "Taken"}
        },
        ("delete", "/v2/account/store/packages/{package_id}/features"): {
            "json": {"feature_id": world.feature.pk}
        },
    }
    return bodies.get((method, path), {})


def operations() -> list[tuple[str, str, list[str]]]:
    schema = api.get_openapi_schema()
    found = []
    for full_path, operations_ in schema["paths"].items():
        path = full_path.removeprefix("/api")
        for method, operation in operations_.items():
            names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "path"]
            found.append((method, path, names))
    return found


def filled(world: World, template: str, names: list[str]) -> str:
    """The call's path with the owners' ids in it."""
    for name in names:
        template = template.replace("{" + name + "}", object_id(world, name))
    return template


def owners_of(path: str) -> tuple[str, ...]:
    owners = [owners for prefix, owners in OWNERS.items() if path.startswith(prefix)]
    assert len(owners) == 1, f"{path}: say who owns what it names (OWNERS)"
    return owners[0]


def snapshot(world: World) -> list[Any]:
    """What an intruder could have changed of the owners' objects."""
    return [
        list(
            Protocol.objects.filter(pk=world.protocol.pk).values(
                "name", "description", "link_token", "updated_at"
            )
        ),
        list(
            ProtocolItem.objects.filter(protocol=world.protocol).values(
                "variant_id", "quantity", "substitute_id"
            )
        ),
        list(Assignment.objects.filter(protocol=world.protocol).values("client_id", "hidden_at")),
        list(StoreService.objects.filter(pk=world.service.pk).values("name", "position")),
        list(StorePackage.objects.filter(pk=world.package.pk).values("name", "price", "image", "position")),
        list(StorePackageFeature.objects.filter(package=world.package).values("id", "text")),
        list(Order.objects.filter(pk=world.order.pk).values("state")),
        list(StockAlert.objects.filter(pk=world.alert.pk).values("state")),
        list(
            Subscription.objects.filter(pk=world.subscription.pk).values(
                "state", "interval_days", "next_parcel_on", "mandate_id", "shipping_address"
            )
        ),
        list(CartItem.objects.order_by("user_id", "variant_id").values("user_id", "variant_id", "quantity")),
    ]


def call(client: TestClient, method: str, path: str, request: dict[str, Any], headers: dict[str, str]) -> int:
    send: Callable[..., Any] = getattr(client, method)
    kwargs = {key: value for key, value in request.items() if key != "FILES"}
    if "FILES" in request:
        kwargs["FILES"] = {name: png() for name in request["FILES"]}
    return int(send(path, headers=headers, **kwargs).status_code)


def headers_of(people: People, actor: str) -> dict[str, str]:
    return {} if actor == "anonymous" else getattr(people, actor).headers


def test_every_path_parameter_is_classified():
    names = {name for _, _, names in operations() for name in names}

    assert names == OBJECT_IDS | set(CALLERS_OWN) | set(PUBLIC)


def test_no_user_reaches_an_object_of_another_through_any_call(people, world):
    client = TestClient(api)
    calls = [(method, path, names) for method, path, names in operations() if OBJECT_IDS.intersection(names)]
    before = snapshot(world)
    reached = []

    # When every other user calls every call with the owners' ids
    for method, template, names in calls:
        owners = owners_of(template)
        path = filled(world, template, names)
        for actor in ACTORS:
            if actor in owners:
                continue
            status = call(
                client, method, path, request_of(world, method, template), headers_of(people, actor)
            )
            if status not in (401, 403, 404):
                reached.append((actor, method.upper(), template, status))

    # Then none gets through, and nothing of the owners' changed
    assert reached == []
    assert snapshot(world) == before
    assert len(calls) >= 25

    # and each call works for its owner (so no refusal above was a bad body)
    for method, template, names in calls:
        path = filled(world, template, names)
        with transaction.atomic():
            status = call(
                client,
                method,
                path,
                request_of(world, method, template),
                headers_of(people, owners_of(template)[0]),
            )
            transaction.set_rollback(True)
        assert status < 400 or (status == 409 and (method, template) in STATEFUL), (
            method.upper(),
            template,
            status,
        )


def test_a_protocol_named_in_a_body_is_refused_to_every_other_user_too(people, world):
    client = TestClient(api)
    body_calls = [
        ("/v2/account/practitioners/protocols/duplicate", {"protocol_id": world.protocol.pk}),
        ("/v2/account/practitioners/protocols/assign", {"id": world.protocol.pk, "email": "new@example.com"}),
    ]
    before = snapshot(world)

    statuses = {
        (actor, path): client.post(path, json=body, headers=headers_of(people, actor)).status_code
        for path, body in body_calls
        for actor in ACTORS
        if actor != "certified"
    }

    assert {status for status in statuses.values()} <= {401, 403, 404}, statuses
    assert snapshot(world) == before
    assert Protocol.objects.filter(owner__in=User.objects.exclude(pk=people.certified.user.pk)).count() == 0
