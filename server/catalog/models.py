"""The catalogue (docs/architecture.md, "The apps"): a category tree, five translatable taxonomies,
products with variants
and ordered images.

Two values of a product are kept from its variants on every write, so lists can filter and sort without
joining them: `is_available` (any variant available) and the first variant's prices.
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models


class Availability(models.IntegerChoices):
    AVAILABLE = 1, "Available"
    UNAVAILABLE = 2, "Unavailable"


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
