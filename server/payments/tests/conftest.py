from collections.abc import Iterator

import pytest

from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.orders.tests.conftest import destinations, filled_cart  # noqa: F401
from server.payments.tests.mollie_server import API_KEY, FakeMollie, serve
from server.protocols.tests.conftest import client, people  # noqa: F401


@pytest.fixture
def mollie(settings) -> Iterator[FakeMollie]:
    """The suite's local Mollie server, and the shop configured to use it."""
    for state in serve():
        settings.MOLLIE_API_KEY = API_KEY
        settings.MOLLIE_API_ENDPOINT = state.base_url
        yield state
