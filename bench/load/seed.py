"""The people of the load run: `python -m bench.load.seed SHOPPERS PRACTITIONERS` creates (or keeps) client
accounts linked to a practitioner at 10 %, and certified practitioners each with a protocol of three demo
products; prints JSON with fresh access tokens, the products' slugs and variants, and the shipping method."""

from __future__ import annotations

import json
import sys

import django


def main() -> None:
    django.setup()
    from django.test import RequestFactory

    from server.accounts.models import PractitionerClient, User, UserType
    from server.accounts.services import auth_login
    from server.catalog.models import Availability, ProductVariant
    from server.orders.models import ShippingMethod
    from server.protocols.models import Protocol, ProtocolItem

    shoppers, practitioners = int(sys.argv[1]), int(sys.argv[2])
    password = "Load-pass-2026!"  # noqa: S105 (throwaway accounts of a throwaway database)
    request = RequestFactory().post("/")

    def account(email: str, user_type: UserType) -> User:
        return User.objects.filter(email=email).first() or User.objects.create_user(
            email, password, user_type_id=user_type, first_name="Load", last_name=email.split("@")[0]
        )

    variants = list(
        ProductVariant.objects.filter(availability=Availability.AVAILABLE, product__practitioner_only=False)
        .order_by("id")
        .values("id", "product__slug")[:200]
    )
    doctor = account("load-practitioner@example.com", UserType.CERTIFIED_PRACTITIONER)
    people: dict[str, list[dict[str, object]]] = {"shoppers": [], "practitioners": []}
    for number in range(shoppers):
        user = account(f"load-shopper{number}@example.com", UserType.CLIENT)
        PractitionerClient.objects.get_or_create(
            practitioner=doctor, client=user, defaults={"discount_rate": 10}
        )
        token = auth_login(email=user.email, password=password, request=request).access_token
        people["shoppers"].append({"token": token})
    for number in range(practitioners):
        user = account(f"load-doctor{number}@example.com", UserType.CERTIFIED_PRACTITIONER)
        protocol = Protocol.objects.filter(owner=user).first()
        if protocol is None:
            protocol = Protocol.objects.create(owner=user, name=f"Load protocol {number}", description="")
            for position, variant in enumerate(variants[number * 3 : number * 3 + 3]):
                ProtocolItem.objects.create(
                    protocol=protocol, variant_id=variant["id"], quantity=1 + position
                )
        token = auth_login(email=user.email, password=password, request=request).access_token
        lines = list(protocol.items.values_list("variant_id", flat=True))
        people["practitioners"].append({"token": token, "protocol": protocol.pk, "lines": lines})
    method = ShippingMethod.objects.get(region="eu", code="standard")
    print(
        json.dumps(
            {
                **people,
                "variants": [variant["id"] for variant in variants],
                "slugs": sorted({variant["product__slug"] for variant in variants}),
                "shipping_method": method.pk,
            }
        )
    )


if __name__ == "__main__":
    main()
