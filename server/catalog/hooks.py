"""Who must hear that the shop manager changed products in the admin. The search index does (its documents
are built from the products), but search depends on the catalogue, so the catalogue cannot import it:
the search app registers its reindex here when it starts (docs/architecture.md, "Layers")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

ProductsChanged = Callable[[Sequence[int]], None]

_listeners: list[ProductsChanged] = []


def products_changed_listener_register(listener: ProductsChanged) -> None:
    if listener not in _listeners:
        _listeners.append(listener)


def products_changed(*, product_ids: Sequence[int]) -> None:
    """Called by the admin after products were saved or deleted."""
    for listener in _listeners:
        listener(product_ids)
