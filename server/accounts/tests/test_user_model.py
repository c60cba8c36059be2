import pytest
from django.contrib.auth import authenticate
from django.db import IntegrityError
from django.test import RequestFactory

from server.accounts.models import User, UserType


@pytest.mark.django_db
def test_addresses_are_stored_lower_case_and_sign_in_works():
    User.objects.create_user("Ada@Example.com", "Demo-pass-2026!", user_type_id=UserType.PRACTITIONER)

    user = authenticate(RequestFactory().post("/"), email="ada@example.com", password="Demo-pass-2026!")

    assert user is not None
    assert (user.email, user.user_type_id) == ("ada@example.com", UserType.PRACTITIONER)


@pytest.mark.django_db
def test_an_email_is_unique_whatever_its_case():
    User.objects.create_user("ada@example.com", "x")

    with pytest.raises(IntegrityError):
        User.objects.create(email="ADA@example.com")


@pytest.mark.django_db
def test_superusers_are_admins():
    admin = User.objects.create_superuser("boss@example.com", "Demo-pass-2026!")

    assert (admin.user_type_id, admin.is_staff, admin.is_superuser) == (UserType.ADMIN, True, True)
