"""What each selector builds (a TypedDict, checked by mypy) and what the API declares it answers (a ninja
schema, the OpenAPI contract) name the same fields, so the two descriptions of a reply cannot drift."""

import pytest
from ninja import Schema

from server.providers import schemas as provider_schemas
from server.providers import selectors as provider_selectors

PAIRS = [
    (provider_selectors.AdData, provider_schemas.AdOut),
    (provider_selectors.AdsPage, provider_schemas.AdsPageOut),
]


@pytest.mark.parametrize(("built", "declared"), PAIRS, ids=lambda kind: kind.__name__)
def test_a_selector_builds_exactly_the_fields_its_reply_declares(built: type, declared: type[Schema]):
    assert set(built.__annotations__) | set(getattr(built, "__required_keys__", ())) == set(
        declared.model_fields
    )
