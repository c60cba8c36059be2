"""The close codes of our sockets (docs/api.md lists them; the web app's copy is in web/src/lib/realtime)."""

from __future__ import annotations

from enum import IntEnum


class CloseCode(IntEnum):
    NOT_AUTHENTICATED = 4401
    FORBIDDEN = 4403
    TICKET_SPENT = 4408
    # The protocol-document room (docs/api.md): a frame that is not the y-websocket protocol, a protocol
    # that is not the caller's or does not exist, one deleted while open, a frame beyond the size limit,
    # frames beyond the rate limit.
    MALFORMED = 4400
    NOT_FOUND = 4404
    GONE = 4410
    TOO_LARGE = 4413
    TOO_MANY = 4429
    SERVER_ERROR = 1011
