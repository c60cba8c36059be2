"""The NinjaAPI object and the one place where errors become HTTP replies (docs/architecture.md, "HTTP API
rules")."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import DataError, InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.openapi.schema import OpenAPISchema

from realtime.api import router as realtime_router
from server.accounts.api import account_router, auth_router
from server.adherence.api import client_router as adherence_client_router
from server.adherence.api import practitioner_router as adherence_practitioner_router
from server.adherence.api import public_router as adherence_public_router
from server.cart.api import cart_router, wishlist_router
from server.catalog.api import router as catalog_router
from server.checkout.api import account_router as checkout_account_router
from server.checkout.api import place_router
from server.config.openapi_links import add_links
from server.core.api import router as core_router
from server.core.errors import (
    CODE_BY_STATUS,
    DATABASE_RETRY_AFTER_SECONDS,
    DATABASE_UNAVAILABLE,
    DomainError,
    ErrorCode,
    error_body,
)
from server.earnings.api import router as earnings_router
from server.health.api import client_router as health_client_router
from server.health.api import reference_router as health_reference_router
from server.orders.api import orders_router
from server.payments.api import webhook_router
from server.protocols.api import (
    client_router as client_protocols_router,
)
from server.protocols.api import (
    legacy_client_router,
    practitioner_router,
    storefront_router,
    templates_router,
)
from server.providers.api import router as providers_router
from server.refills.api import router as refills_router
from server.search.api import router as search_router
from server.stock.api import alerts_router as stock_alerts_router
from server.stores.api import store_router
from server.stores.api import storefront_router as store_page_router
from server.subscriptions.api import client_router as subscriptions_client_router
from server.subscriptions.api import link_router as subscriptions_link_router
from server.subscriptions.api import practitioner_router as subscriptions_practitioner_router

logger = logging.getLogger(__name__)

# Where a validation error points: ninja's `loc` starts with the source and the parameter name.
_SOURCES = {"body", "query", "path", "header", "cookie", "form", "file"}


def _field_name(loc: Sequence[Any]) -> str:
    parts = [str(part) for part in loc]
    if parts and parts[0] in _SOURCES:
        parts = parts[2:] if len(parts) > 2 else parts[1:]
    return ".".join(parts) or "__all__"


def validation_errors(errors: Sequence[dict[str, Any]]) -> dict[str, list[str]]:
    by_field: dict[str, list[str]] = {}
    for error in errors:
        by_field.setdefault(_field_name(error.get("loc", ())), []).append(
            str(error.get("msg", "Invalid value."))
        )
    return by_field


class ShopAPI(NinjaAPI):
    """NinjaAPI whose OpenAPI document carries the links between calls (server/config/openapi_links.py), and
    is built once per process: the routes do not change while it runs, and building it took 150 ms a
    request. Callers read the document and never change it."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._documents: dict[tuple[str | None, tuple[tuple[str, Any], ...]], OpenAPISchema] = {}

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        key = (path_prefix, tuple(sorted((path_params or {}).items())))
        document = self._documents.get(key)
        if document is None:
            document = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
            add_links(document)
            document = self._documents.setdefault(key, document)
        return document


def create_api(*, urls_namespace: str = "api") -> NinjaAPI:
    """Build a NinjaAPI with the shop's error mapping; tests build their own to mount probe routes."""
    api = ShopAPI(
        title="Practitioner Supplements API",
        version="2",
        urls_namespace=urls_namespace,
        openapi_url="/openapi.json",
        docs_url="/docs",
    )

    def respond(request: HttpRequest, status: int, body: dict[str, object]) -> HttpResponse:
        return api.create_response(request, body, status=status)

    @api.exception_handler(DomainError)
    def on_domain_error(request: HttpRequest, exc: DomainError) -> HttpResponse:
        return respond(
            request,
            exc.status,
            error_body(message=exc.message, code=exc.code, errors=exc.errors, extra=exc.extra),
        )

    @api.exception_handler(ValidationError)
    def on_validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
        body = error_body(
            message="Some fields are not valid.",
            code=ErrorCode.VALIDATION,
            errors=validation_errors(exc.errors),
        )
        return respond(request, 422, body)

    @api.exception_handler(AuthenticationError)
    def on_authentication_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
        body = error_body(message="Authentication required.", code=ErrorCode.NOT_AUTHENTICATED)
        return respond(request, 401, body)

    @api.exception_handler(HttpError)
    def on_http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
        # ninja raises HttpError(400, "Cannot parse request body") for bodies that are not JSON.
        code = CODE_BY_STATUS.get(exc.status_code, ErrorCode.BAD_REQUEST)
        if exc.status_code == 400 and "parse request body" in str(exc):
            code = ErrorCode.MALFORMED_BODY
        return respond(request, exc.status_code, error_body(message=str(exc), code=code))

    @api.exception_handler(MultiPartParserError)
    def on_malformed_form(request: HttpRequest, exc: MultiPartParserError) -> HttpResponse:
        # A form body that cannot be read (e.g. multipart without a boundary) is the client's mistake.
        body = error_body(message="The request body could not be read.", code=ErrorCode.MALFORMED_BODY)
        return respond(request, 400, body)

    @api.exception_handler(OverflowError)
    @api.exception_handler(DataError)
    def on_out_of_range(request: HttpRequest, exc: Exception) -> HttpResponse:
        # An id or number beyond what the database stores (SQLite raises OverflowError, PostgreSQL a
        # DataError): no such object can exist, and the client sent a value no form would.
        logger.info("Out-of-range value in %s: %s", request.path, exc)
        body = error_body(message="A number in the request is out of range.", code=ErrorCode.BAD_REQUEST)
        return respond(request, 400, body)

    @api.exception_handler(OperationalError)
    @api.exception_handler(InterfaceError)
    def on_database_unavailable(request: HttpRequest, exc: Exception) -> HttpResponse:
        # PostgreSQL restarting or unreachable, a statement past its timeout, SQLite locked for too long:
        # the request may succeed in a moment, and nothing of it was committed.
        logger.warning("Database unavailable on %s %s: %s", request.method, request.path, exc)
        body = error_body(message=DATABASE_UNAVAILABLE, code=ErrorCode.UNAVAILABLE)
        response = respond(request, 503, body)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        return response

    @api.exception_handler(Http404)
    def on_not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
        return respond(request, 404, error_body(message="Not found.", code=ErrorCode.NOT_FOUND))

    @api.exception_handler(Exception)
    def on_unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
        logger.exception("Unhandled error on %s %s", request.method, request.path)
        body = error_body(message="Something went wrong on our side.", code=ErrorCode.INTERNAL)
        return respond(request, 500, body)

    return api


api = create_api()
api.add_router("", core_router)
api.add_router("/v2/storefront", catalog_router)
api.add_router("/v2/storefront", search_router)
api.add_router("/v2/auth", auth_router)
api.add_router("/v2/account", account_router)
api.add_router("/v2/storefront", cart_router)
api.add_router("/v2/account", wishlist_router)
api.add_router("/v2/providers", providers_router)
api.add_router("/v2/realtime", realtime_router)
api.add_router("/v2/account/practitioners", practitioner_router)
api.add_router("/v2/account/clients", health_client_router)
api.add_router("/v2/reference", health_reference_router)
api.add_router("/v2/account/clients", adherence_client_router)
api.add_router("/v2/account/practitioners", adherence_practitioner_router)
api.add_router("/v2", adherence_public_router)
api.add_router("/v2/account/clients", client_protocols_router)
api.add_router("/account/clients", legacy_client_router)
api.add_router("/v2/storefront", storefront_router)
api.add_router("/v2/providers", templates_router)
api.add_router("/v2/account", store_router)
api.add_router("/v2/checkout", place_router)
api.add_router("/v2/account", orders_router)
api.add_router("/v2/account", checkout_account_router)
api.add_router("/v2/account/practitioners", earnings_router)
api.add_router("/v2/account/clients", refills_router)
api.add_router("/v2/account/clients", subscriptions_client_router)
api.add_router("/v2/account/practitioners", subscriptions_practitioner_router)
api.add_router("/v2/subscriptions", subscriptions_link_router)
api.add_router("/v2/account", stock_alerts_router)
api.add_router("/v2/payments", webhook_router)
api.add_router("/v2/storefront", store_page_router)
