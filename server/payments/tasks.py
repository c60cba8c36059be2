"""The refund reconciler's task (django.tasks' database backend in production; docs/operations.md,
"Payments"): queued with each refund intent, to finish it if its own request could not."""

from __future__ import annotations

from datetime import timedelta

from django.tasks import default_task_backend, task
from django.utils import timezone

from server.payments.outcomes import refunds_reconcile

# Long enough for a provider's outage to pass, short enough that staff see the refund completed soon.
RECONCILE_DELAY = timedelta(minutes=5)


def refunds_reconcile_schedule() -> None:
    """Queue the reconciler a few minutes from now. A backend that cannot defer (development's immediate
    one) queues nothing: `manage payments_reconcile` finishes the refunds there."""
    if default_task_backend.supports_defer:
        refunds_reconcile_task.using(run_after=timezone.now() + RECONCILE_DELAY).enqueue()


@task()
def refunds_reconcile_task() -> dict[str, list[int]]:
    result = refunds_reconcile()
    if result.unknown:  # the provider is still away: look again later
        refunds_reconcile_schedule()
    return {"succeeded": result.succeeded, "failed": result.failed, "unknown": result.unknown}
