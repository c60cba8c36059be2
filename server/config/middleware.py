"""Answers HEAD wherever GET answers, keeps every `/api` error reply in the one JSON shape, even those Django
writes itself (405, 400...), answers 503 on a page whose database does not answer, and notes which tab a
request came from."""

from __future__ import annotations

import logging
from collections.abc import Callable
from http import HTTPStatus

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse, StreamingHttpResponse

from server.core.errors import (
    CODE_BY_STATUS,
    DATABASE_RETRY_AFTER_SECONDS,
    DATABASE_UNAVAILABLE,
    ErrorCode,
    error_body,
)
from server.events.device import DEVICE_HEADER, device_id_valid, device_reset, device_set


class HeadAsGetMiddleware:
    """HEAD is GET without the body (RFC 9110, 9.3.2), for monitors and link checkers: the API's operations
    and most views declare GET only, and would answer HEAD with 405. Outermost, so every other middleware
    and view sees a GET; the reply keeps GET's headers, Content-Length included, and drops the body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if isinstance(response, StreamingHttpResponse):
            response.streaming_content = []  # a file reply: its file is closed with the response
        elif isinstance(response, HttpResponse):
            length = response.get("Content-Length", str(len(response.content)))
            response.content = b""
            response["Content-Length"] = length
        return response


logger = logging.getLogger(__name__)


class DatabaseUnavailableMiddleware:
    """The pages' side of the API's 503 (server/config/api.py): a page or the admin whose database does not
    answer says so, with Retry-After, instead of Django's 500. Innermost, so it sees the view's exception
    before Django turns it into a 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning("Database unavailable on %s %s: %s", request.method, request.path, exception)
        page = f"<!doctype html><title>503</title><p>{DATABASE_UNAVAILABLE}</p>"
        response = HttpResponse(page, status=503, content_type="text/html; charset=utf-8")
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        return response


class ApiErrorShapeMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.path.startswith("/api/")
            and response.status_code >= 400
            and not response.get("Content-Type", "").startswith("application/json")
        ):
            return self._json_error(response)
        return response

    @staticmethod
    def _json_error(response: HttpResponse) -> HttpResponse:
        status = response.status_code
        try:
            message = HTTPStatus(status).phrase + "."
        except ValueError:
            message = "Request failed."
        code = CODE_BY_STATUS.get(status, ErrorCode.BAD_REQUEST if status < 500 else ErrorCode.INTERNAL)
        replacement = JsonResponse(error_body(message=message, code=code), status=status)
        if allow := response.get("Allow"):
            replacement["Allow"] = allow
        return replacement


_DEVICE_META = "HTTP_" + DEVICE_HEADER.upper().replace("-", "_")


class DeviceMiddleware:
    """Remembers, for the events a request emits, which tab sent it (`X-Device-Id`, server.events.device).

    A malformed id is refused with a 400 rather than dropped, so a client with a bug hears about it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = request.headers.get(DEVICE_HEADER)
        if device is None:
            return self.get_response(request)
        if (refusal := device_refusal(request)) is not None:
            return refusal
        token = device_set(device)
        try:
            return self.get_response(request)
        finally:
            device_reset(token)


def device_refusal(request: HttpRequest) -> JsonResponse | None:
    """DeviceMiddleware's answer to a request whose `X-Device-Id` is malformed; None when it passes. The ASGI
    front (server/config/front.py) asks it too, so the two cannot disagree."""
    # From META: `request.headers` would copy every header, and the front asks this on each hot read.
    device = request.META.get(_DEVICE_META)
    if device is None or device_id_valid(device):
        return None
    message = f"{DEVICE_HEADER} must be 1 to 64 letters, digits, '-' or '_'."
    body = error_body(message=message, code=ErrorCode.BAD_REQUEST, errors={DEVICE_HEADER: ["invalid"]})
    return JsonResponse(body, status=HTTPStatus.BAD_REQUEST)
