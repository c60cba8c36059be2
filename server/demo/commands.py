"""What seed_demo and seed_scale share: the DEBUG guard and the parsing of a product count."""

from __future__ import annotations

import argparse

from django.conf import settings
from django.core.management.base import CommandError


def positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return number


def refuse_without_debug(command: str, *, writes: str, force: bool) -> None:
    """Stop unless DEBUG is on or --force was given: with DEBUG off this is probably a production database."""
    if not settings.DEBUG and not force:
        raise CommandError(
            f"{command} refuses to run with DEBUG off, as it writes {writes}. "
            "Pass --force if this really is the database you want it in."
        )
