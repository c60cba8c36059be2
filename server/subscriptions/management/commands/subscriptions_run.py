from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from server.subscriptions.run import subscriptions_run


class Command(BaseCommand):
    help = (
        "Do what automatic refills have due on a day: notices, parcels placed and charged, unfinished "
        "charges, retries (docs/decisions/0042-automatic-refills.md). Safe to run twice, or in two "
        "processes at once."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--today", help="The day to run, YYYY-MM-DD (default: each store's today)")

    def handle(self, *args: Any, **options: Any) -> None:
        today = None
        if options["today"]:
            try:
                today = date.fromisoformat(options["today"])
            except ValueError as error:
                raise CommandError("--today takes a date as YYYY-MM-DD") from error
        result = subscriptions_run(today=today)
        self.stdout.write(
            f"{result.notices} notices, {result.placed} parcels placed, {result.charged} charged, "
            f"{result.retried} retried, {result.recovered} unfinished charges looked at"
        )
