"""Cart calls (spec: docs/spec-coverage.md#s7-cart and docs/architecture.md, "HTTP API rules") and wishlist
calls; each write answers the new state."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from server.accounts.auth import bearer, signed_in_user
from server.cart import selectors, services
from server.cart.schemas import CartIn, CartItemIn, QuantityIn, VariantRefIn
from server.core.region import request_region

cart_router = Router(tags=["cart"], auth=bearer)
wishlist_router = Router(tags=["wishlist"], auth=bearer)


def _cart(request: HttpRequest) -> selectors.CartOut:
    return selectors.cart_of(user=signed_in_user(request), region=request_region(request))


@cart_router.get("/cart", response=selectors.CartOut, summary="The signed-in user's cart")
def cart(request: HttpRequest) -> selectors.CartOut:
    return _cart(request)


@cart_router.post("/cart/items", response=selectors.CartOut, summary="Add to the cart (merges by variant)")
def cart_add(request: HttpRequest, payload: CartItemIn) -> selectors.CartOut:
    services.cart_item_add(
        user=signed_in_user(request), variant_id=payload.product_variant_id, quantity=payload.quantity
    )
    return _cart(request)


@cart_router.put(
    "/cart/items/{variant_id}", response=selectors.CartOut, summary="Set a line's quantity (0 removes)"
)
def cart_set(request: HttpRequest, variant_id: int, payload: QuantityIn) -> selectors.CartOut:
    services.cart_item_set(user=signed_in_user(request), variant_id=variant_id, quantity=payload.quantity)
    return _cart(request)


@cart_router.delete("/cart/items/{variant_id}", response=selectors.CartOut, summary="Remove a line")
def cart_remove(request: HttpRequest, variant_id: int) -> selectors.CartOut:
    services.cart_item_remove(user=signed_in_user(request), variant_id=variant_id)
    return _cart(request)


@cart_router.put("/cart", response=selectors.CartOut, summary="Set the whole cart")
def cart_replace(request: HttpRequest, payload: CartIn) -> selectors.CartOut:
    lines = [(item.product_variant_id, item.quantity) for item in payload.items]
    services.cart_replace(user=signed_in_user(request), items=lines)
    return _cart(request)


@cart_router.delete("/cart", response=selectors.CartOut, summary="Empty the cart")
def cart_clear(request: HttpRequest) -> selectors.CartOut:
    services.cart_clear(user=signed_in_user(request))
    return _cart(request)


def _wishlist(request: HttpRequest) -> selectors.WishlistOut:
    return {"data": selectors.wishlist_of(user=signed_in_user(request), region=request_region(request))}


@wishlist_router.get("/wishlist", response=selectors.WishlistOut, summary="The signed-in user's wishlist")
def wishlist(request: HttpRequest) -> selectors.WishlistOut:
    return _wishlist(request)


@wishlist_router.post("/wishlist", response=selectors.WishlistOut, summary="Add a variant to the wishlist")
def wishlist_add(request: HttpRequest, payload: VariantRefIn) -> selectors.WishlistOut:
    services.wishlist_add(user=signed_in_user(request), variant_id=payload.product_variant_id)
    return _wishlist(request)


@wishlist_router.delete(
    "/wishlist", response=selectors.WishlistOut, summary="Remove a variant from the wishlist"
)
def wishlist_remove(request: HttpRequest, payload: VariantRefIn) -> selectors.WishlistOut:
    services.wishlist_remove(user=signed_in_user(request), variant_id=payload.product_variant_id)
    return _wishlist(request)
