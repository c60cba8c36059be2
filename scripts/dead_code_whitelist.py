"""What the frameworks reach by a dotted path in the settings or by name at run time, for vulture
(scripts/dead_code.py). Never run; mypy checks that each name still exists."""

from bench.load import locustfile
from realtime.consumers import dispatch, protocol_doc
from server.config import channel_layer, middleware
from server.core import db_router, storage

FOUND_BY_NAME = (
    locustfile.Practitioner,  # Locust runs every user class of the locustfile
    dispatch.DirectDispatchConsumer.dispatch,  # Channels' entry point for a message, overridden
    protocol_doc.ProtocolDocConsumer.event_frame,  # Channels' handler of the "event.frame" message type
    channel_layer.ShardedRedisChannelLayer,  # CHANNEL_LAYERS (server.config.redis)
    middleware.HeadAsGetMiddleware,  # MIDDLEWARE, as the four below
    middleware.DatabaseUnavailableMiddleware,
    middleware.ApiErrorShapeMiddleware,
    middleware.DeviceMiddleware,
    db_router.ReplicaRouter,  # DATABASE_ROUTERS
    storage.PrivateStorage,  # STORAGES
)
