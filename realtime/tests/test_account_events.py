"""Account changes other tabs and devices must act on at once (docs/architecture.md, "The event log" and
"Accounts, tokens and socket tickets")."""

import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.core import mail
from django.utils import timezone

from realtime.tests.conftest import QUIET, closed_with, login, ready_socket, still_open
from server.accounts.models import PractitionerProfile, RotatedRefresh, User, UserType
from server.accounts.services import practitioner_certificate_reject, practitioner_certificate_validate

pytestmark = pytest.mark.django_db(transaction=True)

NEW_PASSWORD = {"password": "Brand-new-2026!", "confirm_password": "Brand-new-2026!"}


def event_of(frame):
    return frame["type"], frame["topic"], frame["data"]


async def test_logout_signs_out_the_tabs_of_that_login_only(api_client, alice):
    other_login = await database_sync_to_async(login)("alice@example.com")
    this_tab, _ = await ready_socket(alice)
    other_device, _ = await ready_socket(other_login)

    reply = await database_sync_to_async(api_client.post)("/v2/account/logout", headers=alice.headers)

    assert reply.status_code == 200
    assert event_of(await this_tab.receive_json_from()) == (
        "event",
        "session.logged_out",
        {"session_id": alice.session_id, "reason": "logout"},
    )
    assert await closed_with(this_tab) == 4401
    assert await other_device.receive_nothing(QUIET)
    # Nor does a replay show the other login's sign-out.
    await other_device.send_json_to({"type": "resume", "since": 0})
    assert await other_device.receive_nothing(QUIET)
    assert await still_open(other_device)
    await other_device.disconnect()


async def test_a_reused_refresh_token_ends_the_session_and_its_sockets(api_client, alice):
    old_refresh = {"Authorization": f"Bearer {alice.tokens.refresh_token}"}
    rotated = await database_sync_to_async(api_client.post)("/v2/auth/token-refresh", headers=old_refresh)
    assert rotated.status_code == 200
    # Past the window in which two tabs refreshing at once are forgiven.
    past = timezone.now() - timedelta(minutes=1)
    await database_sync_to_async(RotatedRefresh.objects.update)(rotated_at=past)
    socket, _ = await ready_socket(alice)

    reuse = await database_sync_to_async(api_client.post)("/v2/auth/token-refresh", headers=old_refresh)

    assert reuse.status_code == 401
    assert event_of(await socket.receive_json_from()) == (
        "event",
        "session.logged_out",
        {"session_id": alice.session_id, "reason": "refresh_reuse"},
    )
    assert await closed_with(socket) == 4401


def _reset_link_secret() -> str:
    match = re.search(r"/auth/reset-password/([\w-]+)", str(mail.outbox[-1].body))
    assert match
    return match.group(1)


async def test_a_password_reset_signs_out_every_device(api_client, alice):
    other_login = await database_sync_to_async(login)("alice@example.com")
    phone, _ = await ready_socket(alice)
    laptop, _ = await ready_socket(other_login)
    await database_sync_to_async(api_client.post)(
        "/v2/auth/forgot-password", json={"email": "alice@example.com"}
    )

    reply = await database_sync_to_async(api_client.post)(
        f"/v2/auth/reset-password/{_reset_link_secret()}", json=NEW_PASSWORD
    )

    assert reply.status_code == 200
    for device in (phone, laptop):
        assert event_of(await device.receive_json_from()) == (
            "event",
            "user.sessions_revoked",
            {"reason": "password_reset"},
        )
        assert await closed_with(device) == 4401


@pytest.fixture
def practitioner(transactional_db):
    user = User.objects.create_user("doc@example.com", "Demo-pass-2026!", user_type_id=UserType.PRACTITIONER)
    PractitionerProfile.objects.create(
        user=user, health_profession=1, expertise_level=3, organisation_type=1, certificate_status="pending"
    )
    return login("doc@example.com")


async def test_a_validated_certificate_unlocks_sharing_live(practitioner):
    socket, _ = await ready_socket(practitioner)
    profile = await database_sync_to_async(PractitionerProfile.objects.get)()

    await database_sync_to_async(practitioner_certificate_validate)(profile=profile)

    assert event_of(await socket.receive_json_from()) == ("event", "milestones.updated", {"milestone_id": 3})
    assert event_of(await socket.receive_json_from()) == (
        "event",
        "profile.updated",
        {"user_type_id": 2, "certificate_status": "validated"},
    )
    assert await still_open(socket)  # a new role is no reason to sign out
    await socket.disconnect()


async def test_a_rejected_certificate_is_told_live(practitioner):
    socket, _ = await ready_socket(practitioner)
    profile = await database_sync_to_async(PractitionerProfile.objects.get)()

    await database_sync_to_async(practitioner_certificate_reject)(profile=profile)

    assert event_of(await socket.receive_json_from()) == (
        "event",
        "profile.updated",
        {"user_type_id": 3, "certificate_status": "rejected"},
    )
    await socket.disconnect()
