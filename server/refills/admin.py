from __future__ import annotations

from django.contrib import admin

from server.refills.models import RefillPreference, RefillReminder


@admin.register(RefillReminder)
class RefillReminderAdmin(admin.ModelAdmin[RefillReminder]):
    list_display = ("client", "protocol", "order", "runs_out_on", "remind_on", "state", "sent_at")
    list_filter = ("state",)
    search_fields = ("client__email", "protocol__name", "order__number")
    raw_id_fields = ("client", "protocol", "order")


@admin.register(RefillPreference)
class RefillPreferenceAdmin(admin.ModelAdmin[RefillPreference]):
    list_display = ("user", "protocol", "enabled", "days_before", "updated_at")
    raw_id_fields = ("user", "protocol")
