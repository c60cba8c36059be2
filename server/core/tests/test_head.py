"""HEAD answers wherever GET does (server.config.middleware.HeadAsGetMiddleware), through the real ASGI
path: the API's operations declare GET only and answered HEAD with 405 before."""

import pytest

from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)
from server.core.tests.test_asgi_handler import asgi_request

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "path", ["/api/health", "/api/v2/storefront/products", "/api/v2/storefront/categories"]
)
async def test_head_on_an_api_read_answers_like_get_without_a_body(catalogue, path):  # noqa: F811
    # Given an API read; when a monitor asks with HEAD
    get_status, get_headers, get_body = await asgi_request("GET", path)
    head_status, head_headers, head_body = await asgi_request("HEAD", path)

    # Then it gets GET's status and headers, the length of GET's body, and no body
    assert (get_status, head_status) == (200, 200)
    assert head_body == b""
    assert head_headers["content-type"] == get_headers["content-type"]
    assert get_headers["content-type"].startswith("application/json")
    assert int(head_headers["content-length"]) == len(get_body) > 2


async def test_head_on_a_post_only_call_is_still_a_405_that_names_post():
    status, headers, body = await asgi_request("HEAD", "/api/v2/auth/login")

    assert (status, headers["allow"], body) == (405, "POST", b"")


async def test_other_methods_are_untouched_by_head_handling():
    status, headers, body = await asgi_request("DELETE", "/api/health")

    assert (status, headers["allow"]) == (405, "GET")
    assert b'"code"' in body
