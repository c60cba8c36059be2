from dataclasses import dataclass

import pytest
from django.test import RequestFactory
from ninja.testing import TestClient

from server.accounts.models import PractitionerClient, User, UserType
from server.accounts.services import auth_login
from server.catalog.tests.conftest import Catalogue, catalogue  # noqa: F401 (the shared catalogue fixture)
from server.config.api import api

PASSWORD = "Demo-pass-2026!"


@dataclass(frozen=True)
class Person:
    user: User
    headers: dict[str, str]


def sign_in(user: User) -> Person:
    tokens = auth_login(email=user.email, password=PASSWORD, request=RequestFactory().post("/"))
    return Person(user=user, headers={"Authorization": f"Bearer {tokens.access_token}"})


def person(email: str, user_type: UserType, **fields: str) -> Person:
    return sign_in(User.objects.create_user(email, PASSWORD, user_type_id=user_type, **fields))


@pytest.fixture
def client() -> TestClient:
    return TestClient(api)


@dataclass(frozen=True)
class People:
    admin: Person
    certified: Person
    practitioner: Person
    patient: Person  # a client (type 4) of `certified`, at 10 %
    stranger: Person  # a client of no one here
    rival: Person  # another certified practitioner


@pytest.fixture
def people(db) -> People:
    certified = person("doc@example.com", UserType.CERTIFIED_PRACTITIONER, first_name="Dana", last_name="Doc")
    patient = person("patient@example.com", UserType.CLIENT, first_name="Pat", last_name="Ient")
    PractitionerClient.objects.create(practitioner=certified.user, client=patient.user, discount_rate=10)
    return People(
        admin=person("admin@example.com", UserType.ADMIN),
        certified=certified,
        practitioner=person("plain@example.com", UserType.PRACTITIONER),
        patient=patient,
        stranger=person("stranger@example.com", UserType.CLIENT),
        rival=person("rival@example.com", UserType.CERTIFIED_PRACTITIONER),
    )


def variant_of(shop: Catalogue, name: str) -> int:
    return int(getattr(shop, name).variants.get().id)
