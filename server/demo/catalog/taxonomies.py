"""The demo taxonomies: a two-level category tree, brands, health goals, delivery forms, free-from and
suitable-for options, each named in the twelve shop languages.

The translated names live in `taxonomies.txt` beside this module, one term a line, because a table of
twelve languages reads (and reviews) far better as rows than as nested Python literals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from django.db import transaction
from django.utils.text import slugify

from server.catalog.models import (
    Brand,
    Category,
    DeliveryForm,
    FreeFrom,
    HealthGoal,
    SuitableFor,
    Taxonomy,
)

# The order of the name columns in taxonomies.txt; the same languages as settings.SHOP_LANGUAGES.
LANGUAGES = ("en", "de", "da", "es", "fr", "hu", "it", "ja", "nl", "pt", "ro", "zh_tw")

TermKind = Literal["category", "health_goal", "delivery_form", "free_from", "suitable_for"]
KINDS: tuple[TermKind, ...] = ("category", "health_goal", "delivery_form", "free_from", "suitable_for")
_KIND_BY_NAME: dict[str, TermKind] = {kind: kind for kind in KINDS}

# Invented names (no real supplement brand is meant); a brand's name is the same in every language.
BRAND_NAMES = (
    "Norhaven Nutrition",
    "Verdalis Labs",
    "Kestrel Naturals",
    "Solmara Health",
    "Brightfern",
    "Oakridge Apothecary",
    "Clearbrook Nutrients",
    "Helixa Practitioner",
    "Fjordvita",
    "Sunmeadow Organics",
    "Bramblewick Herbals",
    "Equivo Nutrition",
    "Lumara Wellness",
    "Terravel",
    "Halcyra Health",
    "Fieldmark Naturals",
    "Auralis Micronutrients",
    "Cobalt Peak Sports",
    "Tiny Sprouts Kids",
    "Mosswick Botanicals",
    "Quintara Labs",
    "Evergrove Nutrition",
    "Riverbend Biotics",
    "Peregrine Pure",
    "Amberlane",
)


@dataclass(frozen=True)
class Term:
    kind: TermKind
    slug: str
    parent: str | None
    names: dict[str, str]

    @property
    def name(self) -> str:
        return self.names["en"]


@dataclass(frozen=True)
class TaxonomyIds:
    """Database ids by slug, for each kind; what product generation needs to link its products."""

    categories: dict[str, int]
    brands: dict[str, int]
    health_goals: dict[str, int]
    delivery_forms: dict[str, int]
    free_from: dict[str, int]
    suitable_for: dict[str, int]
    # Whether ensure_taxonomies wrote anything, so the caller knows the listing index is stale.
    changed: bool


MODELS: dict[TermKind, type[Taxonomy]] = {
    "category": Category,
    "health_goal": HealthGoal,
    "delivery_form": DeliveryForm,
    "free_from": FreeFrom,
    "suitable_for": SuitableFor,
}


def _parse(text: str) -> tuple[Term, ...]:
    terms: list[Term] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cells = [cell.strip() for cell in line.split("|")]
        if len(cells) != 3 + len(LANGUAGES) or not all(cells) or cells[0] not in _KIND_BY_NAME:
            raise ValueError(f"taxonomies.txt line {number}: expected kind, slug, parent and 12 names")
        slug, parent = cells[1], cells[2]
        terms.append(
            Term(
                kind=_KIND_BY_NAME[cells[0]],
                slug=slug,
                parent=None if parent == "-" else parent,
                names=dict(zip(LANGUAGES, cells[3:], strict=True)),
            )
        )
    return tuple(terms)


@cache
def terms() -> tuple[Term, ...]:
    """Every term of taxonomies.txt, in file order (a category's parent comes before it)."""
    return _parse((Path(__file__).with_name("taxonomies.txt")).read_text(encoding="utf-8"))


def terms_of(kind: TermKind) -> tuple[Term, ...]:
    return tuple(term for term in terms() if term.kind == kind)


def leaf_category_slugs() -> frozenset[str]:
    parents = {term.parent for term in terms_of("category")}
    return frozenset(term.slug for term in terms_of("category") if term.slug not in parents)


def brand_slug(name: str) -> str:
    return slugify(name)


def _upsert(model: type[Taxonomy], slug: str, values: dict[str, object]) -> tuple[int, bool]:
    """The row with this slug made to hold `values`; answers its id and whether anything was written."""
    row = model._default_manager.filter(slug=slug).first()
    if row is None:
        return model._default_manager.create(slug=slug, **values).pk, True
    if all(getattr(row, field) == value for field, value in values.items()):
        return row.pk, False
    for field, value in values.items():
        setattr(row, field, value)
    row.save()
    return row.pk, True


@transaction.atomic
def ensure_taxonomies() -> TaxonomyIds:
    """Create, or bring back to the table, every demo taxonomy by slug and answer their ids. Rows that
    already match are not written, so a second run changes nothing (not even a timestamp)."""
    ids: dict[TermKind, dict[str, int]] = {kind: {} for kind in KINDS}
    positions: dict[str | None, int] = {}
    changed = False
    for term in terms():
        values: dict[str, object] = {"name": term.name, "name_translations": dict(term.names)}
        if term.kind == "category":
            position = positions.get(term.parent, 0)
            positions[term.parent] = position + 1
            values["position"] = position
            values["parent_id"] = ids["category"][term.parent] if term.parent else None
        ids[term.kind][term.slug], written = _upsert(MODELS[term.kind], term.slug, values)
        changed |= written
    brands: dict[str, int] = {}
    for name in BRAND_NAMES:
        values = {"name": name, "name_translations": dict.fromkeys(LANGUAGES, name)}
        brands[brand_slug(name)], written = _upsert(Brand, brand_slug(name), values)
        changed |= written
    return TaxonomyIds(
        categories=ids["category"],
        brands=brands,
        health_goals=ids["health_goal"],
        delivery_forms=ids["delivery_form"],
        free_from=ids["free_from"],
        suitable_for=ids["suitable_for"],
        changed=changed,
    )
