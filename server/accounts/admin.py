from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import FileResponse, Http404, HttpRequest
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html

from server.accounts import services
from server.accounts.models import PractitionerClient, PractitionerProfile, User


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


@admin.register(PractitionerProfile)
class PractitionerProfileAdmin(admin.ModelAdmin[PractitionerProfile]):
    list_display = ("user", "health_profession", "certificate_status", "certificate_uploaded_at")
    list_filter = ("certificate_status", "health_profession", "expertise_level", "organisation_type")
    search_fields = ("user__email", "user__first_name", "user__last_name")
    list_select_related = ("user",)
    readonly_fields = ("user", "certificate_link", "certificate_status", "certificate_uploaded_at")
    exclude = ("certificate",)
    actions = ("validate_certificates", "reject_certificates")

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view(self.certificate_view)
        return [path("<int:pk>/certificate/", view, name="accounts_certificate"), *super().get_urls()]

    def certificate_view(self, request: HttpRequest, pk: int) -> FileResponse:
        """Streams a certificate to staff; there is no public URL for it."""
        profile = PractitionerProfile.objects.filter(pk=pk).first()
        if profile is None or not profile.certificate or not self.has_view_permission(request, profile):
            raise Http404
        return FileResponse(profile.certificate.open("rb"), as_attachment=True)

    @admin.display(description="certificate")
    def certificate_link(self, profile: PractitionerProfile) -> str:
        if not profile.certificate:
            return "-"
        return format_html(
            '<a href="{}">download</a>', reverse("admin:accounts_certificate", args=[profile.pk])
        )

    @admin.action(description="Validate the certificate (the practitioner becomes certified)")
    def validate_certificates(self, request: HttpRequest, queryset: QuerySet[PractitionerProfile]) -> None:
        for profile in queryset.select_related("user"):
            services.practitioner_certificate_validate(profile=profile)

    @admin.action(description="Reject the certificate")
    def reject_certificates(self, request: HttpRequest, queryset: QuerySet[PractitionerProfile]) -> None:
        for profile in queryset:
            services.practitioner_certificate_reject(profile=profile)


@admin.register(PractitionerClient)
class PractitionerClientAdmin(admin.ModelAdmin[PractitionerClient]):
    list_display = ("practitioner", "client", "discount_rate", "created_at")
    search_fields = ("practitioner__email", "client__email")
    raw_id_fields = ("practitioner", "client")
