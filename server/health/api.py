"""A client's medicines and the vocabulary to choose them from (docs/api.md, "The day")."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router

from server.accounts.auth import bearer, require_role, signed_in_user
from server.accounts.models import User, UserType
from server.core.language import request_language
from server.health import selectors, services
from server.health.schemas import MedicineQuery, MedicinesIn

client_router = Router(tags=["health"], auth=bearer)
reference_router = Router(tags=["reference"])


def _client(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CLIENT,))


@client_router.get("/medicines", response=selectors.ClientMedicinesOut, summary="The caller's medicines")
def medicines_get(request: HttpRequest) -> selectors.ClientMedicinesOut:
    client = _client(request)
    return selectors.client_medicines(client_id=client.pk, language=request_language(request))


@client_router.put(
    "/medicines", response=selectors.ClientMedicinesOut, summary="Replace the caller's medicines"
)
def medicines_put(request: HttpRequest, payload: MedicinesIn) -> selectors.ClientMedicinesOut:
    client = _client(request)
    services.medicines_set(
        client=client,
        chosen=[services.MedicineIn(entry.id, entry.slots) for entry in payload.medicines],
    )
    return selectors.client_medicines(client_id=client.pk, language=request_language(request))


@reference_router.get(
    "/medicines",
    response=list[selectors.MedicineOut],
    summary="Medicine classes and substances to choose from",
)
def medicine_choices(request: HttpRequest, filters: Query[MedicineQuery]) -> list[selectors.MedicineOut]:
    return selectors.medicine_choices(query=filters.query, language=request_language(request))
