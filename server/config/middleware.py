"""Keeps every `/api` error reply in the one JSON shape, even those Django writes itself (405, 400...)."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse, JsonResponse

from server.core.errors import CODE_BY_STATUS, ErrorCode, error_body


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
