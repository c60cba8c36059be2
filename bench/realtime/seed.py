"""Users, sign-in sessions and access tokens for the events-socket benchmark, written to a JSON file.

Run under the server's environment (same DATABASE_URL and SECRET_KEY as the Daphne process, so it
accepts the tokens):

    python -m bench.realtime.seed --idle-users 5000 --out tokens.json

Creates one measured user plus N idle users (clients, type 4), each with one AuthSession made like
server.accounts.services.session_start makes it, in bulk: signing up thousands of users through the API
would measure the password hasher, not the socket. Also picks an orderable variant for the cart writes.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
from pathlib import Path
from typing import Any

EMAIL_DOMAIN = "bench-realtime.example.com"


def seed(idle_users: int) -> dict[str, Any]:
    from django.contrib.auth.hashers import make_password

    from server.accounts.models import AuthSession, User, UserType
    from server.accounts.tokens import hash_secret, issue_access_token, new_secret
    from server.catalog.models import Availability, ProductVariant

    # A fresh prefix per run, so the script may run twice against one database.
    run = secrets.token_hex(4)
    unusable = make_password(None)  # nobody signs in with a password; one hash serves every row
    users = User.objects.bulk_create(
        [
            User(
                email=f"{run}-{i}@{EMAIL_DOMAIN}",
                password=unusable,
                user_type_id=UserType.CLIENT,
                is_active=True,
            )
            for i in range(idle_users + 1)
        ],
        batch_size=1000,
    )
    sessions = AuthSession.objects.bulk_create(
        [AuthSession(user=user, refresh_hash=hash_secret(new_secret())) for user in users], batch_size=1000
    )
    tokens = [
        {
            "user_id": user.pk,
            "session_id": str(session.id),
            "token": issue_access_token(
                user_id=user.pk, session_id=session.id, user_type_id=user.user_type_id
            ),
        }
        for user, session in zip(users, sessions, strict=True)
    ]
    variant = (
        ProductVariant.objects.filter(availability=Availability.AVAILABLE, product__practitioner_only=False)
        .order_by("id")
        .values_list("id", flat=True)
        .first()
    )
    if variant is None:
        raise SystemExit("no orderable product variant: seed the catalogue first")
    return {"measured": tokens[0], "idle": tokens[1:], "variant_id": variant}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--idle-users", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    from server.config.env import default_settings_module

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
    import django

    django.setup()
    args.out.write_text(json.dumps(seed(args.idle_users)))


if __name__ == "__main__":
    main()
