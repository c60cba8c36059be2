"""Keeps every `/api` error reply in the one JSON shape, even those Django writes itself (405, 400...), and
notes which tab a request came from."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse

from server.core.errors import CODE_BY_STATUS, ErrorCode, error_body
from server.events.device import DEVICE_HEADER, device_id_valid, device_reset, device_set


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


class DeviceMiddleware:
    """Remembers, for the events a request emits, which tab sent it (`X-Device-Id`, server.events.device).

    A malformed id is refused with a 400 rather than dropped, so a client with a bug hears about it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = request.headers.get(DEVICE_HEADER)
        if device is None:
            return self.get_response(request)
        if not device_id_valid(device):
            message = f"{DEVICE_HEADER} must be 1 to 64 letters, digits, '-' or '_'."
            body = error_body(
                message=message, code=ErrorCode.BAD_REQUEST, errors={DEVICE_HEADER: ["invalid"]}
            )
            return JsonResponse(body, status=HTTPStatus.BAD_REQUEST)
        token = device_set(device)
        try:
            return self.get_response(request)
        finally:
            device_reset(token)
