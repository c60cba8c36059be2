"""Domain errors: every app raises a subclass with a code; `server.config.api` maps them to HTTP."""

from __future__ import annotations

from enum import StrEnum
from http import HTTPStatus


class ErrorCode(StrEnum):
    BAD_REQUEST = "bad_request"
    MALFORMED_BODY = "malformed_body"
    NOT_AUTHENTICATED = "not_authenticated"
    TOKEN_EXPIRED = "token_expired"  # noqa: S105 (an error code, not a secret)
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    CONFLICT = "conflict"
    OUT_OF_STOCK = "out_of_stock"
    TOO_LARGE = "too_large"
    VALIDATION = "validation_error"
    THROTTLED = "throttled"
    UNAVAILABLE = "service_unavailable"
    INSUFFICIENT_STORAGE = "insufficient_storage"
    INTERNAL = "internal_error"


# The HTTP status each code answers with, in the one place that decides it.
STATUS_BY_CODE: dict[ErrorCode, int] = {
    ErrorCode.BAD_REQUEST: HTTPStatus.BAD_REQUEST,
    ErrorCode.MALFORMED_BODY: HTTPStatus.BAD_REQUEST,
    ErrorCode.NOT_AUTHENTICATED: HTTPStatus.UNAUTHORIZED,
    ErrorCode.TOKEN_EXPIRED: HTTPStatus.UNAUTHORIZED,
    ErrorCode.FORBIDDEN: HTTPStatus.FORBIDDEN,
    ErrorCode.NOT_FOUND: HTTPStatus.NOT_FOUND,
    ErrorCode.METHOD_NOT_ALLOWED: HTTPStatus.METHOD_NOT_ALLOWED,
    ErrorCode.CONFLICT: HTTPStatus.CONFLICT,
    ErrorCode.OUT_OF_STOCK: HTTPStatus.CONFLICT,
    ErrorCode.TOO_LARGE: HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    ErrorCode.VALIDATION: HTTPStatus.UNPROCESSABLE_ENTITY,
    ErrorCode.THROTTLED: HTTPStatus.TOO_MANY_REQUESTS,
    ErrorCode.UNAVAILABLE: HTTPStatus.SERVICE_UNAVAILABLE,
    ErrorCode.INSUFFICIENT_STORAGE: HTTPStatus.INSUFFICIENT_STORAGE,
    ErrorCode.INTERNAL: HTTPStatus.INTERNAL_SERVER_ERROR,
}

# For replies that did not come from a DomainError (e.g. Django's own 405), the code of their status.
CODE_BY_STATUS: dict[int, ErrorCode] = {
    HTTPStatus.BAD_REQUEST: ErrorCode.BAD_REQUEST,
    HTTPStatus.UNAUTHORIZED: ErrorCode.NOT_AUTHENTICATED,
    HTTPStatus.FORBIDDEN: ErrorCode.FORBIDDEN,
    HTTPStatus.NOT_FOUND: ErrorCode.NOT_FOUND,
    HTTPStatus.METHOD_NOT_ALLOWED: ErrorCode.METHOD_NOT_ALLOWED,
    HTTPStatus.CONFLICT: ErrorCode.CONFLICT,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE: ErrorCode.TOO_LARGE,
    HTTPStatus.UNPROCESSABLE_ENTITY: ErrorCode.VALIDATION,
    HTTPStatus.TOO_MANY_REQUESTS: ErrorCode.THROTTLED,
    HTTPStatus.SERVICE_UNAVAILABLE: ErrorCode.UNAVAILABLE,
    HTTPStatus.INSUFFICIENT_STORAGE: ErrorCode.INSUFFICIENT_STORAGE,
}


class DomainError(Exception):
    """A refusal the caller can act on. Subclasses set `code` and a default `message`."""

    code: ErrorCode = ErrorCode.BAD_REQUEST
    message: str = "The request could not be processed."
    # Fields a refusal adds to the error body next to `errors` (e.g. the lines that are out of stock).
    extra: dict[str, object]

    def __init__(self, message: str | None = None, *, errors: dict[str, list[str]] | None = None) -> None:
        self.message = message or self.message
        self.errors = errors or {}
        self.extra = {}
        super().__init__(self.message)

    @property
    def status(self) -> int:
        return STATUS_BY_CODE[self.code]


class NotFound(DomainError):
    code = ErrorCode.NOT_FOUND
    message = "Not found."


class Conflict(DomainError):
    code = ErrorCode.CONFLICT
    message = "This conflicts with the current state."


class InvalidInput(DomainError):
    code = ErrorCode.VALIDATION
    message = "Some fields are not valid."


def error_body(
    *,
    message: str,
    code: str,
    errors: dict[str, list[str]] | None = None,
    extra: dict[str, object] | None = None,
) -> dict[str, object]:
    """The JSON shape of every error reply (docs/architecture.md, "HTTP API rules")."""
    return {**(extra or {}), "message": message, "code": code, "errors": errors or {}}


# A database that does not answer (restarting, unreachable, a statement past its timeout): the request may
# succeed in a moment, and nothing of it was committed. The API and the pages say the same.
DATABASE_UNAVAILABLE = "The database is not answering; try again in a moment."
DATABASE_RETRY_AFTER_SECONDS = 5
