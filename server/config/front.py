"""The reply cache's front: a hot read answered on the event loop from the reply cache
(server/core/replies.py) without entering Django's middleware chain (docs/architecture.md, "Hot reads").

The front copies none of Django's decisions: it asks Django and the middleware for them.
- It builds Django's own request from the scope (`ASGIRequest`), so the host is `get_host()`, which
  CommonMiddleware's own check calls (ALLOWED_HOSTS, X-Forwarded-Host, DEBUG's defaults), and HTTPS is
  `is_secure()` (SECURE_PROXY_SSL_HEADER).
- It knows each middleware of `settings.MIDDLEWARE` by name (`MIDDLEWARE_ROLES`): what it does to a reply
  the front sends instead of Django, which cookies it reads, and, where it may answer a request itself (a
  redirect to HTTPS, a refused device id, a static file), the question the front asks that middleware's
  own code. A middleware not in the table turns the front off when the handler starts: everything goes to
  Django, and a test fails until the table says what the new middleware does.
- The route is the URL resolver's: the front answers only the routes of `ROUTES`, under the key their
  views store their replies with.
- It sends only a reply Django made before for the same key, with the headers the whole chain gave it then
  (frozen by `remember`, per HTTP and HTTPS), and only to a request that does not carry a header the reply
  varies on and its key does not cover (Authorization).
Whatever the front cannot decide goes to Django, which then decides as it always does."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import Resolver404, resolve
from django.utils.csp import CSP
from django.utils.module_loading import import_string

from server.catalog import listing_index
from server.catalog.view_counts import flush_views, pending_views
from server.config.middleware import device_refusal
from server.core import locales, replies
from server.core.http import ReplyResponse, reply_key
from server.core.request_id import request_id_from

logger = logging.getLogger(__name__)

# Sent with each reply, so never frozen into one.
PER_REQUEST_HEADERS = frozenset({"content-length", "content-encoding", "x-request-id"})
# Request headers a reply may vary on that its key covers (language, region) or the front itself honours
# (gzip); cookies are the middleware's (`MIDDLEWARE_ROLES`). A request with any other header the reply
# varies on (Authorization: a token's holder gets another audience) goes to Django.
KEYED_HEADERS = frozenset({"accept-language", "x-region", "accept-encoding", "cookie"})


# The routes the front answers, as Django's URL resolver names them, and the key their views store the reply
# under (the same `reply_key` as server.core.http.cached_json, or the locale file's key). A route renamed in
# the URLs is no longer answered here: the front steps aside rather than guess.


def _catalogue_key(request: HttpRequest, kwargs: dict[str, Any]) -> replies.ReplyKey | None:
    version = listing_index.fresh_token()  # None once the version seen is too old: Django asks again
    if version is None:
        return None
    # META rather than `request.headers`, which would copy every header once more.
    return reply_key(
        path=request.path,
        query_string=request.META.get("QUERY_STRING", ""),
        accept_language=request.META.get("HTTP_ACCEPT_LANGUAGE", ""),
        x_region=request.META.get("HTTP_X_REGION", ""),
        audience="anonymous",
        version=version,
    )


def _locale_key(request: HttpRequest, kwargs: dict[str, Any]) -> replies.ReplyKey | None:
    lng, ns = kwargs["lng"], kwargs["ns"]
    if request.META.get("QUERY_STRING") or not locales.locale_exists(lng, ns):
        return None
    return locales.locale_key(lng, ns)


ROUTES: dict[str, Callable[[HttpRequest, dict[str, Any]], replies.ReplyKey | None]] = {
    "api/v2/storefront/products": _catalogue_key,
    "api/v2/storefront/products/<slug>": _catalogue_key,
    "api/v2/storefront/categories": _catalogue_key,
    "api/v2/storefront/filters": _catalogue_key,
    "locales/<str:lng>/<str:ns>.json": _locale_key,
}
# Decided from the scope alone, before anything is built: most requests are not hot reads.
ROUTE_PREFIXES = tuple(sorted({"/" + route.split("<", 1)[0] for route in ROUTES}))
# Paths whose resolution a front keeps (product pages are many; past this, it starts again).
MAX_RESOLVED = 4096


# What each middleware does -----------------------------------------------------------------------------


def _passed(request: HttpRequest) -> HttpResponseBase:
    """The rest of the chain, for a middleware asked by the front whether it lets a request through."""
    return PASSED


PASSED = HttpResponse()


def _answers_in_process_request(middleware: Any, request: HttpRequest) -> bool:
    """A `process_request` that returns a response (a redirect) or refuses the request answers it itself."""
    try:
        return middleware.process_request(request) is not None
    except (PermissionDenied, SuspiciousOperation):
        return True


def _answers_in_call(middleware: Any, request: HttpRequest) -> bool:
    """A middleware that answers some requests itself (WhiteNoise's files) and passes the others on."""
    response = middleware(request)
    if response is PASSED:
        return False
    response.close()  # a file it opened to answer
    return True


def _device_refused(middleware: Any, request: HttpRequest) -> bool:
    return device_refusal(request) is not None


def _session_cookies() -> Iterable[str]:
    return (settings.SESSION_COOKIE_NAME,)


def _csrf_cookies() -> Iterable[str]:
    # A malformed CSRF cookie gets a new one on any reply, a GET's too.
    return () if settings.CSRF_USE_SESSIONS else (settings.CSRF_COOKIE_NAME,)


def _message_cookies() -> Iterable[str]:
    return (CookieStorage.cookie_name,)


def _csp_with_nonce() -> str | None:
    enforced: Mapping[str, Any] = settings.SECURE_CSP or {}
    reported: Mapping[str, Any] = settings.SECURE_CSP_REPORT_ONLY or {}
    for policy in (enforced, reported):
        if any(CSP.NONCE in values for values in policy.values()):
            return "the CSP names a per-request nonce"
    return None


@dataclass(frozen=True)
class Role:
    """What one middleware does to a request the front answers instead of Django."""

    # For the reader: why the front may answer without running it.
    does: str
    # Asks the middleware's own code whether it would answer the request itself (then Django must).
    answers: Callable[[Any, HttpRequest], bool] | None = None
    # The cookies it reads: a request carrying one goes to Django.
    cookies: Callable[[], Iterable[str]] = tuple
    # At start-up: why, under the current settings, its headers could differ per request (the front is off).
    unfit: Callable[[], str | None] = lambda: None


MIDDLEWARE_ROLES: dict[str, Role] = {
    "server.config.middleware.HeadAsGetMiddleware": Role(
        "HEAD is GET without the body: the front sends GET's headers, Content-Length included, and no body"
    ),
    "django.middleware.security.SecurityMiddleware": Role(
        "its redirect to HTTPS is asked; its headers (HSTS only over HTTPS) are frozen per is_secure()",
        answers=_answers_in_process_request,
    ),
    "whitenoise.middleware.WhiteNoiseMiddleware": Role(
        "a path it has a file for is asked, and left to it", answers=_answers_in_call
    ),
    "django.middleware.csp.ContentSecurityPolicyMiddleware": Role(
        "a header from the settings, frozen", unfit=_csp_with_nonce
    ),
    "server.config.middleware.ApiErrorShapeMiddleware": Role(
        "it reshapes replies of 400 and above; the front sends 200 and 304"
    ),
    "server.config.middleware.DeviceMiddleware": Role(
        "a malformed X-Device-Id is asked, and left to its 400; a valid one emits nothing on a read",
        answers=_device_refused,
    ),
    "django.contrib.sessions.middleware.SessionMiddleware": Role(
        "its cookie signs an admin in; without it, the caller is anonymous ('Vary: Cookie' is frozen)",
        cookies=_session_cookies,
    ),
    "django.middleware.common.CommonMiddleware": Role(
        "refused user agents, the host check and PREPEND_WWW are asked; it adds Content-Length, as the front",
        answers=_answers_in_process_request,
    ),
    "django.middleware.csrf.CsrfViewMiddleware": Role(
        "a read is never refused; its cookie, when sent, may be renewed on the reply", cookies=_csrf_cookies
    ),
    "django.contrib.auth.middleware.AuthenticationMiddleware": Role(
        "the user comes from the session cookie (SessionMiddleware's): without it, anonymous"
    ),
    "django.contrib.messages.middleware.MessageMiddleware": Role(
        "messages live in its cookie and the session", cookies=_message_cookies
    ),
    "django.middleware.clickjacking.XFrameOptionsMiddleware": Role("a header from the settings, frozen"),
    "server.config.middleware.DatabaseUnavailableMiddleware": Role(
        "it answers a view's database error; the front runs no view"
    ),
    "axes.middleware.AxesMiddleware": Role("it answers a locked-out sign-in; the front signs no one in"),
}


# The front ---------------------------------------------------------------------------------------------


@dataclass
class Front:
    """The front for the middleware chain of the settings it was made under."""

    # The middleware asked on each request, with their question, in the chain's order.
    asked: list[tuple[Any, Callable[[Any, HttpRequest], bool]]] = field(default_factory=list)
    cookies: frozenset[str] = frozenset()
    # The resolver's route and arguments by path, None where the front does not answer: the URL patterns do
    # not change while a process runs, and resolving is a third of the front's work (10-20 µs).
    resolved: dict[str, tuple[str, dict[str, Any]] | None] = field(default_factory=dict)

    @classmethod
    def for_settings(cls) -> Front | None:
        """The front for `settings.MIDDLEWARE`, or None (everything goes to Django) when a middleware is not
        in `MIDDLEWARE_ROLES` or the settings make its headers differ per request."""
        unknown = [path for path in settings.MIDDLEWARE if path not in MIDDLEWARE_ROLES]
        if unknown:
            logger.warning("The reply cache's front is off: it does not know the middleware %s", unknown)
            return None
        front = cls()
        cookies: set[str] = set()
        for path in settings.MIDDLEWARE:
            role = MIDDLEWARE_ROLES[path]
            if reason := role.unfit():
                logger.warning("The reply cache's front is off: %s (%s)", reason, path)
                return None
            if role.answers is not None:
                front.asked.append((import_string(path)(_passed), role.answers))
            cookies.update(role.cookies())
        front.cookies = frozenset(cookies)
        return front

    def cached_reply(self, scope: dict[str, Any]) -> tuple[str, replies.Reply, HttpRequest] | None:
        """The route, the stored reply this request may be sent and the request as Django sees it; None when
        Django must answer."""
        if scope["method"] not in ("GET", "HEAD") or not scope["path"].startswith(ROUTE_PREFIXES):
            return None
        try:
            # The body is never read: a read's reply ignores it.
            request = ASGIRequest(scope, io.BytesIO())
        except UnicodeDecodeError:
            return None  # Django answers it with its own 400
        # The host too is a middleware's decision: CommonMiddleware asks `get_host()` on every request.
        if any(answers(middleware, request) for middleware, answers in self.asked):
            return None
        if "HTTP_COOKIE" in request.META and not self.cookies.isdisjoint(request.COOKIES):
            return None
        route = self.route(request.path_info)
        if route is None:
            return None
        key = ROUTES[route[0]](request, route[1])
        if key is None:
            return None
        reply = replies.replies.get(key)
        if reply is None or not reply.public or request.is_secure() not in reply.frozen_headers:
            return None
        if not reply.unkeyed_vary.isdisjoint(request.META):
            return None
        return route[0], reply, request

    def route(self, path_info: str) -> tuple[str, dict[str, Any]] | None:
        """The URL resolver's route and arguments for a path the front may answer; None for any other."""
        if path_info in self.resolved:
            return self.resolved[path_info]
        try:
            match = resolve(path_info)
        except Resolver404:
            found = None
        else:
            found = (match.route, match.kwargs) if match.route in ROUTES else None
        if len(self.resolved) >= MAX_RESOLVED:
            self.resolved.clear()
        self.resolved[path_info] = found
        return found

    async def answer(self, scope: dict[str, Any], send: Any, executor: Executor) -> tuple[str, int] | None:
        """Send the reply from the cache if there is one for this request; its route and status when sent."""
        found = self.cached_reply(scope)
        if found is None:
            return None
        route, reply, request = found
        head = list(reply.frozen_headers[request.is_secure()])
        meta = request.META
        head.append((b"x-request-id", request_id_from(meta.get("HTTP_X_REQUEST_ID")).encode()))
        if replies.etag_matches(meta.get("HTTP_IF_NONE_MATCH", ""), reply.etag):
            status, body = 304, b""
        else:
            status = 200
            body, gzipped = reply.body_for(meta.get("HTTP_ACCEPT_ENCODING", ""))
            head.append((b"content-length", str(len(body)).encode()))
            if gzipped:
                head.append((b"content-encoding", b"gzip"))
            if request.method == "HEAD":
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
    varies = {name.strip().lower() for name in response.get("Vary", "").split(",") if name.strip()}
    if "*" in varies:
        return  # varies on more than the request's headers: never sent again without Django
    if secure not in reply.frozen_headers:
        reply.unkeyed_vary = frozenset(
            "HTTP_" + name.upper().replace("-", "_") for name in varies - KEYED_HEADERS
        )
        reply.frozen_headers[secure] = tuple(
            (name.encode("latin-1"), value.encode("latin-1"))
            for name, value in response.items()
            if name.lower() not in PER_REQUEST_HEADERS
        )
