"""The shop manager's catalogue admin: filters, search, variants and images inline.

Images are uploaded through the product form, so they pass the same validation, re-encoding and
thumbnailing as every other image (`services.product_image_add`); existing images are ordered and
described inline. Saving a product refreshes its list summary and the catalogue version.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString

from server.catalog import services
from server.catalog.hooks import products_changed
from server.catalog.models import (
    Brand,
    Category,
    DeliveryForm,
    FreeFrom,
    HealthGoal,
    Product,
    ProductAsset,
    ProductVariant,
    SuitableFor,
    SupplementFactAmount,
    SupplementFacts,
)
from server.core.errors import DomainError
from server.core.images import process_image


class TaxonomyAdmin(admin.ModelAdmin[Any]):
    list_display: tuple[str, ...] = ("name", "slug")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        services.catalog_changed()


@admin.register(Category)
class CategoryAdmin(TaxonomyAdmin):
    list_display = ("name", "parent", "position", "slug")
    list_filter = ("parent",)
    list_editable = ("position",)


for taxonomy in (Brand, HealthGoal, DeliveryForm, FreeFrom, SuitableFor):
    admin.site.register(taxonomy, TaxonomyAdmin)


VARIANT_FIELDS = ("sku", "unit_of_measure", "weight", "price_eur", "price_gbp", "availability", "position")
COUNTED_AVAILABILITY = "Its stock is counted, so its stock decides this: sold out is unavailable."


class VariantForm(forms.ModelForm[ProductVariant]):
    """A variant whose stock is counted (it has a `stock` level) follows its stock, as
    docs/decisions/0040-stock-a-ledger-below-orders.md decides: an availability set here would last only
    until its next sale or count, so it is shown, not edited. One not counted keeps it by hand."""

    class Meta:
        model = ProductVariant
        fields = VARIANT_FIELDS
        help_texts = {
            "availability": "set by hand only while its stock is not counted; stock decides it after"
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The stock app's level, by its reverse name: the catalogue sits below stock and cannot import it.
        if self.instance.pk is not None and hasattr(self.instance, "stock"):
            availability = self.fields["availability"]
            availability.disabled = True
            availability.help_text = COUNTED_AVAILABILITY
            availability.widget.attrs["title"] = COUNTED_AVAILABILITY


class VariantInline(admin.TabularInline[ProductVariant, Product]):
    model = ProductVariant
    form = VariantForm
    extra = 0
    fields = VARIANT_FIELDS

    def get_queryset(self, request: HttpRequest) -> QuerySet[ProductVariant]:
        return super().get_queryset(request).select_related("stock")  # one query for whether each is counted


class AssetInline(admin.TabularInline[ProductAsset, Product]):
    model = ProductAsset
    extra = 0
    fields = ("preview", "asset_order", "is_primary", "alt_text")
    readonly_fields = ("preview",)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="image")
    def preview(self, asset: ProductAsset) -> SafeString:
        return format_html('<img src="{}" width="75" height="75" alt="">', asset.thumbnail_75.url)


class ProductForm(forms.ModelForm[Product]):
    new_image = forms.FileField(required=False, help_text="JPEG, PNG, WebP or GIF, at most 10 MB")

    class Meta:
        model = Product
        fields = "__all__"  # noqa: DJ007 (the admin form edits every field of the model)

    def clean_new_image(self) -> Any:
        upload = self.cleaned_data.get("new_image")
        if upload is not None:
            data = upload.read()
            try:
                process_image(data)
            except DomainError as exc:
                raise forms.ValidationError(exc.message) from exc
            upload.seek(0)
        return upload


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin[Product]):
    form = ProductForm
    list_display = (
        "name",
        "brand",
        "price_eur",
        "price_gbp",
        "is_available",
        "practitioner_only",
        "zero_waste",
    )
    list_filter = ("is_available", "practitioner_only", "zero_waste", "brand", "categories", "delivery_form")
    search_fields = ("name", "slug", "ingredients", "variants__sku")
    list_select_related = ("brand",)
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("categories", "health_goals", "delivery_form", "free_from", "suitable_for")
    readonly_fields = ("is_available", "price_eur", "price_gbp", "created_at", "updated_at")
    inlines = (VariantInline, AssetInline)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        upload = form.cleaned_data.get("new_image")
        if upload is not None:
            services.product_image_add(product=form.instance, data=upload.read())
        services.product_refresh_summary(product=form.instance)
        products_changed(product_ids=[form.instance.pk])

    def delete_model(self, request: HttpRequest, obj: Product) -> None:
        product_id = obj.pk
        super().delete_model(request, obj)
        services.catalog_changed()
        products_changed(product_ids=[product_id])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Product]) -> None:
        product_ids = list(queryset.values_list("pk", flat=True))
        super().delete_queryset(request, queryset)
        services.catalog_changed()
        products_changed(product_ids=product_ids)


class FactAmountInline(admin.TabularInline[SupplementFactAmount, SupplementFacts]):
    model = SupplementFactAmount
    extra = 1
    fields = ("nutrient", "form", "amount", "unit")


@admin.register(SupplementFacts)
class SupplementFactsAdmin(admin.ModelAdmin[SupplementFacts]):
    """A variant's supplement facts. Each amount is checked (`SupplementFactAmount.clean`): a nutrient of the
    reference table, one of its forms, a positive amount, a unit it converts from (IU only where the
    nutrient has a conversion)."""

    list_display = ("variant", "serving_size", "serving_unit", "servings_per_container", "servings_per_day")
    list_select_related = ("variant",)
    search_fields = ("variant__sku", "variant__product__name")
    autocomplete_fields = ("variant",)
    inlines = (FactAmountInline,)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        # Product pages show the facts: their cached replies are keyed by the catalogue version.
        services.catalog_changed()

    def delete_model(self, request: HttpRequest, obj: SupplementFacts) -> None:
        super().delete_model(request, obj)
        services.catalog_changed()

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[SupplementFacts]) -> None:
        super().delete_queryset(request, queryset)
        services.catalog_changed()


@admin.register(ProductVariant)
class ProductVariantAdmin(admin.ModelAdmin[ProductVariant]):
    """Only for finding a variant by SKU or product name when choosing one (the facts' variant field);
    variants are edited inline on their product."""

    search_fields = ("sku", "product__name")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return False
