import re
import time
from datetime import timedelta

import jwt
import pytest
from django.core import mail
from django.utils import timezone

from server.accounts.models import (
    AuthSession,
    Milestone,
    MilestoneId,
    OneTimeToken,
    RotatedRefresh,
    User,
    UserType,
)
from server.accounts.tests.conftest import PASSWORD, bearer
from server.accounts.tokens import _signing_key

PRACTITIONER = {
    "email": "Grace@Example.com",
    "password": PASSWORD,
    "first_name": "Grace",
    "last_name": "Hopper",
    "health_profession": 1,
    "expertise_level": 3,
    "organisation_type": 1,
    "language": "de",
}


def link_token(message, path: str) -> str:
    match = re.search(rf"/{path}/([A-Za-z0-9_-]+)", message.body)
    assert match, message.body
    return match.group(1)


def login(client, email="ada@example.com", password=PASSWORD):
    return client.post("/v2/auth/login", json={"email": email, "password": password})


@pytest.mark.django_db
def test_a_practitioner_registers_activates_by_email_and_reaches_milestone_one(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        registered = client.post("/v2/auth/register", json=PRACTITIONER)

    assert registered.status_code == 201
    user = User.objects.get(email="grace@example.com")
    assert (user.user_type_id, user.is_active, user.language) == (UserType.PRACTITIONER, False, "de")
    [message] = mail.outbox
    assert message.to == ["grace@example.com"]
    assert "http://127.0.0.1:8000/de/auth/activate/" in message.body
    assert [mimetype for _, mimetype in getattr(message, "alternatives", [])] == ["text/html"]

    activated = client.post("/v2/auth/activate", json={"token": link_token(message, "auth/activate")})

    assert activated.status_code == 200
    assert activated.json()["user_type_id"] == 3
    me = client.get("/v2/account/", headers=bearer(activated.json()["access_token"]))
    assert me.json()["email"] == "grace@example.com"
    assert list(Milestone.objects.filter(user=user).values_list("milestone_id", flat=True)) == [
        MilestoneId.REGISTRATION_COMPLETE
    ]


@pytest.mark.django_db
def test_an_activation_link_works_once(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/v2/auth/register", json={**PRACTITIONER, "user_type_id": 4})
    token = link_token(mail.outbox[0], "auth/activate")

    first = client.post("/v2/auth/activate", json={"token": token})
    second = client.post("/v2/auth/activate", json={"token": token})

    assert first.status_code == 200
    assert second.status_code == 401
    assert second.json()["message"] == "This link is not valid or has expired."


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"password": "short"}, "password"),
        ({"password": "alllowercase1!"}, "password"),
        ({"email": "not-an-email"}, "email"),
        ({"health_profession": 99}, "health_profession"),
        ({"health_profession": None, "user_type_id": 3}, "health_profession"),
        ({"user_type_id": 1}, "user_type_id"),
    ],
)
def test_registration_refuses_bad_fields_by_name_and_creates_nothing(client, change, field):
    response = client.post("/v2/auth/register", json={**PRACTITIONER, **change})

    assert response.status_code == 422
    assert field in response.json()["errors"]
    assert not User.objects.exists()


@pytest.mark.django_db
def test_registering_an_address_twice_is_a_conflict_whatever_its_case(client, active_user):
    response = client.post("/v2/auth/register", json={**PRACTITIONER, "email": "ADA@example.com"})

    assert response.status_code == 409
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_login_gives_tokens_and_matches_email_case_insensitively(client, active_user):
    response = login(client, email="  ADA@Example.COM ")

    assert response.status_code == 200
    body = response.json()
    assert body["user_type_id"] == 4
    assert client.get("/v2/account/", headers=bearer(body["access_token"])).json()["id"] == active_user.id


@pytest.mark.django_db
def test_bad_credentials_are_a_400_with_one_message_for_both_cases(client, active_user):
    wrong_password = login(client, password="Wrong-pass-2026!")
    unknown = login(client, email="nobody@example.com")

    assert wrong_password.status_code == unknown.status_code == 400
    assert wrong_password.json() == unknown.json()
    assert unknown.json()["message"] == "The e-mail address or the password is not correct."


@pytest.mark.django_db
def test_an_inactive_account_is_told_to_activate_only_with_the_right_password(client, active_user):
    active_user.is_active = False
    active_user.save()

    assert (
        login(client).json()["message"] == "Please activate your account first: we sent you a link by e-mail."
    )
    assert login(client, password="Wrong-pass-2026!").json()["message"].startswith("The e-mail address")


@pytest.mark.django_db
def test_lockout_after_five_failures_looks_the_same_for_unknown_addresses(client, active_user):
    for email in ("ada@example.com", "ghost@example.com"):
        for _ in range(5):
            login(client, email=email, password="Wrong-pass-2026!")

    known, unknown = login(client), login(client, email="ghost@example.com")

    assert known.status_code == unknown.status_code == 429
    assert known.json() == unknown.json()


@pytest.mark.django_db
def test_refresh_rotates_and_the_old_refresh_token_is_refused_after_the_race_window(client, active_user):
    tokens = login(client).json()

    rotated = client.post("/v2/auth/token-refresh", headers=bearer(tokens["refresh_token"]))

    assert rotated.status_code == 200
    new = rotated.json()
    assert new["refresh_token"] != tokens["refresh_token"]
    RotatedRefresh.objects.update(rotated_at=timezone.now() - timedelta(minutes=1))
    reused = client.post("/v2/auth/token-refresh", headers=bearer(tokens["refresh_token"]))
    assert reused.status_code == 401
    # The reuse ended the whole session: the newest tokens stop working too.
    assert client.post("/v2/auth/token-refresh", headers=bearer(new["refresh_token"])).status_code == 401
    assert client.get("/v2/account/", headers=bearer(new["access_token"])).status_code == 401
    assert AuthSession.objects.get().revoked_reason == "refresh_reuse"


@pytest.mark.django_db
def test_two_refreshes_of_one_token_at_once_give_one_success_and_keep_the_session(client, active_user):
    tokens = login(client).json()

    first = client.post("/v2/auth/token-refresh", headers=bearer(tokens["refresh_token"]))
    second = client.post("/v2/auth/token-refresh", headers=bearer(tokens["refresh_token"]))

    assert (first.status_code, second.status_code) == (200, 409)
    assert client.get("/v2/account/", headers=bearer(first.json()["access_token"])).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    "token", ["", "garbage", "not-a-uuid.secret", "00000000-0000-0000-0000-000000000000.x"]
)
def test_malformed_refresh_tokens_are_a_401(client, token):
    response = client.post("/v2/auth/token-refresh", headers={"Authorization": f"Bearer {token}"})

    assert response.status_code == 401


@pytest.mark.django_db
def test_logout_ends_the_session_at_once(client, active_user):
    tokens = login(client).json()

    assert client.post("/v2/account/logout", headers=bearer(tokens["access_token"])).status_code == 200

    assert client.get("/v2/account/", headers=bearer(tokens["access_token"])).status_code == 401
    assert client.post("/v2/auth/token-refresh", headers=bearer(tokens["refresh_token"])).status_code == 401


@pytest.mark.django_db
def test_an_expired_access_token_says_token_has_expired(client, active_user):
    session = AuthSession.objects.create(user=active_user, refresh_hash="x")
    past = int(time.time()) - 7200
    claims = {
        "sub": str(active_user.id),
        "sid": str(session.id),
        "typ": "access",
        "ut": 4,
        "iat": past,
        "exp": past + 3600,
    }
    expired = jwt.encode(claims, _signing_key(), algorithm="HS256")

    response = client.get("/v2/account/", headers=bearer(expired))

    assert response.status_code == 401
    assert response.json()["message"] == "Token has expired"


@pytest.mark.django_db
def test_tampered_alg_none_and_wrong_type_tokens_are_refused(client, active_user):
    tokens = login(client).json()
    header, payload, signature = tokens["access_token"].split(".")
    session = AuthSession.objects.get()
    now = int(time.time())
    claims = {
        "sub": str(active_user.id),
        "sid": str(session.id),
        "typ": "access",
        "ut": 1,
        "iat": now,
        "exp": now + 60,
    }
    forged = [
        f"{header}.{payload}.{signature[:-2]}AA",
        jwt.encode(claims, key="", algorithm="none"),
        jwt.encode(claims, "guessed-key", algorithm="HS256"),
        jwt.encode({**claims, "typ": "refresh"}, _signing_key(), algorithm="HS256"),
        "not.a.jwt",
    ]

    for token in forged:
        assert client.get("/v2/account/", headers=bearer(token)).status_code == 401


@pytest.mark.django_db
def test_forgot_password_answers_the_same_for_known_and_unknown_addresses(
    client, active_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        known = client.post("/v2/auth/forgot-password", json={"email": "ada@example.com"})
        unknown = client.post("/v2/auth/forgot-password", json={"email": "nobody@example.com"})

    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert [m.to for m in mail.outbox] == [["ada@example.com"]]


@pytest.mark.django_db
def test_reset_changes_the_password_ends_other_sessions_and_works_once(
    client, active_user, django_capture_on_commit_callbacks
):
    other_device = login(client).json()
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/v2/auth/forgot-password", json={"email": "ada@example.com"})
        client.post("/v2/auth/forgot-password", json={"email": "ada@example.com"})
    first_link, second_link = (link_token(m, "auth/reset-password") for m in mail.outbox)
    new_password = {"password": "Fresh-pass-2027?", "confirm_password": "Fresh-pass-2027?"}

    reset = client.post(f"/v2/auth/reset-password/{second_link}", json=new_password)

    assert reset.status_code == 200
    assert reset.json()["message"] == "Your password has been changed."
    assert client.get("/v2/account/", headers=bearer(other_device["access_token"])).status_code == 401
    assert login(client, password="Fresh-pass-2027?").status_code == 200
    assert client.post(f"/v2/auth/reset-password/{second_link}", json=new_password).status_code == 401
    assert client.post(f"/v2/auth/reset-password/{first_link}", json=new_password).status_code == 401
    assert OneTimeToken.objects.filter(used_at__isnull=True).count() == 0


@pytest.mark.django_db
def test_reset_refuses_mismatched_or_weak_passwords_and_keeps_the_link(
    client, active_user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/v2/auth/forgot-password", json={"email": "ada@example.com"})
    token = link_token(mail.outbox[0], "auth/reset-password")

    mismatch = client.post(
        f"/v2/auth/reset-password/{token}", json={"password": "Fresh-pass-2027?", "confirm_password": "x"}
    )
    weak = client.post(
        f"/v2/auth/reset-password/{token}", json={"password": "password", "confirm_password": "password"}
    )

    assert (mismatch.status_code, weak.status_code) == (422, 422)
    assert list(weak.json()["errors"]) == ["password"]
    assert OneTimeToken.objects.get().used_at is None


@pytest.mark.django_db
@pytest.mark.parametrize("body", [b"{", b"[]", b'{"email": 5}', b'{"email": "' + b"a" * 5000 + b'"}'])
def test_malformed_login_bodies_are_4xx(client, body):
    response = client.post("/v2/auth/login", data=body, content_type="application/json")

    assert 400 <= response.status_code < 500


@pytest.mark.django_db
def test_forgot_password_is_throttled_per_address_of_the_caller(client):
    replies = [client.post("/v2/auth/forgot-password", json={"email": f"x{i}@example.com"}) for i in range(6)]

    assert [r.status_code for r in replies] == [200] * 5 + [429]
    assert replies[-1].json()["code"] == "throttled"


@pytest.mark.django_db
def test_login_with_a_store_page_answers_the_redirect_reply_with_a_multipass_url(
    client, active_user, settings
):
    from server.core.multipass import decode

    settings.COMMERCE_STORE_URL = "https://store.example.com"
    settings.MULTIPASS_SECRETS = {"shopify": "s3cret"}

    reply = client.post(
        "/v2/auth/login",
        json={
            "email": "ada@example.com",
            "password": PASSWORD,
            "return_to": "https://store.example.com/cart",
        },
    ).json()

    assert reply["refresh_token"] == "redirect"
    prefix = "https://store.example.com/account/login/multipass/"
    assert reply["access_token"].startswith(prefix)
    payload = decode(reply["access_token"][len(prefix) :], secret="s3cret")
    assert (payload["email"], payload["return_to"]) == ("ada@example.com", "https://store.example.com/cart")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "return_to", ["http://store.example.com/cart", "https://evil.example.com/", "javascript:alert(1)"]
)
def test_login_refuses_a_return_address_off_the_store_or_without_https(
    client, active_user, settings, return_to
):
    settings.COMMERCE_STORE_URL = "https://store.example.com"
    settings.MULTIPASS_SECRETS = {"shopify": "s3cret"}

    response = client.post(
        "/v2/auth/login", json={"email": "ada@example.com", "password": PASSWORD, "return_to": return_to}
    )

    assert response.status_code == 400
    assert response.json()["message"] == "This return address is not allowed."
    assert not AuthSession.objects.exists()
