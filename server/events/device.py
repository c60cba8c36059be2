"""Which tab caused the request being served: the web app sends a random id per page load as `X-Device-Id`,
and the events that request emits carry it, so that tab can skip the refetch its own reply made needless
(docs/architecture.md, "The event log")."""

from __future__ import annotations

import re
from contextvars import ContextVar, Token

DEVICE_HEADER = "X-Device-Id"
_DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

_current: ContextVar[str] = ContextVar("device", default="")


def device_id_valid(value: str) -> bool:
    return _DEVICE_ID.fullmatch(value) is not None


def device_current() -> str:
    """The id of the tab being served, or "" outside a request or when it sent none."""
    return _current.get()


def device_set(value: str) -> Token[str]:
    """Set for the rest of this request; hand the result to `device_reset` when it ends."""
    return _current.set(value)


def device_reset(token: Token[str]) -> None:
    _current.reset(token)
