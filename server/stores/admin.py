from django.contrib import admin

from server.stores.models import Store, StoreAttribution, StorePackage, StoreService


class ServiceInline(admin.TabularInline[StoreService, Store]):
    model = StoreService
    extra = 0


class PackageInline(admin.TabularInline[StorePackage, Store]):
    model = StorePackage
    extra = 0
    fields = ("name", "price", "position", "image")


@admin.register(Store)
class StoreAdmin(admin.ModelAdmin[Store]):
    """Staff may correct a store (e.g. take down an offensive shop name); images are replaced through the
    API only, where they are validated and re-encoded."""

    list_display = ("shop_name", "owner", "type", "theme", "payout_method", "updated_at")
    search_fields = ("shop_name", "owner__email")
    raw_id_fields = ("owner",)
    readonly_fields = ("header_image", "about_image", "approach_image_1", "approach_image_2")
    inlines = (ServiceInline, PackageInline)


@admin.register(StoreAttribution)
class StoreAttributionAdmin(admin.ModelAdmin[StoreAttribution]):
    list_display = ("store", "visitor", "variant", "attributed_at")
    raw_id_fields = ("store", "visitor", "variant")
    search_fields = ("store__shop_name", "visitor__email")
