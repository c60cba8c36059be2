"""The store and its sections (spec section 7 "Practitioner store"): create, read, change, JSON and form."""

from urllib.parse import urlencode

from django.test import Client

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
