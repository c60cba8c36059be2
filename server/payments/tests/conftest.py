from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.orders.tests.conftest import destinations, filled_cart  # noqa: F401
from server.protocols.tests.conftest import client, people  # noqa: F401
