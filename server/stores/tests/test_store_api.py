"""The store and its sections (spec: docs/spec-coverage.md#s7-store "Practitioner store"): create, read,
change, JSON and form."""

from urllib.parse import urlencode

import pytest
from django.test import Client

from server.events.models import Event
from server.stores.models import Store
from server.stores.tests.conftest import STORE


def test_a_practitioner_creates_a_store_with_a_type_and_theme(client, people):
    response = client.post(STORE, json={"type": "clinic", "theme": "warm"}, headers=people.certified.headers)

    assert response.status_code == 201
    body = response.json()
    assert (body["type"], body["theme"], body["shop_name"], body["payout_method"]) == (
        "clinic",
        "warm",
        None,
        "not_set",
    )
    assert body["services"] == [] and body["packages"] == []
    assert Store.objects.get().owner == people.certified.user


def test_posting_again_changes_type_and_theme(client, people, store):
    response = client.post(STORE, json={"type": "online", "theme": "bold"}, headers=people.certified.headers)

    assert response.status_code == 200
    assert (response.json()["type"], response.json()["theme"]) == ("online", "bold")
    assert Store.objects.count() == 1


def test_before_a_store_exists_get_answers_404_with_a_message(client, people):
    response = client.get(STORE, headers=people.certified.headers)

    assert response.status_code == 404
    assert response.json()["message"] == "You have no store yet: create it with a type and a theme first."


def test_put_changes_every_field_given_and_keeps_the_others(client, people, store):
    payload = {
        "shop_name": "Dana-Doc",
        "show_protocols": True,
        "payout_method": "paypal",
        "header": {"title": "Dana's practice", "description": "Nutrition in Leeds"},
        "about": {"title": "About", "description": "Twenty years"},
        "services_header": {"title": "Services", "description": "What I offer"},
        "message": "Closed in August",
        "contact": {"description": "Call me"},
        "approach": {"title": "Approach", "description": "Food first"},
        "opening_hours": [{"day": "tuesday", "opens": "09:00", "closes": "12:00"}],
        "timezone": "Europe/London",
    }

    response = client.put(STORE, json=payload, headers=people.certified.headers)

    assert response.status_code == 200
    body = response.json()
    assert body["shop_name"] == "dana-doc"
    assert body["shop_path"] == "/store/dana-doc"
    assert (body["show_protocols"], body["payout_method"], body["type"]) == (True, "paypal", "clinic")
    assert body["header"] == {"title": "Dana's practice", "description": "Nutrition in Leeds", "image": None}
    assert body["services_header"] == {"title": "Services", "description": "What I offer"}
    assert body["contact"] == {"description": "Call me"}
    assert body["approach"] == {
        "title": "Approach",
        "description": "Food first",
        "image_1": None,
        "image_2": None,
    }
    assert body["opening_hours"] == [{"day": "tuesday", "opens": "09:00", "closes": "12:00"}]
    assert body["timezone"] == "Europe/London"
    assert (
        client.put(STORE, json={"message": "Open"}, headers=people.certified.headers).json()["header"][
            "title"
        ]
        == "Dana's practice"
    )


def test_put_accepts_form_data_with_bracketed_sections(people, store):
    body = urlencode(
        {
            "header[title]": "Form title",
            "about.description": "Form about",
            "shop_name": "form-shop",
            "show_protocols": "true",
            "opening_hours": '[{"day": "monday", "opens": "08:00", "closes": "10:30"}]',
            "timezone": "Europe/Paris",
        }
    )

    response = Client().put(
        "/api" + STORE,
        body,
        content_type="application/x-www-form-urlencoded",
        headers=people.certified.headers,
    )

    assert response.status_code == 200, response.content
    store.refresh_from_db()
    assert (store.header_title, store.about_description, store.shop_name, store.show_protocols) == (
        "Form title",
        "Form about",
        "form-shop",
        True,
    )
    assert store.opening_hours == [{"day": "monday", "opens": "08:00", "closes": "10:30"}]


def test_put_accepts_multipart_form_data(people, store):
    response = Client().put(
        "/api" + STORE,
        data=_multipart({"message": "<b>multipart</b>", "payout_method": "bank_account"}),
        content_type="multipart/form-data; boundary=BoUnDaRy",
        headers=people.certified.headers,
    )

    assert response.status_code == 200, response.content
    assert response.json()["message"] == "<b>multipart</b>"
    assert response.json()["payout_method"] == "bank_account"


def _multipart(fields: dict[str, str]) -> bytes:
    from django.test.client import encode_multipart

    return encode_multipart("BoUnDaRy", fields)


def test_the_section_calls_each_write_their_section(client, people, store):
    headers = people.certified.headers

    client.put(f"{STORE}/header", json={"title": "H", "description": "h"}, headers=headers)
    client.put(f"{STORE}/about", json={"title": "A", "description": "a"}, headers=headers)
    client.put(f"{STORE}/services/header", json={"title": "S", "description": "s"}, headers=headers)
    client.put(f"{STORE}/approach", json={"title": "P", "description": "p"}, headers=headers)
    client.put(f"{STORE}/message", json={"message": "M"}, headers=headers)
    client.put(f"{STORE}/contact", json={"description": "C"}, headers=headers)
    last = client.put(
        f"{STORE}/contact",
        json={
            "opening_hours": [{"day": "friday", "opens": "13:00", "closes": "24:00"}],
            "timezone": "Asia/Tokyo",
        },
        headers=headers,
    )

    assert last.status_code == 200
    store.refresh_from_db()
    assert (store.header_title, store.header_description, store.about_title, store.about_description) == (
        "H",
        "h",
        "A",
        "a",
    )
    assert (
        store.services_title,
        store.services_description,
        store.approach_title,
        store.approach_description,
    ) == (
        "S",
        "s",
        "P",
        "p",
    )
    assert (store.message, store.contact_description, store.timezone) == ("M", "C", "Asia/Tokyo")
    assert store.opening_hours == [{"day": "friday", "opens": "13:00", "closes": "24:00"}]


HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)> &amp; \' " </textarea>'


def test_html_and_script_in_every_text_field_are_kept_as_text(client, people, store):
    headers = people.certified.headers
    section = {"title": HOSTILE[:120], "description": HOSTILE}
    payload = {
        "header": section,
        "about": section,
        "services_header": section,
        "approach": section,
        "contact": {"description": HOSTILE},
        "message": HOSTILE,
    }
    client.put(STORE, json=payload, headers=headers)
    service = client.post(
        f"{STORE}/services", json={"name": HOSTILE, "description": HOSTILE}, headers=headers
    )
    package = client.post(
        f"{STORE}/packages",
        json={"name": HOSTILE, "description": HOSTILE, "price": HOSTILE[:60], "features": [HOSTILE]},
        headers=headers,
    )

    body = client.get(STORE, headers=headers).json()
    assert body["header"]["title"] == HOSTILE[:120]
    for key in ("header", "about", "services_header", "approach"):
        assert body[key]["description"] == HOSTILE
    assert (body["message"], body["contact"]["description"]) == (HOSTILE, HOSTILE)
    assert service.json()["name"] == HOSTILE and service.json()["description"] == HOSTILE
    assert package.json()["features"][0]["text"] == HOSTILE
    assert package.json()["price"] == HOSTILE[:60]


def test_a_get_reply_sent_back_as_the_put_body_changes_nothing(client, people, store):
    headers = people.certified.headers
    client.post(f"{STORE}/services", json={"name": "Consultation"}, headers=headers)
    before = client.get(STORE, headers=headers).json()

    response = client.put(STORE, json=before, headers=headers)

    assert response.status_code == 200
    after = response.json()
    assert {**after, "updated_at": None} == {**before, "updated_at": None}


def test_shop_names_are_lower_cased_and_unique_whatever_the_case(client, people, store):
    taken = client.put(STORE, json={"shop_name": "Green-LEAF"}, headers=people.rival.headers)
    client.post(STORE, json={"type": "online", "theme": "calm"}, headers=people.rival.headers)
    taken = client.put(
        STORE, json={"shop_name": "Green-LEAF", "message": "kept?"}, headers=people.rival.headers
    )

    assert taken.status_code == 409
    assert taken.json()["message"] == "This shop name is taken. Try another one."
    assert taken.json()["errors"] == {"shop_name": ["taken"]}
    rival = Store.objects.get(owner=people.rival.user)
    assert (rival.shop_name, rival.message) == (None, "")


@pytest.mark.parametrize(
    ("name", "status", "reason"),
    [
        ("admin", 422, "reserved"),
        ("API", 422, "reserved"),
        ("store", 422, "reserved"),
        ("ab", 422, "invalid"),
        ("a" * 41, 422, "invalid"),
        ("with space", 422, "invalid"),
        ("double--hyphen", 422, "invalid"),
        ("-edge", 422, "invalid"),
        ("../etc", 422, "invalid"),
        ("grün", 422, "invalid"),
        ("<script>", 422, "invalid"),
    ],
)
def test_reserved_and_malformed_shop_names_are_refused_and_the_old_name_kept(
    client, people, store, name, status, reason
):
    response = client.put(STORE, json={"shop_name": name}, headers=people.certified.headers)

    assert response.status_code == status
    assert response.json()["errors"] == {"shop_name": [reason]}
    store.refresh_from_db()
    assert store.shop_name == "green-leaf"


def test_an_empty_shop_name_removes_the_address(client, people, store):
    response = client.put(STORE, json={"shop_name": ""}, headers=people.certified.headers)

    assert response.json()["shop_name"] is None
    assert response.json()["shop_path"] is None


FREE = "This shop name is free."
TAKEN = "This shop name is taken. Try another one."
RESERVED = "This shop name is reserved. Try another one."


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("fresh-name", {"name": "fresh-name", "available": True, "reason": None, "message": FREE}),
        ("Green-Leaf", {"name": "green-leaf", "available": False, "reason": "taken", "message": TAKEN}),
        ("admin", {"name": "admin", "available": False, "reason": "reserved", "message": RESERVED}),
    ],
)
def test_the_availability_check_says_whether_a_name_is_free(client, people, store, name, expected):
    response = client.get(f"{STORE}/availability?name={name}", headers=people.rival.headers)

    assert response.status_code == 200
    assert response.json() == expected


def test_the_owner_sees_their_own_name_as_available(client, people, store):
    body = client.get(f"{STORE}/availability?name=green-leaf", headers=people.certified.headers).json()

    assert body["available"] is True


def test_an_invalid_name_is_answered_with_the_rule(client, people, store):
    body = client.get(f"{STORE}/availability?name=a_b", headers=people.rival.headers).json()

    assert (body["available"], body["reason"]) == (False, "invalid")
    assert body["message"].startswith("A shop name has 3 to 40 characters")


@pytest.mark.parametrize("query", ["", "?name=", "?name=%20%20"])
def test_the_availability_check_needs_a_name(client, people, query):
    response = client.get(f"{STORE}/availability{query}", headers=people.certified.headers)

    assert response.status_code == 422
    assert response.json()["message"] == "Enter a shop name to check."


def hours(*ranges: tuple[str, str, str], timezone: str | None = "UTC") -> dict[str, object]:
    payload: dict[str, object] = {
        "opening_hours": [{"day": d, "opens": o, "closes": c} for d, o, c in ranges]
    }
    return payload if timezone is None else {**payload, "timezone": timezone}


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"type": "castle"}, "type"),
        ({"theme": "neon"}, "theme"),
        ({"payout_method": "cash"}, "payout_method"),
        ({"timezone": "Mars/Olympus"}, "timezone"),
        ({"timezone": "../../etc/passwd"}, "timezone"),
        ({"header": {"title": "x" * 121}}, "header.title"),
        ({"services_header": {"title": "x" * 121}}, "services_header.title"),
        ({"contact": {"description": "x" * 3001}}, "contact.description"),
        ({"message": "x" * 1001}, "message"),
        ({"about": {"description": "x" * 3001}}, "about.description"),
        (hours(("monday", "09:00", "17:00"), timezone=None), "timezone"),
        (hours(("caturday", "09:00", "17:00")), "opening_hours.0.day"),
        (hours(("monday", "17:00", "09:00")), "opening_hours.0"),
        (hours(("monday", "9am", "17:00")), "opening_hours.0"),
        (hours(("monday", "09:00", "13:00"), ("monday", "12:00", "17:00")), "opening_hours"),
        (hours(*[("monday", f"0{h}:00", f"0{h}:30") for h in range(4)]), "opening_hours"),
    ],
)
def test_bad_fields_are_refused_with_422_and_nothing_changes(client, people, store, payload, field):
    response = client.put(STORE, json={"show_protocols": True, **payload}, headers=people.certified.headers)

    assert response.status_code == 422
    assert list(response.json()["errors"]) == [field]
    store.refresh_from_db()
    assert (store.show_protocols, store.message, store.type, store.timezone, store.opening_hours) == (
        False,
        "",
        "clinic",
        "",
        [],
    )


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        (b"{not json", "application/json", 400),
        (b"[1, 2]", "application/json", 400),
        (b'{"show_protocols": "maybe"}', "application/json", 422),
        (b"--nope\r\n", "multipart/form-data", 400),
    ],
)
def test_unreadable_bodies_are_4xx(people, store, body, content_type, status):
    response = Client().put("/api" + STORE, body, content_type=content_type, headers=people.certified.headers)

    assert response.status_code == status
    assert response.json()["message"]


def test_every_write_tells_the_practitioners_devices(
    client, people, store, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.put(f"{STORE}/message", json={"message": "hi"}, headers=people.certified.headers)

    event = Event.objects.get(user=people.certified.user)
    assert (event.topic, event.data) == ("store.updated", {"store_id": store.pk})
    assert len(callbacks) == 1


def test_a_refused_write_tells_no_one(client, people, store):
    client.put(f"{STORE}/message", json={"message": "x" * 5000}, headers=people.certified.headers)

    assert not Event.objects.filter(topic="store.updated").exists()


def test_a_body_beyond_the_upload_limit_is_413_and_nothing_changes(people, store, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = urlencode({"message": "x" * 20_000})

    as_json = Client().put(
        "/api" + STORE, b'{"message": "' + b"x" * 20_000 + b'"}', content_type="application/json",
        headers=people.certified.headers,
    )  # fmt: skip
    as_form = Client().put(
        "/api" + STORE,
        body,
        content_type="application/x-www-form-urlencoded",
        headers=people.certified.headers,
    )

    assert (as_json.status_code, as_form.status_code) == (413, 413)
    assert as_json.json()["message"] == "The request body is too large."
    store.refresh_from_db()
    assert store.message == ""
