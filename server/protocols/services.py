"""Writes to protocols (spec: docs/spec-coverage.md#s4-adding-product-puts-first,
docs/spec-coverage.md#s7-protocol-create, docs/architecture.md, "The event log"). Each tells the devices that
must know: the owner's (`protocol.*`) and those of every client the protocol is shared with."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from server.accounts.models import MilestoneId, User
from server.accounts.services import milestone_reach
from server.catalog.models import ProductVariant, SupplementFacts
from server.core.errors import InvalidInput, NotFound
from server.core.region import Region
from server.events.services import event_emit
from server.events.topics import ProtocolDuplicated, ProtocolRef, Topic
from server.nutrition.dose import DEFAULT_SERVINGS
from server.nutrition.schedule import Schedule, ScheduleError, schedule_default, schedule_parse
from server.protocols.doc.shape import DocLine, line_put, line_remove, meta_set
from server.protocols.doc.store import doc_deleted, doc_edit
from server.protocols.models import Assignment, Protocol, ProtocolItem, ProtocolTemplate
from server.protocols.totals import nutrients_over

MAX_NAME = 200
MAX_DESCRIPTION = 5000
MAX_NOTES = 2000
MAX_QUANTITY = 999
MAX_LINES = 100


class UnknownVariant(NotFound):
    message = "There is no such product variant."


class LineNotFound(NotFound):
    message = "This product is not in the protocol."


@dataclass(frozen=True)
class LineIn:
    variant_id: int
    quantity: int = 1
    notes: str = ""
    schedule: Schedule | None = (
        None  # None: the label's suggested dose split over the day (or the line's own)
    )


def _clean_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise InvalidInput("Give the protocol a name.", errors={"name": ["empty field"]})
    if len(name) > MAX_NAME:
        raise InvalidInput(f"The name may be at most {MAX_NAME} characters.", errors={"name": ["too long"]})
    return name


def _clean_description(description: str, *, required: bool) -> str:
    description = (description or "").strip()
    if required and not description:
        raise InvalidInput("Describe the protocol.", errors={"description": ["empty field"]})
    if len(description) > MAX_DESCRIPTION:
        raise InvalidInput(
            f"The description may be at most {MAX_DESCRIPTION} characters.",
            errors={"description": ["too long"]},
        )
    return description


def _clean_notes(notes: str | None) -> str:
    notes = (notes or "").strip()
    if len(notes) > MAX_NOTES:
        raise InvalidInput(f"A note may be at most {MAX_NOTES} characters.", errors={"notes": ["too long"]})
    return notes


def _check_quantity(quantity: int) -> None:
    if not 1 <= quantity <= MAX_QUANTITY:
        raise InvalidInput(
            f"The quantity must be between 1 and {MAX_QUANTITY}.", errors={"quantity": ["out of range"]}
        )


class BadSchedule(InvalidInput):
    """A line's schedule that breaks a rule of server.nutrition.schedule; the message says which."""


def line_schedule_parse(data: Mapping[str, Any]) -> Schedule:
    """A schedule as a REST call gives it (docs/decisions/0043-the-day-schedule.md)."""
    try:
        return schedule_parse(data)
    except ScheduleError as exc:
        raise BadSchedule(exc.message, errors={f"schedule.{exc.field}": [exc.message]}) from exc


def _label_schedules(variant_ids: Sequence[int]) -> dict[int, Schedule]:
    """The schedule a new line of each variant starts with: the label's suggested daily dose (one serving
    without supplement facts) split over the day."""
    doses = dict(
        SupplementFacts.objects.filter(variant_id__in=list(variant_ids)).values_list(
            "variant_id", "servings_per_day"
        )
    )
    return {
        variant_id: schedule_default(doses.get(variant_id, DEFAULT_SERVINGS)) for variant_id in variant_ids
    }


def _schedule_fields(schedule: Schedule) -> dict[str, Any]:
    """A row's schedule and the daily dose it gives, written together."""
    return {"schedule": schedule.as_json(), "servings_per_day": schedule.servings_per_day}


def _variant(variant_id: int) -> ProductVariant:
    variant = ProductVariant.objects.filter(pk=variant_id).first()
    if variant is None:
        raise UnknownVariant(errors={"product_variant_id": ["unknown"]})
    return variant


def _client_ids(protocol: Protocol) -> list[int]:
    return list(
        Assignment.objects.filter(protocol=protocol, hidden_at__isnull=True).values_list(
            "client_id", flat=True
        )
    )


def protocol_changed(protocol: Protocol, *, topic: Topic = Topic.PROTOCOL_UPDATED) -> None:
    """Tell the owner's devices and every client who sees the protocol."""
    data: ProtocolRef = {"protocol_id": protocol.pk}
    event_emit(user_id=protocol.owner_id, topic=topic, data=data)
    for client_id in _client_ids(protocol):
        event_emit(user_id=client_id, topic=topic, data=data)


def _touch(protocol: Protocol) -> None:
    # updated_at moves with every line change, so lists and clients see the protocol as changed.
    Protocol.objects.filter(pk=protocol.pk).update(updated_at=timezone.now())
    protocol.refresh_from_db(fields=["updated_at"])


def _created(owner: User, *, topic: Topic, data: ProtocolRef | ProtocolDuplicated) -> None:
    event_emit(user_id=owner.pk, topic=topic, data=data)
    milestone_reach(user=owner, milestone=MilestoneId.PROTOCOL_CREATED)


def _add_lines(protocol: Protocol, lines: Sequence[LineIn]) -> None:
    if len(lines) > MAX_LINES:
        raise InvalidInput(
            f"A protocol holds at most {MAX_LINES} products.", errors={"products": ["too many"]}
        )
    variants = ProductVariant.objects.in_bulk([line.variant_id for line in lines])
    merged: dict[int, LineIn] = {}
    for line in lines:
        if line.variant_id not in variants:
            raise UnknownVariant(errors={"product_variant_id": ["unknown"]})
        _check_quantity(line.quantity)
        earlier = merged.get(line.variant_id)
        merged[line.variant_id] = (
            LineIn(
                line.variant_id,
                earlier.quantity + line.quantity,
                earlier.notes or line.notes,
                earlier.schedule or line.schedule,
            )
            if earlier
            else line
        )
    count = len(merged)
    labels = _label_schedules([variant_id for variant_id, line in merged.items() if line.schedule is None])
    ProtocolItem.objects.bulk_create(
        ProtocolItem(
            protocol=protocol,
            variant_id=line.variant_id,
            quantity=min(line.quantity, MAX_QUANTITY),
            **_schedule_fields(line.schedule or labels[line.variant_id]),
            notes=_clean_notes(line.notes),
            position=count - index,  # the given order, first on top
        )
        for index, line in enumerate(merged.values())
    )


@transaction.atomic
def protocol_create(
    *,
    owner: User,
    name: str,
    description: str,
    lines: Sequence[LineIn] = (),
    description_required: bool = True,
) -> Protocol:
    protocol = Protocol.objects.create(
        owner=owner,
        name=_clean_name(name),
        description=_clean_description(description, required=description_required),
    )
    _add_lines(protocol, lines)
    _created(owner, topic=Topic.PROTOCOL_CREATED, data={"protocol_id": protocol.pk})
    return protocol


@transaction.atomic
def protocol_update(*, protocol: Protocol, name: str, description: str | None) -> Protocol:
    protocol.name = _clean_name(name)
    if description is not None:
        protocol.description = _clean_description(description, required=False)
    protocol.save(update_fields=["name", "description", "updated_at"])
    protocol_changed(protocol)
    name, description = protocol.name, protocol.description
    doc_edit(protocol_id=protocol.pk, edit=lambda doc: meta_set(doc, name=name, description=description))
    return protocol


@transaction.atomic
def protocol_delete(*, protocol: Protocol) -> None:
    # Told before the rows go, while the clients who saw it can still be found.
    protocol_changed(protocol, topic=Topic.PROTOCOL_DELETED)
    doc_deleted(protocol_id=protocol.pk)
    protocol.delete()


@transaction.atomic
def protocol_duplicate(*, protocol: Protocol) -> Protocol:
    """A copy under a new id with the same lines; not its clients or its link."""
    suffix = " (copy)"
    copy = Protocol.objects.create(
        owner_id=protocol.owner_id,
        name=protocol.name[: MAX_NAME - len(suffix)] + suffix,
        description=protocol.description,
    )
    ProtocolItem.objects.bulk_create(
        ProtocolItem(
            protocol=copy,
            variant_id=line.variant_id,
            quantity=line.quantity,
            schedule=line.schedule,
            servings_per_day=line.servings_per_day,
            notes=line.notes,
            position=line.position,
            substitute_id=line.substitute_id,
        )
        for line in protocol.items.all()
    )
    owner = protocol.owner
    _created(owner, topic=Topic.PROTOCOL_DUPLICATED, data={"protocol_id": copy.pk, "source_id": protocol.pk})
    return copy


@transaction.atomic
def protocol_item_add(
    *,
    protocol: Protocol,
    variant_id: int,
    quantity: int,
    notes: str | None,
    schedule: Schedule | None = None,
) -> ProtocolItem:
    """Put a product first in the protocol; one already there gets the quantity added (spec:
    docs/spec-coverage.md#s4-adding-product-puts-first). The schedule is the one given, else the label's
    suggested dose split over the day (one serving without facts); a product already there keeps its
    schedule unless one is given."""
    _check_quantity(quantity)
    variant = _variant(variant_id)
    notes = _clean_notes(notes)
    Protocol.objects.select_for_update().filter(pk=protocol.pk).first()  # one line writer per protocol
    line = ProtocolItem.objects.filter(protocol=protocol, variant=variant).first()
    if line is None:
        if ProtocolItem.objects.filter(protocol=protocol).count() >= MAX_LINES:
            raise InvalidInput(
                f"A protocol holds at most {MAX_LINES} products.", errors={"products": ["too many"]}
            )
        top = ProtocolItem.objects.filter(protocol=protocol).aggregate(top=Max("position"))["top"] or 0
        line = ProtocolItem.objects.create(
            protocol=protocol,
            variant=variant,
            quantity=quantity,
            **_schedule_fields(schedule or _label_schedules([variant.pk])[variant.pk]),
            notes=notes,
            position=top + 1,
        )
    else:
        line.quantity = min(line.quantity + quantity, MAX_QUANTITY)
        if notes:
            line.notes = notes
        if schedule is not None:
            line.schedule, line.servings_per_day = _schedule_fields(schedule).values()
        line.save(update_fields=["quantity", "notes", "schedule", "servings_per_day"])
    _touch(protocol)
    protocol_changed(protocol)
    _doc_line_put(protocol, line, first=True)
    return line


def _doc_line_put(protocol: Protocol, line: ProtocolItem, *, first: bool) -> None:
    """The same line in the protocol's live document, so open editors see a REST write
    (docs/architecture.md, "The protocol-document room")."""
    doc_line = DocLine(
        line.variant_id, line.variant.product_id, line.quantity, line.notes, line.day_schedule()
    )
    doc_edit(protocol_id=protocol.pk, edit=lambda doc: line_put(doc, line=doc_line, first=first))


@transaction.atomic
def protocol_item_update(
    *,
    protocol: Protocol,
    variant_id: int,
    quantity: int | None,
    notes: str | None,
    schedule: Schedule | None = None,
) -> ProtocolItem:
    line = ProtocolItem.objects.select_for_update().filter(protocol=protocol, variant_id=variant_id).first()
    if line is None:
        raise LineNotFound(errors={"product_variant_id": ["not in protocol"]})
    if quantity is not None:
        _check_quantity(quantity)
        line.quantity = quantity
    if notes is not None:
        line.notes = _clean_notes(notes)
    if schedule is not None:
        line.schedule, line.servings_per_day = _schedule_fields(schedule).values()
    line.save(update_fields=["quantity", "notes", "schedule", "servings_per_day"])
    _touch(protocol)
    protocol_changed(protocol)
    _doc_line_put(protocol, line, first=False)
    return line


class BadSubstitute(InvalidInput):
    message = "This product cannot stand in for the line's product."


@transaction.atomic
def protocol_item_substitute(
    *, protocol: Protocol, variant_id: int, substitute_variant_id: int | None
) -> ProtocolItem:
    """Set (or clear, with None) what the client is offered while the line's product is sold out
    (docs/decisions/0041-substitutes.md): any variant of another product; never the product itself."""
    line = (
        ProtocolItem.objects.select_for_update()
        .select_related("variant")
        .filter(protocol=protocol, variant_id=variant_id)
        .first()
    )
    if line is None:
        raise LineNotFound(errors={"product_variant_id": ["not in protocol"]})
    if substitute_variant_id is not None:
        product_id = (
            ProductVariant.objects.filter(pk=substitute_variant_id)
            .values_list("product_id", flat=True)
            .first()
        )
        if product_id is None:
            raise BadSubstitute(errors={"substitute_variant_id": ["unknown"]})
        if product_id == line.variant.product_id:
            raise BadSubstitute(errors={"substitute_variant_id": ["the line's own product"]})
    if line.substitute_id != substitute_variant_id:
        line.substitute_id = substitute_variant_id
        line.save(update_fields=["substitute"])
        _touch(protocol)
        protocol_changed(protocol)
    return line


@transaction.atomic
def protocol_item_remove(*, protocol: Protocol, variant_id: int) -> None:
    deleted, _ = ProtocolItem.objects.filter(protocol=protocol, variant_id=variant_id).delete()
    if not deleted:
        raise LineNotFound(errors={"product_variant_id": ["not in protocol"]})
    _touch(protocol)
    protocol_changed(protocol)
    doc_edit(protocol_id=protocol.pk, edit=lambda doc: line_remove(doc, variant_id=variant_id))


@dataclass(frozen=True)
class ProjectedContent:
    """What a protocol's live document says (server.protocols.doc.shape reads it), not yet validated."""

    name: str | None
    description: str | None
    lines: Sequence[LineIn]


@transaction.atomic
def protocol_project(*, protocol_id: int, content: ProjectedContent) -> bool:
    """Write the relational protocol from its live document (docs/architecture.md, "The protocol-document
    room") and tell who must know.

    The document is whatever its editors sent, so nothing in it is trusted: an empty or missing name keeps
    the current one, texts are cut to their limits, quantities are kept between 1 and 999, a schedule that
    is missing or breaks a rule is rejected (the line keeps the schedule it had; a new line gets the
    label's dose split over the day), unknown variants and lines beyond the 100th are left out. False when
    the protocol is gone or nothing changed.
    """
    protocol = Protocol.objects.select_for_update().filter(pk=protocol_id).first()
    if protocol is None:
        return False
    changed: list[str] = []
    name = (content.name or "").strip()[:MAX_NAME]
    if name and name != protocol.name:
        protocol.name = name
        changed.append("name")
    description = (content.description or "").strip()[:MAX_DESCRIPTION]
    if content.description is not None and description != protocol.description:
        protocol.description = description
        changed.append("description")
    lines_changed = _project_lines(protocol, content.lines)
    if not changed and not lines_changed:
        return False
    protocol.save(update_fields=[*changed, "updated_at"])
    protocol_changed(protocol)
    return True


def _project_lines(protocol: Protocol, lines: Sequence[LineIn]) -> bool:
    known = ProductVariant.objects.in_bulk([line.variant_id for line in lines[: MAX_LINES * 2]])
    unique = {line.variant_id: line for line in reversed(lines) if line.variant_id in known}
    wanted = [line for line in lines if unique.get(line.variant_id) is line][:MAX_LINES]
    wanted_ids = {line.variant_id for line in wanted}
    current = {line.variant_id: line for line in ProtocolItem.objects.filter(protocol=protocol)}
    stale = [row.pk for variant_id, row in current.items() if variant_id not in wanted_ids]
    ProtocolItem.objects.filter(pk__in=stale).delete()
    changed = bool(stale)
    labels = _label_schedules(
        [line.variant_id for line in wanted if line.variant_id not in current and line.schedule is None]
    )
    for index, line in enumerate(wanted):
        quantity = min(max(line.quantity, 1), MAX_QUANTITY)
        notes = (line.notes or "").strip()[:MAX_NOTES]
        position = len(wanted) - index  # the document's order, newest first
        row = current.get(line.variant_id)
        if row is None:
            ProtocolItem.objects.create(
                protocol=protocol,
                variant_id=line.variant_id,
                quantity=quantity,
                **_schedule_fields(line.schedule or labels[line.variant_id]),
                notes=notes,
                position=position,
            )
            changed = True
            continue
        schedule = _schedule_fields(line.schedule or row.day_schedule())
        if (row.quantity, row.notes, row.position, row.schedule) != (
            quantity,
            notes,
            position,
            schedule["schedule"],
        ):
            row.quantity, row.notes, row.position = quantity, notes, position
            row.schedule, row.servings_per_day = schedule.values()
            row.save(update_fields=["quantity", "notes", "position", "schedule", "servings_per_day"])
            changed = True
    return changed


class LimitReasonRequired(InvalidInput):
    """Sharing a protocol over an upper intake level needs the practitioner's reason
    (docs/decisions/0031-daily-totals.md)."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(
            f"This protocol is at or over an upper intake level ({', '.join(names)}). "
            "Note why you share it anyway.",
            errors={"limit_reason": ["required"]},
        )


def limit_reason_check(
    protocol: Protocol, *, reason: str | None, region: Region, language: str = "en"
) -> str:
    """The practitioner's reason, required (and kept) when the protocol's daily totals are over a limit;
    empty when they are not."""
    over = nutrients_over(protocol, region=region, language=language)
    if not over:
        return ""
    reason = _clean_notes(reason)
    if not reason:
        raise LimitReasonRequired(over)
    return reason


@transaction.atomic
def protocol_link(
    *, protocol: Protocol, region: Region = Region.EU, limit_reason: str | None = None, language: str = "en"
) -> str:
    """The protocol's link token: the same one until it is revoked. A new one for a protocol over an upper
    intake level needs the practitioner's reason."""
    locked = Protocol.objects.select_for_update().get(pk=protocol.pk)
    if not locked.link_token:
        locked.link_limit_reason = limit_reason_check(
            locked, reason=limit_reason, region=region, language=language
        )
        locked.link_token = secrets.token_urlsafe(32)
        locked.link_created_at = timezone.now()
        locked.save(update_fields=["link_token", "link_created_at", "link_limit_reason"])
    protocol.link_token = locked.link_token
    return locked.link_token


@transaction.atomic
def protocol_link_revoke(*, protocol: Protocol) -> None:
    Protocol.objects.filter(pk=protocol.pk).update(link_token=None, link_created_at=None)
    protocol.link_token = None


@transaction.atomic
def client_protocol_hide(*, assignment: Assignment) -> None:
    """A client removes a shared protocol from their list; the practitioner and other clients keep it."""
    assignment.hidden_at = timezone.now()
    assignment.save(update_fields=["hidden_at"])
    event_emit(
        user_id=assignment.client_id,
        topic=Topic.CLIENT_PROTOCOL_DELETED,
        data={"protocol_id": assignment.protocol_id},
    )


PRESET_DISCOUNTS = (Decimal(0), Decimal(5), Decimal(10), Decimal(15), Decimal(20))


class TemplateNotFound(NotFound):
    message = "There is no such protocol template."


@transaction.atomic
def template_copy(
    *, owner: User, provider: str, template_id: int, name: str, description: str, lines: Sequence[LineIn]
) -> Protocol:
    """A new protocol from a content provider's template. The caller's lines (the template's, perhaps
    edited in the web app) are used; without any, the template's own. Name and description default to
    the template's."""
    template = ProtocolTemplate.objects.filter(pk=template_id, provider=provider, is_active=True).first()
    if template is None:
        raise TemplateNotFound(errors={"protocol_template_id": ["unknown"]})
    if not lines:
        lines = [LineIn(item.variant_id, 1, item.notes) for item in template.items.all()]
    return protocol_create(
        owner=owner,
        name=name.strip() or template.name,
        description=description.strip() or template.description,
        lines=lines,
        description_required=False,
    )
