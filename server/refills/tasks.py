"""The refill reminder's task (django.tasks' database backend in production: the compose and Kubernetes
worker runs it on the day it is due, docs/operations.md)."""

from __future__ import annotations

from django.tasks import task

from server.refills.sending import refill_remind_send


@task()
def refill_remind(*, reminder_id: int) -> bool:
    """Send the reminder if it is still due (server.refills.sending.refill_remind_send decides)."""
    return refill_remind_send(reminder_id=reminder_id)
