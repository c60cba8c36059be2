"""The reply cache's front: a hot read that a client without a token asks for, answered on the event loop
from the reply cache (server/core/replies.py) without entering Django (docs/architecture.md, "Hot reads").

It answers only what Django answered before with the same key: the catalogue's reads at the version this
process saw less than CATALOG_INDEX_CHECK_SECONDS ago, and the locale files at their size and modification
time. Its headers are those the whole middleware chain gave that reply (security headers, CSP, Vary),
frozen the first time. Whatever it cannot decide alone goes to Django: a token, a host Django would refuse,
plain HTTP where HTTPS is required, a malformed device id, a stale version, a miss."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import Executor
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.http.request import split_domain_port, validate_host

from server.catalog import listing_index
from server.catalog.view_counts import flush_views, pending_views
from server.core import locales, replies
from server.core.http import ReplyResponse, reply_key
from server.core.request_id import request_id_from
from server.events.device import device_id_valid

CATALOG = "/api/v2/storefront/"
CATALOG_PATH = re.compile(r"^/api/v2/storefront/(?:products(/[^/]{1,200})?|categories|filters)$")
LOCALE_PATH = re.compile(r"^/locales/([a-z]{2}(?:_[a-z]{2})?)/([^/]{1,64})\.json$")
# Sent with each reply, so never frozen into one.
PER_REQUEST_HEADERS = frozenset({"content-length", "content-encoding", "x-request-id"})


def _allowed_hosts() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = [".localhost", "127.0.0.1", "[::1]"]  # as Django's HttpRequest.get_host
    return hosts


def _host_allowed(headers: dict[str, str]) -> bool:
    if settings.USE_X_FORWARDED_HOST and "x-forwarded-host" in headers:
        return False  # Django's rules for it are more than this front needs to copy
    domain, _ = split_domain_port(headers.get("host", ""))
    return bool(domain) and validate_host(domain, _allowed_hosts())


def _session(headers: dict[str, str]) -> bool:
    """Whether the request carries a session cookie: Django may sign its caller in with it (the admin)."""
    return f"{settings.SESSION_COOKIE_NAME}=" in headers.get("cookie", "")


def _secure(scope: dict[str, Any], headers: dict[str, str]) -> bool:
    if scope.get("scheme") == "https":
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy is None:
        return False
    name, value = proxy
    header = name.removeprefix("HTTP_").replace("_", "-").lower()
    return headers.get(header, "").split(",", 1)[0].strip() == value


def _route_and_key(
    path: str, query_string: str, headers: dict[str, str]
) -> tuple[str, replies.ReplyKey] | None:
    """The request's route (as Django's resolver names it, for the metrics) and its cache key; None when
    Django must answer."""
    if catalog := CATALOG_PATH.match(path):
        version = listing_index.fresh_token()
        key = None
        if version is not None:
            key = reply_key(
                path=path,
                query_string=query_string,
                accept_language=headers.get("accept-language", ""),
                x_region=headers.get("x-region", ""),
                audience="anonymous",
                version=version,
            )
        route = "api/v2/storefront/" + ("products/<slug>" if catalog.group(1) else path.removeprefix(CATALOG))
        return (route, key) if key is not None else None
    if locale := LOCALE_PATH.match(path):
        lng, ns = locale.groups()
        if query_string or not locales.locale_exists(lng, ns):
            return None
        key = locales.locale_key(lng, ns)
        return ("locales/<str:lng>/<str:ns>.json", key) if key is not None else None
    return None


def cached_reply(scope: dict[str, Any], headers: dict[str, str]) -> tuple[str, replies.Reply, bool] | None:
    """The route, the stored reply this request may be sent, and whether the request came over HTTPS; None
    when Django must answer."""
    if scope["method"] not in ("GET", "HEAD") or "authorization" in headers or _session(headers):
        return None
    device = headers.get("x-device-id")
    if (device is not None and not device_id_valid(device)) or not _host_allowed(headers):
        return None
    secure = _secure(scope, headers)
    if settings.SECURE_SSL_REDIRECT and not secure:
        return None
    found = _route_and_key(scope["path"], scope.get("query_string", b"").decode("latin-1"), headers)
    if found is None:
        return None
    route, key = found
    reply = replies.replies.get(key)
    if reply is None or not reply.public or secure not in reply.frozen_headers:
        return None
    return route, reply, secure


async def answer(scope: dict[str, Any], send: Any, executor: Executor) -> tuple[str, int] | None:
    """Send the reply from the cache if there is one for this request; its route and status when sent."""
    if scope["method"] not in ("GET", "HEAD") or not scope["path"].startswith((CATALOG, "/locales/")):
        return None  # decided before reading any header: most requests are not hot reads
    headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in scope["headers"]}
    found = cached_reply(scope, headers)
    if found is None:
        return None
    route, reply, secure = found
    head = list(reply.frozen_headers[secure])
    head.append((b"x-request-id", request_id_from(headers.get("x-request-id")).encode()))
    if replies.etag_matches(headers.get("if-none-match", ""), reply.etag):
        status, body = 304, b""
    else:
        status = 200
        body, gzipped = reply.body_for(headers.get("accept-encoding", ""))
        head.append((b"content-length", str(len(body)).encode()))
        if gzipped:
            head.append((b"content-encoding", b"gzip"))
        if scope["method"] == "HEAD":
            body = b""
    await send({"type": "http.response.start", "status": status, "headers": head})
    await send({"type": "http.response.body", "body": body})
    if reply.product_id is not None and pending_views.add(reply.product_id):
        asyncio.get_running_loop().run_in_executor(executor, flush_views)
    return route, status


def remember(request: HttpRequest, response: HttpResponseBase) -> None:
    """After Django made a cacheable public 200: keep its headers, for the front to send with the reply."""
    if not isinstance(response, ReplyResponse) or response.status_code != 200 or response.cookies:
        return
    reply = response.reply
    if not reply.public or request.method not in ("GET", "HEAD"):
        return
    secure = request.is_secure()
    if secure not in reply.frozen_headers:
        reply.frozen_headers[secure] = tuple(
            (name.encode("latin-1"), value.encode("latin-1"))
            for name, value in response.items()
            if name.lower() not in PER_REQUEST_HEADERS
        )
