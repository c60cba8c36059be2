"""A client's medicines and the vocabulary to choose them from (docs/decisions/0043-the-day-schedule.md):
private to the client, every entry from the list, bad input refused whole."""

import pytest

from server.events.models import Event
from server.health.models import ClientMedicine

MINE = "/v2/account/clients/medicines"


def test_a_client_lists_their_medicines_with_slots_and_reads_them_back_in_their_language(client, people):
    chosen = {"medicines": [{"id": "levothyroxine", "slots": ["waking"]}, {"id": "ssris", "slots": []}]}

    put = client.put(MINE, json=chosen, headers=people.patient.headers)
    read = client.get(MINE, headers={**people.patient.headers, "Accept-Language": "de"})

    assert put.status_code == 200
    assert read.json() == {
        "medicines": [
            {"id": "levothyroxine", "kind": "substance", "name": "Levothyroxin", "slots": ["waking"]},
            {"id": "ssris", "kind": "class", "name": read.json()["medicines"][1]["name"], "slots": []},
        ]
    }


def test_slots_come_back_in_the_days_order_and_a_new_list_replaces_the_old(client, people):
    client.put(
        MINE,
        json={"medicines": [{"id": "warfarin", "slots": ["dinner", "waking"]}]},
        headers=people.patient.headers,
    )

    replaced = client.put(
        MINE,
        json={"medicines": [{"id": "metformin", "slots": ["dinner", "breakfast"]}]},
        headers=people.patient.headers,
    )

    assert replaced.json()["medicines"] == [
        {"id": "metformin", "kind": "substance", "name": "Metformin", "slots": ["breakfast", "dinner"]}
    ]
    assert list(ClientMedicine.objects.values_list("medicine_id", flat=True)) == ["metformin"]


@pytest.mark.parametrize(
    ("medicines", "field"),
    [
        ([{"id": "aspirin-ish", "slots": []}], "medicines.0.id"),
        ([{"id": "warfarin"}, {"id": "warfarin"}], "medicines.1.id"),
        ([{"id": "warfarin", "slots": ["noon"]}], "medicines.0.slots"),
        ([{"id": "warfarin"}] * 31, "medicines"),
    ],
)
def test_a_list_with_an_unknown_medicine_or_slot_is_refused_whole(client, people, medicines, field):
    client.put(
        MINE, json={"medicines": [{"id": "statins", "slots": ["bedtime"]}]}, headers=people.patient.headers
    )

    refused = client.put(MINE, json={"medicines": medicines}, headers=people.patient.headers)

    assert refused.status_code == 422
    assert list(refused.json()["errors"]) == [field]
    assert list(ClientMedicine.objects.values_list("medicine_id", "slots")) == [("statins", ["bedtime"])]


def test_only_a_signed_in_client_has_a_medicine_list(client, people):
    for who in (people.certified, people.practitioner, people.admin):
        assert client.get(MINE, headers=who.headers).status_code == 403
        assert client.put(MINE, json={"medicines": []}, headers=who.headers).status_code == 403
    assert client.get(MINE).status_code == 401


def test_one_clients_medicines_are_not_anothers(client, people):
    client.put(MINE, json={"medicines": [{"id": "warfarin"}]}, headers=people.patient.headers)

    assert client.get(MINE, headers=people.stranger.headers).json() == {"medicines": []}


def test_the_vocabulary_is_searched_by_name_in_the_callers_language(client):
    english = client.get("/v2/reference/medicines?query=levo").json()
    japanese = client.get(
        "/v2/reference/medicines?query=レボチロキシン", headers={"Accept-Language": "ja"}
    ).json()
    everything = client.get("/v2/reference/medicines").json()

    assert {row["id"] for row in english} == {"levothyroxine", "levofloxacin"}
    assert [row["id"] for row in japanese] == ["levothyroxine"]
    assert everything[0]["kind"] == "class"
    assert next(row for row in english if row["id"] == "levothyroxine")["classes"] == ["thyroid_hormones"]


def test_a_change_tells_the_client_and_their_practitioner_and_the_same_list_tells_no_one(client, people):
    chosen = {"medicines": [{"id": "warfarin", "slots": ["dinner"]}]}

    client.put(MINE, json=chosen, headers=people.patient.headers)
    client.put(MINE, json=chosen, headers=people.patient.headers)

    told = Event.objects.filter(topic="medicines.updated")
    assert sorted(told.values_list("user_id", flat=True)) == sorted(
        [people.patient.user.id, people.certified.user.id]
    )
    assert {event.data["client_id"] for event in told} == {people.patient.user.id}
