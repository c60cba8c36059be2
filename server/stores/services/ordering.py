"""Positions of the store's ordered lists (services, packages): reorder, renumber, append."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import models
from django.db.models import Max

from server.stores.errors import (
    InvalidOrder,
    TooMany,
)
from server.stores.models import (
    StorePackage,
    StoreService,
)


def positions_reorder[Item: (StoreService, StorePackage)](
    items: list[Item], item: Item, order: int | Sequence[int]
) -> None:
    """`order` is either the item's new place (1 is first) or every id of the list in the new order."""
    ids = [each.pk for each in items]
    if isinstance(order, int):
        if not 1 <= order <= len(items):
            raise InvalidOrder(
                f"The place must be between 1 and {len(items)}.", errors={"order": ["out of range"]}
            )
        ids.remove(item.pk)
        ids.insert(order - 1, item.pk)
    else:
        unknown = sorted(set(order) - set(ids))
        missing = sorted(set(ids) - set(order))
        if unknown or missing or len(order) != len(ids):
            errors = []
            if unknown:
                errors.append(f"unknown ids: {', '.join(map(str, unknown[:10]))}")
            if missing:
                errors.append(f"missing ids: {', '.join(map(str, missing[:10]))}")
            raise InvalidOrder(errors={"order": errors or ["an id is listed twice"]})
        ids = list(order)
    by_id = {each.pk: each for each in items}
    for position, pk in enumerate(ids, start=1):
        by_id[pk].position = position
    type(item).objects.bulk_update(items, ["position"])


def positions_renumber(queryset: models.QuerySet[Any]) -> None:
    rows = list(queryset)
    for position, row in enumerate(rows, start=1):
        row.position = position
    queryset.model.objects.bulk_update(rows, ["position"])


def position_next(queryset: models.QuerySet[Any], *, limit: int, what: str) -> int:
    if queryset.count() >= limit:
        raise TooMany(f"A store has at most {limit} {what}.", errors={what: ["too many"]})
    return int(queryset.aggregate(top=Max("position"))["top"] or 0) + 1
