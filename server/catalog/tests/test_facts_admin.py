"""The shop manager enters a variant's supplement facts in the admin; every amount is checked against the
reference table (units known, amounts positive)."""

from decimal import Decimal

import pytest
from ninja.testing import TestClient

from server.catalog.models import SupplementFacts
from server.catalog.tests.test_admin import manager_client  # noqa: F401 (the signed-in manager fixture)
from server.config.api import api

URL = "/admin/catalog/supplementfacts/add/"


def facts_form(variant_id: int, *amounts: tuple[str, str, str, str], **extra: str) -> dict[str, str]:
    form = {
        "variant": str(variant_id),
        "serving_size": "1",
        "serving_unit": "capsule",
        "servings_per_container": "60",
        "servings_per_day": "2",
        "amounts-TOTAL_FORMS": str(len(amounts)),
        "amounts-INITIAL_FORMS": "0",
        **extra,
    }
    for index, (nutrient, form_key, amount, unit) in enumerate(amounts):
        form |= {
            f"amounts-{index}-nutrient": nutrient,
            f"amounts-{index}-form": form_key,
            f"amounts-{index}-amount": amount,
            f"amounts-{index}-unit": unit,
        }
    return form


def test_facts_entered_in_the_admin_reach_the_product_page(manager_client, catalogue):  # noqa: F811
    variant = catalogue.d3.variants.get()

    response = manager_client.post(URL, facts_form(variant.id, ("vitamin_d", "", "1000", "IU")))

    assert response.status_code == 302
    facts = SupplementFacts.objects.get(variant=variant)
    assert [(row.nutrient, row.amount, row.unit) for row in facts.amounts.all()] == [
        ("vitamin_d", Decimal(1000), "IU")
    ]
    page = TestClient(api).get(f"/v2/storefront/products/{catalogue.d3.slug}").json()
    assert page["supplement_facts"][0]["nutrients"][0]["per_serving"] == 25


def test_an_empty_form_becomes_the_default_form(manager_client, catalogue):  # noqa: F811
    variant = catalogue.magnesium.variants.get()

    manager_client.post(URL, facts_form(variant.id, ("magnesium", "", "200", "mg")))

    assert SupplementFacts.objects.get(variant=variant).amounts.get().form == "supplemental"


@pytest.mark.parametrize(
    ("amount", "field"),
    [
        (("vitamin_d", "", "-5", "IU"), "amount"),
        (("vitamin_d", "", "0", "µg"), "amount"),
        (("magnesium", "", "100", "IU"), "unit"),
        (("magnesium", "", "100", "oz"), "unit"),
        (("unobtainium", "", "1", "mg"), "nutrient"),
        (("magnesium", "oxide", "100", "mg"), "form"),
        (("vitamin_d", "", "lots", "µg"), "amount"),
    ],
)
def test_a_bad_amount_is_refused_with_a_message_and_nothing_is_saved(
    manager_client,  # noqa: F811
    catalogue,
    amount,
    field,
):
    response = manager_client.post(URL, facts_form(catalogue.d3.variants.get().id, amount))

    assert response.status_code == 200
    errors = response.context["inline_admin_formsets"][0].formset.errors[0]
    assert field in errors
    assert not SupplementFacts.objects.exists()


@pytest.mark.parametrize(("field", "value"), [("servings_per_day", "0.3"), ("servings_per_container", "0")])
def test_a_bad_serving_is_refused(manager_client, catalogue, field, value):  # noqa: F811
    response = manager_client.post(URL, facts_form(catalogue.d3.variants.get().id, **{field: value}))

    assert response.status_code == 200
    assert field in response.context["adminform"].form.errors
    assert not SupplementFacts.objects.exists()
