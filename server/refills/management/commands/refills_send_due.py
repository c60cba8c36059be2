from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from server.refills.sending import refills_send_due


class Command(BaseCommand):
    help = "Send the refill reminders whose day has come (those the task worker has not sent)."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{refills_send_due()} refill reminders sent")
