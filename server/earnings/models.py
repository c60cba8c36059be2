"""Practitioner earnings (docs/decisions/0020-practitioner-earnings.md): the commission rate staff set per
practitioner, and the ledger, an append-only list of entries whose sums are the balances
(docs/decisions/0020-practitioner-earnings.md). An entry is never changed or deleted; a correction is a new
entry."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from server.orders.models import Order, OrderLine

DEFAULT_COMMISSION_RATE = Decimal("20.00")
MAX_COMMISSION_RATE = Decimal("50.00")


class CommissionRate(models.Model):
    """A practitioner's commission (percent of the net line amount, VAT excluded), set by staff; without a
    row the default applies."""

    practitioner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="commission_rate"
    )
    rate = models.DecimalField(
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(MAX_COMMISSION_RATE)],
        help_text="Percent, 0 to 50",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints: ClassVar = [
            models.CheckConstraint(
                condition=models.Q(rate__gte=0) & models.Q(rate__lte=MAX_COMMISSION_RATE),
                name="earnings_rate_0_to_50",
            )
        ]

    def __str__(self) -> str:
        return f"{self.practitioner_id}: {self.rate} %"


class EntryKind(models.TextChoices):
    EARNED = "earned", "Earned"
    REVERSED = "reversed", "Reversed"
    PAID_OUT = "paid_out", "Paid out"
    ADJUSTMENT = "adjustment", "Adjustment"


class AppendOnly(Exception):
    """A ledger entry was about to be changed or deleted."""


class LedgerEntry(models.Model):
    """One movement of a practitioner's balance in one currency: positive earns, negative takes away."""

    practitioner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="ledger_entries"
    )
    kind = models.CharField(max_length=12, choices=EntryKind.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    currency = models.CharField(max_length=3)
    order = models.ForeignKey(Order, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    order_line = models.ForeignKey(
        OrderLine, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    client = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    protocol_id = models.PositiveIntegerField(null=True, blank=True)
    # What made a reversal or a payout (the refund's or the payout's id), so each is written once.
    reference = models.CharField(max_length=80, blank=True)
    reason = models.CharField(max_length=255, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ("-at", "-id")
        verbose_name_plural = "ledger entries"
        constraints: ClassVar = [
            # One earning per order line, one reversal per line and refund, one payout per run.
            models.UniqueConstraint(
                fields=["order_line", "kind", "reference"],
                condition=models.Q(order_line__isnull=False),
                name="earnings_once_per_line_kind_reference",
            ),
            models.UniqueConstraint(
                fields=["practitioner", "currency", "reference"],
                condition=models.Q(kind="paid_out"),
                name="earnings_one_payout_per_run",
            ),
        ]
        indexes: ClassVar = [
            models.Index(fields=["practitioner", "currency", "at"]),
            # The newest entry of a practitioner is the version of everything read from their ledger.
            models.Index(fields=["practitioner", "-id"], name="earnings_ledger_version"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} {self.currency}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise AppendOnly("A ledger entry is never changed; write a correcting entry.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnly("A ledger entry is never deleted; write a correcting entry.")


class PayoutSettings(models.Model):
    """The one row of payout settings staff keep in the admin."""

    minimum_eur = models.DecimalField(max_digits=12, decimal_places=2, default=Decimal("25.00"))
    minimum_gbp = models.DecimalField(max_digits=12, decimal_places=2, default=Decimal("25.00"))

    class Meta:
        verbose_name_plural = "payout settings"

    def __str__(self) -> str:
        return f"payouts from {self.minimum_eur} EUR / {self.minimum_gbp} GBP"

    def minimum(self, currency: str) -> Decimal:
        return self.minimum_gbp if currency == "GBP" else self.minimum_eur


class PayoutAccount(models.Model):
    """Where a practitioner's payouts go: a bank account (IBAN) or a PayPal address. Which one is used is
    the store's payout method (server/stores)."""

    practitioner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="payout_account"
    )
    account_holder = models.CharField(max_length=120, blank=True)
    iban = models.CharField(max_length=34, blank=True)
    paypal_email = models.EmailField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"payout account of {self.practitioner_id}"


class PayoutRun(models.Model):
    """The payouts of one month, run once by staff after the month is over."""

    month = models.DateField(unique=True, help_text="The first day of the month paid out")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-month",)

    def __str__(self) -> str:
        return f"payouts of {self.month:%Y-%m}"


class Payout(models.Model):
    """One practitioner's payout in one currency, as sent in the run's batch file."""

    run = models.ForeignKey(PayoutRun, on_delete=models.PROTECT, related_name="payouts")
    practitioner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="payouts"
    )
    currency = models.CharField(max_length=3)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    method = models.CharField(max_length=20)
    account_holder = models.CharField(max_length=120)
    destination = models.CharField(max_length=254, help_text="The IBAN or the PayPal address")

    class Meta:
        ordering = ("run", "currency", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["run", "practitioner", "currency"], name="earnings_one_payout_each"
            )
        ]

    def __str__(self) -> str:
        return f"{self.amount} {self.currency} to {self.practitioner_id}"
