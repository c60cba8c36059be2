"""Onboarding milestones (spec: docs/spec-coverage.md#s3-onboarding-milestones): one row per milestone a user
reached."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from server.accounts.models import Milestone, MilestoneId, User
from server.events.services import event_emit
from server.events.topics import Topic


def milestone_reach(*, user: User, milestone: MilestoneId) -> bool:
    """Record a milestone once; True when it is new. Safe against two requests reaching it together.

    A new one is told to the user's devices (`milestones.updated`), whose onboarding view refetches."""
    if Milestone.objects.filter(user=user, milestone_id=milestone).exists():
        return False
    try:
        with transaction.atomic():
            Milestone.objects.create(user=user, milestone_id=milestone)
    except IntegrityError:
        return False
    event_emit(user_id=user.pk, topic=Topic.MILESTONES_UPDATED, data={"milestone_id": int(milestone)})
    return True
