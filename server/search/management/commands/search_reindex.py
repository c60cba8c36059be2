"""Rebuild the search index: every product, or the ones given with --product."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from server.search.services import search_reindex


class Command(BaseCommand):
    help = "Rewrite the search documents and vocabulary (all products, or those given with --product)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--product", type=int, action="append", dest="products", metavar="ID")

    def handle(self, *args: Any, **options: Any) -> None:
        products: list[int] | None = options["products"]
        written = search_reindex(product_ids=products)
        self.stdout.write(f"Search index: {written} product documents written.")
