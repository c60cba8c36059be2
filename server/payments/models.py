"""Payments of orders (docs/decisions/0017-checkout-orders-and-payments.md): one row per attempt at a
provider, its log of status changes, refunds, a buyer's customer at a provider (for mandates: decision
0042), and the embedded test provider's own side of payments, customers and mandates."""

from __future__ import annotations

from typing import ClassVar

from django.db import models

from server.orders.models import Order


class PaymentStatus(models.TextChoices):
    """Mollie's payment statuses, which the test provider speaks too."""

    OPEN = "open", "Open"
    PENDING = "pending", "Pending"
    AUTHORIZED = "authorized", "Authorized"
    PAID = "paid", "Paid"
    FAILED = "failed", "Failed"
    CANCELED = "canceled", "Canceled"
    EXPIRED = "expired", "Expired"


FINAL_STATUSES = frozenset(
    {PaymentStatus.PAID, PaymentStatus.FAILED, PaymentStatus.CANCELED, PaymentStatus.EXPIRED}
)


class SequenceType(models.TextChoices):
    """Mollie's sequence types: a payment on its own, the first of a mandate (the buyer pays on the hosted
    page and the mandate is made when it is paid), or one charged on that mandate without the buyer."""

    ONEOFF = "oneoff", "One-off"
    FIRST = "first", "First of a mandate"
    RECURRING = "recurring", "Recurring"


class Payment(models.Model):
    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="payments")
    provider = models.CharField(max_length=16)
    provider_id = models.CharField(max_length=64)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    currency = models.CharField(max_length=3)
    status = models.CharField(max_length=16, choices=PaymentStatus.choices, default=PaymentStatus.OPEN)
    method = models.CharField(max_length=32, blank=True)
    # Empty for a recurring payment: nobody is sent anywhere to pay it.
    checkout_url = models.URLField(max_length=500, blank=True)
    refunded = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    sequence_type = models.CharField(max_length=16, choices=SequenceType.choices, default=SequenceType.ONEOFF)
    # The provider's customer and mandate: set when a first payment is paid (the mandate it made) and on
    # a recurring payment (the mandate it was charged on).
    customer_id = models.CharField(max_length=64, blank=True)
    mandate_id = models.CharField(max_length=64, blank=True)
    # A recurring charge's idempotency key (the caller's): a charge asked again with it is answered with
    # this row, without a provider call or holding the units of an order paid meanwhile again.
    charge_key = models.CharField(max_length=128, null=True, blank=True, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["provider", "provider_id"], name="payments_one_row_per_provider_id"
            )
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.provider_id} {self.status}"


class PaymentLog(models.Model):
    """Every status a provider reported, whether it changed anything, for staff to read in the admin."""

    payment = models.ForeignKey(Payment, on_delete=models.CASCADE, related_name="log")
    status = models.CharField(max_length=16)
    changed = models.BooleanField()
    note = models.CharField(max_length=255, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("payment", "at", "id")

    def __str__(self) -> str:
        return f"{self.payment_id} {self.status}"


class RefundStatus(models.TextChoices):
    """A refund is recorded before the provider is asked (docs/architecture.md, "Money and outbound
    calls"): pending until the provider's answer is recorded; a pending one whose answer was lost is
    finished by the reconciler."""

    PENDING = "pending", "Pending"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"


class Refund(models.Model):
    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="refunds")
    # Sent with the provider call as its idempotency key and kept on the provider's refund, so a call
    # repeated after a crash refunds once and a lost answer can be found again.
    key = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=16, choices=RefundStatus.choices, default=RefundStatus.PENDING)
    provider_refund_id = models.CharField(max_length=64, blank=True)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    by = models.ForeignKey(
        "accounts.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes: ClassVar = [models.Index(fields=["status", "created_at"], name="payments_refund_status")]

    def __str__(self) -> str:
        return f"{self.provider_refund_id or self.key} {self.amount} {self.status}"


class PaymentCustomer(models.Model):
    """A buyer's customer at a provider, which its mandates belong to: made there once, on the first
    payment that makes a mandate, and kept for every later one."""

    user = models.ForeignKey("accounts.User", on_delete=models.CASCADE, related_name="payment_customers")
    provider = models.CharField(max_length=16)
    customer_id = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["user", "provider"], name="payments_one_customer_per_provider")
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.customer_id}"


class TestProviderPayment(models.Model):
    """The embedded test provider's record of a payment: what a real provider keeps on its side. The
    shop's hosted test page sets its outcome; the webhook handling then reads it like Mollie's."""

    __test__ = False  # not a pytest test class, despite its name

    id = models.CharField(primary_key=True, max_length=64)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    currency = models.CharField(max_length=3)
    description = models.CharField(max_length=255)
    status = models.CharField(max_length=16, choices=PaymentStatus.choices, default=PaymentStatus.OPEN)
    method = models.CharField(max_length=32, blank=True)
    redirect_url = models.CharField(max_length=500)
    refunded = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    sequence_type = models.CharField(max_length=16, choices=SequenceType.choices, default=SequenceType.ONEOFF)
    customer_id = models.CharField(max_length=64, blank=True)
    mandate_id = models.CharField(max_length=64, blank=True)
    # A recurring charge's idempotency key: the same key answers the first charge, as Mollie's does.
    key = models.CharField(max_length=128, null=True, blank=True, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.id} {self.status}"


class TestProviderCustomer(models.Model):
    """The embedded test provider's customer, as Mollie's `cst_...`."""

    __test__ = False

    id = models.CharField(primary_key=True, max_length=64)
    name = models.CharField(max_length=255, blank=True)
    email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.id


class MandateStatus(models.TextChoices):
    VALID = "valid", "Valid"
    INVALID = "invalid", "Invalid"


class TestProviderMandate(models.Model):
    """The embedded test provider's mandate, made when a first payment is paid on the test page.
    `next_charge` is the outcome of every charge on it until it is set again (`POST /v2/payments/test/
    mandates/{id}`), so a test can make a run of charges fail and then succeed."""

    __test__ = False

    id = models.CharField(primary_key=True, max_length=64)
    customer_id = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=16, choices=MandateStatus.choices, default=MandateStatus.VALID)
    method = models.CharField(max_length=32, blank=True)
    next_charge = models.CharField(
        max_length=16,
        choices=[(PaymentStatus.PAID, "Paid"), (PaymentStatus.FAILED, "Failed")],
        default=PaymentStatus.PAID,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.id} {self.status}"


class TestProviderRefund(models.Model):
    """The embedded test provider's record of a refund, found again by the shop's key as Mollie's is."""

    __test__ = False

    id = models.CharField(primary_key=True, max_length=64)
    payment = models.ForeignKey(TestProviderPayment, on_delete=models.CASCADE, related_name="refunds")
    key = models.CharField(max_length=64, unique=True)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.id} {self.amount}"
