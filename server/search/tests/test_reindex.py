from django.core.management import call_command
from ninja.testing import TestClient

from server.catalog.models import Product
from server.catalog.services import catalog_changed
from server.config.api import api
from server.search.models import ProductDocument, SearchWord
from server.search.services import search_reindex
from server.search.tests.conftest import add_product

client = TestClient(api)


def found(query: str) -> list[int]:
    response = client.post(f"/v2/storefront/search?query={query}")
    assert response.status_code == 200
    return [hit["id"] for hit in response.json()["hits"]]


def word_count(word: str) -> int | None:
    return SearchWord.objects.filter(word=word).values_list("doc_count", flat=True).first()


def test_a_full_reindex_writes_one_document_per_product_and_counts_every_word(shop):
    assert ProductDocument.objects.count() == Product.objects.count() == 10
    document = ProductDocument.objects.get(product=shop.glycinate)
    assert (document.name_text, document.brand_text) == ("magnesium glycinate", "acme")
    assert document.name_words == 2
    assert document.ingredient_names == "Magnesium bisglycinate\nhydroxypropyl methylcellulose"
    # Magnesium Glycinate, Sleep Complex, Calm Drops (brand), Night Tea, Clinical Magnesium Complex.
    assert word_count("magnesium") == 5
    # Words in parentheses are searchable too (they are only left out of the ingredient names).
    assert word_count("capsule") == 3


def test_a_changed_product_is_found_by_its_new_words_after_reindexing_it(shop):
    Product.objects.filter(pk=shop.tea.id).update(name="Evening Infusion")
    catalog_changed()

    assert found("infusion") == []
    assert found("night") == [shop.tea.id]

    search_reindex(product_ids=[shop.tea.id])

    assert found("infusion") == [shop.tea.id]
    assert found("night") == []
    assert word_count("night") is None
    assert word_count("infusion") == 1


def test_a_new_product_without_a_document_is_simply_not_found_until_indexed(shop):
    product = add_product(
        "Quercetin Complex", brand=shop.acme, categories=[shop.herbs], ingredients="Quercetin", description=""
    )

    assert found("quercetin") == []

    search_reindex(product_ids=[product.id])

    assert found("quercetin") == [product.id]


def test_a_deleted_product_disappears_at_once_and_its_words_at_its_reindex(shop):
    calm_id = shop.calm.id
    Product.objects.filter(pk=calm_id).delete()
    catalog_changed()

    # Its document is still there, but the product is not: no hit, no error.
    assert found("balm") == []
    assert found("magnesium") == [shop.glycinate.id, shop.sleep.id, shop.tea.id]

    search_reindex(product_ids=[calm_id])

    assert not ProductDocument.objects.filter(product_id=calm_id).exists()
    assert word_count("calm") is None
    assert word_count("balm") is None
    assert word_count("magnesium") == 4


def test_typo_correction_follows_the_vocabulary(shop):
    product = add_product(
        "Berberine", brand=shop.acme, categories=[shop.herbs], ingredients="Berberine HCl", description=""
    )
    assert client.post("/v2/storefront/search?query=berberime").json()["did_you_mean"] is None

    search_reindex(product_ids=[product.id])

    result = client.post("/v2/storefront/search?query=berberime").json()
    assert (result["did_you_mean"], [hit["id"] for hit in result["hits"]]) == ("berberine", [product.id])


def test_reindexing_twice_changes_nothing(shop):
    before = dict(SearchWord.objects.values_list("word", "doc_count"))

    search_reindex(product_ids=[shop.sleep.id, shop.zinc.id, shop.sleep.id])
    search_reindex()

    assert dict(SearchWord.objects.values_list("word", "doc_count")) == before
    assert found("magnesium") == [shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id]


def test_the_management_command_reindexes(shop, capsys):
    Product.objects.filter(pk=shop.zinc.id).update(name="Zinc Bisglycinate")
    catalog_changed()

    call_command("search_reindex", "--product", str(shop.zinc.id))
    call_command("search_reindex")

    assert found("bisglycinate") == [shop.zinc.id, shop.glycinate.id]
    assert capsys.readouterr().out.splitlines() == [
        "Search index: 1 product documents written.",
        "Search index: 10 product documents written.",
    ]
