from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import orjson
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse

from server.core import replies
from server.core.language import header_language
from server.core.region import header_region

_django_default = DjangoJSONEncoder().default
# Datetimes go through Django's encoder, so they read exactly as in every other reply (milliseconds, "Z").
_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS


def json_bytes(data: Any) -> bytes:
    """JSON as Django's encoder writes it (decimals as strings, datetimes to the millisecond), by orjson:
    the product list serialises in a fifth of the time."""
    return orjson.dumps(data, default=_django_default, option=_ORJSON_OPTIONS)


def json_reply(data: Any, *, status: int = 200) -> HttpResponse:
    """Data our own code shaped, sent as JSON without the per-field validation ninja gives a reply.

    For hot read paths only (the product list): there that validation costs as much as the rest of the
    request. The route still declares its schema for the OpenAPI document, and a test checks the reply
    against that schema, so the two cannot drift apart."""
    return HttpResponse(json_bytes(data), status=status, content_type="application/json")


def reply_key(
    *, path: str, query_string: str, accept_language: str, x_region: str, audience: str, version: str
) -> replies.ReplyKey | None:
    """The cache key of a hot read, the same from a Django request and from the ASGI front's scope."""
    query = replies.canonical_query(query_string)
    if query is None:
        return None
    return replies.ReplyKey(
        route=path,
        query=query,
        version=version,
        language=header_language(accept_language),
        region=header_region(x_region).value,
        audience=audience,
    )


def cached_json(
    request: HttpRequest,
    *,
    version: str,
    audience: str,
    produce: Callable[[], Any],
    product_of: Callable[[Any], int] | None = None,
    body: bytes | None = None,
) -> ReplyResponse:
    """A hot read through the reply cache (server/core/replies.py): 304 when the client's ETag still
    matches, the stored bytes when another request made them, else `produce()` once and store it.

    A caller without a token gets `public` replies, which the ASGI front may then send without Django; a
    signed-in caller gets `private` ones under a key of their audience.

    A read sent as POST (search, whose body carries options) passes its `body`, which joins the key; its
    reply carries no validator nor Cache-Control, as HTTP caches do not keep POST replies."""
    # Signed in with a token (the API) or a session (the admin's browser).
    anonymous = not request.user.is_authenticated
    query_string = request.META.get("QUERY_STRING", "")
    if body is not None:
        query_string += "&\x00body=" + hashlib.blake2b(body, digest_size=16).hexdigest()
    key = reply_key(
        path=request.path,
        query_string=query_string,
        accept_language=request.headers.get("Accept-Language", ""),
        x_region=request.headers.get("X-Region", ""),
        audience="anonymous" if anonymous else audience,
        version=version,
    )
    cache_control = replies.PUBLIC_CACHE_CONTROL if anonymous else replies.PRIVATE_CACHE_CONTROL
    reply = replies.replies.get(key) if key is not None else None
    if reply is None:
        data = produce()
        etag = key.etag if key is not None else ""
        reply = replies.Reply.make(json_bytes(data), etag=etag, cache_control=cache_control, public=anonymous)
        if product_of is not None:
            reply.product_id = product_of(data)
        if key is not None:  # else a query too long to be a key: answered, not kept
            replies.replies.put(key, reply)
    if body is not None:
        return _bytes_response(request, reply)
    return reply_response(request, reply)


class ReplyResponse(HttpResponse):
    """A response made from a stored reply, which it carries: the ASGI front freezes a 200's headers for its
    own replies (server/config/front.py), and a product page counts the view."""

    def __init__(self, reply: replies.Reply, content: bytes = b"", **options: Any) -> None:
        super().__init__(content, **options)
        self.reply = reply


def _bytes_response(request: HttpRequest, reply: replies.Reply) -> ReplyResponse:
    body, gzipped = reply.body_for(request.headers.get("Accept-Encoding", ""))
    response = ReplyResponse(reply, body, content_type="application/json")
    if gzipped:
        response["Content-Encoding"] = "gzip"
        response["Vary"] = "Accept-Encoding"
    return response


def reply_response(request: HttpRequest, reply: replies.Reply) -> ReplyResponse:
    """A stored reply as Django's response: 304 on a matching If-None-Match, gzip when accepted."""
    if reply.etag and replies.etag_matches(request.headers.get("If-None-Match", ""), reply.etag):
        response = ReplyResponse(reply, status=304)
    else:
        response = _bytes_response(request, reply)
    if reply.etag:
        response["ETag"] = reply.etag
    response["Cache-Control"] = reply.cache_control
    response["Vary"] = reply.vary
    return response
