from django.contrib import admin

from server.protocols.models import Assignment, Protocol, ProtocolItem, ProtocolTemplate, ProtocolTemplateItem


class ProtocolItemInline(admin.TabularInline[ProtocolItem, Protocol]):
    model = ProtocolItem
    extra = 0
    raw_id_fields = ("variant",)


class AssignmentInline(admin.TabularInline[Assignment, Protocol]):
    model = Assignment
    extra = 0
    raw_id_fields = ("client",)
    readonly_fields = ("created_at", "hidden_at")


@admin.register(Protocol)
class ProtocolAdmin(admin.ModelAdmin[Protocol]):
    list_display = ("name", "owner", "created_at", "updated_at")
    search_fields = ("name", "owner__email")
    raw_id_fields = ("owner",)
    readonly_fields = ("link_token", "link_created_at")
    inlines = (ProtocolItemInline, AssignmentInline)


class TemplateItemInline(admin.TabularInline[ProtocolTemplateItem, ProtocolTemplate]):
    model = ProtocolTemplateItem
    extra = 1
    raw_id_fields = ("variant",)


@admin.register(ProtocolTemplate)
class ProtocolTemplateAdmin(admin.ModelAdmin[ProtocolTemplate]):
    """Templates of the `local` content provider are written here by the shop's staff."""

    list_display = ("name", "provider", "is_active", "created_at")
    list_filter = ("provider", "is_active")
    search_fields = ("name",)
    inlines = (TemplateItemInline,)
