"""Where a request comes from: the client's IP address behind trusted proxies, and its country."""

from __future__ import annotations

import ipaddress
from functools import lru_cache

import iptocc
import pycountry
from django.conf import settings
from django.http import HttpRequest

IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _trusted(proxies: tuple[str, ...]) -> tuple[IpNetwork, ...]:
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


def _parse(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(value.strip().strip("[]"))
    except ValueError:
        return None


def client_ip(request: HttpRequest) -> str | None:
    """The peer address, or, when the peer is a trusted proxy, the first address in X-Forwarded-For
    (read from the right) that is not a trusted proxy. Forwarded headers from anyone else are ignored,
    so a client cannot choose its own country."""
    return address_of(
        peer=request.META.get("REMOTE_ADDR", ""), forwarded_for=request.headers.get("X-Forwarded-For", "")
    )


def address_of(*, peer: str, forwarded_for: str) -> str | None:
    """`client_ip` from the peer's address and the X-Forwarded-For header, for callers without a request
    (the sockets' per-address limit)."""
    trusted = _trusted(tuple(settings.TRUSTED_PROXIES))
    direct = _parse(peer)
    if direct is None:
        return None
    if not any(direct in network for network in trusted):
        return str(direct)
    hops = [_parse(hop) for hop in forwarded_for.split(",")[-20:]]
    for hop in reversed(hops):
        if hop is None:
            return str(direct)
        if not any(hop in network for network in trusted):
            return str(hop)
    return str(direct)


def country_of(ip: str | None) -> dict[str, str | None]:
    """{country, country_code}; loopback, private and unknown addresses have neither."""
    address = _parse(ip or "")
    if address is None or not address.is_global:
        return {"country": None, "country_code": None}
    code = iptocc.country_code(str(address))
    if not code:
        return {"country": None, "country_code": None}
    country = pycountry.countries.get(alpha_2=code)
    return {"country": country.name if country else code, "country_code": code}
