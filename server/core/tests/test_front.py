"""The reply cache's front (server/config/front.py) decides nothing alone: Django's request and each
middleware decide, and a middleware it does not know turns it off. Each test first lets Django make and
freeze a reply, then shows which repeats the front sends and which reach Django."""

import json
import logging
import re
from collections.abc import Callable

import pytest
from django.http import HttpRequest, HttpResponseBase
from django.utils.csp import CSP

from server.catalog.tests.conftest import catalogue  # noqa: F401 (the shared catalogue fixture)
from server.config.front import MIDDLEWARE_ROLES, Front
from server.config.settings import base
from server.core.tests.test_asgi_handler import asgi_request
from server.core.tests.test_hot_reads import LIST, DjangoEntered


@pytest.fixture(autouse=True)
def front_on(settings):
    """The front trusts the catalogue version it saw within this many seconds; the test settings say 0.
    Through the `settings` fixture, as the tests' own changes, so all are undone in order."""
    settings.CATALOG_INDEX_CHECK_SECONDS = 60.0


class ProbeMiddleware:
    """A middleware the front does not know: it marks every reply it sees."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        response["X-Probe"] = "seen"
        return response


def test_the_front_knows_each_middleware_of_the_settings_in_their_order():
    # A middleware added to the settings fails here until MIDDLEWARE_ROLES says what it does to a reply
    # the front sends instead of Django.
    assert list(MIDDLEWARE_ROLES) == base.MIDDLEWARE


def test_a_middleware_the_front_does_not_know_turns_it_off_at_start(settings, caplog):
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "server.core.tests.test_front.ProbeMiddleware"]

    with caplog.at_level(logging.WARNING, logger="server.config.front"):
        front = Front.for_settings()

    assert front is None
    assert caplog.messages == [
        "The reply cache's front is off: it does not know the middleware "
        "['server.core.tests.test_front.ProbeMiddleware']"
    ]


def test_a_csp_with_a_per_request_nonce_turns_it_off_at_start(settings):
    settings.SECURE_CSP = {**settings.SECURE_CSP, "script-src": [CSP.SELF, CSP.NONCE]}

    assert Front.for_settings() is None


@pytest.mark.django_db(transaction=True)
async def test_a_newly_added_middleware_sees_every_request(catalogue, settings, monkeypatch):  # noqa: F811
    # Given an anonymous list the front would answer
    await asgi_request("GET", LIST)
    entered = DjangoEntered(monkeypatch)

    # When a middleware the front does not know joins the chain
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "server.core.tests.test_front.ProbeMiddleware"]
    status, headers, _ = await asgi_request("GET", LIST)

    # Then the repeat reaches Django, and the new middleware
    assert (entered.count, status, headers["x-probe"]) == (1, 200, "seen")


@pytest.mark.django_db(transaction=True)
async def test_cookies_a_middleware_reads_reach_django_and_others_do_not_matter(catalogue, monkeypatch):  # noqa: F811
    # Given an anonymous list the front would answer
    _, first, _ = await asgi_request("GET", LIST)
    entered = DjangoEntered(monkeypatch)

    # When the request carries the session's, the CSRF token's or the messages' cookie
    for cookie in ("sessionid=abc", "csrftoken=not-a-token", "messages=abc", "i18next=de; sessionid=abc"):
        status, _, _ = await asgi_request("GET", LIST, headers={"Cookie": cookie})
        assert status == 200
    assert entered.count == 4

    # Then Django answered each; the web app's language cookie, which no middleware reads, does not matter
    status, headers, _ = await asgi_request("GET", LIST, headers={"Cookie": "i18next=de"})
    assert (entered.count, status, headers["etag"]) == (4, 200, first["etag"])


@pytest.mark.django_db(transaction=True)
async def test_a_malformed_csrf_cookie_gets_django_s_new_one(catalogue, monkeypatch):  # noqa: F811
    await asgi_request("GET", LIST)

    status, headers, _ = await asgi_request("GET", LIST, headers={"Cookie": "csrftoken=x"})

    assert status == 200
    assert headers["set-cookie"].startswith("csrftoken=")


@pytest.mark.django_db(transaction=True)
async def test_hosts_are_decided_by_django_s_get_host(catalogue, settings, monkeypatch):  # noqa: F811
    # Given proxies that pass the host on, and an anonymous list the front would answer
    settings.USE_X_FORWARDED_HOST = True
    settings.ALLOWED_HOSTS = ["shop.example"]
    await asgi_request("GET", LIST, headers={"Host": "shop.example"})
    entered = DjangoEntered(monkeypatch)

    # When the forwarded host is one Django refuses, then one it allows behind a refused Host
    refused = await asgi_request(
        "GET", LIST, headers={"Host": "shop.example", "X-Forwarded-Host": "evil.example"}
    )
    allowed = await asgi_request(
        "GET", LIST, headers={"Host": "evil.example", "X-Forwarded-Host": "shop.example"}
    )

    # Then Django refused the first; the front sent the second, as Django would have
    assert (refused[0], json.loads(refused[2])["code"]) == (400, "bad_request")
    assert (allowed[0], entered.count) == (200, 1)


@pytest.mark.django_db(transaction=True)
async def test_plain_http_gets_the_security_middleware_s_redirect(catalogue, settings, monkeypatch):  # noqa: F811
    # Given a proxy that tells HTTPS, and a list read once over HTTP and once over HTTPS
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    https = {"X-Forwarded-Proto": "https"}
    await asgi_request("GET", LIST)
    await asgi_request("GET", LIST, headers=https)
    entered = DjangoEntered(monkeypatch)

    # When HTTPS becomes required
    settings.SECURE_SSL_REDIRECT = True

    # And the list is asked over plain HTTP, then over HTTPS again
    plain = await asgi_request("GET", LIST)
    again = await asgi_request("GET", LIST, headers=https)

    # Then Django redirected the first; the front sent the second, with HSTS
    assert (plain[0], plain[1]["location"]) == (301, f"https://127.0.0.1{LIST}")
    assert (again[0], again[1]["strict-transport-security"], entered.count) == (200, "max-age=3600", 1)


@pytest.mark.django_db(transaction=True)
async def test_a_user_agent_django_refuses_is_refused_by_django(catalogue, settings, monkeypatch):  # noqa: F811
    settings.DISALLOWED_USER_AGENTS = [re.compile(r"^BadBot")]
    await asgi_request("GET", LIST)
    entered = DjangoEntered(monkeypatch)

    status, _, _ = await asgi_request("GET", LIST, headers={"User-Agent": "BadBot/1.0"})

    assert (status, entered.count) == (403, 1)


@pytest.mark.django_db(transaction=True)
async def test_a_file_whitenoise_serves_is_served_by_whitenoise(tmp_path, settings, monkeypatch):
    # Given a locale file the front would answer
    path = "/locales/de/catalog.json"
    await asgi_request("GET", path)
    entered = DjangoEntered(monkeypatch)

    # When the web app's build holds a file at that path
    (tmp_path / "locales" / "de").mkdir(parents=True)
    (tmp_path / "locales" / "de" / "catalog.json").write_text('{"from": "the build"}')
    settings.WHITENOISE_ROOT = tmp_path
    status, _, body = await asgi_request("GET", path)

    # Then WhiteNoise answers it, in Django's chain, as it would without the front
    assert (status, json.loads(body), entered.count) == (200, {"from": "the build"}, 1)
