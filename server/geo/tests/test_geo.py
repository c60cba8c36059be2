import pytest
from django.test import RequestFactory

from server.geo.selectors import client_ip, country_of


def request(remote: str, forwarded: str | None = None):
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    return RequestFactory().post("/", REMOTE_ADDR=remote, headers=headers)


def test_a_direct_client_is_its_peer_address_and_forwarded_headers_are_ignored(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]

    assert client_ip(request("81.2.69.160", forwarded="8.8.8.8")) == "81.2.69.160"


def test_behind_a_trusted_proxy_the_first_untrusted_hop_from_the_right_is_the_client(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]

    spoofed_then_real = request("10.0.0.5", forwarded="8.8.8.8, 81.2.69.160, 10.0.0.7")

    assert client_ip(spoofed_then_real) == "81.2.69.160"


def test_garbage_in_forwarded_headers_falls_back_to_the_peer(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]

    assert client_ip(request("10.0.0.5", forwarded="not-an-ip")) == "10.0.0.5"


@pytest.mark.parametrize(
    ("ip", "expected"),
    [
        ("81.2.69.160", {"country": "United Kingdom", "country_code": "GB"}),
        ("127.0.0.1", {"country": None, "country_code": None}),
        ("192.168.1.20", {"country": None, "country_code": None}),
        ("::1", {"country": None, "country_code": None}),
        ("nonsense", {"country": None, "country_code": None}),
        (None, {"country": None, "country_code": None}),
    ],
)
def test_country_lookup(ip, expected):
    assert country_of(ip) == expected
