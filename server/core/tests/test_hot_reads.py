"""Hot reads (docs/architecture.md, "Hot reads"): validators, 304s, Cache-Control, gzip and the per-process
reply cache, through Django and through the ASGI front that answers anonymous repeats without it."""

import gzip
import json
from decimal import Decimal

import pytest
from asgiref.sync import sync_to_async
from django.test import override_settings

from server.catalog import services as catalog_services
from server.catalog.models import ProductActivity
from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)
from server.catalog.view_counts import flush_views
from server.config.asgi_handler import SyncChainASGIHandler
from server.core import replies
from server.core.tests.test_asgi_handler import asgi_request
from server.protocols.tests.conftest import people  # noqa: F401 (the shared people fixture)
from server.search import selectors as search_selectors

LIST = "/api/v2/storefront/products?order_by=price&order=asc"
BROWSER = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en"}
# Django's answer and the front's differ only in these.
PER_REQUEST = {"content-length", "content-encoding", "x-request-id"}

# The front trusts the catalogue version it saw within this many seconds; the test settings say 0.
front_on = override_settings(CATALOG_INDEX_CHECK_SECONDS=60.0)


class DjangoEntered:
    """Counts the requests that reach Django's side of the handler (not answered by the front)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = SyncChainASGIHandler.handle

        async def counted(handler, scope, receive, send):
            self.count += 1
            await original(handler, scope, receive, send)

        monkeypatch.setattr(SyncChainASGIHandler, "handle", counted)


def same(reply: tuple[int, dict[str, str], bytes]) -> tuple[int, dict[str, str], bytes]:
    """A reply without its request id, which is new for every request."""
    status, headers, body = reply
    return status, {k: v for k, v in headers.items() if k != "x-request-id"}, body


def unzipped(headers: dict[str, str], body: bytes) -> bytes:
    return gzip.decompress(body) if headers.get("content-encoding") == "gzip" else body


# Validators and Cache-Control, through Django --------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_an_anonymous_catalogue_read_is_public_with_a_validator_and_a_match_answers_304(catalogue):  # noqa: F811
    # Given a product list read once
    status, headers, _ = await asgi_request("GET", LIST)
    assert status == 200
    assert headers["etag"].startswith('W/"')
    assert headers["cache-control"] == "public, max-age=0, s-maxage=10, must-revalidate"
    # Cookie: the admin signs in with a session, and the session middleware says so.
    assert headers["vary"] == "Accept-Language, X-Region, Authorization, Accept-Encoding, Cookie"
    etag = headers["etag"]

    # When it is asked again with that validator, alone or in a list, weak or strong
    for condition in (etag, f'W/"other", {etag}', etag.removeprefix("W/"), "*"):
        again, again_headers, again_body = await asgi_request(
            "GET", LIST, headers={"If-None-Match": condition}
        )

        # Then the answer is 304, without a body, with the same validator
        assert (again, again_body, again_headers["etag"]) == (304, b"", etag)


@pytest.mark.django_db(transaction=True)
async def test_malformed_and_huge_validators_get_the_whole_reply(catalogue):  # noqa: F811
    _, headers, body = await asgi_request("GET", LIST)
    etag = headers["etag"]
    huge = ", ".join(f'"{n:040d}"' for n in range(200)) + f", {etag}"  # past the 4 KB that are read

    for condition in ('"unterminated', "W/", ",,,", "\x7f", huge, 'W/"x" garbage'):
        status, _, again = await asgi_request("GET", LIST, headers={"If-None-Match": condition})

        assert (status, again) == (200, body)


@pytest.mark.django_db(transaction=True)
async def test_a_signed_in_read_is_private_and_the_trade_audience_has_its_own_validator(catalogue, people):  # noqa: F811
    _, anonymous, anonymous_body = await asgi_request("GET", LIST)
    _, client, client_body = await asgi_request("GET", LIST, headers=people.patient.headers)
    _, trade, trade_body = await asgi_request("GET", LIST, headers=people.certified.headers)

    assert client["cache-control"] == trade["cache-control"] == "private, no-cache"
    assert client_body == anonymous_body
    assert catalogue.trade_only.id in [p["id"] for p in json.loads(trade_body)["data"]]
    assert catalogue.trade_only.id not in [p["id"] for p in json.loads(anonymous_body)["data"]]
    assert len({anonymous["etag"], client["etag"], trade["etag"]}) == 3


@pytest.mark.django_db(transaction=True)
async def test_a_catalogue_change_changes_the_validator_and_the_reply(catalogue):  # noqa: F811
    # Given a product list read, with its validator
    _, headers, body = await asgi_request("GET", LIST)

    # When a price changes
    def reprice() -> None:
        variant = catalogue.zinc.variants.get()
        variant.price_eur = Decimal("1.00")
        variant.save()
        catalog_services.product_refresh_summary(product=catalogue.zinc)

    await sync_to_async(reprice)()

    # Then the old validator no longer matches, and the new reply has the new price first
    status, new_headers, new_body = await asgi_request(
        "GET", LIST, headers={"If-None-Match": headers["etag"]}
    )
    assert status == 200
    assert new_headers["etag"] != headers["etag"]
    assert json.loads(new_body)["data"][0]["id"] == catalogue.zinc.id
    assert new_body != body


@pytest.mark.django_db(transaction=True)
async def test_gzip_is_made_once_and_sent_to_clients_that_accept_it(catalogue):  # noqa: F811
    _, plain_headers, plain = await asgi_request("GET", LIST)
    _, zipped_headers, zipped = await asgi_request("GET", LIST, headers=BROWSER)

    assert "content-encoding" not in plain_headers
    assert zipped_headers["content-encoding"] == "gzip"
    assert gzip.decompress(zipped) == plain
    assert len(zipped) < len(plain)
    refused = {"Accept-Encoding": "gzip;q=0, identity"}
    assert same(await asgi_request("GET", LIST, headers=refused)) == same((200, plain_headers, plain))


@pytest.mark.django_db(transaction=True)
async def test_a_query_too_long_to_be_a_key_is_answered_and_not_kept(catalogue):  # noqa: F811
    long_query = LIST + "&" + "&".join(f"x{n}=1" for n in range(300))
    assert len(long_query) > replies.MAX_QUERY_BYTES

    status, headers, body = await asgi_request("GET", long_query)

    assert status == 200
    assert "etag" not in headers
    assert len(replies.replies) == 0
    assert json.loads(body)["total_results"] == 3


# The front -------------------------------------------------------------------------------------------


@front_on
@pytest.mark.django_db(transaction=True)
async def test_the_front_answers_an_anonymous_repeat_without_django_and_with_django_s_headers(
    catalogue,  # noqa: F811
    monkeypatch,
):
    entered = DjangoEntered(monkeypatch)
    first = await asgi_request("GET", LIST, headers=BROWSER)
    assert entered.count == 1

    second = await asgi_request("GET", LIST, headers=BROWSER)
    conditional = await asgi_request("GET", LIST, headers={**BROWSER, "If-None-Match": first[1]["etag"]})
    plain = await asgi_request("GET", LIST)
    head = await asgi_request("HEAD", LIST, headers=BROWSER)

    assert entered.count == 1
    assert same(second) == same(first)
    # The security headers of the whole middleware chain are there.
    for name in ("content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options"):
        assert name in second[1]
    assert conditional[0] == 304
    assert conditional[2] == b""
    assert {k: v for k, v in plain[1].items() if k not in PER_REQUEST} == {
        k: v for k, v in first[1].items() if k not in PER_REQUEST
    }
    assert unzipped(*first[1:]) == plain[2]
    assert (head[0], head[1]["content-length"], head[2]) == (200, first[1]["content-length"], b"")


@front_on
@pytest.mark.django_db(transaction=True)
async def test_the_front_leaves_to_django_what_it_cannot_decide_alone(catalogue, people, monkeypatch):  # noqa: F811
    # Given an anonymous list the front would answer
    await asgi_request("GET", LIST)
    entered = DjangoEntered(monkeypatch)

    # When the request carries a token, a session cookie, a host Django refuses or a malformed device id
    token = await asgi_request("GET", LIST, headers=people.certified.headers)
    session = await asgi_request("GET", LIST, headers={"Cookie": "sessionid=abc"})
    host = await asgi_request("GET", LIST, headers={"Host": "evil.example"})
    device = await asgi_request("GET", LIST, headers={"X-Device-Id": "not valid!"})
    post = await asgi_request("POST", LIST)

    # Then Django answered each, as it would have without the front
    assert entered.count == 5
    assert catalogue.trade_only.id in [p["id"] for p in json.loads(token[2])["data"]]
    assert session[0] == 200
    assert (host[0], device[0], post[0]) == (400, 400, 405)


@pytest.mark.django_db(transaction=True)
async def test_the_front_asks_django_once_the_version_it_saw_is_stale(catalogue, monkeypatch):  # noqa: F811
    # Given the test settings' check interval of 0 seconds: every version seen is already stale
    await asgi_request("GET", LIST)
    entered = DjangoEntered(monkeypatch)

    await asgi_request("GET", LIST)

    assert entered.count == 1


@front_on
@pytest.mark.django_db(transaction=True)
async def test_product_pages_the_front_sends_are_counted_as_views(catalogue, monkeypatch):  # noqa: F811
    # Given a product page read once through Django (which counts that view itself)
    page = f"/api/v2/storefront/products/{catalogue.zinc.slug}"
    await asgi_request("GET", page)
    entered = DjangoEntered(monkeypatch)

    # When the front sends it three more times and the gathered views are written
    for _ in range(3):
        assert (await asgi_request("GET", page))[0] == 200
    await sync_to_async(flush_views)()

    # Then all four views are counted
    assert entered.count == 0
    views = (
        await ProductActivity.objects.filter(product=catalogue.zinc).values_list("views", flat=True).aget()
    )
    assert views == 4


@front_on
@pytest.mark.django_db(transaction=True)
async def test_locale_files_carry_a_validator_gzip_and_come_from_the_front(monkeypatch):
    path = "/locales/de/catalog.json"
    status, headers, body = await asgi_request("GET", path, headers=BROWSER)
    entered = DjangoEntered(monkeypatch)

    again = await asgi_request("GET", path, headers=BROWSER)
    revalidated = await asgi_request("GET", path, headers={"If-None-Match": headers["etag"]})
    missing = await asgi_request("GET", "/locales/de/nothing-here.json")
    unknown = await asgi_request("GET", "/locales/xx/catalog.json")

    assert (status, headers["cache-control"], headers["vary"]) == (
        200,
        "public, max-age=300",
        "Accept-Encoding",
    )
    assert json.loads(gzip.decompress(body))["filters"]
    assert same(again) == same((status, headers, body))
    assert revalidated[0] == 304
    assert (missing[0], unknown[0]) == (404, 404)
    assert entered.count == 2  # the missing and the unknown files only


@pytest.mark.django_db(transaction=True)
async def test_a_locale_file_changed_on_disk_gets_a_new_validator(tmp_path, settings):
    settings.LOCALES_DIR = tmp_path
    (tmp_path / "en").mkdir()
    file = tmp_path / "en" / "common.json"
    file.write_text('{"hello": "Hello"}')
    _, before, _ = await asgi_request("GET", "/locales/en/common.json")

    file.write_text('{"hello": "Hello there"}')
    status, after, body = await asgi_request(
        "GET", "/locales/en/common.json", headers={"If-None-Match": before["etag"]}
    )

    assert (status, json.loads(body)) == (200, {"hello": "Hello there"})
    assert after["etag"] != before["etag"]


# Search ----------------------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
async def test_a_search_is_kept_per_body_and_sent_without_http_validators(catalogue, monkeypatch):  # noqa: F811
    calls = []
    real = search_selectors.product_search

    def counted(**kwargs):
        calls.append(kwargs["request"])
        return real(**kwargs)

    monkeypatch.setattr(search_selectors, "product_search", counted)
    path = "/api/v2/storefront/search?query=zinc"
    by_name = json.dumps({"priorities": ["name"]}).encode()
    by_ingredients = json.dumps({"priorities": ["ingredients"]}).encode()

    first = await asgi_request("POST", path, body=by_name, headers={"Content-Type": "application/json"})
    repeat = await asgi_request("POST", path, body=by_name, headers={"Content-Type": "application/json"})
    other = await asgi_request(
        "POST", path, body=by_ingredients, headers={"Content-Type": "application/json"}
    )

    assert same(first) == same(repeat)
    assert first[0] == other[0] == 200
    assert len(calls) == 2
    assert "etag" not in first[1]
    assert "cache-control" not in first[1]


# The cache's bounds ----------------------------------------------------------------------------------


def key(n: int) -> replies.ReplyKey:
    return replies.ReplyKey(route="/r", query=str(n), version="v", language="en", region="eu", audience="a")


def reply(size: int) -> replies.Reply:
    return replies.Reply(body=b"x" * size, etag="", cache_control="", public=True)


def test_the_reply_cache_drops_the_least_recently_used_past_its_entries():
    cache = replies.ReplyCache(max_entries=3, max_bytes=1_000_000)
    for n in range(3):
        cache.put(key(n), reply(10))
    cache.get(key(0))  # used: it stays

    cache.put(key(3), reply(10))

    assert sorted(k.query for k in cache.keys()) == ["0", "2", "3"]
    assert (len(cache), cache.bytes) == (3, 30)


def test_the_reply_cache_stays_within_its_bytes_and_refuses_a_reply_of_a_sixteenth():
    cache = replies.ReplyCache(max_entries=1000, max_bytes=1600)
    for n in range(30):
        cache.put(key(n), reply(90))
    cache.put(key(99), reply(101))

    assert cache.bytes <= 1600
    assert len(cache) == 17
    assert cache.get(key(99)) is None
    assert cache.get(key(29)) is not None


def test_weak_comparison_of_validators():
    assert replies.etag_matches('W/"a"', 'W/"a"')
    assert replies.etag_matches('"a"', 'W/"a"')
    assert replies.etag_matches(' "b" , W/"a" ', 'W/"a"')
    assert not replies.etag_matches('"ab"', 'W/"a"')
    assert not replies.etag_matches("", 'W/"a"')
    assert not replies.etag_matches('"a"' + " " * replies.MAX_CONDITION_BYTES, 'W/"a"')
