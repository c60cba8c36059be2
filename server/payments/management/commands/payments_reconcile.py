from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from server.payments.outcomes import RECONCILE_AFTER, refunds_reconcile


class Command(BaseCommand):
    help = (
        "Finish the refunds whose outcome is unknown (a crash or a provider timeout): record the ones the "
        "provider made, ask again (with the same key) for the ones it never received."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than",
            type=int,
            default=int(RECONCILE_AFTER.total_seconds()),
            help="only refunds pending for at least this many seconds (default: %(default)s)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        result = refunds_reconcile(older_than=timedelta(seconds=options["older_than"]))
        self.stdout.write(
            f"{len(result.succeeded)} refunds completed, {len(result.failed)} refused, "
            f"{len(result.unknown)} still unknown"
        )
