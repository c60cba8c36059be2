"""Django's ASGI handler, cut to what a synchronous project needs, with the reply cache's front before it
(docs/architecture.md, "Hot reads"; the profiles are in
docs/decisions/0028-serving-at-scale-the-per-request-floor.md).

- Django's own handler gives each request a context of its own whose first synchronous call starts a new
  thread, which is joined when the request ends, and it crosses from the event loop to a thread three times
  (the request_started signal, the middleware chain and view, the response's close). Every view of this
  project is synchronous (the ORM is), so here a request crosses once, into a pool of long-lived request
  threads, where the signal, the chain, the view and the close all run; a streamed reply (a file) is closed
  in a second crossing, after it is sent.
- Before that, the front answers a hot read that a client without a token asked for, from the reply cache,
  on the event loop, without entering the middleware chain: the headers are the ones the whole chain gave
  the same reply the first time, and every decision a middleware would take is asked of that middleware
  (server/config/front.py). It is made for the chain loaded here, and is off when the chain has a
  middleware it does not know."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix

from server.config import front
from server.core import metrics
from server.core.request_id import HEADER, request_id_from, request_id_var

Scope = dict[str, Any]


class SyncChainASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()
        self._threads = ThreadPoolExecutor(max_workers=settings.REQUEST_THREADS, thread_name_prefix="request")
        self._respond_async = sync_to_async(self._respond, thread_sensitive=False, executor=self._threads)
        self._close_async = sync_to_async(self._close, thread_sensitive=False, executor=self._threads)
        # Made for the middleware chain just loaded: None (every request to Django) when the front does not
        # know one of the middleware.
        self.front = front.Front.for_settings()

    def load_middleware(self, is_async: bool = False) -> None:
        BaseHandler.load_middleware(self, is_async=False)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        started = time.perf_counter()
        if self.front is not None and (answered := await self.front.answer(scope, send, self._threads)):
            observe(*answered, scope=scope, served_by="front", started=started)
            return
        await self.handle(scope, receive, send)
        observe(
            scope.get("route", "unmatched"),
            scope.get("status", 0),
            scope=scope,
            served_by="django",
            started=started,
        )

    async def handle(self, scope: Scope, receive: Any, send: Any) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            response = await self._respond_async(scope, body_file)
            scope["status"] = response.status_code
            await self.send_response(response, send)
        finally:
            body_file.close()
        if response.streaming:
            await self._close_async(response)

    def _respond(self, scope: Scope, body_file: Any) -> HttpResponseBase:
        request_id = request_id_from(_header(scope, b"x-request-id"))
        token = request_id_var.set(request_id)
        try:
            response = self._respond_in_context(scope, body_file)
        finally:
            request_id_var.reset(token)
        response[HEADER] = request_id
        return response

    def _respond_in_context(self, scope: Scope, body_file: Any) -> HttpResponseBase:
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            assert error_response is not None  # Django makes one whenever it cannot make the request
            response: HttpResponseBase = error_response
        else:
            response = self.get_response(request)
            match = request.resolver_match
            scope["route"] = match.route if match is not None else "unmatched"
            response._handler_class = self.__class__  # type: ignore[attr-defined]
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size  # the server chunks the sending, as Django's handler
            front.remember(request, response)
        if not response.streaming:
            # The body is in memory: the request's database connection goes back to the pool now.
            response.close()
        return response

    @staticmethod
    def _close(response: HttpResponseBase) -> None:
        response.close()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


# Methods outside these are counted as OTHER: a label takes only values this code chose.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def observe(route: str, status: int, *, scope: Scope, served_by: str, started: float) -> None:
    method = scope["method"] if scope["method"] in _METHODS else "OTHER"
    metrics.http_request_seconds.labels(route, method, str(status), served_by).observe(
        time.perf_counter() - started
    )
