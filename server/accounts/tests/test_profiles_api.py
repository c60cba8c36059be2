import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from PIL import Image

from server.accounts.models import (
    CertificateStatus,
    Milestone,
    MilestoneId,
    PractitionerClient,
    PractitionerProfile,
    User,
    UserType,
)
from server.accounts.services import auth_login
from server.accounts.tests.conftest import PASSWORD, bearer
from server.core.tests.full_disk import FullDisk, files_under


def sign_in(email: str) -> str:
    return auth_login(email=email, password=PASSWORD, request=RequestFactory().post("/")).access_token


@pytest.fixture
def practitioner(db, settings, tmp_path) -> User:
    settings.PRIVATE_MEDIA_ROOT = str(tmp_path / "private")
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {
            "BACKEND": "server.core.storage.MediaStorage",
            "OPTIONS": {"location": tmp_path / "private"},
        },
    }
    user = User.objects.create_user(
        "pat@example.com", PASSWORD, first_name="Pat", last_name="Lee", user_type_id=UserType.PRACTITIONER
    )
    PractitionerProfile.objects.create(user=user, health_profession=1, expertise_level=3, organisation_type=1)
    return user


def png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (400, 300), "white").save(buffer, format="PNG")
    return buffer.getvalue()


def test_the_practitioner_profile_lists_details_and_milestones(client, practitioner):
    Milestone.objects.create(user=practitioner, milestone_id=MilestoneId.REGISTRATION_COMPLETE)

    body = client.get("/v2/account/practitioners/profile", headers=bearer(sign_in("pat@example.com"))).json()

    assert (body["email"], body["user_type_id"], body["health_profession"]) == ("pat@example.com", 3, 1)
    assert (body["certificate_status"], body["can_share"]) == ("none", False)
    assert [m["id"] for m in body["milestones"]] == [1]


def test_a_client_profile_names_the_practitioners_and_discounts(client, practitioner, active_user):
    PractitionerClient.objects.create(practitioner=practitioner, client=active_user, discount_rate=10)

    body = client.get("/v2/account/clients/profile", headers=bearer(sign_in("ada@example.com"))).json()

    assert body["practitioners"] == [
        {"id": practitioner.id, "first_name": "Pat", "last_name": "Lee", "discount_rate": "10.00"}
    ]


def test_each_profile_call_is_for_its_own_role(client, practitioner, active_user):
    as_client = client.get("/v2/account/practitioners/profile", headers=bearer(sign_in("ada@example.com")))
    as_practitioner = client.get("/v2/account/clients/profile", headers=bearer(sign_in("pat@example.com")))
    anonymous = client.get("/v2/account/clients/profile")

    assert (as_client.status_code, as_practitioner.status_code, anonymous.status_code) == (403, 403, 401)


def test_an_admin_reads_the_client_profile_as_spec_section_6_says(client, db):
    # Given an admin (type 1): "the client profile endpoint otherwise"
    User.objects.create_user("staff@example.com", PASSWORD, user_type_id=UserType.ADMIN, first_name="Sam")

    # When they read their profile
    body = client.get("/v2/account/clients/profile", headers=bearer(sign_in("staff@example.com"))).json()

    # Then it is their name and e-mail, with no practitioners
    assert (body["email"], body["user_type_id"], body["first_name"], body["practitioners"]) == (
        "staff@example.com", 1, "Sam", [],
    )  # fmt: skip


def test_reference_data_is_translated(client):
    body = client.get("/v2/auth/reference-data", headers={"Accept-Language": "de"}).json()

    assert len(body["health_professions"]) == 17
    assert len(body["expertise_levels"]) == 8
    assert len(body["organisation_types"]) == 4
    assert body["health_professions"][0]["id"] == 1
    english = client.get("/v2/auth/reference-data").json()
    assert english["health_professions"][0]["name"] == "Nutritional therapist"
    assert body["health_professions"][0]["name"] != "Nutritional therapist"


@pytest.mark.parametrize(
    ("remote", "expected"),
    [
        ("81.2.69.160", {"country": "United Kingdom", "country_code": "GB"}),
        ("127.0.0.1", {"country": None, "country_code": None}),
    ],
)
def test_geoip_answers_the_country_of_the_caller(remote, expected):
    response = Client(REMOTE_ADDR=remote).post("/api/v2/account/geoip")

    assert response.status_code == 200
    assert response.json() == expected


def test_a_certificate_upload_is_stored_privately_and_reaches_milestone_two(client, practitioner, tmp_path):
    upload = SimpleUploadedFile("cert.png", png(), content_type="image/png")

    response = client.post(
        "/v2/account/practitioners/certificate",
        FILES={"file": upload},
        headers=bearer(sign_in("pat@example.com")),
    )

    assert response.status_code == 200
    assert response.json()["certificate_status"] == "pending"
    profile = PractitionerProfile.objects.get(user=practitioner)
    assert str(profile.certificate.name).endswith(".webp")
    assert profile.certificate.path.startswith(str(tmp_path / "private"))
    with pytest.raises(ValueError, match="no URL"):
        _ = profile.certificate.url
    assert Milestone.objects.filter(user=practitioner, milestone_id=MilestoneId.CERTIFICATE_UPLOADED).exists()


def test_a_certificate_that_does_not_fit_on_the_disk_is_a_507_and_the_one_before_stays(
    client, practitioner, tmp_path, monkeypatch, django_capture_on_commit_callbacks
):
    headers = bearer(sign_in("pat@example.com"))
    first = SimpleUploadedFile("cert.png", png(), content_type="image/png")
    first_reply = client.post("/v2/account/practitioners/certificate", FILES={"file": first}, headers=headers)
    assert first_reply.status_code == 200
    before = PractitionerProfile.objects.get(user=practitioner)
    private = tmp_path / "private"
    kept = files_under(private)
    # Given a disk with no room left
    FullDisk(private, files_that_fit=0).install(monkeypatch)

    # When a new certificate is sent
    with django_capture_on_commit_callbacks(execute=True):
        reply = client.post(
            "/v2/account/practitioners/certificate",
            FILES={"file": SimpleUploadedFile("new.png", png(), content_type="image/png")},
            headers=headers,
        )

    # Then there was no room, and the certificate before is still the one on file, whole
    assert (reply.status_code, reply.json()["code"]) == (507, "insufficient_storage")
    after = PractitionerProfile.objects.get(user=practitioner)
    assert (after.certificate.name, after.certificate_uploaded_at) == (
        before.certificate.name,
        before.certificate_uploaded_at,
    )
    assert files_under(private) == kept == [after.certificate.name]


@pytest.mark.parametrize("content", [b"MZ\x90\x00 an executable", b"%PDF-1.7 truncated without an end", b""])
def test_a_certificate_that_is_not_a_pdf_or_image_is_refused_and_nothing_changes(
    client, practitioner, content
):
    upload = SimpleUploadedFile("cert.pdf", content, content_type="application/pdf")

    response = client.post(
        "/v2/account/practitioners/certificate",
        FILES={"file": upload},
        headers=bearer(sign_in("pat@example.com")),
    )

    assert response.status_code == 422
    assert PractitionerProfile.objects.get(user=practitioner).certificate_status == CertificateStatus.NONE


def test_an_admin_validates_the_certificate_and_the_practitioner_becomes_certified(practitioner, tmp_path):
    PractitionerProfile.objects.filter(user=practitioner).update(certificate_status=CertificateStatus.PENDING)
    admin_user = User.objects.create_superuser("boss@example.com", PASSWORD)
    browser = Client()
    browser.force_login(admin_user)
    profile = PractitionerProfile.objects.get(user=practitioner)

    response = browser.post(
        "/admin/accounts/practitionerprofile/",
        {"action": "validate_certificates", "_selected_action": [profile.pk]},
    )

    assert response.status_code == 302
    practitioner.refresh_from_db()
    assert practitioner.user_type_id == UserType.CERTIFIED_PRACTITIONER
    assert PractitionerProfile.objects.get(pk=profile.pk).certificate_status == CertificateStatus.VALIDATED
    assert Milestone.objects.filter(
        user=practitioner, milestone_id=MilestoneId.CERTIFICATE_VALIDATED
    ).exists()
