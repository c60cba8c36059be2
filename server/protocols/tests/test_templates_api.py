import pytest

from server.protocols.models import Protocol, ProtocolTemplate, ProtocolTemplateItem
from server.protocols.tests.conftest import variant_of

PATH = "/v2/providers/{provider}/protocols/templates"


@pytest.fixture
def template(catalogue) -> ProtocolTemplate:
    template = ProtocolTemplate.objects.create(name="Gut reset", description="Four weeks")
    ProtocolTemplateItem.objects.create(
        template=template, variant_id=variant_of(catalogue, "d3"), notes="daily"
    )
    ProtocolTemplateItem.objects.create(
        template=template, variant_id=variant_of(catalogue, "magnesium"), position=1
    )
    return template


def test_templates_are_listed_with_their_lines(client, people, template, catalogue):
    ProtocolTemplate.objects.create(name="Retired", is_active=False)

    reply = client.get(PATH.format(provider="local"), headers=people.practitioner.headers)

    assert reply.json() == [
        {
            "id": template.id,
            "name": "Gut reset",
            "description": "Four weeks",
            "protocol_line_items": [
                {"product_variant_id": variant_of(catalogue, "d3"), "notes": "daily"},
                {"product_variant_id": variant_of(catalogue, "magnesium"), "notes": ""},
            ],
        }
    ]


def test_copying_a_template_makes_a_protocol_of_the_callers(client, people, template, catalogue):
    payload = {
        "protocol_template_id": template.id,
        "name": "Gut reset for Pat",
        "description": "",
        "protocol_line_items": [
            {"product_variant_id": variant_of(catalogue, "magnesium"), "notes": "edited"}
        ],
    }

    reply = client.post(
        PATH.format(provider="local") + "/create", json=payload, headers=people.practitioner.headers
    )

    assert reply.status_code == 201
    protocol = Protocol.objects.get(pk=reply.json()["id"])
    assert (protocol.owner, protocol.name, protocol.description) == (
        people.practitioner.user,
        "Gut reset for Pat",
        "Four weeks",
    )
    assert list(protocol.items.values_list("variant_id", "quantity", "notes")) == [
        (variant_of(catalogue, "magnesium"), 1, "edited")
    ]


def test_without_lines_the_templates_own_are_copied(client, people, template):
    reply = client.post(
        PATH.format(provider="local") + "/create",
        json={"protocol_template_id": template.id},
        headers=people.certified.headers,
    )

    assert reply.status_code == 201
    assert reply.json()["data"]["name"] == "Gut reset"
    assert [p["notes"] for p in reply.json()["data"]["products"]] == ["daily", ""]


@pytest.mark.parametrize(
    ("provider", "payload", "status"),
    [
        ("local", {"protocol_template_id": 999999}, 404),
        ("elsewhere", {"protocol_template_id": 1}, 404),
        ("local", {"protocol_template_id": "x"}, 422),
        ("local", {}, 422),
    ],
)
def test_unknown_templates_and_providers_are_refused(client, people, template, provider, payload, status):
    reply = client.post(
        PATH.format(provider=provider) + "/create", json=payload, headers=people.certified.headers
    )

    assert reply.status_code == status
    assert not Protocol.objects.exists()
