"""A practitioner's store page (spec: docs/spec-coverage.md#s3-store, docs/spec-coverage.md#s3-payout-method
"Store", "Payout method"): one per practitioner, with its sections, ordered services and packages (with
features), and the visits it sends to the cart."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from server.catalog.models import ProductVariant


class StoreType(models.TextChoices):
    """What kind of practice the page presents (the spec names the field, not its values)."""

    INDIVIDUAL = "individual", "Individual practitioner"
    CLINIC = "clinic", "Clinic or practice"
    ONLINE = "online", "Online consultations"


class StoreTheme(models.TextChoices):
    CLASSIC = "classic", "Classic"
    FRESH = "fresh", "Fresh"
    WARM = "warm", "Warm"
    CALM = "calm", "Calm"
    BOLD = "bold", "Bold"


class PayoutMethod(models.TextChoices):
    NOT_SET = "not_set", "Not set"
    PAYPAL = "paypal", "PayPal"
    BANK_ACCOUNT = "bank_account", "Bank account"


def store_image_path(instance: models.Model, filename: str) -> str:
    # `filename` is always ours (a random hex name), never the upload's.
    return f"stores/{filename}"


class Store(models.Model):
    owner = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="store")
    type = models.CharField(max_length=20, choices=StoreType.choices, default=StoreType.INDIVIDUAL)
    theme = models.CharField(max_length=20, choices=StoreTheme.choices, default=StoreTheme.CLASSIC)
    # Stored lower-cased (the services clean it), so the unique index makes names unique whatever their
    # case; null until the practitioner picks one (the page has no public address until then).
    shop_name = models.CharField(max_length=40, unique=True, null=True, blank=True)
    header_title = models.CharField(max_length=120, blank=True)
    header_description = models.TextField(blank=True)
    header_image = models.ImageField(upload_to=store_image_path, blank=True)
    about_title = models.CharField(max_length=120, blank=True)
    about_description = models.TextField(blank=True)
    about_image = models.ImageField(upload_to=store_image_path, blank=True)
    message = models.TextField(blank=True)
    services_title = models.CharField(max_length=120, blank=True)
    services_description = models.TextField(blank=True)
    contact_description = models.TextField(blank=True)
    # [{"day": "monday", "opens": "09:00", "closes": "17:00"}, ...], in `timezone` (an IANA name).
    opening_hours = models.JSONField(default=list, blank=True)
    timezone = models.CharField(max_length=64, blank=True)
    approach_title = models.CharField(max_length=120, blank=True)
    approach_description = models.TextField(blank=True)
    approach_image_1 = models.ImageField(upload_to=store_image_path, blank=True)
    approach_image_2 = models.ImageField(upload_to=store_image_path, blank=True)
    show_protocols = models.BooleanField(default=False)
    payout_method = models.CharField(
        max_length=20, choices=PayoutMethod.choices, default=PayoutMethod.NOT_SET
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.shop_name or f"store of {self.owner_id}"


class StoreService(models.Model):
    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="services")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    icon = models.CharField(max_length=40)
    # 1 comes first; kept 1..n without gaps by the services.
    position = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ("position", "id")

    def __str__(self) -> str:
        return self.name


class StorePackage(models.Model):
    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="packages")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    # Shown as written ("£120 for three sessions"): prices of consultations are not catalogue money.
    price = models.CharField(max_length=60, blank=True)
    image = models.ImageField(upload_to=store_image_path, blank=True)
    position = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ("position", "id")

    def __str__(self) -> str:
        return self.name


class StorePackageFeature(models.Model):
    package = models.ForeignKey(StorePackage, on_delete=models.CASCADE, related_name="features")
    text = models.CharField(max_length=200)

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return self.text


class StoreAttribution(models.Model):
    """A signed-in visitor put a product in the cart from a store page: an order of that variant by
    that visitor later counts for the store's practitioner (the commission comes in a later issue).
    One row per visitor and variant; a later store page takes it over (last page wins)."""

    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="attributions")
    visitor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="store_attributions"
    )
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    attributed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-attributed_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["visitor", "variant"], name="stores_one_attribution_per_variant")
        ]

    def __str__(self) -> str:
        return f"{self.variant_id} for {self.visitor_id} via {self.store_id}"
