"""docs/architecture.md, "Reliability and security": no input gets a 500, whoever asks. Schemathesis sends
generated requests to every operation of the served OpenAPI schema (valid and invalid bodies, paths and
query strings), signed out and signed in as each of the four roles in turn, with the throttles off for the
run so that every operation is really exercised (they would answer 429 to most of a fuzzer's calls).

Its own step of the test command (`pytest -m fuzz`, once per seed in FUZZ_SEED, under a time cap); the
normal passes leave it out. A 5xx found here is fixed and its input kept as a regression test next to the
code it concerns."""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, seed, settings
from ninja.throttling import SimpleRateThrottle

from server.accounts.models import User, UserType
from server.protocols.tests.conftest import sign_in

pytestmark = pytest.mark.fuzz

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())
FUZZ_SEED = int(os.environ.get("FUZZ_SEED", "1"))
ROLES = {
    "signed-out": None,
    "client": UserType.CLIENT,
    "practitioner": UserType.PRACTITIONER,
    "certified": UserType.CERTIFIED_PRACTITIONER,
    "admin": UserType.ADMIN,
}


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
def throttles_off(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "allow_request", lambda self, request: True)


@pytest.fixture(params=list(ROLES))
def headers(request, db, same_connection, throttles_off) -> dict[str, str]:
    user_type = ROLES[request.param]
    if user_type is None:
        return {"X-Region": "uk"}
    user = User.objects.create_user(
        f"fuzz-{request.param}@example.com", "Demo-pass-2026!", user_type_id=user_type,
        is_staff=user_type == UserType.ADMIN,
    )  # fmt: skip
    return {**sign_in(user).headers, "X-Region": "uk"}


@schema.parametrize()
@seed(FUZZ_SEED)
@settings(max_examples=10, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_no_request_from_any_role_gets_a_server_error(case, headers):
    response = case.call(headers=headers)

    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:500]}"
