"""Staff's view of automatic refills (docs/decisions/0042-automatic-refills.md): subscriptions filtered by
state, store and practitioner, with their lines and parcels (each parcel's order and charge attempts), and
each store's settings (lead time, notice days, retry plan, auto-refill discount)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from server.subscriptions.models import Parcel, RefillSettings, Subscription, SubscriptionLine


@admin.register(RefillSettings)
class RefillSettingsAdmin(admin.ModelAdmin[RefillSettings]):
    list_display = ("region", "discount_rate", "lead_days", "notice_days", "retry_days")
    list_editable = ("discount_rate", "lead_days", "notice_days", "retry_days")


class LineInline(admin.TabularInline[SubscriptionLine, Subscription]):
    model = SubscriptionLine
    extra = 0
    fields = ("variant", "quantity", "servings_per_day", "runs_out_on", "refuse_substitute", "protocol_item")
    readonly_fields = ("variant", "servings_per_day", "runs_out_on", "protocol_item")

    def has_add_permission(self, request: HttpRequest, obj: Subscription | None = None) -> bool:
        return False


class ParcelInline(admin.TabularInline[Parcel, Subscription]):
    model = Parcel
    extra = 0
    can_delete = False
    fields = ("date", "state", "first", "order", "attempts", "charge_key", "failed_on", "retry_on")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Subscription | None = None) -> bool:
        return False


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin[Subscription]):
    list_display = ("id", "client", "practitioner", "protocol", "region", "state", "reason", "next_parcel_on")
    list_filter = ("state", "region", "reason")
    search_fields = ("client__email", "practitioner__email", "protocol__name")
    raw_id_fields = ("client", "practitioner", "protocol", "source_order")
    readonly_fields = (
        "state",
        "reason",
        "provider",
        "customer_id",
        "mandate_id",
        "noticed_for",
        "idempotency_key",
        "request_fingerprint",
        "created_at",
        "updated_at",
        "cancelled_at",
    )
    inlines = (LineInline, ParcelInline)
    list_select_related = ("client", "practitioner", "protocol")


@admin.register(Parcel)
class ParcelAdmin(admin.ModelAdmin[Parcel]):
    list_display = ("subscription", "date", "state", "order", "attempts", "retry_on")
    list_filter = ("state",)
    search_fields = ("order__number", "subscription__client__email")
    raw_id_fields = ("subscription", "order")
    readonly_fields = ("plan", "charge_key", "attempts", "failed_on")
