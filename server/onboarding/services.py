from __future__ import annotations

from django.db import IntegrityError, transaction

from server.accounts.models import User
from server.onboarding.models import Milestone, MilestoneId


def milestone_reach(*, user: User, milestone: MilestoneId) -> bool:
    """Record a milestone once; True when it is new. Safe against two requests reaching it together."""
    if Milestone.objects.filter(user=user, milestone_id=milestone).exists():
        return False
    try:
        with transaction.atomic():
            Milestone.objects.create(user=user, milestone_id=milestone)
    except IntegrityError:
        return False
    return True
