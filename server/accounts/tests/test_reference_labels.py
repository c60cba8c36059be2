"""The sign-up's reference lists live in locales/<lng>/reference.json: every language labels exactly the ids
the models store, so a label can never point at the wrong profession."""

import json

import pytest
from django.conf import settings

from server.accounts.models import ExpertiseLevel, HealthProfession, OrganisationType
from server.accounts.selectors import reference_data

STORED_IDS = {
    "health_professions": sorted(HealthProfession.values),
    "expertise_levels": sorted(ExpertiseLevel.values),
    "organisation_types": sorted(OrganisationType.values),
}


@pytest.mark.parametrize("language", settings.SHOP_LANGUAGES)
def test_every_language_labels_exactly_the_stored_ids(language):
    tree = json.loads((settings.LOCALES_DIR / language / "reference.json").read_text(encoding="utf-8"))

    assert {name: sorted(int(key) for key in labels) for name, labels in tree.items()} == STORED_IDS
    assert all(label.strip() for labels in tree.values() for label in labels.values())


def test_reference_data_answers_the_ids_in_order_with_the_language_s_labels():
    german = reference_data(language="de")

    assert {
        "health_professions": [option["id"] for option in german["health_professions"]],
        "expertise_levels": [option["id"] for option in german["expertise_levels"]],
        "organisation_types": [option["id"] for option in german["organisation_types"]],
    } == STORED_IDS
    assert german["organisation_types"][3] == {"id": 4, "name": "Sonstiges"}
