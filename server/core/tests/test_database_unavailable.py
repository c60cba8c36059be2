"""docs/architecture.md, "Reliability and security": while the database does not answer (restarting,
unreachable, a statement past its timeout), the API and the pages answer 503 with a message and
Retry-After, never 500."""

import pytest
from django.db import OperationalError, connection
from ninja.testing import TestClient

from server.catalog import selectors as catalog_selectors
from server.config.api import api
from server.stores import views as store_views

api_client = TestClient(api)


@pytest.mark.django_db
def test_a_database_that_does_not_answer_is_a_503_with_a_message(monkeypatch):
    def gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(catalog_selectors, "category_tree", gone)

    reply = api_client.get("/v2/storefront/categories")

    assert reply.status_code == 503
    assert reply.headers["Retry-After"] == "5"
    assert reply.json() == {
        "code": "service_unavailable",
        "message": "The database is not answering; try again in a moment.",
        "errors": {},
    }


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_statement_past_the_timeout_is_cancelled_and_answered_with_a_503(monkeypatch):
    # Given PostgreSQL cancelling statements after 50 ms, and a call whose query takes a second
    def slow(*args, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_sleep(1)")

    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = '50ms'")
    monkeypatch.setattr(catalog_selectors, "category_tree", slow)

    # When it is called
    reply = api_client.get("/v2/storefront/categories")

    # Then PostgreSQL cancelled it, and the caller hears 503, not 500
    assert (reply.status_code, reply.json()["code"]) == (503, "service_unavailable")


@pytest.mark.postgres
@pytest.mark.django_db
def test_serving_connections_carry_the_30_second_statement_timeout():
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("30s",)


@pytest.mark.django_db
def test_a_page_whose_database_does_not_answer_is_a_503_page_not_a_500(client, monkeypatch):
    # Given the store page's read failing as when PostgreSQL restarts
    def gone(*args, **kwargs):
        raise OperationalError("the database system is shutting down")

    monkeypatch.setattr(store_views, "store_by_shop_name", gone)

    # When a visitor opens a store page
    reply = client.get("/en/store/some-store")

    # Then they read that the shop will be back, and a monitor knows when to ask again
    assert reply.status_code == 503
    assert reply["Retry-After"] == "5"
    assert reply["Content-Type"] == "text/html; charset=utf-8"
    assert "The database is not answering; try again in a moment." in reply.content.decode()
