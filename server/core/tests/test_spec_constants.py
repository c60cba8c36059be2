"""Spec docs/spec-coverage.md#s9, "Business constants and limits": the figures the server holds, checked
against the spec in one place (docs/spec-coverage.md#s9; the web app's are in
web/src/app/spec-constants.test.ts)."""

from datetime import timedelta
from decimal import Decimal
from typing import Any, cast

from django.conf import settings

from server.accounts.models import UserType
from server.accounts.tokens import ACCESS_TOKEN_LIFETIME
from server.catalog.filters import PAGE_SIZE, Ordering, SortField
from server.core.images import THUMBNAIL_SIZES
from server.protocols.selectors import CLIENT_SEARCH_LIMIT, LIST_LIMIT, SEARCH_LIMIT
from server.protocols.services import PRESET_DISCOUNTS
from server.protocols.sharing import SHARED_MILESTONES
from server.providers.models import MarketingTrigger
from server.providers.services import LOGGED_IN_TRIGGER, REGISTERED_TRIGGER
from server.search.params import DEFAULT_PER_PAGE, PRIORITY_FIELDS, RELEVANCE
from server.search.selectors import POPULAR_CACHE_SECONDS


def test_the_twelve_languages_with_english_first():
    languages = ("en", "de", "da", "es", "fr", "hu", "it", "ja", "nl", "pt", "ro", "zh_tw")
    assert settings.SHOP_LANGUAGES == languages


def test_products_page_size_26_and_default_ordering_id_descending_order_name_1():
    assert PAGE_SIZE == 26
    assert (Ordering().field, Ordering().descending, Ordering().order_name) == (SortField.ID, True, "1")


def test_an_access_token_outlives_the_55_minute_refresh():
    assert ACCESS_TOKEN_LIFETIME > timedelta(milliseconds=3_300_000)


def test_protocol_list_5_protocol_search_50_client_search_100():
    assert (LIST_LIMIT, SEARCH_LIMIT, CLIENT_SEARCH_LIMIT) == (5, 50, 100)


def test_preset_client_discounts_are_0_5_10_15_and_20_percent():
    assert PRESET_DISCOUNTS == tuple(Decimal(rate) for rate in (0, 5, 10, 15, 20))


def test_popular_products_are_cached_15_minutes():
    assert POPULAR_CACHE_SECONDS == 15 * 60


def test_search_call_pages_of_10_priorities_name_and_ingredients_order_by_1_descending():
    assert DEFAULT_PER_PAGE == 10
    assert set(PRIORITY_FIELDS) == {"name", "ingredients"}
    assert RELEVANCE == ("1", "desc")


def test_thumbnails_250_and_75_and_125():
    assert THUMBNAIL_SIZES == (75, 125, 250)


def test_milestone_triggers_at_1_5_and_10_protocols():
    assert sorted(SHARED_MILESTONES) == [1, 5, 10]


def test_password_minimum_length_8():
    validators = cast("list[dict[str, Any]]", settings.AUTH_PASSWORD_VALIDATORS)
    lengths = [
        validator["OPTIONS"]["min_length"]
        for validator in validators
        if validator["NAME"].endswith("MinimumLengthValidator")
    ]
    assert lengths == [8]


def test_analytics_events_on_registration_and_a_logged_in_event_per_user_type():
    assert MarketingTrigger.LEAD_FORM_SUBMIT.label == "Lead Form Submit"
    assert MarketingTrigger.CLIENT_FORM_SUBMIT.label == "Client Form Submit"
    assert REGISTERED_TRIGGER == {
        UserType.PRACTITIONER: MarketingTrigger.LEAD_FORM_SUBMIT,
        UserType.CLIENT: MarketingTrigger.CLIENT_FORM_SUBMIT,
    }
    assert set(LOGGED_IN_TRIGGER) == set(UserType)
