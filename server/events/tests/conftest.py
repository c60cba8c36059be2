import pytest
from django.test import RequestFactory

from server.accounts.models import User, UserType
from server.accounts.services import auth_login
from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)

PASSWORD = "Demo-pass-2026!"


@pytest.fixture
def shopper(db) -> dict[str, str]:
    User.objects.create_user("tabs@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    tokens = auth_login(email="tabs@example.com", password=PASSWORD, request=RequestFactory().post("/"))
    return {"Authorization": f"Bearer {tokens.access_token}"}


@pytest.fixture
def d3(catalogue) -> int:  # noqa: F811 (the fixture imported above)
    return int(catalogue.d3.variants.get().id)
