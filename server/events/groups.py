"""Channel-layer group names (docs/architecture.md, "The event log"), built only here and only from ids the
server trusts. A socket's groups are decided by the server, never named by a client, so nobody can listen
to another user's events."""

from __future__ import annotations

import uuid


def user_group(user_id: int) -> str:
    """Every socket of one user, on all devices."""
    return f"user.{user_id}"


def session_group(session_id: uuid.UUID) -> str:
    """Every socket of one login (its tabs), e.g. for `session.logged_out`."""
    return f"session.{session_id}"


def catalog_group() -> str:
    """Every events socket: changes everyone may see (a product's stock), sent once, not logged per user."""
    return "catalog"
