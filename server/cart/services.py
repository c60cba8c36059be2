"""Writes to a user's cart and wishlist (spec: docs/spec-coverage.md#s4-cart-add-merges-product,
docs/architecture.md, "HTTP API rules")."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from server.accounts.models import User
from server.cart.models import CartItem, LineSource, WishlistItem
from server.catalog.listing_index import Audience
from server.catalog.models import Availability, ProductVariant
from server.catalog.selectors import catalog_audience
from server.catalog.services import product_activity_record
from server.core.errors import Conflict, InvalidInput, NotFound
from server.events.services import event_emit
from server.events.topics import Topic

MAX_QUANTITY = 999
MAX_LINES = 100


class UnknownVariant(NotFound):
    message = "There is no such product variant."


class VariantUnavailable(Conflict):
    message = "This product is not available at the moment."


def _visible_variant(*, user: User, variant_id: int) -> ProductVariant:
    variant = ProductVariant.objects.select_related("product").filter(pk=variant_id).first()
    if variant is None or (
        variant.product.practitioner_only
        and catalog_audience(user) is Audience.PUBLIC
        # ... unless a practitioner put it in this cart through a protocol: its line stays editable.
        and not CartItem.objects.filter(user=user, variant=variant).exists()
    ):
        # Practitioner-only products do not exist for those who may not see them.
        raise UnknownVariant(errors={"product_variant_id": ["unknown"]})
    return variant


def _orderable_variant(*, user: User, variant_id: int) -> ProductVariant:
    variant = _visible_variant(user=user, variant_id=variant_id)
    if variant.availability != Availability.AVAILABLE:
        raise VariantUnavailable(errors={"product_variant_id": ["unavailable"]})
    return variant


def _cart_changed(user: User) -> None:
    """Tell the user's other devices; they refetch in their own region (docs/api.md, cart.updated)."""
    total_items = sum(CartItem.objects.filter(user=user).values_list("quantity", flat=True))
    event_emit(user_id=user.pk, topic=Topic.CART_UPDATED, data={"total_items": total_items})


def _wishlist_changed(user: User) -> None:
    event_emit(
        user_id=user.pk,
        topic=Topic.WISHLIST_UPDATED,
        data={"count": WishlistItem.objects.filter(user=user).count()},
    )


def _check_quantity(quantity: int) -> None:
    if not 1 <= quantity <= MAX_QUANTITY:
        raise InvalidInput(
            f"The quantity must be between 1 and {MAX_QUANTITY}.", errors={"quantity": ["out of range"]}
        )


def _check_room(*, user: User, adding: int) -> None:
    if CartItem.objects.filter(user=user).count() + adding > MAX_LINES:
        raise InvalidInput(
            f"A cart holds at most {MAX_LINES} different products.", errors={"items": ["too many"]}
        )


@transaction.atomic
def cart_item_add(*, user: User, variant_id: int, quantity: int) -> None:
    """Add to the line of this variant, or start one (spec: docs/spec-coverage.md#s4-cart-add-merges-product:
    add merges)."""
    _check_quantity(quantity)
    variant = _orderable_variant(user=user, variant_id=variant_id)
    line = CartItem.objects.select_for_update().filter(user=user, variant=variant).first()
    if line is None:
        _check_room(user=user, adding=1)
        CartItem.objects.create(user=user, variant=variant, quantity=quantity)
    else:
        _check_quantity(line.quantity + quantity)
        line.quantity += quantity
        line.save(update_fields=["quantity"])
    product_id = variant.product_id
    transaction.on_commit(lambda: product_activity_record(product_id=product_id, cart_adds=1))
    _cart_changed(user)


@transaction.atomic
def cart_item_set(*, user: User, variant_id: int, quantity: int) -> None:
    """Set a line's quantity, adding the line if missing; 0 removes it."""
    if quantity == 0:
        CartItem.objects.filter(user=user, variant_id=variant_id).delete()
        _cart_changed(user)
        return
    _check_quantity(quantity)
    variant = _orderable_variant(user=user, variant_id=variant_id)
    updated = CartItem.objects.filter(user=user, variant=variant).update(quantity=quantity)
    if not updated:
        _check_room(user=user, adding=1)
        CartItem.objects.create(user=user, variant=variant, quantity=quantity)
    _cart_changed(user)


@transaction.atomic
def cart_item_remove(*, user: User, variant_id: int) -> None:
    CartItem.objects.filter(user=user, variant_id=variant_id).delete()
    _cart_changed(user)


@transaction.atomic
def cart_replace(*, user: User, items: Iterable[tuple[int, int]]) -> None:
    """Make the cart exactly these (variant id, quantity) lines; repeated variants add up. All or nothing."""
    wanted: dict[int, int] = {}
    for variant_id, quantity in items:
        wanted[variant_id] = wanted.get(variant_id, 0) + quantity
    if len(wanted) > MAX_LINES:
        raise InvalidInput(
            f"A cart holds at most {MAX_LINES} different products.", errors={"items": ["too many"]}
        )
    variants = []
    for variant_id, quantity in wanted.items():
        _check_quantity(quantity)
        variants.append((_orderable_variant(user=user, variant_id=variant_id), quantity))
    CartItem.objects.filter(user=user).delete()
    CartItem.objects.bulk_create(CartItem(user=user, variant=v, quantity=q) for v, q in variants)
    _cart_changed(user)


@transaction.atomic
def cart_lines_add(
    *,
    user: User,
    lines: Iterable[tuple[int, int]],
    source: LineSource = LineSource.SHOP,
    protocol_id: int | None = None,
) -> list[int]:
    """Add the lines of a protocol the caller may see (the caller checked that), merging by variant.

    A practitioner may prescribe practitioner-only products, so those are not hidden here; lines that
    cannot be ordered now are left out and their variant ids returned. All or nothing otherwise."""
    wanted: dict[int, int] = {}
    for variant_id, quantity in lines:
        wanted[variant_id] = wanted.get(variant_id, 0) + quantity
    variants = ProductVariant.objects.in_bulk(list(wanted))
    skipped = [
        vid for vid in wanted if vid not in variants or variants[vid].availability != Availability.AVAILABLE
    ]
    existing = {line.variant_id: line for line in CartItem.objects.select_for_update().filter(user=user)}
    new = [vid for vid in wanted if vid not in skipped and vid not in existing]
    _check_room(user=user, adding=len(new))
    for variant_id, quantity in wanted.items():
        if variant_id in skipped:
            continue
        line = existing.get(variant_id)
        if line is None:
            CartItem.objects.create(
                user=user,
                variant_id=variant_id,
                quantity=min(quantity, MAX_QUANTITY),
                source=source,
                source_protocol_id=protocol_id,
            )
        else:
            # The latest protocol that brought the variant is where the line came from.
            line.quantity = min(line.quantity + quantity, MAX_QUANTITY)
            line.source, line.source_protocol_id = source, protocol_id
            line.save(update_fields=["quantity", "source", "source_protocol_id"])
    _cart_changed(user)
    return skipped


@transaction.atomic
def cart_clear(*, user: User) -> None:
    CartItem.objects.filter(user=user).delete()
    _cart_changed(user)


@transaction.atomic
def wishlist_add(*, user: User, variant_id: int) -> None:
    variant = _visible_variant(user=user, variant_id=variant_id)
    _, created = WishlistItem.objects.get_or_create(user=user, variant=variant)
    if created:
        _wishlist_changed(user)


@transaction.atomic
def wishlist_remove(*, user: User, variant_id: int) -> None:
    deleted, _ = WishlistItem.objects.filter(user=user, variant_id=variant_id).delete()
    if deleted:
        _wishlist_changed(user)
