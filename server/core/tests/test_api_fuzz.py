"""docs/architecture.md, "Reliability and security": no input gets a 500. Schemathesis generates requests
for every operation of the
OpenAPI schema (valid and invalid bodies, paths and query strings) and sends them, signed in as a
certified practitioner, through the whole Django stack."""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import RequestFactory
from hypothesis import HealthCheck, settings

from server.accounts.models import User, UserType
from server.accounts.services import auth_login

PASSWORD = "Demo-pass-2026!"
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())


@pytest.fixture
def same_connection():
    """As Django's test client does: requests must not close the test's connection (inside its
    transaction, a pooled connection cannot be reopened)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, same_connection) -> str:
    User.objects.create_user(
        "fuzz@example.com", "Demo-pass-2026!", user_type_id=UserType.CERTIFIED_PRACTITIONER
    )
    request = RequestFactory().post("/")
    return auth_login(email="fuzz@example.com", password=PASSWORD, request=request).access_token


@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case, token):
    response = case.call(headers={"Authorization": f"Bearer {token}", "X-Region": "uk"})

    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:500]}"
