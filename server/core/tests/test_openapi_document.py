"""The served OpenAPI document: built once per process (it took 150 ms a request), and carrying the links
between calls that the stateful fuzzing follows (server/config/openapi_links.py)."""

from ninja import NinjaAPI
from ninja.testing import TestClient

from server.config.api import api

PROTOCOL = "/api/v2/account/practitioners/protocols/{protocol_id}"


def test_the_document_is_built_once_and_served_the_same_every_time(monkeypatch):
    built = []
    build = NinjaAPI.get_openapi_schema

    def counting(self, **options):
        built.append(options)
        return build(self, **options)

    monkeypatch.setattr(NinjaAPI, "get_openapi_schema", counting)
    monkeypatch.setattr(api, "_documents", {})
    client = TestClient(api)

    replies = [client.get("/openapi.json") for _ in range(3)]

    assert [reply.status_code for reply in replies] == [200, 200, 200]
    assert replies[0].json() == replies[1].json() == replies[2].json()
    assert len(built) == 1


def test_a_create_links_its_id_to_the_calls_on_what_it_made():
    document = api.get_openapi_schema()
    prefix = "/api" if f"/api{PROTOCOL.removeprefix('/api')}" in document["paths"] else ""
    created = document["paths"][f"{prefix}/v2/account/practitioners/protocols/create"]["post"]["responses"][
        201
    ]

    read = created["links"]["GetAccountPractitionersProtocolsProtocolId"]

    assert read == {
        "operationRef": "#/paths/" + f"{prefix}{PROTOCOL.removeprefix('/api')}".replace("/", "~1") + "/get",
        "parameters": {"protocol_id": "$response.body#/protocol_id"},
    }
    assert len(created["links"]) == 8
