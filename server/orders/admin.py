"""Staff's view of orders (docs/decisions/0017-checkout-orders-and-payments.md): filters, history, CSV export,
and the transitions that need no payment provider (ship with tracking, mark delivered). Refunds and cancelling
paid orders are added by server/payments/admin.py, which sits above this app."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from typing import Any, ClassVar

from django.contrib import admin, messages
from django.contrib.admin.options import InlineModelAdmin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse

from server.accounts.auth import staff_user
from server.core.errors import DomainError
from server.orders.models import Order, OrderEvent, OrderLine, ShippingMethod, VatRate
from server.orders.services import order_deliver, order_fulfil


@admin.register(VatRate)
class VatRateAdmin(admin.ModelAdmin[VatRate]):
    list_display = ("country", "name", "region", "rate", "active")
    list_editable = ("rate", "active")
    list_filter = ("region", "active")


@admin.register(ShippingMethod)
class ShippingMethodAdmin(admin.ModelAdmin[ShippingMethod]):
    list_display = ("name", "region", "code", "price", "free_over", "position", "active")
    list_editable = ("price", "free_over", "position", "active")
    list_filter = ("region", "active")


class LineInline(admin.TabularInline[OrderLine, Order]):
    model = OrderLine
    extra = 0
    can_delete = False
    fields = ("name", "sku", "quantity", "unit_price", "discount", "vat_rate", "vat", "total", "source")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Order | None = None) -> bool:
        return False


class HistoryInline(admin.TabularInline[OrderEvent, Order]):
    model = OrderEvent
    extra = 0
    can_delete = False
    fields = ("state", "at", "by", "note")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Order | None = None) -> bool:
        return False


CSV_COLUMNS = (
    "number", "created_at", "state", "buyer", "practitioner", "region", "currency",
    "subtotal", "discount", "shipping", "vat", "total", "refunded", "carrier", "tracking_reference",
)  # fmt: skip


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin[Order]):
    list_display = ("number", "created_at", "buyer", "state", "region", "total", "currency", "practitioner")
    list_filter = ("state", "region", "created_at", ("practitioner", admin.RelatedOnlyFieldListFilter))
    date_hierarchy = "created_at"
    search_fields = ("number", "buyer__email", "buyer__last_name")
    # Amounts, lines and addresses are what the buyer agreed to: never edited here.
    readonly_fields = (
        "number", "buyer", "practitioner", "region", "currency", "language", "shipping_address",
        "billing_address", "shipping_method_name", "discount_rate", "subtotal", "discount", "shipping",
        "shipping_vat_rate", "vat", "total", "refunded", "state", "created_at",
    )  # fmt: skip
    fields = (*readonly_fields, "carrier", "tracking_reference")
    inlines: ClassVar[list[type[InlineModelAdmin[Any, Any]]]] = [LineInline, HistoryInline]
    actions: Sequence[str] = ("export_csv", "mark_delivered")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Order | None = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Order, form: Any, change: bool) -> None:
        """Saving a paid order with a carrier and a tracking reference ships it (the shipped e-mail goes)."""
        carrier, tracking = obj.carrier, obj.tracking_reference
        current = Order.objects.get(pk=obj.pk)
        if current.state in ("paid", "partially_refunded") and carrier and tracking:
            try:
                order_fulfil(
                    order=current, by=staff_user(request), carrier=carrier, tracking_reference=tracking
                )
            except DomainError as error:
                self.message_user(request, error.message, messages.ERROR)
            return
        super().save_model(request, obj, form, change)

    @admin.action(description="Export the selected orders as CSV")
    def export_csv(self, request: HttpRequest, queryset: QuerySet[Order]) -> HttpResponse:
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="orders.csv"'
        writer = csv.writer(response)
        writer.writerow(CSV_COLUMNS)
        for order in queryset.select_related("buyer", "practitioner").order_by("created_at"):
            writer.writerow(
                [
                    order.number,
                    order.created_at.isoformat(),
                    order.state,
                    order.buyer.email,
                    order.practitioner.email if order.practitioner else "",
                    order.region,
                    order.currency,
                    order.subtotal,
                    order.discount,
                    order.shipping,
                    order.vat,
                    order.total,
                    order.refunded,
                    order.carrier,
                    order.tracking_reference,
                ]
            )
        return response

    @admin.action(description="Mark the selected shipped orders delivered")
    def mark_delivered(self, request: HttpRequest, queryset: QuerySet[Order]) -> None:
        done = 0
        for order in queryset:
            try:
                order_deliver(order=order, by=staff_user(request))
                done += 1
            except DomainError as error:
                self.message_user(request, f"{order.number}: {error.message}", messages.WARNING)
        self.message_user(request, f"{done} order(s) marked delivered.")
