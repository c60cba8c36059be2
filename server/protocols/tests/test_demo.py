import io

import pytest
from django.core.management import call_command

from server.protocols.models import Assignment, Protocol, ProtocolTemplate


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", "--products", "40", "--force", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_seed_demo_gives_each_practitioner_a_protocol_shares_one_and_offers_templates(media):
    first = seed()
    again = seed()

    protocols = {p.owner.email: p for p in Protocol.objects.select_related("owner")}
    assert sorted(protocols) == ["certified@demo.shop", "practitioner@demo.shop"]
    assert all(p.items.count() >= 1 for p in protocols.values())
    shared = Assignment.objects.get()
    assert (shared.protocol.name, shared.client.email, str(shared.discount)) == (
        "Better sleep",
        "client@demo.shop",
        "10.00",
    )
    assert ProtocolTemplate.objects.filter(provider="local").count() == 3
    assert "5 new demo protocols and templates" in first
    assert "0 new demo protocols and templates" in again
