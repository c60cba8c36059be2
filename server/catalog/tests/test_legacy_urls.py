import pytest
from django.test import Client


@pytest.fixture
def web() -> Client:
    return Client()


def test_a_collection_named_like_a_category_opens_the_list_filtered_by_it_newest_first(catalogue, web):
    response = web.get("/collections/vitamins")

    assert response.status_code == 301
    assert response["Location"] == f"/products?categories={catalogue.vitamins.id}&order_by=id&order=desc"


def test_a_collection_named_like_a_brand_filters_by_it_whatever_the_case_and_trailing_slash(catalogue, web):
    response = web.get("/collections/Acme/")

    assert response.status_code == 301
    assert response["Location"] == f"/products?brands={catalogue.acme.id}&order_by=id&order=desc"


def test_renamed_and_unknown_handles_open_the_whole_list(catalogue, web):
    for path in ("/collections/all", "/collections/no-such-thing", "/collections/%3Cscript%3E"):
        response = web.get(path)

        assert response.status_code == 301
        assert response["Location"] == "/products?order_by=id&order=desc"


def test_only_reads_are_redirected_and_deeper_paths_are_left_to_the_web_app(catalogue, web):
    assert web.post("/collections/vitamins").status_code == 405
    assert not web.get("/collections/vitamins/products/x").has_header("Location")
