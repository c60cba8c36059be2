"""Socket routes. Every socket passes the origin check against ALLOWED_HOSTS first."""

from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path, re_path

from realtime.consumers.ping import PingConsumer
from realtime.consumers.unknown import UnknownRouteConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    re_path(r"^.*$", UnknownRouteConsumer.as_asgi()),
]

websocket_application = AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns))
