"""Writes of accounts and authentication, one module per sub-domain (docs/architecture.md, "Accounts, tokens
and socket tickets"). The names other apps and the API call are gathered here."""

from server.accounts.services.analytics import (
    AccountAction,
    account_action_record,
    account_action_recorder_register,
)
from server.accounts.services.certificates import (
    CERTIFICATE_MAX_BYTES,
    InvalidCertificate,
    practitioner_certificate_reject,
    practitioner_certificate_upload,
    practitioner_certificate_validate,
)
from server.accounts.services.clients import INVITATION_LIFETIME, client_invite, client_protocol_shared_notify
from server.accounts.services.milestones import milestone_reach
from server.accounts.services.passwords import password_forgot, password_reset
from server.accounts.services.registration import user_activate, user_register
from server.accounts.services.sessions import (
    AccountNotActivated,
    InvalidCredentials,
    RefreshRace,
    SignInLocked,
    TokenPair,
    auth_credentials_check,
    auth_login,
    auth_logout,
    auth_refresh,
    session_revoke,
    session_start,
)

__all__ = [
    "CERTIFICATE_MAX_BYTES",
    "INVITATION_LIFETIME",
    "AccountAction",
    "AccountNotActivated",
    "InvalidCertificate",
    "InvalidCredentials",
    "RefreshRace",
    "SignInLocked",
    "TokenPair",
    "account_action_record",
    "account_action_recorder_register",
    "auth_credentials_check",
    "auth_login",
    "auth_logout",
    "auth_refresh",
    "client_invite",
    "client_protocol_shared_notify",
    "milestone_reach",
    "password_forgot",
    "password_reset",
    "practitioner_certificate_reject",
    "practitioner_certificate_upload",
    "practitioner_certificate_validate",
    "session_revoke",
    "session_start",
    "user_activate",
    "user_register",
]
