"""Services, packages and package features: create, change, delete, reorder, limits (spec:
docs/spec-coverage.md#s7-store-services, docs/spec-coverage.md#s7-store-packages)."""

import pytest

from server.stores.models import Store, StorePackage, StorePackageFeature, StoreService
from server.stores.services import MAX_FEATURES, MAX_PACKAGES, MAX_SERVICES
from server.stores.tests.conftest import STORE


def services_of(store: Store) -> list[tuple[str, int]]:
    return list(store.services.values_list("name", "position"))


def add_services(store: Store, *names: str) -> list[int]:
    return [
        StoreService.objects.create(store=store, name=name, icon="leaf", position=index).pk
        for index, name in enumerate(names, start=1)
    ]


def test_services_are_created_last_listed_in_order_changed_and_deleted(client, people, store):
    headers = people.certified.headers

    first = client.post(
        f"{STORE}/services",
        json={"name": "Consultation", "description": "1 h", "icon": "consultation"},
        headers=headers,
    )
    second = client.post(f"{STORE}/services", json={"name": "Follow-up"}, headers=headers)
    changed = client.put(
        f"{STORE}/services/{second.json()['id']}",
        json={"name": "Follow-up call", "description": "30 min", "icon": "video-call"},
        headers=headers,
    )
    deleted = client.delete(f"{STORE}/services/{first.json()['id']}", headers=headers)
    listed = client.get(f"{STORE}/services", headers=headers)

    assert first.status_code == 201
    assert first.json() == {
        "id": first.json()["id"],
        "name": "Consultation",
        "description": "1 h",
        "icon": "consultation",
        "order": 1,
    }
    assert (second.json()["order"], second.json()["icon"]) == (2, "leaf")
    assert changed.json()["name"] == "Follow-up call"
    assert deleted.json() == {"message": "Service deleted."}
    assert listed.json() == [
        {
            "id": second.json()["id"],
            "name": "Follow-up call",
            "description": "30 min",
            "icon": "video-call",
            "order": 1,
        }
    ]


@pytest.mark.parametrize(
    ("payload", "field"),
    [({"name": ""}, "name"), ({"name": "   "}, "name"), ({"name": "x" * 121}, "name"),
     ({"name": "ok", "icon": "skull"}, "icon"), ({"name": "ok", "description": "x" * 1001}, "description")],
)  # fmt: skip
def test_a_bad_service_is_refused(client, people, store, payload, field):
    response = client.post(f"{STORE}/services", json=payload, headers=people.certified.headers)

    assert response.status_code == 422
    assert list(response.json()["errors"]) == [field]
    assert not StoreService.objects.exists()


@pytest.mark.parametrize(
    ("order", "expected"), [(1, ["c", "a", "b"]), (2, ["a", "c", "b"]), (3, ["a", "b", "c"])]
)
def test_a_service_moves_to_its_new_place(client, people, store, order, expected):
    ids = add_services(store, "a", "b", "c")

    response = client.put(
        f"{STORE}/services/{ids[2]}/reorder", json={"order": order}, headers=people.certified.headers
    )

    assert response.status_code == 200
    assert [s["name"] for s in response.json()] == expected
    assert [s["order"] for s in response.json()] == [1, 2, 3]


def test_services_take_a_whole_new_order(client, people, store):
    a, b, c = add_services(store, "a", "b", "c")

    response = client.put(
        f"{STORE}/services/{a}/reorder", json={"order": [c, a, b]}, headers=people.certified.headers
    )

    assert [s["name"] for s in response.json()] == ["c", "a", "b"]
    assert services_of(store) == [("c", 1), ("a", 2), ("b", 3)]


@pytest.mark.parametrize(
    ("order", "errors"),
    [
        ("missing", ["missing ids: {c}"]),
        ("unknown", ["unknown ids: 999999"]),
        ("twice", ["an id is listed twice"]),
        ("ten_thousand", None),
        (0, None),
        (4, None),
        (-1, None),
    ],
)
def test_a_bad_reorder_is_refused_and_the_order_kept(client, people, store, order, errors):
    a, b, c = add_services(store, "a", "b", "c")
    orders = {
        "missing": [a, b],
        "unknown": [a, b, c, 999999],
        "twice": [a, b, b, c],
        "ten_thousand": list(range(1, 10_001)),
    }

    response = client.put(
        f"{STORE}/services/{a}/reorder",
        json={"order": orders.get(order, order)},
        headers=people.certified.headers,
    )

    assert response.status_code == 422
    if errors:
        assert response.json()["errors"] == {"order": [e.format(c=c) for e in errors]}
    assert services_of(store) == [("a", 1), ("b", 2), ("c", 3)]


def test_the_fifty_first_service_is_refused_and_the_fifty_kept(client, people, store):
    add_services(store, *(f"s{i}" for i in range(MAX_SERVICES)))

    response = client.post(f"{STORE}/services", json={"name": "one more"}, headers=people.certified.headers)

    assert response.status_code == 422
    assert response.json()["message"] == "A store has at most 50 services."
    assert store.services.count() == MAX_SERVICES


def test_ten_thousand_services_in_one_body_are_ignored_by_the_store_update(client, people, store):
    add_services(store, "kept")
    flood = [{"name": f"s{i}", "icon": "leaf"} for i in range(10_000)]

    response = client.put(STORE, json={"services": flood, "message": "hi"}, headers=people.certified.headers)

    assert response.status_code == 200
    assert [s["name"] for s in response.json()["services"]] == ["kept"]


def test_deleting_a_service_closes_the_gap(client, people, store):
    _, b, _ = add_services(store, "a", "b", "c")

    client.delete(f"{STORE}/services/{b}", headers=people.certified.headers)

    assert services_of(store) == [("a", 1), ("c", 2)]


def test_another_practitioners_services_and_packages_are_404_and_untouched(client, people, store):
    (service,) = add_services(store, "mine")
    package = StorePackage.objects.create(store=store, name="mine")
    feature = StorePackageFeature.objects.create(package=package, text="mine")
    client.post(STORE, json={"type": "online", "theme": "calm"}, headers=people.rival.headers)
    rival = people.rival.headers

    statuses = [
        client.put(f"{STORE}/services/{service}", json={"name": "stolen"}, headers=rival).status_code,
        client.put(f"{STORE}/services/{service}/reorder", json={"order": 1}, headers=rival).status_code,
        client.delete(f"{STORE}/services/{service}", headers=rival).status_code,
        client.put(f"{STORE}/packages/{package.pk}", json={"name": "stolen"}, headers=rival).status_code,
        client.put(f"{STORE}/packages/{package.pk}/reorder", json={"order": 1}, headers=rival).status_code,
        client.post(f"{STORE}/packages/{package.pk}/features", json={"text": "x"}, headers=rival).status_code,
        client.put(
            f"{STORE}/packages/{package.pk}/features",
            json={"feature_id": feature.pk, "text": "x"},
            headers=rival,
        ).status_code,
        client.delete(
            f"{STORE}/packages/{package.pk}/features", json={"feature_id": feature.pk}, headers=rival
        ).status_code,
        client.delete(f"{STORE}/packages/{package.pk}", headers=rival).status_code,
    ]

    assert statuses == [404] * 9
    assert StoreService.objects.get().name == "mine"
    assert (StorePackage.objects.get().name, StorePackageFeature.objects.get().text) == ("mine", "mine")


def test_packages_with_features_are_created_changed_reordered_and_deleted(client, people, store):
    headers = people.certified.headers

    first = client.post(
        f"{STORE}/packages",
        json={
            "name": "Starter",
            "description": "Three sessions",
            "price": "£120",
            "features": ["Plan", "Follow-up"],
        },
        headers=headers,
    )
    second = client.post(f"{STORE}/packages", json={"name": "Premium"}, headers=headers)
    renamed = client.put(
        f"{STORE}/packages/{first.json()['id']}", json={"name": "Starter+", "price": "£130"}, headers=headers
    )
    moved = client.put(f"{STORE}/packages/{second.json()['id']}/reorder", json={"order": 1}, headers=headers)

    assert first.status_code == 201
    body = first.json()
    assert (body["name"], body["description"], body["price"], body["image"], body["order"]) == (
        "Starter",
        "Three sessions",
        "£120",
        None,
        1,
    )
    assert [f["text"] for f in body["features"]] == ["Plan", "Follow-up"]
    assert renamed.json()["features"] == body["features"]  # features left out are kept
    assert [p["name"] for p in moved.json()] == ["Premium", "Starter+"]
    assert client.delete(f"{STORE}/packages/{second.json()['id']}", headers=headers).json() == {
        "message": "Package deleted."
    }
    assert [(p["name"], p["order"]) for p in client.get(f"{STORE}/packages", headers=headers).json()] == [
        ("Starter+", 1)
    ]


def test_features_are_added_changed_and_removed_by_feature_id(client, people, store):
    headers = people.certified.headers
    package = client.post(f"{STORE}/packages", json={"name": "P"}, headers=headers).json()
    path = f"{STORE}/packages/{package['id']}/features"

    added = client.post(path, json={"text": "Plan"}, headers=headers)
    feature_id = added.json()["features"][0]["feature_id"]
    changed = client.put(path, json={"feature_id": feature_id, "text": "Meal plan"}, headers=headers)
    unknown = client.put(path, json={"feature_id": 999999, "text": "x"}, headers=headers)
    without_id = client.delete(path, json={}, headers=headers)
    removed = client.delete(path, json={"feature_id": feature_id}, headers=headers)

    assert added.status_code == 201
    assert changed.json()["features"] == [{"feature_id": feature_id, "text": "Meal plan"}]
    assert (unknown.status_code, unknown.json()["message"]) == (
        404,
        "There is no such feature in this package.",
    )
    assert (without_id.status_code, without_id.json()["errors"]) == (422, {"feature_id": ["required"]})
    assert removed.json()["features"] == []


def test_package_and_feature_limits(client, people, store):
    headers = people.certified.headers
    for index in range(MAX_PACKAGES):
        StorePackage.objects.create(store=store, name=f"p{index}", position=index + 1)
    package = StorePackage.objects.get(position=1)
    StorePackageFeature.objects.bulk_create(
        StorePackageFeature(package=package, text="f") for _ in range(MAX_FEATURES)
    )

    too_many_packages = client.post(f"{STORE}/packages", json={"name": "one more"}, headers=headers)
    too_many_features = client.post(
        f"{STORE}/packages/{package.pk}/features", json={"text": "x"}, headers=headers
    )
    too_many_at_once = client.put(
        f"{STORE}/packages/{package.pk}", json={"name": "p", "features": ["f"] * 21}, headers=headers
    )

    assert (too_many_packages.status_code, too_many_packages.json()["errors"]) == (
        422,
        {"packages": ["too many"]},
    )
    assert (too_many_features.status_code, too_many_features.json()["errors"]) == (
        422,
        {"features": ["too many"]},
    )
    assert too_many_at_once.status_code == 422
    assert StorePackage.objects.count() == MAX_PACKAGES
    assert package.features.count() == MAX_FEATURES
    assert StorePackage.objects.get(pk=package.pk).name == "p0"


def test_list_calls_before_the_store_exists_are_404(client, people):
    response = client.post(f"{STORE}/services", json={"name": "x"}, headers=people.certified.headers)

    assert response.status_code == 404
    assert response.json()["message"] == "You have no store yet: create it with a type and a theme first."
