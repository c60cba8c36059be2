"""The shop's user: signs in with an e-mail address and has one of the four user types of spec
docs/spec-coverage.md#s6-user-types.

Set as AUTH_USER_MODEL from the first migration, so later issues extend it instead of swapping it.
"""

from __future__ import annotations

import uuid
from typing import Any, ClassVar

from django.contrib.auth.models import AbstractBaseUser, BaseUserManager, PermissionsMixin
from django.core.files.storage import Storage, storages
from django.db import models
from django.utils import timezone


class UserType(models.IntegerChoices):
    ADMIN = 1, "Admin"
    CERTIFIED_PRACTITIONER = 2, "Certified practitioner"
    PRACTITIONER = 3, "Practitioner"
    CLIENT = 4, "Client"


class UserManager(BaseUserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> User:
        # E-mail addresses match case-insensitively, at sign-in as everywhere else.
        return self.get(email__iexact=username)

    def create_user(self, email: str, password: str | None = None, **fields: Any) -> User:
        if not email:
            raise ValueError("An e-mail address is required")
        user = self.model(email=self.normalize_email(email).lower(), **fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **fields: Any) -> User:
        fields.update(is_staff=True, is_superuser=True, user_type_id=UserType.ADMIN)
        return self.create_user(email, password, **fields)


class User(AbstractBaseUser, PermissionsMixin):
    # Stored lower-cased (see save), so the unique index makes addresses unique whatever their case.
    email = models.EmailField(max_length=254, unique=True)
    first_name = models.CharField(max_length=150, blank=True)
    last_name = models.CharField(max_length=150, blank=True)
    user_type_id = models.PositiveSmallIntegerField(choices=UserType.choices, default=UserType.CLIENT)
    is_active = models.BooleanField(default=True)
    # The interface language the user last used; e-mails to them are written in it.
    language = models.CharField(max_length=8, default="en")
    is_staff = models.BooleanField(default=False)
    date_joined = models.DateTimeField(default=timezone.now)

    objects: ClassVar[UserManager] = UserManager()

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    REQUIRED_FIELDS: ClassVar[list[str]] = []

    def __str__(self) -> str:
        return self.email

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.email = self.email.strip().lower()
        super().save(*args, **kwargs)


class HealthProfession(models.IntegerChoices):
    NUTRITIONAL_THERAPIST = 1, "Nutritional therapist"
    NATUROPATH = 2, "Naturopath"
    HERBALIST = 3, "Herbalist"
    ORTHOMOLECULAR_THERAPIST = 4, "Orthomolecular therapist"
    FUNCTIONAL_MEDICINE_PRACTITIONER = 5, "Functional medicine practitioner"
    DIETICIAN = 6, "Dietician"
    HOMOEOPATH = 7, "Homoeopath"
    TCM_PRACTITIONER = 8, "Traditional Chinese medicine practitioner"
    CHIROPRACTOR = 9, "Chiropractor"
    OSTEOPATH = 10, "Osteopath"
    PHYSIOTHERAPIST = 11, "Physiotherapist"
    KINESIOLOGIST = 12, "Kinesiologist"
    PHARMACIST = 13, "Pharmacist"
    GP_OR_DOCTOR = 14, "GP or doctor"
    PRESCRIBING_NURSE = 15, "Prescribing nurse"
    NES_HEALTH_PRACTITIONER = 16, "NES health practitioner"
    OTHER = 17, "Other"


class ExpertiseLevel(models.IntegerChoices):
    STUDENT_PRACTITIONER = 1, "Student practitioner"
    LICENSED_MEDICAL_PRACTITIONER = 2, "Licensed medical practitioner"
    NUTRITIONAL_THERAPIST = 3, "Nutritional therapist"
    CERTIFIED_FUNCTIONAL_MEDICINE_PRACTITIONER = 4, "Certified functional medicine practitioner"
    DIETITIAN = 5, "Dietitian"
    NUTRITIONIST = 6, "Nutritionist"
    HEALTH_FITNESS_COACH = 7, "Certified health/fitness coach"
    OTHER = 8, "Other"


class OrganisationType(models.IntegerChoices):
    SINGLE_PRACTITIONER = 1, "Own practice, single practitioner"
    MID_SIZED = 2, "Mid-sized, 2-9 practitioners"
    LARGER = 3, "Larger, 10+ practitioners"
    OTHER = 4, "Other"


class CertificateStatus(models.TextChoices):
    NONE = "none", "Not uploaded"
    PENDING = "pending", "Waiting for validation"
    VALIDATED = "validated", "Validated"
    REJECTED = "rejected", "Rejected"


def certificate_path(instance: PractitionerProfile, filename: str) -> str:
    return f"certificates/{instance.user_id}/{filename}"


def private_storage() -> Storage:
    """Certificates are personal documents: kept outside MEDIA_ROOT, never served by a public URL."""
    return storages["private"]


class PractitionerProfile(models.Model):
    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="practitioner_profile")
    health_profession = models.PositiveSmallIntegerField(choices=HealthProfession.choices)
    expertise_level = models.PositiveSmallIntegerField(choices=ExpertiseLevel.choices)
    organisation_type = models.PositiveSmallIntegerField(choices=OrganisationType.choices)
    phone = models.CharField(max_length=40, blank=True)
    certificate = models.FileField(upload_to=certificate_path, storage=private_storage, blank=True)
    certificate_status = models.CharField(
        max_length=12, choices=CertificateStatus.choices, default=CertificateStatus.NONE
    )
    certificate_uploaded_at = models.DateTimeField(null=True, blank=True)
    certificate_validated_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"practitioner profile of {self.user_id}"


class ClientProfile(models.Model):
    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="client_profile")
    phone = models.CharField(max_length=40, blank=True)

    def __str__(self) -> str:
        return f"client profile of {self.user_id}"


class PractitionerClient(models.Model):
    """A client of a practitioner, with the discount the practitioner gives them (percent)."""

    practitioner = models.ForeignKey(User, on_delete=models.CASCADE, related_name="client_links")
    client = models.ForeignKey(User, on_delete=models.CASCADE, related_name="practitioner_links")
    discount_rate = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["practitioner", "client"], name="accounts_practitioner_client_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.client_id} of {self.practitioner_id}"


class AuthSession(models.Model):
    """One sign-in (a device or browser). Access tokens name it (`sid`); revoking it ends them at once.

    The refresh token is `<session id>.<secret>`; only the secret's SHA-256 is kept. Each refresh rotates
    it; the hashes of rotated secrets are kept so a reuse can be recognised (and the session revoked).
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="auth_sessions")
    refresh_hash = models.CharField(max_length=64)
    rotated_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_reason = models.CharField(max_length=40, blank=True)
    user_agent = models.CharField(max_length=255, blank=True)
    ip_address = models.GenericIPAddressField(null=True, blank=True)

    class Meta:
        indexes: ClassVar = [models.Index(fields=["user", "revoked_at"])]

    def __str__(self) -> str:
        return f"session {self.id} of {self.user_id}"


class RotatedRefresh(models.Model):
    session = models.ForeignKey(AuthSession, on_delete=models.CASCADE, related_name="rotated")
    refresh_hash = models.CharField(max_length=64, unique=True)
    rotated_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rotated refresh of {self.session_id}"


class TokenPurpose(models.TextChoices):
    ACTIVATION = "activation", "Account activation"
    PASSWORD_RESET = "password_reset", "Password reset"


class OneTimeToken(models.Model):
    """An e-mailed link token: random, stored hashed, single use, expiring."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="one_time_tokens")
    purpose = models.CharField(max_length=20, choices=TokenPurpose.choices)
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.purpose} token of {self.user_id}"


# Onboarding milestones (spec: docs/spec-coverage.md#s3-onboarding-milestones), one row per milestone reached.
# The table was created by the onboarding app before it was folded into accounts; it keeps its name.
class MilestoneId(models.IntegerChoices):
    REGISTRATION_COMPLETE = 1, "Registration complete"
    CERTIFICATE_UPLOADED = 2, "Certificate uploaded"
    CERTIFICATE_VALIDATED = 3, "Certificate validated"
    TIER_ID = 4, "Tier set"
    PROTOCOL_CREATED = 5, "Protocol created"
    ONBOARDING_CALL_SCHEDULED = 6, "Onboarding call scheduled"
    FIFTH_PROTOCOL_SHARED = 7, "Fifth protocol shared"
    TENTH_PROTOCOL_SHARED = 8, "Tenth protocol shared"
    MANAGE_MY_PRACTICE_ACTIVATED = 9, "Manage my practice activated"
    FIRST_CLIENT_INVITED = 10, "First client invited"
    FIFTH_CLIENT_INVITED = 11, "Fifth client invited"
    TWENTIETH_CLIENT_INVITED = 12, "Twentieth client invited"
    HUNDREDTH_CLIENT_INVITED = 13, "Hundredth client invited"
    FIRST_PROTOCOL_SHARED = 14, "First protocol shared"


class Milestone(models.Model):
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="milestones")
    milestone_id = models.PositiveSmallIntegerField(choices=MilestoneId.choices)
    reached_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "onboarding_milestone"
        ordering = ("reached_at", "milestone_id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["user", "milestone_id"], name="onboarding_milestone_once")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} reached {self.milestone_id}"
