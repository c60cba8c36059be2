"""One `cart.updated` event for each of the given users, run under the server's environment while the
reconnect storm is under way (bench/realtime/storm.py): the sockets are down, so each event reaches its
user through `resume` or, once the socket is back, live.

    python -m bench.realtime.emit --tokens tokens.json

Starts Django, prints `ready`, waits for a line on stdin (the moment of the drop), then writes the events
through server.events.services.event_emit in one transaction (published when it commits) and prints the
seconds that took.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path


def emit(user_ids: list[int]) -> None:
    from django.db import transaction

    from server.events.services import event_emit
    from server.events.topics import Topic

    with transaction.atomic():
        for user_id in user_ids:
            event_emit(user_id=user_id, topic=Topic.CART_UPDATED, data={"total_items": 1})


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tokens", type=Path, required=True, help="the seed's JSON (bench.realtime.seed)")
    args = parser.parse_args()

    from server.config.env import default_settings_module

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default_settings_module())
    import django
    from asgiref.sync import sync_to_async

    django.setup()
    seeded = json.loads(args.tokens.read_text())
    print("ready", flush=True)
    if not sys.stdin.readline():  # the benchmark ended before its storm
        return
    started = time.perf_counter()
    # Inside a running event loop, as in Daphne: each publish on commit hops back to this one loop and its
    # pooled Redis connection (a bare async_to_sync would start a loop, and a connection, per event).
    asyncio.run(sync_to_async(emit)([user["user_id"] for user in seeded["idle"]]))
    print(f"{time.perf_counter() - started:.2f}")


if __name__ == "__main__":
    main()
