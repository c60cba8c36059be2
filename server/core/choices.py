"""A stored string as the literal type a reply declares for it (docs/architecture.md, "Wire shapes")."""

from __future__ import annotations


def one_of[V: str](value: str, values: tuple[V, ...]) -> V:
    """`value` as one of `values`, the literal type of the reply field it fills, so the generated web types
    can name every value. The services store only these; any other value is a bug, and raises."""
    for allowed in values:
        if value == allowed:
            return allowed
    raise ValueError(f"{value!r} is not one of {values}")
