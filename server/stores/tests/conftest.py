import io
from dataclasses import dataclass

import pytest
from django.test import RequestFactory
from ninja.testing import TestClient
from PIL import Image

from server.accounts.models import User, UserType
from server.accounts.services import auth_login
from server.catalog.tests.conftest import Catalogue, catalogue  # noqa: F401 (the shared catalogue fixture)
from server.config.api import api
from server.stores.models import Store

PASSWORD = "Demo-pass-2026!"
STORE = "/v2/account/store"


@dataclass(frozen=True)
class Person:
    user: User
    headers: dict[str, str]


def person(email: str, user_type: UserType, **fields: str) -> Person:
    user = User.objects.create_user(email, PASSWORD, user_type_id=user_type, **fields)
    tokens = auth_login(email=email, password=PASSWORD, request=RequestFactory().post("/"))
    return Person(user=user, headers={"Authorization": f"Bearer {tokens.access_token}"})


@dataclass(frozen=True)
class People:
    admin: Person
    certified: Person
    practitioner: Person
    patient: Person
    rival: Person


@pytest.fixture
def people(db) -> People:
    return People(
        admin=person("admin@example.com", UserType.ADMIN),
        certified=person(
            "doc@example.com", UserType.CERTIFIED_PRACTITIONER, first_name="Dana", last_name="Doc"
        ),
        practitioner=person("plain@example.com", UserType.PRACTITIONER),
        patient=person("patient@example.com", UserType.CLIENT),
        rival=person("rival@example.com", UserType.CERTIFIED_PRACTITIONER),
    )


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    """Uploaded images go to a folder of the test's own."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def client() -> TestClient:
    return TestClient(api)


@pytest.fixture
def store(people) -> Store:
    """The certified practitioner's store, named `green-leaf`."""
    return Store.objects.create(
        owner=people.certified.user, type="clinic", theme="fresh", shop_name="green-leaf"
    )


def image_bytes(kind: str = "PNG", size: tuple[int, int] = (40, 30), **save: object) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "green").save(buffer, format=kind, **save)
    return buffer.getvalue()


def variant_of(shop: Catalogue, name: str) -> int:
    return int(getattr(shop, name).variants.get().id)
