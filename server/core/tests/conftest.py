"""The shared people (one of each role) and catalogue, for the tests that cross every app."""

from server.catalog.tests.conftest import catalogue  # noqa: F401 (a fixture)
from server.protocols.tests.conftest import people  # noqa: F401 (a fixture)
