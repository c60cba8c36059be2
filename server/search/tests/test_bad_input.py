"""Whatever a client sends, the search answers 200 (ignoring what it cannot use) or a clear 4xx, never 500."""

import json
from urllib.parse import urlencode

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.search.tests.test_search_api import RESULT_KEYS

PATH = "/api/v2/storefront/search"
# One client: each new one loads the middleware again (WhiteNoise scans its files).
client = Client()

SYNTAX = [
    '"', '""', '"magnesium', 'magnesium"', "*", "**", "mag*", "NEAR(magnesium zinc)", "NEAR(", "-zinc",
    "zinc -", "name:zinc", "{name}:zinc", ":", "^zinc", "zinc^", "a & b", "a | b", "!a", "a <-> b", "a <2> b",
    "'a'", "a:*", "(", ")", "((zinc", "AND", "OR", "NOT", "zinc AND", "OR magnesium",
    "'; DROP TABLE catalog_product; --", "1' OR '1'='1", "%", "_", "\\", "\\'", "\x00", "zinc\x00magnesium",
    "😀 magnesium", "ﬁsh", "ß", "İstanbul", "マグネシウム", "magnesium" * 30, "a " * 120, "\u200b",
    "\ufeffzinc", "magnes", "vitamn", "mangesium",
]  # fmt: skip

# Any character but lone surrogates, which no URL can carry.
TYPABLE = st.characters(exclude_categories=["Cs"])
queries = st.one_of(
    st.sampled_from(SYNTAX),
    st.text(alphabet=TYPABLE, max_size=210),
    st.lists(st.sampled_from(SYNTAX), max_size=6).map(" ".join),
)
numbers = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(alphabet=TYPABLE, max_size=12),
)


def comma_joined(ids: list[int]) -> str:
    return ",".join(map(str, ids))


id_lists = st.one_of(
    st.lists(st.integers(min_value=-5, max_value=10**20), max_size=30).map(comma_joined),
    st.integers(min_value=150, max_value=10_000).map(lambda n: ",".join(str(i) for i in range(n))),
    st.text(alphabet=TYPABLE, max_size=30),
)
params = st.fixed_dictionaries(
    {"query": queries},
    optional={
        "page": numbers,
        "per_page": numbers,
        "order_by": st.text(max_size=5),
        "order": st.sampled_from(["desc", "asc", "DESC", "", "sideways"]),
        "formatted": st.text(max_size=3),
        "brands": id_lists,
        "categories": id_lists,
        "free_from": id_lists,
        "availability": id_lists,
        "zero_waste": id_lists,
    },
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)
bodies = st.one_of(
    st.none(),
    st.binary(max_size=100),
    st.builds(lambda p: json.dumps({"priorities": p}).encode(), json_values),
    st.lists(st.sampled_from(["name", "ingredients", "brand", "", "NAME"]), max_size=5).map(
        lambda p: json.dumps({"priorities": p}).encode()
    ),
    json_values.map(lambda value: json.dumps(value).encode()),
)


def post(query_params: dict[str, str], body: bytes | None, content_type: str = "application/json"):
    path = f"{PATH}?{urlencode(query_params)}"
    return client.generic("POST", path, data=body or b"", content_type=content_type)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query_params=params, body=bodies)
def test_any_input_gets_a_result_or_a_clear_refusal(shop, query_params, body):
    response = post(query_params, body)

    assert response.status_code in {200, 400, 413, 422}, response.content
    reply = response.json()
    if response.status_code == 200:
        assert set(reply) == RESULT_KEYS
        assert 0 <= len(reply["hits"]) <= reply["per_page"] <= 100
        assert reply["total_found"] == reply["available_products"] + reply["unavailable_products"]
    else:
        assert reply["message"]
        assert reply["code"]


def test_fts_and_tsquery_syntax_is_just_text(shop):
    for query in SYNTAX:
        response = post({"query": query}, None)

        assert response.status_code in {200, 400}, (query, response.content)


def test_a_query_longer_than_two_hundred_characters_is_refused(shop):
    response = post({"query": "m" * 201}, None)

    assert response.status_code == 400
    assert response.json() == {
        "message": "The search text may be at most 200 characters long.",
        "code": "bad_request",
        "errors": {"query": ["at most 200 characters"]},
    }
    assert post({"query": "m" * 200}, None).status_code == 200


def test_a_body_that_is_not_json_is_refused(shop):
    response = post({"query": "zinc"}, b"{priorities: name")

    assert response.status_code == 400
    assert response.json()["code"] == "malformed_body"


def test_wrong_types_in_priorities_are_ignored(shop):
    for priorities in (42, "ingredients", [1, None, {"a": 1}], {"name": 1}, [["name"]]):
        response = post({"query": "glycine"}, json.dumps({"priorities": priorities}).encode())

        assert response.status_code == 200, priorities
    by_ingredients = post({"query": "glycine"}, json.dumps({"priorities": "ingredients"}).encode()).json()
    assert [hit["id"] for hit in by_ingredients["hits"]] == [shop.sleep.id, shop.glycine.id]


def test_too_many_ids_in_a_filter_are_refused_with_the_group_named(shop):
    response = post({"query": "zinc", "brands": ",".join(str(i) for i in range(10_000))}, None)

    assert response.status_code == 400
    assert response.json()["errors"] == {"brands": ["too many ids"]}


def test_too_many_query_parameters_are_refused(shop):
    many = "&".join(f"p{i}=1" for i in range(1500))
    response = client.post(f"{PATH}?query=zinc&{many}", data=b"", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["message"] == "The search request has too many query parameters."


def test_a_body_too_large_to_read_is_refused(shop, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post({"query": "zinc"}, json.dumps({"priorities": ["name"] * 1000}).encode())

    assert response.status_code == 413
    assert response.json()["code"] == "too_large"


def test_a_form_body_carries_no_priorities(shop):
    form_type = "application/x-www-form-urlencoded"
    form = post({"query": "glycine"}, b"priorities=ingredients", content_type=form_type)
    multipart = client.post(f"{PATH}?query=glycine", data={"priorities": "ingredients"})

    for response in (form, multipart):
        assert response.status_code == 200
        assert [hit["id"] for hit in response.json()["hits"]] == [shop.glycine.id, shop.sleep.id]


def test_any_other_body_must_be_json(shop):
    response = post({"query": "zinc"}, b"priorities=name", content_type="text/plain")

    assert response.status_code == 400
    assert response.json()["errors"] == {"body": ["not valid JSON"]}
