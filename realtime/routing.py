"""Socket routes. Every socket passes the per-address limits (realtime/limits.py), then the origin check
against ALLOWED_HOSTS."""

from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path, re_path

from realtime.consumers.events import EventsConsumer
from realtime.consumers.protocol_doc import ProtocolDocConsumer
from realtime.consumers.unknown import UnknownRouteConsumer
from realtime.limits import SocketLimits

websocket_urlpatterns = [
    path("ws/events/", EventsConsumer.as_asgi()),
    re_path(r"^ws/protocols/(?P<protocol_id>[0-9]{1,18})/doc/?$", ProtocolDocConsumer.as_asgi()),
    re_path(r"^.*$", UnknownRouteConsumer.as_asgi()),
]

websocket_application = SocketLimits(AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)))
