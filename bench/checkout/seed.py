"""Buyers for the checkout benchmark: `python -m bench.checkout.seed N` creates N clients (or keeps them),
each with a practitioner link at 10 %, and prints JSON `[{"id", "token"}]` with a fresh access token."""

from __future__ import annotations

import json
import sys

import django


def main() -> None:
    django.setup()
    from django.test import RequestFactory

    from server.accounts.models import PractitionerClient, User, UserType
    from server.accounts.services import auth_login

    count = int(sys.argv[1])
    password = "Bench-pass-2026!"  # noqa: S105 (throwaway accounts of a throwaway database)
    practitioner, _ = User.objects.get_or_create(
        email="bench-practitioner@example.com", defaults={"user_type_id": UserType.CERTIFIED_PRACTITIONER}
    )
    buyers = []
    for number in range(count):
        email = f"buyer{number}@example.com"
        user = User.objects.filter(email=email).first() or User.objects.create_user(
            email, password, user_type_id=UserType.CLIENT, first_name="Buyer", last_name=str(number)
        )
        PractitionerClient.objects.get_or_create(
            practitioner=practitioner, client=user, defaults={"discount_rate": 10}
        )
        tokens = auth_login(email=email, password=password, request=RequestFactory().post("/"))
        buyers.append({"id": user.pk, "token": tokens.access_token})
    print(json.dumps(buyers))


if __name__ == "__main__":
    main()
