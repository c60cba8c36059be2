"""Payments in the admin (docs/decisions/0017-checkout-orders-and-payments.md): each payment with its log of
provider reports and its refunds, and the order admin's money actions (refund in part or in full through the
provider, cancel)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from server.accounts.auth import staff_user
from server.core.errors import DomainError
from server.orders.admin import OrderAdmin
from server.orders.models import Order, OrderState
from server.orders.services import order_cancel, order_units_return, refundable
from server.payments.models import Payment, PaymentLog, Refund
from server.payments.outcomes import RefundPending
from server.payments.services import payment_refund


class LogInline(admin.TabularInline[PaymentLog, Payment]):
    model = PaymentLog
    extra = 0
    can_delete = False
    fields = ("at", "status", "changed", "note")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Payment | None = None) -> bool:
        return False


class RefundInline(admin.TabularInline[Refund, Payment]):
    model = Refund
    extra = 0
    can_delete = False
    fields = ("created_at", "status", "amount", "provider_refund_id", "key", "by", "note")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Payment | None = None) -> bool:
        return False


@admin.register(Payment)
class PaymentAdmin(admin.ModelAdmin[Payment]):
    list_display = (
        "provider_id",
        "order",
        "provider",
        "status",
        "method",
        "amount",
        "currency",
        "refunded",
        "created_at",
    )
    list_filter = ("provider", "status", "method", "sequence_type")
    search_fields = ("provider_id", "order__number", "mandate_id", "customer_id")
    readonly_fields = (
        "order", "provider", "provider_id", "amount", "currency", "status", "method", "checkout_url",
        "refunded", "sequence_type", "customer_id", "mandate_id", "charge_key",
    )  # fmt: skip
    inlines = (LogInline, RefundInline)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Payment | None = None) -> bool:
        return False


class PaymentInline(admin.TabularInline[Payment, Order]):
    model = Payment
    extra = 0
    can_delete = False
    fields = ("provider", "provider_id", "status", "method", "amount", "refunded", "created_at")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Order | None = None) -> bool:
        return False


class RefundForm(forms.Form):
    amount = forms.DecimalField(max_digits=12, decimal_places=2, min_value=Decimal("0.01"))

    def __init__(self, *args: Any, order: Order, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Units that came back with the refund go back on the shelf (a line's product, at most what it sold).
        for line in order.lines.exclude(variant=None):
            self.fields[f"return_{line.variant_id}"] = forms.IntegerField(
                label=f"Units of {line.name} back in stock (sold {line.quantity})",
                min_value=0,
                max_value=line.quantity,
                initial=0,
                required=False,
            )

    def returns(self) -> dict[int, int]:
        return {
            int(name.removeprefix("return_")): value or 0
            for name, value in self.cleaned_data.items()
            if name.startswith("return_")
        }


admin.site.unregister(Order)


@admin.register(Order)
class OrderPaymentsAdmin(OrderAdmin):
    inlines = [*OrderAdmin.inlines, PaymentInline]
    actions = (*OrderAdmin.actions, "refund", "cancel")

    @admin.action(description="Refund one order, in part or in full, through its payment provider")
    def refund(self, request: HttpRequest, queryset: QuerySet[Order]) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(request, "Choose exactly one order to refund.", messages.WARNING)
            return None
        order = queryset.get()
        form = RefundForm(
            request.POST if "amount" in request.POST else None,
            initial={"amount": refundable(order)},
            order=order,
        )
        if form.is_bound and form.is_valid():
            try:
                amount = Decimal(form.cleaned_data["amount"])
                payment_refund(order=order, amount=amount, by=staff_user(request))
            except RefundPending as pending:
                self._restock(request, order, form.returns())  # the money follows; the units are here
                self.message_user(request, f"{order.number}: {pending.message}", messages.WARNING)
            except (DomainError, InvalidOperation) as error:
                self.message_user(request, getattr(error, "message", str(error)), messages.ERROR)
            else:
                self._restock(request, order, form.returns())
                self.message_user(request, f"{order.number}: {amount} {order.currency} refunded.")
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": f"Refund order {order.number}",
            "order": order,
            "form": form,
            "refundable": refundable(order),
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/orders/refund.html", context)

    def _restock(self, request: HttpRequest, order: Order, returns: dict[int, int]) -> None:
        try:
            order_units_return(order=order, returns=returns, by=staff_user(request))
        except DomainError as error:
            self.message_user(request, f"{order.number}: {error.message}", messages.ERROR)

    @admin.action(description="Cancel the selected orders (a paid one is refunded in full)")
    def cancel(self, request: HttpRequest, queryset: QuerySet[Order]) -> None:
        for order in queryset:
            try:
                if order.state == OrderState.AWAITING_PAYMENT:
                    order_cancel(order=order, by=staff_user(request), note="cancelled by staff")
                else:
                    payment_refund(order=order, amount=refundable(order), by=staff_user(request))
            except DomainError as error:
                self.message_user(request, f"{order.number}: {error.message}", messages.WARNING)
