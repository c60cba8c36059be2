from __future__ import annotations

from typing import Any

from server.accounts.models import User
from server.onboarding.models import Milestone


def milestones_of(*, user: User) -> list[dict[str, Any]]:
    return [
        {"id": row.milestone_id, "reached_at": row.reached_at}
        for row in Milestone.objects.filter(user=user).order_by("reached_at", "milestone_id")
    ]
