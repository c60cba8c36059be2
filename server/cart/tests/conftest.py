import pytest
from django.test import RequestFactory
from ninja.testing import TestClient

from server.accounts.models import PractitionerClient, User, UserType
from server.accounts.services import auth_login
from server.catalog.tests.conftest import Catalogue, catalogue  # noqa: F401 (the shared catalogue fixture)
from server.config.api import api


@pytest.fixture
def client() -> TestClient:
    return TestClient(api)


def signed_in(email: str) -> dict[str, str]:
    tokens = auth_login(email=email, password="Demo-pass-2026!", request=RequestFactory().post("/"))
    return {"Authorization": f"Bearer {tokens.access_token}"}


@pytest.fixture
def shopper(db) -> dict[str, str]:
    User.objects.create_user("shopper@example.com", "Demo-pass-2026!", user_type_id=UserType.CLIENT)
    return signed_in("shopper@example.com")


@pytest.fixture
def discounted_client(db) -> dict[str, str]:
    practitioner = User.objects.create_user(
        "doc@example.com", "Demo-pass-2026!", user_type_id=UserType.CERTIFIED_PRACTITIONER
    )
    client_user = User.objects.create_user(
        "patient@example.com", "Demo-pass-2026!", user_type_id=UserType.CLIENT
    )
    PractitionerClient.objects.create(practitioner=practitioner, client=client_user, discount_rate=10)
    return signed_in("patient@example.com")


def variant_of(shop: Catalogue, name: str) -> int:
    return int(getattr(shop, name).variants.get().id)
