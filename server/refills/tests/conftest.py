from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.protocols.tests.conftest import client, people  # noqa: F401
