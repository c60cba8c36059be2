from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin

from server.accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin[User]):
    ordering = ("email",)
    list_display = ("email", "first_name", "last_name", "user_type_id", "is_active", "is_staff")
    list_filter = ("user_type_id", "is_active", "is_staff")
    search_fields = ("email", "first_name", "last_name")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Person", {"fields": ("first_name", "last_name", "user_type_id")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("email", "user_type_id", "password1", "password2")}),
    )
