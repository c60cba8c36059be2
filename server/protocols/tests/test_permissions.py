"""Every protocol call against every role (spec: docs/spec-coverage.md#s6-further-per-role-permissions):
builder calls for types 1, 2 and 3; sharing for 1 and 2; client calls for 4; nothing without a token."""

import pytest

from server.protocols.models import Assignment, Protocol, ProtocolItem, ProtocolTemplate
from server.protocols.tests.conftest import variant_of

BASE = "/v2/account/practitioners/protocols"
ROLES = ["anonymous", "admin", "certified", "practitioner", "patient"]


def builder_calls(protocol_id: int, variant_id: int) -> list[tuple[str, str, dict[str, object] | None]]:
    line: dict[str, object] = {"product_variant_id": variant_id, "quantity": 1}
    return [
        ("get", BASE, None),
        ("post", f"{BASE}/create", {"name": "New", "description": "x"}),
        ("get", f"{BASE}/{protocol_id}", None),
        ("put", f"{BASE}/{protocol_id}/update", {"name": "Renamed"}),
        ("post", f"{BASE}/duplicate", {"protocol_id": protocol_id}),
        ("post", f"{BASE}/{protocol_id}/products", line),
        ("put", f"{BASE}/{protocol_id}/products", {**line, "quantity": 3}),
        ("put", f"{BASE}/{protocol_id}/products/{variant_id}/substitute", {"substitute_variant_id": None}),
        ("post", f"{BASE}/search", {"query": "own"}),
        ("post", "/v2/account/practitioners/clients", {"keyword": "pat"}),
        ("get", "/v2/providers/local/protocols/templates", None),
        ("delete", f"{BASE}/{protocol_id}/products", {"product_variant_id": variant_id}),
        ("delete", f"{BASE}/{protocol_id}", None),
    ]


def sharing_calls(protocol_id: int) -> list[tuple[str, str, dict[str, object] | None]]:
    return [
        ("post", f"{BASE}/{protocol_id}/link", None),
        ("delete", f"{BASE}/{protocol_id}/link", None),
        (
            "post",
            f"{BASE}/assign",
            {
                "id": protocol_id,
                "email": "fresh@example.com",
                "first_name": "F",
                "last_name": "R",
                "discount": 0,
            },
        ),
    ]


def call(client, method: str, path: str, payload: dict[str, object] | None, headers: dict[str, str]):
    send = getattr(client, method)
    return send(path, json=payload, headers=headers) if payload is not None else send(path, headers=headers)


def headers_of(people, role: str) -> dict[str, str]:
    return {} if role == "anonymous" else getattr(people, role).headers


def own_protocol(people, role: str) -> int:
    owner = people.certified.user if role in ("anonymous", "patient") else getattr(people, role).user
    return Protocol.objects.create(owner=owner, name=f"own {role}", description="x").pk


@pytest.mark.parametrize("role", ROLES)
def test_builder_calls(client, people, catalogue, role):
    ProtocolTemplate.objects.create(name="T")
    protocol_id = own_protocol(people, role)
    expected = {"anonymous": 401, "patient": 403}.get(role)

    statuses = [
        call(client, method, path, payload, headers_of(people, role)).status_code
        for method, path, payload in builder_calls(protocol_id, variant_of(catalogue, "d3"))
    ]

    if expected is None:
        assert statuses == [200, 201, 200, 200, 201, 200, 200, 200, 200, 200, 200, 200, 200]
    else:
        assert statuses == [expected] * len(statuses)


@pytest.mark.parametrize("role", ROLES)
def test_sharing_calls(client, people, role):
    protocol_id = own_protocol(people, role)
    expected = {"anonymous": 401, "patient": 403, "practitioner": 403}.get(role)

    statuses = [
        call(client, method, path, payload, headers_of(people, role)).status_code
        for method, path, payload in sharing_calls(protocol_id)
    ]

    assert statuses == ([200, 200, 201] if expected is None else [expected] * 3)


@pytest.mark.parametrize("role", ROLES)
def test_client_calls(client, people, role):
    protocol = Protocol.objects.create(owner=people.certified.user, name="Shared", description="x")
    Assignment.objects.create(protocol=protocol, client=people.patient.user)
    expected = {"anonymous": 401, "patient": None}.get(role, 403)

    statuses = [
        client.get("/v2/account/clients/protocols", headers=headers_of(people, role)).status_code,
        client.delete(
            f"/v2/account/clients/protocols/{protocol.id}", headers=headers_of(people, role)
        ).status_code,
        client.delete(
            f"/account/clients/protocols/{protocol.id}", headers=headers_of(people, role)
        ).status_code,
    ]

    # The second delete finds nothing left to hide.
    assert statuses == ([200, 200, 404] if expected is None else [expected] * 3)


@pytest.mark.parametrize("role", ROLES)
def test_the_link_view_is_public_and_the_cart_call_needs_a_sign_in(client, people, catalogue, role):
    protocol = Protocol.objects.create(
        owner=people.certified.user, name="Linked", description="x", link_token="t" * 43
    )
    ProtocolItem.objects.create(protocol=protocol, variant_id=variant_of(catalogue, "d3"))

    view = client.get(f"/v2/storefront/protocols/link/{'t' * 43}", headers=headers_of(people, role))
    cart = client.post(
        f"/v2/storefront/cart/protocols/{protocol.id}?link_token={'t' * 43}", headers=headers_of(people, role)
    )

    assert view.status_code == 200
    assert cart.status_code == (401 if role == "anonymous" else 200)
