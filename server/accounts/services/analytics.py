"""The analytics events of spec docs/spec-coverage.md#s9-analytics-events-lead-form that accounts cause (a
registration, a sign-in). The marketing provider records them; it registers its recorder here when it starts
(server.providers.apps), because the providers app depends on accounts and accounts must not depend back
(docs/architecture.md, "Layers")."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from server.accounts.models import User


class AccountAction(StrEnum):
    REGISTERED = "registered"
    SIGNED_IN = "signed_in"


AccountActionRecorder = Callable[[User, AccountAction], None]

_recorders: list[AccountActionRecorder] = []


def account_action_recorder_register(recorder: AccountActionRecorder) -> None:
    if recorder not in _recorders:
        _recorders.append(recorder)


def account_action_record(*, user: User, action: AccountAction) -> None:
    """Called in the transaction of the action, so the record commits or rolls back with it."""
    for recorder in _recorders:
        recorder(user, action)
