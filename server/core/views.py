"""Plain Django views for what is not the JSON API: the web app's index, its locale files and media."""

from __future__ import annotations

import json
import logging
import re
from html import escape

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from django.views.static import serve

from server.core import index_hints, locales
from server.core.errors import ErrorCode, error_body
from server.core.http import reply_response

logger = logging.getLogger(__name__)


def api_not_found(request: HttpRequest, path: str = "") -> HttpResponse:
    return JsonResponse(error_body(message="Not found.", code=ErrorCode.NOT_FOUND), status=404)


_TITLE = re.compile(r"<title>.*?</title>", re.DOTALL)


def spa_response(
    path: str, *, status: int = 200, title: str | None = None, head: str = ""
) -> HttpResponseBase:
    """The web app's index.html for the app route `path`; `title` (escaped here) replaces its title and
    `head` (markup the caller escaped) goes at the end of its head, e.g. a shared page's meta tags."""
    index = settings.WEB_DIST_DIR / "index.html"
    if not index.is_file():
        return HttpResponse(
            "The web app is not built yet: run the README's run command (it builds web/dist).",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    html = index.read_text(encoding="utf-8")
    if title is not None:
        html = _TITLE.sub(lambda _: f"<title>{escape(title)}</title>", html, count=1)
    html = index_hints.with_hints(html, head + index_hints.index_hints(path, settings.WEB_DIST_DIR, html))
    response = HttpResponse(html, status=status, content_type="text/html; charset=utf-8")
    # The index names the hashed assets of the current build, so it must never be served stale.
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def spa_index(request: HttpRequest, path: str = "") -> HttpResponseBase:
    """Every route of the web app answers with its index.html; the router in the browser takes over.

    The index names what the route's first screen will ask for (see `index_hints`)."""
    return spa_response(path)


def _bad_locale(message: str, status: int = 404) -> JsonResponse:
    code = ErrorCode.NOT_FOUND if status == 404 else ErrorCode.BAD_REQUEST
    return JsonResponse(error_body(message=message, code=code), status=status)


# Read from disk once per file version, gzip made once (the JSON shrinks to about a third), 304 on a match;
# the ASGI front sends it without Django after the first time.
@require_safe
def locale_file(request: HttpRequest, lng: str, ns: str) -> HttpResponseBase:
    reply = locales.locale_reply(lng, ns) if locales.locale_exists(lng, ns) else None
    if reply is None:
        return _bad_locale("Unknown language or namespace.")
    return reply_response(request, reply)


@csrf_exempt
@require_POST
def locale_add_missing(request: HttpRequest, lng: str, ns: str) -> HttpResponse:
    """i18next's saveMissing target (spec: docs/spec-coverage.md#s7-locales-add-missing, "Other"); only while
    DEBUG is on."""
    if not settings.DEBUG:
        return _bad_locale("Not found.")
    if not locales.locale_exists(lng, ns):
        return _bad_locale("Unknown language or namespace.")
    if len(request.body) > locales.MAX_BODY_BYTES:
        return _bad_locale("Too many missing keys in one call.", status=413)
    try:
        payload = json.loads(request.body or b"{}")
    except ValueError:
        return _bad_locale("The body must be a JSON object of key: default text.", status=400)
    try:
        added = locales.add_missing_keys(lng=lng, ns=ns, entries=payload)
    except locales.LocaleInputError as exc:
        return _bad_locale(str(exc), status=400)
    return JsonResponse({"added": added})


@require_safe
def media_file(request: HttpRequest, path: str) -> HttpResponseBase:
    """Uploaded media; the reverse proxy serves it in production, this serves it when Daphne runs alone."""
    return serve(request, path, document_root=settings.MEDIA_ROOT)
