"""A practitioner's certificate (spec: docs/spec-coverage.md#s3-user): uploaded for an admin to validate,
which makes a practitioner certified (type 3 becomes 2) and unlocks sharing, live on their devices
(`profile.updated`)."""

from __future__ import annotations

import uuid

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from server.accounts.models import CertificateStatus, MilestoneId, PractitionerProfile, User, UserType
from server.accounts.services.milestones import milestone_reach
from server.core.errors import DomainError, ErrorCode, InvalidInput
from server.core.images import process_image
from server.core.storage import NewFiles
from server.events.services import event_emit
from server.events.topics import Topic

CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024


class InvalidCertificate(DomainError):
    code = ErrorCode.VALIDATION
    message = "Upload the certificate as a PDF or an image (JPEG, PNG, WebP), at most 10 MB."


def _certificate_file(data: bytes) -> tuple[bytes, str]:
    """A PDF as it is (after a structural check), an image re-encoded without its metadata."""
    if len(data) > CERTIFICATE_MAX_BYTES:
        raise InvalidCertificate()
    if data.startswith(b"%PDF-"):
        if b"%%EOF" not in data[-2048:]:
            raise InvalidCertificate("The PDF file is damaged or incomplete.")
        return data, "pdf"
    try:
        processed = process_image(data)
    except DomainError as exc:
        raise InvalidCertificate() from exc
    return processed.original, "webp"


@transaction.atomic
def practitioner_certificate_upload(*, user: User, data: bytes) -> PractitionerProfile:
    """Store the certificate for an admin to validate (milestone 2)."""
    content, extension = _certificate_file(data)
    profile = PractitionerProfile.objects.select_for_update().filter(user=user).first()
    if profile is None:
        raise InvalidInput("Complete your practitioner details first.", errors={"profile": ["missing"]})
    old = profile.certificate.name
    with NewFiles() as files:
        files.save(profile.certificate, f"{uuid.uuid4().hex}.{extension}", ContentFile(content))
        profile.certificate_status = CertificateStatus.PENDING
        profile.certificate_uploaded_at = timezone.now()
        profile.save()
    if old:
        # The certificate it replaces goes once the change is committed (kept if it is rolled back).
        storage = profile.certificate.storage
        transaction.on_commit(lambda: storage.delete(old))
    milestone_reach(user=user, milestone=MilestoneId.CERTIFICATE_UPLOADED)
    return profile


@transaction.atomic
def practitioner_certificate_validate(*, profile: PractitionerProfile) -> None:
    """An admin accepts the certificate: a practitioner (3) becomes certified (2) and may share."""
    profile.certificate_status = CertificateStatus.VALIDATED
    profile.certificate_validated_at = timezone.now()
    profile.save(update_fields=["certificate_status", "certificate_validated_at"])
    user = profile.user
    if user.user_type_id == UserType.PRACTITIONER:
        user.user_type_id = UserType.CERTIFIED_PRACTITIONER
        user.save(update_fields=["user_type_id"])
    milestone_reach(user=user, milestone=MilestoneId.CERTIFICATE_VALIDATED)
    _profile_updated(user, profile)


@transaction.atomic
def practitioner_certificate_reject(*, profile: PractitionerProfile) -> None:
    profile.certificate_status = CertificateStatus.REJECTED
    profile.save(update_fields=["certificate_status"])
    _profile_updated(profile.user, profile)


def _profile_updated(user: User, profile: PractitionerProfile) -> None:
    event_emit(
        user_id=user.pk,
        topic=Topic.PROFILE_UPDATED,
        data={"user_type_id": user.user_type_id, "certificate_status": profile.certificate_status},
    )
