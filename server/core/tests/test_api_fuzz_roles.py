"""docs/architecture.md, "Reliability and security": no input gets a 500, whoever asks. Schemathesis sends
generated requests to every operation of the served OpenAPI schema (valid and invalid bodies, paths and
query strings), signed out and signed in as each of the four roles in turn, with the throttles off for the
run so that every operation is really exercised (they would answer 429 to most of a fuzzer's calls).

Its own step of the test command (`pytest -m fuzz`, once per seed in FUZZ_SEED, under a time cap); the
normal passes leave it out. A 5xx found here is fixed and its input kept as a regression test next to the
code it concerns."""

from __future__ import annotations

import os
from collections import Counter

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, seed, settings
from ninja.throttling import SimpleRateThrottle
from schemathesis.generation.modes import GenerationMode

from server.accounts.models import User, UserType
from server.protocols.tests.conftest import sign_in
from server.stores.models import Store

pytestmark = pytest.mark.fuzz

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application())
# The chains' own copy, of the resources the links join: valid inputs only (an invalid create makes nothing
# to chain from), and no generated Authorization header in place of the owner's. Orders' links are left
# out: the chains' practitioner has no cart, so no checkout makes an order to chain from, and their calls
# (all 404s) only took the steps the protocols' and the store's chains need.
CHAINED = r"account/practitioners/protocols|account/store/(services|packages)"
chains_schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application()).include(
    path_regex=rf"^/api/v2/({CHAINED})"
)
chains_schema.config.generation.update(modes=[GenerationMode.POSITIVE], with_security_parameters=False)
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


@pytest.fixture
def practitioner_with_a_store(db, same_connection, throttles_off) -> dict[str, str]:
    user = User.objects.create_user(
        "fuzz-chains@example.com", "Demo-pass-2026!", user_type_id=UserType.CERTIFIED_PRACTITIONER
    )
    Store.objects.create(owner=user, type="clinic", theme="fresh", shop_name="fuzz-chains")
    return {**sign_in(user).headers, "X-Region": "uk"}


def test_no_chain_of_calls_gets_a_server_error(practitioner_with_a_store):
    """Stateful: the OpenAPI links (server/config/openapi_links.py) chain a create to the calls on what it
    made, so generated sequences reach real protocols, store services and packages: create -> read ->
    update -> delete, in any order and with generated bodies, as their owner."""
    headers = practitioner_with_a_store
    succeeded: Counter[tuple[str, str]] = Counter()

    class Chains(chains_schema.as_state_machine()):  # type: ignore[misc]  # schemathesis builds the class
        # Every sequence starts from the same database: a sequence that depends on what an earlier one left
        # would not be the same test when Hypothesis runs it again.
        def setup(self):
            self.savepoint = transaction.atomic()
            self.savepoint.__enter__()

        def teardown(self):
            transaction.set_rollback(True)
            self.savepoint.__exit__(None, None, None)

        def before_call(self, case):
            # A create needs a name (and a protocol a description), which the shared create/update schemas
            # leave optional: given them, the chains start far more often (bodies without are the stateless
            # test's).
            if case.method == "POST" and isinstance(case.body, dict):
                for needed in ("name", "description") if case.path.endswith("/create") else ("name",):
                    if not str(case.body.get(needed, "")).strip():
                        case.body[needed] = "Chained"

        def get_call_kwargs(self, case):
            return {"headers": headers}

        def after_call(self, response, case):
            super().after_call(response, case)
            if response.status_code < 400:
                succeeded[(case.method, case.path)] += 1

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:500]}"

    seed(FUZZ_SEED)(Chains).run(
        settings=settings(
            max_examples=150,
            stateful_step_count=10,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )

    # (the chains did reach what the creates made)
    reached = {call for call in succeeded if "{" in call[1]}
    families = {
        made
        for made in ("{protocol_id}", "{service_id}", "{package_id}")
        for _, path in reached
        if made in path
    }
    assert len(reached) >= 5 and len(families) >= 2, sorted(reached)
