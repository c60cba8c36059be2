"""A small catalogue whose names, ingredients, brands and descriptions are chosen for the search tests."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.core.cache import cache

from server.catalog import services as catalog_services
from server.catalog.models import (
    Availability,
    Brand,
    Category,
    FreeFrom,
    Product,
    ProductVariant,
    SuitableFor,
)
from server.search.services import search_reindex


@dataclass
class Shop:
    acme: Brand
    verdant: Brand
    works: Brand  # "Magnesium Works": its brand name holds the word magnesium
    nordic: Brand
    minerals: Category
    vitamins: Category
    vitamin_d: Category
    herbs: Category
    gluten: FreeFrom
    dairy: FreeFrom
    vegans: SuitableFor
    vegetarians: SuitableFor
    glycinate: Product  # magnesium in the name
    sleep: Product  # magnesium in the ingredients
    calm: Product  # magnesium in the brand
    tea: Product  # magnesium in the description
    d3: Product
    vitamin_c: Product  # unavailable
    zinc: Product
    glycine: Product
    ashwagandha: Product
    clinical: Product  # practitioner only, magnesium in the name


def add_product(
    name: str,
    *,
    brand: Brand,
    ingredients: str,
    description: str,
    categories: list[Category],
    eur: str = "10.00",
    gbp: str = "9.00",
    free_from: list[FreeFrom] | None = None,
    suitable_for: list[SuitableFor] | None = None,
    available: bool = True,
    practitioner_only: bool = False,
) -> Product:
    slug = name.lower().replace(" ", "-")
    product = Product.objects.create(
        slug=slug,
        name=name,
        description=description,
        ingredients=ingredients,
        brand=brand,
        practitioner_only=practitioner_only,
    )
    product.categories.set(categories)
    product.free_from.set(free_from or [])
    product.suitable_for.set(suitable_for or [])
    ProductVariant.objects.create(
        product=product,
        sku=f"{slug}-1",
        unit_of_measure="60 capsules",
        price_eur=Decimal(eur),
        price_gbp=Decimal(gbp),
        availability=Availability.AVAILABLE if available else Availability.UNAVAILABLE,
    )
    return catalog_services.product_refresh_summary(product=product)


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def shop(db) -> Shop:
    acme = Brand.objects.create(slug="acme", name="Acme")
    verdant = Brand.objects.create(slug="verdant", name="Verdant")
    works = Brand.objects.create(slug="magnesium-works", name="Magnesium Works")
    nordic = Brand.objects.create(slug="nordic", name="Nordic Naturals")
    minerals = Category.objects.create(
        slug="minerals", name="Minerals", name_translations={"de": "Mineralstoffe"}, position=1
    )
    vitamins = Category.objects.create(
        slug="vitamins", name="Vitamins", name_translations={"de": "Vitamine"}, position=2
    )
    vitamin_d = Category.objects.create(slug="vitamin-d", name="Vitamin D", parent=vitamins)
    herbs = Category.objects.create(
        slug="herbs", name="Herbs", name_translations={"de": "Kräuter"}, position=3
    )
    gluten = FreeFrom.objects.create(slug="gluten", name="Gluten")
    dairy = FreeFrom.objects.create(slug="dairy", name="Dairy", name_translations={"de": "Milch"})
    vegans = SuitableFor.objects.create(slug="vegans", name="Vegans")
    vegetarians = SuitableFor.objects.create(slug="vegetarians", name="Vegetarians")
    capsule = "hydroxypropyl methylcellulose (capsule shell)"
    glycinate = add_product(
        "Magnesium Glycinate", brand=acme, categories=[minerals], eur="18.00", gbp="15.50",
        ingredients=f"Magnesium bisglycinate (as magnesium 200 mg), {capsule}",
        description="Gentle magnesium for everyday use.", free_from=[gluten], suitable_for=[vegans],
    )  # fmt: skip
    sleep = add_product(
        "Sleep Complex", brand=verdant, categories=[herbs], eur="22.00", gbp="19.00",
        ingredients=f"Magnesium citrate, L-theanine, glycine, {capsule}",
        description="An evening blend.", free_from=[gluten, dairy], suitable_for=[vegans, vegetarians],
    )  # fmt: skip
    calm = add_product(
        "Calm Drops", brand=works, categories=[herbs],
        ingredients="Water, lemon balm extract (Melissa officinalis)", description="Lemon balm drops.",
    )  # fmt: skip
    tea = add_product(
        "Night Tea", brand=verdant, categories=[herbs], ingredients="Chamomile, lavender",
        description="Naturally rich in magnesium and calming herbs.",
    )  # fmt: skip
    d3 = add_product(
        "Vitamin D3 Drops", brand=nordic, categories=[vitamin_d], eur="12.50", gbp="10.95",
        ingredients="Cholecalciferol (vitamin D3), olive oil", description="The sunshine vitamin.",
        free_from=[gluten, dairy], suitable_for=[vegetarians],
    )  # fmt: skip
    vitamin_c = add_product(
        "Vitamin C 1000", brand=acme, categories=[vitamins], available=False,
        ingredients=f"Ascorbic acid, {capsule}", description="Immune support.",
    )  # fmt: skip
    zinc = add_product(
        "Zinc Picolinate", brand=acme, categories=[minerals], ingredients="Zinc picolinate, rice flour",
        description="Zinc for skin.",
    )  # fmt: skip
    glycine = add_product(
        "Glycine Powder", brand=verdant, categories=[minerals], ingredients="Aminoacetic acid",
        description="A pure amino acid.",
    )  # fmt: skip
    ashwagandha = add_product(
        "Ashwagandha Root", brand=verdant, categories=[herbs],
        ingredients="Ashwagandha root extract (Withania somnifera), rice flour", description="An adaptogen.",
    )  # fmt: skip
    clinical = add_product(
        "Clinical Magnesium Complex", brand=acme, categories=[minerals], practitioner_only=True,
        ingredients="Magnesium taurate, magnesium malate", description="For practitioners.",
    )  # fmt: skip
    search_reindex()
    return Shop(
        acme, verdant, works, nordic, minerals, vitamins, vitamin_d, herbs, gluten, dairy, vegans,
        vegetarians, glycinate, sleep, calm, tea, d3, vitamin_c, zinc, glycine, ashwagandha, clinical,
    )  # fmt: skip
