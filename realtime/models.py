"""The single-use tickets a browser opens a socket with (docs/architecture.md, "Accounts, tokens and socket
tickets"). The event log lives in `server.events`, the protocol documents in `server.protocols.doc`."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class SocketTicket(models.Model):
    """A single-use, short-lived pass to open the events socket, bound to one login session.

    Only the SHA-256 of the ticket is stored, like every other secret of ours."""

    token_hash = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    session_id = models.UUIDField()
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ticket of {self.user_id} until {self.expires_at:%H:%M:%S}"
