"""docs/architecture.md, "Reliability and security": while the database does not answer (restarting,
unreachable, a statement past its timeout), the API answers 503 with a message and Retry-After, never 500."""

import pytest
from django.db import OperationalError, connection
from ninja.testing import TestClient

from server.catalog import selectors as catalog_selectors
from server.config.api import api

client = TestClient(api)


@pytest.mark.django_db
def test_a_database_that_does_not_answer_is_a_503_with_a_message(monkeypatch):
    def gone(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(catalog_selectors, "category_tree", gone)

    reply = client.get("/v2/storefront/categories")

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
    reply = client.get("/v2/storefront/categories")

    # Then PostgreSQL cancelled it, and the caller hears 503, not 500
    assert (reply.status_code, reply.json()["code"]) == (503, "service_unavailable")


@pytest.mark.postgres
@pytest.mark.django_db
def test_serving_connections_carry_the_30_second_statement_timeout():
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone() == ("30s",)
