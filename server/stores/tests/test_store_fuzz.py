"""docs/architecture.md, "Reliability and security" for the store's body-heavy calls, with a store and its
lists present (the shop-wide fuzz test signs in without a store, so it mostly meets the 404 before any body is
read)."""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from server.stores.models import Store, StorePackage, StorePackageFeature, StoreService

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", get_wsgi_application()).include(
    path_regex=r"^/api/v2/account/store(/contact|/services/\{service_id\}/reorder|/packages/\{package_id\}/features"
    r"|/\{image_type\}/image)?$",
    method=["PUT", "POST", "DELETE"],
)


@pytest.fixture
def owner_headers(people):
    """As Django's test client does: requests must not close the test's connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    store = Store.objects.create(owner=people.certified.user, shop_name="green-leaf")
    service = StoreService.objects.create(store=store, name="S", icon="leaf")
    package = StorePackage.objects.create(store=store, name="P")
    StorePackageFeature.objects.create(package=package, text="F")
    yield {"Authorization": people.certified.headers["Authorization"], "ids": (service.pk, package.pk)}
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=5, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_store_request_gets_a_server_error(case, owner_headers):
    known = dict(zip(("service_id", "package_id"), owner_headers["ids"], strict=True))
    for key in known.keys() & set(case.path_parameters or {}):
        case.path_parameters[key] = known[key]  # an id of the store, so the body is what is tested

    response = case.call(headers={"Authorization": owner_headers["Authorization"]})

    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.text[:500]}"
