"""Stock in the admin (docs/decisions/0040-stock-a-ledger-below-orders.md): the counted variants' levels with
what buyers see of them, their movements and the units unpaid orders hold, all read-only.

A level is the sum of its movements, so staff never type its sums: a level's change page records a count
(the on-hand units after it and why) as an adjustment through `stock_count`, which refuses to count away
units that unpaid orders hold; the refusal shows on the form."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.defaultfilters import pluralize
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.safestring import SafeString

from server.accounts.auth import staff_user
from server.accounts.models import User
from server.catalog.models import Product
from server.core.errors import DomainError
from server.stock.models import Equivalence, Reservation, ReservationState, StockLevel, StockMovement
from server.stock.services import MAX_QUANTITY, stock_count
from server.stock.substitutes import equivalence_candidates, equivalence_mark, equivalence_unmark


class CountForm(forms.ModelForm[StockLevel]):
    """A count of a level's shelf, recorded while the form is validated: `stock_count` checks it under the
    level's row lock, and only a refusal raised during validation can show on the form. Nothing after it
    can refuse the page (the level has no inlines, and the model's constraints name the sums, which this
    form does not edit), so a count is kept exactly when the page saves."""

    counted = forms.IntegerField(
        label="On hand after the count",
        min_value=0,
        max_value=MAX_QUANTITY,
        help_text="units on the shelf now; the difference is recorded as an adjustment",
    )
    reason = forms.CharField(
        max_length=255, help_text="why the stock changes, kept with the adjustment (e.g. “stocktake”)"
    )
    # The staff member counting, set by the admin for each request (StockLevelAdmin.get_form).
    by: User

    class Meta:
        model = StockLevel
        fields = ("back_order", "back_order_note", "low_threshold")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["counted"].initial = self.instance.on_hand

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.errors:
            return cleaned
        variant_id = self.instance.pk
        try:
            # One transaction: a refused count leaves the threshold and the note as they were.
            with transaction.atomic():
                StockLevel.objects.filter(pk=variant_id).update(
                    low_threshold=cleaned["low_threshold"], back_order_note=cleaned["back_order_note"]
                )
                # Also when the count is unchanged: it shows buyers the new threshold, note or back-order.
                stock_count(
                    variant_id=variant_id,
                    on_hand=cleaned["counted"],
                    by=self.by,
                    reason=cleaned["reason"],
                    back_order=cleaned["back_order"],
                )
        except DomainError as error:
            field = "counted" if "on_hand" in error.errors else "reason" if "reason" in error.errors else None
            self.add_error(field, error.message)
        return cleaned


@admin.register(StockLevel)
class StockLevelAdmin(admin.ModelAdmin[StockLevel]):
    form = CountForm
    list_display = ("sku", "product", "on_hand", "reserved", "available", "low_threshold", "back_order")
    # What buyers see (in stock, low, sold out, back-order): the variant's state, which each stock write keeps
    # (`server.stock.selectors.stock_of`), so the filter and the shop never disagree.
    list_filter = (("variant__stock_state", admin.ChoicesFieldListFilter), "back_order")
    list_select_related = ("variant__product",)
    search_fields = ("variant__sku", "variant__product__name")
    ordering = ("variant__product__name", "variant__sku")
    readonly_fields = ("variant", "product", "on_hand", "reserved", "available", "history", "updated_at")
    fieldsets = (
        (
            None,
            {"fields": ("variant", "product", "on_hand", "reserved", "available", "history", "updated_at")},
        ),
        (
            "Count",
            {
                "fields": ("counted", "reason", "back_order", "back_order_note", "low_threshold"),
                "description": "Units held by unpaid orders cannot be counted away; their orders' expiry "
                "frees them.",
            },
        ),
    )

    def get_queryset(self, request: HttpRequest) -> QuerySet[StockLevel]:
        return super().get_queryset(request).annotate(available_units=F("on_hand") - F("reserved"))

    def get_form(
        self, request: HttpRequest, obj: StockLevel | None = None, change: bool = False, **kwargs: Any
    ) -> type[forms.ModelForm[StockLevel]]:
        form = super().get_form(request, obj, change, **kwargs)
        return cast(type[CountForm], type(form.__name__, (form,), {"by": staff_user(request)}))

    def save_model(self, request: HttpRequest, obj: StockLevel, form: Any, change: bool) -> None:
        # The count went through the ledger while the form was validated (CountForm); saving this copy
        # would write back the sums it was read with.
        obj.refresh_from_db()

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a variant is counted from its first delivery, count or import

    def has_delete_permission(self, request: HttpRequest, obj: StockLevel | None = None) -> bool:
        return False

    @admin.display(description="SKU", ordering="variant__sku")
    def sku(self, level: StockLevel) -> str:
        return level.variant.sku

    @admin.display(description="product", ordering="variant__product__name")
    def product(self, level: StockLevel) -> str:
        return level.variant.product.name

    @admin.display(description="available", ordering="available_units")
    def available(self, level: StockLevel) -> int:
        return level.available

    @admin.display(description="ledger")
    def history(self, level: StockLevel) -> SafeString:
        movements = StockMovement.objects.filter(variant_id=level.pk).count()
        held = Reservation.objects.filter(variant_id=level.pk, state=ReservationState.HELD).count()
        return format_html(
            '<a href="{}?variant__exact={}">{} movement{}</a>, '
            '<a href="{}?variant__exact={}&amp;state__exact=held">{} unpaid order{} holding units</a>',
            reverse("admin:stock_stockmovement_changelist"),
            level.pk,
            movements,
            pluralize(movements),
            reverse("admin:stock_reservation_changelist"),
            level.pk,
            held,
            pluralize(held),
        )


class ReadOnlyAdmin[T: StockMovement | Reservation](admin.ModelAdmin[T]):
    """Written only by the stock services: staff look, never add, change or delete."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: T | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: T | None = None) -> bool:
        return False

    @admin.display(description="SKU", ordering="variant__sku")
    def sku(self, row: T) -> str:
        return row.variant.sku


@admin.register(StockMovement)
class StockMovementAdmin(ReadOnlyAdmin[StockMovement]):
    list_display = (
        "created_at",
        "sku",
        "kind",
        "on_hand_delta",
        "reserved_delta",
        "order_id",
        "by",
        "reason",
    )
    list_filter = ("kind",)
    list_select_related = ("variant", "by")
    search_fields = ("variant__sku", "variant__product__name", "reason", "=order_id")


@admin.register(Reservation)
class ReservationAdmin(ReadOnlyAdmin[Reservation]):
    list_display = ("order_id", "sku", "quantity", "state", "created_at", "updated_at")
    list_filter = ("state",)
    list_select_related = ("variant",)
    search_fields = ("variant__sku", "=order_id")


class ProposeForm(forms.Form):
    # Typed, not chosen from a list: the catalogue has too many products for one.
    product = forms.CharField(
        label="Product (slug or SKU)",
        max_length=200,
        help_text="Products whose supplement facts match this one's within 10 % per serving are proposed.",
    )

    def clean_product(self) -> Product:
        key = self.cleaned_data["product"].strip()
        product = (
            Product.objects.filter(slug=key).first() or Product.objects.filter(variants__sku=key).first()
        )
        if product is None:
            raise forms.ValidationError("No product has this slug or SKU.")
        return product


@admin.register(Equivalence)
class EquivalenceAdmin(admin.ModelAdmin[Equivalence]):
    """Equivalent products (docs/decisions/0041-substitutes.md): marked here by hand, or chosen from what
    "Propose equivalents" finds in the supplement facts. A pair is kept both ways: adding or deleting one row
    adds or deletes both."""

    list_display = ("product", "equivalent", "marked_by", "created_at")
    list_select_related = ("product", "equivalent", "marked_by")
    search_fields = ("product__name", "equivalent__name", "product__variants__sku")
    autocomplete_fields = ("product", "equivalent")
    fields = ("product", "equivalent")
    change_list_template = "admin/stock/equivalence/change_list.html"

    def has_change_permission(self, request: HttpRequest, obj: Equivalence | None = None) -> bool:
        return False if obj is not None else super().has_change_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Equivalence, form: Any, change: bool) -> None:
        equivalence_mark(product_id=obj.product_id, equivalent_id=obj.equivalent_id, by=staff_user(request))
        saved = Equivalence.objects.get(product_id=obj.product_id, equivalent_id=obj.equivalent_id)
        obj.pk, obj.created_at = saved.pk, saved.created_at

    def delete_model(self, request: HttpRequest, obj: Equivalence) -> None:
        equivalence_unmark(product_id=obj.product_id, equivalent_id=obj.equivalent_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Equivalence]) -> None:
        for row in queryset:
            equivalence_unmark(product_id=row.product_id, equivalent_id=row.equivalent_id)

    def get_urls(self) -> list[URLPattern]:
        propose = path(
            "propose/", self.admin_site.admin_view(self.propose_view), name="stock_equivalence_propose"
        )
        return [propose, *super().get_urls()]

    def propose_view(self, request: HttpRequest) -> HttpResponse:
        """Choose a product, see its candidates, tick the ones that are equivalent."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = ProposeForm(request.POST or request.GET or None)
        candidates = []
        if form.is_valid():
            product: Product = form.cleaned_data["product"]
            if request.method == "POST":
                chosen = {int(value) for value in request.POST.getlist("equivalent") if value.isdigit()}
                for equivalent_id in sorted(chosen):
                    equivalence_mark(
                        product_id=product.pk, equivalent_id=equivalent_id, by=staff_user(request)
                    )
                self.message_user(
                    request, f"{len(chosen)} equivalent{pluralize(len(chosen))} of {product} marked."
                )
                return HttpResponseRedirect(f"{request.path}?{urlencode({'product': product.slug})}")
            candidates = equivalence_candidates(product_id=product.pk)
        context = {
            **self.admin_site.each_context(request),
            "title": "Propose equivalents",
            "opts": self.model._meta,
            "form": form,
            "candidates": candidates,
        }
        return TemplateResponse(request, "admin/stock/equivalence/propose.html", context)
