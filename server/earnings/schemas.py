"""The earnings inputs (docs/api.md, "Practitioner earnings")."""

from __future__ import annotations

from ninja import Schema


class PayoutAccountIn(Schema):
    account_holder: str = ""
    iban: str = ""
    paypal_email: str = ""
