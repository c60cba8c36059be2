"""The demo users of docs/architecture.md, "Running it", one of each user type, all with the published demo
password."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from server.accounts.models import (
    CertificateStatus,
    ClientProfile,
    ExpertiseLevel,
    HealthProfession,
    OrganisationType,
    PractitionerClient,
    PractitionerProfile,
    User,
    UserType,
)

# The demo client is a client of the certified practitioner, with one of the preset discounts.
DEMO_CLIENT_DISCOUNT = 10

DEMO_PASSWORD = "Demo-pass-2026!"  # noqa: S105 (published in docs/architecture.md, "Running it" and the README)


@dataclass(frozen=True)
class DemoUser:
    email: str
    first_name: str
    last_name: str
    user_type_id: UserType


DEMO_USERS = (
    DemoUser("admin@demo.shop", "Alex", "Morgan", UserType.ADMIN),
    DemoUser("certified@demo.shop", "Clara", "Whitfield", UserType.CERTIFIED_PRACTITIONER),
    DemoUser("practitioner@demo.shop", "Paul", "Okafor", UserType.PRACTITIONER),
    DemoUser("client@demo.shop", "Chloe", "Bennett", UserType.CLIENT),
)


@transaction.atomic
def ensure_demo_users() -> int:
    """Create the demo users that do not exist yet and answer how many were made. Existing ones keep
    their password (someone may have changed it on purpose) and are left as they are."""
    created = 0
    for demo in DEMO_USERS:
        if User.objects.filter(email__iexact=demo.email).exists():
            continue
        fields = {"first_name": demo.first_name, "last_name": demo.last_name}
        if demo.user_type_id == UserType.ADMIN:
            User.objects.create_superuser(demo.email, DEMO_PASSWORD, **fields)
        else:
            User.objects.create_user(demo.email, DEMO_PASSWORD, user_type_id=demo.user_type_id, **fields)
        created += 1
    _ensure_profiles()
    return created


def _ensure_profiles() -> None:
    """Practitioner and client details of the demo users, and the client's link to the certified one."""
    users = {user.email: user for user in User.objects.filter(email__in=[d.email for d in DEMO_USERS])}
    for email, status in (
        ("certified@demo.shop", CertificateStatus.VALIDATED),
        ("practitioner@demo.shop", CertificateStatus.NONE),
    ):
        PractitionerProfile.objects.get_or_create(
            user=users[email],
            defaults={
                "health_profession": HealthProfession.NUTRITIONAL_THERAPIST,
                "expertise_level": ExpertiseLevel.NUTRITIONAL_THERAPIST,
                "organisation_type": OrganisationType.SINGLE_PRACTITIONER,
                "certificate_status": status,
            },
        )
    client = users["client@demo.shop"]
    ClientProfile.objects.get_or_create(user=client)
    PractitionerClient.objects.get_or_create(
        practitioner=users["certified@demo.shop"],
        client=client,
        defaults={"discount_rate": DEMO_CLIENT_DISCOUNT},
    )
