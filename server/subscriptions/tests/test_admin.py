"""Staff's view of automatic refills (docs/decisions/0042-automatic-refills.md): refills filtered by state,
store and reason with their lines and parcels, and each store's settings."""

from decimal import Decimal

import pytest
from django.test import Client

from server.accounts.models import User
from server.subscriptions.models import RefillSettings

URL = "/v2/account/clients/subscriptions"


@pytest.fixture
def staff(db) -> Client:
    browser = Client()
    browser.force_login(User.objects.create_superuser("staff@example.com", "Demo-pass-2026!"))
    return browser


def test_staff_find_refills_by_state_store_and_reason_and_see_their_parcels(staff, active):
    listing = staff.get("/admin/subscriptions/subscription/?state=active&region=eu")
    other = staff.get("/admin/subscriptions/subscription/?state=paused")
    detail = staff.get(f"/admin/subscriptions/subscription/{active.pk}/change/")
    parcels = staff.get("/admin/subscriptions/parcel/?state=paid")

    assert (listing.status_code, detail.status_code, parcels.status_code) == (200, 200, 200)
    assert "patient@example.com" in listing.content.decode()
    assert "patient@example.com" not in other.content.decode()
    page = detail.content.decode()
    first_line = active.lines.select_related("variant").first()
    assert first_line is not None
    assert first_line.variant.sku in page and active.mandate_id in page


def test_staff_set_a_stores_lead_time_notice_retries_and_discount_and_bad_values_are_refused(staff):
    good = staff.post(
        "/admin/subscriptions/refillsettings/add/",
        {
            "region": "uk",
            "discount_rate": "5.00",
            "lead_days": "4",
            "notice_days": "2",
            "retry_days": "1,2,5",
        },
    )
    bad = staff.post(
        "/admin/subscriptions/refillsettings/add/",
        {"region": "eu", "discount_rate": "80", "lead_days": "0", "notice_days": "2", "retry_days": "3,1"},
    )

    assert good.status_code == 302
    saved = RefillSettings.objects.get(region="uk")
    assert (saved.discount_rate, saved.lead_days, saved.notice_days, saved.retry_plan) == (
        Decimal("5.00"),
        4,
        2,
        [1, 2, 5],
    )
    assert bad.status_code == 200  # the form again, with its errors
    assert not RefillSettings.objects.filter(region="eu").exists()
