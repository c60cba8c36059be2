from datetime import timedelta

from django.utils import timezone

from server.accounts.models import PractitionerClient
from server.protocols.models import Assignment, Protocol
from server.protocols.tests.conftest import person

URL = "/v2/account/practitioners/clients"


def test_the_practice_hub_lists_the_callers_clients_newest_first_with_their_shares(client, people):
    # Given a second, newer client who is not yet active, and two protocols shared with the first
    newer = person("new@example.com", people.patient.user.user_type_id, first_name="Nia", last_name="New")
    newer.user.is_active = False
    newer.user.save()
    link = PractitionerClient.objects.create(
        practitioner=people.certified.user, client=newer.user, discount_rate=5
    )
    PractitionerClient.objects.filter(pk=link.pk).update(created_at=timezone.now() + timedelta(minutes=1))
    for name in ("Sleep", "Gut"):
        shared = Protocol.objects.create(owner=people.certified.user, name=name)
        Assignment.objects.create(protocol=shared, client=people.patient.user, discount=10)
    # and a client of someone else
    PractitionerClient.objects.create(practitioner=people.rival.user, client=people.stranger.user)

    # When the practitioner reads the first page of one
    first = client.get(f"{URL}?limit=1", headers=people.certified.headers).json()
    second = client.get(f"{URL}?limit=1&page=2", headers=people.certified.headers).json()

    # Then the newest client comes first, and only the caller's clients are counted
    assert first["total_results"] == 2
    assert (first["current_page"], first["limit"], first["total_pages"]) == (1, 1, 2)
    [nia] = first["data"]
    assert {k: v for k, v in nia.items() if k != "client_since"} == {
        "id": newer.user.id,
        "first_name": "Nia",
        "last_name": "New",
        "email": "new@example.com",
        "discount_rate": "5.00",
        "active": False,
        "protocols_shared": 0,
    }
    [pat] = second["data"]
    assert (pat["email"], pat["discount_rate"], pat["active"], pat["protocols_shared"]) == (
        "patient@example.com", "10.00", True, 2,
    )  # fmt: skip


def test_the_client_list_is_for_practitioners_only_and_refuses_bad_paging(client, people):
    assert client.get(URL).status_code == 401
    assert client.get(URL, headers=people.patient.headers).status_code == 403
    assert client.get(URL, headers=people.practitioner.headers).json()["data"] == []
    bad = client.get(f"{URL}?limit=101", headers=people.certified.headers)
    assert bad.status_code == 422
    assert bad.json()["code"] == "validation_error"
    assert client.get(f"{URL}?page=0", headers=people.certified.headers).status_code == 422
    assert client.get(f"{URL}?page=x", headers=people.certified.headers).status_code == 422
