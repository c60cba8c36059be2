"""The ASGI application's HTTP side runs Django's middleware chain synchronously in one worker thread
(server/config/asgi_handler.py): every middleware still applies, and the view runs off the event loop."""

import json
import threading
from inspect import iscoroutinefunction

import pytest
from asgiref.testing import ApplicationCommunicator

from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)
from server.config.asgi_handler import SyncChainASGIHandler
from server.events.models import Event
from server.events.tests.conftest import d3, shopper  # noqa: F401 (shared fixtures)


async def asgi_request(
    method: str, path: str, *, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    path, _, query = path.partition("?")
    host = {"host": "127.0.0.1"} | {name.lower(): value for name, value in (headers or {}).items()}
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(name.encode(), value.encode()) for name, value in host.items()],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    app = ApplicationCommunicator(SyncChainASGIHandler(), scope)
    await app.send_input({"type": "http.request", "body": body, "more_body": False})
    start = await app.receive_output(10)
    chunks = []
    while True:
        message = await app.receive_output(10)
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    await app.wait(10)
    reply_headers = {name.decode().lower(): value.decode() for name, value in start["headers"]}
    return start["status"], reply_headers, b"".join(chunks)


def test_the_middleware_chain_is_synchronous():
    handler = SyncChainASGIHandler()

    assert not iscoroutinefunction(vars(handler)["_middleware_chain"])
    assert iscoroutinefunction(handler.get_response_async)


@pytest.mark.django_db(transaction=True)
async def test_a_write_passes_every_middleware_and_runs_off_the_event_loop(d3, shopper, monkeypatch):  # noqa: F811
    loop_thread = threading.get_ident()
    view_threads: list[int] = []
    from server.cart import services as cart_services

    original = cart_services.cart_item_add

    def spy(**kwargs):
        view_threads.append(threading.get_ident())
        return original(**kwargs)

    monkeypatch.setattr(cart_services, "cart_item_add", spy)

    status, headers, body = await asgi_request(
        "POST",
        "/api/v2/storefront/cart/items",
        body=json.dumps({"product_variant_id": d3}).encode(),
        headers={**shopper, "Content-Type": "application/json", "X-Device-Id": "tab-1"},
    )

    assert status == 200
    assert json.loads(body)["total_items"] == 1
    assert view_threads and view_threads[0] != loop_thread
    # The security middleware and the tab middleware both ran.
    assert headers["x-content-type-options"] == "nosniff"
    assert await Event.objects.values_list("device", flat=True).aget() == "tab-1"


@pytest.mark.django_db(transaction=True)
async def test_errors_keep_the_api_shape_through_the_asgi_handler():
    status, _, body = await asgi_request("GET", "/api/v2/no-such-call")

    assert status == 404
    assert json.loads(body)["code"] == "not_found"
