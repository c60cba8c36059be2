"""Sharing a protocol with a client (spec: docs/spec-coverage.md#s4-share-flow-pick-existing "Share flow",
docs/spec-coverage.md#s7-assign): an existing client, or a new e-mail address that becomes an invited client
account. Counts the share milestones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.db import transaction

from server.accounts.models import MilestoneId, PractitionerClient, User, UserType
from server.accounts.services import client_invite, client_protocol_shared_notify, milestone_reach
from server.core.errors import Conflict, InvalidInput, NotFound
from server.core.region import Region
from server.events.services import event_emit
from server.events.topics import Topic
from server.protocols.interactions import avoid_warnings
from server.protocols.models import Assignment, Protocol
from server.protocols.services import PRESET_DISCOUNTS, _clean_notes, limit_reason_check
from server.providers.models import MarketingTrigger
from server.providers.services import marketing_event_record

# Spec docs/spec-coverage.md#s3-onboarding-milestones milestones and the marketing triggers
# (docs/spec-coverage.md#s9-milestone-triggers-total): after a share, the practitioner's total protocol count
# is read and the triggers fire at 1, 5 and 10 (each reached once, at or above the threshold, so a
# practitioner who first shares with six protocols gets the first and the fifth).
SHARED_MILESTONES = {
    1: (MilestoneId.FIRST_PROTOCOL_SHARED, MarketingTrigger.FIRST_PROTOCOL_SHARED),
    5: (MilestoneId.FIFTH_PROTOCOL_SHARED, MarketingTrigger.FIFTH_PROTOCOL_SHARED),
    10: (MilestoneId.TENTH_PROTOCOL_SHARED, MarketingTrigger.TENTH_PROTOCOL_SHARED),
}
# ... and by how many clients the practitioner has.
CLIENT_MILESTONES = {
    1: MilestoneId.FIRST_CLIENT_INVITED,
    5: MilestoneId.FIFTH_CLIENT_INVITED,
    20: MilestoneId.TWENTIETH_CLIENT_INVITED,
    100: MilestoneId.HUNDREDTH_CLIENT_INVITED,
}


class ClientNotFound(NotFound):
    message = "There is no such client."


class AlreadyShared(Conflict):
    message = "This protocol is shared with this client already."


class NotAClient(Conflict):
    message = "This e-mail address belongs to a practitioner's account; protocols are shared with clients."


@dataclass(frozen=True)
class Recipient:
    """An existing client (`client_id`), or a new one by e-mail with a first and last name."""

    client_id: int | None = None
    email: str = ""
    first_name: str = ""
    last_name: str = ""


def preset_discount(value: Decimal | int | float | str | None) -> Decimal:
    try:
        discount = Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise _bad_discount() from exc
    if discount not in PRESET_DISCOUNTS:
        raise _bad_discount()
    return discount


def _bad_discount() -> InvalidInput:
    presets = ", ".join(f"{d}" for d in PRESET_DISCOUNTS)
    return InvalidInput(f"Choose a discount of {presets} percent.", errors={"discount": ["not a preset"]})


def _recipient_client(
    *, practitioner: User, recipient: Recipient, discount: Decimal | None, protocol: Protocol, language: str
) -> tuple[User, Decimal, bool]:
    """The client to share with, linked to the practitioner, with the discount that now applies; True when
    newly invited. Without a discount an existing client keeps theirs; a new one must be given one."""
    if recipient.client_id is not None:
        link = (
            PractitionerClient.objects.select_for_update()
            .select_related("client")
            .filter(practitioner=practitioner, client_id=recipient.client_id)
            .first()
        )
        if link is None:
            raise ClientNotFound(errors={"user_id": ["unknown"]})
        if discount is not None and link.discount_rate != discount:
            link.discount_rate = discount
            link.save(update_fields=["discount_rate"])
        return link.client, link.discount_rate, False
    email = recipient.email.strip().lower()
    existing = User.objects.filter(email=email).first() if email else None
    if existing is None:
        if discount is None:
            raise InvalidInput("Choose a discount for the new client.", errors={"discount": ["required"]})
        client = client_invite(
            practitioner=practitioner,
            email=email,
            first_name=recipient.first_name,
            last_name=recipient.last_name,
            discount_rate=discount,
            protocol_name=protocol.name,
            language=language,
        )
        return client, discount, True
    if existing.user_type_id != UserType.CLIENT:
        raise NotAClient(errors={"email": ["not a client"]})
    link, created = PractitionerClient.objects.get_or_create(
        practitioner=practitioner, client=existing, defaults={"discount_rate": discount or Decimal(0)}
    )
    if not created and discount is not None and link.discount_rate != discount:
        link.discount_rate = discount
        link.save(update_fields=["discount_rate"])
    return existing, link.discount_rate, False


def _count_milestones(practitioner: User) -> None:
    protocols = Protocol.objects.filter(owner=practitioner).count()
    for threshold, (milestone, trigger) in SHARED_MILESTONES.items():
        if protocols >= threshold and milestone_reach(user=practitioner, milestone=milestone):
            marketing_event_record(provider="local", trigger_id=trigger, user=practitioner)
    clients = PractitionerClient.objects.filter(practitioner=practitioner).count()
    for threshold, milestone in CLIENT_MILESTONES.items():
        if clients >= threshold:
            milestone_reach(user=practitioner, milestone=milestone)


class WarningReasonRequired(InvalidInput):
    """Sharing a protocol the interaction rules say to avoid with the client's medicines needs the
    practitioner's reason (docs/decisions/0043-the-day-schedule.md)."""

    def __init__(self, advice: Sequence[str]) -> None:
        super().__init__(
            f"The reference rules say to avoid this with the client's medicines: {' '.join(advice)} "
            "Note why you share it anyway.",
            errors={"warning_reason": ["required"]},
        )


def _warning_reason_check(protocol: Protocol, *, client: User, reason: str | None, language: str) -> str:
    avoid = avoid_warnings(protocol=protocol, client_ids=[client.pk], language=language)
    if not avoid:
        return ""
    reason = _clean_notes(reason)
    if not reason:
        raise WarningReasonRequired(avoid)
    return reason


@transaction.atomic
def protocol_assign(
    *,
    practitioner: User,
    protocol: Protocol,
    recipient: Recipient,
    discount: Decimal | None,
    notes: str | None,
    language: str,
    region: Region = Region.EU,
    limit_reason: str | None = None,
    warning_reason: str | None = None,
) -> Assignment:
    """Share a protocol with one client; the client sees it at once (`protocol.shared`) and by e-mail. A
    protocol at or over an upper intake level, or that the interaction rules say to avoid with the client's
    medicines, needs the practitioner's reason, kept with the share."""
    chosen = None if discount is None else preset_discount(discount)
    notes = _clean_notes(notes)
    reason = limit_reason_check(protocol, reason=limit_reason, region=region, language=language)
    client, applied, invited = _recipient_client(
        practitioner=practitioner, recipient=recipient, discount=chosen, protocol=protocol, language=language
    )
    assignment = Assignment.objects.select_for_update().filter(protocol=protocol, client=client).first()
    if assignment is not None and assignment.hidden_at is None:
        raise AlreadyShared(errors={"client": ["already shared"]})
    avoid = _warning_reason_check(protocol, client=client, reason=warning_reason, language=language)
    if assignment is None:
        assignment = Assignment.objects.create(
            protocol=protocol,
            client=client,
            discount=applied,
            notes=notes,
            limit_reason=reason,
            warning_reason=avoid,
        )
    else:
        # Shared again after the client removed it: it comes back with the new discount and notes.
        assignment.hidden_at = None
        assignment.discount, assignment.notes = applied, notes
        assignment.limit_reason, assignment.warning_reason = reason, avoid
        assignment.save(
            update_fields=["hidden_at", "discount", "notes", "limit_reason", "warning_reason", "updated_at"]
        )
    event_emit(
        user_id=client.pk,
        topic=Topic.PROTOCOL_SHARED,
        data={"protocol_id": protocol.pk, "practitioner_id": practitioner.pk},
    )
    if not invited:
        client_protocol_shared_notify(client=client, practitioner=practitioner, protocol_name=protocol.name)
    _count_milestones(practitioner)
    return assignment
