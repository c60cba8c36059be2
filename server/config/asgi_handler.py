"""Django's ASGI handler with the middleware chain run synchronously, in one hop to a worker thread.

Django's own handler builds the chain for async: every middleware written only for sync (ours, whitenoise
as configured) is wrapped in async_to_sync, and every `MiddlewareMixin` middleware runs its
`process_request`/`process_response` through sync_to_async, so one API request crossed between the event
loop and a worker thread about a dozen times before reaching a view that is synchronous anyway. Every
view of this project is synchronous (the ORM is), so the chain runs as it would under WSGI: one hop there,
one back (docs/decisions.md, "Checkout under load")."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class SyncChainASGIHandler(ASGIHandler):
    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)
        self._sync_get_response = sync_to_async(self.get_response, thread_sensitive=True)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        response: HttpResponseBase = await self._sync_get_response(request)
        return response
