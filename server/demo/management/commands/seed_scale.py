"""`python -m server.manage seed_scale --products N`: a large synthetic catalogue for the benchmarks."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from server.catalog.models import Product
from server.demo.catalog.products import SCALE_SKU_PREFIX
from server.demo.catalog.seed import SCALE_POOL_FOLDER, seed_scale
from server.demo.commands import positive_int, refuse_without_debug
from server.search.services import search_reindex


class Command(BaseCommand):
    help = (
        "Add N synthetic products (default 100000) for the benchmarks, over the demo taxonomies (created "
        "if missing), with 1-3 variants each and one image from a shared pool of 20 under "
        f"MEDIA_ROOT/{SCALE_POOL_FOLDER}. Each run ADDS a batch with new unique slugs and SKUs "
        f"({SCALE_SKU_PREFIX}<serial>-...); --reset first deletes the products of earlier runs, so the "
        "catalogue holds the demo products plus exactly N benchmark ones. Refuses to run with DEBUG off "
        "unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--products",
            type=positive_int,
            default=100_000,
            help="How many products to add (default 100000).",
        )
        parser.add_argument(
            "--reset", action="store_true", help="Delete the products of earlier seed_scale runs first."
        )
        parser.add_argument("--force", action="store_true", help="Run even with DEBUG off.")

    def handle(self, *args: Any, **options: Any) -> None:
        refuse_without_debug("seed_scale", writes="a large made-up catalogue", force=options["force"])
        started = time.perf_counter()
        count: int = options["products"]

        def progress(done: int) -> None:
            if options["verbosity"] >= 2:
                self.stdout.write(f"  {done}/{count} products in {time.perf_counter() - started:.1f} s")

        result = seed_scale(count, reset=options["reset"], progress=progress)
        search_reindex()
        deleted = f"{result.products_deleted} earlier ones deleted, " if options["reset"] else ""
        self.stdout.write(
            f"seed_scale: {result.products_created} products added (serials {result.first_serial}-"
            f"{result.first_serial + result.products_created - 1}) with {result.variants_created} "
            f"variants and images from a pool of {result.pool_size}, {deleted}{Product.objects.count()} "
            f"products in the catalogue, in {time.perf_counter() - started:.1f} s"
        )
