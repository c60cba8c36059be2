"""Staff's side of earnings (docs/decisions/0020-practitioner-earnings.md): commission rates, the ledger (read
only; a correction is an adjustment with its reason), the payout minimum, and the monthly payout runs with
their batch files."""

from __future__ import annotations

from datetime import date
from typing import Any, ClassVar

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.html import format_html

from server.accounts.auth import staff_user
from server.accounts.models import User, UserType
from server.core.errors import DomainError
from server.earnings.models import (
    CommissionRate,
    LedgerEntry,
    Payout,
    PayoutRun,
    PayoutSettings,
)
from server.earnings.selectors import payout_batch_csv
from server.earnings.services import earnings_adjust, payout_month_check, payout_run_start

PRACTITIONER_TYPES = (UserType.CERTIFIED_PRACTITIONER, UserType.PRACTITIONER)


def practitioners() -> QuerySet[User]:
    return User.objects.filter(user_type_id__in=PRACTITIONER_TYPES).order_by("email")


@admin.register(CommissionRate)
class CommissionRateAdmin(admin.ModelAdmin[CommissionRate]):
    list_display = ("practitioner", "rate", "updated_at")
    search_fields = ("practitioner__email", "practitioner__last_name")
    autocomplete_fields = ()

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if db_field.name == "practitioner":
            kwargs["queryset"] = practitioners()
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class AdjustmentForm(forms.ModelForm[LedgerEntry]):
    class Meta:
        model = LedgerEntry
        fields = ("practitioner", "amount", "currency", "reason")

    practitioner = forms.ModelChoiceField(queryset=practitioners())
    currency = forms.ChoiceField(choices=(("EUR", "EUR"), ("GBP", "GBP")))
    reason = forms.CharField(max_length=255, help_text="Required: why the balance changes")

    def clean_amount(self) -> Any:
        amount = self.cleaned_data["amount"]
        if amount == 0:
            raise forms.ValidationError("An adjustment moves the balance: not zero.")
        return amount


@admin.register(LedgerEntry)
class LedgerEntryAdmin(admin.ModelAdmin[LedgerEntry]):
    """The ledger is read only; "add" writes an adjustment through the service, with its reason."""

    list_display = ("at", "practitioner", "kind", "amount", "currency", "order", "reason")
    list_filter = ("kind", "currency", ("practitioner", admin.RelatedOnlyFieldListFilter))
    search_fields = ("practitioner__email", "order__number", "reason")
    date_hierarchy = "at"
    list_select_related = ("practitioner", "order")

    def get_form(
        self, request: HttpRequest, obj: LedgerEntry | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is None:
            kwargs["form"] = AdjustmentForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: LedgerEntry | None = None) -> Any:
        if obj is None:
            return ()
        return [field.name for field in LedgerEntry._meta.fields]

    def has_change_permission(self, request: HttpRequest, obj: LedgerEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: LedgerEntry | None = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: LedgerEntry, form: Any, change: bool) -> None:
        entry = earnings_adjust(
            practitioner=obj.practitioner,
            amount=obj.amount,
            currency=obj.currency,
            reason=obj.reason,
            by=staff_user(request),
        )
        obj.pk, obj.at, obj.kind = entry.pk, entry.at, entry.kind


@admin.register(PayoutSettings)
class PayoutSettingsAdmin(admin.ModelAdmin[PayoutSettings]):
    list_display = ("__str__", "minimum_eur", "minimum_gbp")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return not PayoutSettings.objects.exists()

    def has_delete_permission(self, request: HttpRequest, obj: PayoutSettings | None = None) -> bool:
        return False


class PayoutInline(admin.TabularInline[Payout, PayoutRun]):
    model = Payout
    extra = 0
    can_delete = False
    fields = ("practitioner", "currency", "amount", "method", "account_holder", "destination")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: PayoutRun | None = None) -> bool:
        return False


class PayoutRunForm(forms.ModelForm[PayoutRun]):
    class Meta:
        model = PayoutRun
        fields = ("month",)

    month = forms.DateField(
        help_text="Any day of the month to pay out, e.g. 2026-10-01; the month must be over"
    )

    def clean_month(self) -> date:
        month: date = self.cleaned_data["month"]
        try:
            payout_month_check(month=month)
        except DomainError as error:
            raise forms.ValidationError(error.message) from error
        return month


@admin.register(PayoutRun)
class PayoutRunAdmin(admin.ModelAdmin[PayoutRun]):
    list_display = ("month", "created_at", "by", "payout_count", "batch_file")
    inlines: ClassVar[list[Any]] = [PayoutInline]

    def get_form(
        self, request: HttpRequest, obj: PayoutRun | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is None:
            kwargs["form"] = PayoutRunForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: PayoutRun | None = None) -> Any:
        return ("month", "by", "created_at") if obj else ()

    def has_change_permission(self, request: HttpRequest, obj: PayoutRun | None = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: PayoutRun | None = None) -> bool:
        return False

    @admin.display(description="payouts")
    def payout_count(self, run: PayoutRun) -> int:
        return run.payouts.count()

    @admin.display(description="batch file")
    def batch_file(self, run: PayoutRun) -> str:
        url = reverse("admin:earnings_payoutrun_batch", args=[run.pk])
        return format_html('<a href="{}">{}</a>', url, f"payouts-{run.month:%Y-%m}.csv")

    def get_urls(self) -> list[URLPattern]:
        batch = path(
            "<int:run_id>/batch.csv",
            self.admin_site.admin_view(self.batch_view),
            name="earnings_payoutrun_batch",
        )
        return [batch, *super().get_urls()]

    def batch_view(self, request: HttpRequest, run_id: int) -> HttpResponse:
        if not self.has_view_permission(request):
            return HttpResponse(status=403)
        run = get_object_or_404(PayoutRun, pk=run_id)
        response = HttpResponse(payout_batch_csv(run), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="payouts-{run.month:%Y-%m}.csv"'
        return response

    def save_model(self, request: HttpRequest, obj: PayoutRun, form: Any, change: bool) -> None:
        month: date = form.cleaned_data["month"]
        try:
            result = payout_run_start(month=month, by=staff_user(request), today=timezone.now().date())
        except DomainError as error:
            self.message_user(request, error.message, messages.ERROR)
            obj.pk = PayoutRun.objects.filter(month=month.replace(day=1)).values_list("pk", flat=True).first()
            return
        obj.pk, obj.month, obj.by, obj.created_at = (
            result.run.pk,
            result.run.month,
            result.run.by,
            result.run.created_at,
        )
        self.message_user(request, f"{len(result.payouts)} payout(s) recorded.")
        if result.waiting:
            names = ", ".join(
                f"{user.email} ({balance} {currency})" for user, currency, balance in result.waiting
            )
            self.message_user(request, f"No payout method yet, told by e-mail: {names}", messages.WARNING)
