"""The refund reconciler's task (django.tasks' database backend in production; docs/operations.md,
"Payments"): queued a few minutes after a provider left a refund's outcome unknown."""

from __future__ import annotations

from datetime import timedelta

from django.tasks import default_task_backend, task
from django.utils import timezone

# Long enough for the provider to be back, short enough that staff see the refund completed soon.
RECONCILE_DELAY = timedelta(minutes=5)


@task()
def refunds_reconcile_task() -> dict[str, list[int]]:
    from server.payments.services import refunds_reconcile

    result = refunds_reconcile()
    return {"succeeded": result.succeeded, "failed": result.failed, "unknown": result.unknown}


def refunds_reconcile_later() -> None:
    """Queue the reconciler; a backend that cannot defer (development's immediate one) queues nothing, and
    `manage payments_reconcile` finishes the refund."""
    if default_task_backend.supports_defer:
        refunds_reconcile_task.using(run_after=timezone.now() + RECONCILE_DELAY).enqueue()
