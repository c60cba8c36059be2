from urllib.parse import urlencode

from ninja.testing import TestClient
from pydantic import TypeAdapter

from server.accounts.models import UserType
from server.config.api import api
from server.search.selectors import SearchResultOut
from server.search.services import search_reindex
from server.search.tests.conftest import add_product

client = TestClient(api)

RESULT_KEYS = {
    "current_page", "per_page", "total_found", "total_pages", "available_products", "unavailable_products",
    "hits", "brands", "unique_categories", "unique_free_from", "unique_ingredients", "unique_suitable_for",
    "did_you_mean",
}  # fmt: skip


def search(query: str, priorities: list[str] | None = None, user=None, headers=None, **params):
    query_string = urlencode(
        {"query": query, "formatted": 1, "page": 1, "per_page": 10, "order_by": 1, "order": "desc", **params}
    )
    body = {"priorities": priorities if priorities is not None else ["name", "ingredients"]}
    extra = {"user": user} if user is not None else {}
    response = client.post(f"/v2/storefront/search?{query_string}", json=body, headers=headers or {}, **extra)
    assert response.status_code == 200, response.content
    return response.json()


def hit_ids(result) -> list[int]:
    return [hit["id"] for hit in result["hits"]]


# Ranking -------------------------------------------------------------------------------------------


def test_name_outranks_ingredients_which_outrank_brand_which_outranks_description(shop):
    result = search("magnesium")

    assert hit_ids(result) == [shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id]
    assert set(result) == RESULT_KEYS
    assert (result["total_found"], result["total_pages"], result["current_page"], result["per_page"]) == (
        4, 1, 1, 10,
    )  # fmt: skip
    assert result["did_you_mean"] is None


def test_a_word_found_only_in_the_brand_or_only_in_the_description(shop):
    assert hit_ids(search("works")) == [shop.calm.id]
    assert hit_ids(search("sunshine")) == [shop.d3.id]


def test_hits_are_product_cards(shop):
    hit = search("glycinate")["hits"][0]

    assert (hit["id"], hit["slug"]) == (shop.glycinate.id, "magnesium-glycinate")
    assert hit["name"] == "Magnesium Glycinate"
    assert hit["brand"] == {"brand_id": shop.acme.id, "id": shop.acme.id, "name": "Acme", "slug": "acme"}
    assert (hit["price"], hit["currency"], hit["is_available"]) == ("18.00", "EUR", True)
    assert [variant["sku"] for variant in hit["variants"]] == ["magnesium-glycinate-1"]


def test_the_last_word_is_a_prefix_while_typing(shop):
    assert hit_ids(search("magnes")) == [shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id]
    assert hit_ids(search("ashwag")) == [shop.ashwagandha.id]
    assert hit_ids(search("vitamin d")) == [shop.d3.id]


def test_earlier_words_must_match_whole(shop):
    # "magnes" is not a word of the catalogue; only the last word is completed.
    assert search("magnes citrate")["total_found"] == 0
    assert hit_ids(search("magnesium citr")) == [shop.sleep.id]


def test_every_word_must_match_somewhere(shop):
    assert hit_ids(search("vitamin d3")) == [shop.d3.id]
    assert hit_ids(search("zinc flour")) == [shop.zinc.id]
    assert search("zinc chamomile")["total_found"] == 0


def test_prefix_matches_rank_by_field_then_shorter_name_then_newer_product(shop):
    # "glycin" starts glycine (a name word of Glycine Powder, an ingredient of Sleep Complex) and
    # glycinate (a name word of Magnesium Glycinate); both names have two words, Glycine Powder is newer.
    assert hit_ids(search("glycin")) == [shop.glycine.id, shop.glycinate.id, shop.sleep.id]


def test_the_whole_word_ranks_before_longer_words_it_starts(shop):
    zincum = add_product(
        "Zincum Drops", brand=shop.verdant, categories=[shop.minerals], ingredients="Water", description=""
    )
    search_reindex(product_ids=[zincum.id])

    # Same field, same name length, Zincum Drops is newer: only the whole word puts Zinc Picolinate first.
    assert hit_ids(search("zinc")) == [shop.zinc.id, zincum.id]
    assert hit_ids(search("zincu")) == [zincum.id]


def test_accents_and_case_do_not_matter(shop):
    assert hit_ids(search("MAGNÉSIUM gLyCiNaTe")) == [shop.glycinate.id]


def test_priorities_say_whether_name_or_ingredients_weigh_most(shop):
    by_name = search("glycine", priorities=["name", "ingredients"])
    by_ingredients = search("glycine", priorities=["ingredients"])
    default = search("glycine", priorities=[])
    unknown_ignored = search("glycine", priorities=["price", "ingredients", "brand"])

    assert hit_ids(by_name) == [shop.glycine.id, shop.sleep.id]
    assert hit_ids(by_ingredients) == [shop.sleep.id, shop.glycine.id]
    assert hit_ids(default) == [shop.glycine.id, shop.sleep.id]
    assert hit_ids(unknown_ignored) == [shop.sleep.id, shop.glycine.id]


def test_the_body_is_optional(shop):
    response = client.post("/v2/storefront/search?query=glycine")

    assert response.status_code == 200
    assert hit_ids(response.json()) == [shop.glycine.id, shop.sleep.id]


def test_among_equal_matches_the_newer_product_comes_first(shop):
    # Both have "vitamin" in a three-word name.
    assert hit_ids(search("vitamin")) == [shop.vitamin_c.id, shop.d3.id]


# Typos -----------------------------------------------------------------------------------------------


def test_one_substituted_letter_is_forgiven(shop):
    result = search("magnesiun")

    assert hit_ids(result) == [shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id]
    assert result["did_you_mean"] == "magnesium"


def test_one_left_out_letter_is_forgiven(shop):
    result = search("vitamn")

    assert hit_ids(result) == [shop.vitamin_c.id, shop.d3.id]
    assert result["did_you_mean"] == "vitamin"
    assert hit_ids(search("ashwaganda")) == [shop.ashwagandha.id]


def test_one_extra_letter_is_forgiven(shop):
    result = search("citratte")

    assert hit_ids(result) == [shop.sleep.id]
    assert result["did_you_mean"] == "citrate"


def test_two_swapped_letters_are_forgiven(shop):
    result = search("mangesium")

    assert hit_ids(result) == [shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id]
    assert result["did_you_mean"] == "magnesium"


def test_a_typo_in_an_earlier_word(shop):
    result = search("vitamn d3")

    assert hit_ids(result) == [shop.d3.id]
    assert result["did_you_mean"] == "vitamin d3"


def test_did_you_mean_replaces_only_the_unknown_word(shop):
    result = search("magnesiun citrate")

    assert hit_ids(result) == [shop.sleep.id]
    assert result["did_you_mean"] == "magnesium citrate"


def test_a_word_shorter_than_five_letters_is_not_corrected(shop):
    result = search("zinx")

    assert result["total_found"] == 0
    assert result["hits"] == []
    assert result["did_you_mean"] is None


def test_two_typos_in_one_word_are_too_many(shop):
    result = search("mahnezium citrate")

    assert (result["total_found"], result["did_you_mean"]) == (0, None)


def test_a_known_word_is_never_corrected(shop):
    # "glycine" is one letter from nothing else, "zinc" is known: nothing to suggest.
    assert search("zinc picolinate")["did_you_mean"] is None


# Filters, facets, audience, region -------------------------------------------------------------------


def test_facets_list_the_options_of_all_matches_with_counts(shop):
    result = search("magnesium")

    assert result["brands"] == [
        {"id": shop.verdant.id, "name": "Verdant", "count": 2},
        {"id": shop.acme.id, "name": "Acme", "count": 1},
        {"id": shop.works.id, "name": "Magnesium Works", "count": 1},
    ]
    assert result["unique_categories"] == [
        {"id": shop.herbs.id, "name": "Herbs", "count": 3},
        {"id": shop.minerals.id, "name": "Minerals", "count": 1},
    ]
    assert result["unique_free_from"] == [
        {"id": shop.gluten.id, "name": "Gluten", "count": 2},
        {"id": shop.dairy.id, "name": "Dairy", "count": 1},
    ]
    assert result["unique_suitable_for"] == [
        {"id": shop.vegans.id, "name": "Vegans", "count": 2},
        {"id": shop.vegetarians.id, "name": "Vegetarians", "count": 1},
    ]
    assert (result["available_products"], result["unavailable_products"]) == (4, 0)


def test_unique_ingredients_are_the_most_frequent_ingredient_names_of_the_matches(shop):
    result = search("magnesium")

    assert result["unique_ingredients"] == [
        "hydroxypropyl methylcellulose", "Chamomile", "glycine", "L-theanine", "lavender",
        "lemon balm extract", "Magnesium bisglycinate", "Magnesium citrate", "Water",
    ]  # fmt: skip


def test_unique_ingredients_are_at_most_twenty(shop):
    many = ", ".join(f"herb{chr(97 + i)}{chr(97 + j)}" for i in range(5) for j in range(6))
    product = add_product(
        "Herbal Thirty", brand=shop.verdant, categories=[shop.herbs], ingredients=many, description=""
    )
    search_reindex(product_ids=[product.id])

    assert len(search("thirty")["unique_ingredients"]) == 20


def test_facet_names_follow_accept_language(shop):
    result = search("magnesium", headers={"Accept-Language": "de-DE,de;q=0.9"})

    assert [option["name"] for option in result["unique_categories"]] == ["Kräuter", "Mineralstoffe"]
    assert [option["name"] for option in result["unique_free_from"]] == ["Gluten", "Milch"]


def test_filters_of_the_product_list_narrow_the_search(shop):
    acme = search("magnesium", brands=str(shop.acme.id))
    herbs_gluten_free = search("magnesium", categories=str(shop.herbs.id), free_from=str(shop.gluten.id))
    unavailable = search("vitamin", availability="2")

    assert hit_ids(acme) == [shop.glycinate.id]
    assert hit_ids(herbs_gluten_free) == [shop.sleep.id]
    assert hit_ids(unavailable) == [shop.vitamin_c.id]
    assert (unavailable["available_products"], unavailable["unavailable_products"]) == (0, 1)


def test_a_parent_category_filter_includes_its_sub_categories(shop):
    assert hit_ids(search("vitamin", categories=str(shop.vitamins.id))) == [shop.vitamin_c.id, shop.d3.id]
    assert hit_ids(search("vitamin", categories=str(shop.vitamin_d.id))) == [shop.d3.id]


def test_a_filtered_group_is_counted_without_its_own_filter(shop):
    result = search("magnesium", brands=str(shop.acme.id))

    # Brands still show every brand among the matches; the other groups follow the brand filter.
    assert [(option["id"], option["count"]) for option in result["brands"]] == [
        (shop.verdant.id, 2), (shop.acme.id, 1), (shop.works.id, 1),
    ]  # fmt: skip
    assert result["unique_categories"] == [{"id": shop.minerals.id, "name": "Minerals", "count": 1}]
    assert result["unique_ingredients"] == ["hydroxypropyl methylcellulose", "Magnesium bisglycinate"]
    assert result["total_found"] == 1


def test_availability_counts(shop):
    result = search("vitamin")

    assert (result["total_found"], result["available_products"], result["unavailable_products"]) == (2, 1, 1)


def test_practitioner_only_products_are_hidden_from_visitors_and_plain_practitioners(shop, make_user):
    visitor = search("clinical")
    practitioner = search("clinical", user=make_user(UserType.PRACTITIONER))
    client_user = search("clinical", user=make_user(UserType.CLIENT))

    assert (visitor["total_found"], practitioner["total_found"], client_user["total_found"]) == (0, 0, 0)


def test_admins_and_certified_practitioners_find_them(shop, make_user):
    for user_type in (UserType.ADMIN, UserType.CERTIFIED_PRACTITIONER):
        result = search("magnesium", user=make_user(user_type))

        assert hit_ids(result) == [
            shop.glycinate.id, shop.clinical.id, shop.sleep.id, shop.calm.id, shop.tea.id,
        ]  # fmt: skip
        assert result["brands"][0] == {"id": shop.acme.id, "name": "Acme", "count": 2}


def test_uk_visitors_see_pounds(shop):
    hit = search("glycinate", headers={"X-Region": "uk"})["hits"][0]

    assert (hit["price"], hit["currency"]) == ("15.50", "GBP")
    assert hit["variants"][0]["price"] == "15.50"


# Paging and the focused state --------------------------------------------------------------------------


def test_pages(shop):
    second = search("magnes", per_page=2, page=2)
    past_the_end = search("magnes", per_page=2, page=9)

    assert hit_ids(second) == [shop.calm.id, shop.tea.id]
    assert (second["total_found"], second["total_pages"], second["current_page"], second["per_page"]) == (
        4, 2, 2, 2,
    )  # fmt: skip
    assert past_the_end["hits"] == []
    assert (past_the_end["total_found"], past_the_end["current_page"]) == (4, 9)


def test_per_page_defaults_to_ten_and_is_capped_at_a_hundred(shop):
    default = client.post("/v2/storefront/search?query=magnesium").json()
    huge = search("magnesium", per_page=100000, page=0)

    assert (default["per_page"], default["current_page"]) == (10, 1)
    assert (huge["per_page"], huge["current_page"]) == (100, 1)


def test_an_empty_query_or_a_star_finds_nothing_the_focused_state(shop):
    for query in ("", "   ", "*", " * ", "?!"):
        result = search(query)

        assert result == {
            "current_page": 1, "per_page": 10, "total_found": 0, "total_pages": 0, "available_products": 0,
            "unavailable_products": 0, "hits": [], "brands": [], "unique_categories": [],
            "unique_free_from": [], "unique_ingredients": [], "unique_suitable_for": [], "did_you_mean": None,
        }  # fmt: skip


def test_other_orderings_fall_back_to_relevance(shop):
    result = search("magnesium", order_by="price", order="asc")

    assert hit_ids(result) == [shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id]


def test_an_empty_catalogue_finds_nothing(db):
    assert search("magnesium")["total_found"] == 0


def test_a_bearer_token_of_a_certified_practitioner_finds_practitioner_only_products(shop, make_user):
    from django.test import RequestFactory

    from server.accounts.services import auth_login

    make_user(UserType.CERTIFIED_PRACTITIONER)
    tokens = auth_login(
        email="user2@example.com", password="Demo-pass-2026!", request=RequestFactory().post("/")
    )
    signed_in = {"Authorization": f"Bearer {tokens.access_token}"}

    found = client.post("/v2/storefront/search?query=clinical", headers=signed_in)
    bad_token = client.post(
        "/v2/storefront/search?query=clinical", headers={"Authorization": "Bearer nonsense"}
    )

    assert hit_ids(found.json()) == [shop.clinical.id]
    assert bad_token.status_code == 401


def test_the_search_reply_matches_its_documented_schema(shop):
    body = search("magnesium", brands=str(shop.acme.id))

    declared = TypeAdapter(SearchResultOut)
    assert declared.dump_python(declared.validate_python(body), mode="json") == body
    assert body["hits"] != []
