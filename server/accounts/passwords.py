"""Password rules: the spec's helpers (docs/spec-coverage.md#s5-password-helpers-length-8) plus Django's
validators (length, common passwords)."""

from __future__ import annotations

import re

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from server.core.errors import InvalidInput

RULES = (
    (re.compile(r"\d"), "The password needs a digit."),
    (re.compile(r"[A-Z]"), "The password needs an uppercase letter."),
    (re.compile(r"[^A-Za-z0-9]"), "The password needs a special character."),
)
MAX_LENGTH = 128


def check_password_rules(password: str, *, field: str = "password") -> None:
    problems = [message for pattern, message in RULES if not pattern.search(password)]
    if len(password) > MAX_LENGTH:
        problems.append(f"The password may have at most {MAX_LENGTH} characters.")
    try:
        validate_password(password)
    except ValidationError as exc:
        problems.extend(exc.messages)
    if problems:
        raise InvalidInput("The password does not meet the rules.", errors={field: problems})
