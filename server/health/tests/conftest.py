from server.protocols.tests.conftest import client, people  # noqa: F401 (shared fixtures)
