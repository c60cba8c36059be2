"""`python -m server.manage seed_demo`: the demo catalogue and users of docs/architecture.md, "Running it"."""

from __future__ import annotations

import argparse
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from server.catalog.models import Product
from server.demo.catalog.seed import DEMO_PRODUCT_COUNT, seed_demo
from server.demo.commands import positive_int, refuse_without_debug
from server.demo.orders import ensure_demo_earnings, ensure_demo_orders
from server.demo.protocols import ensure_demo_protocols
from server.demo.stores import ensure_demo_stores
from server.demo.subscriptions import ensure_demo_subscription
from server.demo.users import DEMO_USERS
from server.search.models import ProductDocument
from server.search.services import search_reindex


class Command(BaseCommand):
    help = (
        f"Load the demo catalogue: taxonomies in 12 languages, {DEMO_PRODUCT_COUNT} products with drawn "
        "images, and the demo users (admin@, certified@, practitioner@ and client@demo.shop, password "
        "Demo-pass-2026!). Idempotent: products whose slug exists and users who exist are left as they are, "
        "so a second run changes nothing. Refuses to run with DEBUG off unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="Run even with DEBUG off.")
        # For the tests, which need the same catalogue but not all of it; hidden from --help.
        parser.add_argument(
            "--products", type=positive_int, default=DEMO_PRODUCT_COUNT, help=argparse.SUPPRESS
        )

    def handle(self, *args: Any, **options: Any) -> None:
        refuse_without_debug("seed_demo", writes="users with a published password", force=options["force"])
        started = time.perf_counter()
        result = seed_demo(options["products"])
        # Search documents are written explicitly (no signals): for new products, or a database seeded
        # before search existed.
        if result.products_created or ProductDocument.objects.count() != Product.objects.count():
            search_reindex()
        protocols = ensure_demo_protocols()
        stores = ensure_demo_stores()
        orders = ensure_demo_orders()
        subscriptions = ensure_demo_subscription()
        earnings = ensure_demo_earnings()
        ids = result.taxonomy_ids
        self.stdout.write(
            f"seed_demo: {result.products_present} demo products ({result.products_created} new), "
            f"{len(ids.categories)} categories, {len(ids.brands)} brands, {len(ids.health_goals)} health "
            f"goals, {len(ids.delivery_forms)} delivery forms, {len(ids.free_from)} free-from, "
            f"{len(ids.suitable_for)} suitable-for, {len(DEMO_USERS)} demo users "
            f"({result.users_created} new), {protocols} new demo protocols and templates, {stores} new "
            f"demo stores, {orders} new demo orders, {earnings} new ledger entries, {subscriptions} new "
            f"demo automatic refills in "
            f"{time.perf_counter() - started:.1f} s"
        )
