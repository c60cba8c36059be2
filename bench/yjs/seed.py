"""The rooms of the Yjs room benchmark, written to a JSON file.

Run under the server's environment (same DATABASE_URL and SECRET_KEY as the Daphne process, so it
accepts the tokens), after a catalogue was seeded:

    python -m bench.yjs.seed --rooms 20 --editors 5 --out rooms.json

Each room is a real protocol of its own practitioner (type 3), made with `protocol_create` and one line per
editor (distinct variants, so each editor has an item of its own to edit), plus a sign-in session and an
access token for the owner, sent as the `bearer` sub-protocol. Users and sessions are made in bulk, as
bench/realtime/seed.py makes them: signing up through the API would measure the password hasher.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
from pathlib import Path
from typing import Any

EMAIL_DOMAIN = "bench-yjs.example.com"


def seed(rooms: int, editors: int) -> dict[str, Any]:
    from django.contrib.auth.hashers import make_password

    from server.accounts.models import AuthSession, User, UserType
    from server.accounts.tokens import hash_secret, issue_access_token, new_secret
    from server.catalog.models import ProductVariant
    from server.protocols.services import LineIn, protocol_create

    variants = list(ProductVariant.objects.order_by("id").values_list("id", flat=True)[:editors])
    if len(variants) < editors:
        raise SystemExit(
            f"{editors} product variants needed, {len(variants)} found: seed the catalogue first"
        )
    run = secrets.token_hex(4)  # a fresh prefix per run, so the script may run twice against one database
    unusable = make_password(None)
    owners = User.objects.bulk_create(
        [
            User(
                email=f"{run}-{i}@{EMAIL_DOMAIN}",
                password=unusable,
                user_type_id=UserType.PRACTITIONER,
                is_active=True,
            )
            for i in range(rooms)
        ]
    )
    sessions = AuthSession.objects.bulk_create(
        [AuthSession(user=owner, refresh_hash=hash_secret(new_secret())) for owner in owners]
    )
    out = []
    for i, (owner, session) in enumerate(zip(owners, sessions, strict=True)):
        protocol = protocol_create(
            owner=owner,
            name=f"Bench room {i}",
            description="Yjs room benchmark",
            lines=[LineIn(variant, 1, "") for variant in variants],
        )
        token = issue_access_token(user_id=owner.pk, session_id=session.id, user_type_id=owner.user_type_id)
        out.append({"protocol_id": protocol.pk, "token": token})
    # Every room holds the same variants: the item keys (variant ids as strings) of editors 0, 1, ...
    return {"rooms": out, "keys": [str(variant) for variant in variants]}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, required=True)
    parser.add_argument("--editors", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()

    from server.config.env import default_settings_module

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
    import django

    django.setup()
    args.out.write_text(json.dumps(seed(args.rooms, args.editors)))


if __name__ == "__main__":
    main()
