"""Attacks on signing in and recovering an account (docs/security.md): password-reset poisoning
through the Host header, user enumeration by timing on login and forgot-password, CSRF and open redirects on
the admin (the one cookie-authenticated part)."""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib import admin
from django.core import mail
from django.core.mail.backends import locmem
from django.test import Client
from django.urls import reverse

from server.accounts.models import User, UserType
from server.accounts.tests.conftest import PASSWORD


class MailServerAway(locmem.EmailBackend):
    """A mail server 20 ms away, as a real one is: sending in the request would show in its time."""

    def send_messages(self, messages):
        time.sleep(0.02)
        return super().send_messages(messages)


PRODUCTION_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]
SAMPLES = 41
MOST_MEDIAN_DIFFERENCE_MS = 5.0


def forgot(client: Client, email: str, **headers: Any):
    return client.post(
        "/api/v2/auth/forgot-password", {"email": email}, content_type="application/json", **headers
    )


@pytest.mark.django_db
def test_a_reset_link_names_the_shop_whatever_host_the_request_claims(
    active_user, settings, django_capture_on_commit_callbacks
):
    settings.ALLOWED_HOSTS = ["*"]  # as permissive as a misconfigured deploy: the link must not follow Host
    client = Client()

    with django_capture_on_commit_callbacks(execute=True):
        forgot(client, "ada@example.com", HTTP_HOST="evil.example")
        forgot(
            client,
            "ada@example.com",
            HTTP_X_FORWARDED_HOST="evil.example",
            HTTP_FORWARDED="host=evil.example",
        )

    links = [re.findall(r"https?://\S+", str(message.body)) for message in mail.outbox]
    reset = f"{django_settings.PUBLIC_URL}/en/auth/reset-password/"
    assert [[link[: len(reset)] for link in found] for found in links] == [[reset], [reset]], links
    assert not any("evil" in str(message.message()) for message in mail.outbox)


def timed(call: Callable[[int], object], n: int) -> float:
    started = time.perf_counter()
    call(n)
    return (time.perf_counter() - started) * 1000


def median_difference(known: Callable[[int], object], unknown: Callable[[int], object]) -> float:
    """The median of the paired differences, known minus unknown (ms): each pair is timed back to back, so a
    busy machine slows both of a pair alike and the pair's difference keeps only what the code does."""
    for warm in range(3):
        timed(known, 1000 + warm)
        timed(unknown, 2000 + warm)
    differences = [timed(known, n) - timed(unknown, n) for n in range(SAMPLES)]
    return abs(statistics.median(differences))


@pytest.mark.django_db(transaction=True)  # the work after commit is timed too
def test_forgot_password_takes_as_long_for_an_unknown_address_as_for_a_known_one(settings):
    # Given production's shape: the real hasher, a mail server on the network, and work queued for the
    # task worker
    settings.PASSWORD_HASHERS = PRODUCTION_HASHERS
    settings.MAILERS = {"default": {"BACKEND": f"{__name__}.MailServerAway"}}
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
    User.objects.create_user("known@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    client = Client()

    def ask(email: str) -> Callable[[int], object]:
        # A new address each time: the per-address throttle must not answer instead of the call.
        return lambda n: forgot(client, email, REMOTE_ADDR=f"10.1.{n // 250}.{n % 250}")

    difference = median_difference(ask("known@example.com"), ask("unknown@example.com"))

    assert difference < MOST_MEDIAN_DIFFERENCE_MS, f"{difference:.2f} ms"


@pytest.mark.django_db(transaction=True)
def test_a_wrong_password_takes_as_long_for_an_unknown_address_as_for_a_known_one(settings):
    settings.PASSWORD_HASHERS = PRODUCTION_HASHERS
    User.objects.create_user("known@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    client = Client()

    def sign_in(email: str) -> Callable[[int], object]:
        def call(n: int) -> object:
            reply = client.post(
                "/api/v2/auth/login",
                {"email": email, "password": "Wrong-pass-2026!"},
                content_type="application/json",
                REMOTE_ADDR=f"10.2.{n // 250}.{n % 250}",  # below the lockout of one address
            )
            assert reply.status_code == 400
            return reply

        return call

    difference = median_difference(sign_in("known@example.com"), sign_in("unknown@example.com"))

    assert difference < MOST_MEDIAN_DIFFERENCE_MS, f"{difference:.2f} ms"


@pytest.mark.django_db
def test_the_admin_sign_in_refuses_a_post_without_its_csrf_token():
    User.objects.create_superuser("staff@example.com", PASSWORD, user_type_id=UserType.ADMIN)
    client = Client(enforce_csrf_checks=True)

    reply = client.post("/admin/login/", {"username": "staff@example.com", "password": PASSWORD})

    assert reply.status_code == 403
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
@pytest.mark.parametrize(
    "next_url", ["https://evil.example/", "//evil.example/", "/\\evil.example/", "javascript:alert(1)"]
)
def test_the_admin_sign_in_never_sends_anyone_off_the_site(next_url):
    User.objects.create_superuser("staff@example.com", PASSWORD, user_type_id=UserType.ADMIN)
    client = Client()

    reply = client.post(
        f"/admin/login/?next={next_url}",
        {"username": "staff@example.com", "password": PASSWORD, "next": next_url},
    )

    assert reply.status_code == 302
    assert reply["Location"] == "/admin/"


@pytest.mark.django_db
def test_every_admin_page_refuses_a_post_without_its_csrf_token():
    # The admin is the one part signed in by cookie; the API takes bearer tokens only.
    staff = User.objects.create_superuser("staff@example.com", PASSWORD, user_type_id=UserType.ADMIN)
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)
    pages = ["/admin/logout/", "/admin/password_change/"]
    for model in admin.site._registry:
        meta = model._meta
        pages += [
            reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"),
            reverse(f"admin:{meta.app_label}_{meta.model_name}_add"),
        ]
    assert len(pages) > 20

    refused = {
        page: client.post(page, {"action": "delete_selected", "_selected_action": ["1"]}).status_code
        for page in pages
    }

    assert set(refused.values()) == {403}, {page: status for page, status in refused.items() if status != 403}
    assert client.get("/admin/").status_code == 200  # still signed in: nothing was done
