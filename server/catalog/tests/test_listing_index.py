import pytest
from django.test import override_settings

from server.catalog import listing_index
from server.catalog.models import CatalogVersion
from server.catalog.services import catalog_changed


def _a_write_commits() -> None:
    """What a write committed by a request thread of this process leaves: a new version, then its hook."""
    catalog_changed()
    listing_index.token_seen_stale()


@pytest.fixture(autouse=True)
def untrusted_version():
    """The index an earlier test left is not trusted here: each test starts by reading the version."""
    listing_index.token_seen_stale()


@override_settings(CATALOG_INDEX_CHECK_SECONDS=60.0)
def test_a_write_committing_during_a_version_read_is_not_hidden_by_the_trust_period(catalogue, monkeypatch):
    # Given a reader that reads the version just before another request's write commits
    catalog_changed()
    read = listing_index._version_token

    def overtaken() -> str:
        token = read()
        _a_write_commits()
        return token

    monkeypatch.setattr(listing_index, "_version_token", overtaken)
    before = listing_index.current_index().token
    monkeypatch.setattr(listing_index, "_version_token", read)

    # When the next request asks, well within the trust period
    after = listing_index.current_index().token

    # Then it reads the version again and sees the write
    assert after != before
    assert after == CatalogVersion.objects.get(pk=1).token


@override_settings(CATALOG_INDEX_CHECK_SECONDS=60.0)
def test_within_the_trust_period_the_version_is_not_read_again(catalogue, django_assert_num_queries):
    # Given a process that has just read the version
    seen = listing_index.current_index()

    # When requests ask again before the period ends, then no query is made and the same index answers
    with django_assert_num_queries(0):
        assert listing_index.current_index() is seen
        assert listing_index.fresh_token() == seen.token


@override_settings(CATALOG_INDEX_CHECK_SECONDS=60.0)
def test_after_a_write_of_this_process_commits_the_next_request_reads_the_new_version(catalogue):
    # Given a process that trusts the version it has just read
    seen = listing_index.current_index()

    # When a write of this process commits
    _a_write_commits()

    # Then the next request, within the trust period, reads the new version
    assert listing_index.fresh_token() is None
    assert listing_index.current_index().token == CatalogVersion.objects.get(pk=1).token != seen.token
