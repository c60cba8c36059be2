from django.contrib import admin

from server.providers.models import Ad, MarketingEvent


@admin.register(Ad)
class AdAdmin(admin.ModelAdmin[Ad]):
    list_display = ("title", "provider", "ad_type", "position", "is_active", "created_at")
    list_filter = ("provider", "ad_type", "is_active")
    list_editable = ("position", "is_active")
    search_fields = ("title", "body")


@admin.register(MarketingEvent)
class MarketingEventAdmin(admin.ModelAdmin[MarketingEvent]):
    list_display = ("trigger_id", "provider", "user", "created_at")
    list_filter = ("provider", "trigger_id")
    readonly_fields = ("provider", "trigger_id", "user", "created_at")

    def has_add_permission(self, request: object) -> bool:
        return False
