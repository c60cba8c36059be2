"""The one place that reads the process environment (docs/architecture.md, "Running it").

Every setting the server honours comes through here, parsed into plain values that the settings
modules turn into Django configuration. Parsing is strict: a malformed URL stops start-up with a
message naming the variable, rather than silently running on a default.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = BASE_DIR / "var"

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


class EnvError(ValueError):
    """An environment variable holds a value the server cannot use."""


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise EnvError(f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}")


def env_str(name: str, default: str = "") -> str:
    """The variable's value; set but empty counts as unset (as `DATABASE_URL= command` means)."""
    value = os.environ.get(name, "").strip()
    return value or default


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [part.strip() for part in raw.split(",") if part.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise EnvError(f"{name} must be an integer; got {raw!r}") from exc


def default_settings_module() -> str:
    """Development settings unless DEBUG is explicitly off, then production."""
    return "server.config.settings.dev" if env_bool("DEBUG", True) else "server.config.settings.prod"


POOL_WAIT_SECONDS = 5
# How long the pool retries one lost connection (backing off 1, 2, 4… s) before it gives that attempt up.
# psycopg's default (5 minutes) lets the gap between tries grow past 15 s, so after an outage of some
# seconds a process kept answering 503 for as long again with PostgreSQL back. Given up, the next request
# that finds the pool empty starts a fresh attempt at once: the gap stays under 2 s.
POOL_RECONNECT_SECONDS = 3


def database_config(url: str, *, pool: bool = True, statement_timeout: int = 0) -> dict[str, Any]:
    """Turn `sqlite:///abs/path` or `postgres://user:pass@host:port/name` into a DATABASES entry.

    `statement_timeout` (seconds, 0 for none) bounds every PostgreSQL statement: a query that runs longer is
    cancelled, and the API answers 503 instead of holding a worker thread (SQLite has no such setting)."""
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        # sqlite:///abs/path and sqlite:////abs/path both name /abs/path.
        path = "/" + unquote(parts.path).lstrip("/")
        if path == "/":
            raise EnvError(
                "DATABASE_URL sqlite:/// needs an absolute file path, e.g. sqlite:////tmp/db.sqlite3"
            )
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": path,
            # WAL lets readers run while the single writer commits; the timeout rides out short locks.
            # IMMEDIATE takes the write lock when a transaction begins, so a write that reads first waits
            # for another writer instead of failing with "database is locked" when it upgrades.
            "OPTIONS": {
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
            },
        }
    if parts.scheme in {"postgres", "postgresql"}:
        name = unquote(parts.path.lstrip("/"))
        if not name:
            raise EnvError("DATABASE_URL postgres:// needs a database name")
        query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        behind_pgbouncer = query.get("pgbouncer", "") in {"1", "true", "yes", "on"}
        options: dict[str, Any] = {
            key: value for key, value in query.items() if key not in {"pool_max", "pgbouncer"}
        }
        if behind_pgbouncer:
            # PgBouncer in transaction mode hands each transaction any server connection: no statement
            # prepared on one connection may be run on another, and no startup `options` reach PostgreSQL
            # (set statement_timeout on the role instead; docs/operations.md, "Many machines").
            options["prepare_threshold"] = None
            statement_timeout = 0
        if pool:
            # A request waits at most POOL_WAIT_SECONDS for a connection; past that (PostgreSQL down or every
            # connection busy) it answers 503 rather than hold its thread.
            options["pool"] = {
                "min_size": 1,
                "max_size": int(query.get("pool_max", "20")),
                "timeout": POOL_WAIT_SECONDS,
                "reconnect_timeout": POOL_RECONNECT_SECONDS,
            }
        if statement_timeout > 0 and "options" not in options:
            options["options"] = f"-c statement_timeout={statement_timeout * 1000}"
        return {
            "ENGINE": "django.db.backends.postgresql",
            # Server-side cursors live in a session, which transaction pooling does not keep.
            "DISABLE_SERVER_SIDE_CURSORS": behind_pgbouncer,
            "NAME": name,
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            # The psycopg pool owns connection reuse, so Django must not keep its own.
            "CONN_MAX_AGE": 0,
            # The pool checks a connection before handing it out (one empty round trip), so the
            # connections PostgreSQL dropped when it restarted are replaced, not given to a request.
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
        }
    raise EnvError(f"DATABASE_URL must start with sqlite:/// or postgres://; got {parts.scheme or url!r}")


def mailer_config(url: str) -> dict[str, Any]:
    """A Django MAILERS entry from `file:///dir`, `smtp://user:pass@host:port` (`smtps://` for implicit
    TLS, `?tls=1` for STARTTLS), `console://` or `locmem://`."""
    parts = urlsplit(url)
    if parts.scheme == "file":
        path = unquote(parts.netloc + parts.path)
        if not path.startswith("/"):
            raise EnvError("EMAIL_URL file:// needs an absolute folder, e.g. file:///srv/shop/mail")
        return {"BACKEND": "django.core.mail.backends.filebased.EmailBackend", "OPTIONS": {"file_path": path}}
    if parts.scheme in {"smtp", "smtps"}:
        if not parts.hostname:
            raise EnvError("EMAIL_URL smtp:// needs a host")
        query = parse_qs(parts.query)
        implicit_tls = parts.scheme == "smtps"
        options = {
            "host": parts.hostname,
            "port": parts.port or (465 if implicit_tls else 587),
            "username": unquote(parts.username or ""),
            "password": unquote(parts.password or ""),
            "use_ssl": implicit_tls,
            "use_tls": not implicit_tls and query.get("tls", ["0"])[-1].lower() in TRUE_WORDS,
            "timeout": 20,
        }
        return {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": options}
    if parts.scheme == "console":
        return {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme == "locmem":
        return {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}
    raise EnvError(
        f"EMAIL_URL must start with file://, smtp://, smtps://, console:// or locmem://; got {url!r}"
    )


def dev_secret_key() -> str:
    """A development key generated once and kept in var/, so sessions survive restarts."""
    key_file = VAR_DIR / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key
