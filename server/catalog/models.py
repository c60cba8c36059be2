"""The catalogue (docs/architecture.md, "The apps"): a category tree, five translatable taxonomies,
products with variants
and ordered images.

Two values of a product are kept from its variants on every write, so lists can filter and sort without
joining them: `is_available` (any variant available) and the first variant's prices.
"""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from django.core.exceptions import ValidationError
from django.db import models

from server.nutrition.dose import DEFAULT_SERVINGS, MAX_SERVINGS, MIN_SERVINGS, servings_valid
from server.nutrition.reference import nutrients
from server.nutrition.units import (
    UNITS,
    UnknownForm,
    UnknownNutrient,
    UnknownUnit,
    form_of,
    nutrient_of,
    to_nutrient_unit,
)


class Availability(models.IntegerChoices):
    AVAILABLE = 1, "Available"
    UNAVAILABLE = 2, "Unavailable"


class StockState(models.TextChoices):
    IN_STOCK = "in_stock", "In stock"
    LOW = "low", "Only a few left"
    SOLD_OUT = "sold_out", "Sold out"
    BACK_ORDER = "back_order", "On back-order"


class Taxonomy(models.Model):
    """A filter option with an English name and its translations, {language: name}."""

    slug = models.SlugField(max_length=120, unique=True)
    name = models.CharField(max_length=200)
    name_translations = models.JSONField(default=dict, blank=True)

    class Meta:
        abstract = True
        ordering: ClassVar[tuple[str, ...]] = ("name",)

    def __str__(self) -> str:
        return self.name

    def name_in(self, language: str) -> str:
        return str(self.name_translations.get(language) or self.name)


class Category(Taxonomy):
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    position = models.PositiveIntegerField(default=0)

    class Meta(Taxonomy.Meta):
        verbose_name_plural = "categories"
        ordering = ("position", "name")


class Brand(Taxonomy):
    pass


class HealthGoal(Taxonomy):
    pass


class DeliveryForm(Taxonomy):
    pass


class FreeFrom(Taxonomy):
    class Meta(Taxonomy.Meta):
        verbose_name_plural = "free-from options"


class SuitableFor(Taxonomy):
    class Meta(Taxonomy.Meta):
        verbose_name_plural = "suitable-for options"


class Product(models.Model):
    slug = models.SlugField(max_length=200, unique=True)
    name = models.CharField(max_length=255)
    description = models.TextField(blank=True)
    ingredients = models.TextField(blank=True)
    brand = models.ForeignKey(Brand, on_delete=models.PROTECT, related_name="products")
    categories = models.ManyToManyField(Category, blank=True, related_name="products")
    health_goals = models.ManyToManyField(HealthGoal, blank=True, related_name="products")
    delivery_form = models.ManyToManyField(DeliveryForm, blank=True, related_name="products")
    free_from = models.ManyToManyField(FreeFrom, blank=True, related_name="products")
    suitable_for = models.ManyToManyField(SuitableFor, blank=True, related_name="products")
    practitioner_only = models.BooleanField(default=False)
    zero_waste = models.BooleanField(default=False)
    # Kept from the variants by services.product_refresh_summary.
    is_available = models.BooleanField(default=False, editable=False)
    price_eur = models.DecimalField(max_digits=10, decimal_places=2, default=0, editable=False)
    price_gbp = models.DecimalField(max_digits=10, decimal_places=2, default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ("-id",)
        indexes: ClassVar = [
            models.Index(fields=["name"]),
            models.Index(fields=["price_eur"]),
            models.Index(fields=["price_gbp"]),
        ]

    def __str__(self) -> str:
        return self.name


class ProductVariant(models.Model):
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="variants")
    sku = models.CharField(max_length=64, unique=True)
    unit_of_measure = models.CharField(max_length=40, blank=True)
    weight = models.DecimalField(max_digits=10, decimal_places=3, null=True, blank=True, help_text="grams")
    price_eur = models.DecimalField(max_digits=10, decimal_places=2)
    price_gbp = models.DecimalField(max_digits=10, decimal_places=2)
    availability = models.PositiveSmallIntegerField(
        choices=Availability.choices, default=Availability.AVAILABLE
    )
    # What buyers see of its stock, kept by the stock app when its counted stock changes (server/stock):
    # the catalogue's replies and lists read it without a join; `availability` follows it.
    stock_state = models.CharField(max_length=12, choices=StockState.choices, default=StockState.IN_STOCK)
    stock_available = models.PositiveIntegerField(null=True, blank=True, editable=False)
    stock_note = models.CharField(max_length=160, blank=True, editable=False)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("position", "id")

    def __str__(self) -> str:
        return f"{self.sku} ({self.unit_of_measure})"


def asset_path(instance: ProductAsset, filename: str) -> str:
    return f"products/{instance.product_id}/{filename}"


class ProductAsset(models.Model):
    """An image of a product; `asset_order` 0 comes first. Thumbnails are made when the image is added."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="assets")
    image = models.ImageField(upload_to=asset_path)
    width = models.PositiveIntegerField(default=0)
    height = models.PositiveIntegerField(default=0)
    thumbnail_75 = models.ImageField(upload_to=asset_path)
    thumbnail_125 = models.ImageField(upload_to=asset_path)
    thumbnail_250 = models.ImageField(upload_to=asset_path)
    asset_order = models.PositiveIntegerField(default=0)
    is_primary = models.BooleanField(default=False)
    alt_text = models.CharField(max_length=255, blank=True)

    class Meta:
        ordering = ("asset_order", "id")

    def __str__(self) -> str:
        return f"{self.product_id}#{self.asset_order}"


class ProductActivity(models.Model):
    """Views and cart adds of a product per day; popular products rank by the last 30 days."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="activity")
    day = models.DateField()
    views = models.PositiveIntegerField(default=0)
    cart_adds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["product", "day"], name="catalog_activity_day")
        ]
        indexes: ClassVar = [models.Index(fields=["day"])]

    def __str__(self) -> str:
        return f"{self.product_id} on {self.day}"


class CatalogVersion(models.Model):
    """One row whose number goes up on every catalogue change, so each process knows when its
    in-memory listing index (selectors) is stale."""

    version = models.PositiveBigIntegerField(default=0)
    # A fresh random token with every change: a version number alone can repeat after a rollback.
    token = models.CharField(max_length=32, default="")

    def __str__(self) -> str:
        return f"catalogue version {self.version}"


# Supplement facts (docs/architecture.md, "Daily totals"): what one serving of a variant holds.
# A variant without a row has no data (its products are listed as such in daily totals, never counted as
# nothing); a row without amounts holds none of the nutrients of the reference table.
class ServingUnit(models.TextChoices):
    CAPSULE = "capsule"
    TABLET = "tablet"
    SOFTGEL = "softgel"
    GUMMY = "gummy"
    GRAM = "g"
    MILLILITRE = "ml"
    DROP = "drop"
    SPRAY = "spray"
    SCOOP = "scoop"


def _nutrient_choices() -> list[tuple[str, str]]:
    return [(nutrient.key, nutrient.names["en"]) for nutrient in nutrients().values()]


def _positive(value: Decimal) -> None:
    if value <= 0:
        raise ValidationError("Must be more than 0.", code="not_positive")


def _servings(value: Decimal) -> None:
    if not servings_valid(value):
        raise ValidationError(
            f"Servings a day go in quarter steps from {MIN_SERVINGS} to {MAX_SERVINGS}.", code="servings"
        )


class SupplementFacts(models.Model):
    variant = models.OneToOneField(
        ProductVariant, on_delete=models.CASCADE, primary_key=True, related_name="supplement_facts"
    )
    serving_size = models.DecimalField(max_digits=7, decimal_places=2, default=1, validators=[_positive])
    serving_unit = models.CharField(max_length=10, choices=ServingUnit.choices)
    servings_per_container = models.DecimalField(max_digits=8, decimal_places=2, validators=[_positive])
    # The label's suggested daily dose: a protocol line starts from it.
    servings_per_day = models.DecimalField(
        max_digits=5, decimal_places=2, default=DEFAULT_SERVINGS, validators=[_servings]
    )

    class Meta:
        verbose_name_plural = "supplement facts"

    def __str__(self) -> str:
        return f"facts of {self.variant_id}"


class SupplementFactAmount(models.Model):
    """One nutrient in one serving, as the label prints it (e.g. 1000 IU of vitamin D)."""

    facts = models.ForeignKey(SupplementFacts, on_delete=models.CASCADE, related_name="amounts")
    nutrient = models.CharField(max_length=40, choices=_nutrient_choices)
    # Empty: the nutrient's default form (the reference table names the forms of each nutrient).
    form = models.CharField(max_length=40, blank=True)
    amount = models.DecimalField(max_digits=12, decimal_places=4, validators=[_positive])
    unit = models.CharField(max_length=4, choices=[(unit, unit) for unit in UNITS])

    class Meta:
        ordering = ("id",)
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["facts", "nutrient", "form"], name="catalog_fact_once")
        ]

    def __str__(self) -> str:
        return f"{self.amount} {self.unit} {self.nutrient}"

    def clean(self) -> None:
        """The admin's check: a known nutrient, one of its forms, a unit it can be converted from."""
        try:
            nutrient = nutrient_of(self.nutrient)
        except UnknownNutrient:
            raise ValidationError({"nutrient": "Unknown nutrient."}) from None
        try:
            self.form = form_of(nutrient, self.form)
        except UnknownForm:
            forms = ", ".join(nutrient.forms) or "none (leave it empty)"
            raise ValidationError({"form": f"Unknown form of {nutrient.key}; its forms: {forms}."}) from None
        if self.amount is not None:
            try:
                to_nutrient_unit(nutrient=nutrient, form=self.form, amount=self.amount, unit=self.unit)
            except UnknownUnit:
                raise ValidationError({"unit": f"{self.unit} cannot be used for {nutrient.key}."}) from None
