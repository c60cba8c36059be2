"""Which store page sent a visitor's cart lines (last page wins), for the practitioner's commission."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from server.accounts.models import User
from server.catalog.models import ProductVariant
from server.core.errors import InvalidInput
from server.stores.models import (
    Store,
    StoreAttribution,
)
from server.stores.services.rules import MAX_ATTRIBUTED_VARIANTS


@transaction.atomic
def store_attribution_record(*, store: Store, visitor: User, variant_ids: Sequence[int]) -> int:
    """Note that the visitor put these variants in the cart from this store page (last page wins).
    A practitioner's own page does not count for them. Unknown variants are refused, none recorded."""
    unique = list(dict.fromkeys(variant_ids))
    if not unique or len(unique) > MAX_ATTRIBUTED_VARIANTS:
        raise InvalidInput(
            f"Send 1 to {MAX_ATTRIBUTED_VARIANTS} product variant ids.",
            errors={"product_variant_ids": ["count"]},
        )
    known = set(ProductVariant.objects.filter(pk__in=unique).values_list("pk", flat=True))
    if unknown := [pk for pk in unique if pk not in known]:
        raise InvalidInput(
            "There is no such product variant.",
            errors={"product_variant_ids": [f"unknown: {', '.join(map(str, unknown[:10]))}"]},
        )
    if store.owner_id == visitor.pk:
        return 0
    for variant_id in unique:
        StoreAttribution.objects.update_or_create(
            visitor=visitor, variant_id=variant_id, defaults={"store": store}
        )
    return len(unique)
