"""Events carry the tab that caused them (`X-Device-Id`), through the whole middleware stack, sync and
async, so that tab can skip its own refetch; a malformed id is a clear 400 and changes nothing."""

import uuid

import pytest
from django.test import AsyncClient, Client

from server.events.models import Event
from server.events.selectors import events_after, frame_of

CART_ITEMS = "/api/v2/storefront/cart/items"


def test_an_event_names_the_tab_whose_request_caused_it(d3, shopper):
    variant = d3

    reply = Client().post(
        CART_ITEMS,
        {"product_variant_id": variant},
        content_type="application/json",
        headers={**shopper, "X-Device-Id": "tab-7f3a_01"},
    )

    assert reply.status_code == 200
    event = Event.objects.get()
    assert (event.topic, event.device) == ("cart.updated", "tab-7f3a_01")
    assert frame_of(event)["device"] == "tab-7f3a_01"


def test_without_the_header_the_event_names_no_tab(d3, shopper):
    variant = d3

    Client().post(
        CART_ITEMS, {"product_variant_id": variant}, content_type="application/json", headers=shopper
    )

    event = Event.objects.get()
    assert frame_of(event)["device"] is None
    replayed = events_after(user_id=event.user_id, session_id=uuid.uuid4(), since=0)
    assert replayed is not None and replayed[0]["device"] is None


@pytest.mark.django_db(transaction=True)
async def test_the_tab_is_known_under_asgi_too(d3, shopper):
    variant = d3

    reply = await AsyncClient().post(
        CART_ITEMS,
        {"product_variant_id": variant},
        content_type="application/json",
        headers={**shopper, "X-Device-Id": "0b5c7f1e-2d4a-4e7b-9c61-8a1f3e2d9b70"},
    )

    assert reply.status_code == 200
    device = await Event.objects.values_list("device", flat=True).aget()
    assert device == "0b5c7f1e-2d4a-4e7b-9c61-8a1f3e2d9b70"


@pytest.mark.parametrize("device", ["", "a" * 65, "tab 1", "tab/1", "ümlaut"])
def test_a_malformed_device_id_is_refused_and_nothing_is_written(d3, shopper, device):
    variant = d3

    reply = Client().post(
        CART_ITEMS,
        {"product_variant_id": variant},
        content_type="application/json",
        headers={**shopper, "X-Device-Id": device},
    )

    assert reply.status_code == 400
    assert reply.json() == {
        "message": "X-Device-Id must be 1 to 64 letters, digits, '-' or '_'.",
        "code": "bad_request",
        "errors": {"X-Device-Id": ["invalid"]},
    }
    assert not Event.objects.exists()
