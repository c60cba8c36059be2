"""What operators see (docs/operations.md, "Metrics" and "Logs"): /metrics behind its token, scraped through
the real ASGI application, its series moving as HTTP and socket traffic flows; the request id in replies,
events and log lines."""

from __future__ import annotations

import json
import logging

import pytest
from channels.layers import get_channel_layer
from django.test import override_settings
from prometheus_client.parser import text_string_to_metric_families

from realtime.tests.conftest import alice, closed_with, ready_socket  # noqa: F401 (fixtures)
from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)
from server.core.request_id import JsonFormatter, RequestIdFilter, request_id_var
from server.core.tests.test_asgi_handler import asgi_request
from server.events.tests.conftest import d3  # noqa: F401 (a fixture)

TOKEN = "scrape-me-" + "x" * 30
LIST = "/api/v2/storefront/products"
with_token = override_settings(METRICS_TOKEN=TOKEN)


async def scrape() -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    status, headers, body = await asgi_request(
        "GET", "/metrics", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    assert status == 200
    assert headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(body.decode())
        for sample in family.samples
    }


def value(series: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return series.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.mark.django_db(transaction=True)
async def test_metrics_are_not_served_without_a_token_configured():
    status, _, _ = await asgi_request("GET", "/metrics", headers={"Authorization": "Bearer anything"})

    assert status == 404


@with_token
@pytest.mark.django_db(transaction=True)
async def test_metrics_without_the_token_are_refused_with_401():
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Bearer " + "y" * 5000}):
        status, reply_headers, body = await asgi_request("GET", "/metrics", headers=headers)

        assert (status, reply_headers["www-authenticate"]) == (401, 'Bearer realm="metrics"')
        assert b"shop_" not in body
    # A POST is refused before the view: no CSRF cookie (and the view takes GET and HEAD only).
    assert (await asgi_request("POST", "/metrics", headers={"Authorization": f"Bearer {TOKEN}"}))[0] == 403


@with_token
@override_settings(CATALOG_INDEX_CHECK_SECONDS=60.0)
@pytest.mark.django_db(transaction=True)
async def test_request_series_move_for_django_and_for_the_front(catalogue):  # noqa: F811
    before = await scrape()
    route = {"route": "api/v2/storefront/products", "method": "GET", "status": "200"}

    await asgi_request("GET", LIST)  # Django makes it
    await asgi_request("GET", LIST)  # the front repeats it
    await asgi_request("GET", LIST)
    after = await scrape()

    count = "shop_http_request_seconds_count"
    assert (
        value(after, count, **route, served_by="django") - value(before, count, **route, served_by="django")
        == 1
    )
    assert (
        value(after, count, **route, served_by="front") - value(before, count, **route, served_by="front")
        == 2
    )
    assert value(after, "shop_reply_cache_entries") >= 1
    assert value(after, "shop_reply_cache_bytes") > 0


@with_token
@pytest.mark.django_db(transaction=True)
async def test_open_sockets_and_event_publishing_show_in_the_series(alice, d3):  # noqa: F811
    before = await scrape()
    socket, _ = await ready_socket(alice)
    during = await scrape()

    # A cart write publishes an event to the socket's user
    status, _, _ = await asgi_request(
        "POST",
        "/api/v2/storefront/cart/items",
        body=json.dumps({"product_variant_id": d3}).encode(),
        headers={**alice.headers, "Content-Type": "application/json"},
    )
    assert status == 200
    assert (await socket.receive_json_from(timeout=5))["topic"] == "cart.updated"
    await socket.disconnect()
    after = await scrape()

    opened = value(during, "shop_sockets_open", kind="events") - value(
        before, "shop_sockets_open", kind="events"
    )
    assert opened == 1
    assert value(after, "shop_sockets_open", kind="events") == value(
        before, "shop_sockets_open", kind="events"
    )
    published = "shop_event_publish_seconds_count"
    assert value(after, published) > value(before, published)


@pytest.mark.django_db(transaction=True)
async def test_a_request_id_comes_back_and_goes_with_the_events_it_publishes(alice, d3, monkeypatch):  # noqa: F811
    layer = get_channel_layer()
    sent: list[dict[str, object]] = []
    original = layer.group_send

    async def spy(group, message):
        sent.append(message)
        await original(group, message)

    monkeypatch.setattr(layer, "group_send", spy)

    status, headers, _ = await asgi_request(
        "POST",
        "/api/v2/storefront/cart/items",
        body=json.dumps({"product_variant_id": d3}).encode(),
        headers={**alice.headers, "Content-Type": "application/json", "X-Request-Id": "edge-42"},
    )
    _, fresh, _ = await asgi_request("GET", LIST, headers={"X-Request-Id": "not a sane id!"})

    assert (status, headers["x-request-id"]) == (200, "edge-42")
    assert sent and {message["request_id"] for message in sent} == {"edge-42"}
    assert len(fresh["x-request-id"]) == 32 and fresh["x-request-id"] != "not a sane id!"


def test_json_log_lines_carry_the_request_id():
    record = logging.LogRecord("shop.test", logging.WARNING, __file__, 1, "Paid %s", ("order 7",), None)
    token = request_id_var.set("edge-42")
    try:
        RequestIdFilter().filter(record)
    finally:
        request_id_var.reset(token)

    line = json.loads(JsonFormatter().format(record))

    assert line["request_id"] == "edge-42"
    assert (line["level"], line["logger"], line["message"]) == ("WARNING", "shop.test", "Paid order 7")
    assert line["time"].endswith("+00:00")
