"""The error mapping of `server.config.api`: every failure is JSON {message, code, errors}."""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ninja import Router, Schema
from ninja.testing import TestClient

from server.config.api import create_api
from server.core.errors import Conflict, NotFound


class PetIn(Schema):
    name: str
    legs: int


def probe_client() -> TestClient:
    """A fresh API with the shop's error mapping and a few routes that fail on purpose."""
    api = create_api(urls_namespace="probe")
    router = Router()

    @router.post("/pets")
    def create_pet(request, payload: PetIn):
        return {"name": payload.name}

    @router.get("/conflict")
    def conflict(request):
        raise Conflict("That name is taken.", errors={"name": ["taken"]})

    @router.get("/missing")
    def missing(request):
        raise NotFound()

    @router.get("/boom")
    def boom(request):
        raise RuntimeError("bug")

    api.add_router("", router)
    return TestClient(api)


def test_malformed_json_body_is_a_400_with_a_message():
    response = probe_client().post("/pets", body=b'{"name": "Rex", ', content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {"message": "Cannot parse request body", "code": "malformed_body", "errors": {}}


def test_invalid_fields_are_a_422_naming_each_field():
    response = probe_client().post("/pets", json={"name": "Rex", "legs": "four"})

    assert response.status_code == 422
    body = response.json()
    assert (body["message"], body["code"]) == ("Some fields are not valid.", "validation_error")
    assert list(body["errors"]) == ["legs"]


def test_missing_field_is_named_too():
    response = probe_client().post("/pets", json={"legs": 4})

    assert response.status_code == 422
    assert list(response.json()["errors"]) == ["name"]


def test_domain_errors_keep_their_status_code_and_field_errors():
    response = probe_client().get("/conflict")

    assert response.status_code == 409
    assert response.json() == {
        "message": "That name is taken.",
        "code": "conflict",
        "errors": {"name": ["taken"]},
    }


def test_not_found_domain_error_is_a_404():
    response = probe_client().get("/missing")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_an_unexpected_exception_is_logged_and_answered_as_json(caplog):
    response = probe_client().get("/boom")

    assert response.status_code == 500
    assert response.json() == {
        "message": "Something went wrong on our side.",
        "code": "internal_error",
        "errors": {},
    }
    assert "Unhandled error on GET" in caplog.text


def test_unknown_api_path_is_a_json_404():
    response = Client().get("/api/v2/no/such/thing")

    assert response.status_code == 404
    assert response.json() == {"message": "Not found.", "code": "not_found", "errors": {}}


def test_wrong_method_is_a_json_405_with_allow():
    response = Client().post("/api/health", data=b"{bad", content_type="application/json")

    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
    assert response["Allow"] == "GET"


def test_openapi_schema_is_served():
    response = Client().get("/api/openapi.json")

    assert response.status_code == 200
    assert "/api/health" in response.json()["paths"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    path=st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=40),
    method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
    body=st.binary(max_size=200),
)
@pytest.mark.django_db
def test_no_request_under_api_gets_a_500(path, method, body):
    response = Client().generic(method, f"/api/{path}", data=body, content_type="application/json")

    assert response.status_code < 500
    assert isinstance(json.loads(response.content), dict)
