"""Socket routes. Every socket passes the origin check against ALLOWED_HOSTS first."""

from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path, re_path

from realtime.consumers.events import EventsConsumer
from realtime.consumers.protocol_doc import ProtocolDocConsumer
from realtime.consumers.unknown import UnknownRouteConsumer

websocket_urlpatterns = [
    path("ws/events/", EventsConsumer.as_asgi()),
    re_path(r"^ws/protocols/(?P<protocol_id>[0-9]{1,18})/doc/?$", ProtocolDocConsumer.as_asgi()),
    re_path(r"^.*$", UnknownRouteConsumer.as_asgi()),
]

websocket_application = AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns))
