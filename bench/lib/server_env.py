"""The environment a benchmark runs the project's server in: production settings on its own services."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def production_env(urls: dict[str, str], state: Path) -> dict[str, str]:
    """DEBUG off with a throwaway key, no outgoing mail, uploads under the run's own folder."""
    return {
        **os.environ,
        **urls,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(60),
        "EMAIL_URL": "smtp://localhost:25",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "WARNING",
        "MEDIA_ROOT": str(state / "media"),
        # Every load client connects from 127.0.0.1: the per-address socket limits would refuse them.
        "SOCKETS_PER_ADDRESS": "0",
        "SOCKET_OPENS_PER_ADDRESS": "0",
    }


def embedded_env(state: Path) -> dict[str, str]:
    """What the run command starts (`--embedded`): SQLite under the run's folder, the in-memory channel layer,
    the DEBUG default; otherwise as `production_env`."""
    env = production_env({"DATABASE_URL": f"sqlite:///{state / 'db.sqlite3'}"}, state)
    for variable in ("REDIS_URL", "DEBUG"):
        env.pop(variable, None)
    return env
