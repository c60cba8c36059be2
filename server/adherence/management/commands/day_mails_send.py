"""Send the day's e-mails not sent yet (the catch-up of the tasks; development's backend cannot defer)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from server.adherence.mail import day_mails_send


class Command(BaseCommand):
    help = "Send today's schedule e-mails to the clients who switched them on and did not get today's yet."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--today", type=date.fromisoformat, default=None, help="YYYY-MM-DD")

    def handle(self, *args: Any, **options: Any) -> None:
        sent = day_mails_send(today=options["today"])
        self.stdout.write(f"{sent} sent")
