"""A protocol's spacing and interaction warnings and its arranged day, for its owner
(docs/decisions/0043-the-day-schedule.md): the lines with their facts and schedules, held against the
medicines of the clients the protocol is shared with (theirs only: a client who shares nothing with the
practitioner shows them nothing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal, TypedDict

from pydantic import Field

from server.catalog.facts import variant_facts
from server.core.errors import NotFound
from server.health.selectors import day_medicines
from server.nutrition.arrange import day_arrange
from server.nutrition.interaction_rules import Rule, Side, medicines, rules
from server.nutrition.interactions import DayLine, DayMedicine, day_warnings
from server.nutrition.schedule import ScheduleOut
from server.protocols.models import Assignment, Protocol, ProtocolItem


class WarningOut(TypedDict):
    kind: Literal["spacing", "interaction", "duplicate", "duration"]
    severity: Literal["caution", "avoid"]
    rule_id: str
    lines: Annotated[list[int], Field(description="The product variants concerned, in the protocol's order")]
    medicines: Annotated[list[str], Field(description="The clients' medicines concerned (reference ids)")]
    nutrients: Annotated[
        list[str], Field(description="The nutrients concerned (a duplicate's, a duration's)")
    ]
    gap_hours: Annotated[int | None, Field(description="A spacing rule's least hours between the two")]
    advice: Annotated[str, Field(description="Reference text in the caller's language, not medical advice")]
    source: Annotated[str, Field(description="The document the rule comes from")]


class ConsideredMedicineOut(TypedDict):
    id: str
    name: str
    classes: Annotated[list[str], Field(description="The classes it belongs to, which rules may name")]
    slots: list[str]


class SideOut(TypedDict):
    nutrients: list[str]
    forms: Annotated[dict[str, list[str]], Field(description="Nutrient -> the only forms counted")]
    medicines: Annotated[list[str], Field(description="Medicine classes or substances")]


class RuleOut(TypedDict):
    """A rule as the builder holds it against its live document (the same rules as the server's)."""

    id: str
    kind: Literal["spacing", "interaction", "duplicate", "duration"]
    severity: Literal["caution", "avoid"]
    a: SideOut | None
    b: SideOut | None
    gap_hours: int | None
    nutrients: Annotated[list[str], Field(description="A duplicate rule's nutrients")]
    nutrient: Annotated[str | None, Field(description="A duration rule's nutrient")]
    daily_amount: Annotated[float | None, Field(description="A duration rule's amount a day, in its unit")]
    max_weeks: int | None
    advice: str
    source: str


class InteractionsOut(TypedDict):
    warnings: list[WarningOut]
    medicines: Annotated[
        list[ConsideredMedicineOut], Field(description="The clients' medicines the rules were held against")
    ]
    rules: Annotated[list[RuleOut], Field(description="Every rule, for the builder's live warnings")]


class ArrangedLineOut(TypedDict):
    product_variant_id: int
    schedule: ScheduleOut
    moved: bool


class ArrangeOut(TypedDict):
    lines: Annotated[list[ArrangedLineOut], Field(description="Every line, with the proposed schedule")]
    cannot: Annotated[list[WarningOut], Field(description="The spacing rules no arrangement keeps")]


class ClientNotShared(NotFound):
    message = "This protocol is not shared with that client."


def _clients(protocol: Protocol, client_id: int | None) -> list[int]:
    shared = list(
        Assignment.objects.filter(protocol=protocol, hidden_at__isnull=True).values_list(
            "client_id", flat=True
        )
    )
    if client_id is None:
        return shared
    if client_id not in shared:
        raise ClientNotShared(errors={"client_id": ["not shared"]})
    return [client_id]


def _day_lines(protocol: Protocol) -> list[DayLine]:
    items = list(ProtocolItem.objects.filter(protocol=protocol).order_by("-position", "-id"))
    facts = variant_facts(variant_ids=[item.variant_id for item in items])
    return [
        DayLine(
            item.variant_id,
            facts[item.variant_id].nutrient_amounts() if item.variant_id in facts else (),
            item.day_schedule(),
        )
        for item in items
    ]


def _warning_out(
    rule: Rule, lines: Sequence[int], medicine_ids: Sequence[str], nutrients: Sequence[str], language: str
) -> WarningOut:
    return {
        "kind": rule.kind,
        "severity": rule.severity,
        "rule_id": rule.id,
        "lines": list(lines),
        "medicines": list(medicine_ids),
        "nutrients": list(nutrients),
        "gap_hours": rule.gap_hours,
        "advice": rule.advice_in(language),
        "source": rule.reference,
    }


def _considered(taken: Sequence[DayMedicine], language: str) -> list[ConsideredMedicineOut]:
    table = medicines()
    return [
        {
            "id": medicine.medicine_id,
            "name": table[medicine.medicine_id].name(language),
            "classes": sorted(table[medicine.medicine_id].classes),
            "slots": list(medicine.slots),
        }
        for medicine in taken
    ]


def _side_out(side: Side | None) -> SideOut | None:
    if side is None:
        return None
    return {
        "nutrients": sorted(side.nutrients),
        "forms": {nutrient: sorted(forms) for nutrient, forms in side.forms.items()},
        "medicines": sorted(side.medicines),
    }


def _rule_out(rule: Rule, language: str) -> RuleOut:
    return {
        "id": rule.id,
        "kind": rule.kind,
        "severity": rule.severity,
        "a": _side_out(rule.a),
        "b": _side_out(rule.b),
        "gap_hours": rule.gap_hours,
        "nutrients": sorted(rule.nutrients),
        "nutrient": rule.nutrient,
        "daily_amount": float(rule.daily_amount) if rule.daily_amount is not None else None,
        "max_weeks": rule.max_weeks,
        "advice": rule.advice_in(language),
        "source": rule.reference,
    }


def protocol_interactions(*, protocol: Protocol, client_id: int | None, language: str) -> InteractionsOut:
    taken = day_medicines(client_ids=_clients(protocol, client_id))
    warnings = day_warnings(lines=_day_lines(protocol), day_medicines=taken)
    return {
        "warnings": [
            _warning_out(warning.rule, warning.lines, warning.medicines, warning.nutrients, language)
            for warning in warnings
        ],
        "medicines": _considered(taken, language),
        "rules": [_rule_out(rule, language) for rule in rules()],
    }


def protocol_arrange(*, protocol: Protocol, client_id: int | None, language: str) -> ArrangeOut:
    lines = _day_lines(protocol)
    taken = day_medicines(client_ids=_clients(protocol, client_id))
    arranged = day_arrange(lines=lines, day_medicines=taken)
    return {
        "lines": [
            {"product_variant_id": line.variant_id, "schedule": schedule.as_json(), "moved": moved}
            for line, schedule, moved in zip(lines, arranged.schedules, arranged.moved, strict=True)
        ],
        "cannot": [
            _warning_out(broken.rule, broken.lines, broken.medicines, (), language)
            for broken in arranged.broken
        ],
    }


def avoid_warnings(*, protocol: Protocol, client_ids: Sequence[int], language: str) -> list[str]:
    """The advice of every "avoid" warning the protocol gives for these clients (none: sharing needs no
    reason)."""
    taken = day_medicines(client_ids=client_ids)
    return [
        warning.rule.advice_in(language)
        for warning in day_warnings(lines=_day_lines(protocol), day_medicines=taken)
        if warning.severity == "avoid"
    ]
