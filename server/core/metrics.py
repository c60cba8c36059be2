"""What operators can see inside a process (docs/operations.md, "Metrics"): Prometheus series, served at
`/metrics` to a scraper that sends METRICS_TOKEN.

Each process keeps its own series; Prometheus scrapes every process (each pod, or each port of
`scripts/cluster`) and adds them up. Labels are bounded: a route is the URL pattern, never the path."""

from __future__ import annotations

import hmac

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe
from django_tasks_db.models import DBTaskResult
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from server.core.replies import replies

registry = CollectorRegistry(auto_describe=True)

# From 0.25 ms (a cached reply) to 10 s (a request that waited for the database pool).
LATENCY_BUCKETS = (0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10)

http_request_seconds = Histogram(
    "shop_http_request_seconds",
    "HTTP request latency, from the request reaching the application to its reply sent.",
    ["route", "method", "status", "served_by"],
    buckets=LATENCY_BUCKETS,
    registry=registry,
)
sockets_open = Gauge("shop_sockets_open", "Open WebSockets, by kind.", ["kind"], registry=registry)
rooms_open = Gauge(
    "shop_rooms_open", "Protocol-document (Yjs) rooms open in this process.", registry=registry
)
event_publish_seconds = Histogram(
    "shop_event_publish_seconds",
    "Time to hand one event to the channel layer (after its transaction committed).",
    buckets=LATENCY_BUCKETS,
    registry=registry,
)
log_append_batch_size = Histogram(
    "shop_log_append_batch_size",
    "Yjs updates written to the document log in one transaction.",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128),
    registry=registry,
)
channel_layer_errors = Counter(
    "shop_channel_layer_errors", "Channel-layer sends that failed (clients catch up with resume).",
    registry=registry,
)  # fmt: skip
reply_cache_entries = Gauge("shop_reply_cache_entries", "Replies in the reply cache.", registry=registry)
reply_cache_bytes = Gauge("shop_reply_cache_bytes", "Bytes of the reply cache.", registry=registry)
task_queue_depth = Gauge(
    "shop_task_queue_depth", "Background tasks waiting to run (the database task queue).", registry=registry
)


def _refresh_on_scrape() -> None:
    """Series that are read, not counted: they are taken when a scraper asks."""
    reply_cache_entries.set(len(replies))
    reply_cache_bytes.set(replies.bytes)
    try:
        task_queue_depth.set(DBTaskResult.objects.filter(status="READY").count())
    except DatabaseError:
        pass  # the database is away: the last depth stays, the scrape still answers


@require_safe
def metrics_view(request: HttpRequest) -> HttpResponse:
    """The Prometheus text format, for a scraper that sends `Authorization: Bearer METRICS_TOKEN`. Without
    a token configured, there is nothing to see here (404)."""
    token = settings.METRICS_TOKEN
    if not token:
        return HttpResponse("Not found.", status=404, content_type="text/plain")
    sent = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(sent.encode(), token.encode()):
        response = HttpResponse("A metrics token is needed.", status=401, content_type="text/plain")
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    _refresh_on_scrape()
    response = HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
    response["Cache-Control"] = "no-store"
    return response
