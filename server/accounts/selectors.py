"""Reads of accounts: profiles and the translated reference lists of practitioner sign-up."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from server.accounts.models import Milestone, PractitionerClient, PractitionerProfile, User
from server.core.locales import locale_texts


class MilestoneOut(TypedDict):
    id: int
    reached_at: datetime


def milestones_of(*, user: User) -> list[MilestoneOut]:
    return [
        {"id": row.milestone_id, "reached_at": row.reached_at}
        for row in Milestone.objects.filter(user=user).order_by("reached_at", "milestone_id")
    ]


class AccountOut(TypedDict):
    id: int
    email: str
    first_name: str
    last_name: str
    user_type_id: int
    language: str


class PractitionerProfileOut(AccountOut):
    health_profession: int | None
    expertise_level: int | None
    organisation_type: int | None
    phone: str
    certificate_status: str
    certificate_uploaded_at: datetime | None
    can_share: bool
    clients_count: int
    milestones: list[MilestoneOut]


class PractitionerOfClient(TypedDict):
    id: int
    first_name: str
    last_name: str
    discount_rate: str


class ClientProfileOut(AccountOut):
    phone: str
    practitioners: list[PractitionerOfClient]


def account_data(user: User) -> AccountOut:
    return {
        "id": user.pk,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "user_type_id": user.user_type_id,
        "language": user.language,
    }


def practitioner_profile(*, user: User) -> PractitionerProfileOut:
    profile = PractitionerProfile.objects.filter(user=user).first()
    return {
        **account_data(user),
        "health_profession": profile.health_profession if profile else None,
        "expertise_level": profile.expertise_level if profile else None,
        "organisation_type": profile.organisation_type if profile else None,
        "phone": profile.phone if profile else "",
        "certificate_status": profile.certificate_status if profile else "none",
        "certificate_uploaded_at": profile.certificate_uploaded_at if profile else None,
        "can_share": user.user_type_id in (1, 2),
        "clients_count": PractitionerClient.objects.filter(practitioner=user).count(),
        "milestones": milestones_of(user=user),
    }


def client_profile(*, user: User) -> ClientProfileOut:
    links = (
        PractitionerClient.objects.filter(client=user).select_related("practitioner").order_by("created_at")
    )
    return {
        **account_data(user),
        "phone": getattr(getattr(user, "client_profile", None), "phone", ""),
        "practitioners": [
            {
                "id": link.practitioner.pk,
                "first_name": link.practitioner.first_name,
                "last_name": link.practitioner.last_name,
                "discount_rate": f"{link.discount_rate:.2f}",
            }
            for link in links
        ],
    }


class Option(TypedDict):
    id: int
    name: str


class ReferenceDataOut(TypedDict):
    health_professions: list[Option]
    expertise_levels: list[Option]
    organisation_types: list[Option]


def _reference_options(name: str, *, language: str) -> list[Option]:
    """One reference list of the practitioner sign-up from `locales/<lng>/reference.json`: the stored id
    (never renumbered; a new entry gets a new id) and its label, English where a language lacks one."""
    english: dict[str, str] = locale_texts("en", "reference").get(name, {})
    chosen: dict[str, str] = locale_texts(language, "reference").get(name, {})
    ids = sorted(int(key) for key in english)
    return [{"id": id_, "name": chosen.get(str(id_)) or english[str(id_)]} for id_ in ids]


def reference_data(*, language: str) -> ReferenceDataOut:
    return {
        "health_professions": _reference_options("health_professions", language=language),
        "expertise_levels": _reference_options("expertise_levels", language=language),
        "organisation_types": _reference_options("organisation_types", language=language),
    }
