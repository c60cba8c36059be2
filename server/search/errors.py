"""Refusals of the search calls; `server.config.api` turns them into HTTP replies."""

from __future__ import annotations

from server.core.errors import DomainError, ErrorCode


class QueryTooLong(DomainError):
    code = ErrorCode.BAD_REQUEST
    message = "The search text is too long."


class MalformedSearchBody(DomainError):
    code = ErrorCode.MALFORMED_BODY
    message = 'The request body must be JSON, e.g. {"priorities": ["name", "ingredients"]}.'


class SearchRequestTooLarge(DomainError):
    code = ErrorCode.TOO_LARGE
    message = "The search request is too large."


class TooManySearchParameters(DomainError):
    code = ErrorCode.BAD_REQUEST
    message = "The search request has too many query parameters."
