import pytest
from ninja.testing import TestClient

from server.accounts.models import User, UserType
from server.config.api import api

PASSWORD = "Demo-pass-2026!"


@pytest.fixture
def client() -> TestClient:
    return TestClient(api)


@pytest.fixture
def active_user(db) -> User:
    return User.objects.create_user(
        "ada@example.com", PASSWORD, first_name="Ada", last_name="Lovelace", user_type_id=UserType.CLIENT
    )


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
