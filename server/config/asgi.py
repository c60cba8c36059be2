"""The one ASGI application Daphne serves: HTTP (API, locales, media, web app) and the sockets under /ws."""

import gc
import os

from server.config.env import default_settings_module

os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())

import django

# Django must be set up before anything imports models, so the socket routing comes after this line.
django.setup(set_prefix=False)

from server.config.asgi_handler import SyncChainASGIHandler  # noqa: E402

django_http_application = SyncChainASGIHandler()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from realtime.routing import websocket_application  # noqa: E402

application = ProtocolTypeRouter({"http": django_http_application, "websocket": websocket_application})

# Everything imported so far lives as long as the process: a full collection need not walk it again. Without
# this, a full collection under co-editing load stopped the event loop for 80-110 ms; after it, 29 ms
# (docs/decisions/0024-many-processes-the-embedded-default.md).
gc.freeze()
