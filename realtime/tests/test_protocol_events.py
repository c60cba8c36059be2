"""Which sockets hear which protocol events (docs/architecture.md, "The event log")."""

import pytest
from channels.db import database_sync_to_async

from realtime.tests.conftest import QUIET, Login, login, ready_socket
from server.accounts.models import PractitionerClient, User, UserType
from server.protocols.tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

BASE = "/v2/account/practitioners/protocols"


@pytest.fixture
def trio(transactional_db) -> tuple[Login, Login, Login]:
    doc = User.objects.create_user("doc@example.com", PASSWORD, user_type_id=UserType.CERTIFIED_PRACTITIONER)
    pat = User.objects.create_user("pat@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    User.objects.create_user("other@example.com", PASSWORD, user_type_id=UserType.CLIENT)
    PractitionerClient.objects.create(practitioner=doc, client=pat, discount_rate=5)
    return login("doc@example.com"), login("pat@example.com"), login("other@example.com")


def topic_of(frame):
    return frame["topic"], frame["data"]


async def test_the_practitioner_hears_protocol_events_and_the_client_hears_the_share(api_client, trio):
    doc, pat, other = trio
    doc_socket, _ = await ready_socket(doc)
    pat_socket, _ = await ready_socket(pat)
    other_socket, _ = await ready_socket(other)
    post = database_sync_to_async(api_client.post)

    created = await post(f"{BASE}/create", json={"name": "Sleep", "description": "x"}, headers=doc.headers)
    protocol_id = created.json()["protocol_id"]
    await post(f"{BASE}/assign", json={"id": protocol_id, "user_id": pat.user.id}, headers=doc.headers)
    await database_sync_to_async(api_client.put)(
        f"{BASE}/{protocol_id}/update", json={"name": "Deep sleep"}, headers=doc.headers
    )

    doc_frames = [topic_of(await doc_socket.receive_json_from()) for _ in range(5)]
    assert doc_frames == [
        ("protocol.created", {"protocol_id": protocol_id}),
        ("milestones.updated", {"milestone_id": 5}),
        ("milestones.updated", {"milestone_id": 14}),
        ("milestones.updated", {"milestone_id": 10}),
        ("protocol.updated", {"protocol_id": protocol_id}),
    ]
    pat_frames = [topic_of(await pat_socket.receive_json_from()) for _ in range(2)]
    assert pat_frames == [
        ("protocol.shared", {"protocol_id": protocol_id, "practitioner_id": doc.user.id}),
        ("protocol.updated", {"protocol_id": protocol_id}),
    ]
    assert await other_socket.receive_nothing(QUIET)
    for socket in (doc_socket, pat_socket, other_socket):
        await socket.disconnect()
