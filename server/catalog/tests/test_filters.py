from urllib.parse import urlencode

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ninja.testing import TestClient

from server.catalog.filters import (
    MAX_IDS_PER_GROUP,
    MAX_LIMIT,
    FilterGroup,
    FlagGroup,
    SortField,
    TooManyIds,
    parse_product_query,
)
from server.config.api import api
from server.core.paging import MAX_PAGE

KEYS = [g.value for g in FilterGroup] + [f.value for f in FlagGroup]
KEYS += ["order_by", "order", "order_name", "page", "limit", "junk"]
id_lists = st.lists(st.integers(min_value=-5, max_value=10**20).map(str), max_size=12).map(",".join)
values = st.one_of(
    st.text(max_size=60), id_lists, st.sampled_from(["price", "asc", "DESC", "1,2", "0", "-1"])
)
params = st.dictionaries(st.sampled_from(KEYS), values, max_size=8)


def test_a_typical_query_string_is_read_in_full():
    query = parse_product_query(
        {"brands": "3,4", "categories": "7", "availability": "1", "zero_waste": "1",
         "order_by": "price", "order": "asc", "page": "2", "limit": "10"}
    )  # fmt: skip

    assert query.groups == {FilterGroup.BRANDS: frozenset({3, 4}), FilterGroup.CATEGORIES: frozenset({7})}
    assert query.flags == {FlagGroup.AVAILABILITY: frozenset({1}), FlagGroup.ZERO_WASTE: frozenset({1})}
    assert (query.ordering.field, query.ordering.descending) == (SortField.PRICE, False)
    assert (query.page, query.limit, query.offset) == (2, 10, 10)


def test_an_emptied_group_filters_nothing():
    query = parse_product_query({"brands": "", "health_goals": ",,"})

    assert query.groups == {}


@given(params)
@settings(max_examples=300)
def test_any_query_string_parses_into_bounded_values_or_a_clear_refusal(raw):
    try:
        query = parse_product_query(raw)
    except TooManyIds as refusal:
        assert refusal.status == 400
        return
    assert 1 <= query.page <= MAX_PAGE
    assert 1 <= query.limit <= MAX_LIMIT
    for ids in query.groups.values():
        assert 0 < len(ids) <= MAX_IDS_PER_GROUP
        assert all(i >= 0 for i in ids)
    assert query.flags.get(FlagGroup.AVAILABILITY, frozenset({1})) <= {1, 2}
    assert query.flags.get(FlagGroup.ZERO_WASTE, frozenset({1})) == {1}
    assert query.ordering.field in SortField


@pytest.mark.django_db
@given(params)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_product_list_answers_any_query_string_with_200_or_400(catalogue, raw):
    response = TestClient(api).get(f"/v2/storefront/products?{urlencode(raw)}")

    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert response.json()["code"] == "bad_request"
