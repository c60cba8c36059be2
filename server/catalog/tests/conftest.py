"""A small, fully known catalogue for the storefront tests."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest

from server.catalog import services
from server.catalog.models import (
    Availability,
    Brand,
    Category,
    DeliveryForm,
    FreeFrom,
    HealthGoal,
    Product,
    ProductVariant,
    SuitableFor,
)


@dataclass
class Catalogue:
    vitamins: Category
    vitamin_d: Category
    minerals: Category
    acme: Brand
    verdant: Brand
    energy: HealthGoal
    sleep: HealthGoal
    capsules: DeliveryForm
    powder: DeliveryForm
    gluten: FreeFrom
    vegans: SuitableFor
    d3: Product  # Acme, vitamin D, energy, capsules, gluten-free, vegan, 12.50 EUR / 10.95 GBP
    magnesium: Product  # Verdant, minerals, sleep, powder, 24.00 / 19.99, zero waste
    zinc: Product  # Acme, minerals, energy, capsules, unavailable, 8.00 / 6.49
    trade_only: Product  # Verdant, vitamins (top level), sleep, practitioner only, 40.00 / 35.00


def make_product(
    name: str,
    *,
    brand: Brand,
    eur: str,
    gbp: str,
    categories: list[Category],
    goals: list[HealthGoal],
    forms: list[DeliveryForm],
    free_from: list[FreeFrom] | None = None,
    suitable_for: list[SuitableFor] | None = None,
    available: bool = True,
    practitioner_only: bool = False,
    zero_waste: bool = False,
) -> Product:
    slug = name.lower().replace(" ", "-")
    product = Product.objects.create(
        slug=slug,
        name=name,
        description=f"{name} description",
        ingredients=f"{name} ingredients",
        brand=brand,
        practitioner_only=practitioner_only,
        zero_waste=zero_waste,
    )
    product.categories.set(categories)
    product.health_goals.set(goals)
    product.delivery_form.set(forms)
    product.free_from.set(free_from or [])
    product.suitable_for.set(suitable_for or [])
    ProductVariant.objects.create(
        product=product,
        sku=f"{slug}-60",
        unit_of_measure="60 capsules",
        weight=Decimal("45.5"),
        price_eur=Decimal(eur),
        price_gbp=Decimal(gbp),
        availability=Availability.AVAILABLE if available else Availability.UNAVAILABLE,
    )
    return services.product_refresh_summary(product=product)


@pytest.fixture
def catalogue(db) -> Catalogue:
    vitamins = Category.objects.create(
        slug="vitamins", name="Vitamins", name_translations={"de": "Vitamine"}, position=1
    )
    vitamin_d = Category.objects.create(slug="vitamin-d", name="Vitamin D", parent=vitamins)
    minerals = Category.objects.create(slug="minerals", name="Minerals", position=2)
    acme = Brand.objects.create(slug="acme", name="Acme")
    verdant = Brand.objects.create(slug="verdant", name="Verdant")
    energy = HealthGoal.objects.create(slug="energy", name="Energy", name_translations={"de": "Energie"})
    sleep = HealthGoal.objects.create(slug="sleep", name="Sleep", name_translations={"de": "Schlaf"})
    capsules = DeliveryForm.objects.create(slug="capsules", name="Capsules")
    powder = DeliveryForm.objects.create(slug="powder", name="Powder")
    gluten = FreeFrom.objects.create(slug="gluten", name="Gluten")
    vegans = SuitableFor.objects.create(slug="vegans", name="Vegans")
    d3 = make_product(
        "Vitamin D3 Drops", brand=acme, eur="12.50", gbp="10.95", categories=[vitamin_d], goals=[energy],
        forms=[capsules], free_from=[gluten], suitable_for=[vegans],
    )  # fmt: skip
    magnesium = make_product(
        "Magnesium Powder", brand=verdant, eur="24.00", gbp="19.99", categories=[minerals], goals=[sleep],
        forms=[powder], zero_waste=True,
    )  # fmt: skip
    zinc = make_product(
        "Zinc Picolinate", brand=acme, eur="8.00", gbp="6.49", categories=[minerals], goals=[energy],
        forms=[capsules], available=False,
    )  # fmt: skip
    trade_only = make_product(
        "Clinical Multi", brand=verdant, eur="40.00", gbp="35.00", categories=[vitamins], goals=[sleep],
        forms=[capsules], practitioner_only=True,
    )  # fmt: skip
    return Catalogue(
        vitamins, vitamin_d, minerals, acme, verdant, energy, sleep, capsules, powder, gluten, vegans,
        d3, magnesium, zinc, trade_only,
    )  # fmt: skip
