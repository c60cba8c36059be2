"""The demo users of DESIGN section 4, one of each user type, all with the published demo password."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from server.accounts.models import User, UserType

DEMO_PASSWORD = "Demo-pass-2026!"  # noqa: S105 (published in DESIGN section 4 and the README)


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
    return created
