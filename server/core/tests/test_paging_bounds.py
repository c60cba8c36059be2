"""Paged calls with page numbers far past any list (schemathesis found 500s on very large page
numbers, the orders' lists and the practitioner's clients and protocols): a clear 422 naming the bound,
never a 500."""

import pytest

from server.protocols.tests.conftest import People, client, people  # noqa: F401 (shared fixtures)

HUGE = 10**20  # past a 64-bit OFFSET


PAGED = [
    "/v2/account/orders",
    "/v2/account/practitioners/orders",
    "/v2/account/practitioners/clients",
    "/v2/account/practitioners/protocols",
]


@pytest.mark.parametrize("path", PAGED)
def test_a_page_past_the_bound_is_a_422_not_a_500(client, people: People, path: str):  # noqa: F811
    reply = client.get(f"{path}?page={HUGE}", headers=people.certified.headers)

    assert reply.status_code == 422
    assert "page" in reply.text


@pytest.mark.parametrize("path", ["/v2/account/orders", "/v2/account/practitioners/orders"])
def test_the_last_allowed_page_is_an_empty_page(client, people: People, path: str):  # noqa: F811
    reply = client.get(f"{path}?page=100000", headers=people.certified.headers)

    assert reply.status_code == 200
    assert (reply.json()["data"], reply.json()["current_page"]) == ([], 100000)


def test_a_protocol_search_past_the_last_page_is_a_422(client, people: People):  # noqa: F811
    reply = client.post(
        "/v2/account/practitioners/protocols/search",
        json={"query": "", "page": HUGE},
        headers=people.certified.headers,
    )

    assert reply.status_code == 422
    assert "page" in reply.text
