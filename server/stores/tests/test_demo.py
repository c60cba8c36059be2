import io

import pytest
from django.core.management import call_command

from server.stores.models import Store


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", "--products", "1", "--force", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_seed_demo_gives_both_demo_practitioners_a_store_once(client, _media):
    first = seed()
    again = seed()

    stores = dict(Store.objects.values_list("owner__email", "shop_name"))
    assert stores == {"certified@demo.shop": "demo-practice", "practitioner@demo.shop": "okafor-nutrition"}
    assert "2 new demo stores" in first and "0 new demo stores" in again
    page = client.get("/v2/storefront/stores/demo-practice").json()
    assert page["header"]["image"].endswith(".webp")
    assert [s["order"] for s in page["services"]] == [1, 2, 3, 4]
    assert [p["name"] for p in page["protocols"]] == ["Better sleep"]
    assert len(page["opening_hours"]) == 5
